// journal/: « Journal des jets », the rolls of every page. (Its panel.js, the dialog, is the entry of
// journal-panel.js, met through globalThis.desEtLames.journal.)

export { startJournal } from "./journal.js";
export { benchmarkText } from "./text.js";
