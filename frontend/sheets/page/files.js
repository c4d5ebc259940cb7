// Sheets as files, without waiting for the engine: one sheet's « Exporter » (the sheet itself), « Tout
// exporter » (the device's backup: every game's sheets, the Réserves du meneur, the drafts) and
// « Exporter les fiches de … » (one game's), in the one backup format (sheets/page/backup.js,
// CHARACTERS.md « The backup »); « Importer des fiches » reads any of them, on any game's page: the whole
// file checked first (one wrong object: nothing is imported, one French sentence names it), each sheet
// whose id exists with another content asks « Remplacer » / « Garder les deux » / « Annuler », then
// everything is written in one transaction (sheets/page/device.js importEverything). The engine checks what
// was kept when it comes (sheets/verify.js).

import { h, pageLayer, SITE_ROOT, storageTrouble } from "../../browser/index.js";
import { askReader, plainSheetError, verifyWhenReady } from "../index.js";
import { readBackupText, writeBackup } from "./backup.js";
import { newSheetId } from "./editor.js";
import { deviceContents, getDraft, importEverything } from "./device.js";
import { askPersistence, getReserve, getSheet, listReceived } from "../../storage/index.js";

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

// « 1 fiche », « 2 fiches »: French counts (0 and 1 take the singular).
export function counted(n, one, many) {
  return `${n}\u00a0${n > 1 ? many : one}`;
}

function localDay(date = new Date()) {
  const pad = (n) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

// The device's backup (`jeu` null), or one game's part of it, downloaded: → the sentence to show.
export async function exportBackup(page, jeu = null) {
  const { records, reserves, drafts } = await deviceContents();
  // The table's copies received are not the device's to back up (their players show them again): said.
  const received = jeu ? [] : await listReceived(null).catch(storageTrouble("les fiches reçues", []));
  const copies = !received.length ? ""
    : ` ${received.length > 1 ? `Les ${received.length}\u00a0fiches reçues par « La table » n’y sont pas` : "La fiche reçue par « La table » n’y est pas"}\u202F: ce sont des copies, que leurs joueuses vous montrent de nouveau.`;
  const mine = (obj) => !jeu || obj.jeu === jeu;
  const parts = {
    fiches: records.filter(mine).map((r) => r.fiche),
    reserves: reserves.filter(mine).map((r) => r.reserve),
    brouillons: drafts.filter(mine),
  };
  const title = jeu ? page.catalogue.jeux[jeu].titre : null;
  if (!parts.fiches.length && !parts.reserves.length && !parts.brouillons.length) {
    return { text: (jeu ? `Aucune fiche de ${title} à exporter sur cet appareil.` : "Aucune fiche à exporter sur cet appareil.") + copies, empty: true };
  }
  const name = jeu ? `mes-personnages-${jeu}-${localDay()}.json` : `des-et-lames-sauvegarde-${localDay()}.json`;
  download(name, writeBackup(page.catalogue, parts, new Date().toISOString()));
  const games = new Set(parts.fiches.map((f) => f.jeu));
  const what = [counted(parts.fiches.length, "fiche", "fiches") + (!jeu && games.size > 1 ? ` (${counted(games.size, "jeu", "jeux")})` : "")];
  for (const reserve of parts.reserves) what.push(`la réserve du meneur de ${page.catalogue.jeux[reserve.jeu].titre}`);
  if (parts.brouillons.length) what.push(counted(parts.brouillons.length, "saisie non enregistrée", "saisies non enregistrées"));
  return { text: `${jeu ? `Fiches de ${title} exportées` : "Sauvegarde faite"}\u00a0: ${joinedFr(what)}, dans le fichier « ${name} » de vos téléchargements. Gardez-le ailleurs que sur cet appareil.${copies}` };
}

function joinedFr(items) {
  return items.length > 1 ? `${items.slice(0, -1).join(", ")} et ${items[items.length - 1]}` : items[0] || "";
}

function sameJson(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

// « Importer des fiches »: → {text, ids, error?, action?} (ids: the sheets written).
export async function importSheets(page, file) {
  const none = (text, action = null) => ({ text: /rien n’a été (importé|changé)/i.test(text) ? text : `${text} Rien n’a été importé.`, ids: [], error: true, action });
  if (file.size > FILE_MAX_BYTES) return none("Ce fichier est bien trop grand pour des fiches (plus de 8\u00a0Mo)\u202F: rien n’a été importé.");
  const read = readBackupText(page.catalogue, await file.text());
  if (read.error) return none(plainSheetError(read.error, read.field));
  if (read.kind !== "sauvegarde") {
    // One sheet (or one Réserve) belongs on its own game's page: said, with the way there.
    const obj = read.fiches[0] || read.reserves[0];
    if (obj.jeu !== page.jeu) {
      const other = page.catalogue.jeux[obj.jeu];
      const link = h("a", { href: new URL(other.page, SITE_ROOT).href }, `Ouvrir « Mes personnages » de ${other.titre}`);
      const what = read.fiches.length ? `« ${obj.nom} » est une fiche de ${other.titre}` : `Ce fichier est la réserve du meneur de ${other.titre}`;
      return none(`${what}\u202F: importez-la depuis la page « Mes personnages » de ${other.titre}.`, link);
    }
  }
  const plan = { add: [], replace: [], reserves: [], drafts: [] };
  const done = { added: [], replaced: [], kept: [], skipped: [], same: 0, reserves: [], drafts: 0, draftsKept: 0 };
  for (const fiche of read.fiches) {
    const existing = await getSheet(fiche.id);
    if (!existing) {
      plan.add.push({ fiche, checked: "page" });
      done.added.push(fiche);
    } else if (sameJson(existing.fiche, fiche)) {
      done.same += 1;
    } else {
      const answer = await askReader(page.ask,
        `« ${fiche.nom} »\u00a0: une fiche de même identifiant existe déjà sur cet appareil (« ${existing.fiche.nom} »), différente. Que faire de celle du fichier\u202F?`,
        [["remplacer", "Remplacer"], ["deux", "Garder les deux"], ["annuler", "Annuler"]]);
      if (answer === "remplacer") {
        plan.replace.push({ id: existing.id, rev: existing.rev, fiche, checked: "page" });
        done.replaced.push(fiche);
      } else if (answer === "deux") {
        const copy = { ...fiche, id: newSheetId() };
        plan.add.push({ fiche: copy, checked: "page" });
        done.kept.push(copy);
      } else done.skipped.push(fiche);
    }
  }
  for (const reserve of read.reserves) {
    const existing = await getReserve(reserve.jeu);
    if (existing && sameJson(existing.reserve, reserve)) continue;
    const title = page.catalogue.jeux[reserve.jeu].titre;
    if (existing) {
      const answer = await askReader(page.ask, `Le fichier contient la réserve du meneur de ${title}, différente de celle de cet appareil. Que faire\u202F?`,
        [["remplacer", "Remplacer celle de cet appareil"], ["garder", "Garder celle de cet appareil"]]);
      if (answer !== "remplacer") continue;
    }
    plan.reserves.push({ jeu: reserve.jeu, rev: existing?.rev || 0, reserve });
    done.reserves.push(title);
  }
  for (const draft of read.brouillons) {
    const existing = await getDraft(draft.fiche_id);
    if (!existing) {
      plan.drafts.push(draft);
      done.drafts += 1;
    } else if (!sameJson(existing.fiche, draft.fiche)) done.draftsKept += 1;
  }
  if (plan.add.length + plan.replace.length + plan.reserves.length + plan.drafts.length) {
    const written = await importEverything(plan);
    if (written.conflict) return none(`Import arrêté\u00a0: ${written.conflict}.`);
    askPersistence();
    verifyWhenReady();
  }
  return { text: importReport(page, done), ids: [...done.added, ...done.replaced, ...done.kept].map((f) => f.id) };
}

function importReport(page, done) {
  const names = (list) => (list.length <= 6 ? ` (${list.map((f) => `« ${f.nom} »`).join(", ")})` : "");
  const parts = [];
  if (done.added.length) parts.push(`${counted(done.added.length, "fiche ajoutée", "fiches ajoutées")}${names(done.added)}`);
  if (done.replaced.length) parts.push(`${counted(done.replaced.length, "fiche remplacée", "fiches remplacées")}${names(done.replaced)}`);
  if (done.kept.length) parts.push(`${counted(done.kept.length, "fiche gardée", "fiches gardées")} en double${names(done.kept)}`);
  if (done.skipped.length) parts.push(`${counted(done.skipped.length, "fiche laissée", "fiches laissées")} de côté${names(done.skipped)}`);
  if (done.same) parts.push(`${counted(done.same, "fiche déjà là", "fiches déjà là")}, à l’identique`);
  for (const title of done.reserves) parts.push(`la réserve du meneur de ${title}`);
  if (done.drafts) parts.push(counted(done.drafts, "saisie non enregistrée reprise", "saisies non enregistrées reprises"));
  if (done.draftsKept) parts.push(`${counted(done.draftsKept, "saisie", "saisies")} de cet appareil gardée${done.draftsKept > 1 ? "s" : ""} à la place de celle${done.draftsKept > 1 ? "s" : ""} du fichier`);
  if (!parts.length) return "Ce fichier ne contient rien\u00a0: rien n’a été importé.";
  const elsewhere = new Map();
  for (const fiche of [...done.added, ...done.replaced, ...done.kept]) {
    if (fiche.jeu !== page.jeu) elsewhere.set(fiche.jeu, (elsewhere.get(fiche.jeu) || 0) + 1);
  }
  const others = [...elsewhere].map(([jeu, n]) => `${page.catalogue.jeux[jeu].titre} (${n})`);
  const there = others.length ? ` Les fiches d’autres jeux sont sur leur page « Mes personnages »\u00a0: ${joinedFr(others)}.` : "";
  return `Import terminé\u00a0: ${parts.join("\u202F; ")}.${there}`;
}
