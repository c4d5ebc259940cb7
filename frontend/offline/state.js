// How the page talks to the service worker (sw.js at the site root, written at build time by
// hooks/site_step/offline.py), and whether the reader removed the offline book.

import { SITE_ROOT } from "../browser/index.js";

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
