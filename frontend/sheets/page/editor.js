// Creating and editing a sheet: the form (sheets/page/form.js), kept on this device as a draft as it is
// typed (storage/sheets.js: a reload, leaving the page or another tab finds it again, until it is saved or
// discarded; « Abandonner » keeps it one « Annuler » away). The save is checked against the game's
// schema in the page (sheets/page/check.js) and kept at once, with compare-and-swap; the engine checks
// it whole when it is there (sheets/verify.js). When another tab saved the same sheet meanwhile, this
// form's changes are laid over that newer copy (field by field), checked again and written: nothing is
// lost, and the other tab's version stays one « Annuler » away.

import { fr, h, storageTrouble } from "../../browser/index.js";
import { formSheetError, plainSheetError, sheetButton, tell, verifyWhenReady, whenSaid } from "../index.js";
import { checkSheetHere } from "./check.js";
import { sheetForm } from "./form.js";
import { discardDraft, draftKeys, forgetDraft, forgetDraftInFlight, keepDraft, keepDraftInFlight } from "./device.js";
import { addSheet, askPersistence, getSheet, writeSheet } from "../../storage/index.js";

const MERGE_TRIES = 3;
const DRAFT_DELAY_MS = 300;

// The editor for `record` (null: a new sheet, from `start`, a sheet without id or an example copy);
// `draft`: a draft kept on the device, taken up again; `refusal`: the engine's sentence to show on its field.
export function sheetEditor(page, record, { start = null, draft = null, refusal = null } = {}) {
  // What the form opens on (the sheet as saved, or a new sheet's defaults): typed to this, nothing is kept.
  const base = record ? record.fiche : draft ? { ...newSheet(page), id: draft.fiche_id } : newSheet(page, start);
  const id = base.id;
  const opened = draft ? draft.ouverte : record ? record.fiche : null; // what this form's changes are made from
  const prefix = `${page.el.id}-form`;
  let form = sheetForm(page.schema, base, prefix);
  const pristine = JSON.stringify(form.read()); // nothing typed: no draft
  if (draft) form = sheetForm(page.schema, { ...base, ...draft.fiche, id, jeu: page.jeu }, prefix);
  const status = h("p", { class: "dl-sheets__saving", role: "status" });
  const resumed = h("p", { class: "dl-sheets__draft" });
  if (draft) {
    resumed.append(fr(`Saisie reprise telle qu’elle était le ${whenSaid(draft.date)}, pas encore enregistrée. « Abandonner » l’écarte (avec « Annuler » pour revenir).`));
  } else resumed.hidden = true;
  // The form's submit button: Enter in a text field saves too (the button was 26 Tabs away).
  const save = sheetButton("Enregistrer", () => null, { primary: true, type: "submit", class: "md-button md-button--primary dl-sheets__save" });
  const drop = sheetButton("Abandonner", () => abandon());
  const title = record ? `Modifier ${record.fiche.nom}` : "Nouveau personnage";
  const el = h("form", { class: "dl-sheets__editor", novalidate: "", "aria-labelledby": `${page.el.id}-editor-title` },
    h("h2", { id: `${page.el.id}-editor-title`, tabindex: "-1" }, fr(title)),
    resumed, form.el, h("p", { class: "dl-sheets__buttons" }, save, drop), status);
  el.addEventListener("submit", (event) => {
    event.preventDefault();
    submit();
  });
  let busy = false;
  let closed = false; // saved or abandoned: no draft written after
  let kept = Boolean(draft); // a draft of this sheet is on the device

  // What is typed is kept on the device as it is typed: a moment after a keystroke, at once when a
  // field is left or a row added or removed, and when the page is hidden or left (a phone may drop the
  // tab; a reload or an address typed ends the page before an IndexedDB write commits: `going`, the
  // draft is written synchronously first, device.js keepDraftInFlight).
  let draftTimer = 0;
  const typed = () => form.read();
  const keepNow = (going = false) => {
    clearTimeout(draftTimer);
    if (closed) return Promise.resolve(); // (a form left by an instant navigation still keeps what it held)
    const now = typed();
    if (JSON.stringify(now) === pristine) {
      if (!kept) return Promise.resolve();
      kept = false;
      forgetDraftInFlight(id);
      return forgetDraft(id, page.jeu).catch((err) => console.warn("Mes personnages : brouillon non effacé", err));
    }
    kept = true;
    const draft = { jeu: page.jeu, fiche_id: id, date: new Date().toISOString(), fiche: now, ouverte: opened };
    if (going) keepDraftInFlight(draft);
    return keepDraft(draft).then(() => forgetDraftInFlight(id, draft),
      (err) => tell(status, `La saisie n’a pas pu être gardée sur cet appareil (${err.message}).`, null, "error"));
  };
  const keepSoon = () => {
    clearTimeout(draftTimer);
    draftTimer = setTimeout(keepNow, DRAFT_DELAY_MS);
  };
  el.addEventListener("input", keepSoon);
  el.addEventListener("change", keepNow);
  el.addEventListener("click", (event) => {
    if (event.target.closest(".dl-sheet-form__add, .dl-sheet-form__remove")) setTimeout(keepNow, 0);
  });
  // (Not during a save: its own transaction holds what was typed, and the draft goes with it.)
  const hidden = (event) => {
    if (!el.isConnected) return removeHiddenWatch();
    if (!busy && (event.type === "pagehide" || document.visibilityState === "hidden")) keepNow(true);
  };
  const removeHiddenWatch = () => {
    document.removeEventListener("visibilitychange", hidden);
    window.removeEventListener("pagehide", hidden);
  };
  document.addEventListener("visibilitychange", hidden);
  window.addEventListener("pagehide", hidden);

  // « Abandonner »: what was typed leaves the form, kept one « Annuler » away.
  async function abandon() {
    await keepNow();
    closed = true;
    removeHiddenWatch();
    forgetDraftInFlight(id);
    const discarded = kept ? await discardDraft(id).catch(storageTrouble("la saisie en cours")) : null;
    await page.showList(record ? record.id : null);
    if (discarded) page.offerDraftBack(discarded);
  }

  async function submit() {
    if (busy) return;
    busy = true;
    save.disabled = true;
    form.clear();
    try {
      const checked = checkSheetHere(page.catalogue, { ...typed(), modifie: new Date().toISOString() }, "fiche", page.jeu);
      if (checked.error) return refuse(checked);
      const current = record || (draft ? await getSheet(id) : null); // a draft of a sheet kept since
      // The draft goes in the save's own transaction: a reload right after « Enregistrer » listed it as unsaved.
      const gone = draftKeys(id, draft);
      const done = current ? await saveOver(current, opened || current.fiche, checked.fiche, gone) : await addSheet(checked.fiche, "page", gone);
      if (done.error) return refuse(done);
      if (done.exists) return refuse({ error: "Une fiche de même identifiant existe déjà\u202F: rien n’a été enregistré." });
      closed = true;
      clearTimeout(draftTimer);
      removeHiddenWatch();
      forgetDraftInFlight(id);
      await forgetDraft(id, page.jeu).catch((err) => console.warn("Mes personnages : brouillon non effacé", err));
      askPersistence();
      verifyWhenReady();
      page.showSheet(done.record.id, done.merged
        ? `Fiche enregistrée. Elle avait changé ailleurs (autre onglet ou jet) depuis que vous l’aviez ouverte\u202F: vos changements ont été ajoutés aux siens${done.both.length ? ` (pour ${done.both.join(", ")}, votre valeur a été gardée\u202F; « Annuler la dernière modification » rend l’autre)` : ""}.`
        : "Fiche enregistrée sur cet appareil. Pensez à l’exporter de temps en temps (un fichier à garder ailleurs).");
    } catch (err) {
      refuse({ error: err.message });
    } finally {
      busy = false;
      save.disabled = false;
    }
  }

  // One sentence, once (« Rien n’a été enregistré. » is said here, not by the layers below).
  function refuse({ error, field = null }) {
    const input = markOn(field, error);
    const sentence = formSheetError(error, field);
    tell(status, /rien n’a été (enregistré|changé)/i.test(sentence) ? sentence : `${sentence} Rien n’a été enregistré.`, null, "error");
    status.setAttribute("role", "alert");
    (input || status).focus?.();
  }

  function markOn(field, error) {
    const path = field ? field.replace(/^fiche\./, "") : null;
    const input = path ? form.mark(path, formSheetError(error, field)) : null;
    if (input) input.closest("details")?.setAttribute("open", "");
    return input;
  }

  // Written over the sheet as it is now (`current`); if it changed since the form opened on `openedFiche`,
  // this form's own changes (what differs from `openedFiche`) go over the newer copy, checked again.
  async function saveOver(current, openedFiche, mine, gone) {
    const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
    let done = same(current.fiche, openedFiche) ? await writeSheet(current.id, current.rev, mine, "Modification de la fiche", "page", gone) : { conflict: current };
    let merged = false;
    let both = [];
    for (let i = 0; done.conflict && i < MERGE_TRIES; i += 1) {
      const theirs = done.conflict;
      const laid = layOver(openedFiche, mine, theirs.fiche, page.schema);
      both = laid.both;
      const checked = checkSheetHere(page.catalogue, { ...laid.fiche, modifie: new Date().toISOString() }, "fiche", page.jeu);
      if (checked.error) return checked;
      merged = true;
      done = await writeSheet(current.id, theirs.rev, checked.fiche, "Modification de la fiche", "page", gone);
    }
    if (done.conflict === null) {
      return { error: "Cette fiche a été supprimée ailleurs entre-temps\u202F: « Annuler » dans la liste la rend, puis enregistrez à nouveau." };
    }
    if (done.conflict) return { error: "Cette fiche change sans cesse ailleurs (un autre onglet)\u202F: rien n’a été enregistré, réessayez." };
    return { ...done, merged, both };
  }

  return {
    el,
    focus: () => {
      if (refusal) {
        const input = markOn(refusal.champ, refusal.texte);
        tell(status, `Les règles refusent cette fiche\u00a0: ${plainSheetError(refusal.texte, refusal.champ)}`, null, "error");
        if (input) return input.focus();
      }
      el.querySelector("h2").focus();
    },
    refresh: async () => {
      if (!record) return;
      const now = await getSheet(record.id);
      if (now && now.rev !== record.rev) {
        tell(status, "Cette fiche vient de changer ailleurs (autre onglet ou jet)\u202F: à l’enregistrement, vos changements seront ajoutés aux siens.");
      }
    },
  };
}

// A new sheet: the schema's defaults, this game, a fresh id; `start` may give a whole sheet (a copy).
function newSheet(page, start = null) {
  const fiche = {};
  for (const field of page.schema.champs) {
    if (field.defaut !== undefined && field.defaut !== null) fiche[field.nom] = structuredClone(field.defaut);
  }
  return { ...fiche, ...(start || {}), id: newSheetId(), jeu: page.jeu, format: page.schema.format };
}

export function newSheetId() {
  return globalThis.crypto?.randomUUID?.() || `f${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
}

// Three-way, field by field: `mine`'s changes from `opened` laid over `theirs`.
// {fiche, both: the French labels of fields both sides changed differently (mine kept)}.
export function layOver(opened, mine, theirs, schema) {
  const out = { ...theirs };
  const both = [];
  const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
  for (const key of Object.keys(mine)) {
    if (key === "modifie" || same(mine[key], opened[key])) continue;
    if (!same(theirs[key], opened[key]) && !same(theirs[key], mine[key])) {
      both.push(`« ${schema.champs.find((f) => f.nom === key)?.libelle || key} »`);
    }
    out[key] = mine[key];
  }
  return { fiche: out, both };
}
