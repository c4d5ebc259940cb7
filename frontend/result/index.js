// result/: a result drawn, its fonts warmed, kept for the tab and its room held from the parse.

export { keepRoom, KEPT_RESULTS, loadHistory, saveHistory } from "./history.js";
export { realDiceWords } from "./real-words.js";
export { detail, diceGroup, outcome, rollHead } from "./render.js";
export { holdResultsRooms } from "./results-room.js";
export { warmResultFonts } from "./warm-fonts.js";
