// Dés & Lames: the module Web Worker that runs rules_py in Pyodide.
//
// Protocol (its clients: rollers.js, and prefetch.js, whose worker rollers.js then adopts):
//   {type: "prefetch", config}           -> {type: "prefetched", failed, refused} the engine's files downloaded
//                                           and checked (failed: one was not, refused: altered); none runs yet
//   {id, type: "boot", config, systems}  -> {id, result: true}     once Python and rules_py are up
//   {id, type: "call", request}          -> {id, result: <answer>} rules_py.api.call_json's answer
//   any failure                          -> {id, error: "<French sentence>"}
//                                           (+ integrity: [file names] when an engine file is not the pinned one)
//   while booting, unsolicited            {type: "progress", step, steps, text, received?, total?, download?}
//     (step 1: bytes of the engine received, of total, raw; download: « 4,8 Mo », gzipped;
//      every chunk that arrives is told, at most every 150 ms: the runtime's sign of life)
// The worker holds no rules: every request goes through call_json.
//
// A device's later boots start from a snapshot of the first one's memory (« The engine's snapshot » below).
//
// The engine is checked before it runs: every file of Pyodide's that the worker
// imports, compiles or reads, and the site's own standard library, is hashed
// (SHA-256, Web Crypto) and compared with the build's pins (config.sha256: the
// committed hooks/site_step/engine-hashes.json and the library's hash) before any of it
// is used, wherever it came from (network, HTTP cache, service worker). A file
// with no pin is never run. config.reload names files an earlier boot found
// altered: they are fetched again past the HTTP cache (a bad copy kept there
// must not fail every later visit).
// This worker's own protection: it is a same-origin script, which the page's
// origin vouches for; the page's <meta> Content-Security-Policy does not reach
// it (a dedicated worker's policy comes from its own response headers, and
// GitHub Pages sends none), so these checks are what guards the engine here.

let booting = null; // the one boot promise: Pyodide + rules_py core
let fetched = null; // the engine's downloads, started by a prefetch or the boot
// CONFIG: the engine's part of the build's configuration, the first line the build writes (hooks/site_step/front_end.py)
let config = null; // CONFIG, with what the page sends: Pyodide's address as an absolute URL, files to reload
const loaded = new Set(); // the packs written to the FS
const fetching = new Map(); // pack name -> promise of its modules

const PACKAGE_DIR = "/home/pyodide/rules_py";

self.onmessage = async (event) => {
  const { id, type } = event.data;
  try {
    if (type === "prefetch") {
      // Download early, run late: the page asks for the engine's files as soon as it can;
      // Python starts only with the boot (a widget near the screen, a tap), on these downloads.
      config = config || { ...CONFIG, ...event.data.config };
      const { verdicts, texts } = downloads();
      const lost = (await Promise.allSettled([...Object.values(verdicts), texts])).filter((one) => one.status === "rejected");
      // refused (altered): the boot says so from these verdicts, then fetches it past the HTTP cache
      self.postMessage({ type: "prefetched", failed: lost.length > 0, refused: lost.some((one) => one.reason instanceof IntegrityError) });
    } else if (type === "boot") {
      config = config || { ...CONFIG, ...event.data.config };
      booting = booting || boot(event.data.systems || []);
      await booting;
      self.postMessage({ id, result: true });
    } else if (type === "call") {
      if (!booting) throw new Error("Le moteur n’est pas démarré.");
      const { pyodide, callJson } = await booting;
      const request = event.data.request;
      for (const system of systemsOf(request)) await ensureSystem(pyodide, system);
      // A request on character sheets: their modules (shared, then each game's), fetched once.
      if (sheetRequest(request)) for (const part of ["", ...systemsOf(request)]) await ensureSheets(pyodide, part);
      let text;
      try {
        text = callJson(JSON.stringify(event.data.request));
      } catch (err) {
        throw french("le moteur de dés a rencontré une erreur interne", err);
      }
      self.postMessage({ id, result: JSON.parse(text) });
      snapshotLater();
    } else {
      throw new Error(`Message inconnu : ${type}`);
    }
  } catch (err) {
    if (err instanceof IntegrityError) self.postMessage({ id, error: err.message, integrity: err.files });
    else self.postMessage({ id, error: describe(err) });
  }
};

// Every download starts at once, in parallel, the rules' core included: the
// engine's big files are read as they arrive (the progress), checked, and
// handed to loadPyodide (pyodide.asm.mjs as its module, the wasm and the
// library as the answers to its own fetches). The browser's own messages
// are English: the reader gets a French one, the console the cause. Once per
// worker, whoever asks first (a prefetch, or the boot).
function downloads() {
  if (fetched) return fetched;
  const base = new URL(config.pyodide, self.location.href).href;
  const stdLibURL = config.stdlib ? new URL(config.stdlib, self.location.href).href : `${base}python_stdlib.zip`;
  pinnedBase = base;
  const meter = new Meter(config.sizes || {});
  meter.report();
  const unreachable = (err) => {
    if (err instanceof IntegrityError) throw err;
    throw french(`le moteur de dés est injoignable à l’adresse ${base}`, err);
  };
  const files = {
    "pyodide.asm.mjs": meter.download(`${base}pyodide.asm.mjs`, "pyodide.asm.mjs"),
    // compiled while it arrives, but complete (so instantiable) only once it matches its pin
    "pyodide.asm.wasm": meter.download(`${base}pyodide.asm.wasm`, "pyodide.asm.wasm", { stream: true, type: "application/wasm" }),
    "python_stdlib.zip": meter.download(stdLibURL, "python_stdlib.zip"),
  };
  handOver.set(`${base}pyodide.asm.wasm`, files["pyodide.asm.wasm"].response);
  handOver.set(stdLibURL, files["python_stdlib.zip"].response);
  // A file found altered, or lost, fails the boot at once (Pyodide would wait
  // for ever on a wasm it cannot compile).
  const verdicts = Object.fromEntries(Object.entries(files).map(([name, d]) => [name, d.bytes.catch(unreachable)]));
  verdicts["pyodide.mjs"] = checkedFetch(`${base}pyodide.mjs`, "pyodide.mjs").catch(unreachable);
  for (const verdict of Object.values(verdicts)) verdict.catch(besides("a download's verdict (awaited by the boot, which says its failure)"));
  const texts = fetchPack(config.core);
  texts.catch(besides("the engine's packs (awaited by the boot, which says their failure)"));
  fetched = { base, stdLibURL, meter, verdicts, texts };
  return fetched;
}

// A failure this file goes on without, named (a file of its own, no import: browser/failures.js's besides).
const besides = (reason) => (err) => {
  console.info(`Dés & Lames : ${reason} (${String(err?.message || err)})`);
  return null;
};

async function boot(systems) {
  const { base, stdLibURL, meter, verdicts } = downloads();
  meter.report(true); // where the downloads stand (a prefetch may have begun them, or ended them)
  const names = [config.core, ...systems.map((s) => config.systems[s]).filter(Boolean)];
  const texts = Promise.all(names.map((name) => fetchPack(name)));
  const kept = keptSnapshot();
  const start = async (snapshot) => {
    const [{ loadPyodide }, createPyodideModule] = await Promise.all([
      verdicts["pyodide.mjs"].then(moduleOf),
      verdicts["pyodide.asm.mjs"].then(moduleOf).then((module) => module.default),
    ]);
    const options = { indexURL: base, stdLibURL, createPyodideModule, packageBaseUrl: base };
    if (config.lock) options.lockFileContents = config.lock; // rules_py needs no package: no lock file to fetch
    if (snapshot) options._loadSnapshot = snapshot;
    else options._makeSnapshot = true; // this boot's memory is kept once it has answered (makeSnapshot)
    return loadPyodide(options).catch((err) => {
      throw french(`le moteur de dés n’a pas pu démarrer à partir de ${base}`, err);
    });
  };
  const checkedAll = Promise.all(Object.values(verdicts)); // an altered or lost file fails the boot, snapshot or not
  // Both are awaited below, after the snapshot is read: a failure before then is the boot's, not an unhandled one.
  for (const awaitedBelow of [texts, checkedAll]) awaitedBelow.catch(besides("the engine's files (awaited once the snapshot is read)"));
  const snapshot = await kept;
  if (snapshot) {
    try {
      const [pyodide, sources] = await Promise.all([start(snapshot), texts, checkedAll]);
      progress(3, "Chargement des règles…");
      const engine = rulesOf(pyodide, sources, names, systems);
      console.info(`Dés & Lames : moteur repris de son instantané (${snapshot.byteLength} octets).`);
      return engine;
    } catch (err) {
      await Promise.all([texts, checkedAll]); // their failure is the boot's, not the snapshot's
      // Pyodide refused it (another build), or it did not run: dropped, and a boot afresh on the checked files
      console.warn("Dés & Lames : l’instantané du moteur est écarté ; démarrage complet.", err);
      await dropSnapshots();
      loaded.clear();
      handOver.set(`${base}pyodide.asm.wasm`, verdicts["pyodide.asm.wasm"].then(asResponse("application/wasm")));
      handOver.set(stdLibURL, verdicts["python_stdlib.zip"].then(asResponse("application/zip")));
    }
  }
  const [pyodide, sources] = await Promise.all([start(null), texts, checkedAll]);
  progress(3, "Chargement des règles…");
  const engine = rulesOf(pyodide, sources, names, systems);
  snapshotting = "due";
  return engine;
}

// rules_py's packs written to the FS, Python told where they are, the rules' door imported.
function rulesOf(pyodide, sources, names, systems) {
  sources.forEach((modules) => writeSources(pyodide, modules));
  names.forEach((name) => loaded.add(name));
  let api;
  try {
    pyodide.runPython("import sys, importlib\nif '/home/pyodide' not in sys.path: sys.path.insert(0, '/home/pyodide')\n"
      + "importlib.invalidate_caches()");
    api = pyodide.pyimport("rules_py.api");
    for (const system of systems) pyodide.pyimport(`rules_py.${system}`);
  } catch (err) {
    throw french("les règles (rules_py) n’ont pas pu être chargées dans Python", err);
  }
  return { pyodide, callJson: api.call_json };
}

const asResponse = (type) => (bytes) => new Response(bytes, { status: 200, headers: { "Content-Type": type } });

// ----------------------------------------------------------------------
// The engine's snapshot: Python started and the rules imported, kept on the device
// ----------------------------------------------------------------------
// A device's first boot starts Python from Pyodide's files (1.4–3 s at a phone's speed) and imports
// rules_py. Once it has answered and the page has been quiet for SNAPSHOT_QUIET_MS, every rules module
// is imported, one per turn (a roll asked meanwhile goes between two), and Pyodide's memory is kept
// (makeMemorySnapshot, 31 MB, 5.0 MB gzipped) in the cache SNAPSHOT_CACHE under a key naming this
// build and Pyodide's files. A later boot (a tab, a link opened by the camera, a reload) starts from it:
// Pyodide checks that it is its own build's; one that fails is dropped, and the boot starts afresh.
// Nothing of a roll lives in it: the dice come from crypto.getRandomValues (random.SystemRandom).
// Only the checked engine's own boot writes it; the site's update leaves it unused, then replaces it.
const SNAPSHOT_CACHE = "dl-snapshot";
const SNAPSHOT_QUIET_MS = 10_000; // a reader at her reading, not between two taps (and seconds of work, once)
let snapshotting = "no"; // "due" once a fresh boot has answered, "done" once tried
let snapshotTimer = null;

function snapshotKey() {
  const pins = config.sha256 || {};
  const engine = [pins["pyodide.asm.wasm"], pins["python_stdlib.zip"]].join(".");
  return new URL(`rules_py/instantane?v=${config.version}&e=${engine}`, self.location.href).href;
}

async function keptSnapshot() {
  try {
    if (!self.caches || !(await caches.has(SNAPSHOT_CACHE))) return null;
    const hit = await (await caches.open(SNAPSHOT_CACHE)).match(snapshotKey());
    if (!hit) return null;
    return new Uint8Array(await new Response(hit.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
  } catch (err) {
    besides("the engine's snapshot could not be read (a boot afresh)")(err);
    return null;
  }
}

async function dropSnapshots() {
  try {
    if (self.caches) await caches.delete(SNAPSHOT_CACHE);
  } catch (err) {
    besides("the engine's snapshot could not be dropped")(err);
  }
}

// After every answer of a fresh boot: the snapshot once the page is quiet.
function snapshotLater() {
  if (snapshotting !== "due") return;
  clearTimeout(snapshotTimer);
  snapshotTimer = setTimeout(() => {
    snapshotting = "done";
    makeSnapshot().catch(besides("the engine's snapshot was not kept (the next boot starts afresh)"));
  }, SNAPSHOT_QUIET_MS);
}

const nextTurn = () => new Promise((resolve) => setTimeout(resolve, 0));

async function makeSnapshot() {
  if (!self.caches) return;
  const { pyodide } = await booting;
  const packs = [config.core, ...Object.values(config.systems || {}), config.sheets?.core,
    ...Object.values(config.sheets?.systems || {})].filter((name) => typeof name === "string");
  for (const name of packs) {
    await ensurePack(pyodide, name);
    for (const [path] of await fetchPack(name)) {
      if (!path.endsWith(".py")) continue;
      await nextTurn();
      const module = ["rules_py", ...path.slice(0, -3).split("/")].filter((part) => part !== "__init__").join(".");
      pyodide.runPython(`import ${module}`);
    }
  }
  await nextTurn();
  const memory = pyodide.makeMemorySnapshot();
  // Compressed whole before it is stored: a snapshot is kept whole or not at all.
  const packed = await new Response(new Blob([memory]).stream().pipeThrough(new CompressionStream("gzip"))).blob();
  await dropSnapshots();
  await (await caches.open(SNAPSHOT_CACHE)).put(snapshotKey(), new Response(packed, { headers: { "Content-Type": "application/gzip" } }));
  console.info(`Dés & Lames : instantané du moteur gardé (${memory.byteLength} octets, ${packed.size} compressés).`);
}

// ----------------------------------------------------------------------
// The engine's files, checked
// ----------------------------------------------------------------------

const INTEGRITY_TEXT = "Le moteur de dés téléchargé ne correspond pas à la version attendue\u00a0: par prudence, "
  + "il n’a été ni lancé ni gardé sur cet appareil, et le texte des règles comme les chances affichées restent valables.";

class IntegrityError extends Error {
  constructor(files) {
    super(INTEGRITY_TEXT);
    this.files = files;
  }
}

async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
}

// The bytes of `name` if they are the pinned ones; an IntegrityError otherwise.
async function checked(name, bytes) {
  const expected = config.sha256 && config.sha256[name];
  const actual = expected ? await sha256(bytes) : "(aucune empreinte attendue)";
  if (actual !== expected) {
    console.warn(`Dés & Lames : ${name} ne correspond pas à la version attendue (SHA-256 ${actual}, attendu ${expected}).`);
    throw new IntegrityError([name]);
  }
  return bytes;
}

function fetchOptions(name) {
  return { cache: (config.reload || []).includes(name) ? "reload" : "default" };
}

// A small engine file, fetched whole and checked.
async function checkedFetch(url, name) {
  const response = await originalFetch(url, fetchOptions(name));
  if (!response.ok) throw new Error(`${url}\u00a0: réponse ${response.status}`);
  return checked(name, new Uint8Array(await response.arrayBuffer()));
}

// An ES module from its checked bytes: imported from a blob: URL, so what runs is what was hashed.
async function moduleOf(bytes) {
  const url = URL.createObjectURL(new Blob([bytes], { type: "text/javascript" }));
  try {
    return await import(url);
  } catch (err) { // a host's policy for this worker without blob: (CONTRIBUTING.md), say
    throw french("le moteur de dés n’a pas pu être lancé dans ce navigateur", err);
  } finally {
    URL.revokeObjectURL(url);
  }
}

function deferred() {
  const out = {};
  out.promise = new Promise((resolve, reject) => Object.assign(out, { resolve, reject }));
  return out;
}

function concat(chunks) {
  const whole = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0));
  let at = 0;
  for (const chunk of chunks) {
    whole.set(chunk, at);
    at += chunk.byteLength;
  }
  return whole;
}

// The engine's downloads, metered: every chunk counts (the reader's progress,
// and the runtime's sign that the download is alive). Bodies are read as they
// arrive, whoever consumes them later, so a download never waits for its reader.
class Meter {
  constructor(sizes) {
    this.sizes = sizes; // raw bytes by file name, from the build (may be empty)
    this.received = {};
    this.pending = 0;
    this.last = 0;
  }

  // {bytes: the whole file once checked, response: a Response for Pyodide}.
  // With `stream`, the response's body is passed on as it arrives but closed
  // only once the whole file matches its pin; without, it holds the checked
  // bytes. A file altered or lost leaves that response unfinished, so Pyodide
  // never completes, compiles or runs any of it: the boot fails through `bytes`.
  download(url, name, { stream = false, type = null } = {}) {
    this.pending += 1;
    this.received[name] = 0;
    const response = deferred();
    let feed = null;
    const body = stream ? new ReadableStream({ start: (controller) => { feed = controller; } }) : null;
    const passOn = (action) => {
      try {
        action(feed);
      } catch {
        // the consumer gave up (the worker is being replaced): the verdict is what counts
      }
    };
    const bytes = originalFetch(url, fetchOptions(name)).then(async (got) => {
      if (!got.ok) throw new Error(`${url}\u00a0: réponse ${got.status}`);
      const headers = { "Content-Type": type || got.headers.get("Content-Type") || "application/octet-stream" };
      if (body) response.resolve(new Response(body, { status: 200, headers }));
      const reader = got.body.getReader();
      const chunks = [];
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        this.received[name] += value.byteLength;
        this.report();
        if (body) passOn((c) => c.enqueue(value));
      }
      this.pending -= 1;
      this.report(true);
      const whole = await checked(name, concat(chunks));
      if (body) passOn((c) => c.close());
      else response.resolve(new Response(whole, { status: 200, headers }));
      return whole;
    });
    return { bytes, response: response.promise };
  }

  report(force = false) {
    const now = Date.now();
    if (!force && now - this.last < 150) return;
    this.last = now;
    if (this.pending === 0 && Object.keys(this.received).length) {
      progress(2, "Démarrage du moteur de dés…");
      return;
    }
    const received = Object.values(this.received).reduce((a, b) => a + b, 0);
    const known = Object.keys(this.received).every((name) => this.sizes[name]);
    const total = known && Object.keys(this.received).length
      ? Object.keys(this.received).reduce((sum, name) => sum + this.sizes[name], 0)
      : Object.values(this.sizes).reduce((a, b) => a + b, 0) || null;
    progress(1, "Téléchargement du moteur de dés", { received, total, download: config.download || null });
  }
}

// Pyodide's own fetches: a file already on its way gets that download; any
// other file under Pyodide's address (the lock file or the full library, when
// the build wrote in neither) is fetched whole and checked first.
const originalFetch = self.fetch.bind(self);
const handOver = new Map(); // URL -> promise of its checked Response
let pinnedBase = null;
self.fetch = (input, init) => {
  const url = input instanceof Request ? input.url : String(input);
  if (handOver.has(url)) {
    const response = handOver.get(url);
    handOver.delete(url);
    return response;
  }
  if (pinnedBase && url.startsWith(pinnedBase)) {
    const name = url.slice(pinnedBase.length).split(/[?#]/, 1)[0];
    return checkedFetch(url, name).then((bytes) => new Response(bytes, { status: 200 }));
  }
  return originalFetch(input, init);
};

async function ensureSystem(pyodide, system) {
  if (!system || !Object.hasOwn(config.systems, system)) return;
  await ensurePack(pyodide, config.systems[system]);
}

// The sheets' modules (config.sheets: "core", then "systems" by game): "" for the shared ones.
async function ensureSheets(pyodide, system) {
  const name = system ? config.sheets?.systems?.[system] : config.sheets?.core;
  if (typeof name === "string") await ensurePack(pyodide, name);
}

async function ensurePack(pyodide, name) {
  if (loaded.has(name)) return;
  writeSources(pyodide, await fetchPack(name));
  pyodide.runPython("import importlib\nimportlib.invalidate_caches()");
  loaded.add(name);
}

// rules_py's files at their paths in the package (a game is a subpackage: "solaires/action.py").
function writeSources(pyodide, modules) {
  for (const [name, source] of modules) {
    const path = `${PACKAGE_DIR}/${name}`;
    pyodide.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    pyodide.FS.writeFile(path, source);
  }
}

// A pack of rules_py's modules (hooks/site_step/front_end.py packs): each module headed by a NUL and its path
// on a line of its own; [[path, source], …].
function unpack(text) {
  return text.split("\0").slice(1).map((part) => {
    const end = part.indexOf("\n");
    return [part.slice(0, end), part.slice(end + 1)];
  });
}

function fetchPack(name) {
  if (!fetching.has(name)) {
    const url = new URL(`rules_py/${name}?v=${config.version}`, self.location.href);
    fetching.set(name, fetch(url).then(
      (response) => {
        if (!response.ok) throw new Error(`les règles (${name}) n’ont pas pu être téléchargées : réponse ${response.status}`);
        return response.text().then(unpack);
      },
      (err) => {
        throw french(`les règles (${name}) n’ont pas pu être téléchargées`, err);
      },
    ).catch((err) => {
      fetching.delete(name); // a later roll tries again
      throw err;
    }));
  }
  return fetching.get(name);
}

// A sheet operation, or a roll, odds or follow-up that carries sheets (rules_py.contract's SHEET_KEYS, in CONFIG).
function sheetRequest(request) {
  return String(request?.op).startsWith("sheet_") || CONFIG.sheet_keys.some((key) => request?.[key] !== undefined && request[key] !== null);
}

// The games a request needs: its roller's, the game a sheet request names, the games of a
// file of sheets (read by sheet_read).
function systemsOf(request) {
  const roller = request && typeof request.roller === "string" ? request.roller : "";
  if (roller.includes(".")) return [roller.split(".", 1)[0]];
  let content = request?.contenu;
  if (typeof content === "string") {
    try {
      content = JSON.parse(content);
    } catch {
      content = null; // Python says the file is unreadable, in French
    }
  }
  const sheets = [request?.fiche, request?.reserve, content, ...(Array.isArray(content?.fiches) ? content.fiches : []),
    ...(Array.isArray(content?.reserves) ? content.reserves : [])];
  const games = [request?.jeu, ...sheets.map((sheet) => sheet?.jeu)];
  return [...new Set(games.filter((game) => typeof game === "string"))];
}

function progress(step, text, bytes = {}) {
  self.postMessage({ type: "progress", step, steps: 3, text, ...bytes });
}

function french(sentence, cause) {
  // The cause (an English browser or Python message) goes to the console, for whoever debugs.
  console.warn(`Dés & Lames : ${sentence}.`, cause);
  return new Error(sentence);
}

function describe(err) {
  return err && err.message ? String(err.message).split("\n").slice(-2).join(" ").trim() : String(err);
}
