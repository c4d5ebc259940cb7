// Dés & Lames: the module Web Worker that runs rules_py in Pyodide.
//
// Protocol (rollers.js is the only client):
//   {id, type: "boot", config, systems}  -> {id, result: true}     once Python and rules_py are up
//   {id, type: "call", request}          -> {id, result: <answer>} rules_py.api.call_json's answer
//   any failure                          -> {id, error: "<French sentence>"}
//   while booting, unsolicited            {type: "progress", step, steps, text}
// The worker holds no rules: every request goes through call_json.

let booting = null; // the one boot promise: Pyodide + rules_py core
let config = null;
const loaded = new Set(); // system modules written to the FS
const fetching = new Map(); // file name -> promise of its text

const PACKAGE_DIR = "/home/pyodide/rules_py";

self.onmessage = async (event) => {
  const { id, type } = event.data;
  try {
    if (type === "boot") {
      config = config || event.data.config;
      booting = booting || boot(event.data.systems || []);
      await booting;
      self.postMessage({ id, result: true });
    } else if (type === "call") {
      if (!booting) throw new Error("Le moteur n'est pas démarré.");
      const { pyodide, callJson } = await booting;
      await ensureSystem(pyodide, systemOf(event.data.request));
      let text;
      try {
        text = callJson(JSON.stringify(event.data.request));
      } catch (err) {
        throw french("le moteur de dés a rencontré une erreur interne", err);
      }
      self.postMessage({ id, result: JSON.parse(text) });
    } else {
      throw new Error(`Message inconnu : ${type}`);
    }
  } catch (err) {
    self.postMessage({ id, error: describe(err) });
  }
};

async function boot(systems) {
  progress(1, "Téléchargement de Python (Pyodide)…");
  const base = new URL(config.pyodide, self.location.href).href;
  // Pyodide and the rules' files download in parallel. The browser's own
  // messages are English: the reader gets a French one, the console the cause.
  const pyodidePromise = import(`${base}pyodide.mjs`).then(
    (module) => module.loadPyodide({ indexURL: base }).catch((err) => {
      throw french(`Python (Pyodide) n'a pas pu démarrer à partir de ${base}`, err);
    }),
    (err) => {
      throw french(`Python (Pyodide) est injoignable à l'adresse ${base}`, err);
    },
  );
  const names = [...config.core, ...systems.flatMap((s) => config.systems[s] || [])];
  const texts = Promise.all(names.map((name) => fetchSource(name)));
  const [pyodide, sources] = await Promise.all([pyodidePromise, texts]);
  progress(2, "Chargement des règles…");
  pyodide.FS.mkdirTree(PACKAGE_DIR);
  names.forEach((name, i) => pyodide.FS.writeFile(`${PACKAGE_DIR}/${name}`, sources[i]));
  systems.forEach((s) => loaded.add(s));
  let api;
  try {
    pyodide.runPython("import sys\nif '/home/pyodide' not in sys.path: sys.path.insert(0, '/home/pyodide')");
    api = pyodide.pyimport("rules_py.api");
    for (const system of systems) pyodide.pyimport(`rules_py.${system}`);
  } catch (err) {
    throw french("les règles (rules_py) n'ont pas pu être chargées dans Python", err);
  }
  progress(3, "Prêt.");
  return { pyodide, callJson: api.call_json };
}

async function ensureSystem(pyodide, system) {
  if (!system || loaded.has(system) || !config.systems[system]) return;
  const names = config.systems[system];
  const texts = await Promise.all(names.map((name) => fetchSource(name)));
  names.forEach((name, i) => pyodide.FS.writeFile(`${PACKAGE_DIR}/${name}`, texts[i]));
  pyodide.runPython("import importlib\nimportlib.invalidate_caches()");
  loaded.add(system);
}

function fetchSource(name) {
  if (!fetching.has(name)) {
    const url = new URL(`rules_py/${name}?v=${config.version}`, self.location.href);
    fetching.set(name, fetch(url).then(
      (response) => {
        if (!response.ok) throw new Error(`les règles (${name}) n'ont pas pu être téléchargées : réponse ${response.status}`);
        return response.text();
      },
      (err) => {
        throw french(`les règles (${name}) n'ont pas pu être téléchargées`, err);
      },
    ).catch((err) => {
      fetching.delete(name); // a later roll tries again
      throw err;
    }));
  }
  return fetching.get(name);
}

function systemOf(request) {
  const roller = request && typeof request.roller === "string" ? request.roller : "";
  return roller.includes(".") ? roller.split(".", 1)[0] : "";
}

function progress(step, text) {
  self.postMessage({ type: "progress", step, steps: 3, text });
}

function french(sentence, cause) {
  // The cause (an English browser or Python message) goes to the console, for whoever debugs.
  console.warn(`Dés & Lames : ${sentence}.`, cause);
  return new Error(sentence);
}

function describe(err) {
  return err && err.message ? String(err.message).split("\n").slice(-2).join(" ").trim() : String(err);
}
