// « Demander un jet », on « L’écran du meneur »: who (a character the table received, or the whole
// table), which roller of the page, what for, and « Jet secret »; the values fixed are those she changed
// in that roller's form below (its page's preset is the rest, on both phones). The request is a link and a
// QR code (record "d", table/request.js), kept on her phone with its answers (storage/requests.js); the
// requests drawn with their answers under « Demandes et réponses ».

import { fr, h, storageTrouble } from "../browser/index.js";
import { GAMES } from "../config.js";
import { sheetButton, tell } from "../sheets/index.js";
import { forgetRequest, keepRequest, listReceived, nextSequence } from "../storage/index.js";
import { meneurSides } from "./checks.js";
import { deviceKeys, recordLink, showLink } from "../links/index.js";

const ASK_REQUESTS_SHOWN = 10;

// The rollers of the page, by the heading of their section (« Un jet contre le monde »).
function pageRollers() {
  return [...document.querySelectorAll(".dl-roller[data-roller]")].map((el) => {
    const heading = document.getElementById(el.id.replace(/^lanceur-/, ""));
    const title = heading?.firstChild?.textContent.trim() || el.querySelector(`[id="${CSS.escape(el.id)}-titre"]`)?.textContent.trim() || el.dataset.roller;
    return { el, title };
  });
}

// A field's value as the page built it (its preset), and as it is now.
function presetOf(input) {
  if (input.dataset.kind === "bool") return input.defaultChecked ? "true" : "false";
  if (input.tagName === "SELECT") return ([...input.options].find((o) => o.defaultSelected) || input.options[0])?.value ?? "";
  return input.defaultValue.trim();
}

function valueOf(input) {
  if (input.dataset.kind === "bool") return input.checked ? "true" : "false";
  return input.value.trim();
}

function fieldShown(input) {
  if (input.dataset.kind === "bool") return input.checked ? "oui" : "non";
  if (input.tagName === "SELECT") return input.selectedOptions[0]?.textContent.trim() || "—";
  return input.value.trim() || "vide";
}

function fieldLabel(input) {
  const label = input.form?.querySelector(`label[for="${CSS.escape(input.id)}"]`);
  return (label?.firstChild?.textContent || input.name).trim();
}

// A field the meneuse set by hand, even to the page's preset (« Débutant » chosen after « Expert »): hers to fix.
document.addEventListener("change", (event) => {
  if (event.target?.matches?.(".dl-roller [name][data-kind]")) event.target.setAttribute("data-dl-set", "");
}, true);

// The values the meneuse changed in a roller's form, or set by hand (those a chosen sheet fills left out):
// → {values: {name: value}, labels: {name: label}, shown: ["Label : value"]}.
export function changedValues(widget) {
  const form = widget.form;
  widget.formKit.readForm(form); // its folds made: every field she could have set
  const filled = new Set(Object.keys(widget.sheets?.filled || {}));
  const out = { values: {}, labels: {}, shown: [] };
  for (const input of form.querySelectorAll("[name][data-kind]")) {
    if (input.disabled || filled.has(input.name) || input.closest("[data-sheet-replaced]")) continue;
    if (valueOf(input) === presetOf(input) && !input.hasAttribute("data-dl-set")) continue; // set back to it: hers
    out.values[input.name] = valueOf(input);
    out.labels[input.name] = fieldLabel(input);
    out.shown.push(`${fieldLabel(input)} : ${fieldShown(input)}`);
  }
  return out;
}

// A roller's form set back to its page's preset (before a request's values are written on a player's phone).
export function presetForm(widget) {
  const form = widget.form;
  widget.formKit.readForm(form);
  for (const input of form.querySelectorAll("[name][data-kind]")) {
    if (input.dataset.kind === "bool") input.checked = input.defaultChecked;
    else input.value = presetOf(input);
  }
  for (const radio of form.querySelectorAll(".dl-switch input[type=radio]")) radio.checked = radio.defaultChecked;
  widget.formKit.refreshModes(form);
}

export class AskForm {
  constructor(screen, fold) {
    this.screen = screen;
    this.fold = fold;
    this.made = false;
    fold.addEventListener("toggle", () => fold.open && this.open());
  }

  async open() {
    if (!this.made) this.make();
    await this.refreshWho();
    this.refreshFixed();
  }

  make() {
    this.made = true;
    const rollers = pageRollers();
    this.who = h("select", { id: "dl-table-demande-qui" }, h("option", { value: "" }, "Toute la table"));
    this.roller = h("select", { id: "dl-table-demande-lanceur" }, ...rollers.map(({ el, title }) => h("option", { value: el.id }, fr(title))));
    this.title = h("input", { type: "text", id: "dl-table-demande-titre", maxlength: "80", autocomplete: "off", placeholder: "Écouter à la porte" });
    this.secret = h("input", { type: "checkbox", id: "dl-table-demande-secret" });
    this.fixed = h("p", { class: "dl-table__fixed", id: "dl-table-demande-fixe" });
    const form = h("form", { class: "dl-table__ask-form", novalidate: "" },
      h("label", { for: this.who.id }, "Pour qui"), this.who,
      h("label", { for: this.roller.id }, "Lanceur"), this.roller, this.fixed,
      h("label", { for: this.title.id }, "Pour quoi (facultatif)"), this.title,
      h("p", { class: "dl-table__secret-line" }, this.secret,
        h("label", { for: this.secret.id }, fr("Jet secret : son téléphone ne le lui montre pas, seul le vôtre le lit"))),
      sheetButton("Demander ce jet", () => null, { type: "submit", primary: true }));
    this.roller.addEventListener("change", () => this.refreshFixed());
    for (const { el } of rollers) {
      for (const kind of ["input", "change"]) el.addEventListener(kind, () => this.made && this.refreshFixed());
    }
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.ask().catch((err) => tell(this.screen.message, err.message, null, "error"));
    });
    this.fold.append(form);
  }

  async refreshWho() {
    const copies = await listReceived(this.screen.jeu).catch(storageTrouble("les fiches reçues", []));
    const chosen = this.who.value;
    this.who.replaceChildren(h("option", { value: "" }, "Toute la table"),
      ...copies.map((copy) => h("option", { value: copy.cle }, fr(copy.fiche.nom))));
    this.who.value = copies.some((c) => c.cle === chosen) ? chosen : "";
    this.copies = copies;
  }

  chosenWidget() {
    return document.getElementById(this.roller.value)?.dlWidget || null;
  }

  refreshFixed() {
    const widget = this.chosenWidget();
    if (!widget) return;
    const { shown } = changedValues(widget);
    const where = h("a", { href: `#${widget.el.id}` }, "réglez-le plus bas");
    this.fixed.replaceChildren(h("strong", {}, "Valeurs fixées : "),
      shown.length ? fr(`${shown.join(" · ")} (`) : fr("aucune ; le lanceur tel que la page le règle ("), where, ").");
  }

  async ask() {
    const widget = this.chosenWidget();
    if (!widget) return;
    const { values, labels, shown } = changedValues(widget);
    if (meneurSides(values).all) {
      tell(this.screen.message, "Un jet du meneur se fait sur votre téléphone\u202F: pour le demander à une joueuse, « Qui lance » doit rester « Un joueur ».", null, "error");
      return;
    }
    const copy = this.copies?.find((c) => c.cle === this.who.value) || null;
    const rollerTitle = this.roller.selectedOptions[0]?.textContent || widget.roller;
    const title = this.title.value.trim().slice(0, 80);
    const secret = this.secret.checked;
    const { auteur, n } = await nextSequence();
    const keys = secret ? await deviceKeys() : null;
    const body = { l: widget.roller.split(".").slice(1).join("."), p: values, ...(title ? { t: title } : {}),
      ...(copy ? { q: { i: copy.sujet, n: copy.fiche.nom } } : {}), ...(secret ? { x: keys.echange.publique } : {}) };
    const jeu = this.screen.jeu;
    const link = await recordLink("d", jeu, auteur, n, body);
    const titre = title || rollerTitle;
    await keepRequest({ cle: `${auteur}.${n}`, jeu, quand: Date.now(), lanceur: widget.roller, titre, qui: copy ? { sujet: copy.sujet, nom: copy.fiche.nom } : null,
      valeurs: values, libelles: labels, fixe: shown, secret, lien: link, reponses: [] });
    this.title.value = "";
    this.secret.checked = false;
    await showRequest({ jeu, titre, qui: copy ? { nom: copy.fiche.nom } : null, secret, lien: link });
  }
}

function showRequest(request) {
  const who = request.qui ? request.qui.nom : "la table";
  return showLink(request.lien, `Demander « ${request.titre} » à ${who}`,
    `${request.qui ? "Elle ouvre" : "Chaque joueuse ouvre"} ce lien (${GAMES[request.jeu]}) : le lanceur s’y règle avec vos valeurs, qu’elle ne peut pas changer, et son personnage y est choisi quand son téléphone le tient. ${request.secret
      ? "Jet secret : son téléphone ne lui en montre pas le résultat ; il vous l’envoie, chiffré pour ce téléphone-ci."
      : "Elle lance, puis « Montrer ce jet » vous rapporte sa réponse."}`);
}

// « Demandes et réponses »: the last requests, newest first, each with its answers.
export function requestList(screen, requests) {
  return h("ol", { class: "dl-table__request-list" }, ...requests.slice(0, ASK_REQUESTS_SHOWN).map((request) => {
    const answers = request.reponses.map((answer) => h("li", { class: answer.premiere ? "" : "dl-table__answer--again", "data-roll-id": answer.jet },
      fr(`${answer.premiere ? "Réponse" : "Deuxième réponse"} de ${answer.personnage || "une joueuse"}${answer.secret ? " (secrète)" : ""} : `),
      h("strong", {}, fr(answer.resultat)), answer.premiere ? "" : fr(" — comptée nulle part.")));
    return h("li", { class: "dl-table__request", "data-request-id": request.cle },
      h("p", {}, h("strong", {}, fr(request.qui ? request.qui.nom : "Toute la table")), fr(` — ${request.titre}`),
        request.secret ? h("span", { class: "dl-sheet-badge" }, "secret") : ""),
      request.fixe?.length ? h("p", { class: "dl-table__fixed" }, fr(`Fixé : ${request.fixe.join(" · ")}`)) : "",
      answers.length ? h("ul", { class: "dl-table__answers" }, ...answers) : h("p", { class: "dl-table__waiting" }, "En attente de réponse."),
      h("p", {}, sheetButton("Montrer de nouveau", () => showRequest(request), { "aria-label": `Montrer de nouveau la demande « ${request.titre} »` }),
        sheetButton("Retirer", async () => {
          await forgetRequest(request).catch((err) => tell(screen.message, err.message, null, "error"));
          tell(screen.message, `La demande « ${request.titre} » est retirée.`);
        }, { "aria-label": `Retirer la demande « ${request.titre} »` })));
  }));
}
