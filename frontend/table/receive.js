// A record received on the game's table page (a link opened by the camera app, or pasted):
// a sheet kept as a read-only copy in the table, a roll played again and counted once, a scene
// set in its roller. Every way out is one French sentence; nothing is kept from a record that
// fails any check.

import { checkSheet, reapplyChanges } from "../sheets/index.js";
import { getReceivedRoll, getReserve, keepReceived, keepReceivedRoll, writeReserve } from "../storage/index.js";
import { expandSheet } from "./sheet-code.js";
import { replayRoll, rollFromBody, startingReserve } from "./roll.js";
import { applyScene } from "./scene.js";

const UNREADABLE = "Ce lien de la table est illisible (coupé ou modifié en route)\u202F: demandez-en un nouveau.";
const RESERVE_TRIES = 3;

// → {text, kind: "ok" | "error", roll?: the roll drawn, scene?: widget}
export async function receiveRecord(record, schema) {
  if (record.kind === "f") return receiveSheet(record, schema);
  if (record.kind === "j") return receiveRoll(record);
  return applyScene(record);
}

async function receiveSheet(record, schema) {
  let fiche;
  const subject = record.body.i;
  try {
    if (typeof subject !== "string" || !/^[A-Za-z0-9_-]{1,22}$/.test(subject)) throw new Error("sans identifiant");
    fiche = expandSheet(schema, record.body, record.jeu);
  } catch (err) {
    console.warn("La table : fiche illisible", err);
    return { kind: "error", text: UNREADABLE };
  }
  fiche.id = `${record.auteur}-${subject}`;
  const checked = await checkSheet(fiche, record.jeu);
  if (checked.error) return { kind: "error", text: `Fiche du lien refusée, rien n’a été gardé\u00a0: ${checked.error}` };
  try {
    const done = await keepReceived({ jeu: record.jeu, auteur: record.auteur, sujet: subject, n: record.n, fiche: checked.fiche });
    const nom = checked.fiche.nom;
    if (done.garde) {
      // the copy kept is named by its own name (the character may have been renamed since this link)
      const kept = done.garde.fiche?.nom || nom;
      const then = kept === nom ? "" : ` (où elle s’appelait « ${nom} »)`;
      return { kind: "ok", cle: done.garde.cle, text: done.garde.n === record.n
        ? `La fiche de « ${kept} » est déjà dans votre table, telle quelle.`
        : `Votre table a déjà une copie plus récente de « ${kept} »\u202F: ce lien, plus ancien${then}, ne la remplace pas.` };
    }
    return { kind: "ok", cle: done.record.cle, text: done.remplace
      ? `La fiche de « ${nom} » est à jour dans votre table (elle remplace la copie reçue avant).`
      : `« ${nom} » est dans votre table\u202F: une copie en lecture seule, à part de vos fiches.` };
  } catch (err) {
    return { kind: "error", text: err.message };
  }
}

async function receiveRoll(record) {
  const roll = rollFromBody(record.body, record.jeu);
  if (!roll) return { kind: "error", text: UNREADABLE };
  const kept = await getReceivedRoll(record.id).catch(() => null);
  const reserveRecord = startingReserve(record.jeu) ? await getReserve(record.jeu).catch(() => null) : null;
  const reserve = reserveRecord?.reserve || startingReserve(record.jeu);
  const played = await replayRoll(roll, record.jeu, reserve);
  if (played.error) return { kind: "error", text: `Jet du lien refusé, rien n’a été compté\u00a0: ${played.error}` };
  const who = roll.personnage ? `de ${roll.personnage}` : "d’un joueur";
  let lines = [];
  let counted = true;
  if (played.reserveChanges.length) {
    const applied = await applyOnce(record, played.reserveChanges);
    if (applied.error) return { kind: "error", text: applied.error };
    counted = applied.lignes !== null;
    lines = applied.lignes || [];
  }
  const entry = { cle: record.id, jeu: record.jeu, n: record.n, auteur: record.auteur, quand: Date.now(), personnage: roll.personnage,
    roller: roll.roller, resultat: String(played.result.resultat), reussite: played.result.reussite ?? null, reserve: lines,
    ...(played.result.reels ? { reels: true } : {}) };
  const stored = kept ? { deja: kept } : await keepReceivedRoll(entry).catch((err) => ({ error: err.message }));
  if (stored.error) return { kind: "error", text: stored.error };
  const again = Boolean(stored.deja) || !counted;
  const text = again
    ? `Ce jet ${who} est déjà dans votre table\u202F: rien n’a été compté deux fois.`
    : `Jet ${who} reçu et rejoué ici${lines.length ? ` (${lines.join(" ; ")})` : ""}.`;
  return { kind: "ok", text, roll: { record, roll, result: played.result, first: !again } };
}

// What the roll gives the meneur's Réserve, written once for this roll's id whatever the number
// of times its link is opened (storage/sheets.js writeReserve, `once`). → {lignes} | {lignes: null} | {error}
async function applyOnce(record, changes) {
  for (let i = 0; i < RESERVE_TRIES; i += 1) {
    const current = await getReserve(record.jeu);
    const base = current?.reserve || startingReserve(record.jeu);
    const again = await reapplyChanges(base, changes, record.jeu, true);
    if (again.error) return { error: again.error };
    const lines = again.modifications.map((c) => `${c.libelle}\u00a0: ${c.avant} → ${c.apres}`);
    const done = await writeReserve(record.jeu, current?.rev || 0, again.reserve, `jet reçu : ${lines.join(", ")}`, record.id);
    if (done.record) return { lignes: lines };
    if (done.deja) return { lignes: null };
  }
  return { error: "La Réserve du meneur change sans cesse sur cet appareil\u202F: rien n’a été compté, rouvrez le lien." };
}
