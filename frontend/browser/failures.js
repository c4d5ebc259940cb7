// What the page does when something it asked for fails: never a silent default (issue 53). Two kinds,
// each a `.catch` handler that names its reason:
// - besides(reason): work the reader does not wait for and whose failure changes nothing she sees or
//   keeps (a copy for the offline book, a prefetch, a hint for the next visit, a promise awaited
//   elsewhere too). The failure is kept with its reason where a maintainer looks: the console (as
//   information: it is no error of the page) and `globalThis.dlFailures` (the last 20).
// - storageTrouble(what, fallback): a read of this device's storage (IndexedDB) that failed while the
//   page draws what the reader keeps. The page goes on with `fallback` (an empty list, no record), and
//   says so once, in French, at the top of the page: what she sees may be incomplete, and what to do.
//   A write that fails is never this: it is refused with its own sentence where it was asked.

import { fr } from "./dom.js";

const KEPT = 20;

function remember(reason, err) {
  const failures = (globalThis.dlFailures ||= []);
  failures.push({ reason, error: String(err?.message || err) });
  if (failures.length > KEPT) failures.shift();
  console.info(`Dés & Lames : ${reason} (${String(err?.message || err)})`);
}

export function besides(reason) {
  return (err) => {
    remember(reason, err);
    return null;
  };
}

export const STORAGE_TROUBLE = fr(
  "La mémoire de ce navigateur n’a pas répondu\u00a0: ce qui est affiché ici peut être incomplet. " +
  "Rechargez la page\u202f; si cela se répète, gardez une sauvegarde (« Tout exporter » dans « Mes personnages »).",
);

export function storageTrouble(what, fallback = null) {
  return (err) => {
    remember(`lecture du stockage de l’appareil (${what})`, err);
    sayStorageTrouble();
    return fallback;
  };
}

function sayStorageTrouble() {
  if (typeof document === "undefined" || document.querySelector(".dl-storage-trouble")) return;
  const note = document.createElement("p");
  note.className = "dl-storage-trouble";
  note.setAttribute("role", "alert");
  note.textContent = STORAGE_TROUBLE;
  const where = document.querySelector("article.md-content__inner") || document.body;
  where.prepend(note);
}

// A page's own tools (« Mes personnages », « L’écran du meneur »: bundles of their own) that could not be
// fetched (no network, and the book not kept offline yet): said in their place, never an empty page.
export function missingTools(el) {
  if (el.querySelector(":scope > .dl-storage-trouble")) return;
  const note = document.createElement("p");
  note.className = "dl-storage-trouble";
  note.setAttribute("role", "alert");
  note.textContent = fr(
    "Les outils de cette page n’ont pas pu être chargés (pas de réseau\u202f?)\u00a0: rechargez-la quand le réseau revient. " +
    "Ce que cet appareil garde n’est pas touché.",
  );
  el.prepend(note);
}

// A read of this device's storage that failed where the reader asked for something that needs it (a roll
// paid from a sheet or the Réserve): the request is refused with this sentence (thrown), nothing written.
export function storageError(what, err) {
  remember(`lecture du stockage de l’appareil (${what})`, err);
  return new Error(fr(`la mémoire de ce navigateur n’a pas répondu en lisant ${what} : rien n’a été lancé ni écrit, réessayez`));
}
