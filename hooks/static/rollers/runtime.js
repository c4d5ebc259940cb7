// The runtime: one module Web Worker (Pyodide + rules_py) for the whole visit;
// requests {id, …} settled by {id, result|error}; listeners told of its state.

import { BOOT_TIMEOUT_MS, CALL_TIMEOUT_MS, CONFIG, pyodideBase } from "./config.js";
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
    this.worker = new Worker(new URL(`rollers-worker.js?v=${CONFIG.version}`, import.meta.url), { type: "module" });
    this.worker.onmessage = (event) => this.receive(event.data);
    this.worker.onerror = (event) => {
      event.preventDefault();
      this.failAll(`le programme du moteur a échoué (${event.message || "erreur inconnue"})`);
    };
    this.emit({ name: "loading", step: 0, steps: 3, text: "Démarrage du moteur de dés…" });
    const config = { ...CONFIG, pyodide: pyodideBase(CONFIG.pyodide) };
    // Offline with no engine on the device: said at once, no time-out (offline-state.js).
    this.ready = engineOfflineState().then((offline) => {
      if (offline) throw Object.assign(new Error(offline), { offline: true });
      return this.request({ type: "boot", config, systems: [...systems] }, BOOT_TIMEOUT_MS);
    }).then(
      () => this.emit({ name: "ready" }),
      (err) => {
        if (err.offline) { // the next roll tries again (the network may be back)
          this.worker.terminate();
          this.worker = null;
          this.ready = null;
        }
        this.emit({ name: "failed", text: err.message, offline: Boolean(err.offline) });
        throw err;
      },
    );
    return this.ready;
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

  request(message, timeoutMs) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(Object.assign(new Error(`pas de réponse après ${Math.round(timeoutMs / 1000)} s`), { timeout: true }));
      }, timeoutMs);
      this.pending.set(id, { resolve, reject, timer });
      this.worker.postMessage({ id, ...message });
    });
  }

  receive(data) {
    if (data.type === "progress") {
      this.emit({ name: "loading", step: data.step, steps: data.steps, text: data.text });
      return;
    }
    const entry = this.pending.get(data.id);
    if (!entry) return;
    this.pending.delete(data.id);
    clearTimeout(entry.timer);
    if ("error" in data) entry.reject(new Error(data.error));
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
