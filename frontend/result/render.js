// A result drawn from rules_py's answer: the outcome line first (large, with a mark that is not
// colour alone), then the dice and cards, then the calculation and notes folded.

import { fr, h } from "../browser/index.js";

const SOURCES = {
  lien: "Jet partagé : dés imposés par le lien",
  exemple: "Exemple du livre",
};

// « Jet n° 1 », where it comes from (a link, the book), whether its dice were the reader's own (`real`:
// « dés réels »), the follow-up it is (« suite : Ajouter un dé »: the same roll, one step on) and whether
// its write-back on the sheets was undone.
export function rollHead(number, source, suite = null, undone = false, real = null) {
  return h("p", { class: "dl-roll-head" }, h("small", { class: "dl-roll-number" }, `Jet n° ${number}`),
    SOURCES[source] ? h("span", { class: "dl-roll-source" }, fr(SOURCES[source])) : "",
    real ? h("span", { class: "dl-roll-source dl-roll-real" }, real) : "",
    suite ? h("span", { class: "dl-roll-source dl-roll-step" }, fr(`suite : ${suite}`)) : "",
    undone ? h("span", { class: "dl-roll-source dl-roll-undone" }, "annulé sur les fiches") : "");
}

export function outcome(result) {
  const kind = result.reussite === true ? "ok" : result.reussite === false ? "ko" : "neutre";
  const word = { ok: "Réussite", ko: "Échec", neutre: "Résultat" }[kind];
  // "Échec : Échec avec contrepartie positive" says it twice: keep the word for screen readers only.
  const repeated = String(result.resultat).toLowerCase().startsWith(word.toLowerCase());
  return h("p", { class: `dl-outcome dl-outcome--${kind}`, tabindex: "-1" },
    h("span", { class: "dl-outcome__mark", "aria-hidden": "true" }, { ok: "✔", ko: "✘", neutre: "◆" }[kind]),
    h("span", { class: `dl-outcome__word${repeated ? " dl-visually-hidden" : ""}` }, `${word}\u00a0: `),
    fr(result.resultat));
}

const SUITS = {
  batons: { symbol: "♣", name: "Bâtons" },
  ecus: { symbol: "♦", name: "Écus" },
  coupes: { symbol: "♥", name: "Coupes" },
  dagues: { symbol: "♠", name: "Dagues" },
};

// kept: counts (filled); off: rolled, counts for nothing, yet not discarded (outline);
// dropped: discarded by the rules (struck through); plain: neither.
function dieKind(d) {
  if (d.garde === true) return "kept";
  if (d.garde === false) return /écart/i.test(d.marque || "") ? "dropped" : "off";
  return "plain";
}

export function diceGroup(group) {
  const marks = new Set(group.des.map((d) => d.marque || ""));
  // « en main » under every card of « Main de A » says what the title says: once is enough.
  const sameMark = group.des.length > 1 && marks.size === 1 && group.des.every((d) => d.garde === null || d.garde === undefined);
  return h("figure", { class: "dl-group" },
    h("figcaption", {}, fr(group.titre)),
    h("ul", { class: "dl-dice" }, ...group.des.map((d) => {
      const kind = dieKind(d);
      const mark = sameMark ? "" : fr(d.marque || "");
      if (d.faces) {
        return h("li", { class: `dl-die dl-die--${kind}`, title: `d${d.faces}` },
          h("span", { class: "dl-die__value" }, String(d.valeur)),
          h("span", { class: "dl-die__mark" }, mark));
      }
      return card(d, kind, mark);
    })));
}

function card(d, kind, mark) {
  const label = fr(d.libelle || String(d.valeur));
  const parts = /^(\d+)-([a-z]+)$/.exec(String(d.valeur));
  const suit = parts && SUITS[parts[2]];
  if (!suit) {
    return h("li", { class: `dl-die dl-die--card dl-die--${kind}` },
      h("span", { class: "dl-die__value dl-die__value--text" }, label), h("span", { class: "dl-die__mark" }, mark));
  }
  return h("li", { class: `dl-die dl-die--card dl-die--${kind} dl-suit--${parts[2]}`, title: label },
    h("span", { class: "dl-die__value", "aria-hidden": "true" }, parts[1], h("span", { class: "dl-die__suit" }, suit.symbol)),
    h("span", { class: "dl-die__suitname", "aria-hidden": "true" }, suit.name),
    h("span", { class: "dl-visually-hidden" }, label),
    h("span", { class: "dl-die__mark" }, mark));
}

// The calculation and the notes, folded: the outcome and the dice are what a player reads first.
export function detail(result) {
  const inside = [];
  if (result.calcul?.length) inside.push(h("ol", { class: "dl-calc", "aria-label": "Calcul" }, ...result.calcul.map((line) => h("li", {}, fr(line)))));
  if (result.notes?.length) inside.push(h("ul", { class: "dl-notes" }, ...result.notes.map((line) => h("li", {}, fr(line)))));
  if (!inside.length) return "";
  return h("details", { class: "dl-detail" }, h("summary", {}, "Détail du calcul"), ...inside);
}
