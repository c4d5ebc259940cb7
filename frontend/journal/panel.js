// The roll journal's dialog (« Journal des jets »): its list, copy, export, import, clear and each roll's
// undo. Its own bundle (journal-panel.js), fetched once a roll of the page is drawn or when the journal
// is opened (journal/journal.js), never before a first roll. The journal itself (journal/store.js) is
// rollers.js's: the dialog gets it from there (bindJournal), so both read and write the same one. Met at
// globalThis.desEtLames.journal (the bundles' meeting place, as sheets/fiches.js's).

import { h, loadBundle, pageLayer } from "../browser/index.js";
import { detailText, entryText, journalFr, outcomeText, sessionText, titleText } from "./text.js";

const jv = {}; // the dialog's parts: dialog, list, message, ask, file
let store = null; // rollers.js's journal: {journal, setJournal, journalToJson, journalFromJson, JOURNAL_CAP, renderCount}

export function bindJournal(journalStore) {
  store = journalStore;
}

// The dialog, in the page's layer (built again after an instant navigation replaced the layer).
export function mountPanel() {
  if (!jv.dialog?.isConnected) buildJournal();
}

// A roll added while the dialog is open is drawn in it; a storage problem is said there.
export function refreshJournal() {
  if (jv.dialog?.open) renderJournal();
}

export function showProblem() {
  if (store.journal.problem && jv.message) jv.message.textContent = store.journal.problem;
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
  jv.dialog = h("dialog", { class: "dl-journal md-typeset", "aria-labelledby": "dl-journal-titre" },
    h("div", { class: "dl-journal__head" }, h("h2", { id: "dl-journal-titre" }, "Journal des jets"),
      jButton("Fermer", () => jv.dialog.close())),
    h("p", {}, journalFr(`Les jets de toutes les pages, gardés dans ce navigateur seulement (les ${store.JOURNAL_CAP} derniers) ; rien n’est envoyé ailleurs.`)),
    h("p", { class: "dl-journal__tools" },
      jButton("Copier tout", () => copyJournal(sessionText(store.journal.entries), "Tout le journal est copié.")),
      jButton("Exporter (JSON)", exportJournal), jButton("Importer (JSON)", () => jv.file.click()),
      jButton("Effacer…", () => (!store.journal.entries.length ? say("Le journal est déjà vide.") : ask(store.journal.entries.length === 1 ? "Effacer le seul jet du journal ? On ne pourra pas le retrouver."
        : `Effacer les ${store.journal.entries.length} jets du journal ? On ne pourra pas les retrouver.`, "Oui, effacer", () => {
        store.setJournal([], 1);
        say("Journal effacé.");
      })))),
    jv.file, jv.ask, jv.message, jv.list);
  jv.dialog.addEventListener("click", followJournalLink);
  jv.dialog.addEventListener("close", () => jv.list.replaceChildren()); // drawn again when opened
  pageLayer().append(jv.dialog);
}

// A tap on the backdrop or on a link closes the dialog (a replay on this page is played
// in place: bindReplayLinks in widget/links.js).
function followJournalLink(event) {
  if (event.target === jv.dialog || event.target.closest("a")) jv.dialog.close();
}

export function openJournal() {
  mountPanel();
  jv.ask.hidden = true;
  say("");
  jv.dialog.showModal();
}

function renderJournal() {
  store.renderCount();
  jv.list.replaceChildren(...store.journal.entries.map(journalItem).reverse());
  if (!store.journal.entries.length) jv.list.append(h("li", {}, journalFr("Aucun jet pour l’instant : chaque jet d’un lanceur, sur n’importe quelle page, s’ajoute ici.")));
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
  jv.message.textContent = [journalFr(text), store.journal.problem].filter(Boolean).join(" ");
  renderJournal();
}

// The question is each answer's description: the focus lands on « Annuler », and a screen reader said
// « Annuler, bouton » without the question.
function ask(question, yes, onYes) {
  const described = { "aria-describedby": "dl-journal-question" };
  const no = jButton("Annuler", () => { jv.ask.hidden = true; say("Rien n’a été changé."); }, described);
  jv.ask.replaceChildren(h("p", { id: "dl-journal-question" }, journalFr(question)),
    jButton(yes, () => { jv.ask.hidden = true; onYes(); }, described), no);
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
  const link = h("a", { href: URL.createObjectURL(new Blob([store.journalToJson()], { type: "application/json" })), download: name });
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  say(`Journal exporté : ${name}.`);
}

async function importJournal() {
  const file = jv.file.files[0];
  jv.file.value = "";
  if (!file) return;
  const read = store.journalFromJson(await file.text());
  if (read.error) return say(read.error);
  const load = () => {
    store.setJournal(read.entries, read.next);
    say(`Journal importé : ${read.entries.length} jet${read.entries.length > 1 ? "s" : ""}.`);
  };
  if (store.journal.entries.length) ask(`Remplacer les ${store.journal.entries.length} jets du journal par les ${read.entries.length} du fichier ?`, "Oui, remplacer", load);
  else load();
}

(globalThis.desEtLames ||= {}).journal = { bindJournal, mountPanel, openJournal, refreshJournal, showProblem };
