// What a result changes on its sheets, written back: each sheet Python returned changed is
// written whole, over the revision the request was made from (compare-and-swap); if another
// tab or widget changed it meanwhile, Python applies the same changes to the newer copy
// (sheet_apply) and that is written. The result shows the new values, with one « Annuler » for
// all that step wrote (its sheets and the Réserve: their one undo, all or none; the result goes
// back with them, sheets/story.js); the journal names the character and can undo it too.
// The sheet follow-ups Python offers next to a result (« Ajouter un état ») are played here, each
// with its « Annuler » too.

import { SHEETS_CONFIG } from "../config.js";
import { fr, h, storageTrouble } from "../browser/index.js";
import { reapplyChanges, sheetsCall } from "./engine.js";
import { getReserve, getSheet, undoWrites, writeReserve, writeSheet } from "../storage/index.js";
import { askedUndo, writeKey } from "./story.js";
import { changeLines } from "./lines.js";
import { realDiceWords } from "../result/index.js";

const WRITE_TRIES = 3;

// → {personnage, fiches: [{id, nom, rev, lignes, raison}], ailleurs: [{nom, lignes}] (copies received from the
//    table: written on their players' phones, never here), reserve: {rev, lignes, ailleurs?} | null, probleme}
export async function writeBack(jeu, revs, result) {
  const changes = result.modifications || [];
  const info = { personnage: result.personnage || null, fiches: [], ailleurs: [], reserve: null, probleme: "" };
  if (!changes.length) return info;
  const byTarget = new Map();
  for (const change of changes) {
    if (!byTarget.has(change.cible)) byTarget.set(change.cible, []);
    byTarget.get(change.cible).push(change);
  }
  const received = new Set(Object.values(revs || {}).flat().filter((r) => r.recue).map((r) => r.id));
  for (const [target, mine] of byTarget) {
    try {
      if (target === "reserve") info.reserve = await reserveOrElsewhere(jeu, revs, result, mine);
      else if (received.has(mine[0].fiche_id)) info.ailleurs.push({ nom: mine[0].personnage, lignes: changeLines(mine) }); // a copy received: its player's
      else info.fiches.push(await writeOneSheet(jeu, revs, target, sheetAt(result, target), mine));
    } catch (err) {
      info.probleme = `Le jet n’a pas pu être écrit sur la fiche (${err.message}).`;
    }
  }
  return info;
}

// « fiches_a[1] » → result.fiches_a[1]; « fiche » → result.fiche.
function sheetAt(result, target) {
  const match = /^(\w+)\[(\d+)\]$/.exec(target);
  return match ? result[match[1]]?.[Number(match[2])] : result[target];
}

function reason(changes) {
  return changes.map((c) => c.raison).filter(Boolean).join(" ; ").slice(0, 200) || "un jet";
}

async function writeOneSheet(jeu, revs, target, after, changes) {
  const id = changes[0].fiche_id;
  const place = target.replace(/\[\d+\]$/, "");
  let rev = revs?.[place]?.find((r) => r.id === id)?.rev;
  let fiche = after;
  let lines = changeLines(changes);
  for (let i = 0; i < WRITE_TRIES; i += 1) {
    const done = await writeSheet(id, rev, fiche, `jet : ${lines.join(", ")}`);
    if (done.record) return { id, nom: done.record.fiche.nom, rev: done.record.rev, lignes: lines, raison: reason(changes) };
    if (!done.conflict) throw new Error("la fiche a été supprimée entre-temps");
    // Changed elsewhere meanwhile: the same changes, applied by Python to the newer copy.
    const again = await reapplyChanges(done.conflict.fiche, changes, jeu);
    if (again.error) throw new Error(again.error);
    rev = done.conflict.rev;
    fiche = again.fiche;
    lines = changeLines(again.modifications);
  }
  throw new Error("la fiche change sans cesse ailleurs");
}

// The Réserve du meneur lives where the meneur keeps it: a device that holds one (saved on « Mes
// personnages » or « L’écran du meneur », or written by a roll of the meneur's) is written; on a
// player's phone, what her 1s give the meneur is said, and « Montrer ce jet » carries it to her.
async function reserveOrElsewhere(jeu, revs, result, changes) {
  const meneur = [result.qui, result.qui_a, result.qui_b].includes("meneur");
  if (!meneur && !(await getReserve(jeu))) return { lignes: changes.map((c) => c.raison || changeLines([c])[0]), ailleurs: true };
  return writeOneReserve(jeu, revs?.reserve?.[0]?.rev ?? 0, result.reserve, changes);
}

async function writeOneReserve(jeu, rev, after, changes) {
  let reserve = after;
  let lines = changeLines(changes);
  for (let i = 0; i < WRITE_TRIES; i += 1) {
    const done = await writeReserve(jeu, rev, reserve, `jet : ${lines.join(", ")}`);
    if (done.record) return { rev: done.record.rev, lignes: lines };
    // Changed elsewhere meanwhile, or undone back to the game's start (no record): the changes again on that.
    const current = done.conflict || (await getReserve(jeu));
    const again = await reapplyChanges(current?.reserve || SHEETS_CONFIG.reserves[jeu], changes, jeu, true);
    if (again.error) throw new Error(again.error);
    rev = current?.rev || 0;
    reserve = again.reserve;
    lines = changeLines(again.modifications);
  }
  throw new Error("la réserve change sans cesse ailleurs");
}

// --- under the result ------------------------------------------------------

// What one step of a result wrote (its sheets' new values, the Réserve's), and on the newest result
// one « Annuler » for all of it; undone, the step's card goes (sheets/story.js).
export function sheetChangesView(widget, entry, current) {
  const info = entry.sheets;
  const parts = [];
  for (const written of info.fiches) parts.push(h("p", {}, h("strong", {}, fr(written.nom)), fr(` — ${written.lignes.join(" ; ")}.`)));
  for (const copy of info.ailleurs || []) {
    parts.push(h("p", {}, h("strong", {}, fr(copy.nom)), fr(` — ${copy.lignes.join(" ; ")} : sur la fiche de son joueur (une copie reçue n’est jamais changée ici).`)));
  }
  const reserveHere = info.reserve && !info.reserve.ailleurs ? info.reserve : null; // written on this device
  if (info.reserve?.ailleurs) {
    parts.push(h("p", {}, h("strong", {}, "Pour le meneur"), fr(` — ${info.reserve.lignes.join(" ; ")}. « Montrer ce jet » le porte à sa Réserve, sur son téléphone.`)));
  } else if (reserveHere) parts.push(h("p", {}, h("strong", {}, "Réserve du meneur"), fr(` — ${reserveHere.lignes.join(" ; ")}.`)));
  const some = info.fiches.length > 0 || reserveHere !== null; // what this device wrote, and may undo
  if (entry.annule && some) parts.push(h("p", { class: "dl-sheet-changes__undone" }, fr("Annulé : les fiches sont revenues à leur version d’avant ce jet.")));
  else if (current && some && !info.fige) parts.push(undoButton(widget.roller.split(".", 1)[0], { ...info, reserve: reserveHere }));
  if (info.probleme) parts.push(h("p", { class: "dl-error" }, fr(info.probleme)));
  if (!parts.length) return "";
  return h("div", { class: `dl-sheet-changes${entry.annule ? " dl-sheet-changes--undone" : ""}`, role: "group", "aria-label": "Fiches de personnage" }, ...parts);
}

function undoButton(jeu, info) {
  const names = [...info.fiches.map((f) => f.nom), ...(info.reserve ? ["la Réserve du meneur"] : [])];
  const undo = h("button", { type: "button", class: "md-button dl-sheet-undo" }, "Annuler");
  undo.setAttribute("aria-label", fr(`Annuler ce que ce jet a changé : ${names.join(", ")}`));
  const line = h("p", { class: "dl-sheet-changes__undo", role: "status" }, undo); // an undo refused is said here
  undo.addEventListener("click", async () => {
    undo.disabled = true;
    askedUndo(writeKey(info.fiches, info.reserve));
    const said = await undoWritten(jeu, info);
    // Undone, the card has been drawn again (sheets/story.js); otherwise, why not, here.
    if (line.isConnected) line.replaceChildren(fr(said));
  });
  return line;
}

// The follow-ups Python offers on the sheets themselves, after the roll's own.
export function sheetFollowups(widget, result) {
  return (result.suites_fiche || []).map((offer) => followupForm(widget, offer, Boolean(result.reels)));
}

// The one undo of what a step wrote ({fiches: [{id, rev, nom}], reserve: {rev} | null}), if it is still
// their last change, all or none: the French sentence to show.
export async function undoWritten(jeu, info) {
  try {
    const reserve = info.reserve && !info.reserve.ailleurs ? info.reserve : null; // « Pour le meneur »: not written here
    const done = await undoWrites(jeu, { fiches: info.fiches || [], reserve });
    if (done.records) {
      return info.fiches?.length ? "Changement annulé : les fiches sont revenues à leur version d’avant."
        : "Changement annulé : la Réserve du meneur est revenue à sa version d’avant.";
    }
    if (done.conflict === null) return "Cette fiche n’existe plus sur cet appareil : rien n’a été annulé.";
    return "Une fiche a changé depuis : rien n’a été annulé (voyez-la dans « Mes personnages »).";
  } catch (err) {
    return err.message;
  }
}

// A follow-up on a sheet itself (« Ajouter un état à Perseüs »): its fields, then Python's answer written back.
// `reels`: the roll was played with the reader's own dice or cards: the follow-up's draw (« Tirer une
// nouvelle fortune ») is entered too, on the same pad (widget/real-dice.js enterSheetDraws).
function followupForm(widget, offer, reels = false) {
  const prefix = `${widget.el.id}-suite-${offer.id}-${widget.formSerial = (widget.formSerial || 0) + 1}`;
  const out = h("p", { class: "dl-sheet-followup__out", role: "status" });
  const form = h("form", { class: "dl-sheet-followup", novalidate: "" },
    h("details", {}, h("summary", {}, fr(offer.libelle)),
      ...offer.parametres.map((param) => widget.formKit.field(param, prefix)),
      h("button", { type: "submit", class: "md-button" }, fr(offer.libelle))), out);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const jeu = widget.roller.split(".", 1)[0];
    const record = await getSheet(offer.fiche_id).catch(storageTrouble("la fiche", false));
    if (record === false) return (out.textContent = fr("La mémoire de ce navigateur n’a pas répondu : rien n’a été écrit sur la fiche, réessayez."));
    if (!record) return (out.textContent = fr("Cette fiche n’existe plus sur cet appareil."));
    let answer;
    const request = { op: "sheet_followup", fiche: record.fiche, suite: offer.id, params: widget.formKit.readForm(form) };
    if (reels && widget.enterSheetDraws) request.dice = await widget.enterSheetDraws(request, offer.libelle);
    if (request.dice) request.reels = true;
    try {
      answer = await sheetsCall(request, jeu);
    } catch (err) {
      return (out.textContent = fr(`Pas fait : ${err.message}.`));
    }
    if (!answer.ok) return (out.textContent = fr(answer.error));
    const written = await writeBack(jeu, { fiche: [{ id: record.id, rev: record.rev }] },
      { ...answer.result, modifications: answer.result.modifications.map((c) => ({ ...c, cible: "fiche" })) });
    const real = answer.result.reels ? ` (${realDiceWords(widget.roller)})` : "";
    out.replaceChildren(fr(written.probleme || `${answer.result.resultat}${real}. `));
    if (written.probleme || !written.fiches.length) return;
    // Its « Annuler », as for a roll's points: the sheet back as it was, the follow-up offered again.
    const undo = h("button", { type: "button", class: "md-button dl-sheet-undo" }, "Annuler");
    undo.setAttribute("aria-label", fr(`Annuler : ${offer.libelle}`));
    undo.addEventListener("click", async () => {
      undo.disabled = true;
      out.textContent = fr(await undoWritten(jeu, written));
    });
    out.append(undo);
  });
  return form;
}
