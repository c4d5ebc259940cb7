// What a « Mes personnages » page asks of the whole device (storage/sheets.js's database): the drafts
// of the form, kept as typed until saved or discarded (meta "brouillon:<sheet id>", the last one
// discarded in each game "brouillon-abandonne:<jeu>" for « Annuler »), everything at once for a
// backup, and an import written in one transaction or not at all. The rollers never need these:
// they live in the sheets page's bundle only.

import { bySheetName, changed, replaced, sheetMarks, sheetsTransaction } from "../../storage/index.js";

const DRAFT_PREFIX = "brouillon:";
const DISCARDED_PREFIX = "brouillon-abandonne:";

// A draft as kept: {jeu, fiche_id, date, fiche, ouverte}. Drafts of before (valeur {quand, fiche},
// keyed "brouillon:nouveau:<jeu>" for a new sheet) are read the same way.
function draftOf(entry) {
  const value = entry?.valeur;
  if (!value?.fiche || typeof value.fiche !== "object") return null;
  if (value.fiche_id) return value;
  return {
    jeu: value.fiche.jeu, fiche_id: value.fiche.id, date: new Date(value.quand || Date.now()).toISOString(),
    fiche: value.fiche, ouverte: null, cle: entry.cle,
  };
}

// The drafts of `jeu` (every game's when null), the latest first.
export async function listDrafts(jeu = null) {
  const entries = await sheetsTransaction(["meta"], "readonly", ({ meta }, finish) => {
    const all = meta.getAll(IDBKeyRange.bound(DRAFT_PREFIX, `${DRAFT_PREFIX}\uffff`));
    all.onsuccess = () => finish(all.result);
  });
  return entries.map(draftOf).filter((d) => d && d.fiche_id && (!jeu || d.jeu === jeu))
    .sort((a, b) => String(b.date).localeCompare(String(a.date)));
}

export async function getDraft(ficheId) {
  return (await listDrafts()).find((d) => d.fiche_id === ficheId) || null;
}

// The draft of a sheet's form, kept as typed (one per sheet: the latest replaces it).
export async function keepDraft(draft) {
  await sheetsTransaction(["meta"], "readwrite", ({ meta }, finish) => {
    if (draft.cle && draft.cle !== `${DRAFT_PREFIX}${draft.fiche_id}`) meta.delete(draft.cle); // a draft of before, renamed
    meta.put({ cle: `${DRAFT_PREFIX}${draft.fiche_id}`, valeur: draftAsKept(draft) }).onsuccess = () => finish(true);
  });
  changed(draft.jeu, [], false, { brouillons: true });
}

// The meta keys of a sheet's draft (`draft`: the one its form was opened from, maybe under a key of
// before): deleted with the sheet's save, in its transaction (addSheet, writeSheet: `gone`).
export function draftKeys(ficheId, draft = null) {
  return [`${DRAFT_PREFIX}${ficheId}`, ...(draft?.cle ? [draft.cle] : [])];
}

// The page is going (a reload, an address typed, the tab closed or dropped): an IndexedDB write begun
// now may never commit (what was typed in the last moments was lost), so the draft is also written at
// once, synchronously, in localStorage; the next « Mes personnages » page moves it into the drafts
// (settleDraftsInFlight). Forgotten once its IndexedDB write has committed, if nothing newer came.
const IN_FLIGHT_PREFIX = "des-et-lames:saisie-en-cours:";

export function keepDraftInFlight(draft) {
  try {
    globalThis.localStorage.setItem(`${IN_FLIGHT_PREFIX}${draft.fiche_id}`, JSON.stringify(draft));
  } catch (err) {
    console.warn("Mes personnages : saisie non gardée avant de quitter la page", err);
  }
}

// `draft` given: forgotten only if it is still the one kept (a later one stays).
export function forgetDraftInFlight(ficheId, draft = null) {
  try {
    const key = `${IN_FLIGHT_PREFIX}${ficheId}`;
    if (!draft || globalThis.localStorage.getItem(key) === JSON.stringify(draft)) globalThis.localStorage.removeItem(key);
  } catch {
    // storage refused: nothing was kept there either
  }
}

// The drafts a page left in localStorage as it went, moved into the drafts (before any is listed).
export async function settleDraftsInFlight() {
  let keys;
  try {
    keys = Object.keys(globalThis.localStorage).filter((key) => key.startsWith(IN_FLIGHT_PREFIX));
  } catch {
    return;
  }
  for (const key of keys) {
    let draft = null;
    try {
      draft = JSON.parse(globalThis.localStorage.getItem(key));
    } catch (err) {
      console.warn("Mes personnages : saisie laissée illisible", err);
    }
    const valid = draft && typeof draft.jeu === "string" && typeof draft.fiche_id === "string" && draft.fiche
      && typeof draft.fiche === "object" && key === `${IN_FLIGHT_PREFIX}${draft.fiche_id}`;
    if (valid) await keepDraft(draft);
    forgetDraftInFlight(key.slice(IN_FLIGHT_PREFIX.length), valid ? draft : null);
  }
}

// A draft no longer needed (its sheet saved): gone.
export async function forgetDraft(ficheId, jeu) {
  const draft = await getDraft(ficheId);
  await sheetsTransaction(["meta"], "readwrite", ({ meta }, finish) => {
    meta.delete(`${DRAFT_PREFIX}${ficheId}`);
    if (draft?.cle) meta.delete(draft.cle);
    finish(true);
  });
  if (draft) changed(jeu || draft.jeu, [], false, { brouillons: true });
}

// « Abandonner »: the draft leaves the drafts, kept in its game's one slot for « Annuler ». → draft | null
export async function discardDraft(ficheId) {
  const draft = await getDraft(ficheId);
  if (!draft) return null;
  const value = draftAsKept(draft);
  await sheetsTransaction(["meta"], "readwrite", ({ meta }, finish) => {
    meta.delete(`${DRAFT_PREFIX}${ficheId}`);
    if (draft.cle) meta.delete(draft.cle);
    meta.put({ cle: `${DISCARDED_PREFIX}${draft.jeu}`, valeur: value }).onsuccess = () => finish(true);
  });
  changed(draft.jeu, [], false, { brouillons: true });
  return value;
}

// « Annuler » a discard: the draft comes back (unless another of the same sheet was kept since). → draft | null
export async function restoreDraft(jeu) {
  const done = await sheetsTransaction(["meta"], "readwrite", ({ meta }, finish, abort) => {
    const read = meta.get(`${DISCARDED_PREFIX}${jeu}`);
    read.onsuccess = () => {
      const draft = read.result?.valeur;
      if (!draft) return abort(null);
      const clash = meta.get(`${DRAFT_PREFIX}${draft.fiche_id}`);
      clash.onsuccess = () => {
        if (clash.result?.valeur) return abort(null);
        meta.put({ cle: `${DRAFT_PREFIX}${draft.fiche_id}`, valeur: draft });
        meta.delete(`${DISCARDED_PREFIX}${jeu}`).onsuccess = () => finish(draft);
      };
    };
  });
  if (done) changed(jeu, [], false, { brouillons: true });
  return done;
}

// --- everything, for a backup ------------------------------------------

// Every sheet, Réserve and draft of the device, read in one transaction (one moment's copy).
export async function deviceContents() {
  const [records, reserves, entries] = await sheetsTransaction(["fiches", "reserves", "meta"], "readonly", ({ fiches, reserves, meta }, finish) => {
    const out = [];
    const sheets = fiches.getAll();
    sheets.onsuccess = () => {
      out[0] = sheets.result.sort(bySheetName);
      const pools = reserves.getAll();
      pools.onsuccess = () => {
        out[1] = pools.result;
        const drafts = meta.getAll(IDBKeyRange.bound(DRAFT_PREFIX, `${DRAFT_PREFIX}\uffff`));
        drafts.onsuccess = () => finish([out[0], out[1], drafts.result]);
      };
    };
  });
  return { records, reserves, drafts: entries.map(draftOf).filter((d) => d && d.fiche_id).map(draftAsKept) };
}

// A draft without its key of before (draftOf's `cle`).
function draftAsKept(draft) {
  const copy = { ...draft };
  delete copy.cle;
  return copy;
}

// What an import writes, all in one transaction or nothing (the file read whole first, the reader's
// answers asked): `plan` = {add: [{fiche, checked}], replace: [{id, rev, fiche, checked}],
// reserves: [{jeu, rev, reserve}], drafts: [draft]}. A sheet that appeared or changed meanwhile
// (another tab) aborts it all. → {done: true} | {conflict: French sentence}
export async function importEverything(plan) {
  const done = await sheetsTransaction(["fiches", "reserves", "meta"], "readwrite", ({ fiches, reserves, meta }, finish, abort) => {
    let waiting = plan.add.length + plan.replace.length + plan.reserves.length + plan.drafts.length;
    const one = () => {
      waiting -= 1;
      if (waiting === 0) finish({ done: true });
    };
    if (!waiting) return finish({ done: true });
    for (const { fiche, checked } of plan.add) {
      const read = fiches.get(fiche.id);
      read.onsuccess = () => {
        if (read.result) return abort({ conflict: `« ${fiche.nom} » est apparue sur cet appareil pendant l’import` });
        fiches.add({ id: fiche.id, jeu: fiche.jeu, rev: 1, fiche, precedente: null, quand: Date.now(), ...sheetMarks(checked) }).onsuccess = one;
      };
    }
    for (const { id, rev, fiche, checked } of plan.replace) {
      const read = fiches.get(id);
      read.onsuccess = () => {
        if (!read.result || read.result.rev !== rev) return abort({ conflict: `« ${fiche.nom} » a changé sur cet appareil pendant l’import` });
        fiches.put(replaced(read.result, fiche, "remplacée par un import", checked)).onsuccess = one;
      };
    }
    for (const { jeu, rev, reserve } of plan.reserves) {
      const read = reserves.get(jeu);
      read.onsuccess = () => {
        const current = read.result;
        if ((current?.rev || 0) !== rev) return abort({ conflict: "la réserve du meneur a changé sur cet appareil pendant l’import" });
        reserves.put({
          jeu, rev: rev + 1, reserve, quand: Date.now(),
          precedente: current ? { rev: current.rev, reserve: current.reserve, raison: "remplacée par un import", quand: Date.now() } : null,
        }).onsuccess = one;
      };
    }
    for (const draft of plan.drafts) meta.put({ cle: `${DRAFT_PREFIX}${draft.fiche_id}`, valeur: draft }).onsuccess = one;
  });
  if (done.done) {
    const games = new Set([...plan.add.map((a) => a.fiche.jeu), ...plan.replace.map((r) => r.fiche.jeu)]);
    for (const jeu of games) changed(jeu, [...plan.add, ...plan.replace].filter((x) => x.fiche.jeu === jeu).map((x) => x.fiche.id));
    for (const { jeu } of plan.reserves) changed(jeu, [], true);
    for (const jeu of new Set(plan.drafts.map((d) => d.jeu))) changed(jeu, [], false, { brouillons: true });
  }
  return done;
}
