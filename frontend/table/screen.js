// « L’écran du meneur »: a game's table page (<div class="dl-table" data-jeu data-schema>, what the
// table reads of the schema, written by the build: hooks/page/sheets.py, table_schema). It receives
// the table's links (opened by the camera app, or pasted: « Coller un lien »), and shows the party's
// sheets received, her requests and their answers (« Demander un jet »: table/ask.js), the last rolls
// received, the meneur's own sheets and Réserve; the page's rollers take any of these sheets
// (sheets/picker.js), and each can be proposed to the table as a scene (« Proposer à la table »).
// Its « Comment ça marche » (the page's opening text) is open on the first visit only.
// The empty table is the build's (hooks/page/table.py): its elements are taken as they are, and
// only what this device holds changes them (nothing moves at load for a device that holds nothing).

import { fr, h } from "../browser/index.js";
import { GAMES } from "../config.js";
import { benchmarkText } from "../journal/index.js";
import { detail, diceGroup, outcome, realDiceWords } from "../result/index.js";
import { sheetButton, sheetView, tell } from "../sheets/index.js";
import {
  forgetReceived, getReserve, listReceived, listReceivedRolls, listRequests, listSheets, nextSequence, watchSheets,
} from "../storage/index.js";
import { glanceLines } from "./glance.js";
import { recordFromFragment, recordLink, showLink } from "../links/index.js";
import { receiveRecord } from "./receive.js";
import { AskForm, requestList } from "./ask.js";
import { sceneBody } from "./scene.js";

const RECEIVED_AGAIN_MS = 1500;
const TABLE_SEEN_KEY = "des-et-lames:table-vu"; // read by every page's <head> (hooks/page/sheets.py PRESENCE_HINT)

// `section`'s last element (after its heading: a list, or what an empty one shows) is now `el`.
function lastOf(section, el) {
  if (section.lastElementChild !== el) section.lastElementChild.replaceWith(el);
}

// « Jet d’Aube reçu : lecture… »: what a link says before the engine has checked it (a name from the link,
// shown as text, never as markup).
function readingText(record) {
  const name = record.kind === "j" ? record.body.c : record.body.n;
  const who = typeof name === "string" && name.trim() ? ` de « ${name.trim().slice(0, 60)} »` : "";
  if (record.kind === "x") return "Jet secret reçu\u202F: lecture du lien… (le moteur de règles le déchiffre et le rejoue)";
  return record.kind === "j"
    ? `Jet${who || " d’un joueur"} reçu\u202F: lecture du lien… (le moteur de règles le rejoue avec les mêmes dés)`
    : `Fiche${who} reçue\u202F: lecture du lien… (le moteur de règles la vérifie)`;
}

export function bindTableScreens() {
  for (const el of document.querySelectorAll(".dl-table[data-jeu][data-schema]")) {
    if (!el.dlTable) el.dlTable = new TableScreen(el);
  }
}

class TableScreen {
  constructor(el) {
    this.el = el;
    this.jeu = el.dataset.jeu;
    this.schema = JSON.parse(el.dataset.schema);
    const part = (selector) => el.querySelector(`:scope > ${selector}`);
    this.message = part(".dl-table__message");
    this.received = part(".dl-table__received");
    this.party = part(".dl-table__party");
    this.own = part(".dl-table__own");
    this.rolls = part(".dl-table__rolls");
    this.requests = part(".dl-table__requests");
    this.noRequest = this.requests.querySelector(".dl-table__none");
    this.ask = new AskForm(this, this.requests.querySelector(".dl-table__ask"));
    // What an empty list shows, and the book's Réserve: put back when the device holds none again.
    this.noSheet = this.party.querySelector(".dl-table__none");
    this.noRoll = this.rolls.querySelector(".dl-table__none");
    this.reserveLine = this.own.querySelector(".dl-table__reserve"); // <strong>its name</strong> : its points…
    this.bookReserve = this.reserveLine?.lastChild.textContent;
    this.ownList = h("ul", { class: "dl-table__cards" });
    [this.partyCount, this.ownCount] = [this.party, this.own].map((section) => section.querySelector(".dl-table__count"));
    const paste = part(".dl-table__paste");
    const field = paste.querySelector("input");
    paste.addEventListener("submit", (event) => {
      event.preventDefault();
      const text = field.value.trim();
      const at = text.indexOf("#");
      field.value = "";
      this.receive(at >= 0 ? text.slice(at) : "#", true);
    });
    for (const roller of document.querySelectorAll(".dl-roller[data-roller]")) this.offerScene(roller);
    foldExplanation();
    document.addEventListener("dl:table", (event) => this.el.isConnected && event.detail?.jeu === this.jeu && this.draw());
    watchSheets((detail) => {
      if (!this.el.isConnected) return false;
      if (!detail.jeu || detail.jeu === this.jeu) this.draw();
      return true;
    });
    this.draw();
    this.receive(window.location.hash, false);
    // A link opened again in this tab, the page already there: a change of its fragment only.
    const again = () => (this.el.isConnected ? this.receive(window.location.hash, false) : window.removeEventListener("hashchange", again));
    window.addEventListener("hashchange", again);
  }

  // A link's fragment (the page's own, or pasted): received, then the fragment forgotten (a reload
  // does not receive it again, and the address bar no longer holds it).
  async receive(hash, pasted) {
    // The same fragment told twice in a row (a navigation to it told again once the address has
    // dropped it: seen in Chromium driven by Playwright) is read once; opened again later, it is read again.
    if (!pasted && this.receiving?.hash === hash && (this.receiving.busy || performance.now() < this.receiving.until)) return;
    if (!pasted) this.receiving = { hash, busy: true };
    try {
      await this.receiveOnce(hash, pasted);
    } finally {
      if (!pasted) this.receiving = { hash, busy: false, until: performance.now() + RECEIVED_AGAIN_MS };
    }
  }

  async receiveOnce(hash, pasted) {
    const record = await recordFromFragment(hash, this.jeu);
    if (record === null) {
      if (pasted) tell(this.message, "Ce n’est pas un lien de la table\u202F: il doit finir par « #table= » suivi des données.", null, "error");
      return;
    }
    if (!pasted) history.replaceState(history.state, "", window.location.pathname + window.location.search);
    if (record.error) {
      tell(this.message, record.error, null, "error");
      return this.message.scrollIntoView({ block: "start" });
    }
    await this.take(record);
  }

  // A record read: received (`accept`: « Accepter ce nouvel appareil » was chosen for it), and said.
  async take(record, accept = false) {
    this.received.replaceChildren(); // a roll drawn before is not this link's
    // Said at once, and where she looks (it sat below a 360×740 screen for the engine's 2-8 s): whose link,
    // what it holds, read before the engine.
    if (["f", "j", "x"].includes(record.kind)) {
      tell(this.message, readingText(record));
      this.message.scrollIntoView({ block: "start" });
    } else tell(this.message, "");
    // the roll drawn once replayed (its journal line, once it is kept); gone again if it could not be kept
    const done = await receiveRecord(record, this.schema, accept, (roll) => this.showRoll(roll));
    if (!done.roll) this.received.replaceChildren();
    const offer = done.accepter ? sheetButton("Accepter ce nouvel appareil", () => this.take(record, true)) : null;
    tell(this.message, done.text, offer, done.kind === "error" ? "error" : "");
    if (!done.scene) this.message.scrollIntoView({ block: "start" });
    if (done.roll) this.showRoll(done.roll);
    if (done.scene) {
      done.scene.el.scrollIntoView({ block: "start" });
      this.message.setAttribute("tabindex", "-1");
    }
    this.draw();
  }

  // A roll received: drawn at the top, marked as received and named with its character; told to the
  // meneur's journal (once: the first time its link is opened on this device).
  showRoll({ record, roll, result, first, secret, numero, manquants, reponse }) {
    const title = document.querySelector(`.dl-roller[data-roller="${roll.roller}"] .dl-roller__title [id$="-titre"]`)?.textContent.trim() || roll.roller;
    const who = roll.personnage ? `de ${roll.personnage}` : "d’un joueur";
    const about = rollNotes({ secret: false, reels: false, numero, manquants, reponse }); // secret, real dice: said in its head
    // Drawn as a roller's result is (the rollers' styles), in a box that is no roller.
    this.received.replaceChildren(h("div", { class: "dl-roller dl-table__roll", "data-roll-id": record.id },
      h("div", { class: "dl-result" },
        h("p", { class: "dl-roll-head" }, h("span", { class: "dl-roll-source" }, fr(`${secret ? "Jet secret reçu" : "Jet reçu"} ${who} — ${title}`)),
          result.reels ? h("span", { class: "dl-roll-source dl-roll-real" }, realDiceWords(roll.roller)) : ""),
        about ? h("p", { class: "dl-table__roll-notes" }, fr(about)) : "",
        outcome(result), ...(result.des || []).map(diceGroup), detail(result))));
    if (!first) return;
    document.dispatchEvent(new CustomEvent("dl:jet", { detail: {
      roller: roll.roller, titre: `Jet reçu : ${title}`, section: "", page: window.location.pathname, numero: 0,
      op: "roll", action: null, resultat: result.resultat, reussite: result.reussite ?? null,
      des: (result.des || []).map((g) => ({ titre: g.titre, des: g.des.map((d) => String(d.libelle || d.valeur)) })),
      repere: benchmarkText(result), lien: null, quand: Date.now(), personnage: roll.personnage, fiches: [],
      reels: result.reels === true,
    } }));
  }

  async draw() {
    let received = [], own = [], rolls = [], requests = [], reserve = null;
    try {
      [received, own, rolls, requests] = await Promise.all([listReceived(this.jeu), listSheets(this.jeu), listReceivedRolls(this.jeu), listRequests(this.jeu)]);
      reserve = this.reserveLine ? await getReserve(this.jeu) : null; // a game with a Réserve: the build wrote its line
    } catch (err) {
      tell(this.message, err.message, null, "error");
    }
    this.partyCount.textContent = received.length;
    lastOf(this.party, received.length
      ? h("ul", { class: "dl-table__cards" }, ...received.map((r) => this.card(r, true))) : this.noSheet);
    this.ownCount.textContent = own.length;
    if (this.reserveLine) {
      this.reserveLine.lastChild.textContent = reserve ? fr(` : ${reserve.reserve.porte_poisse} points de porte-poisse.`) : this.bookReserve;
    }
    this.ownList.replaceChildren(...own.map((r) => this.card(r, false)));
    if (own.length) this.own.querySelector(".dl-table__where").before(this.ownList);
    else this.ownList.remove();
    lastOf(this.requests, requests.length ? requestList(this, requests) : this.noRequest);
    if (this.ask.made) this.ask.refreshWho();
    lastOf(this.rolls, rolls.length
      ? h("ol", { class: "dl-table__roll-list" }, ...rolls.slice(0, 10).map((r) => {
        const about = rollNotes({ secret: r.secret, numero: r.numero, manquants: r.manquants, reels: r.reels, roller: r.roller,
          reponse: r.demande ? { premiere: r.premiere } : null });
        return h("li", { "data-roll-id": r.cle },
          h("strong", {}, fr(r.personnage || "Un joueur")), fr(` — ${r.resultat}`),
          r.reserve?.length ? fr(` (Réserve : ${r.reserve.join(" ; ")})`) : "",
          h("small", {}, fr(`${about ? ` · ${about}` : ""} · ${new Date(r.quand).toLocaleTimeString("fr-FR", { timeStyle: "short" })}`)));
      }))
      : this.noRoll);
  }

  card(record, received) {
    const f = record.fiche;
    const kind = f.type === "pnj" ? "PNJ" : "PJ";
    const parts = [h("h3", { class: "dl-sheet-card__name" }, fr(f.nom), h("span", { class: "dl-sheet-badge" }, received ? `${kind}, reçue` : kind))];
    if (f.joueuse) parts.push(h("p", { class: "dl-sheet-card__details" }, fr(`jouée par ${f.joueuse}`)));
    parts.push(h("dl", { class: "dl-table__glance" }, ...glanceLines(this.jeu, f).flatMap(([label, text]) => [h("dt", {}, fr(label)), h("dd", {}, fr(text))])));
    const more = h("details", { class: "dl-sheet-card__more" }, h("summary", {}, "Toute la fiche"));
    more.addEventListener("toggle", () => more.open && more.children.length === 1 && more.append(sheetView(this.schema, f, "h4")), { once: true });
    parts.push(more);
    if (received) {
      parts.push(h("p", { class: "dl-sheet-card__details" }, fr(`Reçue le ${new Date(record.quand).toLocaleString("fr-FR", { dateStyle: "short", timeStyle: "short" })} (copie n° ${record.n} de son appareil${record.cle_publique ? "" : ", lien non signé"}).`)),
        h("p", {}, sheetButton("Retirer de la table", async () => {
          await forgetReceived(record.cle).catch((err) => tell(this.message, err.message, null, "error"));
          tell(this.message, `« ${f.nom} » est retirée de votre table.`);
          // Its card (and this button) gone: the focus goes to what is said, not to the top of the page.
          this.message.setAttribute("tabindex", "-1");
          this.message.focus();
        }, { "aria-label": `Retirer de la table (${f.nom})` })));
    }
    return h("li", { class: `dl-sheet-card dl-table__card${received ? " dl-table__card--received" : ""}`, "data-id": record.id || record.cle }, ...parts);
  }

  // Under each roller of the page: « Proposer à la table », its form as it is, under a title.
  offerScene(roller) {
    if (roller.querySelector(".dl-table__scene-fold")) return;
    const id = `${roller.id}-scene`;
    const title = h("input", { type: "text", id, maxlength: "80", autocomplete: "off", placeholder: "Le margoulin du marché" });
    const form = h("form", { class: "dl-table__scene", novalidate: "" },
      h("label", { for: id }, fr("Titre de la scène")), title,
      sheetButton("Proposer à la table", () => null, { type: "submit" }));
    // Folded: the roller stays one screen tall; a tap opens it.
    const fold = h("details", { class: "dl-table__scene-fold" }, h("summary", {}, "Proposer à la table"), form);
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const name = title.value.trim() || "Scène";
      const widget = roller.dlWidget;
      try {
        const { auteur, n } = await nextSequence();
        const link = await recordLink("s", this.jeu, auteur, n, sceneBody(widget, name));
        await showLink(link, `Proposer « ${name} » à la table`,
          `Chaque joueuse ouvre ce lien (${GAMES[this.jeu]}) : le lanceur s’y prépare comme vous l’avez réglé ; elle choisit son personnage et lance.`);
      } catch (err) {
        tell(this.message, err.message, null, "error");
      }
    });
    roller.append(fold);
  }
}

// What a received roll is, beyond its outcome: « jet secret », « dés réels », its number on the player's
// phone and the numbers not shown before it (said without blame: a roll made and not shown, for any reason).
function rollNotes({ secret, numero, manquants, reels, reponse, roller }) {
  const notes = [];
  if (secret) notes.push("jet secret");
  if (reels) notes.push(realDiceWords(roller));
  if (reponse) notes.push(reponse.premiere ? "réponse à votre demande" : "deuxième réponse, comptée nulle part");
  if (Number.isSafeInteger(numero)) notes.push(`jet n° ${numero} de son téléphone`);
  if (manquants > 0) notes.push(`${manquants} jet${manquants > 1 ? "s" : ""} non montré${manquants > 1 ? "s" : ""} avant celui-ci`);
  return notes.join(" · ");
}

// « Comment ça marche » (docs/<game>/table.md): open on the first visit of a table page, folded after; folded
// from the parse on a later visit (<html data-table-vu>, table.css), so nothing moves when this runs.
function foldExplanation() {
  const how = document.querySelector("details.dl-table-how");
  if (!how || how.classList.contains("dl-table-how--lu")) return;
  const root = document.documentElement;
  if (root.dataset.tableVu !== undefined) how.open = false;
  how.classList.add("dl-table-how--lu");
  try {
    localStorage.setItem(TABLE_SEEN_KEY, "1");
  } catch {
    return; // storage refused: open at every visit
  }
  root.dataset.tableVu = ""; // kept by the theme's instant navigation: the next table page is folded from the parse
}
