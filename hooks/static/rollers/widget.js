// One widget: binds a <section class="dl-roller"> rendered at build time,
// sends its requests to the runtime and renders the answers.

import { ODDS_DELAY_MS } from "./config.js";
import { h, percent } from "./dom.js";
import { field, fixedValues, readForm, writeForm } from "./form.js";
import { bindKeptFields } from "./kept.js";
import { replayLink, shareLink } from "./links.js";
import { diceGroup, outcome, rollNumber } from "./render.js";
import { pageSystems, runtime } from "./runtime.js";
import { showState } from "./status.js";

export class Widget {
  constructor(el) {
    this.el = el;
    this.roller = el.dataset.roller;
    this.form = el.querySelector(".dl-roller__form");
    this.status = el.querySelector(".dl-roller__status");
    this.output = el.querySelector(".dl-roller__result");
    this.oddsList = el.querySelector(".dl-odds");
    this.oddsTitle = el.querySelector(".dl-roller__odds-title");
    this.example = el.dataset.example ? JSON.parse(el.dataset.example) : null;
    this.busy = false;
    this.queue = []; // clicks waiting for their answer, in click order
    this.rolls = 0; // clicks numbered as they come: "Jet n° 3" answers the third
    this.oddsTimer = 0;
    this.oddsSerial = 0;
    this.lastResult = null;
    this.description = null;
    this.formSerial = 0;

    this.form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.run({ op: "roll", roller: this.roller, params: readForm(this.form) }, true);
    });
    for (const button of el.querySelectorAll(".dl-example")) {
      // A section with several book examples has one button each (data-example on the button).
      button.addEventListener("click", () => {
        const example = button.dataset.example ? JSON.parse(button.dataset.example) : this.example;
        writeForm(this.form, example.params);
        this.refreshOdds();
        this.run({ op: "roll", roller: this.roller, params: example.params, dice: example.dice }, true);
      });
    }
    this.form.addEventListener("input", () => this.scheduleOdds());
    this.form.addEventListener("change", () => this.scheduleOdds());
    this.onState = (state) => (el.isConnected ? this.showState(state) : runtime.listeners.delete(this.onState));
    runtime.listeners.add(this.onState);
    this.setBusy(false);
    if (runtime.state.name !== "idle") this.showState(runtime.state);
    bindKeptFields(this);
    replayLink(this);
  }

  nearScreen() {
    if (runtime.deferUntilTap()) return; // saving data or a slow connection: the engine waits for the first tap
    runtime.start(pageSystems()).then(
      () => this.describe(), // also loads this system's module before the click
      () => null, // the failure is shown by showState
    ).catch((err) => this.showState({ name: "failed", text: err.message }));
  }

  async describe() {
    if (!this.description) {
      const answer = await runtime.call({ op: "describe", roller: this.roller }, pageSystems());
      if (!answer.ok) throw new Error(answer.error);
      this.description = answer.result;
    }
    return this.description;
  }

  // --- requests ------------------------------------------------------

  // Every click is answered exactly once, in order: a click while the engine
  // boots or while an earlier roll is on its way waits in the queue (the
  // buttons stay enabled) and gets its own numbered answer.
  run(request, shareable) {
    const number = ++this.rolls;
    this.queue.push({ request, shareable, number });
    this.setBusy(true);
    if (runtime.state.name === "idle" || runtime.state.name === "loading") {
      this.output.replaceChildren(h("p", { class: "dl-pending" },
        `Jet n° ${number} demandé : il partira dès que le moteur de dés sera prêt.`));
    }
    if (this.queue.length === 1) this.drain();
  }

  async drain() {
    while (this.queue.length) {
      await this.answer(this.queue[0]);
      this.queue.shift();
    }
    this.setBusy(false);
  }

  async answer({ request, shareable, number }) {
    const { fromLast, ...sent } = request;
    if (fromLast) sent.state = this.lastResult?.etat ?? null; // a step of a shared link acts on the step before
    let ok = false;
    try {
      const answer = await runtime.call(sent, pageSystems());
      this.clearInvalid();
      if (answer.ok) {
        ok = true;
        await this.describe(); // follow-up forms are drawn from the roller's action descriptions
        this.lastResult = answer.result;
        if (shareable) {
          this.lastRoll = { params: sent.params, dice: answer.result.tirage, steps: [] };
        } else if (sent.op === "action" && this.lastRoll) {
          this.lastRoll.steps.push({ action: sent.action, params: sent.params, dice: answer.result.tirage });
        }
        this.render(answer.result, number);
        this.announce(sent, answer.result, number);
      } else {
        this.showError(answer.error, answer.field, number);
      }
    } catch (err) {
      this.showError(`Le jet n'a pas pu être fait : ${err.message}.`, null, number);
    }
    // A shared link's later steps make no sense once one of them failed.
    if (!ok) this.queue = this.queue.filter((item, i) => i === 0 || !item.request.fromLast);
  }

  // Every answered roll or follow-up is told to the page as one "dl:jet" event
  // on the widget (it bubbles to document), for whoever keeps the table's rolls.
  // detail: {roller, titre, section, page, numero, op, action, resultat,
  //          reussite, des: [{titre, des: [libellé…]}], lien, quand}
  announce(sent, result, number) {
    const share = this.lastRoll ? shareLink(this).querySelector("a").href : null;
    const detail = {
      roller: this.roller,
      titre: this.el.querySelector(".dl-roller__title")?.textContent.replace(/^\s*Lanceur\s*/, "").trim() || this.roller,
      section: this.el.id,
      page: window.location.pathname,
      numero: number,
      op: sent.op,
      action: sent.op === "action" ? sent.action : null,
      resultat: result.resultat,
      reussite: result.reussite ?? null,
      des: (result.des || []).map((group) => ({ titre: group.titre, des: group.des.map((d) => String(d.libelle || d.valeur)) })),
      lien: share,
      quand: Date.now(),
    };
    this.el.dispatchEvent(new CustomEvent("dl:jet", { bubbles: true, detail }));
  }

  scheduleOdds() {
    clearTimeout(this.oddsTimer);
    this.oddsTimer = setTimeout(() => this.refreshOdds(), ODDS_DELAY_MS);
  }

  async refreshOdds() {
    const serial = ++this.oddsSerial;
    const request = { op: "odds", roller: this.roller, params: readForm(this.form) };
    this.el.classList.add("dl-roller--stale");
    let answer;
    try {
      answer = await runtime.call(request, pageSystems());
    } catch (err) {
      if (serial === this.oddsSerial) this.oddsTitle.textContent = `Chances exactes : indisponibles (${err.message}).`;
      return;
    }
    if (serial !== this.oddsSerial) return;
    this.clearInvalid();
    if (answer.ok) {
      this.el.classList.remove("dl-roller--stale");
      this.renderOdds(answer.result);
    } else {
      // Said beside the odds, not in the result area: a roll's answer stays where it is.
      this.markInvalid(answer.field);
      this.oddsTitle.replaceChildren("Chances exactes : à corriger d'abord. ", h("span", { class: "dl-error" }, answer.error));
    }
  }

  // --- rendering -----------------------------------------------------

  render(result, number) {
    const parts = [rollNumber(number), outcome(result)];
    for (const group of result.des || []) parts.push(diceGroup(group));
    if (result.calcul?.length) parts.push(h("ol", { class: "dl-calc", "aria-label": "Calcul" }, ...result.calcul.map((line) => h("li", {}, line))));
    if (result.notes?.length) parts.push(h("ul", { class: "dl-notes" }, ...result.notes.map((line) => h("li", {}, line))));
    const actions = (result.actions || []).map((offer) => this.actionForm(offer, result));
    if (actions.length) parts.push(h("div", { class: "dl-actions" }, ...actions));
    if (this.lastRoll) parts.push(shareLink(this));
    this.output.dataset.roll = String(number);
    this.output.replaceChildren(...parts);
  }

  renderOdds(odds) {
    const rows = Object.entries(odds.issues || {}).map(([label, p]) =>
      h("li", { class: "dl-odds__row" },
        h("span", { class: "dl-odds__label" }, label),
        h("span", { class: "dl-odds__bar", "aria-hidden": "true" }, h("span", { style: `width: ${(p * 100).toFixed(2)}%` })),
        h("span", { class: "dl-odds__value" }, `${percent(p)} `, h("small", {}, `(${odds.exact?.[label] ?? ""})`)),
      ),
    );
    this.oddsList.replaceChildren(...rows);
    const title = ["Chances exactes"];
    this.oddsTitle.replaceChildren(title[0]);
    if (odds.reussite !== null && odds.reussite !== undefined) {
      this.oddsTitle.append(" — réussite : ", h("strong", { class: "dl-odds-success" }, percent(odds.reussite)));
    }
  }

  actionForm(offer, result) {
    if (!offer.possible) {
      return h("p", { class: "dl-action dl-action--off" },
        h("button", { type: "button", class: "md-button", disabled: "" }, offer.libelle),
        offer.raison ? h("span", { class: "dl-action__why" }, ` ${offer.raison}`) : "");
    }
    // An offer's "parametres" is either the list of its fields, or fixed values
    // for the action's fields as the roller describes them (null: to be asked).
    const listed = Array.isArray(offer.parametres);
    const fixed = listed ? {} : offer.parametres || {};
    const fields = listed ? offer.parametres : this.description?.actions.find((a) => a.id === offer.id)?.parametres || [];
    const asked = fields.filter((param) => fixed[param.nom] === null || fixed[param.nom] === undefined);
    const prefix = `${this.el.id}-${offer.id}-${++this.formSerial}`;
    const form = h("form", { class: "dl-action", novalidate: "" },
      ...asked.map((param) => field(param, prefix)),
      h("button", { type: "submit", class: "md-button" }, offer.libelle));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const params = { ...fixedValues(fixed), ...readForm(form) };
      this.run({ op: "action", roller: this.roller, action: offer.id, state: result.etat, params }, false);
    });
    return form;
  }


  showError(message, fieldName, number) {
    this.markInvalid(fieldName);
    if (number) this.output.dataset.roll = String(number);
    this.output.replaceChildren(...(number ? [rollNumber(number)] : []), h("p", { class: "dl-error", role: "alert" }, message));
  }

  markInvalid(fieldName) {
    const input = fieldName ? this.el.querySelector(`[name="${CSS.escape(fieldName)}"]`) : null;
    if (input) {
      input.setAttribute("aria-invalid", "true");
      input.closest(".dl-field")?.classList.add("dl-field--invalid");
      input.closest("details")?.setAttribute("open", ""); // a folded group shows its wrong field
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

  setBusy(busy) {
    this.busy = busy;
    this.el.setAttribute("aria-busy", String(busy));
    // The form's own buttons stay enabled (their clicks queue up); a follow-up
    // action waits, since the result it acts on is about to be replaced.
    for (const button of this.el.querySelectorAll("button:not(.dl-retry)")) {
      if (button.closest(".dl-action--off")) continue;
      button.disabled = busy && this.output.contains(button);
    }
  }
}
