// A result drawn from rules_py's answer: roll number, outcome line, dice, odds rows.

import { h, percent } from "./dom.js";

export function rollNumber(number) {
  return h("p", { class: "dl-roll-number" }, h("small", {}, `Jet n° ${number}`));
}

export function outcome(result) {
  const kind = result.reussite === true ? "ok" : result.reussite === false ? "ko" : "neutre";
  const word = { ok: "Réussite", ko: "Échec", neutre: "Résultat" }[kind];
  // "Échec : Échec avec contrepartie positive" says it twice: keep the word for screen readers only.
  const repeated = String(result.resultat).toLowerCase().startsWith(word.toLowerCase());
  return h("p", { class: `dl-outcome dl-outcome--${kind}` },
    h("span", { class: "dl-outcome__mark", "aria-hidden": "true" }),
    h("span", { class: `dl-outcome__word${repeated ? " dl-visually-hidden" : ""}` }, `${word} : `), result.resultat);
}

export function diceGroup(group) {
  return h("figure", { class: "dl-group" },
    h("figcaption", {}, group.titre),
    h("ul", { class: "dl-dice" }, ...group.des.map((d) => {
      const kept = d.garde === true ? "kept" : d.garde === false ? "dropped" : "plain";
      const face = d.faces ? `d${d.faces}` : "carte";
      return h("li", { class: `dl-die dl-die--${kept}${d.faces ? "" : " dl-die--card"}`, title: face },
        h("span", { class: "dl-die__value" }, String(d.libelle || d.valeur)),
        h("span", { class: "dl-die__mark" }, d.marque || ""));
    })));
}
