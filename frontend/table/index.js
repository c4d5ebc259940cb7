// table/: « La table »: a sheet shown to the meneur with its link and QR code; « L’écran du meneur »
// (the records received and checked, the requests, the scenes). (Its main.js, « L’écran du meneur » and
// « Montrer ce jet », is the entry of table.js, met through globalThis.desEtLames.table.) The records'
// own format, signatures and codes are links/'.

export { showSheetToMeneur } from "./show-sheet.js";
