// Dés & Lames: live rollers. Bundled into one ES module (assets/rollers/rollers.js), no rules inside.
//
// Each <section class="dl-roller" data-roller="…"> was rendered at build time
// (form, preset odds; what is folded as a <noscript class="dl-fold">). This module
// binds them: each wakes as it nears the screen (widget/wake.js), then starts the one Web
// Worker (Pyodide + rules_py) for the whole visit, sends rules_py.api requests
// ({op: roll | odds | action}) and renders the answers generically (dice groups,
// calcul, notes, follow-up actions). Folds are made when opened (form/fold.js). All text
// goes in with textContent.

import { bindReplayLinks, bindWidgets, listenForTaps } from "./widget/index.js";
import { settleFolds, watchFolds } from "./form/index.js";
import { initOffline, watchOnlineOnly } from "./offline/index.js";
import { startJournal } from "./journal/index.js";
import { bindPalette } from "./palette/index.js";
import { ENGINE_PAGE, markFirstTap, pageSystems, runtime } from "./engine/index.js";
import { holdResultsRooms } from "./result/index.js";
import { besides, loadBundle, missingTools, quietBackToTop } from "./browser/index.js";

function bindAll() {
  holdResultsRooms(); // a page shown by instant navigation: its kept results' room, before it is drawn
  markFirstTap(runtime.waitsForFirstTap()); // and its rollers' note, if the engine waits for a tap
  settleFolds(document);
  // A page with rollers or sheets reached without prefetch.js (an instant navigation from a page
  // without any) asks for the engine's files now; after prefetch.js, the runtime has its worker.
  if (document.querySelector(ENGINE_PAGE)) runtime.prefetch();
  bindWidgets();
  // « Mes personnages » and « L’écran du meneur »: bundles of their own, fetched only by their pages.
  // A table link opened (a roll, a sheet, a request: `#table=…`): what it holds needs the engine, started
  // now, while the table's bundle comes, rather than once its record is read and its signature checked.
  const table = document.querySelector(".dl-table[data-jeu]");
  if (table && window.location.hash.startsWith("#table=")) {
    runtime.start(new Set([table.dataset.jeu, ...pageSystems()])).catch(besides("the engine started for a table link (its failure is said by the link's own reading)"));
  }
  for (const [selector, bundle] of [[".dl-sheets[data-jeu]", "sheets.js"], [".dl-table[data-jeu]", "table.js"]]) {
    const tools = document.querySelector(selector);
    if (tools) loadBundle(bundle).catch(() => missingTools(tools));
  }
}

quietBackToTop(); // the theme's « back to top » button, not after a scroll the reader did not make
bindPalette(); // the header's colour scheme switch (the header stays across instant navigations)
runtime.listeners.add(() => markFirstTap(runtime.waitsForFirstTap())); // the rollers' note goes as the engine starts
watchFolds();
listenForTaps();
if (globalThis.document$?.subscribe) globalThis.document$.subscribe(bindAll);
else bindAll();
startJournal();
bindReplayLinks();
initOffline();
watchOnlineOnly();
