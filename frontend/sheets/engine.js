// The sheets' requests to rules_py (through the one engine of the visit): every check of a
// sheet and every change a roll makes to it is Python's. Answers are the JSON door's:
// {ok: true, result} | {ok: false, error, field}.

import { pageSystems, runtime } from "../engine/index.js";

export async function sheetsCall(request, jeu) {
  const systems = new Set([jeu, ...pageSystems()]);
  // A failed boot is tried again (offline without the engine, it says so at once).
  if (runtime.state.name === "failed") await runtime.restart(systems);
  return runtime.call(request, systems);
}

// A sheet checked and normalised by Python: {fiche} | {error, field, engineFailed?}. The
// sentences say what failed, never what follows (« rien n’a été enregistré »): the caller does, once.
export async function checkSheet(fiche, jeu) {
  const answer = await askEngine({ op: "sheet_check", fiche }, jeu, "La fiche n’a pas pu être vérifiée ({cause}).");
  return answer.error ? answer : { fiche: answer.result.fiche };
}

// A roll's changes to a sheet (or the Réserve), made again on a newer copy of it (another tab
// changed it between the roll and the write): {fiche | reserve, modifications} | {error}.
export async function reapplyChanges(target, modifications, jeu, reserve = false) {
  const answer = await askEngine({ op: "sheet_apply", [reserve ? "reserve" : "fiche"]: target, modifications }, jeu,
    "Le jet n’a pas pu être reporté sur la fiche ({cause}).");
  return answer.error ? answer : answer.result;
}

async function askEngine(request, jeu, failure) {
  let answer;
  try {
    answer = await sheetsCall(request, jeu);
  } catch (err) {
    return { error: failure.replace("{cause}", err.message), field: null, engineFailed: true };
  }
  return answer.ok ? answer : { error: answer.error, field: answer.field || null };
}

// Python's sentence without the internal path in brackets (« Score (fiche.elements[3].score) »):
// the form marks the field itself.
export function plainSheetError(message, field) {
  if (!field) return message;
  return String(message).split(` (${field})`).join("");
}

// The same, for a form: a number or a choice left empty is said so, not in JSON's words (« reçu null »:
// null is no value, never the field's default — RULES.md).
export function formSheetError(message, field) {
  return plainSheetError(message, field).replace(/, reçu null\.$/, ", reçu un champ vide.");
}
