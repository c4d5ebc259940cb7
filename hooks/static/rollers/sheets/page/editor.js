// Creating and editing a sheet: the form (sheets/page/form.js), the save checked by Python
// (« Vérification… » while the engine starts), written with compare-and-swap; when another
// tab saved the same sheet meanwhile, this form's changes are laid over that newer copy
// (field by field), checked again and written: nothing is lost, and the other tab's
// version stays one « Annuler » away.

import { fr, h } from "../../browser/dom.js";
import { sheetButton, tell } from "./ask.js";
import { checkSheet, engineWaitText, plainSheetError } from "../engine.js";
import { sheetForm } from "./form.js";
import { addSheet, askPersistence, getMeta, getSheet, setMeta, writeSheet } from "../store.js";

const MERGE_TRIES = 3;

// The editor for `record` (null: a new sheet, from `start`, a sheet without id or an example copy).
export function sheetEditor(page, record, start = null) {
  const base = record ? record.fiche : newSheet(page, start);
  let form = sheetForm(page.schema, base, `${page.el.id}-form`);
  const status = h("p", { class: "dl-sheets__saving", role: "status" });
  const draft = h("div", { class: "dl-sheets__draft", hidden: "" });
  const draftKey = record ? `brouillon:${record.id}` : `brouillon:nouveau:${page.jeu}`;
  const save = sheetButton("Enregistrer", () => submit(), { primary: true, class: "md-button md-button--primary dl-sheets__save" });
  const drop = sheetButton("Abandonner", () => {
    forgetDraft();
    page.showList(record ? record.id : null);
  });
  const title = record ? `Modifier ${record.fiche.nom}` : "Nouveau personnage";
  const el = h("form", { class: "dl-sheets__editor", novalidate: "", "aria-labelledby": `${page.el.id}-editor-title` },
    h("h2", { id: `${page.el.id}-editor-title`, tabindex: "-1" }, fr(title)),
    draft, form.el, h("p", { class: "dl-sheets__buttons" }, save, drop), status);
  el.addEventListener("submit", (event) => {
    event.preventDefault();
    submit();
  });
  let busy = false;

  // What is typed is kept on the device as it is typed (a phone may reload the tab): the form
  // offers it back the next time it opens; a save or « Abandonner » forgets it.
  let draftTimer = 0;
  const keepDraft = () => {
    clearTimeout(draftTimer);
    draftTimer = setTimeout(() => setMeta(draftKey, { quand: Date.now(), fiche: form.read() }).catch(() => null), 400);
  };
  el.addEventListener("input", keepDraft);
  el.addEventListener("change", keepDraft);
  el.addEventListener("click", (event) => event.target.closest(".dl-sheet-form__add, .dl-sheet-form__remove") && keepDraft());
  function forgetDraft() {
    clearTimeout(draftTimer);
    setMeta(draftKey, null).catch(() => null);
  }
  getMeta(draftKey).then((kept) => {
    if (!kept?.fiche || JSON.stringify(kept.fiche) === JSON.stringify(form.read())) return;
    const when = new Date(kept.quand).toLocaleString("fr-FR", { dateStyle: "short", timeStyle: "short" });
    draft.replaceChildren(h("p", {}, fr(`Une saisie de cette fiche n’a pas été enregistrée (${when}).`)),
      h("p", { class: "dl-sheets__buttons" },
        sheetButton("Reprendre cette saisie", () => {
          const restored = sheetForm(page.schema, { ...base, ...kept.fiche, id: base.id, jeu: base.jeu }, `${page.el.id}-form`);
          form.el.replaceWith(restored.el);
          form = restored;
          draft.hidden = true;
          restored.el.querySelector("input, select, textarea")?.focus();
        }, { primary: true }),
        sheetButton("L’oublier", () => {
          forgetDraft();
          draft.hidden = true;
        })));
    draft.hidden = false;
  }).catch(() => null);

  async function submit() {
    if (busy) return;
    busy = true;
    save.disabled = true;
    form.clear();
    tell(status, engineWaitText());
    try {
      const typed = { ...form.read(), modifie: new Date().toISOString() };
      const checked = await checkSheet(typed, page.jeu);
      if (checked.error) return refuse(checked);
      const done = record ? await saveOver(record, checked.fiche) : await addSheet(checked.fiche);
      if (done.error) return refuse(done);
      if (done.exists) return refuse({ error: "Une fiche de même identifiant existe déjà\u202F: rien n’a été enregistré." });
      askPersistence();
      forgetDraft();
      tell(status, "");
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

  function refuse({ error, field = null }) {
    const path = field ? field.replace(/^fiche\./, "") : null;
    const input = path ? form.mark(path, plainSheetError(error, field)) : null;
    tell(status, `${plainSheetError(error, field)} Rien n’a été enregistré.`, null, "error");
    status.setAttribute("role", "alert");
    (input || status).focus?.();
    if (input) input.closest("details")?.setAttribute("open", "");
  }

  // Written over `record`'s revision; if another tab changed it, this form's own changes
  // (what differs from the version it opened) go over the newer copy, Python checks the result.
  async function saveOver(opened, mine) {
    let done = await writeSheet(opened.id, opened.rev, mine, "Modification de la fiche");
    let merged = false;
    let both = [];
    for (let i = 0; done.conflict && i < MERGE_TRIES; i += 1) {
      if (!done.conflict) break;
      const theirs = done.conflict;
      const laid = layOver(opened.fiche, mine, theirs.fiche, page.schema);
      both = laid.both;
      const checked = await checkSheet({ ...laid.fiche, modifie: new Date().toISOString() }, page.jeu);
      if (checked.error) return checked;
      merged = true;
      done = await writeSheet(opened.id, theirs.rev, checked.fiche, "Modification de la fiche");
    }
    if (done.conflict === null) {
      return { error: "Cette fiche a été supprimée ailleurs entre-temps\u202F: « Annuler » dans la liste la rend, puis enregistrez à nouveau." };
    }
    if (done.conflict) return { error: "Cette fiche change sans cesse ailleurs (un autre onglet)\u202F: rien n’a été enregistré, réessayez." };
    return { ...done, merged, both };
  }

  return { el, focus: () => el.querySelector("h2").focus(), refresh: async () => {
    if (!record) return;
    const now = await getSheet(record.id);
    if (now && now.rev !== record.rev) {
      tell(status, "Cette fiche vient de changer ailleurs (autre onglet ou jet)\u202F: à l’enregistrement, vos changements seront ajoutés aux siens.");
    }
  } };
}

// A new sheet: the schema's defaults, this game, a fresh id; `start` may give a whole sheet (a copy).
function newSheet(page, start) {
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
