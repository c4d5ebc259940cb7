// The backup file (CHARACTERS.md, « The backup »; rules_py/sheets/backup.py says the same in Python):
// everything this device keeps for the reader (every game's sheets, the Réserves du meneur, the drafts)
// in one JSON file, written and read here without the engine, from the backup's description the build
// writes into the page (data-sauvegarde: its format, the keys of each format, every game's fields).
// A file of one sheet (one sheet's « Exporter ») or of one Réserve is read too. The whole file is
// checked before anything is kept: one wrong object refuses it, in one French sentence naming it.
// Imports only check.js: tests/test_sheets_backup.py runs it with Node against rules_py.

import { checkReserveHere, checkSheetHere, formatRange, isRefusal, jsonBytes, quoted, quotedTyped, readFieldHere, refusal, unknownKeyRefusal } from "./check.js";

const BACKUP_LISTS = ["fiches", "reserves", "brouillons"];
const BACKUP_LIST_LABELS = { fiches: "Fiches", reserves: "Réserves", brouillons: "Brouillons" };
const DRAFT_KEYS = ["jeu", "fiche_id", "date", "fiche", "ouverte"];

// One step per format, as rules_py.sheets.backup.BACKUP_UPGRADES (UPGRADES[n] gives format n + 1).
const BACKUP_STEPS = {
  1: (raw) => ({ format: 2, date: null, fiches: listIn(raw, "fiches"), reserves: listIn(raw, "reserves"), brouillons: [] }),
};

// A list of a backup: left out, none; null is no list (refused as such, never read as none).
function listIn(raw, name) {
  return Object.hasOwn(raw, name) ? raw[name] : [];
}

// The backup of `parts` ({fiches, reserves, brouillons}: sheets and Réserves as kept, drafts as
// storeDrafts gives them), made at `date` (ISO 8601).
export function writeBackup(catalogue, parts, date) {
  return { format: catalogue.format, date, fiches: parts.fiches, reserves: parts.reserves, brouillons: parts.brouillons };
}

// A file's text: {kind: "sauvegarde" | "fiche" | "reserve", fiches, reserves, brouillons} | {error, field}.
export function readBackupText(catalogue, text, key = "contenu") {
  try {
    // as rules_py.json_text.loads: how deep first, then JSON, then a key given twice (the first, by its path)
    const depth = depthOf(text);
    if (depth > catalogue.max_imbrication) {
      throw refusal(key, `Fichier (${key})\u00a0: des objets et des listes imbriqués sur au plus ${catalogue.max_imbrication} niveaux sont attendus, reçu ${depth} niveaux.`);
    }
    let raw;
    try {
      raw = JSON.parse(text);
    } catch {
      throw refusal(key, `Fichier (${key})\u00a0: illisible, un fichier JSON de fiches est attendu.`);
    }
    const twice = repeatedKeyIn(text, key);
    if (twice) throw refusal(`${twice.path}.${twice.name}`.slice(0, 80), `Fichier (${twice.path}), champ ${quoted(twice.name)}\u00a0: donné deux fois\u202F; donnez-le une seule fois.`);
    return readBackupObject(catalogue, raw, key);
  } catch (err) {
    if (isRefusal(err)) return { error: err.message, field: err.field };
    throw err;
  }
}

function isObjectValue(raw) {
  return raw !== null && typeof raw === "object" && !Array.isArray(raw);
}

function readBackupObject(catalogue, raw, key) {
  if (!isObjectValue(raw)) throw refusal(key, `Fichier (${key})\u00a0: un objet JSON est attendu, reçu ${quoted(raw)}.`);
  if (!BACKUP_LISTS.some((name) => name in raw)) {
    if (raw.type === "reserve") {
      const read = checkReserveHere(catalogue, raw, key);
      if (read.error) throw refusal(read.field, read.error);
      return { kind: "reserve", fiches: [], reserves: [read.reserve], brouillons: [] };
    }
    const read = checkSheetHere(catalogue, raw, key);
    if (read.error) throw refusal(read.field, read.error);
    return { kind: "fiche", fiches: [read.fiche], reserves: [], brouillons: [] };
  }
  const version = Object.hasOwn(raw, "format") ? raw.format : 1; // the page's « Tout exporter » of format 1 wrote none
  const current = catalogue.format;
  const where = `${key}.format`;
  if (typeof version !== "number" || !Number.isInteger(version) || version < 1) {
    throw refusal(where, `Fichier, Format (${where})\u00a0: ${formatRange(current)} (sans guillemets) attendu, reçu ${quotedTyped(version, "nombre")}.`);
  }
  if (version > current) {
    throw refusal(where, `Fichier, Format (${where})\u00a0: ce fichier est au format ${version}, plus récent que celui que ce site connaît (${current})\u202F; mettez le site à jour (rechargez la page) pour le lire, rien n’a été changé.`);
  }
  let whole = { ...raw, format: version };
  while (whole.format < current) whole = BACKUP_STEPS[whole.format](whole);
  const allowed = catalogue.cles[String(version)];
  for (const name of Object.keys(raw)) if (!allowed.includes(name)) throw unknownKeyRefusal(name, allowed, key, "Fichier");
  const dateField = catalogue.brouillon.find((f) => f.nom === "date");
  readFieldHere({ ...dateField, requis: false, vide_permis: true }, whole.date, `${key}.date`);
  const lists = {};
  for (const name of BACKUP_LISTS) {
    const items = listIn(whole, name);
    if (!Array.isArray(items) || items.length > catalogue.max_objets) {
      throw refusal(`${key}.${name}`, `Fichier, ${BACKUP_LIST_LABELS[name]} (${key}.${name})\u00a0: une liste d’au plus ${catalogue.max_objets} objets attendue.`);
    }
    lists[name] = items.map((item, i) => {
      const path = `${key}.${name}[${i}]`;
      if (name === "brouillons") return readDraftHere(catalogue, item, path);
      const read = name === "fiches" ? checkSheetHere(catalogue, item, path) : checkReserveHere(catalogue, item, path);
      if (read.error) throw refusal(read.field, read.error);
      return read.fiche || read.reserve;
    });
  }
  const seen = new Map();
  for (const name of ["fiches", "reserves"]) {
    lists[name].forEach((obj, i) => {
      if (seen.has(obj.id)) {
        throw refusal(`${key}.${name}[${i}].id`, `Fichier, Identifiant (${key}.${name}[${i}].id)\u00a0: « ${obj.nom} » a le même identifiant que « ${seen.get(obj.id)} »\u202F; un fichier ne contient qu’une fois chaque fiche.`);
      }
      seen.set(obj.id, obj.nom);
    });
  }
  const games = new Set();
  lists.reserves.forEach((obj, i) => {
    if (games.has(obj.jeu)) {
      throw refusal(`${key}.reserves[${i}].jeu`, `Fichier, Jeu (${key}.reserves[${i}].jeu)\u00a0: une seule réserve du meneur par jeu, celle de ${catalogue.jeux[obj.jeu].titre} est déjà dans le fichier.`);
    }
    games.add(obj.jeu);
  });
  const drafts = new Set();
  lists.brouillons.forEach((obj, i) => {
    if (drafts.has(obj.fiche_id)) {
      throw refusal(`${key}.brouillons[${i}].fiche_id`, `Fichier, Identifiant de la fiche (${key}.brouillons[${i}].fiche_id)\u00a0: un seul brouillon par fiche, celui de ${quoted(obj.fiche_id)} est déjà dans le fichier.`);
    }
    drafts.add(obj.fiche_id);
  });
  return { kind: "sauvegarde", ...lists };
}

// A form not yet saved (rules_py.sheets.backup.read_draft): its sheet is kept as typed.
export function readDraftHere(catalogue, raw, key) {
  const name = isObjectValue(raw) && isObjectValue(raw.fiche) ? raw.fiche.nom : undefined;
  const context = `Brouillon${typeof name === "string" && name.trim() ? ` ${quoted(name)}` : ""}`;
  if (!isObjectValue(raw)) throw refusal(key, `${context} (${key})\u00a0: un objet JSON attendu, reçu ${quoted(raw)}.`);
  for (const field of Object.keys(raw)) if (!DRAFT_KEYS.includes(field)) throw unknownKeyRefusal(field, DRAFT_KEYS, key, context);
  const out = {};
  for (const field of catalogue.brouillon) {
    out[field.nom] = readFieldHere(field, Object.hasOwn(raw, field.nom) ? raw[field.nom] : undefined, `${key}.${field.nom}`, `${context}, `);
  }
  for (const [field, required, label] of [["fiche", true, "Fiche saisie"], ["ouverte", false, "Fiche ouverte"]]) {
    const value = raw[field];
    const path = `${key}.${field}`;
    if ((value === null || value === undefined) && !required) { // « ouverte »: null is its value for a new sheet
      out[field] = null;
      continue;
    }
    if (!Object.hasOwn(raw, field)) throw refusal(path, `${context}, ${label} (${path})\u00a0: ce champ est obligatoire.`);
    if (!isObjectValue(value)) throw refusal(path, `${context}, ${label} (${path})\u00a0: un objet JSON attendu, reçu ${quoted(value)}.`);
    const size = jsonBytes(value);
    if (size > catalogue.max_octets_brouillon) {
      throw refusal(path, `${context}, ${label} (${path})\u00a0: au plus ${Math.floor(catalogue.max_octets_brouillon / 1024)}\u00a0Ko, reçu ${Math.floor(size / 1024)}\u00a0Ko.`);
    }
    for (const [own, want] of [["id", out.fiche_id], ["jeu", out.jeu]]) {
      if (own in value && value[own] !== want) {
        throw refusal(`${path}.${own}`, `${context}, ${label} (${path}.${own})\u00a0: ${quoted(want)} attendu comme le brouillon, reçu ${quoted(value[own])}.`);
      }
    }
    out[field] = structuredClone(value);
  }
  return out;
}

// How deep the objects and lists of a JSON text go, brackets inside strings aside (rules_py.json_text.depth_of);
// any text: an unfinished string ends the count.
function depthOf(text) {
  let depth = 0;
  let deepest = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (c === "\"") {
      i += 1;
      while (i < text.length && text[i] !== "\"") i += text[i] === "\\" ? 2 : 1;
    } else if (c === "{" || c === "[") {
      depth += 1;
      if (depth > deepest) deepest = depth;
    } else if (c === "}" || c === "]") depth -= 1;
  }
  return deepest;
}

// The first object of a JSON text (valid JSON, within the depth allowed) that names a key twice:
// {path, name} | null. JSON.parse keeps the last value; rules_py refuses such a file, and so does the page.
function repeatedKeyIn(text, root) {
  const stack = [];
  const here = () => {
    const top = stack[stack.length - 1];
    if (!top) return root;
    return top.object ? `${top.path}.${top.key}` : `${top.path}[${top.index}]`;
  };
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (c === "\"") {
      let j = i + 1;
      while (text[j] !== "\"") j += text[j] === "\\" ? 2 : 1;
      const top = stack[stack.length - 1];
      if (top?.object && top.wantsKey) {
        const key = JSON.parse(text.slice(i, j + 1));
        if (top.keys.has(key)) return { path: top.path, name: key };
        top.keys.add(key);
        top.key = key;
        top.wantsKey = false;
      }
      i = j;
    } else if (c === "{" || c === "[") {
      stack.push(c === "{" ? { object: true, path: here(), keys: new Set(), wantsKey: true, key: "" } : { object: false, path: here(), index: 0 });
    } else if (c === "}" || c === "]") {
      stack.pop();
    } else if (c === ",") {
      const top = stack[stack.length - 1];
      if (top.object) top.wantsKey = true;
      else top.index += 1;
    }
  }
  return null;
}
