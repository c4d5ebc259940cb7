// sheets/page/: a « Mes personnages » page: list, form, read view, files, links, the Réserve. Its
// main.js is the entry of sheets.js, fetched by rollers.js on those pages only; no other room uses it.

export { bindSheetsPages } from "./page.js";
