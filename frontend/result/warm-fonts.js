// The fonts a result is drawn with, looked up before the first roll.
//
// A text's first use of a size, a weight or a symbol (« ✔ », « ♦ ») makes Chromium ask the
// browser process for the font, synchronously, in the middle of the layout. Asked while the
// engine boots (its downloads, the service worker, the compiler's threads all busy), the
// first outcome's layout waited 8-99 ms for those answers (traced: 21 font look-ups, 4
// render styles, 3 fallbacks for symbols). Samples of a result's parts, drawn with the same
// functions as a real one, hidden, are laid out one at a time in idle moments as the page
// loads, then taken out: the answers are then in the renderer's font cache, before any roll.
// One sample per idle moment: all at once, the waits made one task that cost the page's load
// 70-120 ms of Lighthouse's blocking time.

import { h, idleMoment, pageLayer } from "../browser/index.js";
import { detail, diceGroup, outcome, rollHead } from "./render.js";

const said = (reussite) => ({ reussite, resultat: "Réussite critique, marge 3" });
const old = (...nodes) => h("div", { class: "dl-result dl-result--old" }, ...nodes);

// Each sample: where it goes (the roller, or the page's layer: browser/dom.js pageLayer), and what it is. One
// per idle moment: each new size, weight or symbol is a wait on the browser process (traced 7-15 ms
// each while the engine boots), and a sample of several (three outcomes, a group of four dice) made
// a 30-60 ms task of its own.
function samples() {
  const dice = {
    titre: "Dés",
    des: [
      { faces: 6, valeur: 6, garde: true, marque: "gardé" },
      { faces: 6, valeur: 1, garde: false, marque: "écarté" },
      { faces: 10, valeur: 10, garde: false, marque: "relancé" },
      { faces: 20, valeur: 7 },
    ],
  };
  const cards = {
    titre: "Cartes",
    des: [{ valeur: "Atout", libelle: "Atout" }, ...["batons", "ecus", "coupes", "dagues"].map((suit, i) => (
      { valeur: `${i + 7}-${suit}`, libelle: `${i + 7} de ${suit}`, garde: i % 2 === 0 }))],
  };
  return [
    ...[true, false, null].map((reussite) => ["roller", () => outcome(said(reussite))]),
    ["roller", () => rollHead(1, "exemple")],
    ["roller", () => h("p", { class: "dl-pending" }, "Jet n° 1 demandé")],
    ["roller", () => h("p", { class: "dl-error" }, "Erreur")],
    ["roller", () => detail({ calcul: ["1 + 2 = 3"], notes: ["Note"] })],
    ["roller", () => h("div", { class: "dl-actions" }, h("form", { class: "dl-action" }, h("button", { type: "button", class: "md-button" }, "Relancer")))],
    ...[dice, cards].flatMap((group) => group.des.map((die) => ["roller", () => diceGroup({ ...group, des: [die] })])),
    ["roller", () => old(outcome(said(true)))],
    ["roller", () => old(diceGroup(dice))],
    ["roller", () => old(diceGroup(cards))],
    // What a roll also changes outside its roller: the journal's count (header) and its words for screen readers.
    ["layer", () => h("span", { class: "dl-journal-button__count" }, "1")],
    ["layer", () => h("p", { class: "dl-journal__live dl-visually-hidden" }, "Jet n° 1 ajouté au journal des jets.")],
  ];
}

// Once per renderer (the cache outlives an instant navigation); `desEtLames.fontsWarm` settles when done.
// The samples go in one hidden box put in the roller (and one in the page's layer) as the widgets are bound:
// sized and contained, the box is a boundary of the layout, so laying out a sample inside it lays out
// that sample alone (put in the page each time, it had the page laid out again: 27-33 ms, traced).
export function warmResultFonts(roller) {
  const shared = (globalThis.desEtLames ||= {}); // the page's, with the runtime (engine/runtime.js)
  if (shared.fontsWarm || !roller) return;
  const boxes = { roller: hiddenBox(), layer: hiddenBox() };
  roller.append(boxes.roller);
  pageLayer().append(boxes.layer);
  shared.fontsWarm = (async () => {
    for (const [where, make] of samples()) {
      await idleMoment(1000);
      const box = boxes[where];
      if (!box.isConnected) break; // the page left (instant navigation): the next page's rollers ask again
      box.replaceChildren(make());
      box.getBoundingClientRect(); // laid out now: every font it names is looked up
      box.replaceChildren(); // empty between idle moments: nothing in the page looks like a result
    }
    const done = boxes.roller.isConnected;
    boxes.roller.remove();
    boxes.layer.remove();
    if (!done) shared.fontsWarm = null;
  })();
}

function hiddenBox() {
  return h("div", { class: "dl-warmup", "aria-hidden": "true", inert: "",
    style: "position:absolute;left:0;top:0;width:20rem;height:20rem;contain:strict;visibility:hidden;pointer-events:none" });
}
