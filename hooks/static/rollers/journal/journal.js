// The roll journal (« Journal des jets »): every "dl:jet" of any page is kept
// (journal/store.js) and shown in a dialog opened from Material's header;
// copied as French text (journal/text.js), exported, imported, cleared.

import { h, pageLayer } from "../browser/dom.js";
import { addJournalEntry, journal, journalFromJson, journalToJson, loadJournal, saveJournal, setJournal, sitePath, JOURNAL_CAP } from "./store.js";
import { detailText, entryText, journalFr, outcomeText, sessionText, titleText } from "./text.js";
import { loadBundle } from "../browser/bundles.js";
import { afterDrawn } from "../browser/schedule.js";

const jv = {}; // the dialog's parts: dialog, list, message, ask, live, file
const askedLabels = new WeakMap(); // widget -> the follow-up button just pressed (the event has only its id)

export function startJournal() {
  loadJournal();
  document.addEventListener("submit", (event) => {
    const widget = event.target.closest?.(".dl-action")?.closest(".dl-roller");
    if (widget) askedLabels.set(widget, event.target.querySelector("button")?.textContent);
  }, true);
  document.addEventListener("dl:jet", ({ target, detail: d }) => {
    const entry = addJournalEntry({
      quand: d.quand, roller: d.roller, titre: d.titre, page: sitePath(d.page) || "/", section: d.section || "",
      action: d.action, suite: d.action ? askedLabels.get(target) || null : null,
      resultat: String(d.resultat), reussite: d.reussite, des: d.des, repere: d.repere || "", lien: sitePath(d.lien),
      personnage: d.personnage || null, fiches: d.fiches || [], reserve: d.reserve || null,
    });
    mountJournal();
    // The list is drawn only while it is open (up to JOURNAL_CAP entries: thousands of elements).
    if (jv.dialog.open) renderJournal();
    else renderCount();
    jv.live.textContent = journalFr(`Jet n° ${entry.n} ajouté au journal des jets.`);
    // The whole journal (up to JOURNAL_CAP entries) written to the browser's storage once the roll's
    // outcome is drawn, not in the tap's path (browser/schedule.js afterDrawn; before the page is left).
    afterDrawn(() => {
      saveJournal();
      if (journal.problem) jv.message.textContent = journal.problem;
    });
  });
  if (globalThis.document$?.subscribe) globalThis.document$.subscribe(mountJournal);
  else mountJournal();
}

function mountJournal() {
  const header = document.querySelector(".md-header__inner");
  if (header && !header.querySelector(".dl-journal-button")) {
    const button = h("button", { type: "button", class: "md-header__button md-icon dl-journal-button", "aria-label": "Journal des jets", title: "Journal des jets", "aria-haspopup": "dialog" },
      h("span", { class: "dl-journal-button__count", "aria-hidden": "true" }));
    button.insertAdjacentHTML("afterbegin", '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M13.5 8H12v5l4.28 2.54.72-1.21-3.5-2.08V8M13 3a9 9 0 0 0-9 9H1l3.96 4.03L9 12H6a7 7 0 0 1 7-7 7 7 0 0 1 7 7 7 7 0 0 1-7 7c-1.93 0-3.68-.79-4.94-2.06l-1.42 1.42A8.9 8.9 0 0 0 13 21a9 9 0 0 0 9-9 9 9 0 0 0-9-9"/></svg>');
    button.addEventListener("click", openJournal);
    header.insertBefore(button, header.querySelector('label[for="__search"]'));
  }
  if (!jv.dialog?.isConnected) buildJournal();
  renderCount();
}

function jButton(label, onClick, attrs = {}) {
  const button = h("button", { type: "button", class: "md-button", ...attrs }, label);
  button.addEventListener("click", onClick);
  return button;
}

function buildJournal() {
  jv.file = h("input", { type: "file", accept: ".json,application/json", hidden: "" });
  jv.file.addEventListener("change", importJournal);
  jv.ask = h("div", { class: "dl-journal__ask", hidden: "" });
  jv.message = h("p", { class: "dl-journal__message", role: "status" });
  jv.list = h("ol", { class: "dl-journal__list" });
  jv.live = h("p", { class: "dl-journal__live dl-visually-hidden", "aria-live": "polite" });
  jv.dialog = h("dialog", { class: "dl-journal md-typeset", "aria-labelledby": "dl-journal-titre" },
    h("div", { class: "dl-journal__head" }, h("h2", { id: "dl-journal-titre" }, "Journal des jets"),
      jButton("Fermer", () => jv.dialog.close())),
    h("p", {}, journalFr(`Les jets de toutes les pages, gardés dans ce navigateur seulement (les ${JOURNAL_CAP} derniers) ; rien n’est envoyé ailleurs.`)),
    h("p", { class: "dl-journal__tools" },
      jButton("Copier tout", () => copyJournal(sessionText(journal.entries), "Tout le journal est copié.")),
      jButton("Exporter (JSON)", exportJournal), jButton("Importer (JSON)", () => jv.file.click()),
      jButton("Effacer…", () => (!journal.entries.length ? say("Le journal est déjà vide.") : ask(`Effacer les ${journal.entries.length} jets du journal ? On ne pourra pas les retrouver.`, "Oui, effacer", () => {
        setJournal([], 1);
        say("Journal effacé.");
      })))),
    jv.file, jv.ask, jv.message, jv.list);
  jv.dialog.addEventListener("click", followJournalLink);
  jv.dialog.addEventListener("close", () => jv.list.replaceChildren()); // drawn again when opened
  pageLayer().append(jv.dialog, jv.live);
}

// A tap on the backdrop or on a link closes the dialog (a replay on this page is played
// in place: bindReplayLinks in widget/links.js).
function followJournalLink(event) {
  if (event.target === jv.dialog || event.target.closest("a")) jv.dialog.close();
}

function openJournal() {
  mountJournal();
  jv.ask.hidden = true;
  say("");
  jv.dialog.showModal();
}

function renderCount() {
  const count = journal.entries.length;
  for (const span of document.querySelectorAll(".dl-journal-button > .dl-journal-button__count")) {
    span.textContent = count || "";
    // The visible count is part of the button's name (axe: label-content-name-mismatch).
    span.closest("button")?.setAttribute("aria-label", count ? `Journal des jets, ${count}` : "Journal des jets");
  }
}

function renderJournal() {
  renderCount();
  jv.list.replaceChildren(...journal.entries.map(journalItem).reverse());
  if (!journal.entries.length) jv.list.append(h("li", {}, journalFr("Aucun jet pour l’instant : chaque jet d’un lanceur, sur n’importe quelle page, s’ajoute ici.")));
}

function journalItem(e) {
  const dice = detailText(e);
  return h("li", { class: `dl-journal__entry dl-journal__entry--${e.reussite ?? "neutre"}`, "data-n": e.n },
    h("p", {}, h("strong", {}, journalFr(`Jet n° ${e.n}`)), ` · ${new Date(e.quand).toLocaleString("fr-FR", { dateStyle: "short", timeStyle: "medium" })}`),
    h("p", {}, h("a", { href: `${e.page}#${e.section}` }, journalFr(titleText(e)))),
    h("p", { class: "dl-journal__outcome" }, journalFr(outcomeText(e))),
    dice ? h("p", {}, journalFr(dice)) : "",
    ...sheetLines(e),
    h("p", { class: "dl-journal__tools" },
      e.lien ? h("a", { href: e.lien, class: "dl-journal__replay" }, "Rejouer ce jet") : "",
      jButton("Copier", () => copyJournal(entryText(e), `Jet n° ${e.n} copié.`), { "aria-label": `Copier le jet n° ${e.n}` })));
}

// What the roll changed on its sheets and the Réserve, and one undo for all of it (their one undo, if this
// is still their last change; the roll's result on its page goes back with them, sheets/story.js).
function sheetLines(e) {
  const fiches = e.fiches || [];
  const reserve = e.reserve && !e.reserve.ailleurs ? e.reserve : null; // written on this device
  const lines = fiches.map((f) => h("p", { class: "dl-journal__sheet" }, journalFr(`Fiche de ${f.nom} : ${f.lignes.join(" ; ")}.`)));
  if (reserve) lines.push(h("p", { class: "dl-journal__sheet" }, journalFr(`Réserve du meneur : ${reserve.lignes.join(" ; ")}.`)));
  const forMeneur = e.reserve?.ailleurs
    ? [h("p", { class: "dl-journal__sheet" }, journalFr(`Pour le meneur : ${e.reserve.lignes.join(" ; ")}.`))] : [];
  if (!lines.length) return forMeneur; // nothing written here: nothing to undo
  const last = lines[lines.length - 1];
  const names = [...fiches.map((f) => f.nom), ...(reserve ? ["la Réserve du meneur"] : [])].join(", ");
  const undo = jButton("Annuler ce changement", async () => {
    undo.disabled = true;
    let said;
    try {
      await loadBundle("fiches.js"); // the sheets' write-back (sheets/fiches.js), fetched when pressed
      said = await globalThis.desEtLames.fiches.undoWritten(String(e.roller).split(".", 1)[0], e);
    } catch (err) {
      said = `rien n’a été annulé (${err.message}).`;
    }
    last.after(h("p", { class: "dl-journal__sheet" }, journalFr(said)));
    undo.remove();
  }, { "aria-label": journalFr(`Annuler ce changement : ${names}`) });
  last.append(" ", undo);
  return [...lines, ...forMeneur];
}

function say(text) {
  jv.message.textContent = [journalFr(text), journal.problem].filter(Boolean).join(" ");
  renderJournal();
}

function ask(question, yes, onYes) {
  const no = jButton("Annuler", () => { jv.ask.hidden = true; say("Rien n’a été changé."); });
  jv.ask.replaceChildren(h("p", {}, journalFr(question)), jButton(yes, () => { jv.ask.hidden = true; onYes(); }), no);
  jv.ask.hidden = false;
  no.focus();
}

async function copyJournal(text, done) {
  try {
    await navigator.clipboard.writeText(text);
    say(done);
  } catch (err) {
    console.warn("Journal des jets : copie refusée", err);
    const area = h("textarea", { readonly: "", rows: "4", "aria-label": "Texte à copier" });
    area.value = text;
    jv.ask.replaceChildren(h("p", {}, journalFr("Le navigateur a refusé la copie : sélectionnez ce texte et copiez-le vous-même.")), area);
    jv.ask.hidden = false;
    area.select();
  }
}

function exportJournal() {
  const name = `journal-des-jets-${new Date().toISOString().slice(0, 10)}.json`;
  const link = h("a", { href: URL.createObjectURL(new Blob([journalToJson()], { type: "application/json" })), download: name });
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  say(`Journal exporté : ${name}.`);
}

async function importJournal() {
  const file = jv.file.files[0];
  jv.file.value = "";
  if (!file) return;
  const read = journalFromJson(await file.text());
  if (read.error) return say(read.error);
  const load = () => {
    setJournal(read.entries, read.next);
    say(`Journal importé : ${read.entries.length} jet${read.entries.length > 1 ? "s" : ""}.`);
  };
  if (journal.entries.length) ask(`Remplacer les ${journal.entries.length} jets du journal par les ${read.entries.length} du fichier ?`, "Oui, remplacer", load);
  else load();
}
