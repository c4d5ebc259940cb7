// The form of a sheet, drawn from its game's schema (written into the page by the build,
// from rules_py: fields, labels, ranges, the book's sentence and section for each field),
// read back as a sheet for Python to check. No rule here: a value out of range is sent
// as typed and Python's French sentence names the field.

import { fr, h, SITE_ROOT } from "../../browser/index.js";
import { namesItsNumber, numberText } from "../index.js";

// The form for `fiche` (a sheet, or {} for a new one): {el, read(), mark(path, message), clear()}.
export function sheetForm(schema, fiche, prefix) {
  const el = h("div", { class: "dl-sheet-form" });
  const groups = new Map();
  const shown = schema.champs.filter(inForm).map((field) => withPicks(field, schema.champs));
  for (const field of shown) {
    const name = field.groupe || "";
    if (!groups.has(name)) groups.set(name, []);
    groups.get(name).push(field);
  }
  for (const [legend, fields] of groups) {
    el.append(h("fieldset", { class: "dl-sheet-form__group" },
      legend ? h("legend", {}, fr(legend)) : h("legend", { class: "dl-visually-hidden" }, "Fiche"),
      ...fields.map((field) => drawField(field, fiche?.[field.nom], `${prefix}-${field.nom}`, field.nom))));
  }
  // A list the picks are made from changed (a caractéristique added, its abbreviation typed): they follow.
  const follow = (event) => {
    if (event.target.closest?.(".dl-sheet-form__picks")) return;
    for (const picks of el.querySelectorAll(".dl-sheet-form__picks")) drawPicks(picks, el);
  };
  for (const picks of el.querySelectorAll(".dl-sheet-form__picks")) drawPicks(picks, el);
  el.addEventListener("change", follow);
  el.addEventListener("click", (event) => event.target.closest(".dl-sheet-form__add, .dl-sheet-form__remove") && setTimeout(() => follow(event), 0));
  return {
    el,
    // The sheet as typed, over the fields the form does not show (id, jeu, format…).
    read: () => ({ ...(fiche || {}), ...readFields(el, shown, "") }),
    mark: (path, message) => markPath(el, path, message),
    clear: () => clearMarks(el),
  };
}

// The fields a reader fills; the sheet's identity and format are the page's.
function inForm(field) {
  return !["id", "date"].includes(field.type) && !["format", "jeu"].includes(field.nom) &&
    !(field.type === "choice" && field.requis && field.choix?.length === 1); // nothing to choose
}

function drawField(field, value, id, path) {
  if (field.type === "list" && field.valeurs) return drawInput(field, value, id, path, null);
  if (field.type === "list") return drawList(field, Array.isArray(value) ? value : [], id, path);
  if (field.type === "object") return drawObject(field, value && typeof value === "object" ? value : {}, id, path);
  return drawInput(field, value === undefined ? field.defaut : value, id, path, null);
}

// The one sentence of the book and the link to its section, under the field; the site's
// decision where the book is silent, said as the site's.
function hint(field, id) {
  if (!field.aide && !field.lien && !field.decision) return null;
  const parts = [];
  if (field.aide) parts.push(h("q", {}, fr(field.aide)), " ");
  if (field.lien) {
    parts.push(h("a", { href: new URL(field.lien, SITE_ROOT).href, class: "dl-sheet-form__source" },
      fr(field.source ? `(${field.source})` : "(la section du livre)")));
  }
  if (field.decision) parts.push(" ", h("span", { class: "dl-sheet-form__decision" }, fr(`Choix du site : ${field.decision}`)));
  return h("small", { class: "dl-field__hint", id: `${id}-aide` }, ...parts);
}

const hasHint = (field) => Boolean(field.aide || field.lien || field.decision);

function drawInput(field, value, id, path, row) {
  if (field.depuis) return drawPicksField(field, value, id, path);
  const described = hasHint(field) ? { "aria-describedby": `${id}-aide` } : {};
  const common = { id, "data-path": path, "data-type": field.type, ...described };
  let input;
  if (field.type === "choice" || (field.type === "int" && field.echelles)) {
    const required = field.requis && field.defaut !== null && field.defaut !== undefined;
    input = h("select", common, ...(required ? [] : [h("option", { value: "" }, "—")]));
    fillOptions(input, field, row);
    input.value = value === null || value === undefined ? "" : String(value);
    if (input.value === "" && required) input.selectedIndex = 0;
  } else if (field.type === "bool") {
    input = h("input", { type: "checkbox", ...common });
    input.checked = value === true;
  } else if (field.lignes) {
    input = h("textarea", { rows: "4", ...common, ...(field.max_longueur ? { maxlength: String(field.max_longueur) } : {}),
      ...(field.exemple ? { placeholder: field.exemple } : {}) });
    input.value = value ?? "";
  } else {
    const number = field.type === "int";
    const attrs = number
      ? { inputmode: field.min !== undefined && field.min < 0 ? "text" : "numeric", autocomplete: "off" }
      : { autocomplete: "off", ...(field.max_longueur ? { maxlength: String(field.max_longueur) } : {}) };
    if (field.exemple) attrs.placeholder = field.exemple;
    if (field.suggestions?.length) attrs.list = `${id}-suggestions`;
    input = h("input", { type: "text", spellcheck: number ? "false" : "true", ...attrs, ...common });
    // A list of plain values (a compétence's caractéristiques): written « INT, CO ».
    input.value = value === null || value === undefined ? "" : Array.isArray(value) ? value.join(", ") : String(value);
  }
  const label = h("label", { for: id }, fr(field.libelle), field.requis ? h("span", { class: "dl-sheet-form__required" }, " (obligatoire)") : "");
  const suggestions = field.suggestions?.length
    ? h("datalist", { id: `${id}-suggestions` }, ...field.suggestions.map((s) => h("option", { value: s })))
    : "";
  if (field.type === "list") label.append(h("span", { class: "dl-sheet-form__range" }, " (séparées par des virgules)"));
  const range = field.type === "int" && !field.echelles && field.min !== undefined
    ? h("span", { class: "dl-sheet-form__range" }, ` (${field.min} à ${field.max})`) : "";
  if (range) label.append(range);
  return h("div", { class: `dl-field dl-field--${field.type}`, "data-field": field.nom },
    ...(field.type === "bool" ? [input, label] : [label, input]), suggestions, hint(field, id) || "");
}

// A score's options, with the level words beside the number (« 2 — Professionnel »);
// words that depend on another field of the row (an element's category) follow it.
function fillOptions(select, field, row) {
  const keep = select.value;
  for (const option of [...select.options]) if (option.value !== "") option.remove();
  if (field.type === "choice") {
    for (const c of field.choix) select.append(h("option", { value: String(c.valeur) }, fr(c.libelle)));
  } else {
    const words = levelWords(field, row);
    for (let n = field.min; n <= field.max; n += 1) {
      const word = words?.[n - field.min];
      const text = word ? (namesItsNumber(word, n) ? fr(word) : `${numberText(n)} — ${fr(word)}`) : numberText(n);
      select.append(h("option", { value: String(n) }, text));
    }
  }
  select.value = keep;
}

function levelWords(field, row) {
  const scales = field.echelles || {};
  if (!field.echelle_selon) return Object.values(scales)[0] || null;
  const key = row?.querySelector(`[data-field="${CSS.escape(field.echelle_selon)}"] [data-type]`)?.value;
  return scales[key] || null;
}

function drawObject(field, value, id, path) {
  return h("fieldset", { class: "dl-sheet-form__object", "data-path": path, "data-type": "object" },
    h("legend", {}, fr(field.libelle)),
    hint(field, id) || "",
    ...field.champs.map((sub) => drawField(sub, value[sub.nom], `${id}-${sub.nom}`, `${path}.${sub.nom}`)));
}

// A list (elements, états…): one folded row per item, its summary saying it in words
// (« Pilote · Carrière · 2 (Professionnel) »); the sub-fields' help once, above the rows.
function drawList(field, items, id, path) {
  const rows = h("ol", { class: "dl-sheet-form__rows" });
  const help = field.champs.filter(hasHint);
  const box = h("fieldset", { class: "dl-sheet-form__list", "data-path": path, "data-type": "list" },
    h("legend", {}, fr(field.libelle)), hint(field, id) || "",
    help.length ? h("details", { class: "dl-sheet-form__help" }, h("summary", {}, fr(`Aide : ${help.map((sub) => sub.libelle.toLowerCase()).join(", ")}`)),
      ...help.map((sub) => h("p", {}, h("strong", {}, fr(`${sub.libelle} : `)), hint(sub, `${id}-${sub.nom}`)))) : "",
    rows);
  const add = h("button", { type: "button", class: "md-button dl-sheet-form__add" }, fr(`Ajouter : ${(field.element || "une ligne").toLowerCase()}`));
  const addRow = (item, open) => {
    const row = listRow(field, item, id, path, rows, open);
    rows.append(row);
    renumber(rows, field, id, path);
    if (open) row.querySelector("input, select, textarea")?.focus();
  };
  add.addEventListener("click", () => addRow({}, true));
  items.forEach((item) => addRow(item, false));
  box.append(add);
  return box;
}

function listRow(field, item, id, path, rows, open) {
  const row = h("li", { class: "dl-sheet-form__row" });
  const summary = h("summary", {});
  const legend = h("legend", { class: "dl-visually-hidden" });
  const remove = h("button", { type: "button", class: "md-button dl-sheet-form__remove" }, "Retirer");
  remove.addEventListener("click", () => {
    const next = row.nextElementSibling || row.previousElementSibling;
    row.remove();
    renumber(rows, field, id, path);
    (next?.querySelector("summary") || rows.closest("fieldset").querySelector(".dl-sheet-form__add")).focus();
  });
  const inputs = field.champs.map((sub) => drawInput({ ...sub, aide: "", lien: "", decision: "" }, item[sub.nom] ?? sub.defaut, "", "", row));
  row.append(h("details", open ? { open: "" } : {}, summary, h("fieldset", {}, legend, ...inputs, remove)));
  // A score's level words follow the category chosen on the same row.
  for (const sub of field.champs.filter((s) => s.echelle_selon)) {
    const source = inputs.find((div) => div.dataset.field === sub.echelle_selon)?.querySelector("select, input");
    const target = inputs.find((div) => div.dataset.field === sub.nom)?.querySelector("select");
    if (source && target) {
      source.addEventListener("change", () => fillOptions(target, sub, row));
      fillOptions(target, sub, row);
      target.value = String(item[sub.nom] ?? sub.defaut ?? "");
    }
  }
  const say = () => (summary.textContent = rowSummary(field, row));
  row.addEventListener("input", say);
  row.addEventListener("change", say);
  say();
  return row;
}

// The row in words, from its inputs as they are: « Pilote · Carrière · 2 — Professionnel ».
function rowSummary(field, row) {
  const words = field.champs.map((sub) => {
    const input = row.querySelector(`[data-field="${CSS.escape(sub.nom)}"] [data-type]`);
    if (!input) return "";
    if (input.type === "checkbox") return input.checked ? fr(sub.libelle) : "";
    if (input.matches("fieldset")) return [...input.querySelectorAll("input:checked")].map((box) => box.value).join(", ");
    if (input.tagName === "SELECT") return input.value ? input.selectedOptions[0]?.textContent || "" : "";
    return input.value.trim();
  }).filter(Boolean);
  return words.length ? words.join(" · ") : fr(`${field.element || "Ligne"} à remplir`);
}

// Rows keep ids and paths that say their place (« elements[3].score »: Python's errors name them).
function renumber(rows, field, id, path) {
  [...rows.children].forEach((row, i) => {
    const title = `${fr(field.element || "Ligne")} n° ${i + 1}`.replace("n° ", "n°\u00a0");
    row.querySelector("legend").textContent = title;
    row.querySelector(".dl-sheet-form__remove").setAttribute("aria-label", `Retirer : ${title}`);
    for (const div of row.querySelectorAll(".dl-field")) {
      const rowId = `${id}-${i}-${div.dataset.field}`;
      const input = div.querySelector("[data-type]");
      input.id = rowId;
      input.dataset.path = `${path}[${i}].${div.dataset.field}`;
      if (input.matches(".dl-sheet-form__picks")) {
        drawPicks(input, rows.closest(".dl-sheet-form"));
        continue;
      }
      div.querySelector("label").htmlFor = rowId;
      const list = div.querySelector("datalist");
      if (list) {
        list.id = `${rowId}-suggestions`;
        input.setAttribute("list", list.id);
      }
    }
  });
}

// --- a list of values named from another list of the sheet ------------------

// A list of plain values that names the items of another list of the sheet by one of their fields (a
// compétence's caractéristiques by abbreviation): ticked among that list's items as the form holds them,
// not typed (« CON » was typed by hand). `depuis`: {liste, cle, libelle}.
function withPicks(field, champs) {
  if (field.type !== "list" || !field.champs) return field;
  const sub = field.champs.map((child) => {
    if (child.type !== "list" || !child.valeurs) return child;
    const source = champs.find((other) => other.type === "list" && other.champs?.some((c) => c.nom === child.valeurs.nom));
    if (!source) return child;
    const named = source.champs.find((c) => c.nom === "nom" && c.nom !== child.valeurs.nom);
    return { ...child, depuis: { liste: source.nom, titre: source.libelle, cle: child.valeurs.nom, libelle: named?.nom || null } };
  });
  return { ...field, champs: sub };
}

function drawPicksField(field, value, id, path) {
  const picks = h("fieldset", { class: "dl-sheet-form__picks", id, "data-path": path, "data-type": "list",
    "data-depuis": JSON.stringify(field.depuis) }, h("legend", {}, fr(field.libelle)));
  picks.dlChosen = Array.isArray(value) ? value.map(String) : [];
  return h("div", { class: "dl-field dl-field--picks", "data-field": field.nom }, picks);
}

// The boxes, one per item of the source list as the form holds it now (and one per value kept that names
// none of them: an import's name, kept as it is), the ticked ones kept.
function drawPicks(picks, form) {
  if (!form) return;
  const { liste, titre, cle, libelle } = JSON.parse(picks.dataset.depuis);
  const chosen = picks.querySelector("input") ? [...picks.querySelectorAll("input:checked")].map((box) => box.value) : picks.dlChosen;
  const items = [...(form.querySelector(`[data-path="${CSS.escape(liste)}"] .dl-sheet-form__rows`)?.children || [])].map((row) => {
    const read = (name) => row.querySelector(`[data-field="${CSS.escape(name)}"] [data-type]`)?.value.trim() || "";
    return { value: read(cle), words: libelle ? read(libelle) : "" };
  }).filter((item) => item.value);
  for (const value of chosen) if (!items.some((item) => item.value === value)) items.push({ value, words: "" });
  const legend = picks.querySelector("legend");
  picks.replaceChildren(legend, ...items.map((item, k) => {
    const boxId = `${picks.id}-${k}`;
    const box = h("input", { type: "checkbox", id: boxId, value: item.value });
    box.checked = chosen.includes(item.value);
    return h("span", { class: "dl-sheet-form__pick" }, box, h("label", { for: boxId }, fr(item.words ? `${item.value} — ${item.words}` : item.value)));
  }));
  if (!items.length) picks.append(h("small", { class: "dl-field__hint" }, fr(`Rien à cocher : remplissez d’abord « ${titre} ».`)));
}

// --- reading back -------------------------------------------------------

function readFields(scope, fields, base) {
  const out = {};
  for (const field of fields) {
    const path = base ? `${base}.${field.nom}` : field.nom;
    if (field.type === "list" && field.valeurs) {
      const input = scope.querySelector(`[data-path="${CSS.escape(path)}"]`);
      if (input?.matches("fieldset")) out[field.nom] = [...input.querySelectorAll("input:checked")].map((box) => box.value);
      else if (input) out[field.nom] = input.value.split(",").map((v) => v.trim()).filter(Boolean);
    } else if (field.type === "list") {
      const box = scope.querySelector(`[data-path="${CSS.escape(path)}"]`);
      out[field.nom] = box ? [...box.querySelector(".dl-sheet-form__rows").children]
        .map((row, i) => readFields(row, field.champs, `${path}[${i}]`)) : [];
    } else if (field.type === "object") {
      out[field.nom] = readFields(scope, field.champs, path);
    } else {
      const input = scope.querySelector(`[data-path="${CSS.escape(path)}"]`);
      if (input) out[field.nom] = readValue(field, input);
    }
  }
  return out;
}

// As typed: a whole number becomes a number, anything else stays text for Python to refuse
// in its own words; an empty number or choice is null (Python's default, or « none »).
function readValue(field, input) {
  if (field.type === "bool") return input.checked;
  const text = input.value.trim();
  if (field.type === "int") {
    if (text === "") return null;
    return /^[-+]?\d{1,9}$/.test(text) ? Number(text) : text;
  }
  if (field.type === "choice") return text === "" ? null : text;
  return field.lignes ? input.value : text;
}

// --- Python's refusals, on their field ------------------------------------

function markPath(scope, path, message) {
  clearMarks(scope);
  const target = path ? scope.querySelector(`[data-path="${CSS.escape(path)}"]`) : null;
  if (!target) return null;
  const input = target.matches("fieldset") ? target.querySelector("input, select, textarea") || target : target;
  input.setAttribute("aria-invalid", "true");
  for (let folded = input.closest("details"); folded; folded = folded.parentElement.closest("details")) folded.open = true;
  const holder = target.closest(".dl-field") || target;
  holder.classList.add("dl-field--invalid");
  const note = h("p", { class: "dl-error dl-sheet-form__error", id: `${input.id || "fiche"}-erreur` }, fr(message));
  holder.append(note);
  input.setAttribute("aria-describedby", [input.getAttribute("aria-describedby"), note.id].filter(Boolean).join(" "));
  return input;
}

function clearMarks(scope) {
  for (const note of scope.querySelectorAll(".dl-sheet-form__error")) {
    const input = scope.querySelector(`[aria-describedby~="${CSS.escape(note.id)}"]`);
    if (input) {
      const rest = input.getAttribute("aria-describedby").split(" ").filter((x) => x !== note.id).join(" ");
      if (rest) input.setAttribute("aria-describedby", rest);
      else input.removeAttribute("aria-describedby");
    }
    note.remove();
  }
  for (const input of scope.querySelectorAll("[aria-invalid]")) input.removeAttribute("aria-invalid");
  for (const div of scope.querySelectorAll(".dl-field--invalid")) div.classList.remove("dl-field--invalid");
}
