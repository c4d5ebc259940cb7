// « Montrer ce jet »: a result as a record of the table ("j"), and its replay on the device that
// receives it. The record carries the roller, its parameters (those the roller's defaults do not
// already say), the dice and the follow-ups taken, and the character's name: never an outcome.
// The receiving device plays it again through rules_py and shows what the rules give.
//
//   body {l: the roller's name in its game ("jet" for simon.jet), p: {parameter: value},
//         d: [dice], s: [{a: action, p?: {…}, d?: [dice]}], c?: the character's name,
//         i?: her sheet's subject (as her sheet's record "f" has it), k?: the roll's number on the phone
//         (widget/roll-count.js), q?: the id of the meneuse's request it answers (table/request.js),
//         r?: 1, the dice (or cards) were the player's own, entered by hand: « dés réels »}

import { SHEETS_CONFIG } from "../config.js";
import { sheetsCall } from "../sheets/index.js";
import { isPlainObject } from "../links/index.js";
import { subjectOf } from "./show-sheet.js";

const ROLL_MAX_STEPS = 60;
const COPY_CHANGES_MAX = 20;

// The body of the roll a widget's result entry shows (its share link holds the roll and its follow-ups).
export function rollBody(widget, entry) {
  const url = new URL(entry.link, window.location.href);
  const query = url.searchParams;
  const defaults = new Map((widget.description?.parametres || []).map((p) => [p.nom, shownDefault(p.defaut)]));
  const params = {};
  for (const [name, value] of query) {
    if (["lanceur", "des", "suite", "reels"].includes(name) || defaults.get(name) === value) continue;
    params[name] = value;
  }
  // dice as numbers, cards by their names (« 7-dagues »)
  const drawn = (query.get("des") || "").split(",").filter(Boolean).map((v) => (/^\d+$/.test(v) ? Number(v) : v));
  const body = { l: widget.roller.split(".").slice(1).join("."), p: params, d: drawn };
  const steps = query.get("suite") ? JSON.parse(query.get("suite")) : [];
  if (steps.length) body.s = steps.map(({ action, params: p, dice }) => ({ a: action, ...(p && Object.keys(p).length ? { p } : {}), ...(dice?.length ? { d: dice } : {}) }));
  const name = entry.sheets?.personnage;
  if (name) body.c = name;
  const acting = (entry.result?.personnages || []).find((p) => p.fiche_id && ["fiche", "fiches_a[0]"].includes(p.cible));
  if (name && acting) body.i = subjectOf(acting.fiche_id);
  if (Number.isSafeInteger(entry.compte)) body.k = entry.compte;
  if (entry.demande) body.q = entry.demande.id;
  if (query.get("reels") === "1") body.r = 1;
  const changed = acting ? sheetChanges(widget, entry, acting.fiche_id) : [];
  if (changed.length) body.m = changed;
  return body;
}

// What the roll (and its follow-ups up to this one, less those undone) wrote on her own sheet, as values
// after it (a number's new value, an item added or taken out by its name): the meneuse's copy of her
// sheet is set to them (table/copies.js), so that the same link opened twice changes nothing twice.
function sheetChanges(widget, entry, sheetId) {
  const numbers = new Map();
  const items = [];
  const upTo = entry.etape ?? 0;
  for (const e of widget.entries || []) {
    if (e.number !== entry.number || e.error || e.annule || (e.etape ?? 0) > upTo) continue;
    if (!(e.sheets?.fiches || []).some((f) => f.id === sheetId)) continue; // written here, not on a copy
    for (const c of e.result?.modifications || []) {
      if (c.fiche_id !== sheetId || c.cible === "reserve") continue;
      if ("ajout" in c) items.push({ c: c.champ, a: c.ajout });
      else if ("retrait" in c) items.push({ c: c.champ, x: c.retrait });
      else if (typeof c.apres === "number") numbers.set(c.champ, { c: c.champ, v: c.apres });
    }
  }
  return [...numbers.values(), ...items].slice(0, COPY_CHANGES_MAX);
}

// A roll's changes to its player's sheet, as a link may carry them (their values are the rules' to check).
function copyChanges(m) {
  const name = (v) => typeof v === "string" && v.length > 0 && v.length <= 60;
  const one = (c) => isPlainObject(c) && name(c.c) && Object.keys(c).length === 2 &&
    (Number.isSafeInteger(c.v) || (isPlainObject(c.a) && name(c.a.nom) && JSON.stringify(c.a).length <= 2000) || name(c.x));
  return Array.isArray(m) && m.length <= COPY_CHANGES_MAX && m.every(one);
}

function shownDefault(value) {
  if (value === null || value === undefined) return "";
  return Array.isArray(value) ? value.join(",") : String(value);
}

// The roll a body describes, checked for its shape (its values are the rules' to check):
// {roller, params, dice, steps, personnage, sujet, numero, demande, reels} | {error: too many follow-ups} | null.
export function rollFromBody(body, jeu) {
  const name = body.l;
  const roller = `${jeu}.${name}`;
  const plainParams = (p) => p === undefined || (isPlainObject(p) && Object.values(p).every((v) => ["string", "number", "boolean"].includes(typeof v)));
  const dice = (d) => d === undefined || (Array.isArray(d) && d.length <= 200 && d.every((x) => typeof x === "number" || typeof x === "string"));
  const steps = body.s ?? [];
  const optional = (value, valid) => value === undefined || valid(value);
  if (typeof name !== "string" || !/^[a-z_]{1,40}$/.test(name) || !plainParams(body.p) || !dice(body.d) ||
      !Array.isArray(steps) || !steps.every((s) => isPlainObject(s) && typeof s.a === "string" && plainParams(s.p) && dice(s.d)) ||
      !optional(body.c, (c) => typeof c === "string" && c.length <= 60) || !optional(body.i, (i) => typeof i === "string" && /^[A-Za-z0-9_-]{1,22}$/.test(i)) ||
      !optional(body.k, (k) => Number.isSafeInteger(k) && k > 0) || !optional(body.q, (q) => typeof q === "string" && /^[A-Za-z0-9_-]{4,22}\.\d{1,15}$/.test(q)) ||
      !optional(body.r, (r) => r === 1) || !optional(body.m, copyChanges)) return null;
  if (steps.length > ROLL_MAX_STEPS) return { error: `Ce jet a ${steps.length} suites, et un jet montré en a au plus ${ROLL_MAX_STEPS}\u202F: rien n’a été compté.` };
  return { roller, params: body.p || {}, dice: body.d || [], steps, personnage: body.c || null, sujet: body.i || null,
    numero: body.k ?? null, demande: body.q || null, reels: body.r === 1, changes: body.m || [] };
}

// The roll played again: the roll, then each follow-up on the state before it, with the meneur's
// Réserve where the game has one (its changes read from the rules' own answers).
// → {result, parametres: the roll's checked parameters, reserveChanges} | {error}
export async function replayRoll(roll, jeu, reserve) {
  const withReserve = reserve ? { reserve } : {};
  const real = roll.reels ? { reels: true } : {}; // played again as entered: the result says « dés réels »
  let answer;
  try {
    answer = await sheetsCall({ op: "roll", roller: roll.roller, params: roll.params, dice: roll.dice, ...withReserve, ...real }, jeu);
    const changes = [...(answer.ok ? answer.result.modifications || [] : [])];
    const parametres = answer.ok ? answer.result.parametres : null;
    for (const step of roll.steps) {
      if (!answer.ok) break;
      // a step's dice as shown, none when it drew none: never new dice on this device
      answer = await sheetsCall({ op: "action", roller: roll.roller, action: step.a, params: step.p || {}, dice: step.d || [], ...real,
        state: answer.result.etat, ...(answer.result.reserve ? { reserve: answer.result.reserve } : withReserve) }, jeu);
      if (answer.ok) changes.push(...(answer.result.modifications || []));
    }
    if (!answer.ok) return { error: answer.error };
    return { result: answer.result, parametres, reserveChanges: changes.filter((c) => c.cible === "reserve") };
  } catch (err) {
    return { error: `le moteur de règles n’a pas pu le rejouer (${err.message})` };
  }
}

export function startingReserve(jeu) {
  return SHEETS_CONFIG.reserves[jeu] || null;
}
