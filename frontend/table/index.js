// table/: « La table »: the links' codec (also the #fiche= links'), a sheet shown to the meneur with
// its link and QR code. (Its main.js, « L’écran du meneur » and « Montrer ce jet », is the entry of
// table.js, met through globalThis.desEtLames.table.)

export { codecSupported, packJson, unpackJson } from "./codec.js";
export { showSheetToMeneur } from "./show-sheet.js";
