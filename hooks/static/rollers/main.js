// Dés & Lames: live rollers. Bundled into one ES module (assets/rollers/rollers.js), no rules inside.
//
// Each <section class="dl-roller" data-roller="…"> was rendered at build time
// (form, preset odds; what is folded as a <noscript class="dl-fold">). This module
// binds them: each wakes as it nears the screen (wake.js), then starts the one Web
// Worker (Pyodide + rules_py) for the whole visit, sends rules_py.api requests
// ({op: roll | odds | action}) and renders the answers generically (dice groups,
// calcul, notes, follow-up actions). Folds are made when opened (fold.js). All text
// goes in with textContent.

import { settleFolds, watchFolds } from "./fold.js";
import { bindReplayLinks } from "./links.js";
import { initOffline } from "./offline.js";
import { startJournal } from "./journal.js";
import { bindWidgets, listenForTaps } from "./wake.js";

function bindAll() {
  settleFolds(document);
  bindWidgets();
}

watchFolds();
listenForTaps();
if (globalThis.document$?.subscribe) globalThis.document$.subscribe(bindAll);
else bindAll();
startJournal();
bindReplayLinks();
initOffline();
