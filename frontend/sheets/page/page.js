// « Mes personnages »: a game's sheets kept on this device. The page (one per game) holds
// <div class="dl-sheets" data-jeu="…" data-schema="…" data-sauvegarde="…">, the game's schema and
// every game's fields as a check reads them, written by the build from rules_py; this module draws
// the list (with the drafts not yet saved and the sheets the rules refused), one sheet, its form
// (sheets/page/editor.js), the book's example characters, the backup and the files
// (sheets/page/files.js), a share link (sheets/page/link.js), print, delete with « Annuler » and the
// one undo. Nothing the reader does waits for the engine: a save, an import, an example or a
// shared sheet is checked against the schema here (sheets/page/check.js) and kept at once; the
// engine checks each kept sheet whole when it is there (sheets/verify.js).

import { besides, fr, h, STORAGE_TROUBLE, storageTrouble } from "../../browser/index.js";
import { runtime, waitsForTap } from "../../engine/index.js";
import { askReader, kindLabel, plainSheetError, sheetButton, sheetView, tell, verifyWhenReady, whenSaid } from "../index.js";
import { checkSheetHere } from "./check.js";
import { newSheetId, sheetEditor } from "./editor.js";
import { exportBackup, exportOne, importSheets } from "./files.js";
import { shareSupported, sheetFromFragment, sheetShareUrl } from "./link.js";
import { getDraft, listDrafts, restoreDraft, settleDraftsInFlight } from "./device.js";
import { addSheet, askPersistence, deleteSheet, getSheet, listSheets, persistenceState, restoreDeleted, undoSheet, watchSheets, writeSheet } from "../../storage/index.js";
import { reserveSection } from "./reserve.js";
import { paperSheet } from "./paper.js";
import { showSheetToMeneur } from "../../table/index.js";
import { followSteps, sheetInAddress, stepTo } from "./steps.js";

export function bindSheetsPages() {
  for (const el of document.querySelectorAll(".dl-sheets[data-jeu][data-schema]")) {
    if (!el.dlSheets) el.dlSheets = new SheetsPage(el);
  }
}

class SheetsPage {
  constructor(el) {
    this.el = el;
    this.el.id ||= `personnages-${el.dataset.jeu}`;
    this.jeu = el.dataset.jeu;
    this.schema = JSON.parse(el.dataset.schema);
    this.catalogue = JSON.parse(el.dataset.sauvegarde); // every game's fields, the backup's format
    this.records = [];
    this.current = null; // {view: "list" | "sheet" | "form" | "received", id, editor}
    this.stepped = false; // the sheet shown was a step from the list, in this tab's history (steps.js)
    this.where = h("p", { class: "dl-sheets__where" });
    this.message = h("p", { class: "dl-sheets__message", role: "status" });
    this.ask = h("div", { class: "dl-sheets__ask", hidden: "" });
    this.main = h("div", { class: "dl-sheets__main" });
    this.file = h("input", { type: "file", accept: ".json,application/json", hidden: "", "aria-hidden": "true", tabindex: "-1" });
    this.file.addEventListener("change", () => this.importFile());
    el.replaceChildren(this.where, this.message, this.ask, this.main, this.file);
    this.showWhere();
    watchSheets((detail) => this.changedElsewhere(detail));
    followSteps(this);
    this.start();
  }

  async start() {
    await settleDraftsInFlight().catch((err) => console.warn("Mes personnages : saisies laissées non reprises", err));
    const shared = await sheetFromFragment();
    if (shared) return this.showShared(shared);
    const named = sheetInAddress(); // a sheet's view reloaded, or opened again by forward
    if (named) await this.showSheet(named);
    else await this.showList();
    // The engine starts in an idle moment, and checks whole what was kept before it was there.
    verifyWhenReady();
    if (!waitsForTap()) (globalThis.requestIdleCallback || setTimeout)(() => runtime.start(new Set([this.jeu])).catch(besides("the engine started ahead (its failure is said by the first check or roll that needs it)")), { timeout: 3000 });
  }

  // Said at once; whether the browser promised to keep them, once it has answered.
  async showWhere() {
    this.where.replaceChildren(h("strong", {}, "Vos fiches ne sont que sur cet appareil"),
      fr(", dans ce navigateur\u202F: rien n’est envoyé ailleurs. Exportez-les après chaque changement (un fichier à garder ailleurs) pour ne pas les perdre."));
    const kept = {
      accordee: " Le navigateur a promis de ne pas les effacer pour faire de la place.",
      refusee: " Le navigateur n’a pas promis de les garder si la place manque\u202F: exportez-les.",
    }[await persistenceState()];
    if (kept) this.where.append(fr(kept));
  }

  // --- views -------------------------------------------------------------

  async load() {
    try {
      this.records = await listSheets(this.jeu);
      return true;
    } catch (err) {
      tell(this.message, err.message, null, "error");
      this.records = [];
      return false;
    }
  }

  async showList(focusId = null, text = null) {
    this.current = { view: "list" };
    stepTo(this, null);
    await this.load();
    const drafts = await listDrafts(this.jeu).catch(storageTrouble("les saisies en cours", []));
    const count = this.records.length;
    const list = h("ul", { class: "dl-sheets__list" }, ...this.records.map((record) => this.card(record)));
    const title = h("h2", { id: `${this.el.id}-liste`, tabindex: "-1" }, count ? `Vos fiches (${count})` : "Vos fiches");
    const gameTitle = this.catalogue.jeux[this.jeu].titre;
    this.main.replaceChildren(
      ...this.draftsList(drafts), // first: what she was typing, one tap from its form again
      title,
      h("p", { class: "dl-sheets__buttons" },
        sheetButton("Nouveau personnage", () => this.showForm(null), { primary: true }),
        sheetButton("Importer des fiches", () => this.file.click()),
        sheetButton("Tout exporter", () => this.exportEverything(null), { "aria-describedby": `${this.el.id}-exports` }),
        sheetButton(`Exporter les fiches de ${gameTitle}`, () => this.exportEverything(this.jeu))),
      h("p", { class: "dl-sheets__hint", id: `${this.el.id}-exports` },
        fr(`« Tout exporter » sauvegarde vos fiches de tous les jeux, les réserves du meneur et les saisies non enregistrées dans un fichier, à réimporter depuis la page « Mes personnages » de n’importe quel jeu. Les fiches reçues par « La table » n’y sont pas : ce sont des copies, que leurs joueuses vous montrent de nouveau.`)),
      count ? list : h("p", { class: "dl-sheets__empty" }, fr("Aucune fiche pour l’instant : créez votre personnage, ou partez d’un personnage d’exemple ci-dessous.")),
      ...this.examples(),
    );
    this.reserve = reserveSection(this);
    if (this.reserve) this.main.append(this.reserve.el);
    if (text !== null) tell(this.message, text);
    const card = focusId && this.main.querySelector(`[data-id="${CSS.escape(focusId)}"] .dl-sheet-card__open`);
    if (card) card.focus();
    else if (focusId !== null) title.focus();
  }

  card(record) {
    const f = record.fiche;
    const open = h("button", { type: "button", class: "dl-sheet-card__open" }, fr(f.nom));
    open.addEventListener("click", () => this.showSheet(record.id));
    const details = [kindLabel(this.schema, f), f.joueuse ? `joué par ${f.joueuse}` : "",
      `modifiée le ${new Date(record.quand).toLocaleDateString("fr-FR")}`].filter(Boolean).join(" · ");
    return h("li", { class: `dl-sheet-card${record.refus ? " dl-sheet-card--refused" : ""}`, "data-id": record.id },
      h("h3", { class: "dl-sheet-card__name" }, open), h("p", { class: "dl-sheet-card__details" }, fr(details)),
      record.refus ? h("p", { class: "dl-sheet-card__refused" }, fr(`Refusée par les règles, pas proposée aux lanceurs\u00a0: ${plainSheetError(record.refus.texte, record.refus.champ)}`)) : "");
  }

  // The forms not yet saved (kept on this device as they were typed): each one tap from its form again.
  draftsList(drafts) {
    if (!drafts.length) return [];
    const known = new Map(this.records.map((r) => [r.id, r]));
    return [
      h("h2", {}, "Saisies non enregistrées"),
      h("ul", { class: "dl-sheets__list dl-sheets__drafts" }, ...drafts.map((draft) => {
        const record = known.get(draft.fiche_id) || null;
        const name = String(draft.fiche.nom || "").trim() || "Sans nom";
        const what = record ? `modification de « ${record.fiche.nom} »` : "nouvelle fiche";
        return h("li", { class: "dl-sheet-card dl-sheet-card--draft", "data-brouillon": draft.fiche_id },
          h("h3", { class: "dl-sheet-card__name" }, fr(name)),
          h("p", { class: "dl-sheet-card__details" }, fr(`${what} · saisie le ${whenSaid(draft.date)}`)),
          h("p", {}, sheetButton("Reprendre la saisie", () => this.showForm(record, { draft }), { "aria-label": `Reprendre la saisie (${name})` })));
      })),
    ];
  }

  examples() {
    const examples = this.schema.exemples || [];
    if (!examples.length) return [];
    return [
      h("h2", {}, "Personnages d’exemple"),
      h("p", {}, fr("Prêts à jouer : « Ajouter à mes personnages » en fait une copie à vous, que vous pouvez modifier (l’exemple ne change pas).")),
      h("ul", { class: "dl-sheets__examples" }, ...examples.map((example) => {
        const fiche = example.fiche || example;
        return h("li", { class: "dl-sheet-card dl-sheet-card--example" },
          h("h3", { class: "dl-sheet-card__name" }, fr(fiche.nom), h("span", { class: "dl-sheet-badge" }, kindLabel(this.schema, fiche))),
          fiche.notes ? h("p", { class: "dl-sheet-card__details" }, fr(firstSentence(fiche.notes))) : "",
          h("details", { class: "dl-sheet-card__more" }, h("summary", {}, "Voir la fiche"), sheetView(this.schema, fiche, "h4")),
          h("p", {}, sheetButton("Ajouter à mes personnages", () => this.adopt(fiche), { "aria-label": `Ajouter à mes personnages (${fiche.nom})` })));
      })),
    ];
  }

  async showSheet(id, text = null) {
    const record = await getSheet(id).catch(storageTrouble("une fiche", false));
    if (record === false) return this.showList(null, STORAGE_TROUBLE);
    if (!record) return this.showList(null, "Cette fiche n’existe plus sur cet appareil.");
    this.current = { view: "sheet", id, rev: record.rev, refus: record.refus || null };
    stepTo(this, id);
    const undo = record.precedente
      ? sheetButton(`Annuler la dernière modification (${record.precedente.raison})`, () => this.undo(record))
      : "";
    const draft = await getDraft(id).catch(storageTrouble("la saisie en cours de cette fiche"));
    this.main.replaceChildren(
      h("p", {}, sheetButton("← Tous mes personnages", () => this.showList(id))),
      record.refus ? h("div", { class: "dl-sheets__refused" },
        h("p", {}, h("strong", {}, "Les règles refusent cette fiche"), fr(`\u00a0: ${plainSheetError(record.refus.texte, record.refus.champ)}`)),
        h("p", {}, fr("Elle reste gardée sur cet appareil, mais les lanceurs ne la proposent pas tant qu’elle n’est pas corrigée.")),
        h("p", {}, sheetButton("Corriger", () => this.showForm(record, { refusal: record.refus }), { primary: true }))) : "",
      draft ? h("div", { class: "dl-sheets__draft" },
        h("p", {}, fr(`Une modification de cette fiche, saisie le ${whenSaid(draft.date)}, n’a pas été enregistrée.`)),
        h("p", {}, sheetButton("Reprendre la saisie", () => this.showForm(record, { draft })))) : "",
      sheetView(this.schema, record.fiche, "h2"),
      paperSheet(this.schema, record.fiche) || "", // what « Imprimer » prints: the blank sheet, filled
      h("p", { class: "dl-sheets__buttons dl-sheets__tools" },
        sheetButton("Modifier", () => this.showForm(record, draft ? { draft } : {}), { primary: !record.refus }),
        shareSupported() ? sheetButton("Montrer ma fiche au meneur", () => showSheetToMeneur(this.schema, record.fiche)
          .catch((err) => this.failed(err.message))) : "",
        undo,
        sheetButton("Dupliquer", () => this.duplicate(record)),
        sheetButton("Exporter", () => {
          exportOne(record);
          tell(this.message, `Fiche « ${record.fiche.nom} » exportée (un fichier .json, dans vos téléchargements).`);
        }),
        shareSupported() ? sheetButton("Partager par un lien", () => this.share(record)) : "",
        sheetButton("Imprimer", () => window.print()),
        sheetButton("Supprimer", () => this.remove(record))),
      h("div", { class: "dl-sheets__share", hidden: "" }),
    );
    tell(this.message, text || "");
    this.main.querySelector(".dl-sheet-view__name").setAttribute("tabindex", "-1");
    this.main.querySelector(".dl-sheet-view__name").focus();
  }

  // `options`: {start, draft, refusal} (sheets/page/editor.js).
  showForm(record, options = {}) {
    const editor = sheetEditor(this, record, options);
    this.current = { view: "form", id: record?.id || null, editor };
    tell(this.message, "");
    this.main.replaceChildren(editor.el);
    editor.focus();
  }

  // After « Abandonner »: what was typed, one « Annuler » away.
  offerDraftBack(draft) {
    const again = sheetButton("Annuler", async () => {
      const back = await restoreDraft(this.jeu).catch((err) => this.failed(err.message));
      if (!back) return this.failed("Cette saisie ne peut plus revenir (une autre saisie de la même fiche a été gardée depuis).");
      const record = await getSheet(back.fiche_id).catch(storageTrouble("une fiche"));
      this.showForm(record, { draft: back });
    });
    const name = String(draft.fiche?.nom || "").trim();
    tell(this.message, `Saisie abandonnée${name ? ` (« ${name} »)` : ""}.`, again);
    again.focus();
  }

  // A shared link: the sheet shown at once (checked against the schema here), « Ajouter à mes personnages ».
  async showShared(shared) {
    this.current = { view: "received" };
    const forget = () => {
      history.replaceState(history.state, "", window.location.pathname + window.location.search);
      this.showList();
    };
    if (shared.error) {
      tell(this.message, shared.error, null, "error");
      return this.showList();
    }
    const checked = checkSheetHere(this.catalogue, shared.fiche, "fiche");
    if (checked.error) {
      tell(this.message, `Fiche du lien refusée\u00a0: ${plainSheetError(checked.error, checked.field)}`, null, "error");
      return forget();
    }
    const fiche = checked.fiche;
    if (fiche.jeu !== this.jeu) {
      const other = this.catalogue.jeux[fiche.jeu];
      this.main.replaceChildren(h("h2", {}, "Fiche reçue par un lien"),
        h("p", {}, fr(`« ${fiche.nom} » est une fiche de ${other.titre} : ouvrez le lien depuis la page « Mes personnages » de ${other.titre}.`)));
      return;
    }
    this.main.replaceChildren(
      h("h2", { tabindex: "-1" }, "Fiche reçue par un lien"),
      h("p", {}, fr("Ce lien contient la fiche elle-même (rien n’est passé par un serveur). Elle n’est pas encore sur cet appareil.")),
      sheetView(this.schema, fiche, "h3"),
      h("p", { class: "dl-sheets__buttons" },
        sheetButton("Ajouter à mes personnages", async () => {
          const id = await this.keep(fiche);
          if (id) {
            history.replaceState(history.state, "", window.location.pathname + window.location.search);
            this.showSheet(id, `« ${fiche.nom} » est ajouté à vos personnages, sur cet appareil.`);
          }
        }, { primary: true }),
        sheetButton("Ne pas l’ajouter", forget)),
    );
    this.main.querySelector("h2").focus();
  }

  // --- actions -------------------------------------------------------------

  // A sheet from elsewhere (a link, an example, a copy), checked here, kept at once: its id asked
  // about if it exists; the engine checks it whole when it is there.
  async keep(fiche) {
    const existing = await getSheet(fiche.id).catch(storageTrouble("une fiche"));
    let toAdd = fiche;
    try {
      if (existing) {
        const answer = await askReader(this.ask, `« ${fiche.nom} » : une fiche de même identifiant existe déjà sur cet appareil (« ${existing.fiche.nom} »). Que faire ?`,
          [["remplacer", "Remplacer"], ["deux", "Garder les deux"], ["annuler", "Annuler"]]);
        if (answer === "annuler") return null;
        if (answer === "remplacer") {
          const written = await writeSheet(existing.id, existing.rev, fiche, "Remplacée par une fiche reçue", "page");
          if (!written.record) return this.failed("La fiche a changé entre-temps : rien n’a été remplacé, réessayez.");
          verifyWhenReady();
          return existing.id;
        }
        toAdd = { ...fiche, id: newSheetId() };
      }
      const added = await addSheet(toAdd, "page");
      if (!added.record) return this.failed("Une fiche de même identifiant vient d’apparaître : rien n’a été ajouté, réessayez.");
      askPersistence();
      verifyWhenReady();
      return added.record.id;
    } catch (err) {
      return this.failed(err.message);
    }
  }

  failed(text) {
    tell(this.message, text, null, "error");
    return null;
  }

  async adopt(example) {
    const checked = checkSheetHere(this.catalogue, { ...example, id: newSheetId(), modifie: new Date().toISOString() }, "fiche", this.jeu);
    if (checked.error) return this.failed(plainSheetError(checked.error, checked.field));
    const id = await this.keep(checked.fiche);
    if (id) this.showSheet(id, `« ${checked.fiche.nom} » est maintenant l’un de vos personnages : modifiez-le à votre guise.`);
  }

  async duplicate(record) {
    const checked = checkSheetHere(this.catalogue, { ...record.fiche, id: newSheetId(), nom: `${record.fiche.nom} (copie)`.slice(0, 60), modifie: new Date().toISOString() }, "fiche", this.jeu);
    if (checked.error) return this.failed(plainSheetError(checked.error, checked.field));
    const id = await this.keep(checked.fiche);
    if (id) this.showSheet(id, `Copie faite : « ${checked.fiche.nom} ».`);
  }

  async undo(record) {
    try {
      const done = await undoSheet(record.id, record.rev);
      if (done.record) return this.showSheet(record.id, `Modification annulée (${done.undone}) : la fiche est revenue à sa version précédente.`);
      return this.showSheet(record.id, "Cette fiche a changé entre-temps : rien n’a été annulé. La voici telle qu’elle est.");
    } catch (err) {
      return this.failed(err.message);
    }
  }

  async remove(record) {
    try {
      await deleteSheet(record.id);
    } catch (err) {
      return this.failed(err.message);
    }
    await this.showList(null);
    const again = sheetButton("Annuler", () => this.restore());
    tell(this.message, `« ${record.fiche.nom} » est supprimé de cet appareil.`, again);
    again.focus();
  }

  async restore() {
    try {
      const done = await restoreDeleted(this.jeu);
      if (done.record) return this.showSheet(done.record.id, `« ${done.record.fiche.nom} » est revenu.`);
      return this.failed(done.exists ? "Une fiche de même identifiant existe déjà : rien n’a été rétabli." : "Plus rien à rétablir.");
    } catch (err) {
      return this.failed(err.message);
    }
  }

  async share(record) {
    const box = this.main.querySelector(".dl-sheets__share");
    const url = await sheetShareUrl(record.fiche);
    const field = h("input", { type: "text", readonly: "", value: url, id: `${this.el.id}-lien`, class: "dl-sheets__link" });
    const copy = sheetButton("Copier le lien", async () => {
      try {
        await navigator.clipboard.writeText(url);
        tell(this.message, "Lien copié : envoyez-le à qui doit recevoir la fiche.");
      } catch {
        field.select();
        tell(this.message, "Le navigateur a refusé la copie : le lien est sélectionné, copiez-le vous-même.");
      }
    });
    box.replaceChildren(h("label", { for: field.id }, "Lien vers cette fiche (la fiche est dans le lien lui-même, jamais envoyée à un serveur)"), field, copy);
    box.hidden = false;
    field.focus();
    field.select();
  }

  async importFile() {
    const file = this.file.files[0];
    this.file.value = "";
    if (!file) return;
    tell(this.message, "Lecture du fichier…");
    try {
      const done = await importSheets(this, file);
      await this.showList(null);
      tell(this.message, done.text, done.action || null, done.error ? "error" : "");
    } catch (err) {
      this.failed(err.message);
    }
  }

  // « Tout exporter » (`jeu` null: the device's backup) or « Exporter les fiches de … » (this game's).
  async exportEverything(jeu) {
    try {
      const done = await exportBackup(this, jeu);
      tell(this.message, done.text);
    } catch (err) {
      this.failed(err.message);
    }
  }

  // Another tab, or a roll on another page, changed sheets: the view follows.
  // The engine's verdict on a kept sheet (sheets/verify.js) is followed in this tab too.
  changedElsewhere(detail) {
    if (!this.el.isConnected) return false; // the page has gone (instant navigation)
    if ((detail.jeu && detail.jeu !== this.jeu) || !(detail.ailleurs || detail.marque)) return true;
    this.follow(detail);
    return true;
  }

  async follow(detail) {
    const view = this.current?.view;
    if (detail.reserve) return view === "list" ? this.reserve?.refresh() : undefined;
    if (detail.brouillons) return view === "list" ? this.showList() : undefined;
    if (view === "sheet" && detail.marque && detail.ids.includes(this.current.id)) {
      const record = await getSheet(this.current.id).catch(storageTrouble("une fiche"));
      if (record && (record.rev !== this.current.rev || JSON.stringify(record.refus || null) !== JSON.stringify(this.current.refus))) {
        return this.showSheet(this.current.id);
      }
      return;
    }
    if (view === "list") await this.showList();
    else if (view === "sheet" && detail.ids.includes(this.current.id)) {
      const record = await getSheet(this.current.id).catch(storageTrouble("une fiche", false));
      if (record === false) return;
      if (!record) return this.showList(null, "Cette fiche vient d’être supprimée (dans un autre onglet).");
      if (record.rev !== this.current.rev) await this.showSheet(this.current.id, detail.ailleurs ? "Cette fiche vient de changer dans un autre onglet : la voici à jour." : null);
    } else if (view === "form" && detail.ids.includes(this.current.id)) {
      this.current.editor.refresh();
    }
  }
}

// Where an example comes from: the first sentence of its notes (« Le personnage d’exemple du livre (002…) »).
function firstSentence(text) {
  const match = /^.*?[.!?](?=\s|$)/s.exec(text);
  return (match ? match[0] : text).slice(0, 300);
}
