// Dés & Lames: the engine's files asked for as soon as a page with rollers starts, on a slow
// link (engine/engine-worker.js, slowLink). Bundled as assets/rollers/prefetch.js, loaded async from
// the <head> of every page with rollers or sheets (hooks/site_step/front_end.py, prefetch_tag): it
// runs while the page is still parsed, long before rollers.js, and leaves its worker to the
// runtime (engine/runtime.js adopts `early`), which starts Python on these downloads at a tap, or
// once the page has loaded when a widget nears the screen. On a table link, its worker boots at once.

import { prefetchingWorker, tableLinkWorker } from "./engine-worker.js";

const home = (globalThis.desEtLames ||= {});
if (home.runtime) {
  home.runtime.prefetch(); // the rollers' script came first
} else if (!home.early) {
  const worker = tableLinkWorker() || prefetchingWorker();
  if (worker) {
    const early = { worker, answer: null };
    worker.onmessage = (event) => {
      if (event.data?.type === "prefetched") early.answer = event.data; // before the runtime took it
    };
    worker.onerror = (event) => { // its script lost (the network cut): the runtime will start afresh
      event.preventDefault();
      early.answer = { type: "prefetched", failed: true };
    };
    home.early = early;
  }
}
