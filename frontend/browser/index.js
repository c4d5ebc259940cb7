// browser/: what the platform gives, for every room: markup helpers and the page's layer, when work
// runs, the other bundles fetched where used, where the site is, the theme's « back to top » kept
// quiet. (Its same-page.js, page-top.js and early-tap.js are navigation.js's, inline in every page's
// <head>.)

export { loadBundle } from "./bundles.js";
export { fr, h, megabytes, pageLayer, percent, percentRows } from "./dom.js";
export { besides, missingTools, STORAGE_TROUBLE, storageError, storageTrouble } from "./failures.js";
export { quietBackToTop } from "./quiet-top.js";
export { afterDrawn, idleMoment, nextTurn } from "./schedule.js";
export { offlineSupported, SITE_ROOT } from "./site.js";
