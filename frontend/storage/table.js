// The table on this device (IndexedDB `des-et-lames-table`, apart from the reader's own sheets
// in `des-et-lames`, storage/sheets.js): who this device is, as the author of what it shows, and
// what it received.
//
//   moi     {cle: "auteur", id, n}: this device's author id (random, made once) and the last
//           sequence number it gave (each record it shows takes the next one)
//   recues  {cle: "<auteur>-<sujet>", jeu, auteur, sujet, n, fiche, quand}: the sheets received,
//           one per character of each author; a later copy (a higher n, never the clock) replaces it
//   jets    {cle: "<auteur>.<n>", jeu, n, auteur, quand, personnage, jet}: the rolls received,
//           each once by its id (the reserve it changed is written once: storage/sheets.js)
// and since version 2 (CHARACTERS.md, « La table »): this device's key pairs in `moi` and the keys the
// table trusts (`appareils`, `meneurs`: storage/table-keys.js), the meneuse's requests (`demandes`:
// storage/requests.js). The copies and the rolls received keep the key that signed them (`cle_publique`).
//
// Every change is told as "dl:table" on document, and the games the table holds are listed in
// localStorage (TABLE_GAMES_KEY, read by the <head> of every page: hooks/page/sheets.py).

import { besides } from "../browser/index.js";
import { database } from "./database.js";

export const TABLE_GAMES_KEY = "des-et-lames:table-jeux";
const TABLE_ROLLS_KEPT = 50; // per game: the last rolls received

function tableRefused(err) {
  console.warn("La table : stockage refusé", err);
  return new Error("Ce navigateur refuse de garder la table (stockage désactivé ou navigation privée)\u202F: rien n’a été gardé.");
}

// One transaction of the table's database (storage/database.js): body(stores, finish, abort). Also
// this room's table-keys.js and requests.js's, on their stores.
export const tableTransaction = database({
  name: "des-et-lames-table",
  version: 2,
  upgrade(db) {
    if (!db.objectStoreNames.contains("moi")) db.createObjectStore("moi", { keyPath: "cle" });
    if (!db.objectStoreNames.contains("recues")) db.createObjectStore("recues", { keyPath: "cle" }).createIndex("jeu", "jeu");
    if (!db.objectStoreNames.contains("jets")) db.createObjectStore("jets", { keyPath: "cle" }).createIndex("jeu", "jeu");
    // version 2: the requests, the keys trusted
    if (!db.objectStoreNames.contains("demandes")) db.createObjectStore("demandes", { keyPath: "cle" }).createIndex("jeu", "jeu");
    for (const name of ["appareils", "meneurs"]) if (!db.objectStoreNames.contains(name)) db.createObjectStore(name, { keyPath: "cle" });
  },
  refused: tableRefused,
  blocked: "Un autre onglet de ce site, plus ancien, bloque la table\u202F: fermez-le puis rechargez cette page.",
});

// --- this device as an author ------------------------------------------

// {auteur, n}: this device's id and the next sequence number, taken in one transaction.
export function nextSequence() {
  return tableTransaction(["moi"], "readwrite", ({ moi }, finish) => {
    const read = moi.get("auteur");
    read.onsuccess = () => {
      const me = read.result || { cle: "auteur", id: randomAuthor(), n: 0 };
      me.n += 1;
      moi.put(me).onsuccess = () => finish({ auteur: me.id, n: me.n });
    };
  });
}

function randomAuthor() {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_");
}

// --- sheets received ------------------------------------------------------

export function listReceived(jeu) {
  return tableTransaction(["recues"], "readonly", ({ recues }, finish) => {
    const request = jeu ? recues.index("jeu").getAll(jeu) : recues.getAll();
    request.onsuccess = () => finish(request.result.sort((a, b) => String(a.fiche.nom).localeCompare(String(b.fiche.nom), "fr")));
  });
}

export function getReceived(cle) {
  return tableTransaction(["recues"], "readonly", ({ recues }, finish) => {
    const read = recues.get(cle);
    read.onsuccess = () => finish(read.result || null);
  });
}

// A copy kept, unless the table holds this character's copy of a later or the same sequence number;
// `cle_publique` the key that signed it (null: a link made before signatures), `retirer` the copies it
// replaces (the same character from the phone she had before: « Accepter ce nouvel appareil »).
// → {record, remplace: earlier record | null} | {garde: the record kept}
export async function keepReceived({ jeu, auteur, sujet, n, fiche, cle_publique = null, retirer = [] }) {
  const cle = `${auteur}-${sujet}`;
  const done = await tableTransaction(["recues"], "readwrite", ({ recues }, finish, abort) => {
    const read = recues.get(cle);
    read.onsuccess = () => {
      const earlier = read.result || null;
      if (earlier && earlier.n >= n) return abort({ garde: earlier });
      const record = { cle, jeu, auteur, sujet, n, fiche: { ...fiche, id: cle }, quand: Date.now(), cle_publique };
      for (const old of retirer) if (old !== cle) recues.delete(old);
      recues.put(record).onsuccess = () => finish({ record, remplace: earlier });
    };
  });
  if (done.record) tableChanged(jeu);
  return done;
}

// A copy changed by a roll its player showed (table/copies.js): written if the copy is still the one read
// (`n`, `n_jet`) and the roll is later than what it holds (`nJet`, its record's sequence number), else not.
// → {record} | {garde: the copy as it is}
export async function updateReceived(cle, seen, fiche, nJet) {
  const done = await tableTransaction(["recues"], "readwrite", ({ recues }, finish, abort) => {
    const read = recues.get(cle);
    read.onsuccess = () => {
      const copy = read.result || null;
      if (!copy || copy.n !== seen.n || (copy.n_jet ?? 0) !== (seen.n_jet ?? 0) || Math.max(copy.n, copy.n_jet ?? 0) >= nJet) {
        return abort({ garde: copy });
      }
      const record = { ...copy, fiche: { ...fiche, id: cle }, n_jet: nJet, quand: Date.now() };
      recues.put(record).onsuccess = () => finish({ record });
    };
  });
  if (done.record) tableChanged(done.record.jeu);
  return done;
}

export async function forgetReceived(cle) {
  const done = await tableTransaction(["recues"], "readwrite", ({ recues }, finish) => {
    const read = recues.get(cle);
    read.onsuccess = () => {
      recues.delete(cle);
      finish(read.result || null);
    };
  });
  if (done) tableChanged(done.jeu);
  return done;
}

// The copies of a character signed from now on by a new phone's key (« Accepter ce nouvel appareil » on a roll).
export function rekeyCopies(copies, cle) {
  return tableTransaction(["recues"], "readwrite", ({ recues }, finish) => {
    for (const copy of copies) recues.put({ ...copy, cle_publique: cle });
    finish(copies.length);
  });
}

// --- rolls received ---------------------------------------------------------

export function getReceivedRoll(cle) {
  return tableTransaction(["jets"], "readonly", ({ jets }, finish) => {
    const read = jets.get(cle);
    read.onsuccess = () => finish(read.result || null);
  });
}

// The roll kept once by its id (→ {record} | {deja: the one kept}); the game's oldest go past TABLE_ROLLS_KEPT.
export async function keepReceivedRoll(record) {
  const done = await tableTransaction(["jets"], "readwrite", ({ jets }, finish, abort) => {
    const read = jets.get(record.cle);
    read.onsuccess = () => {
      if (read.result) return abort({ deja: read.result });
      jets.put(record);
      const all = jets.index("jeu").getAll(record.jeu);
      all.onsuccess = () => {
        const old = all.result.sort((a, b) => b.quand - a.quand).slice(TABLE_ROLLS_KEPT);
        for (const gone of old) jets.delete(gone.cle);
        finish({ record });
      };
    };
  });
  if (done.record) tableChanged(record.jeu);
  return done;
}

export function listReceivedRolls(jeu) {
  return tableTransaction(["jets"], "readonly", ({ jets }, finish) => {
    const request = jets.index("jeu").getAll(jeu);
    request.onsuccess = () => finish(request.result.sort((a, b) => b.quand - a.quand));
  });
}

// --- told --------------------------------------------------------------------

export function tableChanged(jeu) {
  listReceived(null).then((records) => noteTableGames(records.map((r) => r.jeu))).catch(besides("the hint of the games with a table (kept for the next visit)"));
  document.dispatchEvent(new CustomEvent("dl:table", { detail: { jeu } }));
}

function noteTableGames(games) {
  try {
    const list = [...new Set(games)].sort().join(" ");
    if (list !== (localStorage.getItem(TABLE_GAMES_KEY) || "")) localStorage.setItem(TABLE_GAMES_KEY, list);
  } catch (err) {
    console.warn("La table : liste des jeux non gardée", err);
  }
}
