// What the reader keeps, checked in the page before the engine is there: a sheet or a Réserve read
// against its game's fields as rules_py describes them (the schema the build writes into the page:
// types, ranges, lengths, choices, unique names, patterns), normalised as rules_py's Field.read
// normalises it (texts trimmed, defaults filled, choices written as their values, fields in their
// declared order). No rule of a game here: this file reads any schema. What a game checks across its
// fields (points within their maximum…) is the engine's, when it comes (sheets/verify.js).
//
// Each refusal is one French sentence naming the field by its label, with its path in the sheet
// (« Score (fiche.elements[3].score) »), in rules_py's words; the result is {fiche} | {error, field}.
// Imports nothing: tests/test_sheets_backup.py runs it with Node against rules_py.

// Python's str.strip() whitespace (str.isspace), not JavaScript's trim(): both sides trim alike.
const PY_SPACES = "\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";
const PY_EDGES = new RegExp(`^[${PY_SPACES}]+|[${PY_SPACES}]+$`, "g");
const PY_WORD_GAPS = new RegExp(`[${PY_SPACES}_'\u2019]+`);
const CONTROL_IN_LINES = /[\x00-\x08\x0b-\x1f\x7f]/; // eslint-disable-line no-control-regex
const CONTROL_IN_LINE = /[\x00-\x1f\x7f]/; // eslint-disable-line no-control-regex
// Half of a UTF-16 surrogate pair, alone (JSON's « \ud800 »): with the u flag, a whole pair is one
// character and never matches.
const HALF_PAIR = /[\uD800-\uDFFF]/u;
const HALF_PAIRS = /[\uD800-\uDFFF]/gu;
// What a refusal cannot show (rules_py.params._UNSHOWN): half of a surrogate pair, a control character
// (those Python's str.split() takes for spaces aside).
const UNSHOWN = /[\uD800-\uDFFF\x00-\x08\x0e-\x1b\x7f]/gu; // eslint-disable-line no-control-regex

class CheckRefusal extends Error {
  constructor(field, message) {
    super(message);
    this.field = field;
  }
}

export function pyStrip(text) {
  return text.replace(PY_EDGES, "");
}

// As rules_py.params.fold: no accents, no case, words joined by hyphens (« Grand Maître » → grand-maitre).
export function foldText(text) {
  const bare = String(text).normalize("NFKD").replace(/\p{Mn}/gu, "")
    .replace(/[œŒ]/g, "oe").replace(/[æÆ]/g, "ae");
  return pyStrip(bare).toLowerCase().split(PY_WORD_GAPS).join("-").replace(/^-+|-+$/g, "");
}

// A plain JSON value as the file or the form writes it (rules_py.params._json_words); null if not plain.
function jsonWords(raw) {
  if (typeof raw === "boolean") return raw ? "true" : "false";
  if (raw === null) return "null";
  if (typeof raw === "number") return Number.isFinite(raw) ? String(raw) : null;
  if (typeof raw === "string") return raw;
  return null;
}

// Python's " ".join(text.split()): words split on Python's whitespace, joined by one space; half of a
// surrogate pair, alone, or a control character shown as « \ufffd » (no character to show:
// rules_py.params.shown does the same).
function pyWords(text) {
  return pyStrip(text.replace(UNSHOWN, "\ufffd")).split(new RegExp(`[${PY_SPACES}]+`)).filter(Boolean).join(" ");
}

// The value received, short and quoted, for a sentence, in the words of JSON and of the form
// (rules_py.params.shown): « true », « 3, 2 », « un objet (champs a, b) ».
export function quoted(raw) {
  let text = jsonWords(raw);
  if (text === null && Array.isArray(raw)) {
    if (!raw.length) return "une liste vide";
    const items = raw.map(jsonWords);
    if (raw.length > 8 || items.includes(null)) return `une liste de ${raw.length} valeurs`;
    text = items.join(", ");
  }
  if (text === null && isJsonObject(raw)) {
    const keys = Object.keys(raw);
    if (!keys.length) return "un objet vide";
    const shown = keys.slice(0, 4).map((k) => [...pyWords(k)].slice(0, 20).join("")); // one line, short: a key may be anything
    return `un objet (champ${keys.length > 1 ? "s" : ""} ${shown.join(", ")}${keys.length > 4 ? "…" : ""})`;
  }
  if (text === null) return "une valeur illisible";
  text = pyWords(text);
  if ([...text].length > 30) text = `${[...text].slice(0, 29).join("")}…`;
  return `« ${text} »`;
}

// The JSON type of `raw`, in French (rules_py.params.json_type).
function jsonType(raw) {
  if (typeof raw === "boolean") return "booléen";
  if (raw === null) return "null";
  if (typeof raw === "number") return "nombre";
  if (typeof raw === "string") return "texte";
  if (Array.isArray(raw)) return "liste";
  return isJsonObject(raw) ? "objet" : "valeur";
}

// The value received, with its JSON type said when it is not the `expected` one (rules_py.params.shown_typed):
// « le texte « 2 » » where a number is expected, « le nombre 3 », « null », « la valeur true ».
export function quotedTyped(raw, expected) {
  const kind = jsonType(raw);
  if (kind === expected || ["liste", "objet", "valeur"].includes(kind)) return quoted(raw);
  if (kind === "texte") return `le texte ${quoted(raw)}`;
  if (kind === "nombre") return `le nombre ${quoted(raw).slice(2, -2)}`;
  return raw === null ? "null" : `la valeur ${raw}`;
}

// The JSON type each type of field takes (rules_py.sheets.fields._JSON_TYPES).
const FIELD_JSON_TYPES = { text: "texte", name: "texte", id: "texte", date: "texte", choice: "texte", int: "nombre", bool: "booléen", list: "liste", object: "objet" };

// What a text holding half of a surrogate pair alone is told (rules_py.sheets.fields.half_pair).
function halfPair(char) {
  return `un texte Unicode valide attendu (« \\u${char.charCodeAt(0).toString(16).padStart(4, "0")} » y est seul, moitié d’une paire de substitution)`;
}

// The bytes of `value` as compact UTF-8 JSON (rules_py.sheets.document.size_of).
export function jsonBytes(value) {
  return new TextEncoder().encode(JSON.stringify(value)).length;
}

function isJsonObject(raw) {
  return raw !== null && typeof raw === "object" && !Array.isArray(raw);
}

function whereChild(where, name) {
  return { path: where.path ? `${where.path}.${name}` : name, context: where.context };
}

function fieldFail(field, where, what, raw) {
  return new CheckRefusal(where.path, `${where.context}${field.libelle} (${where.path})\u00a0: ${what}, reçu ${quotedTyped(raw, FIELD_JSON_TYPES[field.type])}.`);
}

function intRange(field) {
  if (field.min !== undefined && field.min === field.max) return `l’entier ${field.min}`;
  if (field.min !== undefined && field.max !== undefined) return `un entier de ${field.min} à ${field.max}`;
  if (field.min !== undefined) return `un entier d’au moins ${field.min}`;
  return "un entier";
}

// One field's value, checked and normalised (rules_py.sheets.fields.Field.read_in and read): left out
// (undefined), its default; null is a value, refused unless the field takes it (never its default).
function readFieldValue(field, raw, where) {
  if (raw === undefined) {
    if (field.requis) throw new CheckRefusal(where.path, `${where.context}${field.libelle} (${where.path})\u00a0: ce champ est obligatoire.`);
    return field.defaut === undefined ? null : structuredClone(field.defaut);
  }
  if (raw === null && field.vide_permis) return null;
  switch (field.type) {
    case "text":
    case "name":
      return readText(field, raw, where);
    case "int":
      if (typeof raw !== "number" || !Number.isInteger(raw)
        || (field.min !== undefined && raw < field.min) || (field.max !== undefined && raw > field.max)) {
        throw fieldFail(field, where, `${intRange(field)} attendu`, raw);
      }
      return raw;
    case "bool":
      if (typeof raw !== "boolean") throw fieldFail(field, where, "true ou false (sans guillemets) attendu", raw);
      return raw;
    case "choice": {
      const found = typeof raw === "string" && field.choix.find((c) => foldText(c.valeur) === foldText(raw));
      if (!found) throw fieldFail(field, where, `une valeur parmi ${field.choix.map((c) => c.valeur).join(", ")} attendue`, raw);
      return found.valeur;
    }
    case "id":
      if (typeof raw !== "string" || !new RegExp(`^(?:${field.motif})$`).test(raw)) {
        throw fieldFail(field, where, "de 1 à 64 lettres sans accent, chiffres, « - » ou « _ » attendus", raw);
      }
      return raw;
    case "date":
      if (typeof raw !== "string" || !new RegExp(`^(?:${field.motif})$`).test(raw)) {
        throw fieldFail(field, where, "une date ISO 8601 attendue (2026-11-22 ou 2026-11-22T18:30:00Z)", raw);
      }
      return raw;
    case "object":
      return readObjectFields(field, raw, where);
    case "list":
      return readListItems(field, raw, where);
    default:
      throw new Error(`unknown field type ${field.type}`);
  }
}

function readText(field, raw, where) {
  if (typeof raw !== "string") throw fieldFail(field, where, "un texte attendu", raw);
  const text = pyStrip(field.lignes ? raw.replace(/\r\n/g, "\n").replace(/\r/g, "\n") : raw);
  const length = [...text].length;
  const most = field.max_longueur ?? 2000;
  if (length > most) throw fieldFail(field, where, `un texte d’au plus ${most} caractères attendu (${length} reçus)`, raw);
  if ((field.lignes ? CONTROL_IN_LINES : CONTROL_IN_LINE).test(text)) throw fieldFail(field, where, "un texte sans caractère de contrôle attendu", raw);
  const half = HALF_PAIR.exec(text);
  if (half) throw fieldFail(field, where, halfPair(half[0]), raw);
  if (field.requis && !text) throw fieldFail(field, where, `un texte de 1 à ${most} caractères attendu`, raw);
  if (field.type === "name" && text.includes(",")) {
    throw fieldFail(field, where, "un nom sans virgule attendu (la virgule sépare les noms donnés à un lanceur)", raw);
  }
  return text;
}

// An object's fields in their declared order; an unknown field is refused.
function readObjectFields(field, raw, where, label = null) {
  if (!isJsonObject(raw)) throw fieldFail(field, where, "un objet JSON attendu", raw);
  const allowed = field.champs.map((f) => f.nom);
  for (const key of Object.keys(raw)) {
    if (!allowed.includes(key)) {
      throw new CheckRefusal(whereChild(where, key.replace(HALF_PAIRS, "\ufffd").slice(0, 40)).path,
        `${label || field.libelle} (${where.path})\u00a0: champ inconnu ${quoted(key)}\u202F; les champs permis sont ${allowed.join(", ")}.`);
    }
  }
  return Object.fromEntries(field.champs.map((f) => [f.nom, readFieldValue(f, Object.hasOwn(raw, f.nom) ? raw[f.nom] : undefined, whereChild(where, f.nom))]));
}

function readListItems(field, raw, where) {
  if (!Array.isArray(raw)) throw fieldFail(field, where, "une liste JSON attendue", raw);
  const most = field.max_elements ?? 200;
  if (raw.length > most) {
    throw new CheckRefusal(where.path, `${where.context}${field.libelle} (${where.path})\u00a0: au plus ${most} par fiche, reçu ${raw.length}.`);
  }
  if (field.valeurs) {
    return raw.map((item, i) => readFieldValue(field.valeurs, item, { path: `${where.path}[${i}]`, context: `${field.element} ${i + 1}, ` }));
  }
  const seen = new Map();
  return raw.map((item, i) => {
    const name = isJsonObject(item) ? item.nom : undefined;
    const context = `${field.element} ${i + 1}${typeof name === "string" && pyStrip(name) ? ` ${quoted(name)}` : ""}`;
    const value = readObjectFields(field, item, { path: `${where.path}[${i}]`, context: `${context}, ` }, context);
    if (field.noms_uniques) {
      const key = foldText(value.nom);
      if (seen.has(key)) {
        throw new CheckRefusal(`${where.path}[${i}].nom`,
          `${context}, Nom (${where.path}[${i}].nom)\u00a0: chaque nom est unique sur la fiche (sans compter majuscules ni accents), « ${seen.get(key)} » existe déjà.`);
      }
      seen.set(key, value.nom);
    }
    return value;
  });
}

// An object as a whole: JSON, within the size a sheet may have.
function wholeObject(raw, key, label, limit) {
  if (!isJsonObject(raw)) throw new CheckRefusal(key, `${label} (${key})\u00a0: un objet JSON est attendu, reçu ${quotedTyped(raw, "objet")}.`);
  const size = jsonBytes(raw);
  if (size > limit) {
    throw new CheckRefusal(key, `${label} (${key})\u00a0: au plus ${Math.floor(limit / 1024)}\u00a0Ko, reçu ${Math.floor(size / 1024)}\u00a0Ko\u202F; raccourcissez les textes (2\u00a0000 caractères au plus chacun).`);
  }
}

// What a format field takes (rules_py.sheets.formats.upgrade).
export function formatRange(current) {
  return current === 1 ? `l’entier ${current}` : `un entier de 1 à ${current}`;
}

// The format a sheet or a Réserve is written in: this site's, or refused (rules_py.sheets.formats.upgrade).
function formatOf(raw, key, label, current) {
  const where = key ? `${key}.format` : "format";
  const version = raw.format;
  if (!Object.hasOwn(raw, "format")) {
    throw new CheckRefusal(where, `${label}, Format (${where})\u00a0: ce champ est obligatoire (le format de la fiche, ${current}).`);
  }
  if (typeof version !== "number" || !Number.isInteger(version) || version < 1) {
    throw new CheckRefusal(where, `${label}, Format (${where})\u00a0: ${formatRange(current)} (sans guillemets) attendu, reçu ${quotedTyped(version, "nombre")}.`);
  }
  if (version > current) {
    throw new CheckRefusal(where, `${label}, Format (${where})\u00a0: ce fichier est au format ${version}, plus récent que celui que ce site connaît (${current})\u202F; mettez le site à jour (rechargez la page) pour le lire, rien n’a été changé.`);
  }
  // Every format up to this site's is 1 today: when a sheet's format changes, its upgrade is the
  // engine's (rules_py.sheets.formats.UPGRADES) and the page keeps such a sheet for it to read.
}

function gameField(catalogue) {
  return { nom: "jeu", libelle: "Jeu", type: "choice", requis: true, choix: Object.keys(catalogue.jeux).map((valeur) => ({ valeur })) };
}

// The sheets' format (rules_py.sheets.formats.FORMAT: the same for every game).
function sheetFormat(catalogue) {
  return Object.values(catalogue.jeux)[0].format;
}

function titleOf(catalogue, game) {
  return catalogue.jeux[game]?.titre || game;
}

// A sheet, checked and normalised: {fiche} | {error, field} (rules_py.sheets.document.read_sheet).
// A list longer than its field allows is said as such, before the size of the whole sheet
// (rules_py.sheets.document._counts).
function listCounts(catalogue, raw, key) {
  if (!isJsonObject(raw) || !Object.hasOwn(catalogue.jeux, raw.jeu)) return;
  const context = typeof raw.nom === "string" && pyStrip(raw.nom) ? `Fiche ${quoted(raw.nom)}, ` : "";
  for (const field of catalogue.jeux[raw.jeu].champs) {
    const items = raw[field.nom];
    const most = field.max_elements ?? 200;
    if (field.type === "list" && Array.isArray(items) && items.length > most) {
      throw new CheckRefusal(`${key}.${field.nom}`, `${context}${field.libelle} (${key}.${field.nom})\u00a0: au plus ${most} par fiche, reçu ${items.length}.`);
    }
  }
}

export function checkSheetHere(catalogue, raw, key = "fiche", game = null) {
  try {
    listCounts(catalogue, raw, key);
    wholeObject(raw, key, "Fiche", Object.values(catalogue.jeux)[0].limites.octets);
    if (raw.type === "reserve") throw new CheckRefusal(key, `Fiche (${key})\u00a0: c’est une réserve du meneur, pas une fiche de personnage.`);
    const context = typeof raw.nom === "string" && pyStrip(raw.nom) ? `Fiche ${quoted(raw.nom)}, ` : "";
    const label = context.replace(/, $/, "") || "Fiche";
    formatOf(raw, key, label, sheetFormat(catalogue));
    const jeu = readFieldValue(gameField(catalogue), raw.jeu, { path: `${key}.jeu`, context });
    const entry = catalogue.jeux[jeu];
    if (game !== null && jeu !== game) {
      throw new CheckRefusal(key, `${context}Jeu (${key}.jeu)\u00a0: cette fiche est une fiche de ${titleOf(catalogue, jeu)}, ce lanceur est de ${titleOf(catalogue, game)}\u202F; choisissez une fiche de ${titleOf(catalogue, game)}.`);
    }
    return { fiche: readObjectFields({ libelle: "Fiche", champs: entry.champs }, raw, { path: key, context }, label) };
  } catch (err) {
    if (err instanceof CheckRefusal) return { error: err.message, field: err.field };
    throw err;
  }
}

// A Réserve du meneur, checked and normalised: {reserve} | {error, field} (read_reserve).
export function checkReserveHere(catalogue, raw, key = "reserve", game = null) {
  try {
    wholeObject(raw, key, "Réserve du meneur", Object.values(catalogue.jeux)[0].limites.octets);
    formatOf(raw, key, "Réserve du meneur", sheetFormat(catalogue));
    const jeu = readFieldValue(gameField(catalogue), raw.jeu, { path: `${key}.jeu`, context: "" });
    const entry = catalogue.jeux[jeu];
    if (!entry.reserve) throw new CheckRefusal(`${key}.jeu`, `Jeu (${key}.jeu)\u00a0: ${entry.titre} n’a pas de réserve du meneur.`);
    if (game !== null && jeu !== game) {
      throw new CheckRefusal(key, `${entry.reserve.libelle} (${key})\u00a0: elle est de ${entry.titre}, ce lanceur est de ${titleOf(catalogue, game)}.`);
    }
    const label = entry.reserve.libelle;
    return { reserve: readObjectFields({ libelle: label, champs: entry.reserve.champs }, raw, { path: key, context: "" }, label) };
  } catch (err) {
    if (err instanceof CheckRefusal) return { error: err.message, field: err.field };
    throw err;
  }
}

// For sheets/page/backup.js: the same refusals, thrown.
export function refusal(field, message) {
  return new CheckRefusal(field, message);
}

export function isRefusal(err) {
  return err instanceof CheckRefusal;
}

export function readFieldHere(field, raw, path, context = "") {
  return readFieldValue(field, raw, { path, context });
}

export function unknownKeyRefusal(key, allowed, path, label) {
  const shown = String(key).replace(HALF_PAIRS, "\ufffd").slice(0, 40);
  return new CheckRefusal(path ? `${path}.${shown}` : shown,
    `${label} (${path})\u00a0: champ inconnu ${quoted(String(key))}\u202F; les champs permis sont ${allowed.join(", ")}.`);
}
