// What a result changes on its sheets, written back: each sheet Python returned changed is
// written whole, over the revision the request was made from (compare-and-swap); if another
// tab or widget changed it meanwhile, Python applies the same changes to the newer copy
// (sheet_apply) and that is written. The result shows the new values, with « Annuler » (the
// sheet's one undo); the journal names the character and can undo the change too.
// The sheet follow-ups Python offers next to a result (« Ajouter un état ») are played here.

import { fr, h } from "../browser/dom.js";
import { reapplyChanges, sheetsCall } from "./engine.js";
import { getReserve, getSheet, undoSheet, writeReserve, writeSheet } from "./store.js";

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

export function changeLines(changes) {
  return changes.map((c) => {
    if ("ajout" in c) return `${c.libelle} : + ${c.ajout.nom}${c.ajout.score ? ` (${c.ajout.score})` : ""}`;
    if ("retrait" in c) return `${c.libelle} : − ${c.retrait}`;
    return `${c.libelle} : ${c.avant ?? "—"} → ${c.apres ?? "—"}`;
  });
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
    const current = done.conflict || (await getReserve(jeu));
    const again = await reapplyChanges(current.reserve, changes, jeu, true);
    if (again.error) throw new Error(again.error);
    rev = current.rev;
    reserve = again.reserve;
    lines = changeLines(again.modifications);
  }
  throw new Error("la réserve change sans cesse ailleurs");
}

// --- under the result ------------------------------------------------------

// The sheets' new values, each with its « Annuler » (on the newest result only).
export function sheetChangesView(info, current) {
  const parts = [];
  for (const written of info.fiches) {
    const undo = h("button", { type: "button", class: "md-button dl-sheet-undo" }, "Annuler");
    undo.setAttribute("aria-label", `Annuler ce changement de la fiche de ${written.nom}`);
    const line = h("p", {}, h("strong", {}, fr(written.nom)), fr(` — ${written.lignes.join(" ; ")}. `), current ? undo : "");
    undo.addEventListener("click", async () => {
      undo.disabled = true;
      line.replaceChildren(h("strong", {}, fr(written.nom)), fr(` — ${await undoChange(written)}`));
    });
    parts.push(line);
  }
  for (const copy of info.ailleurs || []) {
    parts.push(h("p", {}, h("strong", {}, fr(copy.nom)), fr(` — ${copy.lignes.join(" ; ")} : sur la fiche de son joueur (une copie reçue n’est jamais changée ici).`)));
  }
  if (info.reserve?.ailleurs) {
    parts.push(h("p", {}, h("strong", {}, "Pour le meneur"), fr(` — ${info.reserve.lignes.join(" ; ")}. « Montrer ce jet » le porte à sa Réserve, sur son téléphone.`)));
  } else if (info.reserve) parts.push(h("p", {}, h("strong", {}, "Réserve du meneur"), fr(` — ${info.reserve.lignes.join(" ; ")}.`)));
  if (info.probleme) parts.push(h("p", { class: "dl-error" }, fr(info.probleme)));
  if (!parts.length) return "";
  return h("div", { class: "dl-sheet-changes", role: "group", "aria-label": "Fiches de personnage" }, ...parts);
}

// The follow-ups Python offers on the sheets themselves, after the roll's own.
export function sheetFollowups(widget, result) {
  return (result.suites_fiche || []).map((offer) => followupForm(widget, offer));
}

// The one undo of a sheet, if the change is still its last one: the French line to show.
export async function undoChange(written) {
  try {
    const done = await undoSheet(written.id, written.rev);
    if (done.record) return "changement annulé, la fiche est revenue à sa version d’avant.";
    if (done.conflict === null) return "cette fiche n’existe plus sur cet appareil.";
    return "la fiche a changé depuis : rien n’a été annulé (voyez-la dans « Mes personnages »).";
  } catch (err) {
    return err.message;
  }
}

// A follow-up on a sheet itself (« Ajouter un état à Perseüs »): its fields, then Python's answer written back.
function followupForm(widget, offer) {
  const prefix = `${widget.el.id}-suite-${offer.id}-${widget.formSerial = (widget.formSerial || 0) + 1}`;
  const out = h("p", { class: "dl-sheet-followup__out", role: "status" });
  const form = h("form", { class: "dl-sheet-followup", novalidate: "" },
    h("details", {}, h("summary", {}, fr(offer.libelle)),
      ...offer.parametres.map((param) => widget.formKit.field(param, prefix)),
      h("button", { type: "submit", class: "md-button" }, fr(offer.libelle))), out);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const jeu = widget.roller.split(".", 1)[0];
    const record = await getSheet(offer.fiche_id).catch(() => null);
    if (!record) return (out.textContent = fr("Cette fiche n’existe plus sur cet appareil."));
    let answer;
    try {
      answer = await sheetsCall({ op: "sheet_followup", fiche: record.fiche, suite: offer.id, params: widget.formKit.readForm(form) }, jeu);
    } catch (err) {
      return (out.textContent = fr(`Pas fait : ${err.message}.`));
    }
    if (!answer.ok) return (out.textContent = fr(answer.error));
    const written = await writeBack(jeu, { fiche: [{ id: record.id, rev: record.rev }] },
      { ...answer.result, modifications: answer.result.modifications.map((c) => ({ ...c, cible: "fiche" })) });
    out.textContent = fr(written.probleme || `${answer.result.resultat}.`);
  });
  return form;
}
