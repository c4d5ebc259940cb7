// engine/: the visit's one engine (Pyodide + rules_py in a Web Worker): made and checked, started and
// asked (the runtime), waiting for a first tap on a slow link, on the device or not. (Its prefetch.js
// is the entry of prefetch.js, loaded from <head>.)

export { ENGINE_PAGE } from "./engine-worker.js";
export { markFirstTap, waitsForTap } from "./first-tap.js";
export { pageSystems, runtime } from "./runtime.js";
