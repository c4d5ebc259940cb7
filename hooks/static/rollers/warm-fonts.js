// The fonts a result is drawn with, looked up before the first roll.
//
// A text's first use of a size, a weight or a symbol (« ✔ », « ♦ ») makes Chromium ask the
// browser process for the font, synchronously, in the middle of the layout. Asked while the
// engine boots (its downloads, the service worker, the compiler's threads all busy), the
// first outcome's layout waited 60-150 ms for those answers (traced: 21 font look-ups, 4
// render styles, 3 fallbacks for symbols). A sample result, drawn with the same functions
// as a real one, inside the page's first roller, hidden, is put in the page as its widgets
// are bound, laid out as the next frame starts and taken out before it is painted: the
// answers are then in the renderer's font cache, before any roll.

import { h } from "./dom.js";
import { detail, diceGroup, outcome, rollHead } from "./render.js";

let warmed = false; // once per renderer: the cache outlives an instant navigation

export function warmResultFonts(roller) {
  if (warmed || !roller) return;
  warmed = true;
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
    des: ["batons", "ecus", "coupes", "dagues"].map((suit, i) => ({ valeur: `${i + 7}-${suit}`, libelle: `${i + 7} de ${suit}`, garde: i % 2 === 0 })),
  };
  const result = (reussite) => ({ reussite, resultat: "Réussite critique, marge 3", calcul: ["1 + 2 = 3"], notes: ["Note"] });
  const sample = (current, reussite) => h("div", { class: `dl-result${current ? "" : " dl-result--old"}` },
    rollHead(1, "exemple"), outcome(result(reussite)), diceGroup(dice), diceGroup({ ...cards, des: [{ valeur: "Atout", libelle: "Atout" }, ...cards.des] }),
    detail(result(reussite)), h("div", { class: "dl-actions" }, h("form", { class: "dl-action" }, h("button", { type: "button", class: "md-button" }, "Relancer"))),
    h("p", { class: "dl-pending" }, "Jet n° 1 demandé"), h("p", { class: "dl-error" }, "Erreur"));
  const hidden = (...children) => h("div", { class: "dl-warmup", "aria-hidden": "true", inert: "",
    style: "position:absolute;left:0;top:0;width:100%;visibility:hidden;pointer-events:none" }, ...children);
  const inRoller = hidden(sample(true, true), sample(true, false), sample(false, null));
  // What a roll also changes outside its roller: the journal's count (header) and its words for screen readers (body).
  const inBody = hidden(h("span", { class: "dl-journal-button__count" }, "1"),
    h("p", { class: "dl-journal__live dl-visually-hidden" }, "Jet n° 1 ajouté au journal des jets."));
  roller.append(inRoller);
  document.body.append(inBody);
  // Laid out at the start of the next frame, whose own layout comes right after (not a layout
  // more: forced as the widgets were bound, it cost the page's load up to 100 ms of Lighthouse's
  // blocking time), and taken out before that frame is painted.
  requestAnimationFrame(() => {
    inRoller.getBoundingClientRect();
    inRoller.remove();
    inBody.remove();
  });
}
