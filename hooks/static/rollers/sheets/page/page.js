// « Mes personnages »: a game's sheets kept on this device. The page (one per game) holds
// <div class="dl-sheets" data-jeu="…" data-schema="…">, the schema written by the build from
// rules_py; this module draws the list, one sheet, its form (sheets/page/editor.js), the book's
// example characters, export and import (sheets/page/files.js), a share link (sheets/page/link.js),
// print, delete with « Annuler » and the one undo. It works before the engine has booted:
// only a save, an import or a shared sheet waits for Python's check (« Vérification… »).

import { fr, h } from "../../browser/dom.js";
import { waitsForTap } from "../../engine/first-tap.js";
import { askReader, sheetButton, tell } from "./ask.js";
import { checkSheet, engineWaitText } from "../engine.js";
import { newSheetId, sheetEditor } from "./editor.js";
import { exportAll, exportOne, importSheets } from "./files.js";
import { shareSupported, sheetFromFragment, sheetShareUrl } from "./link.js";
import { addSheet, askPersistence, deleteSheet, getSheet, listSheets, persistenceState, restoreDeleted, undoSheet, watchSheets, writeSheet } from "../store.js";
import { reserveSection } from "./reserve.js";
import { kindLabel, sheetView } from "./view.js";
import { runtime } from "../../engine/runtime.js";
import { showSheetToMeneur } from "../../table/show-sheet.js";

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
    this.records = [];
    this.current = null; // {view: "list" | "sheet" | "form" | "received", id, editor}
    this.where = h("p", { class: "dl-sheets__where" });
    this.message = h("p", { class: "dl-sheets__message", role: "status" });
    this.ask = h("div", { class: "dl-sheets__ask", hidden: "" });
    this.main = h("div", { class: "dl-sheets__main" });
    this.file = h("input", { type: "file", accept: ".json,application/json", hidden: "", "aria-hidden": "true", tabindex: "-1" });
    this.file.addEventListener("change", () => this.importFile());
    el.replaceChildren(this.where, this.message, this.ask, this.main, this.file);
    this.showWhere();
    watchSheets((detail) => this.changedElsewhere(detail));
    this.start();
  }

  async start() {
    const shared = await sheetFromFragment();
    if (shared) return this.showShared(shared);
    await this.showList();
    // The engine starts in an idle moment: a save's check is then immediate.
    if (!waitsForTap()) (globalThis.requestIdleCallback || setTimeout)(() => runtime.start(new Set([this.jeu])).catch(() => null), { timeout: 3000 });
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
    await this.load();
    const count = this.records.length;
    const list = h("ul", { class: "dl-sheets__list" }, ...this.records.map((record) => this.card(record)));
    const title = h("h2", { id: `${this.el.id}-liste`, tabindex: "-1" }, count ? `Vos fiches (${count})` : "Vos fiches");
    this.main.replaceChildren(
      title,
      h("p", { class: "dl-sheets__buttons" },
        sheetButton("Nouveau personnage", () => this.showForm(null), { primary: true }),
        sheetButton("Importer des fiches", () => this.file.click()),
        sheetButton("Tout exporter", () => this.exportEverything())),
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
    return h("li", { class: "dl-sheet-card", "data-id": record.id },
      h("h3", { class: "dl-sheet-card__name" }, open), h("p", { class: "dl-sheet-card__details" }, fr(details)));
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
    const record = await getSheet(id).catch(() => null);
    if (!record) return this.showList(null, "Cette fiche n’existe plus sur cet appareil.");
    this.current = { view: "sheet", id, rev: record.rev };
    const undo = record.precedente
      ? sheetButton(`Annuler la dernière modification (${record.precedente.raison})`, () => this.undo(record))
      : "";
    this.main.replaceChildren(
      h("p", {}, sheetButton("← Tous mes personnages", () => this.showList(id))),
      sheetView(this.schema, record.fiche, "h2"),
      h("p", { class: "dl-sheets__buttons dl-sheets__tools" },
        sheetButton("Modifier", () => this.showForm(record), { primary: true }),
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

  showForm(record, start = null) {
    const editor = sheetEditor(this, record, start);
    this.current = { view: "form", id: record?.id || null, editor };
    tell(this.message, "");
    this.main.replaceChildren(editor.el);
    editor.focus();
  }

  // A shared link: the sheet shown (once Python has checked it), « Ajouter à mes personnages ».
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
    this.main.replaceChildren(h("h2", { tabindex: "-1" }, "Fiche reçue par un lien"), h("p", { role: "status" }, engineWaitText()));
    const checked = await checkSheet(shared.fiche, this.jeu);
    if (checked.error) {
      tell(this.message, `Fiche du lien refusée\u00a0: ${checked.error}`, null, "error");
      return forget();
    }
    const fiche = checked.fiche;
    if (fiche.jeu !== this.jeu) {
      this.main.replaceChildren(h("h2", {}, "Fiche reçue par un lien"),
        h("p", {}, fr(`Cette fiche est d’un autre jeu : ouvrez le lien depuis la page « Mes personnages » de ce jeu (${fiche.jeu}).`)));
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

  // A sheet from elsewhere (a link, an example) kept: its id asked about if it exists.
  async keep(fiche) {
    const existing = await getSheet(fiche.id).catch(() => null);
    let toAdd = fiche;
    if (existing) {
      const answer = await askReader(this.ask, `« ${fiche.nom} » : une fiche de même identifiant existe déjà sur cet appareil (« ${existing.fiche.nom} »). Que faire ?`,
        [["remplacer", "Remplacer"], ["deux", "Garder les deux"], ["annuler", "Annuler"]]);
      if (answer === "annuler") return null;
      if (answer === "remplacer") {
        const written = await writeSheet(existing.id, existing.rev, fiche, "Remplacée par une fiche reçue");
        return written.record ? existing.id : this.failed("La fiche a changé entre-temps : rien n’a été remplacé, réessayez.");
      }
      const copy = await checkSheet({ ...fiche, id: newSheetId() }, this.jeu);
      if (copy.error) return this.failed(copy.error);
      toAdd = copy.fiche;
    }
    try {
      const added = await addSheet(toAdd);
      if (!added.record) return this.failed("Une fiche de même identifiant vient d’apparaître : rien n’a été ajouté, réessayez.");
      askPersistence();
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
    tell(this.message, engineWaitText());
    const checked = await checkSheet({ ...example, id: newSheetId(), modifie: new Date().toISOString() }, this.jeu);
    if (checked.error) return this.failed(checked.error);
    const id = await this.keep(checked.fiche);
    if (id) this.showSheet(id, `« ${checked.fiche.nom} » est maintenant l’un de vos personnages : modifiez-le à votre guise.`);
  }

  async duplicate(record) {
    tell(this.message, engineWaitText());
    const checked = await checkSheet({ ...record.fiche, id: newSheetId(), nom: `${record.fiche.nom} (copie)`.slice(0, 60), modifie: new Date().toISOString() }, this.jeu);
    if (checked.error) return this.failed(checked.error);
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
    tell(this.message, engineWaitText());
    try {
      const done = await importSheets(this, file);
      await this.showList(null);
      tell(this.message, done.text, null, done.ids.length ? "" : "error");
    } catch (err) {
      this.failed(err.message);
    }
  }

  async exportEverything() {
    try {
      const records = await listSheets(null);
      if (!records.length) return tell(this.message, "Aucune fiche à exporter sur cet appareil.");
      exportAll(records, this.schema.format_fichier ?? this.schema.format);
      tell(this.message, `${records.length} fiche${records.length > 1 ? "s exportées" : " exportée"} (tous les jeux), dans un fichier .json de vos téléchargements.`);
    } catch (err) {
      this.failed(err.message);
    }
  }

  // Another tab, or a roll on another page, changed sheets: the view follows.
  changedElsewhere(detail) {
    if (!this.el.isConnected) return false; // the page has gone (instant navigation)
    if ((detail.jeu && detail.jeu !== this.jeu) || !detail.ailleurs) return true;
    this.follow(detail);
    return true;
  }

  async follow(detail) {
    const view = this.current?.view;
    if (detail.reserve) return view === "list" ? this.reserve?.refresh() : undefined;
    if (view === "list") await this.showList();
    else if (view === "sheet" && detail.ids.includes(this.current.id)) {
      const record = await getSheet(this.current.id).catch(() => null);
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
