// The reader's character sheets on this device: one IndexedDB database, one record per sheet,
// written whole in one transaction, with a revision per record (compare-and-swap: a write
// names the revision it was made from and is refused if the sheet changed meanwhile).
//
//   fiches    {id, jeu, rev, fiche, precedente: {rev, fiche, raison, quand, controle, refus} | null, quand,
//              controle: "page" | "moteur", refus: {texte, champ} | null}
//             the sheet as checked: in the page against the schema (controle "page": kept at once,
//             before the engine is there), then whole by Python (controle "moteur"; a record of
//             before these marks was Python's); `refus`: Python's French sentence when it refused
//             the sheet (kept, marked, not offered to rollers until mended); `precedente` is the one undo
//   corbeille {jeu, record, quand}: the last sheet deleted in each game (« Annuler »)
//   reserves  {jeu, rev, reserve, precedente, quand}: the meneur's pools (Simon's Réserve)
//   meta      {cle, valeur}: what the page asked once (navigator.storage.persist); the drafts of the
//             form, "brouillon:<sheet id>" → {jeu, fiche_id, date, fiche: as typed, ouverte: the sheet
//             the form was opened on | null}, and the last draft discarded in each game,
//             "brouillon-abandonne:<jeu>", for « Annuler » (no new store: the database's version stays 1;
//             written and read by sheets/page/device.js, with the device's whole contents for a backup)
//
// Every committed change is told to this tab ("dl:fiches" on document) and to the
// others (BroadcastChannel, or a localStorage ping where there is none). The site's
// caches change name at every build; this database does not.

import { besides } from "../browser/index.js";
import { database } from "./database.js";
import { TABLE_GAMES_KEY } from "./table.js";

const SHEETS_CHANNEL = "des-et-lames:fiches";
const SHEETS_PING_KEY = "des-et-lames:fiches-ping";
const SHEETS_GAMES_KEY = "des-et-lames:fiches-jeux"; // read by hooks/page/sheets.py PRESENCE_HINT

let sheetsChannel = null;

export const SHEETS_REFUSED =
  "Ce navigateur refuse de garder des fiches (stockage désactivé ou navigation privée)\u202F: rien ne peut être enregistré ici.";

function refused(err) {
  console.warn("Mes personnages : stockage refusé", err);
  return new Error(SHEETS_REFUSED);
}

function storageError(err) {
  if (err?.name === "QuotaExceededError") return new Error("Plus de place pour les fiches sur cet appareil\u202F: rien n’a été enregistré.");
  console.warn("Mes personnages : écriture refusée", err);
  return new Error(`L’enregistrement a échoué (${err?.name || "erreur inconnue"})\u202F: rien n’a été changé.`);
}

// One transaction of the sheets' database (storage/database.js): body(stores, finish, abort).
export const sheetsTransaction = database({
  name: "des-et-lames",
  version: 1,
  upgrade(db) {
    if (!db.objectStoreNames.contains("fiches")) db.createObjectStore("fiches", { keyPath: "id" }).createIndex("jeu", "jeu");
    if (!db.objectStoreNames.contains("corbeille")) db.createObjectStore("corbeille", { keyPath: "jeu" });
    if (!db.objectStoreNames.contains("reserves")) db.createObjectStore("reserves", { keyPath: "jeu" });
    if (!db.objectStoreNames.contains("meta")) db.createObjectStore("meta", { keyPath: "cle" });
  },
  refused,
  failed: storageError,
  blocked: "Un autre onglet de ce site, plus ancien, bloque les fiches\u202F: fermez-le puis rechargez cette page.",
});

// --- reading -------------------------------------------------------

export async function listSheets(jeu) {
  const records = await sheetsTransaction(["fiches"], "readonly", ({ fiches }, finish) => {
    const request = jeu ? fiches.index("jeu").getAll(jeu) : fiches.getAll();
    request.onsuccess = () => finish(request.result.sort(bySheetName));
  });
  noteGames(jeu ? (records.length ? [jeu] : []) : records.map((r) => r.jeu), jeu);
  return records;
}

// Which games the device holds sheets of, as last listed, where the next page reads it before
// its body (<html data-fiches>, hooks/page/sheets.py): the widgets keep room for their
// « Personnage » choice from the parse. A hint only: the list itself is always read here.
function noteGames(present, jeu) {
  try {
    const was = (localStorage.getItem(SHEETS_GAMES_KEY) || "").split(" ").filter(Boolean);
    const kept = jeu ? was.filter((g) => g !== jeu) : [];
    const games = [...new Set([...kept, ...present])].sort().join(" ");
    if (games !== was.join(" ")) localStorage.setItem(SHEETS_GAMES_KEY, games);
    const root = document.documentElement; // kept by the theme's instant navigation: said here too
    const shown = [games, localStorage.getItem(TABLE_GAMES_KEY) || ""].join(" ").trim(); // and the table's (storage/table.js)
    if (root.dataset.fiches !== shown) root.dataset.fiches = shown;
  } catch {
    // storage refused: no room kept, the choice moves the form as it comes
  }
}

export function bySheetName(a, b) {
  return String(a.fiche.nom).localeCompare(String(b.fiche.nom), "fr", { sensitivity: "base" }) || a.id.localeCompare(b.id);
}

export function getSheet(id) {
  return sheetsTransaction(["fiches"], "readonly", ({ fiches }, finish) => {
    const request = fiches.get(id);
    request.onsuccess = () => finish(request.result || null);
  });
}

// --- writing (each one whole, in one transaction) -------------------

// Who checked a sheet as it is written: `checked` "moteur" (Python: a roll's write-back, the
// engine's check; the default) or "page" (the schema, in the page: sheets/page/check.js).
export function sheetMarks(checked = "moteur", refus = null) {
  return { controle: checked, refus };
}

// A new sheet (checked): refused, not overwritten, when its id exists. `gone`: meta keys deleted in the
// same transaction (the form's draft of it: saved and no longer a draft, at the same instant).
// → {record} | {exists: record}
export async function addSheet(fiche, checked = "moteur", gone = []) {
  const done = await sheetsTransaction(gone.length ? ["fiches", "meta"] : ["fiches"], "readwrite", ({ fiches, meta }, finish, abort) => {
    const read = fiches.get(fiche.id);
    read.onsuccess = () => {
      if (read.result) return abort({ exists: read.result });
      const record = { id: fiche.id, jeu: fiche.jeu, rev: 1, fiche, precedente: null, quand: Date.now(), ...sheetMarks(checked) };
      for (const key of gone) meta.delete(key);
      fiches.add(record).onsuccess = () => finish({ record });
    };
  });
  if (done.record) changed(fiche.jeu, [fiche.id]);
  return done;
}

// The sheet `id` becomes `fiche`, if its revision is still `rev` (compare-and-swap).
// The version replaced is kept as the one undo, with `raison` (« Modification », « Jet… »).
// `gone`: meta keys deleted in the same transaction (as addSheet's).
// → {record} | {conflict: current record | null}
export async function writeSheet(id, rev, fiche, raison, checked = "moteur", gone = []) {
  const done = await sheetsTransaction(gone.length ? ["fiches", "meta"] : ["fiches"], "readwrite", ({ fiches, meta }, finish, abort) => {
    const read = fiches.get(id);
    read.onsuccess = () => {
      const current = read.result;
      if (!current || current.rev !== rev) return abort({ conflict: current || null });
      const record = replaced(current, fiche, raison, checked);
      for (const key of gone) meta.delete(key);
      fiches.put(record).onsuccess = () => finish({ record });
    };
  });
  if (done.record) changed(done.record.jeu, [id]);
  return done;
}

export function replaced(current, fiche, raison, checked) {
  return {
    ...current, rev: current.rev + 1, fiche, quand: Date.now(), ...sheetMarks(checked),
    precedente: { rev: current.rev, fiche: current.fiche, raison, quand: Date.now(), controle: current.controle || "moteur", refus: current.refus || null },
  };
}

// The engine's verdict on a sheet kept before it was there (sheets/verify.js), if the sheet is still
// at `rev`: `fiche` (Python's normalised copy: accepted) or `refus` ({texte, champ}: kept, marked).
// The revision moves only if the sheet itself changed. → {record} | {conflict}
export async function settleSheet(id, rev, { fiche = null, refus = null }) {
  const done = await sheetsTransaction(["fiches"], "readwrite", ({ fiches }, finish, abort) => {
    const read = fiches.get(id);
    read.onsuccess = () => {
      const current = read.result;
      if (!current || current.rev !== rev) return abort({ conflict: current || null });
      const same = !fiche || JSON.stringify(fiche) === JSON.stringify(current.fiche);
      const record = { ...current, ...(same ? {} : { fiche, rev: rev + 1 }), ...sheetMarks("moteur", refus) };
      fiches.put(record).onsuccess = () => finish({ record });
    };
  });
  if (done.record) changed(done.record.jeu, [id], false, { marque: true });
  return done;
}

// The one undo: back to the version before the last change, if the sheet is still at `rev`.
// → {record} | {conflict: current | null} | {nothing: current}
export async function undoSheet(id, rev) {
  const done = await sheetsTransaction(["fiches"], "readwrite", ({ fiches }, finish, abort) => {
    const read = fiches.get(id);
    read.onsuccess = () => {
      const current = read.result;
      if (!current || current.rev !== rev) return abort({ conflict: current || null });
      if (!current.precedente) return abort({ nothing: current });
      const { controle = "moteur", refus = null } = current.precedente;
      const record = { ...current, rev: current.rev + 1, fiche: current.precedente.fiche, precedente: null, quand: Date.now(), controle, refus };
      fiches.put(record).onsuccess = () => finish({ record, undone: current.precedente.raison });
    };
  });
  if (done.record) changed(done.record.jeu, [id], false, { annule: { fiches: [{ id, rev }], reserve: null } });
  return done;
}

// The one undo of what one step of a roll wrote (its sheets and the game's Réserve), all or none, in one
// transaction: each back to the version before that step, if each is still at the revision the step left.
// `written`: {fiches: [{id, rev}], reserve: {rev} | null}. → {records, reserve} | {conflict: current | null}
// Told as one change whose `annule` names that step's writes (the widget showing its result goes back too).
export async function undoWrites(jeu, written) {
  const fiches = written.fiches || [];
  const done = await sheetsTransaction(["fiches", "reserves"], "readwrite", (stores, finish, abort) => {
    const currents = new Array(fiches.length);
    let reserveNow = null;
    let waiting = fiches.length + (written.reserve ? 1 : 0);
    const arrived = () => {
      waiting -= 1;
      if (waiting > 0) return;
      const stale = fiches.findIndex((f, i) => !currents[i] || currents[i].rev !== f.rev || !currents[i].precedente);
      if (stale >= 0) return abort({ conflict: currents[stale] || null });
      if (written.reserve && (reserveNow?.rev !== written.reserve.rev || !reserveNow.precedente)) return abort({ conflict: reserveNow });
      const records = currents.map((current) => ({
        ...current, rev: current.rev + 1, fiche: current.precedente.fiche, precedente: null, quand: Date.now(),
        controle: current.precedente.controle || "moteur", refus: current.precedente.refus || null, // its marks, as undoSheet
      }));
      records.forEach((record) => stores.fiches.put(record));
      const reserve = written.reserve
        ? { ...reserveNow, rev: reserveNow.rev + 1, reserve: reserveNow.precedente.reserve, precedente: null, quand: Date.now() }
        : null;
      if (reserve?.reserve === null) stores.reserves.delete(jeu); // made by that step: the game's Réserve as it starts
      else if (reserve) stores.reserves.put(reserve);
      finish({ records, reserve });
    };
    fiches.forEach((f, i) => {
      const read = stores.fiches.get(f.id);
      read.onsuccess = () => {
        currents[i] = read.result || null;
        arrived();
      };
    });
    if (written.reserve) {
      const read = stores.reserves.get(jeu);
      read.onsuccess = () => {
        reserveNow = read.result || null;
        arrived();
      };
    }
    if (waiting === 0) finish({ records: [], reserve: null });
  });
  if (done.records) {
    const annule = { fiches: fiches.map(({ id, rev }) => ({ id, rev })), reserve: written.reserve ? { rev: written.reserve.rev } : null };
    changed(jeu, fiches.map((f) => f.id), Boolean(written.reserve) && !fiches.length, { annule });
  }
  return done;
}

// Deleted, and kept in the game's « corbeille » (one slot) for « Annuler ».
export async function deleteSheet(id) {
  const done = await sheetsTransaction(["fiches", "corbeille"], "readwrite", ({ fiches, corbeille }, finish, abort) => {
    const read = fiches.get(id);
    read.onsuccess = () => {
      const current = read.result;
      if (!current) return abort({ missing: true });
      fiches.delete(id);
      corbeille.put({ jeu: current.jeu, record: current, quand: Date.now() }).onsuccess = () => finish({ record: current });
    };
  });
  if (done.record) changed(done.record.jeu, [id]);
  return done;
}

export function lastDeleted(jeu) {
  return sheetsTransaction(["corbeille"], "readonly", ({ corbeille }, finish) => {
    const read = corbeille.get(jeu);
    read.onsuccess = () => finish(read.result || null);
  });
}

// « Annuler » a deletion: the sheet comes back as it was (refused if its id is in use again).
export async function restoreDeleted(jeu) {
  const done = await sheetsTransaction(["fiches", "corbeille"], "readwrite", ({ fiches, corbeille }, finish, abort) => {
    const read = corbeille.get(jeu);
    read.onsuccess = () => {
      if (!read.result) return abort({ missing: true });
      const { record } = read.result;
      const clash = fiches.get(record.id);
      clash.onsuccess = () => {
        if (clash.result) return abort({ exists: clash.result });
        const back = { ...record, rev: record.rev + 1, quand: Date.now() };
        fiches.add(back);
        corbeille.delete(jeu).onsuccess = () => finish({ record: back });
      };
    };
  });
  if (done.record) changed(jeu, [done.record.id]);
  return done;
}

// --- the meneur's pools (Simon's « Réserve du meneur ») -------------

export function getReserve(jeu) {
  return sheetsTransaction(["reserves"], "readonly", ({ reserves }, finish) => {
    const read = reserves.get(jeu);
    read.onsuccess = () => finish(read.result || null);
  });
}

// Compare-and-swap as for a sheet; rev 0 creates it. → {record} | {conflict}
// With `once` (a roll received from the table, table/receive.js: its id), written only if no change
// of that id was written before, in the same transaction as the mark (meta « une-fois:<id> »). → … | {deja}
export async function writeReserve(jeu, rev, reserve, raison, once = null) {
  const names = once ? ["reserves", "meta"] : ["reserves"];
  const done = await sheetsTransaction(names, "readwrite", ({ reserves, meta }, finish, abort) => {
    const read = reserves.get(jeu);
    read.onsuccess = () => {
      const current = read.result;
      if ((current?.rev || 0) !== rev) return abort({ conflict: current || null });
      if (once) {
        const seen = meta.get(`une-fois:${once}`);
        seen.onsuccess = () => (seen.result ? abort({ deja: seen.result.valeur }) : put(current));
      } else put(current);
    };
    const put = (current) => {
      // Made by this write: before it, the game's Réserve as it starts (no record), which its undo gives back.
      const record = {
        jeu, rev: rev + 1, reserve, quand: Date.now(),
        precedente: { rev: current?.rev || 0, reserve: current ? current.reserve : null, raison, quand: Date.now() },
      };
      if (once) meta.put({ cle: `une-fois:${once}`, valeur: { quand: record.quand, rev: record.rev } });
      reserves.put(record).onsuccess = () => finish({ record });
    };
  });
  if (done.record) changed(jeu, [], true);
  return done;
}

// --- what the page asked once ----------------------------------------

export function getMeta(cle) {
  return sheetsTransaction(["meta"], "readonly", ({ meta }, finish) => {
    const read = meta.get(cle);
    read.onsuccess = () => finish(read.result?.valeur ?? null);
  });
}

export function setMeta(cle, valeur) {
  return sheetsTransaction(["meta"], "readwrite", ({ meta }, finish) => {
    meta.put({ cle, valeur }).onsuccess = () => finish(valeur);
  });
}

// Asked once, at the first save: may the browser keep this site's data when space runs short?
export async function askPersistence() {
  try {
    if (!navigator.storage?.persist || (await getMeta("persistance")) !== null) return;
    const granted = await navigator.storage.persist();
    await setMeta("persistance", granted ? "accordee" : "refusee");
  } catch (err) {
    console.warn("Mes personnages : stockage persistant non demandé", err);
  }
}

export async function persistenceState() {
  try {
    return (await navigator.storage?.persisted?.()) ? "accordee" : (await getMeta("persistance")) || "jamais";
  } catch {
    return "inconnue";
  }
}

// --- the other tabs ---------------------------------------------------

// `extra`: what the change carries besides (`marque`: a sheet marked by the engine's check; `annule`: the
// writes of one step undone, so that the widget showing its result goes back too).
export function changed(jeu, ids, reserve = false, extra = {}) {
  const message = { jeu, ids, reserve, quand: Date.now(), ...extra };
  if (!reserve) listSheets(jeu).catch(besides("the hint of the games with sheets (noteGames, for the next visit)"));
  document.dispatchEvent(new CustomEvent("dl:fiches", { detail: message }));
  try {
    if ("BroadcastChannel" in globalThis) {
      sheetsChannel ||= listenToChannel();
      sheetsChannel.postMessage(message);
    } else {
      localStorage.setItem(SHEETS_PING_KEY, JSON.stringify(message));
    }
  } catch (err) {
    console.warn("Mes personnages : les autres onglets ne sont pas prévenus", err);
  }
}

function listenToChannel() {
  const channel = new BroadcastChannel(SHEETS_CHANNEL);
  channel.onmessage = (event) => document.dispatchEvent(new CustomEvent("dl:fiches", { detail: { ...event.data, ailleurs: true } }));
  return channel;
}

// Changes made in this tab or another reach `listener(detail)` ({jeu, ids, reserve, ailleurs, annule?});
// a listener that returns false is dropped (its page or widget is gone).
export function watchSheets(listener) {
  if ("BroadcastChannel" in globalThis) sheetsChannel ||= listenToChannel();
  else {
    const pinged = (event) => {
      if (event.key !== SHEETS_PING_KEY || !event.newValue) return;
      try {
        if (listener({ ...JSON.parse(event.newValue), ailleurs: true }) === false) window.removeEventListener("storage", pinged);
      } catch (err) {
        console.warn("Mes personnages : message d’un autre onglet illisible", err);
      }
    };
    window.addEventListener("storage", pinged);
  }
  const heard = (event) => {
    if (listener(event.detail) === false) document.removeEventListener("dl:fiches", heard);
  };
  document.addEventListener("dl:fiches", heard);
}
