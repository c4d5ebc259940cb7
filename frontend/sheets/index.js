// sheets/: what a roller, the table and « Mes personnages » need of the sheets: the engine's sheet
// requests, their check once the engine is there, a sheet read as a whole, the sheets' small pieces
// of interface. (Its fiches.js, the « Personnage » choice and the write-back, is the entry of fiches.js,
// met through globalThis.desEtLames.fiches.)

export { askReader, sheetButton, tell, whenSaid } from "./ask.js";
export { checkSheet, formSheetError, plainSheetError, reapplyChanges, sheetsCall } from "./engine.js";
export { changeLines } from "./lines.js";
export { verifyWhenReady } from "./verify.js";
export { kindLabel, namesItsNumber, numberText, sheetView, shownValue } from "./view.js";
