// A roller and the sheets: the « Personnage » choice and the write-back live in fiches.js
// (sheets/fiches.js), fetched only where a roller may take a sheet: the device holds sheets of its
// game, or copies its table received (<html data-fiches>, written from the parse by every page's
// <head>: hooks/page/sheets.py), or the page is a table's or a sheets' page. Elsewhere a roller
// page pays nothing for them. The choice's room is held from the parse (widget.html, sheets.css).

import { CONFIG } from "../config.js";
import { loadBundle } from "../browser/index.js";

export function sheetsApi() {
  return globalThis.desEtLames?.fiches || null;
}

export function mayTakeSheets(roller) {
  if (!CONFIG?.fiches?.lanceurs?.[roller]) return false;
  const jeu = roller.split(".", 1)[0];
  const held = (document.documentElement.dataset.fiches || "").split(" ");
  return held.includes(jeu) || Boolean(document.querySelector(".dl-table[data-jeu], .dl-sheets[data-jeu]"));
}

// The widget's choice, once fiches.js is there; its kept results drawn again with what they wrote.
export function bindSheets(widget) {
  if (!mayTakeSheets(widget.roller)) return;
  loadBundle("fiches.js").then(() => {
    if (!widget.el.isConnected || widget.sheets) return;
    widget.sheets = sheetsApi().bindSheetPicker(widget);
    if (widget.sheets) sheetsApi().followUndone(widget); // a write-back undone, here or elsewhere: its cards go back too
    if (widget.entries.some((entry) => entry.sheets)) widget.draw(false);
  }, () => null); // not fetched (offline without it): the roller works without sheets
}
