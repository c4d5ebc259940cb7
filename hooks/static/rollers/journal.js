// The roll journal (« Journal des jets »): every "dl:jet" event of any page is
// kept (journal-store.js) and shown in a dialog opened from a button in
// Material's header; entries are copied as French text (journal-text.js),
// exported and imported as JSON, and cleared after a confirmation.

import { h } from "./dom.js";
import { addJournalEntry, clearJournal, journalFromJson, journalState, journalToJson, loadJournal, replaceJournal, JOURNAL_CAP, JOURNAL_KEY } from "./journal-store.js";
import { frenchSpacing, journalDiceText, journalEntryText, journalSessionText, journalTimeText, journalTitleText } from "./journal-text.js";

const JOURNAL_ID = "dl-journal";
const JOURNAL_ICON = "M13.5 8H12v5l4.28 2.54.72-1.21-3.5-2.08V8M13 3a9 9 0 0 0-9 9H1l3.96 4.03L9 12H6a7 7 0 0 1 7-7 7 7 0 0 1 7 7 7 7 0 0 1-7 7c-1.93 0-3.68-.79-4.94-2.06l-1.42 1.42A8.9 8.9 0 0 0 13 21a9 9 0 0 0 9-9 9 9 0 0 0-9-9";
const journalView = { dialog: null, list: null, message: null, confirm: null, live: null, file: null, count: null };
const journalPendingActions = new WeakMap(); // widget element -> label of the follow-up just asked

export function startJournal() {
  loadJournal();
  document.addEventListener("dl:jet", onJournalEvent);
  // The label of a follow-up, read from its button when it is asked (the event has only its id).
  document.addEventListener("submit", (event) => {
    const form = event.target.closest?.(".dl-action");
    const widget = form?.closest(".dl-roller");
    if (widget) journalPendingActions.set(widget, form.querySelector("button[type=submit]")?.textContent.trim() || "");
  }, true);
  window.addEventListener("storage", (event) => {
    if (event.key !== JOURNAL_KEY) return;
    loadJournal();
    renderJournal();
  });
  const mount = () => mountJournal();
  if (globalThis.document$?.subscribe) globalThis.document$.subscribe(mount);
  else mount();
}

// --- events ------------------------------------------------------------

function onJournalEvent(event) {
  const detail = event.detail || {};
  const widget = event.target instanceof Element ? event.target : null;
  const actionLibelle = detail.op === "action" && widget ? journalPendingActions.get(widget) : null;
  if (widget) journalPendingActions.delete(widget);
  const entry = addJournalEntry(detail, { pageTitre: document.title.split(" - ")[0], actionLibelle });
  mountJournal();
  renderJournal();
  journalView.live.textContent = `Jet n° ${entry.n} ajouté au journal des jets${journalState.kept ? "" : " (non conservé)"}.`;
}

// --- the header button and the dialog (re-made if instant navigation dropped them) --------

function mountJournal() {
  const header = document.querySelector(".md-header__inner");
  if (header && !header.querySelector(".dl-journal-button")) {
    const button = h("button", { type: "button", class: "md-header__button md-icon dl-journal-button", "aria-label": "Journal des jets", title: "Journal des jets", "aria-haspopup": "dialog", "aria-controls": JOURNAL_ID },
      journalIcon(), h("span", { class: "dl-journal-button__count", "aria-hidden": "true" }));
    button.addEventListener("click", openJournal);
    const search = header.querySelector('label[for="__search"]');
    header.insertBefore(button, search || null);
  }
  if (!journalView.dialog || !journalView.dialog.isConnected) buildJournalDialog();
  if (!journalView.live || !journalView.live.isConnected) {
    journalView.live = h("div", { class: "dl-visually-hidden", "aria-live": "polite", role: "status" });
    document.body.append(journalView.live);
  }
  renderJournalCount();
}

function journalIcon() {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  const path = document.createElementNS(ns, "path");
  path.setAttribute("d", JOURNAL_ICON);
  svg.append(path);
  return svg;
}

function journalButton(label, onClick, extra = {}) {
  const button = h("button", { type: "button", class: "dl-journal__button", ...extra }, label);
  button.addEventListener("click", onClick);
  return button;
}

function buildJournalDialog() {
  const file = h("input", { type: "file", accept: "application/json,.json", class: "dl-visually-hidden", tabindex: "-1", "aria-hidden": "true" });
  file.addEventListener("change", () => importJournalFile(file));
  const closeButton = journalButton("Fermer", () => journalView.dialog.close(), { class: "dl-journal__button dl-journal__close" });
  const dialog = h("dialog", { id: JOURNAL_ID, class: "dl-journal", "aria-labelledby": `${JOURNAL_ID}-titre` },
    h("div", { class: "dl-journal__head" },
      h("h2", { id: `${JOURNAL_ID}-titre`, class: "dl-journal__title" }, "Journal des jets"),
      closeButton),
    h("p", { class: "dl-journal__intro" },
      frenchSpacing(`Les jets de toutes les pages, gardés dans ce navigateur seulement (les ${JOURNAL_CAP} derniers) ; rien n'est envoyé ailleurs.`)),
    h("div", { class: "dl-journal__tools" },
      journalButton("Copier tout", () => copyJournalText(journalSessionText(journalState.entries), "Tout le journal est copié.")),
      journalButton("Exporter (JSON)", exportJournal),
      journalButton("Importer (JSON)", () => file.click()),
      journalButton("Effacer…", askClearJournal, { class: "dl-journal__button dl-journal__button--danger" })),
    file,
    h("div", { class: "dl-journal__confirm", hidden: "" }),
    h("p", { class: "dl-journal__message", role: "status" }),
    h("ol", { class: "dl-journal__list", reversed: "" }));
  dialog.addEventListener("click", (event) => {
    if (event.target === dialog) dialog.close(); // a tap on the backdrop closes it
  });
  document.body.append(dialog);
  Object.assign(journalView, {
    dialog,
    file,
    list: dialog.querySelector(".dl-journal__list"),
    message: dialog.querySelector(".dl-journal__message"),
    confirm: dialog.querySelector(".dl-journal__confirm"),
  });
  renderJournal();
}

function openJournal() {
  mountJournal();
  renderJournal();
  journalView.confirm.hidden = true;
  say(journalState.problem);
  if (!journalView.dialog.open) journalView.dialog.showModal();
}

// --- rendering -----------------------------------------------------------

function renderJournalCount() {
  const count = journalState.entries.length;
  for (const span of document.querySelectorAll(".dl-journal-button__count")) span.textContent = count ? String(Math.min(count, 999)) : "";
}

function renderJournal() {
  renderJournalCount();
  if (!journalView.list) return;
  const entries = journalState.entries;
  if (!entries.length) {
    journalView.list.replaceChildren(h("li", { class: "dl-journal__empty" },
      frenchSpacing("Aucun jet pour l'instant : chaque jet d'un lanceur, sur n'importe quelle page, s'ajoutera ici.")));
  } else {
    journalView.list.replaceChildren(...entries.slice().reverse().map(journalItem));
  }
  if (journalState.problem) say(journalState.problem);
}

function journalItem(entry) {
  const kind = entry.reussite === true ? "ok" : entry.reussite === false ? "ko" : "neutre";
  const dice = journalDiceText(entry);
  const time = new Date(entry.quand);
  const item = h("li", { class: `dl-journal__entry dl-journal__entry--${kind}`, "data-n": String(entry.n) },
    h("p", { class: "dl-journal__meta" },
      h("strong", {}, `Jet n°\u00a0${entry.n}`), " · ",
      h("time", { datetime: time.toISOString() }, journalTimeText(entry.quand))),
    h("p", { class: "dl-journal__roller" },
      h("a", { href: entry.page + (entry.section ? `#${entry.section}` : "") }, frenchSpacing(journalTitleText(entry))),
      entry.pageTitre ? h("span", { class: "dl-journal__page" }, frenchSpacing(` (page « ${entry.pageTitre} »)`)) : ""),
    h("p", { class: "dl-journal__outcome" }, frenchSpacing(entry.resultat)),
    dice ? h("p", { class: "dl-journal__dice" }, frenchSpacing(dice)) : "",
    h("p", { class: "dl-journal__links" },
      entry.lien ? h("a", { href: entry.lien, class: "dl-journal__replay" }, "Rejouer ce jet") : "",
      journalButton("Copier", () => copyJournalText(journalEntryText(entry), `Jet n° ${entry.n} copié.`),
        { "aria-label": `Copier le jet n° ${entry.n}` })));
  for (const link of item.querySelectorAll("a")) link.addEventListener("click", () => journalView.dialog.close());
  return item;
}

function say(text) {
  journalView.message.textContent = frenchSpacing(text);
}

// --- copy, export, import, clear ------------------------------------------

async function copyJournalText(text, done) {
  journalView.confirm.hidden = true;
  try {
    if (!navigator.clipboard?.writeText) throw new Error("presse-papiers indisponible");
    await navigator.clipboard.writeText(text);
    say(done);
  } catch (err) {
    console.warn("Journal des jets : copie refusée", err);
    // Refused: the text is shown selected, to copy by hand.
    const area = h("textarea", { class: "dl-journal__copy", readonly: "", rows: "4", "aria-label": "Texte à copier" });
    area.value = text;
    journalView.confirm.replaceChildren(
      h("p", {}, frenchSpacing("Le navigateur a refusé la copie : sélectionnez le texte ci-dessous et copiez-le à la main.")), area,
      journalButton("Fermer", () => { journalView.confirm.hidden = true; }));
    journalView.confirm.hidden = false;
    say("Copie refusée par le navigateur.");
    area.focus();
    area.select();
  }
}

function exportJournal() {
  const blob = new Blob([journalToJson()], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const day = new Date().toISOString().slice(0, 10);
  const link = h("a", { href: url, download: `journal-des-jets-${day}.json`, hidden: "" });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  say(`Journal exporté (${journalState.entries.length} jet${journalState.entries.length > 1 ? "s" : ""}) : fichier journal-des-jets-${day}.json.`);
}

async function importJournalFile(input) {
  const file = input.files?.[0];
  input.value = "";
  if (!file) return;
  let text;
  try {
    text = await file.text();
  } catch (err) {
    say(`Le fichier n'a pas pu être lu (${err.message}).`);
    return;
  }
  const read = journalFromJson(text);
  if (read.error) {
    say(read.error);
    return;
  }
  const apply = () => {
    replaceJournal(read);
    renderJournal();
    say(`Journal importé : ${read.entries.length} jet${read.entries.length > 1 ? "s" : ""}.${journalState.kept ? "" : ` ${journalState.problem}`}`);
  };
  if (!journalState.entries.length) apply();
  else askJournal(`Remplacer les ${journalState.entries.length} jets du journal par les ${read.entries.length} du fichier ?`, "Oui, remplacer", apply);
}

function askClearJournal() {
  if (!journalState.entries.length) {
    say("Le journal est déjà vide.");
    return;
  }
  askJournal(`Effacer les ${journalState.entries.length} jets du journal ? Ils ne pourront pas être retrouvés.`, "Oui, effacer", () => {
    clearJournal();
    renderJournal();
    say("Journal effacé.");
  });
}

function askJournal(question, yes, onYes) {
  const no = journalButton("Annuler", () => {
    journalView.confirm.hidden = true;
    say("Rien n'a été changé.");
  });
  const ok = journalButton(yes, () => {
    journalView.confirm.hidden = true;
    onYes();
  }, { class: "dl-journal__button dl-journal__button--danger" });
  journalView.confirm.replaceChildren(h("p", {}, frenchSpacing(question)), h("p", { class: "dl-journal__tools" }, ok, no));
  journalView.confirm.hidden = false;
  no.focus();
}
