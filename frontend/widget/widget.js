// One widget: binds a rendered roller (.dl-roller), sends its requests to the runtime
// and renders the answers: the last three results, newest first, right under « Lancer ».

import { ODDS_DELAY_MS } from "../config.js";
import { fr, h, nextTurn } from "../browser/index.js";
import { badNumber, bindKeptFields, bindModes, field, fixedValues, formAsBuilt, formInput, readForm, refreshModes, writeForm } from "../form/index.js";
import { detail, diceGroup, keepRoom, KEPT_RESULTS, loadHistory, outcome, realDiceWords, rollHead, saveHistory } from "../result/index.js";
import { benchmarkText } from "../journal/index.js";
import { oddsView } from "./odds.js";
import { replayLink, shareLink } from "./links.js";
import { pageSystems, runtime } from "../engine/index.js";
import { bindSheets, sheetsApi } from "./sheets-link.js";
import { stepName } from "./step-name.js";
import { spokenResult } from "./spoken.js";
import { showState } from "./status.js";
import { showRollButton } from "./show-roll.js";
import { countRoll } from "./roll-count.js";
import { fieldLabels, plainWords } from "./words.js";
import { bindRealDice, enterFollowUp } from "./real-dice.js";

export class Widget {
  constructor(el, page = window.location.pathname) {
    this.el = el;
    this.page = page; // the page's address as it was bound (widget/wake.js): the keys of what it keeps
    this.roller = el.dataset.roller;
    this.form = el.querySelector(".dl-roller__form");
    this.status = el.querySelector(".dl-roller__status");
    this.output = el.querySelector(".dl-roller__result");
    this.earlier = el.querySelector(".dl-roller__earlier");
    this.live = el.querySelector(".dl-roller__live");
    this.odds = el.querySelector(".dl-roller__odds");
    this.oddsTitle = el.querySelector(".dl-roller__odds-title");
    this.example = el.dataset.example ? JSON.parse(el.dataset.example) : null;
    this.busy = false;
    this.queue = []; // clicks waiting for their answer, in click order
    this.rolls = 0; // clicks numbered as they come: "Jet n° 3" answers the third (a follow-up keeps its roll's)
    this.answers = 0; // answers drawn: <.dl-roller__result data-answer> changes with each, and back with an undo
    this.oddsTimer = 0;
    this.oddsSerial = 0;
    this.oddsWaiting = 0; // odds asked for and not answered yet (the engine may still be to come)
    // The build's odds line, put back while the engine is still to come and the form is the build's again.
    this.builtOdds = [...this.oddsTitle.childNodes].map((node) => node.cloneNode(true));
    this.lastResult = null;
    this.lastRoll = null;
    this.description = null;
    this.formSerial = 0;
    this.entries = []; // the results shown, newest first: {number, source, result, link} | {number, error}

    this.form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.run({ op: "roll", roller: this.roller, params: readForm(this.form) }, true, null, this.form);
    });
    for (const button of el.querySelectorAll(".dl-example")) {
      // A section with several book examples has one button each (data-example on the button).
      button.addEventListener("click", () => {
        const example = button.dataset.example ? JSON.parse(button.dataset.example) : this.example;
        writeForm(this.form, example.params);
        this.refreshOdds();
        this.run({ op: "roll", roller: this.roller, params: example.params, dice: example.dice }, true, "exemple");
      });
    }
    this.form.addEventListener("input", () => this.scheduleOdds());
    this.form.addEventListener("change", () => this.scheduleOdds());
    bindModes(this.form, () => this.scheduleOdds());
    // A fold of the form made (« Réglages » opened, the form read or written): its switches and kept fields bound.
    this.form.addEventListener("dl:unfold", () => {
      bindModes(this.form, () => this.scheduleOdds());
      bindKeptFields(this);
    });
    this.onState = (state) => (el.isConnected ? this.showState(state) : runtime.listeners.delete(this.onState));
    runtime.listeners.add(this.onState);
    this.setBusy(false);
    if (runtime.state.name !== "idle") this.showState(runtime.state);
    bindKeptFields(this);
    bindRealDice(this); // « Entrer mes dés »
    // The form's functions, for the other bundles' code that reads or fills it (the « Personnage »
    // choice, a scene of the table): one copy of them, whose folds are the page's.
    this.formKit = { field, formInput, readForm, refreshModes, writeForm };
    this.sheets = null; // « Personnage »: bound once fiches.js is there, where a sheet may be taken
    bindSheets(this);
    this.restore();
    // Awake: the room its kept results had until now is theirs (result/results-room.js), drawn in the same task.
    el.classList.add("dl-roller--awake");
    replayLink(this);
  }

  nearScreen() {
    if (runtime.deferUntilTap()) return; // saving data or a slow connection: the engine waits for the first tap
    runtime.startSoon(pageSystems()).then(
      () => this.describe(), // also loads this system's module before the click
      () => null, // the failure is shown by showState
    ).catch((err) => this.showState({ name: "failed", text: err.message }));
  }

  // One request for the description, however many ask (the widget nearing the screen, a roll's answer):
  // two requests answered one after the other took the second for a late first description, and drew
  // again the results a roll had just drawn with the first, wiping the cards a reader was choosing.
  describe() {
    if (this.description) return Promise.resolve(this.description);
    this.describing ??= (async () => {
      const answer = await runtime.call({ op: "describe", roller: this.roller }, pageSystems());
      if (!answer.ok) throw new Error(answer.error);
      const drawnBefore = Boolean(this.output.dataset.roll); // results drawn without it (restored, or answered first)
      this.description = answer.result;
      // Not while a roll is on its way: its notice stays until its own answer, which draws them all
      // again (redrawn now, the results kept from before took its place, and the tap's answer then
      // replaced their forms under the reader's fingers).
      if (drawnBefore && !this.output.dataset.pending) this.redrawDescribed();
      return this.description;
    })().finally(() => {
      this.describing = null; // failed: the next call asks again
    });
    return this.describing;
  }

  // --- requests ------------------------------------------------------

  // Every click is answered exactly once, in order: a click while the engine
  // boots or while an earlier roll is on its way waits in the queue (the
  // buttons stay enabled) and gets its own numbered answer.
  // A follow-up (`follows`: the card it acts on) is a step of the same roll: it keeps the roll's number,
  // as does a share link's step (after its roll).
  run(request, shareable, source = null, typedIn = null, follows = null) {
    const number = request.fromLast ? this.rolls : follows?.number ?? ++this.rolls;
    const suite = follows?.suite ?? null;
    // A number field holding « 4e », « - » or « 2,5 » is refused here, in its own words.
    const bad = typedIn ? badNumber(typedIn) : null;
    this.queue.push({ request, shareable, number, source, bad, suite });
    this.setBusy(true);
    if (!bad && (runtime.state.name === "idle" || runtime.state.name === "loading")) {
      this.output.dataset.pending = "true";
      this.output.replaceChildren(h("p", { class: "dl-pending" },
        `Jet n° ${number} demandé : il partira dès que le moteur de dés sera prêt.`));
      this.showState(runtime.state); // the engine's progress, under the notice (widget/status.js)
    }
    if (this.queue.length === 1) this.drain();
  }

  async drain() {
    // With the engine still to come, the tap's task ends here, its notice drawn; the request (the
    // character's sheet read, the engine started, asked) goes on in the next ones: in one task with
    // the tap's, it made it 50-110 ms long while the engine boots (traced). With the engine ready,
    // the request goes at once: the tap has nothing else to show first.
    if (this.output.dataset.pending) await nextTurn();
    while (this.queue.length) {
      await this.answer(this.queue[0]);
      this.queue.shift();
    }
    this.setBusy(false);
  }

  async answer({ request, shareable, number, source, bad, suite }) {
    // A follow-up's card, answered or refused: a step of the roll, named (« suite : Ajouter un dé »).
    const step = request.op === "action" ? { suite: stepName(this, request.action, suite) } : {};
    if (bad) {
      this.clearInvalid();
      this.showError(bad.message, bad.name, number, step);
      return;
    }
    const { fromLast, ...typed } = request;
    if (fromLast) typed.state = this.lastResult?.etat ?? null; // a step of a shared link acts on the step before
    let ok = false;
    try {
      // With a chosen character, the request carries its sheet as stored now.
      const { request: sent, revs } = this.sheets ? await this.sheets.decorate(typed) : { request: typed, revs: null };
      const answer = await runtime.call(sent, pageSystems());
      this.clearInvalid();
      if (answer.ok) {
        ok = true;
        await this.describe(); // follow-up forms are drawn from the roller's action descriptions
        this.lastResult = answer.result;
        const written = revs ? await sheetsApi().writeBack(this.roller.split(".", 1)[0], revs, answer.result) : null;
        if (shareable) {
          // A link never holds a sheet: a roll from one is shared with the values it gave.
          const params = revs ? linkParams(answer.result.parametres) : sent.params;
          this.lastRoll = { params, dice: answer.result.tirage, steps: [], ...(answer.result.reels ? { reels: true } : {}) };
        } else if (sent.op === "action" && this.lastRoll) {
          this.lastRoll.steps.push({ action: sent.action, params: sent.params, dice: answer.result.tirage });
        }
        const link = this.lastRoll ? shareLink(this).querySelector("a").href : null;
        // Its place in the roll's story: how many follow-ups the roll has had (sheets/story.js goes back by it).
        const before = this.entries.find((e) => e.number === number && !e.error);
        step.etape = sent.op === "action" ? this.lastRoll?.steps.length ?? (before?.etape ?? 0) + 1 : 0;
        const entry = { number, source: source || (fromLast ? "lien" : null), result: answer.result, link, sheets: written, ...step };
        if (sent.op === "roll" && !entry.source) entry.compte = countRoll(this.roller); // this phone's roll number
        // A roll the meneur asked for (table/request.js): marked as her request's answer; a secret one is hers alone.
        if (this.asked && (await this.asked(entry, sent))) return;
        this.add(entry);
        this.announce(sent, answer.result, number, link, written);
      } else {
        this.showError(answer.error, answer.field, number, step);
      }
    } catch (err) {
      // An engine refused is said in full once, in the widget's status; the roll says what it means for it.
      // A message that ends its own sentence keeps one full stop.
      const why = err.integrity ? "le moteur de dés téléchargé n’est pas la version attendue" : err.message.replace(/\.+$/, "");
      this.showError(`Le jet n’a pas pu être fait : ${why}.`, null, number, step);
    }
    // A shared link's later steps make no sense once one of them failed.
    if (!ok) this.queue = this.queue.filter((item, i) => i === 0 || !item.request.fromLast);
  }

  // Every answered roll or follow-up is told to the page as one "dl:jet" event
  // on the widget (it bubbles to document), for whoever keeps the table's rolls.
  // detail: {roller, titre, section, page, numero, op, action, resultat,
  //          reussite, des: [{titre, des: [libellé…]}], repere (« score à battre 4 »), lien, quand}
  announce(sent, result, number, link = null, written = null) {
    const detail = {
      roller: this.roller,
      titre: this.el.querySelector(`[id="${CSS.escape(this.el.id)}-titre"]`)?.textContent.trim() || this.roller,
      section: this.el.id,
      page: this.page,
      numero: number,
      op: sent.op,
      action: sent.op === "action" ? sent.action : null,
      resultat: result.resultat,
      reussite: result.reussite ?? null,
      des: (result.des || []).map((group) => ({ titre: group.titre, des: group.des.map((d) => String(d.libelle || d.valeur)) })),
      repere: benchmarkText(result),
      lien: link,
      quand: Date.now(),
      reels: result.reels === true, // its dice entered by hand (« dés réels »)
      // The character who rolled, and the sheets the result changed (the journal can undo it).
      personnage: written?.personnage || null,
      fiches: (written?.fiches || []).map(({ id, nom, rev, lignes }) => ({ id, nom, rev, lignes })),
      reserve: written?.reserve ? { rev: written.reserve.rev, lignes: written.reserve.lignes } : null,
    };
    this.el.dispatchEvent(new CustomEvent("dl:jet", { bubbles: true, detail }));
  }

  scheduleOdds() {
    clearTimeout(this.oddsTimer);
    this.oddsTimer = setTimeout(() => this.refreshOdds(), ODDS_DELAY_MS);
  }

  async refreshOdds() {
    const serial = ++this.oddsSerial;
    const bad = badNumber(this.form);
    this.el.classList.add("dl-roller--stale");
    if (bad) {
      this.clearInvalid();
      this.markInvalid(bad.name, false);
      this.oddsTitle.replaceChildren("Chances exactes\u00a0: à corriger d’abord. ", h("span", { class: "dl-error" }, bad.message));
      return;
    }
    let answer;
    try {
      const typed = { op: "odds", roller: this.roller, params: readForm(this.form) };
      const { request } = this.sheets ? await this.sheets.decorate(typed) : { request: typed };
      this.oddsWaiting += 1; // a count: odds asked again during the boot wait as well
      this.showState(runtime.state); // the engine's progress while it is still to come (widget/status.js)
      if (runtime.state.name !== "ready") this.oddsBeforeEngine();
      answer = await runtime.call(request, pageSystems()).finally(() => { this.oddsWaiting -= 1; });
    } catch (err) {
      if (serial === this.oddsSerial) this.oddsTitle.textContent = fr(`Chances exactes : indisponibles (${err.message}).`);
      return;
    }
    if (serial !== this.oddsSerial) return;
    this.clearInvalid();
    if (answer.ok) {
      this.el.classList.remove("dl-roller--stale", "dl-roller--odds-later");
      oddsView(this.odds, answer.result);
    } else {
      // Said beside the odds, not in the result area: a roll's answer stays where it is.
      // Nothing opens or grows above « Lancer »: the reader may be about to tap it.
      this.markInvalid(answer.field, false);
      this.oddsTitle.replaceChildren("Chances exactes\u00a0: à corriger d’abord. ",
        h("span", { class: "dl-error" }, plainWords(answer.error, fieldLabels(this))));
    }
  }

  // Odds asked for while the engine is still to come (a slow network: the whole download): the build's
  // figure stays only for the form it was drawn for; a form changed says its odds are to come, and shows
  // none (the preset's « 31,7 % » stood under « Expert », whose odds are 10,4 %).
  oddsBeforeEngine() {
    if (formAsBuilt(this.form) && !this.sheets?.active()) {
      this.oddsTitle.replaceChildren(...this.builtOdds.map((node) => node.cloneNode(true)));
      this.el.classList.remove("dl-roller--stale", "dl-roller--odds-later");
      return;
    }
    this.oddsTitle.textContent = "Chances exactes\u00a0: recalculées dès que le moteur de dés sera prêt";
    this.el.classList.add("dl-roller--odds-later");
  }

  // --- results -------------------------------------------------------

  // A new result: newest first, the last three kept (on screen and for Back).
  add(entry, focus = true) {
    entry.serie = ++this.answers; // every answer drawn has its own (a follow-up keeps the roll's number)
    this.entries = [entry, ...this.entries].slice(0, KEPT_RESULTS);
    saveHistory(this, this.entries);
    this.draw(focus);
  }

  // `said`: told before the result (« Changement annulé … »: an undo asked here, sheets/story.js).
  draw(focus, said = "") {
    const [newest, ...older] = this.entries;
    delete this.output.dataset.pending;
    if (runtime.state.name === "ready") this.showState(runtime.state); // its loading message goes with it (widget/status.js)
    if (!newest) return;
    this.el.classList.add("dl-roller--results"); // its first-tap note no longer shown (rollers.css)
    this.output.dataset.roll = String(newest.number);
    this.output.dataset.answer = String(newest.serie ?? 0);
    this.output.replaceChildren(this.entryView(newest, true));
    this.earlier.replaceChildren(...older.map((entry) => this.entryView(entry, false)));
    keepRoom(this); // the widget's height with them, for when the page is drawn again (result/history.js)
    if (!focus) return;
    const line = this.output.querySelector(".dl-outcome, .dl-error");
    this.live.textContent = [said && fr(said), spokenResult(newest)].filter(Boolean).join(" ");
    line.focus({ preventScroll: true });
    const box = line.getBoundingClientRect();
    const top = document.querySelector(".md-header")?.getBoundingClientRect().bottom ?? 0;
    if (box.top < top || box.bottom > window.innerHeight) line.scrollIntoView({ block: "center" });
  }

  // Drawn before the roller's description came (restored on Back, or a first roll answered
  // before it), a follow-up may lack the fields the description gives: drawn again, keeping
  // what the reader already chose in the follow-ups shown (the forms come in the same order).
  redrawDescribed() {
    const chosen = [...this.output.querySelectorAll("form.dl-action")].map((form) => readForm(form));
    this.draw(false);
    this.output.querySelectorAll("form.dl-action").forEach((form, i) => chosen[i] && writeForm(form, chosen[i]));
  }

  entryView(entry, current) {
    const parts = [rollHead(entry.number, entry.source, entry.suite, entry.annule, entry.result?.reels ? realDiceWords(this.roller) : null)];
    if (entry.error) {
      parts.push(h("p", { class: "dl-error", tabindex: "-1" }, entry.error));
    } else {
      const result = entry.result;
      // A roll whose write-back was undone stays readable, said undone, and offers nothing more.
      const live = current && !entry.annule;
      parts.push(outcome(result));
      if (entry.sheets && sheetsApi()) parts.push(sheetsApi().sheetChangesView(this, entry, live));
      for (const group of result.des || []) parts.push(diceGroup(group));
      parts.push(detail(result));
      if (live) parts.push(...this.followUps(result, entry), ...(entry.sheets && sheetsApi() ? sheetsApi().sheetFollowups(this, result) : []));
      if (entry.link) parts.push(shareLink(this, entry.link), showRollButton(this, entry));
    }
    return h("div", { class: `dl-result${current ? "" : " dl-result--old"}${entry.annule ? " dl-result--undone" : ""}`,
      "data-roll": String(entry.number), "data-step": String(entry.etape || 0) }, ...parts);
  }

  // The follow-ups possible now, as forms; the others hidden, their reasons one tap away, but for a
  // paid one the reader cannot pay now (a reroll with 0 character points): said where its button would be.
  followUps(result, entry) {
    const offers = result.actions || [];
    const possible = offers.filter((offer) => offer.possible);
    const unpaid = offers.filter((offer) => !offer.possible && offer.cout !== undefined && offer.raison);
    const off = offers.filter((offer) => !offer.possible && !unpaid.includes(offer));
    const parts = [];
    if (possible.length) parts.push(h("div", { class: "dl-actions" }, ...possible.map((offer) => this.actionForm(offer, result, entry))));
    for (const offer of unpaid) {
      const why = offer.raison.charAt(0).toLowerCase() + offer.raison.slice(1);
      parts.push(h("p", { class: "dl-action-unpaid" }, h("strong", {}, fr(stepName(this, offer.id, offer.libelle))), fr(` : ${why}`)));
    }
    if (off.length) {
      parts.push(h("details", { class: "dl-actions-off" },
        h("summary", {}, fr(`Pas possible maintenant : ${off.length} action${off.length > 1 ? "s" : ""}`)),
        h("ul", {}, ...off.map((offer) => h("li", { class: "dl-action--off" },
          h("strong", {}, fr(offer.libelle)), offer.raison ? fr(` : ${offer.raison}`) : "")))));
    }
    return parts;
  }

  actionForm(offer, result, entry) {
    // An offer's "parametres" is either the list of its fields, or fixed values
    // for the action's fields as the roller describes them (null: to be asked).
    const listed = Array.isArray(offer.parametres);
    const fixed = listed ? {} : offer.parametres || {};
    const fields = listed ? offer.parametres : this.description?.actions.find((a) => a.id === offer.id)?.parametres || [];
    const asked = fields.filter((param) => fixed[param.nom] === null || fixed[param.nom] === undefined);
    const prefix = `${this.el.id}-${offer.id}-${++this.formSerial}`;
    const form = h("form", { class: "dl-action", novalidate: "" },
      ...asked.map((param) => field(param, prefix)),
      h("button", { type: "submit", class: "md-button" }, fr(offer.libelle)));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const params = { ...fixedValues(fixed), ...readForm(form) };
      const request = { op: "action", roller: this.roller, action: offer.id, state: result.etat, params };
      const follows = { number: entry.number, suite: offer.libelle };
      if (result.reels) enterFollowUp(this, request, form, follows); // a roll of real dice: its follow-up's too
      else this.run(request, false, null, form, follows);
    });
    return form;
  }

  // Back after instant navigation: the last results of this widget in this tab, drawn again.
  restore() {
    const query = new URLSearchParams(window.location.search);
    if (query.get("lanceur") === this.el.id) return; // a share link replays its own roll
    const kept = loadHistory(this);
    if (!kept?.entries.length) return;
    this.entries = kept.entries;
    this.rolls = kept.rolls || Math.max(...kept.entries.map((e) => e.number));
    this.answers = Math.max(0, ...kept.entries.map((e) => e.serie || 0));
    this.lastRoll = kept.lastRoll;
    this.lastResult = kept.entries.find((e) => e.result)?.result ?? null;
    this.draw(false);
  }

  showError(message, fieldName, number, step = {}) {
    this.markInvalid(fieldName, true);
    const text = plainWords(message, fieldLabels(this));
    if (!number) {
      this.output.replaceChildren(h("p", { class: "dl-error", role: "alert" }, text));
      return;
    }
    this.add({ number, error: text, ...step });
  }

  markInvalid(fieldName, reveal) {
    const input = fieldName ? this.el.querySelector(`[name="${CSS.escape(fieldName)}"]`) : null;
    if (input) {
      input.setAttribute("aria-invalid", "true");
      input.closest(".dl-field")?.classList.add("dl-field--invalid");
      if (reveal) input.closest("details")?.setAttribute("open", ""); // after a roll: a folded group shows its wrong field
    }
  }

  clearInvalid() {
    for (const input of this.el.querySelectorAll("[aria-invalid]")) {
      input.removeAttribute("aria-invalid");
      input.closest(".dl-field")?.classList.remove("dl-field--invalid");
    }
  }

  showState(state) {
    showState(this, state);
  }

  // A roll or the odds waiting for the engine: its progress is shown here (widget/status.js).
  waitsForEngine() {
    return Boolean(this.output.dataset.pending) || this.oddsWaiting > 0;
  }

  setBusy(busy) {
    this.busy = busy;
    this.el.setAttribute("aria-busy", String(busy));
    // The form's own buttons stay enabled (their clicks queue up); a follow-up
    // action waits, since the result it acts on is about to be replaced.
    for (const button of this.el.querySelectorAll("button:not(.dl-retry)")) {
      button.disabled = busy && this.output.contains(button);
    }
  }
}

// A roll's checked parameters as a share link writes them (nothing left unset).
function linkParams(parametres) {
  return Object.fromEntries(Object.entries(parametres || {}).filter(([, value]) => value !== null && value !== undefined)
    .map(([name, value]) => [name, Array.isArray(value) ? value.join(",") : String(value)]));
}
