// Is the engine on this device? Offline, a roll can start only if Pyodide's files are in the
// service worker's copy (offline/, sw.js at the site root).

import { CONFIG, pyodideBase } from "../config.js";
import { offlineSupported } from "../browser/index.js";

export const OFFLINE_ENGINE_TEXT =
  "Pas de réseau, et le moteur de dés (Python) n’est pas encore sur cet appareil\u202F: " +
  "ce lanceur ne peut pas tirer les dés maintenant. Le texte des règles et les chances exactes affichées restent valables. " +
  "La prochaine fois que vous aurez du réseau, ouvrez une page à lanceur (le moteur se garde alors sur l’appareil) " +
  "ou touchez «\u00a0Rendre le livre disponible hors ligne\u00a0» sur la page d’accueil.";

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
