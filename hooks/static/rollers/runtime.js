// The runtime: one module Web Worker (Pyodide + rules_py) for the whole visit;
// requests {id, …} settled by {id, result|error}; listeners told of its state.
//
// The boot has no deadline, only a watchdog: it fails when nothing arrives for
// BOOT_IDLE_MS (the worker tells every chunk it receives), never because the
// download is slow; once all has arrived, the engine's start on the device's
// processor has BOOT_START_MS. A retry boots a new worker; the browser's HTTP cache keeps
// what was already downloaded.

import { BOOT_IDLE_MS, BOOT_START_MS, CALL_TIMEOUT_MS, CONFIG, pyodideBase, waitsForTap } from "./config.js";
import { engineOfflineState } from "./offline-state.js";

export class Runtime {
  constructor() {
    this.worker = null;
    this.ready = null;
    this.pending = new Map();
    this.nextId = 1;
    this.boots = 0;
    this.state = { name: "idle" };
    this.listeners = new Set();
  }

  start(systems) {
    if (this.ready) return this.ready;
    this.boots += 1;
    this.emit({ name: "loading", step: 0, steps: 3, text: "Démarrage du moteur de dés…" }); // the offline copy yields first
    this.spawn();
    const config = { ...CONFIG, pyodide: pyodideBase(CONFIG.pyodide) };
    // Offline with no engine on the device: said at once, no time-out (offline-state.js).
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
    this.worker = new Worker(new URL(`rollers-worker.js?v=${CONFIG.version}`, import.meta.url), { type: "module" });
    this.worker.onmessage = (event) => this.receive(event.data);
    this.worker.onerror = (event) => {
      event.preventDefault();
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
  // the reader's first tap; every widget says how much it will download.
  deferUntilTap() {
    if (this.ready || this.state.name !== "idle" || !waitsForTap()) return false;
    this.emit({ name: "idle", deferred: true, download: CONFIG.download });
    return true;
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
    this.ready = null;
    this.failAll(reason);
    this.emit({ name: "failed", text: reason, stuck: true });
  }

  restart(systems) {
    if (this.worker) this.worker.terminate();
    this.failAll("le moteur a été redémarré");
    this.worker = null;
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


export const runtime = (globalThis.desEtLames ||= { runtime: new Runtime() }).runtime;

// The game systems whose rollers this page shows (their modules load with the engine).
export function pageSystems() {
  const ids = [...document.querySelectorAll(".dl-roller[data-roller]")].map((el) => el.dataset.roller);
  return new Set(ids.map((id) => id.split(".", 1)[0]));
}
