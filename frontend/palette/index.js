// palette/: the header's light/dark switch.

export { bindPalette } from "./palette.js";
