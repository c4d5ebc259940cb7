// The engine's worker (rollers-worker.js): made by the page's runtime, or ahead of it by the
// prefetch (prefetch-main.js), which only downloads and checks the engine's files.

import { CONFIG, pyodideBase, waitsForTap } from "./config.js";

// What makes a page one whose engine is fetched ahead (hooks/rollers_assets.py: ENGINE_PAGE, the same).
export const ENGINE_PAGE = ".dl-roller[data-roller], .dl-sheets[data-jeu]";

export function newWorker() {
  return new Worker(new URL(`rollers-worker.js?v=${CONFIG.version}`, import.meta.url), { type: "module" });
}

// The build's configuration as the worker reads it (Pyodide's address made absolute).
export function engineConfig() {
  return { ...CONFIG, pyodide: pyodideBase(CONFIG.pyodide) };
}

// A worker that downloads and checks the engine's files, running none of them (its
// "prefetch"); null where the engine waits for the reader's first tap (a connection that
// saves data, or a slow one) and offline.
export function prefetchingWorker() {
  if (!CONFIG || waitsForTap() || globalThis.navigator?.onLine === false) return null;
  const worker = newWorker();
  worker.postMessage({ type: "prefetch", config: engineConfig() });
  return worker;
}
