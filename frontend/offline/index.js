// offline/: the offline book: the service worker registered, « Rendre le livre disponible hors
// ligne », a new build's banner.

export { offlineControl } from "./control.js";
export { initOffline } from "./offline.js";
export { watchOnlineOnly } from "./online-only.js";
