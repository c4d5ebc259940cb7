// The widget's « Personnage » choice: one per place a sheet can fill (the character; the other
// side of an opposition; a team), at the top of the form. Choosing a sheet asks Python which
// of the roller's fields it fills (shown in the fields, marked « de la fiche de … ») and what
// it offers by name (« Pilote (2) »): those fields become choices of the sheet's names. Each
// request then carries the sheets as stored now (a roll, its odds, a follow-up), and what a
// result changes is written back (sheets/writeback.js). Which rollers take sheets, and where,
// is the build's configuration (from rules_py); no rule here.

import { SHEETS_CONFIG } from "../config.js";
import { fr, h, storageError, storageTrouble } from "../browser/index.js";
import { sheetsCall } from "./engine.js";
import { getReceived, getReserve, getSheet, listReceived, listSheets, watchSheets } from "../storage/index.js";
import { verifyWhenReady } from "./verify.js";

// Characters a phone's select shows whole, at the widget's size (about 40 at 360 px): a longer choice is
// written whole under it.
const LONG_CHOICE = 32;

// The sheets chosen in a roller, kept for the tab (sessionStorage, by page and roller, as its last results:
// result/history.js); storage refused, the choice lives as long as the page.
const CHOICE_PREFIX = "des-et-lames:personnage:";

function keptChoice(widget) {
  try {
    const kept = JSON.parse(globalThis.sessionStorage.getItem(`${CHOICE_PREFIX}${widget.page}#${widget.el.id}`) || "{}");
    const plain = kept && typeof kept === "object" && !Array.isArray(kept);
    return plain ? Object.fromEntries(Object.entries(kept).filter(([, ids]) => Array.isArray(ids) && ids.every((id) => typeof id === "string"))) : {};
  } catch {
    return {};
  }
}

function keepChoice(widget, chosen) {
  try {
    globalThis.sessionStorage.setItem(`${CHOICE_PREFIX}${widget.page}#${widget.el.id}`, JSON.stringify(chosen));
  } catch {
    // refused: the choice lives as long as the page
  }
}

export function bindSheetPicker(widget) {
  const binding = SHEETS_CONFIG.lanceurs[widget.roller];
  if (!binding) return null;
  return new SheetPicker(widget, binding);
}

class SheetPicker {
  constructor(widget, binding) {
    this.widget = widget;
    this.binding = binding;
    this.jeu = widget.roller.split(".", 1)[0];
    // The places a sheet fills, as rules_py names them, those the choice offers (the build's,
    // hooks/page/sheets.py: the teams stand for both sides' single places; not the Réserve).
    this.places = binding.places_du_choix;
    this.nameLabels = Object.fromEntries((binding.noms || []).map((n) => [n.parametre, n.libelle]));
    this.chosen = keptChoice(widget); // place -> [sheet ids] (kept for the tab: Back or a reload keeps her)
    this.filled = {}; // parameter -> the value the sheets filled (as the field shows it)
    this.picked = {}; // parameter -> the names chosen (kept when the sheet is read again)
    this.records = [];
    this.serial = 0;
    this.drawSerial = 0;
    // Its room in the page (widget.html), shown from the parse where the device holds sheets of
    // the game: the rows are drawn there, and the form does not move.
    this.el = widget.form.querySelector(":scope > .dl-roller__sheets");
    if (!this.el) widget.form.prepend((this.el = h("div", { class: "dl-roller__sheets" })));
    // A choice kept from before (Back, a reload): the form follows her sheet again, as when she chose it (her
    // last result stayed under the roller, and the next « Lancer » rolled the book's values, writing nothing).
    this.draw().then((drawn) => drawn && this.active() && this.apply());
    watchSheets((detail) => this.changed(detail));
    const received = (event) => (this.widget.el.isConnected ? this.changed(event.detail) : document.removeEventListener("dl:table", received));
    document.addEventListener("dl:table", received);
  }

  // --- the choice ----------------------------------------------------------

  // → false when a later call drew the choice meanwhile (its list is the newer one).
  async draw() {
    const serial = ++this.drawSerial;
    let records;
    try {
      // A sheet the rules refused (sheets/verify.js) is not offered until it is mended on its page.
      records = (await listSheets(this.jeu)).filter((record) => !record.refus);
    } catch {
      records = []; // storage refused: the roller works as before, without sheets
    }
    verifyWhenReady(); // what was kept before the engine was there, checked once it is
    // The copies the table received (« La table »): chosen like the reader's own, never written.
    const received = await listReceived(this.jeu).catch(storageTrouble("les fiches reçues", []));
    if (serial !== this.drawSerial) return false;
    records.push(...received.map((r) => ({ id: r.cle, jeu: r.jeu, rev: r.n, fiche: r.fiche, recue: true })));
    // The list changes in one step, whole: a roll tapped while it is read again reads the list before
    // (a received copy missing from a list half read, the roll went without her sheet).
    this.records = records;
    const none = !this.records.length;
    const ids = new Set(this.records.map((r) => r.id)); // a sheet deleted meanwhile is no longer chosen
    for (const place of Object.keys(this.chosen)) this.chosen[place] = this.chosen[place].filter((id) => ids.has(id));
    keepChoice(this.widget, this.chosen);
    // No sheet of this game on the device: nothing is added to the widget (it keeps its height;
    // « Mes personnages » is in the game's navigation). The choice appears with the first sheet.
    this.el.classList.remove("dl-roller__sheets--room");
    this.el.inert = false;
    if (none) {
      this.el.replaceChildren();
      return true;
    }
    // One row per single place; the teams side by side on one row.
    const prefix = `${this.widget.el.id}-fiche`;
    const teams = this.places.filter((place) => place.equipe).map((place) => this.team(place, prefix));
    this.el.replaceChildren(...this.places.filter((place) => !place.equipe).map((place) => this.single(place, prefix)),
      ...(teams.length ? [h("div", { class: "dl-sheet-place dl-sheet-place--teams" }, ...teams)] : []));
    return true;
  }

  single({ cle: place, libelle }, prefix) {
    const id = `${prefix}-${place}`;
    const select = h("select", { id, "data-sheet-place": place },
      h("option", { value: "" }, "— aucun (valeurs saisies) —"),
      ...this.records.map((r) => h("option", { value: r.id }, fr(`${r.fiche.nom}${r.fiche.type === "pnj" ? " (PNJ)" : ""}${r.recue ? " (reçue)" : ""}`))));
    const kept = this.chosen[place]?.[0];
    select.value = kept && this.records.some((r) => r.id === kept) ? kept : "";
    select.addEventListener("change", () => {
      this.chosen[place] = select.value ? [select.value] : [];
      keepChoice(this.widget, this.chosen);
      this.picked = {};
      this.apply();
    });
    return h("div", { class: "dl-sheet-place" }, h("label", { for: id }, fr(libelle)), select);
  }

  // A team: its sheets ticked in a fold; the summary names them.
  team({ cle: place, libelle }, prefix) {
    const kept = new Set(this.chosen[place] || []);
    const names = this.records.filter((r) => kept.has(r.id)).map((r) => r.fiche.nom);
    const summary = names.length ? names.join(", ") : "—";
    const boxes = this.records.map((r) => {
      const input = h("input", { type: "checkbox", value: r.id, "data-sheet-place": place });
      input.checked = kept.has(r.id);
      input.addEventListener("change", () => {
        this.chosen[place] = [...this.el.querySelectorAll(`[data-sheet-place="${place}"]:checked`)].map((box) => box.value);
        keepChoice(this.widget, this.chosen);
        this.picked = {};
        fold.querySelector("summary span").textContent = fr(this.records.filter((x) => this.chosen[place].includes(x.id))
          .map((x) => x.fiche.nom).join(", ") || "—");
        this.apply();
      });
      return h("label", {}, input, fr(r.fiche.nom));
    });
    const fold = h("details", { class: "dl-sheet-team", id: `${prefix}-${place}` },
      h("summary", {}, h("strong", {}, fr(`${libelle} : `)), h("span", {}, fr(summary))),
      ...boxes);
    return fold;
  }

  active() {
    return Object.values(this.chosen).some((ids) => ids.length);
  }

  // The sheets as stored now, by the request's keys; {} when none is chosen. A chosen sheet no longer
  // on the device (deleted in another tab, before the choice is drawn again) is said, never left out:
  // a roll without it would be a roll with the form's values, given as hers.
  async sheets() {
    const out = {};
    for (const [place, ids] of Object.entries(this.chosen)) {
      if (!ids.length) continue;
      const records = await Promise.all(ids.map((id) => this.read(id)));
      const libelle = this.places.find((p) => p.cle === place)?.libelle || "Personnage";
      if (records.some((r) => !r)) throw new Error(fr(`la fiche choisie pour « ${libelle} » n’est plus sur cet appareil ; choisissez-la de nouveau`));
      out[place] = this.places.find((p) => p.cle === place)?.equipe ? records : records[0];
    }
    return out;
  }

  // A sheet as stored now: the reader's own, or a copy the table received (marked `recue`).
  async read(id) {
    if (!this.records.find((r) => r.id === id)?.recue) return getSheet(id);
    const copy = await getReceived(id).catch((err) => {
      throw storageError("la fiche reçue", err);
    });
    return copy && { id: copy.cle, jeu: copy.jeu, rev: copy.n, fiche: copy.fiche, recue: true };
  }

  // --- the fields the sheets fill -----------------------------------------

  // Python says what the chosen sheets fill and offer by name; the form follows, in one turn once the
  // answer is there (the fill before stays until then: a sheet read again after a change elsewhere, or
  // checked by the engine, does not show the form's own choices for a moment and hide them again).
  // `again`: the sheets chosen are read again (a roll wrote on them, an edit elsewhere): nothing said (the
  // note, a status, told « Lecture de la fiche… » to a screen reader after every roll).
  async apply(again = false) {
    const serial = ++this.serial;
    if (!this.active()) {
      this.clearFilled();
      this.widget.scheduleOdds();
      return;
    }
    if (!again) this.note("Lecture de la fiche…"); // at once: the form is about to follow the sheets chosen
    let answer;
    try {
      const records = await this.sheets();
      if (serial !== this.serial) return;
      answer = await sheetsCall({ op: "sheet_choices", roller: this.widget.roller, ...this.payload(records) }, this.jeu);
      await this.widget.describe();
    } catch (err) {
      if (serial !== this.serial) return;
      this.clearFilled();
      this.note(`La fiche n’a pas pu être lue (${err.message}).`, true);
      return;
    }
    if (serial !== this.serial) return;
    this.clearFilled();
    if (!answer.ok) return this.note(answer.error, true);
    this.note("");
    this.showFilled(answer.result);
    this.widget.scheduleOdds();
  }

  payload(records) {
    const out = {};
    for (const [place, value] of Object.entries(records)) out[place] = Array.isArray(value) ? value.map((r) => r.fiche) : value.fiche;
    return out;
  }

  note(text, error = false) {
    let line = this.el.querySelector(".dl-roller__sheets-note");
    if (!line) this.el.append((line = h("p", { class: "dl-roller__sheets-note dl-field__hint", role: "status" })));
    line.className = `dl-roller__sheets-note dl-field__hint${error ? " dl-error" : ""}`;
    line.textContent = fr(text);
  }

  showFilled(choices) {
    const form = this.widget.form;
    const byName = choices.choix || {}; // parameter -> the sheet's things it may name
    // Parameters of the sheet only (a compétence), each with the roller's parameter it gives: those of a
    // place a sheet fills (Python lists its names, even none); the other side, with no sheet, keeps the
    // roller's own fields, typed in (its « Valeur d’expertise » was hidden and the roll refused).
    const own = (this.binding.parametres_fiche || []).filter((param) => param.nom in byName);
    // Values the sheet holds: written in the roller's own fields, said to come from the sheet.
    for (const record of choices.remplissage || []) {
      const input = this.widget.formKit.formInput(form, record.parametre);
      if (!input || record.source !== "fiche" || byName[record.parametre]) continue;
      // Nothing on the sheet for it (no table of its own): nothing written, nothing said (« Table de
      // confrontation : , de la fiche d’Aube »).
      if (record.valeur === null || record.valeur === "" || (Array.isArray(record.valeur) && !record.valeur.length)) continue;
      const value = Array.isArray(record.valeur) ? record.valeur.join(",") : String(record.valeur);
      if (input.dataset.kind === "bool") input.checked = record.valeur === true;
      else input.value = value;
      this.filled[record.parametre] = value;
      this.mark(input, record.texte);
    }
    const described = this.widget.description?.parametres || [];
    // A sheet's own parameter takes the place of the roller's parameter it gives (« Compétence »
    // for « Valeur d'expertise »), in the same exclusive choice; without that word, at the top.
    const given = new Set(); // a roller parameter already given by a first choice (the compétence)
    for (const param of own) {
      const options = byName[param.nom];
      const label = choices.libelles?.[param.nom] || this.nameLabels[param.nom] || param.libelle;
      // The first choice for a field starts on the sheet's first name; a second (the caractéristique
      // it uses) starts empty: the rules' default (the best one) applies.
      const first = !given.has(param.donne);
      given.add(param.donne);
      const team = this.teamOf(options);
      const block = team ? this.namesEach({ ...param, libelle: label }, options, team)
        : this.names({ ...param, libelle: label, type: "text" }, options, 1, first);
      const target = param.donne && this.widget.formKit.formInput(form, param.donne)?.closest(".dl-field");
      if (target) this.replace(target, block);
      else this.el.append(block);
    }
    // Parameters chosen by name among the sheet's things: the number field gives way to the names.
    for (const [name, options] of Object.entries(byName)) {
      if (own.some((p) => p.nom === name)) continue;
      const wrapper = this.widget.formKit.formInput(form, name)?.closest(".dl-field");
      if (!wrapper) continue;
      const param = described.find((p) => p.nom === name) || { nom: name, libelle: name, type: "int" };
      const label = choices.libelles?.[name] || this.nameLabels[name] || param.libelle;
      this.replace(wrapper, this.names({ ...param, libelle: label }, options, param.type === "ints" ? param.max_elements || 1 : 1));
    }
    this.settleSwitches([...(choices.remplissage || []).filter((r) => r.source === "fiche").map((r) => r.parametre),
      ...Object.keys(byName), ...own.map((p) => p.donne).filter(Boolean)]);
    this.widget.formKit.refreshModes(form);
  }

  // An exclusive choice of the form whose one alternative the sheets answer (« L’équipe B » from
  // sheets: « vos forces », never the site's example PNJ) is made for the reader, and hidden while the
  // sheets are chosen, its switch and that alternative's fields (the sheets hold them, as a team's
  // forces in « Réglages »): the roller stays one screen tall beside « Lancer ». The reader's own
  // choice comes back with the sheets gone. Where the sheets answer both alternatives (Simon's
  // expertise or caractéristique), the choice stays.
  settleSwitches(answered) {
    const form = this.widget.form;
    for (const fieldset of form.querySelectorAll("fieldset.dl-switch")) {
      const radios = [...fieldset.querySelectorAll("input[type=radio]")];
      const modes = new Set(answered.map((name) => this.widget.formKit.formInput(form, name)?.closest("[data-mode]")?.dataset.mode)
        .filter((mode) => radios.some((radio) => radio.value === mode)));
      if (modes.size !== 1) continue;
      const [mode] = modes;
      fieldset.dataset.sheetMode = radios.find((radio) => radio.checked)?.value || "";
      for (const radio of radios) radio.checked = radio.value === mode;
      fieldset.hidden = true;
      for (const wrapper of form.querySelectorAll(`.dl-field[data-mode="${CSS.escape(mode)}"]`)) wrapper.setAttribute("data-sheet-replaced", "");
    }
  }

  // `block` in the place of the roller's field `wrapper` (hidden while the sheet is chosen),
  // in the same alternative of an exclusive choice.
  replace(wrapper, block) {
    wrapper.setAttribute("data-sheet-replaced", "");
    if (wrapper.dataset.mode) block.dataset.mode = wrapper.dataset.mode;
    else wrapper.hidden = true; // (an exclusive choice's fields are hidden by refreshModes)
    block.classList.add("dl-field", "dl-sheet-block");
    // Two choices for one field (a compétence and its caractéristique) keep their order.
    let last = wrapper;
    while (last.nextElementSibling?.classList.contains("dl-sheet-block")) last = last.nextElementSibling;
    last.after(block);
    // « Réglages » stays as the reader left it: opened, the roller grew to six screens on a phone
    // (a confrontation from sheets), « Lancer » far below; what the sheets chose there is one tap away.
    const fold = wrapper.closest("details");
    if (fold && !fold.classList.contains("dl-roller__settings")) fold.open = true;
  }

  // One select per name to choose (an action takes one or two elements), grouped as Python says.
  names(param, options, count, preselect = true) {
    const block = h("div", { class: "dl-sheet-names", "data-sheet-param": param.nom });
    for (let i = 0; i < count; i += 1) {
      const id = `${this.widget.el.id}-fiche-${param.nom}-${i}`;
      const groups = new Map();
      for (const option of options) {
        const group = option.groupe || "";
        if (!groups.has(group)) groups.set(group, []);
        groups.get(group).push(h("option", { value: option.valeur }, fr(option.libelle)));
      }
      // A second choice for the same field (Simon's caractéristique liée, after the compétence) left
      // empty is the rules' choice (the compétence's best), not « none ».
      const empty = !preselect ? "— celle de la compétence —" : i === 0 ? "— à choisir —" : "— aucun —";
      const select = h("select", { id, "data-sheet-name": param.nom, "aria-describedby": `${id}-texte` },
        h("option", { value: "" }, empty),
        ...[...groups].map(([group, items]) => (group ? h("optgroup", { label: fr(group) }, ...items) : items)).flat());
      const kept = this.picked[param.nom]?.[i];
      if (kept !== undefined && options.some((o) => o.valeur === kept)) select.value = kept;
      else if (i === 0 && preselect && options.length) select.value = options[0].valeur;
      // A choice longer than a phone's select shows (« Escalade 6 + 0 (CON normale) = 6 (Profess… »,
      // its level cut): its whole text under it.
      const whole = h("small", { class: "dl-field__hint dl-sheet-chosen", id: `${id}-texte` });
      const showWhole = () => {
        const text = select.selectedOptions[0]?.textContent || "";
        whole.textContent = text.length > LONG_CHOICE ? text : "";
      };
      showWhole();
      select.addEventListener("change", () => {
        this.picked[param.nom] = [...block.querySelectorAll("select")].map((s) => s.value);
        showWhole();
        this.widget.scheduleOdds();
      });
      const label = count > 1 ? `${param.libelle} n°\u00a0${i + 1}` : param.libelle;
      block.append(h("div", { class: "dl-field dl-field--choice" }, h("label", { for: id }, fr(label)), select, whole));
    }
    return block;
  }

  // The team a choice by participant is for (Python numbers each option's « participante », 1, 2…): the
  // names of the sheets chosen for the place that holds them, in the order they go to the rules; or null.
  teamOf(options) {
    if (!options.length || !options.every((o) => Number.isInteger(o.participante))) return null;
    for (const ids of Object.values(this.chosen)) {
      const names = ids.map((id) => this.records.find((r) => r.id === id)?.fiche.nom);
      if (options.every((o) => names[o.participante - 1] === o.personnage)) return names;
    }
    return null;
  }

  // One select per participant, « — aucune — » allowed (a DC&DA team's relation or value at stake): one
  // select for the whole team named one, which the rules refused (« une par participante »), and a team
  // where one has a relation and the other none could not start.
  namesEach(param, options, team) {
    const block = h("div", { class: "dl-sheet-names", "data-sheet-param": param.nom, "data-sheet-each": "" });
    team.forEach((name, i) => {
      const id = `${this.widget.el.id}-fiche-${param.nom}-${i}`;
      const select = h("select", { id, "data-sheet-name": param.nom },
        h("option", { value: "" }, "— aucune —"),
        ...options.filter((o) => o.participante === i + 1).map((o) => h("option", { value: o.valeur }, fr(o.libelle))));
      const kept = this.picked[param.nom]?.[i];
      if (kept && [...select.options].some((o) => o.value === kept)) select.value = kept;
      select.addEventListener("change", () => {
        this.picked[param.nom] = [...block.querySelectorAll("select")].map((s) => s.value);
        this.widget.scheduleOdds();
      });
      block.append(h("div", { class: "dl-field dl-field--choice" }, h("label", { for: id }, fr(`${param.libelle} : ${name}`)), select));
    });
    return block;
  }

  mark(input, text) {
    const wrapper = input.closest(".dl-field");
    if (!wrapper) return;
    wrapper.classList.add("dl-sheet-filled");
    const note = h("small", { class: "dl-field__hint dl-sheet-source", id: `${input.id}-fiche` }, fr(text));
    wrapper.append(note);
    input.setAttribute("aria-describedby", [input.getAttribute("aria-describedby"), note.id].filter(Boolean).join(" "));
  }

  clearFilled() {
    const form = this.widget.form;
    for (const block of form.querySelectorAll(".dl-sheet-block, .dl-roller__sheets .dl-sheet-names, .dl-roller__sheets-note")) block.remove();
    for (const wrapper of form.querySelectorAll("[data-sheet-replaced]")) {
      wrapper.removeAttribute("data-sheet-replaced");
      if (!wrapper.dataset.mode) wrapper.hidden = false;
    }
    for (const note of form.querySelectorAll(".dl-sheet-source")) {
      const input = note.closest(".dl-field")?.querySelector("[data-kind]");
      if (input) {
        const rest = input.getAttribute("aria-describedby").split(" ").filter((x) => x !== note.id).join(" ");
        if (rest) input.setAttribute("aria-describedby", rest);
        else input.removeAttribute("aria-describedby");
      }
      note.closest(".dl-field")?.classList.remove("dl-sheet-filled");
      note.remove();
    }
    for (const fieldset of form.querySelectorAll("fieldset.dl-switch[data-sheet-mode]")) {
      const mode = fieldset.dataset.sheetMode;
      for (const radio of fieldset.querySelectorAll("input[type=radio]")) if (mode) radio.checked = radio.value === mode;
      delete fieldset.dataset.sheetMode;
      fieldset.hidden = false;
    }
    this.filled = {};
    this.widget.formKit.refreshModes(form);
  }

  // --- requests ------------------------------------------------------------

  // The request with the chosen sheets (as stored now) and the names chosen; what the sheets
  // fill is left to them unless the reader changed it (an explicit number wins).
  async decorate(request) {
    if (!this.active()) return { request, revs: null };
    const records = await this.sheets();
    if (!Object.keys(records).length) return { request, revs: null };
    const out = { ...request, ...this.payload(records) };
    let reserveRev = 0;
    if (this.binding.fiches.includes("reserve")) {
      const reserve = await getReserve(this.jeu).catch((err) => {
        throw storageError("la Réserve du meneur", err);
      });
      out.reserve = reserve?.reserve || SHEETS_CONFIG.reserves[this.jeu] || undefined;
      reserveRev = reserve?.rev || 0;
    }
    if (request.op !== "action") {
      const params = { ...request.params };
      for (const [name, value] of Object.entries(this.filled)) if (params[name] === value) delete params[name];
      const form = this.el.closest("form");
      // What a hidden field (a sheet's choice in the other alternative) held is not sent.
      for (const wrapper of form.querySelectorAll("[data-sheet-replaced]")) delete params[wrapper.querySelector("[name]")?.name];
      for (const block of form.querySelectorAll("[data-sheet-param]")) {
        if (block.hidden) continue;
        const values = [...block.querySelectorAll("select")].map((s) => s.value);
        // By participant: each in her place, « - » for none (nothing sent when none is named).
        const names = !block.hasAttribute("data-sheet-each") ? values.filter(Boolean) : values.some(Boolean) ? values.map((v) => v || "-") : [];
        if (names.length) params[block.dataset.sheetParam] = names.join(",");
      }
      out.params = params;
    }
    const revs = Object.fromEntries(Object.entries(records).map(([place, value]) =>
      [place, (Array.isArray(value) ? value : [value]).map((r) => ({ id: r.id, rev: r.rev, ...(r.recue ? { recue: true } : {}) }))]));
    if (out.reserve) revs.reserve = [{ id: out.reserve.id, rev: reserveRev }];
    return { request: out, revs };
  }

  // --- other tabs, other widgets, the page ---------------------------------

  changed(detail) {
    if (!this.widget.el.isConnected) return false; // the page has gone (instant navigation)
    if ((detail.jeu && detail.jeu !== this.jeu) || detail.reserve) return true;
    this.redraw();
    return true;
  }

  async redraw() {
    // The choice drawn again, the chosen sheets' values are read again (a roll, an edit elsewhere).
    if ((await this.draw()) && this.active()) this.apply(true);
  }
}
