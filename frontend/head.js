// The end of a roller page's <head>: what must be known before its body is drawn. Inlined there as
// a classic script in its own scope (hooks/site_step/front_end.py, head_script; its hash in the page's
// policy); the rollers' module does the same after an instant navigation (main.js).

import { markFirstTap, waitsForTap } from "./engine/first-tap.js";
import { holdResultsRooms } from "./result/results-room.js";

markFirstTap(waitsForTap()); // the rollers' note, if the engine waits for the reader's first tap
holdResultsRooms(); // the room of the results kept for the tab
