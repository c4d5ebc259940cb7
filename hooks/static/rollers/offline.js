// Offline at the table: registers the service worker (sw.js, scoped to the
// site), fills the home page's « Rendre le livre disponible hors ligne »
// placeholder (#dl-offline), has the engine kept on the device once it has
// booted, and watches for new builds.
//
// The first visit is not slowed: the service worker (which precaches the
// site's pages and rules_py at install) is registered once the page has
// loaded and its engine, if it boots, is up (or failed), REGISTER_DELAY_MS
// later in an idle moment; at once when one already controls the page.

import { offlineControl, refreshOfflineBook } from "./offline-control.js";
import { engineOnDevice, offlineRemoved, offlineSupported, registerWorker } from "./offline-state.js";
import { runtime } from "./runtime.js";
import { watchUpdates } from "./update.js";

export function initOffline() {
  if (!offlineSupported()) return;
  if (globalThis.document$?.subscribe) globalThis.document$.subscribe(fillOfflinePlaceholder);
  else fillOfflinePlaceholder();
  if (offlineRemoved()) return void refreshOfflineBook();
  whenEngineSettled().then(async () => {
    const registration = await registerWorker();
    watchUpdates(registration);
    refreshOfflineBook().catch(() => null);
  }).catch((err) => console.warn("Dés & Lames : le service worker n’a pas pu être installé.", err));
  // An engine that booted before the service worker controlled the page: its
  // files (in the HTTP cache by now) are kept for offline use when the reader
  // leaves or hides the page, not while the page is in use.
  const warm = (state) => {
    if (state.name !== "ready") return;
    runtime.listeners.delete(warm);
    navigator.serviceWorker.ready.then(async (registration) => {
      if (await engineOnDevice()) return;
      const keep = () => document.visibilityState === "hidden" && registration.active?.postMessage({ type: "warm-engine" });
      document.addEventListener("visibilitychange", keep);
      window.addEventListener("pagehide", () => registration.active?.postMessage({ type: "warm-engine" }), { once: true });
    });
  };
  runtime.listeners.add(warm);
  warm(runtime.state);
}

function fillOfflinePlaceholder() {
  const slot = document.getElementById("dl-offline");
  if (slot && !slot.firstChild) slot.append(offlineControl({ compact: false }));
}

const REGISTER_DELAY_MS = 3000;

function whenEngineSettled() {
  return new Promise((resolve) => {
    const later = () => setTimeout(() => (globalThis.requestIdleCallback || setTimeout)(resolve, { timeout: 2000 }), REGISTER_DELAY_MS);
    const loaded = () => {
      if (navigator.serviceWorker.controller) return resolve();
      if (runtime.state.name !== "loading") return later();
      const settled = (state) => {
        if (state.name === "loading") return;
        runtime.listeners.delete(settled);
        later();
      };
      runtime.listeners.add(settled);
    };
    if (document.readyState === "complete") loaded();
    else window.addEventListener("load", loaded, { once: true });
  });
}
