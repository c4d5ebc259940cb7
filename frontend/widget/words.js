// The reader's words in the engine's messages: internal parameter names
// (« Difficulté (difficulte) », « (intrinseque et interet) », « (typique=true) »,
// « fixe déjà forces_b ») become the fields' French labels, as the form shows them.

import { fr } from "../browser/index.js";

// name -> French label, from the widget's own fields (and the roller's description when known).
export function fieldLabels(widget) {
  const labels = new Map();
  for (const param of widget.description?.parametres || []) labels.set(param.nom, param.libelle);
  for (const action of widget.description?.actions || []) {
    for (const param of action.parametres || []) if (!labels.has(param.nom)) labels.set(param.nom, param.libelle);
  }
  for (const input of widget.el.querySelectorAll("[name][data-kind]")) {
    const label = widget.el.querySelector(`label[for="${CSS.escape(input.id)}"]`);
    if (label) labels.set(input.name, label.textContent.trim());
  }
  return labels;
}

export function plainWords(message, labels) {
  let text = String(message ?? "");
  const names = [...labels.keys()].sort((a, b) => b.length - a.length);
  if (!names.length) return fr(text);
  const alt = names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|");
  // The sentence's head, « Expertise (expertise_a) : », names the field as the form does.
  text = text.replace(new RegExp(`^[^:]*? \\((${alt})\\)(?=\\s*:)`), (_, name) => labels.get(name));
  // « Libellé (nom) » or « Autre mot (nom) » further on: the name in brackets goes.
  text = text.replace(new RegExp(` \\((${alt})\\)`, "g"), "");
  // « (nom=true) », « (nom=false) »: the box, ticked or not.
  text = text.replace(new RegExp(`\\b(${alt})=(true|false)\\b`, "g"),
    (_, name, value) => `« ${labels.get(name)} » ${value === "true" ? "coché" : "non coché"}`);
  // « (intrinseque et interet) »: a bracket holding only names.
  text = text.replace(/\(([^()]*)\)/g, (whole, inner) => {
    const parts = inner.split(/(, | et | ou )/);
    const words = parts.filter((_, i) => i % 2 === 0);
    if (!words.every((w) => labels.has(w))) return whole;
    return `(${parts.map((p, i) => (i % 2 === 0 ? `« ${labels.get(p)} »` : p)).join("")})`;
  });
  // A name with an underscore anywhere (« fixe déjà forces_b »): never a French word.
  text = text.replace(new RegExp(`(?<![\\w«])(${names.filter((n) => n.includes("_")).map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|") || "(?!)"})(?!\\w)`, "g"),
    (name) => `« ${labels.get(name)} »`);
  return fr(text);
}
