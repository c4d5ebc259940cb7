// The roll journal (« Journal des jets »): every "dl:jet" of any page is kept
// (journal/store.js), counted on a button of Material's header and shown in a
// dialog (journal/panel.js: its own bundle, journal-panel.js, fetched once a roll
// of the page is drawn, or when the button is pressed); copied as French text
// (journal/text.js), exported, imported, cleared there.

import { afterDrawn, besides, h, loadBundle, pageLayer } from "../browser/index.js";
import { addJournalEntry, journal, journalFromJson, journalToJson, loadJournal, saveJournal, setJournal, sitePath, JOURNAL_CAP } from "./store.js";
import { journalFr } from "./text.js";

const askedLabels = new WeakMap(); // widget -> the follow-up button just pressed (the event has only its id)
let live = null; // the polite live region: « Ajouté au journal des jets. »
let panel = null; // journal/panel.js, once fetched

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
      ...(d.reels === true ? { reels: true } : {}), // its dice entered by hand: « dés réels »
    });
    mountJournal();
    // The list is drawn only while it is open (up to JOURNAL_CAP entries: thousands of elements).
    renderCount();
    panel?.refreshJournal();
    // Not « Jet n° 2 »: the journal counts every page's rolls and steps, the roller only its own, and the
    // same roll heard under two numbers, one after the other, was two rolls by ear.
    live.textContent = journalFr(entry.action ? "Suite ajoutée au journal des jets." : "Ajouté au journal des jets.");
    // The whole journal (up to JOURNAL_CAP entries) written to the browser's storage once the roll's
    // outcome is drawn, not in the tap's path (browser/schedule.js afterDrawn; before the page is left);
    // then the dialog's module, so that the journal opens at once, with the network or without.
    afterDrawn(() => {
      saveJournal();
      panel?.showProblem();
      loadPanel().catch(besides("the journal's panel fetched ahead (asked again, and said, when the reader opens it)"));
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
  if (!live?.isConnected) {
    live = h("p", { class: "dl-journal__live dl-visually-hidden", "aria-live": "polite" });
    pageLayer().append(live);
  }
  panel?.mountPanel();
  renderCount();
}

// The dialog's module (journal-panel.js), fetched once, given this page's journal.
function loadPanel() {
  return loadBundle("journal-panel.js").then(() => {
    if (!panel) {
      const module = globalThis.desEtLames.journal;
      module.bindJournal({ journal, setJournal, journalToJson, journalFromJson, JOURNAL_CAP, renderCount });
      panel = module;
    }
    return panel;
  });
}

async function openJournal() {
  try {
    (await loadPanel()).openJournal();
  } catch {
    // No network and no offline copy of the book yet, before a roll of this page: said where the reader looks.
    document.querySelector(".dl-notice")?.remove();
    const close = h("button", { type: "button", class: "md-button" }, "Fermer");
    const notice = h("div", { class: "dl-notice", role: "status" },
      journalFr("Le journal des jets n’a pas pu s’ouvrir : cette page n’a pas pu charger son affichage (pas de réseau ?). Les jets restent gardés sur cet appareil. "),
      close);
    close.addEventListener("click", () => notice.remove());
    pageLayer().append(notice);
  }
}

function renderCount() {
  const count = journal.entries.length;
  for (const span of document.querySelectorAll(".dl-journal-button > .dl-journal-button__count")) {
    span.textContent = count || "";
    // The visible count is part of the button's name (axe: label-content-name-mismatch).
    span.closest("button")?.setAttribute("aria-label", count ? `Journal des jets, ${count}` : "Journal des jets");
  }
}
