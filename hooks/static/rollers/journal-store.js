// The roll journal's storage: one list of entries kept in this browser's
// localStorage (nothing leaves the browser), capped, oldest dropped first;
// entries made from "dl:jet" events, and checked when a file is imported.

export const JOURNAL_KEY = "des-et-lames:journal";
export const JOURNAL_CAP = 300;
export const JOURNAL_FORMAT = "des-et-lames/journal-des-jets";

// A journal: {next: the next entry's number, entries: [oldest … newest]}.
// `kept` is false when the browser refused to store it (private mode, quota,
// storage disabled): the entries then live only as long as the page.
export const journalState = { next: 1, entries: [], kept: true, problem: "" };

function journalStorage() {
  try {
    return globalThis.localStorage ?? null; // reading the property may throw (storage disabled)
  } catch (err) {
    console.warn("Journal des jets : stockage inaccessible", err);
    return null;
  }
}

export function loadJournal() {
  const storage = journalStorage();
  if (!storage) {
    journalRefused("le navigateur n'en donne pas l'accès");
    return journalState;
  }
  let text = null;
  try {
    text = storage.getItem(JOURNAL_KEY);
  } catch (err) {
    console.warn("Journal des jets : lecture refusée", err);
    journalRefused("le navigateur en refuse la lecture");
    return journalState;
  }
  const read = text ? journalFromJson(text) : { next: 1, entries: [] };
  if (read.error) {
    console.warn(`Journal des jets : ${read.error}`);
  } else {
    journalState.next = read.next;
    journalState.entries = read.entries;
  }
  return journalState;
}

function journalRefused(why) {
  journalState.kept = false;
  journalState.problem = `Le journal ne peut pas garder les jets dans ce navigateur (${why}) : ` +
    "ceux de cette page s'affichent ici, mais seront perdus en quittant la page.";
}

// Write the journal; on a full storage, drop the oldest entries and try again.
export function saveJournal() {
  const storage = journalStorage();
  if (!storage) {
    journalRefused("le navigateur n'en donne pas l'accès");
    return false;
  }
  let entries = journalState.entries;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      storage.setItem(JOURNAL_KEY, JSON.stringify({ format: JOURNAL_FORMAT, version: 1, next: journalState.next, entries }));
      if (entries !== journalState.entries) journalState.entries = entries;
      journalState.kept = true;
      journalState.problem = "";
      return true;
    } catch (err) {
      console.warn("Journal des jets : écriture refusée", err);
      if (entries.length < 2) break;
      entries = entries.slice(Math.ceil(entries.length / 2)); // keep the newest half
    }
  }
  journalRefused("stockage refusé ou plein");
  return false;
}

export function addJournalEntry(detail, extra) {
  const entry = journalEntryFromEvent(detail, extra, journalState.next);
  journalState.next += 1;
  journalState.entries = [...journalState.entries, entry].slice(-JOURNAL_CAP);
  saveJournal();
  return entry;
}

export function clearJournal() {
  journalState.entries = [];
  journalState.next = 1;
  saveJournal();
}

export function replaceJournal(read) {
  journalState.entries = read.entries.slice(-JOURNAL_CAP);
  journalState.next = read.next;
  saveJournal();
}

// --- entries ---------------------------------------------------------

// A path on this site ("/a/b/?x=1#y"), from an absolute or relative URL; null otherwise.
function journalPath(url) {
  if (typeof url !== "string" || !url) return null;
  try {
    const parsed = new URL(url, window.location.href);
    if (parsed.origin !== window.location.origin) return null;
    return parsed.pathname + parsed.search + parsed.hash;
  } catch (err) {
    console.warn("Journal des jets : lien illisible", err);
    return null;
  }
}

function journalEntryFromEvent(detail, extra, number) {
  return {
    n: number,
    quand: Number(detail.quand) || Date.now(),
    roller: String(detail.roller || ""),
    titre: String(detail.titre || detail.roller || ""),
    page: journalPath(detail.page) || "/",
    pageTitre: String(extra.pageTitre || ""),
    section: String(detail.section || ""),
    op: detail.op === "action" ? "action" : "roll",
    action: detail.action ? String(detail.action) : null,
    actionLibelle: extra.actionLibelle ? String(extra.actionLibelle) : null,
    resultat: String(detail.resultat ?? ""),
    reussite: detail.reussite === true || detail.reussite === false ? detail.reussite : null,
    des: (detail.des || []).map((group) => ({ titre: String(group.titre || ""), des: (group.des || []).map(String) })),
    lien: journalPath(detail.lien),
  };
}

// --- JSON (storage and files) -----------------------------------------

export function journalToJson() {
  return JSON.stringify({
    format: JOURNAL_FORMAT,
    version: 1,
    exporte: new Date().toISOString(),
    next: journalState.next,
    entries: journalState.entries,
  }, null, 2);
}

// {next, entries} from a journal's JSON text, or {error: "<French sentence>"}.
export function journalFromJson(text) {
  let data;
  try {
    data = JSON.parse(text);
  } catch (err) {
    return { error: "Ce fichier n'est pas du JSON lisible : un journal exporté par ce site est attendu." };
  }
  if (!data || typeof data !== "object" || data.format !== JOURNAL_FORMAT || !Array.isArray(data.entries)) {
    return { error: "Ce fichier n'est pas un journal des jets exporté par ce site (format inconnu)." };
  }
  const entries = [];
  for (const [i, raw] of data.entries.entries()) {
    const entry = checkedJournalEntry(raw);
    if (!entry) return { error: `Le jet n° ${i + 1} du fichier est illisible : le journal n'a pas été importé.` };
    entries.push(entry);
  }
  const highest = entries.reduce((max, e) => Math.max(max, e.n), 0);
  const next = Number.isSafeInteger(data.next) && data.next > highest ? data.next : highest + 1;
  return { next, entries: entries.slice(-JOURNAL_CAP) };
}

const JOURNAL_TEXT_MAX = 400;

function journalText(value, optional) {
  if (optional && (value === null || value === undefined)) return null;
  return typeof value === "string" && value.length <= JOURNAL_TEXT_MAX ? value : undefined;
}

// A link stored in the journal is a path on this site: never another origin, never "javascript:".
function journalSitePath(value) {
  if (value === null || value === undefined) return null;
  return typeof value === "string" && /^\/(?![/\\])/.test(value) && value.length <= 4000 ? value : undefined;
}

function checkedJournalEntry(raw) {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return null;
  const entry = {
    n: Number.isSafeInteger(raw.n) && raw.n > 0 ? raw.n : undefined,
    quand: Number.isFinite(raw.quand) ? raw.quand : undefined,
    roller: journalText(raw.roller),
    titre: journalText(raw.titre),
    page: journalSitePath(raw.page) ?? undefined,
    pageTitre: journalText(raw.pageTitre ?? ""),
    section: typeof raw.section === "string" && /^[\w-]{0,120}$/.test(raw.section) ? raw.section : undefined,
    op: raw.op === "roll" || raw.op === "action" ? raw.op : undefined,
    action: journalText(raw.action, true),
    actionLibelle: journalText(raw.actionLibelle, true),
    resultat: journalText(raw.resultat),
    reussite: raw.reussite === true || raw.reussite === false || raw.reussite === null ? raw.reussite : undefined,
    des: Array.isArray(raw.des) && raw.des.length <= 20 && raw.des.every((g) => g && typeof g === "object" &&
      journalText(g.titre) !== undefined && Array.isArray(g.des) && g.des.length <= 60 &&
      g.des.every((d) => journalText(d) !== undefined))
      ? raw.des.map((g) => ({ titre: g.titre, des: [...g.des] })) : undefined,
    lien: journalSitePath(raw.lien),
  };
  return Object.values(entry).includes(undefined) ? null : entry;
}
