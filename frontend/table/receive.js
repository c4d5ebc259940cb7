// A record received on the game's table page (a link opened by the camera app, or pasted):
// a sheet kept as a read-only copy in the table, a roll played again and counted once, a secret roll
// opened by the meneuse's phone alone, a scene or a request of the meneuse set in its roller. Every
// way out is one French sentence; nothing is kept from a record that fails any check: its signature
// (links/record.js), the key its phone is known by (table/trust.js), what a player's roll may say
// (table/checks.js), what was counted before under the same id.

import { besides } from "../browser/index.js";
import { checkSheet, reapplyChanges } from "../sheets/index.js";
import {
  addAnswer, firstAnswer, getReceivedRoll, getRequest, getReserve, keepReceived, keepReceivedRoll, keepTrustedDevice, rekeyCopies,
  writeReserve,
} from "../storage/index.js";
import { deviceKeys, expandSheet, isPlainObject, openSecret, secretContext } from "../links/index.js";
import { replayRoll, rollFromBody, startingReserve } from "./roll.js";
import { applyScene } from "./scene.js";
import { applyRequest } from "./request.js";
import { rollRefusal } from "./checks.js";
import { checkMeneurKey, checkPlayerKey } from "./trust.js";
import { updateCopy } from "./copies.js";

const UNREADABLE = "Ce lien de la table est illisible (coupé ou modifié en route)\u202F: demandez-en un nouveau.";
const RESERVE_TRIES = 3;
const UNSTORED =
  "La mémoire de ce téléphone n’a pas répondu\u00a0: rien n’a été compté ni gardé. Rouvrez le lien dans un moment (ou rechargez la page).";

// `text` said of a link of format 1: unsigned (made before signatures), taken as before.
function unsignedSaid(record, text) {
  return record.cle ? text : text.replace(/\.$/, " (lien non signé, fait avant les signatures).");
}

// → {text, kind: "ok" | "error", accepter?: the sentence offers « Accepter ce nouvel appareil », roll?: the
// roll drawn, scene?: widget}. `accept`: the reader chose « Accepter ce nouvel appareil » for this record.
// `played(roll)`: a roll to draw as soon as it is replayed and allowed, before it is counted and kept (the
// meneuse sees it while this phone's storage is written); the answer's `roll`, or none, is the last word.
export async function receiveRecord(record, schema, accept = false, played = null) {
  try {
    return await receiveKind(record, schema, accept, played);
  } catch (err) {
    // a read of this phone's storage that failed (what was counted before is unknown): nothing is counted
    besides("a table record not received: this device's storage failed")(err);
    return { kind: "error", text: UNSTORED };
  }
}

async function receiveKind(record, schema, accept, played) {
  if (record.kind === "f") return receiveSheet(record, schema, accept);
  if (record.kind === "j" || record.kind === "x") return receiveRoll(record, accept, played);
  const trusted = await checkMeneurKey(record, accept).catch((err) => ({ error: err.message }));
  if (trusted.error) return { kind: "error", text: trusted.error, accepter: trusted.accepter };
  const done = record.kind === "d" ? await applyRequest(record) : applyScene(record);
  return { ...done, text: done.kind === "ok" ? unsignedSaid(record, done.text) : done.text };
}

async function receiveSheet(record, schema, accept) {
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
  const trusted = await checkPlayerKey(record, { sujet: subject, nom: fiche.nom }, accept).catch((err) => ({ error: err.message }));
  if (trusted.error) return { kind: "error", text: trusted.error, accepter: trusted.accepter };
  const checked = await checkSheet(fiche, record.jeu);
  if (checked.error) return { kind: "error", text: `Fiche du lien refusée, rien n’a été gardé\u00a0: ${checked.error}` };
  try {
    const done = await keepReceived({ jeu: record.jeu, auteur: record.auteur, sujet: subject, n: record.n, fiche: checked.fiche,
      cle_publique: record.cle, retirer: accept ? trusted.copies.map((c) => c.cle) : [] });
    if (record.cle) await keepTrustedDevice(record);
    const nom = checked.fiche.nom;
    if (done.garde) {
      // the copy kept is named by its own name (the character may have been renamed since this link)
      const kept = done.garde.fiche?.nom || nom;
      const then = kept === nom ? "" : ` (où elle s’appelait « ${nom} »)`;
      return { kind: "ok", cle: done.garde.cle, text: unsignedSaid(record, done.garde.n === record.n
        ? `La fiche de « ${kept} » est déjà dans votre table, telle quelle.`
        : `Votre table a déjà une copie plus récente de « ${kept} »\u202F: ce lien, plus ancien${then}, ne la remplace pas.`) };
    }
    return { kind: "ok", cle: done.record.cle, text: unsignedSaid(record, done.remplace || accept
      ? `La fiche de « ${nom} » est à jour dans votre table (elle remplace la copie reçue avant).`
      : `« ${nom} » est dans votre table\u202F: une copie en lecture seule, à part de vos fiches.`) };
  } catch (err) {
    return { kind: "error", text: err.message };
  }
}

// A secret roll's body, opened with this phone's key: → {body} | {error}. Only the phone that made the
// request holds it.
async function openSecretRoll(record) {
  const { q: requestId, s: sealed } = record.body;
  const request = typeof requestId === "string" ? await getRequest(requestId) : null; // a failure: UNSTORED
  if (!request?.secret) {
    return { error: "Ce jet secret répond à une demande que ce téléphone ne tient pas (faite sur un autre, ou retirée)\u202F: seul le téléphone du meneur qui la tient peut le lire, rien n’a été gardé." };
  }
  try {
    const { echange } = await deviceKeys();
    const body = await openSecret(sealed, echange.privee, secretContext(record.jeu, record.auteur, record.n, requestId));
    if (!isPlainObject(body) || body.q !== undefined) throw new Error("jet secret sans sa forme");
    return { body: { ...body, q: requestId } };
  } catch (err) {
    console.warn("La table : jet secret illisible", err);
    return { error: UNREADABLE };
  }
}

async function receiveRoll(record, accept, drawn) {
  let body = record.body;
  const secret = record.kind === "x";
  if (secret) {
    const opened = await openSecretRoll(record);
    if (opened.error) return { kind: "error", text: opened.error };
    body = opened.body;
  }
  const roll = rollFromBody(body, record.jeu);
  if (!roll) return { kind: "error", text: UNREADABLE };
  if (roll.error) return { kind: "error", text: roll.error };
  // What the device holds of it and the replay (which writes nothing) go while its sender is checked;
  // nothing of them is used, said or kept unless the sender is trusted.
  const reads = Promise.all([getReceivedRoll(record.id), startingReserve(record.jeu) ? getReserve(record.jeu) : null]);
  const forged = ([kept]) => Boolean(kept?.corps) && JSON.stringify(kept.corps) !== JSON.stringify(body);
  const replay = reads.then((held) => (forged(held) ? null : replayRoll(roll, record.jeu, held[1]?.reserve || startingReserve(record.jeu))));
  replay.catch(besides("a replay started before its sender was checked (awaited below when trusted)"));
  const trusted = await checkPlayerKey(record, { sujet: roll.sujet, nom: roll.personnage }, accept).catch((err) => ({ error: err.message }));
  if (trusted.error) return { kind: "error", text: trusted.error, accepter: trusted.accepter };
  // read or refused whole (receiveRecord): a roll counted before, unread, would be counted twice
  const [kept, reserveRecord] = await reads;
  const reserve = reserveRecord?.reserve || startingReserve(record.jeu);
  const who = roll.personnage ? `de ${roll.personnage}` : "d’un joueur";
  if (forged([kept])) return forgedAgain(record, kept, reserve, who);
  const played = await replay;
  if (played.error) return { kind: "error", text: `Jet du lien refusé, rien n’a été compté\u00a0: ${played.error}` };
  const request = roll.demande ? await getRequest(roll.demande) : null;
  if (request && request.lanceur !== roll.roller) {
    return { kind: "error", text: `Ce jet répond à votre demande « ${request.titre} » avec un autre lanceur\u202F: rien n’a été compté.` };
  }
  const why = rollRefusal(played.parametres, roll.steps, played.reserveChanges, request?.valeurs || {}, (name) => request?.libelles?.[name] || name);
  if (why) return { kind: "error", text: why };
  const reponse = request ? { titre: request.titre, premiere: kept?.premiere ?? firstAnswer(request, record.auteur, roll.personnage) } : null;
  drawn?.({ record, roll, result: played.result, first: false, secret, numero: roll.numero, manquants: kept?.manquants ?? 0, reponse });
  const first = request ? reponse.premiere : true;
  let lines = [];
  let counted = true;
  if (first && played.reserveChanges.length) {
    const applied = await applyOnce(record, played.reserveChanges);
    if (applied.error) return { kind: "error", text: applied.error };
    counted = applied.lignes !== null;
    lines = applied.lignes || [];
  }
  let skipped = kept?.manquants ?? 0;
  if (!kept) skipped = await keepTrustedDevice(record, roll.numero).catch(besides("the roll numbers of a phone (« jets non montrés » not said this time)")) ?? 0;
  if (accept && record.cle && trusted.copies.length) await rekeyCopies(trusted.copies, record.cle);
  const entry = { cle: record.id, jeu: record.jeu, n: record.n, auteur: record.auteur, quand: Date.now(), personnage: roll.personnage,
    roller: roll.roller, resultat: String(played.result.resultat), reussite: played.result.reussite ?? null, reserve: lines,
    corps: body, numero: roll.numero, manquants: skipped, demande: request ? request.cle : null, premiere: first, secret,
    cle_publique: record.cle, ...(played.result.reels ? { reels: true } : {}) };
  const stored = kept ? { deja: kept } : await keepReceivedRoll(entry).catch((err) => ({ error: err.message }));
  if (stored.error) return { kind: "error", text: stored.error };
  // what the roll wrote on her sheet, set on the meneuse's copy of it (once: the first time it is kept)
  const copied = kept ? null : await updateCopy(record, roll, trusted.copies || []);
  if (request && !kept) {
    await addAnswer(request.cle, { jet: record.id, auteur: record.auteur, personnage: roll.personnage, resultat: entry.resultat,
      reussite: entry.reussite, secret, quand: entry.quand });
  }
  const again = Boolean(stored.deja) || !counted;
  const shown = { record, roll, result: played.result, first: !again, secret, numero: roll.numero, manquants: skipped, reponse };
  // one sentence: what the roll gave, then (« ; ») what it set on her sheet's copy
  const said = unsignedSaid(record, rollSaid(who, again, first, request, secret, lines));
  const copyText = !copied ? "" : copied.error ? `\u202f; mais ${copied.error}.` : `\u202f; sa fiche dans votre table suit (${copied.lignes.join(", ")}).`;
  return { kind: "ok", text: copyText ? said.replace(/\.$/, copyText) : said, roll: shown };
}

function rollSaid(who, again, first, request, secret, lines) {
  if (again) return `Ce jet ${who} est déjà dans votre table\u202F: rien n’a été compté deux fois.`;
  const reserve = lines.length ? ` (${lines.join(" ; ")})` : "";
  const what = secret ? `Jet secret ${who}` : `Jet ${who}`;
  if (request && !first) return `${what} reçu, une deuxième réponse à votre demande « ${request.titre} »\u202F: montré ici, compté nulle part.`;
  if (request) return `${what} reçu et rejoué ici, en réponse à votre demande « ${request.titre} »${reserve}.`;
  return `${what} reçu et rejoué ici${reserve}.`;
}

// The same id with another roll: refused, and what was counted drawn again from what was kept.
async function forgedAgain(record, kept, reserve, who) {
  const text = `Ce jet ${who} est déjà dans votre table avec d’autres dés\u202F: ce lien a été changé, rien n’a été compté, et le jet montré est celui compté.`;
  const roll = rollFromBody(kept.corps, record.jeu);
  const played = roll && !roll.error ? await replayRoll(roll, record.jeu, reserve) : { error: true };
  if (played.error) return { kind: "error", text };
  return { kind: "error", text, roll: { record, roll, result: played.result, first: false, secret: kept.secret, numero: kept.numero, manquants: 0, reponse: null } };
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
