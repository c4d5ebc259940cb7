// Dés & Lames: live rollers. Bundled into one ES module (assets/rollers/rollers.js), no rules inside.
//
// Each <section class="dl-roller" data-roller="…"> was rendered at build time
// (form, preset odds). This module binds it: when a roller nears the screen it
// starts the one Web Worker (Pyodide + rules_py) for the whole visit, sends
// rules_py.api requests ({op: roll | odds | action}) and renders the answers
// generically (dice groups, calcul, notes, follow-up actions). All text goes
// in with textContent.

import { bindReplayLinks } from "./links.js";
import { initOffline } from "./offline.js";
import { Widget } from "./widget.js";
import { startJournal } from "./journal.js";
import { CONFIG } from "./config.js";

const observer = new IntersectionObserver(
  (entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      observer.unobserve(entry.target);
      entry.target.dlWidget?.nearScreen();
    }
  },
  { rootMargin: "800px 0px" },
);

function bindAll() {
  for (const el of document.querySelectorAll(".dl-roller[data-roller]")) {
    if (el.dlWidget) continue;
    el.dlWidget = new Widget(el);
    observer.observe(el);
  }
  // « Mes personnages »: its own bundle (sheets.js), fetched only by a page that holds sheets.
  if (document.querySelector(".dl-sheets[data-jeu]")) loadSheetsPages();
}

let sheetsPages = null;
function loadSheetsPages() {
  sheetsPages ||= import(new URL(`sheets.js?v=${CONFIG.version}`, import.meta.url).href).catch((err) => {
    sheetsPages = null; // the next page that holds sheets tries again
    console.warn("Mes personnages : la page n’a pas pu être chargée.", err);
  });
}

if (globalThis.document$?.subscribe) globalThis.document$.subscribe(bindAll);
else bindAll();
startJournal();
bindReplayLinks();
initOffline();
