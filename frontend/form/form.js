// Form fields: drawn from a roller's parameter descriptions, read and written;
// exclusive choices (one alternative's fields at a time); numbers checked as typed.

import { fr, h } from "../browser/index.js";
import { unfold, unfoldOne } from "./fold.js";

export function field(param, prefix) {
  const id = `${prefix}-${param.nom}`;
  const hint = fr(param.aide || (param.type === "int" && "min" in param ? `De ${param.min} à ${param.max}.` : ""));
  let input;
  if (param.type === "choice") {
    input = h("select", { id, name: param.nom, "data-kind": "choice" },
      // A required choice without default says so instead of showing an empty box.
      ...(!param.requis ? [h("option", { value: "" }, "—")]
        : (param.defaut ?? null) === null ? [h("option", { value: "", disabled: "" }, "— à choisir —")] : []),
      ...param.choix.map((c) => h("option", { value: c.valeur }, fr(c.libelle))));
    input.value = param.defaut ?? "";
  } else if (param.type === "bool") {
    input = h("input", { type: "checkbox", id, name: param.nom, "data-kind": "bool" });
    input.checked = param.defaut === true;
  } else {
    // Numbers in a text field: a number field hands "" to the script for « 4e » or « 2,5 ».
    const attrs = param.type === "int"
      ? { inputmode: "min" in param && param.min < 0 ? "text" : "numeric", ...("min" in param ? { "data-min": param.min, "data-max": param.max } : {}) }
      : {};
    input = h("input", { type: "text", autocomplete: "off", spellcheck: "false", ...attrs, id, name: param.nom, "data-kind": param.type });
    input.value = Array.isArray(param.defaut) ? param.defaut.join(",") : (param.defaut ?? "");
  }
  if (hint) input.setAttribute("aria-describedby", `${id}-aide`);
  const label = h("label", { for: id }, fr(param.libelle));
  return h("div", { class: `dl-field dl-field--${param.type}` },
    ...(param.type === "bool" ? [input, label] : [label, input]),
    hint ? h("small", { class: "dl-field__hint", id: `${id}-aide` }, hint) : "");
}

export function fixedValues(fixed) {
  return Object.fromEntries(Object.entries(fixed).filter(([, value]) => value !== null && value !== undefined));
}

// The parameters as typed; fields of an inactive alternative (disabled) are not sent.
// The form's folds are made first: the roll reads every field the reader could have set.
export function readForm(form) {
  unfold(form);
  const params = {};
  for (const input of form.querySelectorAll("[name][data-kind]")) {
    if (input.disabled) continue;
    if (input.dataset.kind === "bool") params[input.name] = input.checked ? "true" : "false";
    else if (input.value.trim() !== "") params[input.name] = input.value.trim();
  }
  return params;
}

// Every field of the form as its markup wrote it (the build's preset; a fold not made yet is): the
// odds the build drew under it are still its own. Read without making the folds.
export function formAsBuilt(form) {
  for (const el of form.querySelectorAll("[name]")) { // not form.elements: a field may be named « elements »
    if (el.type === "checkbox" || el.type === "radio") {
      if (el.checked !== el.defaultChecked) return false;
    } else if (el.tagName === "SELECT") {
      if (el.selectedIndex !== Math.max(0, [...el.options].findLastIndex((o) => o.defaultSelected))) return false;
    } else if ("defaultValue" in el && el.value !== el.defaultValue) {
      return false;
    }
  }
  return true;
}

// The first number field holding something that is not a whole number: {name, message}, or null.
// The rules would refuse it too; said here, before any engine, in the field's own words.
export function badNumber(form) {
  for (const input of form.querySelectorAll('[data-kind="int"]')) {
    const text = input.value.trim();
    if (input.disabled || text === "" || /^[-+\u2212]?\d+$/.test(text)) continue; // « −2 », as the answers write it
    const label = form.querySelector(`label[for="${CSS.escape(input.id)}"]`)?.textContent.trim() || input.name;
    const minus = (n) => String(n).replace("-", "\u2212");
    const range = input.dataset.min !== undefined ? ` de ${minus(input.dataset.min)} à ${minus(input.dataset.max)}` : "";
    // The rules' own sentence for it (rules_py.params), without the internal name.
    return { name: input.name, message: fr(`${label} : un entier${range} attendu, reçu « ${text} ».`) };
  }
  return null;
}

// One parameter's field, by its name; the form's folds are made first (it may sit in « Réglages »
// or in an alternative not chosen), as for readForm and writeForm.
export function formInput(form, name) {
  unfold(form);
  return form.querySelector(`[name="${CSS.escape(name)}"][data-kind]`);
}

export function writeForm(form, params) {
  unfold(form);
  for (const input of form.querySelectorAll("[name][data-kind]")) {
    if (!(input.name in params)) continue;
    const value = params[input.name];
    if (input.dataset.kind === "bool") input.checked = value === true || value === "true";
    else input.value = Array.isArray(value) ? value.join(",") : value === null ? "" : String(value);
    if (input.value || input.checked) {
      showMode(form, input.closest("[data-mode]")?.dataset.mode); // the alternative that holds it
      input.closest("details")?.setAttribute("open", ""); // show what was filled in
    }
  }
}

const boundRadios = new WeakSet();

// Exclusive choices: the radio "name:k" shows alternative k's fields and hides (and disables) the others'.
export function refreshModes(form) {
  applyModes(form);
}

export function bindModes(form, onChange) {
  for (const radio of form.querySelectorAll(".dl-switch input[type=radio]")) {
    if (boundRadios.has(radio)) continue; // bound again once a fold is made: only its new radios
    boundRadios.add(radio);
    radio.addEventListener("change", () => {
      applyModes(form);
      onChange();
    });
  }
  applyModes(form);
}

function showMode(form, mode) {
  if (!mode) return;
  const radio = [...form.querySelectorAll(".dl-switch input[type=radio]")].find((r) => r.value === mode);
  if (radio && !radio.checked) {
    radio.checked = true;
    applyModes(form);
  }
}

function applyModes(form) {
  const active = new Set([...form.querySelectorAll(".dl-switch input[type=radio]:checked")].map((r) => r.value));
  // An alternative chosen for the first time: its fields, folded at build, are made now.
  for (const fold of form.querySelectorAll("noscript.dl-fold[data-mode]")) {
    if (active.has(fold.dataset.mode)) unfoldOne(fold);
  }
  for (const wrapper of form.querySelectorAll(".dl-field[data-mode]")) {
    const on = active.has(wrapper.dataset.mode);
    // A field a character's sheet answers (sheets/picker.js) stays hidden, its choices shown instead.
    wrapper.hidden = !on || wrapper.hasAttribute("data-sheet-replaced");
    for (const input of wrapper.querySelectorAll("[name][data-kind]")) input.disabled = wrapper.hidden;
  }
}
