// widget/: one roller on the page: bound and woken, driven, its odds, status and links (its form: form/).

export { bindReplayLinks } from "./links.js";
export { bindWidgets, listenForTaps } from "./wake.js";
