// Is the engine on this device? And how the page talks to the service worker
// (sw.js at the site root, written at build time by hooks/site_step/offline.py).

import { CONFIG, pyodideBase } from "../config.js";

// The site root: the bundle is assets/rollers/rollers.js.
export const SITE_ROOT = new URL("../../", import.meta.url).href;

export const OFFLINE_ENGINE_TEXT =
  "Pas de réseau, et le moteur de dés (Python) n’est pas encore sur cet appareil\u202F: " +
  "ce lanceur ne peut pas tirer les dés maintenant. Le texte des règles et les chances exactes affichées restent valables. " +
  "La prochaine fois que vous aurez du réseau, ouvrez une page à lanceur (le moteur se garde alors sur l’appareil) " +
  "ou touchez «\u00a0Rendre le livre disponible hors ligne\u00a0» sur la page d’accueil.";

export function offlineSupported() {
  return "serviceWorker" in navigator && "caches" in globalThis && globalThis.isSecureContext;
}

// null when the engine can be fetched or is cached; else the French sentence
// to show at once (no time-out): offline, and the engine is not on the device.
export async function engineOfflineState() {
  if (navigator.onLine !== false) return null;
  if (await engineOnDevice()) return null;
  return OFFLINE_ENGINE_TEXT;
}

// The engine is served from the service worker's cache (which this page's
// worker goes through only when a service worker controls the page).
export async function engineOnDevice() {
  if (!offlineSupported() || !navigator.serviceWorker.controller) return false;
  try {
    return Boolean(await caches.match(new URL("pyodide.asm.wasm", pyodideBase(CONFIG.pyodide)).href));
  } catch {
    return false;
  }
}

// One message to the active service worker; its replies go to onReply until
// it returns true (or the first reply when onReply is left out).
export async function askWorker(message, onReply = () => true) {
  const registration = await navigator.serviceWorker.ready;
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => {
      if (onReply(event.data)) {
        channel.port1.close();
        resolve(event.data);
      }
    };
    registration.active.postMessage(message, [channel.port2]);
  });
}

// The reader removed the offline book: no service worker until asked again.
const REMOVED_KEY = "dl-hors-ligne-retire";

export function offlineRemoved() {
  try {
    return localStorage.getItem(REMOVED_KEY) === "1";
  } catch {
    return false;
  }
}

export function setOfflineRemoved(removed) {
  try {
    if (removed) localStorage.setItem(REMOVED_KEY, "1");
    else localStorage.removeItem(REMOVED_KEY);
  } catch {
    // private mode without storage: nothing to remember
  }
}

// → the registration, or null when the reader removed the book from this device (asked again at the last
// moment: a page opened before the removal, in another tab, must not bring the worker back).
export function registerWorker() {
  if (offlineRemoved()) return Promise.resolve(null);
  return navigator.serviceWorker.register(new URL("sw.js", SITE_ROOT).href, { scope: SITE_ROOT });
}
