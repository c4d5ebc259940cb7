// Dés & Lames: live rollers. One ES module, no rules inside.
//
// Each <section class="dl-roller" data-roller="…"> was rendered at build time
// (form, preset odds). This module binds it: when a roller nears the screen it
// starts the one Web Worker (Pyodide + rules_py) for the whole visit, sends
// rules_py.api requests ({op: roll | odds | action}) and renders the answers
// generically (dice groups, calcul, notes, follow-up actions). All text goes
// in with textContent.

const CONFIG = /*@build-config*/null;
const BOOT_TIMEOUT_MS = 15000;
const CALL_TIMEOUT_MS = 10000;
const ODDS_DELAY_MS = 150;
// The only fields kept in this browser (localStorage), by system: De Cœur & D'Acier's
// "Table de confrontation" is printed on the player's sheet, typed once, reused everywhere.
const KEPT_FIELDS = { dcda: ["table"] };
const KEPT_PREFIX = "des-et-lames:";
// A share link's own fields (the rest are the roller's parameters).
const LINK_FIELDS = ["lanceur", "des", "suite"];
const MAX_LINK_STEPS = 60;

// ----------------------------------------------------------------------
// The runtime: one worker, requests {id, …} settled by {id, result|error}
// ----------------------------------------------------------------------

class Runtime {
  constructor() {
    this.worker = null;
    this.ready = null;
    this.pending = new Map();
    this.nextId = 1;
    this.boots = 0;
    this.state = { name: "idle" };
    this.listeners = new Set();
  }

  start(systems) {
    if (this.ready) return this.ready;
    this.boots += 1;
    this.worker = new Worker(new URL(`rollers-worker.js?v=${CONFIG.version}`, import.meta.url), { type: "module" });
    this.worker.onmessage = (event) => this.receive(event.data);
    this.worker.onerror = (event) => {
      event.preventDefault();
      this.failAll(`le programme du moteur a échoué (${event.message || "erreur inconnue"})`);
    };
    this.emit({ name: "loading", step: 0, steps: 3, text: "Démarrage du moteur de dés…" });
    const config = { ...CONFIG, pyodide: pyodideBase(CONFIG.pyodide) };
    this.ready = this.request({ type: "boot", config, systems: [...systems] }, BOOT_TIMEOUT_MS).then(
      () => this.emit({ name: "ready" }),
      (err) => {
        this.emit({ name: "failed", text: err.message });
        throw err;
      },
    );
    return this.ready;
  }

  async call(request, systems) {
    await this.start(systems);
    try {
      return await this.request({ type: "call", request }, CALL_TIMEOUT_MS);
    } catch (err) {
      // A worker that stopped answering is dropped: the next click (or "Réessayer") boots a new one.
      if (err.timeout) this.drop(`le moteur de dés ne répond plus (${err.message})`);
      throw err;
    }
  }

  drop(reason) {
    if (this.worker) this.worker.terminate();
    this.worker = null;
    this.ready = null;
    this.failAll(reason);
    this.emit({ name: "failed", text: reason, stuck: true });
  }

  restart(systems) {
    if (this.worker) this.worker.terminate();
    this.failAll("le moteur a été redémarré");
    this.worker = null;
    this.ready = null;
    return this.start(systems);
  }

  request(message, timeoutMs) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(Object.assign(new Error(`pas de réponse après ${Math.round(timeoutMs / 1000)} s`), { timeout: true }));
      }, timeoutMs);
      this.pending.set(id, { resolve, reject, timer });
      this.worker.postMessage({ id, ...message });
    });
  }

  receive(data) {
    if (data.type === "progress") {
      this.emit({ name: "loading", step: data.step, steps: data.steps, text: data.text });
      return;
    }
    const entry = this.pending.get(data.id);
    if (!entry) return;
    this.pending.delete(data.id);
    clearTimeout(entry.timer);
    if ("error" in data) entry.reject(new Error(data.error));
    else entry.resolve(data.result);
  }

  failAll(reason) {
    for (const [id, entry] of this.pending) {
      clearTimeout(entry.timer);
      entry.reject(new Error(reason));
      this.pending.delete(id);
    }
  }

  emit(state) {
    this.state = state;
    for (const listener of this.listeners) listener(state);
  }
}

const runtime = (globalThis.desEtLames ||= { runtime: new Runtime() }).runtime;

// ----------------------------------------------------------------------
// Binding: on every page Material shows (navigation.instant keeps us alive)
// ----------------------------------------------------------------------

const observer = new IntersectionObserver(
  (entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      observer.unobserve(entry.target);
      entry.target.dlWidget?.nearScreen();
    }
  },
  { rootMargin: "800px 0px" },
);

function pageSystems() {
  const ids = [...document.querySelectorAll(".dl-roller[data-roller]")].map((el) => el.dataset.roller);
  return new Set(ids.map((id) => id.split(".", 1)[0]));
}

function bindAll() {
  for (const el of document.querySelectorAll(".dl-roller[data-roller]")) {
    if (el.dlWidget) continue;
    el.dlWidget = new Widget(el);
    observer.observe(el);
  }
}

// ----------------------------------------------------------------------
// One widget
// ----------------------------------------------------------------------

class Widget {
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
    this.bindKeptFields();
    this.replayLink();
  }

  // --- fields kept in this browser (KEPT_FIELDS) ---------------------

  bindKeptFields() {
    const system = this.roller.split(".", 1)[0];
    for (const name of KEPT_FIELDS[system] || []) {
      const input = this.form.querySelector(`[name="${CSS.escape(name)}"]`);
      if (!input) continue;
      const key = `${KEPT_PREFIX}${system}.${name}`;
      const note = h("p", { class: "dl-field__kept", id: `${input.id}-garde` });
      input.closest(".dl-field")?.append(note);
      input.setAttribute("aria-describedby", [input.getAttribute("aria-describedby"), note.id].filter(Boolean).join(" "));
      const show = (stored, failure) => {
        if (failure) {
          note.replaceChildren(h("span", { class: "dl-error" },
            `Ce navigateur refuse d'enregistrer la table (${failure}) : elle ne sera pas gardée après cette page.`));
          return;
        }
        if (!stored) {
          note.replaceChildren("Sera enregistrée dans ce navigateur (et nulle part ailleurs) dès que vous la saisissez.");
          return;
        }
        const clear = h("button", { type: "button", class: "md-button dl-kept-clear" }, "Effacer la table enregistrée");
        clear.addEventListener("click", () => {
          input.value = "";
          const done = keptStore("remove", key);
          show(done.value, done.failure);
          this.scheduleOdds();
        });
        note.replaceChildren(h("span", {}, "✔ Enregistrée dans ce navigateur. "), clear);
      };
      const stored = keptStore("get", key);
      if (stored.value && input.value.trim() === "") input.value = stored.value;
      show(stored.value, stored.failure);
      input.addEventListener("change", () => {
        const value = input.value.trim();
        const done = keptStore(value ? "set" : "remove", key, value);
        show(done.value, done.failure);
      });
    }
  }

  nearScreen() {
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
      } else {
        this.showError(answer.error, answer.field, number);
      }
    } catch (err) {
      this.showError(`Le jet n'a pas pu être fait : ${err.message}.`, null, number);
    }
    // A shared link's later steps make no sense once one of them failed.
    if (!ok) this.queue = this.queue.filter((item, i) => i === 0 || !item.request.fromLast);
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
    if (this.lastRoll) parts.push(this.shareLink());
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

  shareLink() {
    const url = new URL(window.location.href);
    url.search = "";
    url.searchParams.set("lanceur", this.el.id);
    for (const [name, value] of Object.entries(this.lastRoll.params || {})) url.searchParams.set(name, String(value));
    url.searchParams.set("des", (this.lastRoll.dice || []).join(","));
    const steps = this.lastRoll.steps || [];
    if (steps.length) url.searchParams.set("suite", JSON.stringify(steps));
    url.hash = this.el.id;
    const text = steps.length ? "Lien vers ce jet et sa suite (mêmes paramètres, mêmes dés, mêmes choix)"
      : "Lien vers ce jet (mêmes paramètres, mêmes dés)";
    return h("p", { class: "dl-share" }, h("a", { href: url.href }, text));
  }

  replayLink() {
    const query = new URLSearchParams(window.location.search);
    if (query.get("lanceur") !== this.el.id) return;
    const params = {};
    for (const [name, value] of query) if (!LINK_FIELDS.includes(name)) params[name] = value;
    const steps = linkSteps(query.get("suite"));
    if (steps === null) {
      this.showError("Lien invalide : la suite du jet (suite) est illisible ; le formulaire reste utilisable.", null, 0);
      return;
    }
    writeForm(this.form, params);
    this.run({ op: "roll", roller: this.roller, params, dice: query.get("des") || undefined }, true);
    for (const step of steps) {
      this.run({ op: "action", roller: this.roller, action: step.action, params: step.params || {}, dice: step.dice, fromLast: true }, false);
    }
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
    if (state.name === "ready" || state.name === "idle") {
      this.status.hidden = true;
      this.status.replaceChildren();
      return;
    }
    this.status.hidden = false;
    if (state.name === "loading") {
      this.status.replaceChildren(
        h("progress", { max: String(state.steps), value: String(state.step), "aria-label": "Chargement du moteur de dés" }),
        h("span", {}, ` ${state.text}`),
      );
      return;
    }
    const retry = h("button", { type: "button", class: "md-button dl-retry" }, "Réessayer");
    retry.addEventListener("click", () => {
      runtime.restart(pageSystems()).catch((err) => this.showState({ name: "failed", text: err.message }));
    });
    this.status.replaceChildren(
      h("span", { class: "dl-error" },
        (state.stuck ? `Le moteur de dés (Python dans le navigateur) s'est arrêté : ${state.text}. `
          : `Le moteur de dés (Python dans le navigateur) n'a pas pu être chargé : ${state.text}. `) +
        "Le texte des règles et les chances affichées restent valables. "),
      retry,
    );
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

// ----------------------------------------------------------------------
// Small DOM helpers (text only through text nodes)
// ----------------------------------------------------------------------

function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
  for (const child of children) if (child !== "" && child !== null) el.append(child);
  return el;
}

function rollNumber(number) {
  return h("p", { class: "dl-roll-number" }, h("small", {}, `Jet n° ${number}`));
}

function outcome(result) {
  const kind = result.reussite === true ? "ok" : result.reussite === false ? "ko" : "neutre";
  const word = { ok: "Réussite", ko: "Échec", neutre: "Résultat" }[kind];
  // "Échec : Échec avec contrepartie positive" says it twice: keep the word for screen readers only.
  const repeated = String(result.resultat).toLowerCase().startsWith(word.toLowerCase());
  return h("p", { class: `dl-outcome dl-outcome--${kind}` },
    h("span", { class: "dl-outcome__mark", "aria-hidden": "true" }),
    h("span", { class: `dl-outcome__word${repeated ? " dl-visually-hidden" : ""}` }, `${word} : `), result.resultat);
}

function diceGroup(group) {
  return h("figure", { class: "dl-group" },
    h("figcaption", {}, group.titre),
    h("ul", { class: "dl-dice" }, ...group.des.map((d) => {
      const kept = d.garde === true ? "kept" : d.garde === false ? "dropped" : "plain";
      const face = d.faces ? `d${d.faces}` : "carte";
      return h("li", { class: `dl-die dl-die--${kept}${d.faces ? "" : " dl-die--card"}`, title: face },
        h("span", { class: "dl-die__value" }, String(d.libelle || d.valeur)),
        h("span", { class: "dl-die__mark" }, d.marque || ""));
    })));
}

function field(param, prefix) {
  const id = `${prefix}-${param.nom}`;
  const hint = param.aide || (param.type === "int" && "min" in param ? `De ${param.min} à ${param.max}.` : "");
  let input;
  if (param.type === "choice") {
    input = h("select", { id, name: param.nom, "data-kind": "choice" },
      // A required choice without default says so instead of showing an empty box.
      ...(!param.requis ? [h("option", { value: "" }, "—")]
        : (param.defaut ?? null) === null ? [h("option", { value: "", disabled: "" }, "— à choisir —")] : []),
      ...param.choix.map((c) => h("option", { value: c.valeur }, c.libelle)));
    input.value = param.defaut ?? "";
  } else if (param.type === "bool") {
    input = h("input", { type: "checkbox", id, name: param.nom, "data-kind": "bool" });
    input.checked = param.defaut === true;
  } else {
    const attrs = param.type === "int"
      ? { type: "number", inputmode: "numeric", step: "1", ...("min" in param ? { min: param.min, max: param.max } : {}) }
      : { type: "text", autocomplete: "off" };
    input = h("input", { ...attrs, id, name: param.nom, "data-kind": param.type });
    input.value = Array.isArray(param.defaut) ? param.defaut.join(",") : (param.defaut ?? "");
  }
  if (hint) input.setAttribute("aria-describedby", `${id}-aide`);
  const label = h("label", { for: id }, param.libelle);
  return h("div", { class: `dl-field dl-field--${param.type}` },
    ...(param.type === "bool" ? [input, label] : [label, input]),
    hint ? h("small", { class: "dl-field__hint", id: `${id}-aide` }, hint) : "");
}

function keptStore(op, key, value) {
  // localStorage may be missing or throw (private browsing, storage disabled): say so, in French.
  try {
    if (op === "get") return { value: globalThis.localStorage.getItem(key) || "", failure: "" };
    if (op === "set") globalThis.localStorage.setItem(key, value);
    else globalThis.localStorage.removeItem(key);
    return { value: op === "set" ? value : "", failure: "" };
  } catch (err) {
    const why = err?.name === "QuotaExceededError" ? "plus de place" : "stockage local indisponible, navigation privée ?";
    return { value: "", failure: why };
  }
}

function fixedValues(fixed) {
  return Object.fromEntries(Object.entries(fixed).filter(([, value]) => value !== null && value !== undefined));
}

function readForm(form) {
  const params = {};
  for (const input of form.querySelectorAll("[name][data-kind]")) {
    if (input.dataset.kind === "bool") params[input.name] = input.checked ? "true" : "false";
    else if (input.value.trim() !== "") params[input.name] = input.value.trim();
  }
  return params;
}

function writeForm(form, params) {
  for (const input of form.querySelectorAll("[name][data-kind]")) {
    if (!(input.name in params)) continue;
    const value = params[input.name];
    if (input.dataset.kind === "bool") input.checked = value === true || value === "true";
    else input.value = Array.isArray(value) ? value.join(",") : value === null ? "" : String(value);
    if (input.value || input.checked) input.closest("details")?.setAttribute("open", ""); // show what was filled in
  }
}

function pyodideBase(where) {
  // An absolute URL, or a path from the site root (this file is assets/rollers/rollers.js).
  if (/^([a-z][a-z0-9+.-]*:)?\/\//i.test(where)) return where;
  return new URL(where.replace(/^\//, ""), new URL("../../", import.meta.url)).href;
}

function percent(p) {
  return `${(p * 100).toFixed(1).replace(/\.0$/, "").replace(".", ",")}\u00a0%`;
}

// ----------------------------------------------------------------------
// Start
// ----------------------------------------------------------------------

if (globalThis.document$?.subscribe) globalThis.document$.subscribe(bindAll);
else bindAll();

// The follow-ups of a share link ("suite"): a list of {action, params?, dice?};
// [] when there are none, null when the text is not such a list.
function linkSteps(text) {
  if (text === null) return [];
  let steps;
  try {
    steps = JSON.parse(text);
  } catch (err) {
    console.warn("Lien de lanceur : suite illisible", err);
    return null;
  }
  const plain = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
  const valid = Array.isArray(steps) && steps.length <= MAX_LINK_STEPS && steps.every((step) =>
    plain(step) && typeof step.action === "string" && (step.params === undefined || plain(step.params)) &&
    (step.dice === undefined || Array.isArray(step.dice)));
  return valid ? steps : null;
}
