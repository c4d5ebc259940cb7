// The runtime: one module Web Worker (Pyodide + rules_py) for the whole visit;
// requests {id, …} settled by {id, result|error}; listeners told of its state.
//
// Download early, run late: on a slow link, a page with rollers asks for the
// engine's files as soon as it starts (prefetch.js, before this script: its
// worker is adopted; or prefetch() here) — the worker downloads and checks them,
// the page's state stays idle with `fetching` — and the boot starts Python on
// those downloads in the same worker: at a tap, or once the page has loaded when
// a widget nears the screen (startSoon).
//
// The boot has no deadline, only a watchdog: it fails when nothing arrives for
// BOOT_IDLE_MS (the worker tells every chunk it receives), never because the
// download is slow; once all has arrived, the engine's start on the device's
// processor has BOOT_START_MS. A retry boots a new worker; the browser's HTTP cache keeps
// what was already downloaded.

import { BOOT_IDLE_MS, BOOT_START_MS, CALL_TIMEOUT_MS } from "../config.js";
import { waitsForTap } from "./first-tap.js";
import { engineConfig, newWorker, prefetchingWorker } from "./engine-worker.js";
import { idleMoment } from "../browser/index.js";
import { engineOfflineState } from "./on-device.js";

export class Runtime {
  constructor(early = null) {
    this.worker = null;
    this.ready = null;
    this.pending = new Map();
    this.nextId = 1;
    this.boots = 0;
    this.prefetching = false; // this.worker downloads the engine's files, not booted yet
    this.soon = null; // a start waiting for the page's load (startSoon)
    this.state = { name: "idle" };
    this.listeners = new Set();
    if (early) this.adopt(early);
  }

  // The worker prefetch.js made, and its answer if it came before this runtime.
  adopt({ worker, answer }) {
    this.take(worker);
    this.prefetching = true;
    this.state = { name: "idle", fetching: true };
    if (answer) this.receive(answer);
  }

  // The engine's files downloaded by a worker of their own, nothing run: on a slow link
  // only, not on a connection that waits for a tap, not offline, not twice (engine/engine-worker.js).
  prefetch() {
    if (this.worker || this.ready) return false;
    const worker = prefetchingWorker();
    if (!worker) return false;
    this.take(worker);
    this.prefetching = true;
    this.emit({ name: "idle", fetching: true }); // the offline copy waits for these downloads too
    return true;
  }

  // A roller near the screen: Python starts once the page has loaded, in an idle moment (seconds
  // of the processor's time, on two cores shared with the page's own load); a tap starts it at
  // once (call()). Its files are downloading already (prefetch).
  startSoon(systems) {
    if (this.ready) return this.ready;
    this.soon ||= quietMoment().then(() => {
      this.soon = null;
      return this.start(systems);
    });
    return this.soon;
  }

  start(systems) {
    if (this.ready) return this.ready;
    this.boots += 1;
    this.emit({ name: "loading", step: 0, steps: 3, text: "Démarrage du moteur de dés…" }); // the offline copy yields first
    if (!this.prefetching) this.spawn(); // else the boot starts Python on the prefetch's downloads
    this.prefetching = false;
    const config = engineConfig();
    // Offline with no engine on the device: said at once, no time-out (engine/on-device.js).
    this.ready = engineOfflineState().then((offline) => {
      if (offline) throw Object.assign(new Error(offline), { offline: true });
      return this.boot(config, systems);
    }).then(
      () => this.emit({ name: "ready" }),
      (err) => {
        if (err.offline) { // the next roll tries again (the network may be back)
          this.worker.terminate();
          this.worker = null;
          this.ready = null;
        }
        if (err.integrity) { // refused: its clicks are answered at once, « Réessayer » starts again
          this.worker.terminate();
          this.worker = null;
        }
        this.emit({ name: "failed", text: err.message, offline: Boolean(err.offline), integrity: Boolean(err.integrity) });
        throw err;
      },
    );
    return this.ready;
  }

  spawn() {
    if (this.worker) this.worker.terminate();
    this.prefetching = false;
    this.take(newWorker());
  }

  take(worker) {
    this.worker = worker;
    this.worker.onmessage = (event) => this.receive(event.data);
    this.worker.onerror = (event) => {
      event.preventDefault();
      if (this.prefetching) return void this.receive({ type: "prefetched", failed: true }); // a boot will start afresh
      this.failAll(`le programme du moteur a échoué (${event.message || "erreur inconnue"})`);
    };
  }

  // An engine file that is not the pinned one (the worker checks each) is
  // fetched once more past the HTTP cache, by a new worker: a bad copy kept
  // there must not fail every later visit. Altered again: refused.
  async boot(config, systems) {
    try {
      return await this.request({ type: "boot", config, systems: [...systems] }, BOOT_IDLE_MS, true);
    } catch (err) {
      if (!err.integrity || config.reload) throw err;
      this.spawn();
      const again = { ...config, reload: err.integrity };
      return this.request({ type: "boot", config: again, systems: [...systems] }, BOOT_IDLE_MS, true);
    }
  }

  // On a connection that asks to save data, or a slow one, the engine waits for
  // the reader's first tap; every widget says how much it will download (engine/first-tap.js).
  deferUntilTap() {
    if (!this.waitsForFirstTap()) return false;
    this.emit({ name: "idle" }); // the widgets' status hidden; their note is the page's (engine/first-tap.js)
    return true;
  }

  waitsForFirstTap() {
    return !this.ready && this.state.name === "idle" && waitsForTap();
  }

  async call(request, systems) {
    await this.start(systems);
    try {
      return await this.request({ type: "call", request }, CALL_TIMEOUT_MS);
    } catch (err) {
      // A worker that stopped answering is dropped: the next click (or "Réessayer") boots a new one.
      if (err.timeout) this.drop(`le moteur de dés ne répond plus (${err.message})`);
      throw err;
    }
  }

  drop(reason) {
    if (this.worker) this.worker.terminate();
    this.worker = null;
    this.prefetching = false;
    this.ready = null;
    this.failAll(reason);
    this.emit({ name: "failed", text: reason, stuck: true });
  }

  restart(systems) {
    if (this.worker) this.worker.terminate();
    this.failAll("le moteur a été redémarré");
    this.worker = null;
    this.prefetching = false;
    this.ready = null;
    return this.start(systems);
  }

  // idle: the time-out counts from the worker's last sign of life (a progress message), not from the request.
  request(message, timeoutMs, idle = false) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const entry = { resolve, reject, timer: 0, idle };
      entry.arm = (ms, why) => {
        clearTimeout(entry.timer);
        entry.timer = setTimeout(() => {
          this.pending.delete(id);
          reject(Object.assign(new Error(why), { timeout: true }));
        }, ms);
      };
      const seconds = Math.round(timeoutMs / 1000);
      entry.arm(timeoutMs, idle ? `plus rien n’arrive depuis ${seconds} s` : `pas de réponse après ${seconds} s`);
      this.pending.set(id, entry);
      this.worker.postMessage({ id, ...message });
    });
  }

  receive(data) {
    if (data.type === "prefetched") {
      if (!this.prefetching) return; // booting already: the boot reports for itself
      // A download lost: the boot, later, starts afresh (the network may be back). A file refused
      // (altered): the boot fails on it, and fetches it again past the HTTP cache (boot()).
      if (data.failed && !data.refused) {
        this.worker.terminate();
        this.worker = null;
        this.prefetching = false;
      }
      if (this.state.name === "idle") this.emit({ name: "idle" });
      return;
    }
    if (data.type === "progress") {
      const boots = [...this.pending.values()].filter((entry) => entry.idle);
      if (!boots.length) return; // a failed boot's downloads still trickling in: its failure stays shown
      // Downloading, every chunk is a sign of life; once everything has arrived, the engine
      // starts on the device's own processor, without a word for a while on a slow phone.
      for (const entry of boots) {
        if (data.step >= 2) entry.arm(BOOT_START_MS, `le moteur n’a pas démarré en ${Math.round(BOOT_START_MS / 1000)} s`);
        else entry.arm(BOOT_IDLE_MS, `plus rien n’arrive depuis ${Math.round(BOOT_IDLE_MS / 1000)} s`);
      }
      const { step, steps, text, received = null, total = null, download = null } = data;
      this.emit({ name: "loading", step, steps, text, received, total, download });
      return;
    }
    const entry = this.pending.get(data.id);
    if (!entry) return;
    this.pending.delete(data.id);
    clearTimeout(entry.timer);
    if ("error" in data) entry.reject(Object.assign(new Error(data.error), data.integrity ? { integrity: data.integrity } : {}));
    else entry.resolve(data.result);
  }

  failAll(reason) {
    for (const [id, entry] of this.pending) {
      clearTimeout(entry.timer);
      entry.reject(new Error(reason));
      this.pending.delete(id);
    }
  }

  emit(state) {
    this.state = state;
    for (const listener of this.listeners) listener(state);
  }
}


// The page loaded, then an idle moment (at most 2 s later).
function quietMoment() {
  const loaded = document.readyState === "complete" ? Promise.resolve()
    : new Promise((resolve) => window.addEventListener("load", resolve, { once: true }));
  return loaded.then(() => idleMoment(2000));
}

// One runtime per page, whichever bundle comes first (rollers.js, sheets.js), with the prefetch's worker.
const home = (globalThis.desEtLames ||= {});
export const runtime = (home.runtime ||= new Runtime(home.early));

// The game systems whose rollers this page shows (their modules load with the engine).
export function pageSystems() {
  const ids = [...document.querySelectorAll(".dl-roller[data-roller]")].map((el) => el.dataset.roller);
  return new Set(ids.map((id) => id.split(".", 1)[0]));
}
