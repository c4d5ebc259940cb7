// A kept sheet on paper: a copy of the game's blank sheet (the <template> the site step puts in « Mes
// personnages », hooks/site_step/print_sheets.py) filled with the sheet's values, printed in place of the
// screen's view (paper.css, sheets.css): the same fields as the blank sheet, on one A4 page.

import { shownValue } from "../index.js";

// The filled copy, or null when the page has no blank sheet of the game.
export function paperSheet(schema, fiche) {
  const template = document.querySelector(`template.dl-paper-template[data-jeu="${schema.jeu}"]`);
  const blank = template?.content.firstElementChild;
  if (!blank) return null;
  const paper = blank.cloneNode(true);
  paper.classList.add("dl-paper--filled");
  paper.querySelector(".dl-paper__title")?.removeAttribute("id");
  const fields = paperFields(schema.champs, "");
  for (const slot of paper.querySelectorAll("[data-champ]")) {
    const field = fields.get(slot.dataset.champ);
    if (!field || field.type === "object") continue;
    const value = slot.dataset.champ.split(".").reduce((v, key) => (v == null ? v : v[key]), fiche);
    if (field.type === "list") fillPaperList(slot, field, Array.isArray(value) ? value : []);
    else fillPaperSlot(slot, field, value, fiche);
  }
  requestAnimationFrame(() => fitOnePage(paper)); // once it is in the page
  return paper;
}

// One A4 page whatever the sheet holds (a long description, thirty elements): the copy is measured at the
// page's printed width (A4 less sheets.css's 15 mm margins) and scaled down (paper.css --dl-paper-zoom)
// when it is taller than the printed height.
const MM = 96 / 25.4; // CSS pixels in a millimetre
const PRINTED = { width: 180, height: 262 }; // mm, with room for the printer's rounding

function fitOnePage(paper) {
  if (!paper.isConnected) return;
  const probe = paper.cloneNode(true);
  probe.style.cssText = `display: block; position: absolute; left: -100000px; top: 0; visibility: hidden; zoom: 1; width: ${PRINTED.width}mm`;
  document.body.append(probe);
  const height = probe.getBoundingClientRect().height;
  probe.remove();
  const zoom = height > PRINTED.height * MM ? (PRINTED.height * MM) / height : 1;
  if (zoom < 1) paper.style.setProperty("--dl-paper-zoom", zoom.toFixed(3));
}

function paperFields(list, prefix) {
  const out = new Map();
  for (const field of list || []) {
    out.set(prefix + field.nom, field);
    if (field.type === "object") for (const [path, sub] of paperFields(field.champs, `${prefix}${field.nom}.`)) out.set(path, sub);
  }
  return out;
}

function fillPaperSlot(slot, field, value, row) {
  clearPaperSlot(slot);
  if (value === null || value === undefined || value === "") return;
  const boxes = slot.querySelectorAll(".dl-paper__box[data-valeur]");
  if (boxes.length) {
    for (const box of boxes) box.classList.toggle("dl-paper__box--on", box.dataset.valeur === String(value));
    return;
  }
  slot.textContent = shownValue(field, value, row);
  const track = slot.nextElementSibling;
  if (track?.classList.contains("dl-paper__track") && typeof value === "number") {
    [...track.children].forEach((box, i) => box.classList.toggle("dl-paper__box--on", i < value));
  }
}

function clearPaperSlot(slot) {
  for (const box of slot.querySelectorAll(".dl-paper__box--on")) box.classList.remove("dl-paper__box--on");
  if (!slot.querySelector(".dl-paper__box")) slot.textContent = "";
}

// A list's rows, one per item (more rows than the blank sheet's when the sheet has more).
function fillPaperList(table, field, items) {
  const body = table.tBodies[0];
  const first = body.rows[0];
  if (!first) return;
  for (const cell of body.querySelectorAll("[data-sous-champ]")) clearPaperSlot(cell);
  const subs = field.champs || (field.valeurs ? [{ ...field.valeurs, nom: "" }] : []);
  items.forEach((item, i) => {
    const row = body.rows[i] || body.appendChild(first.cloneNode(true));
    for (const cell of row.querySelectorAll("[data-sous-champ]")) {
      const sub = subs.find((s) => s.nom === cell.dataset.sousChamp);
      if (sub) fillPaperSlot(cell, sub, sub.nom === "" ? item : item?.[sub.nom], item);
    }
  });
}
