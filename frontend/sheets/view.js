// A sheet as read at the table and printed: its fields with their labels, from the game's
// schema; lists as tables; a score with its level word (« 2 (Professionnel) »).

import { fr, h } from "../browser/index.js";

export function sheetView(schema, fiche, headingLevel = "h3") {
  // The game's fields first, the notes last: a sheet is read at the table.
  const fields = schema.champs.filter((f) => !["id", "date"].includes(f.type) && !["format", "jeu", "nom", "type"].includes(f.nom))
    .sort((a, b) => (a.nom === "notes") - (b.nom === "notes"));
  const kind = kindLabel(schema, fiche);
  const parts = [h(headingLevel, { class: "dl-sheet-view__name" }, fr(fiche.nom || "Sans nom"),
    kind ? h("span", { class: "dl-sheet-badge" }, kind) : "")];
  const plain = [];
  for (const field of fields) {
    const value = fiche[field.nom];
    if (isEmpty(value)) continue;
    if (field.type === "list" && !field.valeurs) {
      flush(parts, plain);
      parts.push(listTable(field, value));
    } else if (field.type === "object") {
      flush(parts, plain);
      parts.push(h("p", { class: "dl-sheet-view__object" }, h("strong", {}, fr(field.libelle)), "\u00a0: ",
        field.champs.map((sub) => `${fr(sub.libelle)} ${shownValue(sub, value[sub.nom], value)}`).join(", ")));
    } else {
      plain.push([field, value]);
    }
  }
  flush(parts, plain);
  return h("article", { class: "dl-sheet-view", "data-id": fiche.id || "" }, ...parts);
}

// « PJ » or « PNJ »: the abbreviation the schema's label gives (« Personnage joueur (PJ) »).
export function kindLabel(schema, fiche) {
  const field = schema.champs.find((f) => f.nom === "type");
  const label = field?.choix?.find((c) => c.valeur === fiche.type)?.libelle || "";
  return fr(/\(([^()]+)\)\s*$/.exec(label)?.[1] || label);
}

function flush(parts, plain) {
  if (!plain.length) return;
  parts.push(h("dl", { class: "dl-sheet-view__fields" }, ...plain.flatMap(([field, value]) => [
    h("dt", {}, fr(field.libelle)),
    h("dd", { class: field.lignes ? "dl-sheet-view__long" : "" }, shownValue(field, value, null)),
  ])));
  plain.length = 0;
}

function listTable(field, items) {
  const columns = field.champs.filter((sub) => items.some((item) => !isEmpty(item[sub.nom])));
  return h("table", { class: "dl-sheet-view__table" },
    h("caption", {}, fr(field.libelle)),
    h("thead", {}, h("tr", {}, ...columns.map((sub) => h("th", { scope: "col" }, fr(sub.libelle))))),
    h("tbody", {}, ...items.map((item) => h("tr", {}, ...columns.map((sub) => h("td", {}, shownValue(sub, item[sub.nom], item)))))));
}

// A value in words: a choice's label, a score's level word, « oui »/« non ».
export function shownValue(field, value, row) {
  if (isEmpty(value)) return "";
  if (field.type === "bool") return value ? "oui" : "non";
  if (Array.isArray(value)) return fr(value.join(", "));
  if (field.type === "choice") return fr(field.choix?.find((c) => c.valeur === value)?.libelle ?? String(value));
  if (field.type === "int" && field.echelles) {
    const scale = field.echelle_selon ? field.echelles[row?.[field.echelle_selon]] : Object.values(field.echelles)[0];
    const word = scale?.[value - (field.min ?? 0)];
    if (!word) return numberText(value);
    return namesItsNumber(word, value) ? fr(word) : `${numberText(value)} (${fr(word)})`;
  }
  if (field.type === "int") return numberText(value);
  return fr(String(value));
}

// A whole number as French typesets it: « −2 » (U+2212), not a hyphen.
export function numberText(value) {
  return typeof value === "number" && value < 0 ? `−${-value}` : String(value);
}

// A level's word that already says its number (« Niveau 3, exalté », « 0 — Le Mat », « XIV — Tempérance »):
// shown alone, not after the number again (« 14 — XIV — Tempérance »).
export function namesItsNumber(word, value) {
  const text = String(word);
  return new RegExp(`(^|[^\\d])${value}($|[^\\d])`).test(text) || text.startsWith(`${roman(value)} `);
}

function roman(n) {
  let out = "";
  for (const [unit, letters] of [[10, "X"], [9, "IX"], [5, "V"], [4, "IV"], [1, "I"]]) {
    while (n >= unit) {
      out += letters;
      n -= unit;
    }
  }
  return out;
}

function isEmpty(value) {
  return value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0);
}
