// Sheets as files: export one sheet (the sheet itself) or all ({"format", "fiches", "reserves"}),
// import them back: the whole file read by Python first (one wrong sheet: nothing is imported,
// and the French sentence names the sheet and the field), then each sheet whose id exists
// asks « Remplacer » / « Garder les deux » / « Annuler »; nothing is overwritten silently.

import { pageLayer } from "../../browser/dom.js";
import { askReader } from "./ask.js";
import { checkSheet, readSheetsFile } from "../engine.js";
import { newSheetId } from "./editor.js";
import { addSheet, askPersistence, getReserve, getSheet, writeReserve, writeSheet } from "../store.js";

const FILE_MAX_BYTES = 8 * 1024 * 1024;

export function download(name, data) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: "application/json" }));
  const link = Object.assign(document.createElement("a"), { href: url, download: name });
  pageLayer().append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function fileName(text) {
  const bare = String(text).normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
    .replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
  return bare.slice(0, 40) || "fiche";
}

export function exportOne(record) {
  download(`${fileName(record.fiche.nom)}.json`, record.fiche);
}

// Every sheet of the device, and the meneur's pools, in the file format of rules_py's sheet_export.
export function exportAll(records, reserves, format) {
  const day = new Date().toISOString().slice(0, 10);
  const content = { format, fiches: records.map((r) => r.fiche) };
  if (reserves.length) content.reserves = reserves.map((r) => r.reserve);
  download(`mes-personnages-${day}.json`, content);
}

// Import: → the French sentence to show, and the ids written.
export async function importSheets(page, file) {
  if (file.size > FILE_MAX_BYTES) return { text: "Ce fichier est bien trop grand pour des fiches (plus de 8\u00a0Mo)\u202F: rien n’a été importé.", ids: [] };
  const read = await readSheetsFile(await file.text(), page.jeu);
  if (read.error) return { text: `${read.error} Rien n’a été importé.`, ids: [] };
  const done = { added: [], replaced: [], kept: [], skipped: [], ids: [] };
  for (const fiche of read.fiches) {
    const existing = await getSheet(fiche.id);
    if (!existing) {
      await addOrFail(fiche, done.added, done);
      continue;
    }
    const answer = await askReader(page.ask,
      `« ${fiche.nom} » : une fiche de même identifiant existe déjà sur cet appareil (« ${existing.fiche.nom} »). Que faire de celle du fichier ?`,
      [["remplacer", "Remplacer"], ["deux", "Garder les deux"], ["annuler", "Annuler"]]);
    if (answer === "remplacer") {
      const written = await writeSheet(existing.id, existing.rev, fiche, "remplacée par un import");
      if (written.record) {
        done.replaced.push(fiche.nom);
        done.ids.push(fiche.id);
      } else done.skipped.push(fiche.nom);
    } else if (answer === "deux") {
      const copy = await checkSheet({ ...fiche, id: newSheetId() }, fiche.jeu);
      if (copy.error) done.skipped.push(fiche.nom);
      else await addOrFail(copy.fiche, done.kept, done);
    } else {
      done.skipped.push(fiche.nom);
    }
  }
  for (const reserve of read.reserves || []) await importReserve(page, reserve, done);
  if (done.ids.length) askPersistence();
  return { text: importReport(done, page.jeu, read.fiches), ids: done.ids };
}

// A meneur's pool from a file: one per game on the device; an existing one is asked about.
async function importReserve(page, reserve, done) {
  const existing = await getReserve(reserve.jeu);
  const label = `Réserve du meneur (${reserve.jeu})`;
  if (existing) {
    const answer = await askReader(page.ask, `Le fichier contient une Réserve du meneur (${reserve.jeu}) ; celle de cet appareil serait remplacée. Que faire ?`,
      [["remplacer", "Remplacer"], ["annuler", "Annuler"]]);
    if (answer !== "remplacer") return done.skipped.push(label);
  }
  const written = await writeReserve(reserve.jeu, existing?.rev || 0, reserve, "remplacée par un import");
  (written.record ? done.replaced : done.skipped).push(label);
  if (written.record) done.ids.push(reserve.id);
}

async function addOrFail(fiche, list, done) {
  const written = await addSheet(fiche);
  if (written.record) {
    list.push(fiche.nom);
    done.ids.push(fiche.id);
  } else done.skipped.push(fiche.nom);
}

function importReport(done, jeu, checked) {
  const names = (list) => list.map((n) => `« ${n} »`).join(", ");
  const parts = [];
  if (done.added.length) parts.push(`ajoutée${done.added.length > 1 ? "s" : ""} : ${names(done.added)}`);
  if (done.replaced.length) parts.push(`remplacée${done.replaced.length > 1 ? "s" : ""} : ${names(done.replaced)}`);
  if (done.kept.length) parts.push(`gardée${done.kept.length > 1 ? "s" : ""} en double : ${names(done.kept)}`);
  if (done.skipped.length) parts.push(`laissée${done.skipped.length > 1 ? "s" : ""} de côté : ${names(done.skipped)}`);
  const elsewhere = checked.filter((f) => f.jeu !== jeu && done.ids.includes(f.id)).length;
  const other = elsewhere ? ` ${elsewhere} fiche${elsewhere > 1 ? "s sont" : " est"} d’un autre jeu\u202F: voyez sa page « Mes personnages ».` : "";
  return `Import terminé. Fiches ${parts.join("\u202F; ")}.${other}`;
}
