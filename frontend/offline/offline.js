// Offline at the table: registers the service worker (sw.js, scoped to the
// site), fills the home page's « Rendre le livre disponible hors ligne »
// placeholder (#dl-offline), has the book copied to the device once the engine
// is in, and watches for new builds.
//
// The engine first: the service worker is registered (or, already there,
// asked to look for a new build) once the page has loaded and no engine is
// booting, in an idle moment (REGISTER_DELAY_MS later if none booted); its copy of the book
// ("precache") starts only when this page's engine is in (ready or failed),
// or when the reader has left the page alone for READER_IDLE_MS with nothing
// downloading. A boot that starts while the copy runs (a tap on « Lancer », a
// roller coming into view) stops it (« engine-first »); it resumes once the
// engine is in; so does the engine's download ahead of its boot (engine/runtime.js).
// When the copy ends, the service worker tells the pages, and
// the offline control says the book works without network.

import { CONFIG } from "../config.js";
import { refreshOfflineBook, offlineControl } from "./control.js";
import { besides, offlineSupported, SITE_ROOT } from "../browser/index.js";
import { offlineRemoved, registerWorker } from "./state.js";
import { runtime } from "../engine/index.js";
import { watchUpdates } from "./update.js";

export function initOffline() {
  if (!offlineSupported()) return;
  if (globalThis.document$?.subscribe) globalThis.document$.subscribe(fillOfflinePlaceholder);
  else fillOfflinePlaceholder();
  if (offlineRemoved()) return void refreshOfflineBook();
  navigator.serviceWorker.addEventListener("message", (event) => {
    if (event.data?.type === "offline-status") refreshOfflineBook().catch(besides("the offline control redrawn (drawn again at the next status)"));
  });
  navigator.serviceWorker.startMessages();
  navigator.serviceWorker.addEventListener("controllerchange", () => refreshOfflineBook().catch(besides("the offline control redrawn (drawn again at the next status)")));
  if (navigator.serviceWorker.controller) refreshOfflineBook().catch(besides("the offline control redrawn (drawn again at the next status)"));
  else askToBeControlled();
  const registration = whenEngineQuiet().then(async () => {
    const current = await registerWorker(); // a first install, or a look for a new build
    if (!current) return null; // the book was removed meanwhile (another tab): nothing registered
    watchUpdates(current);
    refreshOfflineBook().catch(besides("the offline control redrawn (drawn again at the next status)"));
    return current;
  });
  registration.catch((err) => console.warn("Dés & Lames : le service worker n’a pas pu être installé.", err));
  // An earlier visit's service worker (even one not controlling this page) is told at once.
  askForTheCopy(navigator.serviceWorker.getRegistration(SITE_ROOT).then((earlier) => earlier || registration));
}

// A page whose load began while the worker was being activated (a reader
// leaving a roller page right after its roll, on a first visit) is not among
// the pages the worker claims: it would stay outside the offline book until
// the next page. It asks the active worker to take it.
function askToBeControlled() {
  navigator.serviceWorker.ready
    .then((registration) => navigator.serviceWorker.controller || registration.active?.postMessage({ type: "claim" }))
    .catch(besides("the page asking to be controlled (it is at its next load)"));
}

function fillOfflinePlaceholder() {
  const slot = document.getElementById("dl-offline");
  if (slot && !slot.firstChild) slot.append(offlineControl({ compact: false }));
}

const REGISTER_DELAY_MS = 3000;
const READER_IDLE_MS = 5000;

// Resolves once the page has loaded and no engine is booting: in an idle
// moment, REGISTER_DELAY_MS later when no engine booted at all (waiting again
// if a boot started in between).
function whenEngineQuiet() {
  return new Promise((resolve) => {
    const check = () => {
      if (downloading(runtime.state)) {
        const settled = (state) => {
          if (downloading(state)) return;
          runtime.listeners.delete(settled);
          check();
        };
        return runtime.listeners.add(settled);
      }
      const delay = runtime.state.name === "idle" ? REGISTER_DELAY_MS : 0;
      setTimeout(() => (globalThis.requestIdleCallback || setTimeout)(() => {
        if (downloading(runtime.state)) check();
        else resolve();
      }, { timeout: 2000 }), delay);
    };
    if (document.readyState === "complete") check();
    else window.addEventListener("load", check, { once: true });
  });
}

// The engine booting, or its files being fetched ahead of its boot (runtime.prefetch).
function downloading(state) {
  return state.name === "loading" || Boolean(state.fetching);
}

// Tells the service worker (the active one; on a first visit, the one
// installing) when to copy the book, and when to yield to the engine. A page
// left right after its engine came in (a full navigation) says it on its way out.
function askForTheCopy(registering) {
  let registration = null;
  let said = "";
  let pending = null;
  const post = (message) => (registration.active || registration.installing || registration.waiting)?.postMessage(message);
  const use = (found) => {
    if (!found || registration) return;
    registration = found;
    if (pending) post(pending);
  };
  const tell = (message) => {
    const key = JSON.stringify(message);
    if (key === said) return;
    said = key;
    if (registration) return post(message);
    pending = message;
    navigator.serviceWorker.getRegistration(SITE_ROOT).then(use).catch(besides("another tab's registration, meanwhile (this tab's own follows)"));
  };
  registering.then(use).catch(besides("the service worker's registration (the offline control says the book is not kept)"));
  window.addEventListener("pagehide", () => {
    if (registration && runtime.state.name === "ready") post({ type: "precache", engine: true });
  });
  let idle = null;
  const follow = (state) => {
    idle?.cancel();
    idle = null;
    if (state.name === "ready") rememberBoot();
    if (downloading(state)) tell({ type: "engine-first" });
    else if (state.name === "ready") tell({ type: "precache", engine: true });
    else if (state.name === "failed") tell({ type: "precache", engine: bootedBefore() });
    else idle = afterReaderIdle(() => tell({ type: "precache", engine: bootedBefore() })); // no engine booted here (yet)
  };
  runtime.listeners.add(follow);
  follow(runtime.state);
}

// Calls `action` once READER_IDLE_MS have passed with no tap, no key and no
// download of the page's (its resource timings); cancel() forgets it.
function afterReaderIdle(action) {
  let timer = 0;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(done, READER_IDLE_MS);
  };
  const observer = typeof PerformanceObserver === "function" ? new PerformanceObserver(arm) : null;
  observer?.observe({ type: "resource" });
  const events = ["pointerdown", "keydown"];
  for (const name of events) window.addEventListener(name, arm, { capture: true, passive: true });
  const cancel = () => {
    clearTimeout(timer);
    observer?.disconnect();
    for (const name of events) window.removeEventListener(name, arm, { capture: true });
  };
  function done() {
    cancel();
    action();
  }
  arm();
  return { cancel };
}

// This engine booted in an earlier page of this browser (its files are in the
// HTTP cache): a page without rollers still has it kept for offline use.
const BOOTED_KEY = "dl-moteur-demarre";

function rememberBoot() {
  try {
    localStorage.setItem(BOOTED_KEY, CONFIG.pyodide);
  } catch {
    // private mode without storage: the next page with a roller says it again
  }
}

function bootedBefore() {
  try {
    return localStorage.getItem(BOOTED_KEY) === CONFIG.pyodide;
  } catch {
    return false;
  }
}
