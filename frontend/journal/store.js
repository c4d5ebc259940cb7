// The roll journal's storage: entries kept in this browser's localStorage only,
// capped (oldest dropped); checked when read from a file.

export const JOURNAL_KEY = "des-et-lames:journal";
export const JOURNAL_CAP = 300;
const JOURNAL_FORMAT = "des-et-lames/journal-des-jets";

export const journal = { next: 1, entries: [], problem: "" };

export function loadJournal() {
  try {
    const text = localStorage.getItem(JOURNAL_KEY); // null: none kept yet, the empty journal stays
    const read = text === null ? null : journalFromJson(text);
    if (read && !read.error) Object.assign(journal, read);
  } catch (err) {
    journalRefused(err);
  }
}

export function saveJournal() {
  try {
    localStorage.setItem(JOURNAL_KEY, journalToJson());
    journal.problem = "";
  } catch (err) {
    journalRefused(err);
  }
}

function journalRefused(err) {
  console.warn("Journal des jets : stockage refusé", err);
  journal.problem = "Ce navigateur refuse de garder le journal (stockage refusé ou plein) : " +
    "les jets de cette page s’affichent ici, mais seront perdus en la quittant.";
}

// Kept in memory at once; the caller writes the journal (saveJournal) when it suits the page.
export function addJournalEntry(entry) {
  entry.n = journal.next++;
  journal.entries = [...journal.entries, entry].slice(-JOURNAL_CAP);
  return entry;
}

export function setJournal(entries, next) {
  journal.entries = entries.slice(-JOURNAL_CAP);
  journal.next = next;
  saveJournal();
}

export function sitePath(url) {
  const u = new URL(url || "", location.href);
  return url && u.origin === location.origin ? u.pathname + u.search + u.hash : null;
}

export function journalToJson() {
  return JSON.stringify({ format: JOURNAL_FORMAT, next: journal.next, entries: journal.entries });
}

export function journalFromJson(text) {
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return { error: "Ce fichier n’est pas du JSON : un journal exporté par ce site est attendu." };
  }
  if (data?.format !== JOURNAL_FORMAT || !Array.isArray(data.entries)) {
    return { error: "Ce fichier n’est pas un journal des jets exporté par ce site." };
  }
  const bad = data.entries.findIndex((e) => !journalEntryOk(e));
  if (bad >= 0) return { error: `Le jet n° ${bad + 1} du fichier est illisible : rien n’a été importé.` };
  const last = Math.max(0, ...data.entries.map((e) => e.n));
  return { next: Math.max(last + 1, Number.isSafeInteger(data.next) ? data.next : 0), entries: data.entries };
}

const isText = (v) => typeof v === "string" && v.length < 500;
const isPath = (v) => typeof v === "string" && /^\/(?![/\\])/.test(v); // never another origin, never "javascript:"

function journalEntryOk(e) {
  return e && Number.isSafeInteger(e.n) && e.n > 0 && Number.isFinite(e.quand) &&
    ["roller", "titre", "resultat", "section"].every((k) => isText(e[k])) && isPath(e.page) &&
    (e.lien === null || isPath(e.lien)) && [true, false, null].includes(e.reussite) &&
    [e.action, e.suite].every((v) => v === null || isText(v)) && (e.repere === undefined || isText(e.repere)) &&
    Array.isArray(e.des) && e.des.every((g) => isText(g?.titre) && Array.isArray(g.des) && g.des.every(isText)) &&
    (e.personnage === undefined || e.personnage === null || isText(e.personnage)) &&
    (e.fiches === undefined || (Array.isArray(e.fiches) && e.fiches.length <= 20 && e.fiches.every(sheetChangeOk))) &&
    (e.reserve === undefined || e.reserve === null || reserveChangeOk(e.reserve)) && [undefined, true].includes(e.reels);
}

// The Réserve du meneur a roll changed: its revision after the change and the change in words.
function reserveChangeOk(r) {
  return Number.isSafeInteger(r?.rev) && Array.isArray(r.lignes) && r.lignes.length <= 50 && r.lignes.every(isText);
}

// A sheet a roll changed: its id, name, revision after the change and the change in words.
function sheetChangeOk(f) {
  return f && isText(f.id) && isText(f.nom) && Number.isSafeInteger(f.rev) &&
    Array.isArray(f.lignes) && f.lignes.length <= 50 && f.lignes.every(isText);
}
