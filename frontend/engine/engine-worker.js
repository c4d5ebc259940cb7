// The engine's worker (rollers-worker.js): made by the page's runtime, or ahead of it by the
// prefetch (engine/prefetch.js), which only downloads and checks the engine's files.

import { CONFIG, pyodideBase } from "../config.js";
import { waitsForTap } from "./first-tap.js";

// What makes a page one whose engine is fetched ahead (hooks/site_step/front_end.py: _ENGINE_PAGE, the same).
export const ENGINE_PAGE = ".dl-roller[data-roller], .dl-sheets[data-jeu]";

export function newWorker() {
  return new Worker(new URL(`rollers-worker.js?v=${CONFIG.version}`, import.meta.url), { type: "module" });
}

// The build's configuration as the worker reads it (Pyodide's address made absolute).
export function engineConfig() {
  return { ...CONFIG, pyodide: pyodideBase(CONFIG.pyodide) };
}

// A worker that downloads and checks the engine's files, running none of them (its
// "prefetch"), on a slow link only (slowLink); null elsewhere, where the engine waits for the
// reader's first tap (a connection that saves data, or one reported slow) and offline.
export function prefetchingWorker() {
  if (!CONFIG || !slowLink() || waitsForTap() || globalThis.navigator?.onLine === false) return null;
  const worker = newWorker();
  worker.postMessage({ type: "prefetch", config: engineConfig() });
  return worker;
}

// A table link opened (`#table=…`: a roll, a sheet, a request, as the meneuse's camera opens it): what it holds
// needs the engine (main.js starts it), so Python starts at once, while the page is still parsed, rather than
// once the rollers' script runs. The runtime adopts this worker; its own boot shares this one (the worker has
// one boot); the game's rules come with the link's first request. Id 0: the runtime's requests count from 1.
export function tableLinkWorker() {
  if (!CONFIG || !globalThis.location?.hash.startsWith("#table=")) return null;
  const worker = newWorker();
  worker.postMessage({ id: 0, type: "boot", config: engineConfig(), systems: [] });
  return worker;
}

// The page itself came slowly: its first byte SLOW_LINK_MS or more after the navigation
// began (a phone network's round trips). There the link is what the first roll waits for, and
// the engine's download starts at once. On a fast link the download takes little time when a
// roller nears the screen, and starting it during the page's own load only shares the
// processor with it (Lighthouse, loopback: 3 to 6 points lower on roller pages).
const SLOW_LINK_MS = 200;

export function slowLink() {
  const navigation = globalThis.performance?.getEntriesByType?.("navigation")?.[0];
  return Boolean(navigation && navigation.responseStart - navigation.startTime >= SLOW_LINK_MS);
}
