// Form fields: drawn from a roller's parameter descriptions, read and written.

import { h } from "./dom.js";

export function field(param, prefix) {
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

export function fixedValues(fixed) {
  return Object.fromEntries(Object.entries(fixed).filter(([, value]) => value !== null && value !== undefined));
}

export function readForm(form) {
  const params = {};
  for (const input of form.querySelectorAll("[name][data-kind]")) {
    if (input.dataset.kind === "bool") params[input.name] = input.checked ? "true" : "false";
    else if (input.value.trim() !== "") params[input.name] = input.value.trim();
  }
  return params;
}

export function writeForm(form, params) {
  for (const input of form.querySelectorAll("[name][data-kind]")) {
    if (!(input.name in params)) continue;
    const value = params[input.name];
    if (input.dataset.kind === "bool") input.checked = value === true || value === "true";
    else input.value = Array.isArray(value) ? value.join(",") : value === null ? "" : String(value);
    if (input.value || input.checked) input.closest("details")?.setAttribute("open", ""); // show what was filled in
  }
}
