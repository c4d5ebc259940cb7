// A sheet as the table's links carry it (« Montrer ma fiche au meneur »): the sheet for the table,
// compact, drawn from the game's schema (hooks/page/sheets.py writes it into the page).
//
// - Left out: what the receiving site knows (format, jeu: the record says them; modifie), the
//   free texts that do not play (notes, description, and Solaires' civil identity), and every
//   value equal to its field's default (Python fills them in again).
// - Each field under its short key (TABLE_KEYS; a field without one travels under its own name).
// - A list's items and an object's values as arrays, in the order of the schema's sub-fields,
//   trailing defaults dropped; a choice's value as its shortest unambiguous beginning (shortChoice).
//   CHARACTERS.md, « La table », is the contract.
// Nothing here checks a sheet: what comes out is given to Python's sheet_check like an imported file.

export const TABLE_KEYS = new Map([
  ["id", "i"], ["nom", "n"], ["type", "t"], ["joueuse", "j"], ["concept", "c"],
  ["elements", "e"], ["etats", "s"], ["points", "p"], ["points_max", "pm"],
  ["peuple", "pe"], ["caracteristiques", "ca"], ["competences", "co"], ["modificateurs", "m"], ["heroisme", "h"],
  ["forces", "f"], ["environnement", "en"], ["predilection", "pr"], ["fortune", "fo"],
  ["relations_valeurs", "r"], ["table_confrontation", "tc"],
]);
export const TABLE_LEFT_OUT = new Set(["format", "jeu", "modifie", "notes", "description", "pseudonyme", "nom_civil", "esprit", "genre"]);
const LONG_KEYS = new Map([...TABLE_KEYS].map(([name, key]) => [key, name]));

const sameValue = (a, b) => JSON.stringify(a) === JSON.stringify(b);

// The sheet → its compact body (a plain object of short keys), with `id` as given (the subject).
export function compactSheet(schema, fiche, id) {
  const out = {};
  for (const field of schema.champs) {
    if (TABLE_LEFT_OUT.has(field.nom)) continue;
    const value = field.nom === "id" ? id : fiche[field.nom];
    if (value === undefined || value === null || value === "" || (field.nom !== "id" && sameValue(value, field.defaut))) continue;
    out[TABLE_KEYS.get(field.nom) || field.nom] = packValue(field, value);
  }
  return out;
}

function packValue(field, value) {
  if (field.type === "choice" && field.choix && typeof value === "string") return shortChoice(field, value);
  if (field.type === "list" && field.champs && Array.isArray(value)) return value.map((item) => packItem(field.champs, item));
  if (field.type === "object" && field.champs && value && typeof value === "object") return packItem(field.champs, value);
  return value;
}

function packItem(fields, item) {
  const out = fields.map((field) => {
    const value = item?.[field.nom];
    return value === undefined || sameValue(value, field.defaut) ? null : packValue(field, value);
  });
  while (out.length && out[out.length - 1] === null) out.pop();
  return out;
}

// A compact body → the sheet it stands for (its `jeu` and `format` from the record), or throws when
// its shape is not the compact one (a key twice under two names, an item that is not a list…).
// The values themselves are Python's to check: an unknown field goes through under its own name
// and is refused there. Every object is made with defineProperty: a key « __proto__ » is a key.
export function expandSheet(schema, body, jeu) {
  if (!isPlainObject(body)) throw new Error("la fiche n’est pas un objet");
  const fields = new Map(schema.champs.map((field) => [field.nom, field]));
  const out = {};
  own(out, "format", schema.format);
  own(out, "jeu", jeu);
  for (const [key, value] of Object.entries(body)) {
    const name = LONG_KEYS.get(key) || key;
    if (Object.hasOwn(out, name)) throw new Error(`« ${name} » donné deux fois`);
    const field = fields.get(name);
    own(out, name, field ? unpackValue(field, value) : value);
  }
  return out;
}

function unpackValue(field, value) {
  if (field.type === "choice" && field.choix && typeof value === "string") return longChoice(field, value);
  if (field.type === "list" && field.champs) {
    if (!Array.isArray(value)) throw new Error(`« ${field.nom} » n’est pas une liste`);
    return value.map((item) => unpackItem(field.champs, item, field.nom));
  }
  if (field.type === "object" && field.champs) return unpackItem(field.champs, value, field.nom);
  return value;
}

function unpackItem(fields, item, name) {
  if (!Array.isArray(item) || item.length > fields.length) throw new Error(`« ${name} » : un élément illisible`);
  const out = {};
  fields.forEach((field, i) => {
    const value = item[i] ?? null;
    if (value !== null) own(out, field.nom, unpackValue(field, value));
    else if (field.defaut !== undefined && field.defaut !== null) own(out, field.nom, field.defaut);
    else if (!field.requis) own(out, field.nom, null);
  });
  return out;
}

// A choice's value as its shortest beginning that no other choice of the field shares (« equipement »
// → « e »), and back: the value itself, or the one value that begins so; anything else goes through
// as it is (Python refuses it). A choice added later that shares a beginning makes an old link's short
// value match two: refused, never read as the wrong one.
function shortChoice(field, value) {
  const values = field.choix.map((c) => c.valeur);
  if (!values.includes(value)) return value;
  for (let n = 1; n < value.length; n += 1) {
    const start = value.slice(0, n);
    if (values.filter((v) => v.startsWith(start)).length === 1) return start;
  }
  return value;
}

function longChoice(field, value) {
  const values = field.choix.map((c) => c.valeur);
  if (values.includes(value)) return value;
  const matches = values.filter((v) => v.startsWith(value));
  return matches.length === 1 ? matches[0] : value;
}

function own(object, name, value) {
  Object.defineProperty(object, name, { value, enumerable: true, writable: true, configurable: true });
}

export function isPlainObject(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
