// Dés & Lames: the service worker. Written at the site root by hooks/site_step/offline.py
// (on_post_build) with the build's file list; never edited by hand.
//
// - The copy of the site for offline use (pages, Material's assets, the search
//   index, the rollers' front-end, rules_py) goes into "dl-site-<build>", each
//   file checked against its size and full SHA-256. It never competes with
//   the engine: a first install copies nothing; the pages ask for the copy
//   ("precache") once their engine is in, or once the reader has left the
//   page alone with nothing downloading, and a boot that starts meanwhile
//   ("engine-first") stops it at once (it resumes when the engine is in). It
//   goes three requests at a time, at low priority, and takes each file from
//   the HTTP cache when that holds this build's bytes. An update's install
//   copies the unchanged files from the previous build's cache.
// - The engine (Pyodide's files under the configured base, the site's own
//   assets/rollers/*.zip|*.wasm) is never fetched on this worker's own
//   initiative: it is kept in "dl-engine-<version>" when it boots through
//   this worker, after a boot outside it ("precache" with engine: its files
//   then come from the HTTP cache), or when the reader asks for the offline
//   book ("download"). Every file is kept only whole and matching its pinned
//   SHA-256 (hooks/site_step/engine-hashes.json; the build's hash for the site's own).
// - Site files and engine files are served cache first; navigations to a
//   page not in the list go to the network, then to the cached 404 page.
// - On activate, the other builds' and other engines' caches are deleted.
//   A new build waits until a page asks it to take over ("skip-waiting").
// - A page not controlled while this worker is active asks to be ("claim").

const OFFLINE = /*@offline-config*/null;

const SCOPE = self.registration.scope; // the site root, with its trailing slash
const SITE_CACHE = `dl-site-${OFFLINE.build}`;
const ENGINE_CACHE = `dl-engine-${OFFLINE.engine.name}`;
const ENGINE_BASE = absolute(OFFLINE.engine.base);
const SITE_FILES = new Map(OFFLINE.precache.map(([path, hash, size]) => [new URL(path, SCOPE).href, { hash, size }]));
// The engine's files: cache key (no query) -> {url: as the worker asks for it, hash}.
const ENGINE_FILES = new Map([
  ...OFFLINE.engine.files.map(([name, hash]) => [new URL(name, ENGINE_BASE).href, { url: new URL(name, ENGINE_BASE).href, hash }]),
  ...OFFLINE.engine.site.map(([path, hash, url]) => [new URL(path, SCOPE).href, { url: new URL(url, SCOPE).href, hash }]),
]);
const HASH_HEADER = "X-DL-Hash";
const BACKGROUND_LANES = 3;

function absolute(where) {
  // As the front-end's pyodideBase(): an absolute URL, or a path from the site root.
  if (/^([a-z][a-z0-9+.-]*:)?\/\//i.test(where)) return new URL(where, SCOPE).href;
  return new URL(where.replace(/^\//, ""), SCOPE).href;
}

// ----------------------------------------------------------------------
// Lifecycle
// ----------------------------------------------------------------------

self.addEventListener("install", (event) => {
  // A first install fetches nothing (the pages ask for the copy when their
  // engine is in); an update copies the previous build's files it can reuse
  // and fetches the others, before it may take over from its predecessor.
  event.waitUntil((async () => {
    const older = (await caches.keys()).some((name) => name.startsWith("dl-site-") && name !== SITE_CACHE);
    if (older) await precache({ lanes: BACKGROUND_LANES, low: true });
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      const ours = name.startsWith("dl-site-") || name.startsWith("dl-engine-");
      if (ours && name !== SITE_CACHE && name !== ENGINE_CACHE) await caches.delete(name);
    }
    await caches.open(SITE_CACHE); // this build's copy, filled when the pages ask
    await self.clients.claim();
  })());
});

// ----------------------------------------------------------------------
// Serving
// ----------------------------------------------------------------------

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  url.hash = "";
  url.search = "";
  if (isEngine(url.href)) {
    event.respondWith(engineResponse(request, url.href, event));
    return;
  }
  if (!url.href.startsWith(SCOPE)) return;
  const key = url.href.endsWith("/index.html") ? url.href.slice(0, -"index.html".length) : url.href;
  if (SITE_FILES.has(key)) event.respondWith(siteResponse(request, key));
  else if (request.mode === "navigate") event.respondWith(navigation(request));
});

function isEngine(href) {
  if (href.startsWith(ENGINE_BASE)) return true;
  return href.startsWith(`${SCOPE}assets/rollers/`) && /\.(zip|wasm)$/.test(href);
}

// A failure this file goes on without, named (a file of its own, no import: browser/failures.js's besides).
const besides = (reason) => (err) => {
  console.info(`Dés & Lames : ${reason} (${String(err?.message || err)})`);
  return null;
};

async function siteResponse(request, key) {
  const cached = await (await existing(SITE_CACHE))?.match(key);
  return cached || fetch(request);
}

async function navigation(request) {
  try {
    return await fetch(request);
  } catch (err) {
    const missing = await (await existing(SITE_CACHE))?.match(new URL("404.html", SCOPE).href);
    if (missing) return new Response(missing.body, { status: 404, headers: missing.headers });
    throw err;
  }
}

// A cached engine file was checked when kept. Otherwise the network's answer
// goes to the page's worker (which checks it again, and refuses it if it must)
// and is kept only if it is whole and matches its pin. The worker's cache mode
// is kept: a file it fetches again past the HTTP cache is fetched so here too.
async function engineResponse(request, href, event) {
  const cached = await (await existing(ENGINE_CACHE))?.match(href);
  if (cached) return cached;
  const mode = ["reload", "no-cache", "no-store"].includes(request.cache) ? request.cache : "default";
  const response = await fetch(request.url, { mode: "cors", credentials: "omit", cache: mode });
  const pinned = ENGINE_FILES.get(href);
  if (pinned && response.ok && response.type !== "opaque" && !removed) {
    event.waitUntil(keep(href, response.clone(), pinned.hash).catch(besides("a page's copy not kept (fetched again next time)")));
  }
  return response;
}

// A cache to read, or null: reading never creates one (after a removal, a page still
// controlled by this worker must not bring an empty cache back).
async function existing(name) {
  return (await caches.has(name)) ? caches.open(name) : null;
}

// ----------------------------------------------------------------------
// Caching, verified
// ----------------------------------------------------------------------

// Reads a response whole (telling onBytes as it comes) and checks it is complete.
async function readWhole(response, onBytes) {
  if (!response.ok || response.type === "opaque" || response.type === "opaqueredirect") {
    throw new Error(`réponse ${response.status || "opaque"}`);
  }
  const reader = response.body.getReader();
  const chunks = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    length += value.byteLength;
    onBytes(value.byteLength);
  }
  const declared = Number(response.headers.get("Content-Length"));
  const encoded = (response.headers.get("Content-Encoding") || "identity") !== "identity";
  // A compressed body is longer once decoded; a shorter one is a cut download.
  if (declared && length < declared && !encoded) throw new Error("téléchargement incomplet");
  const body = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}

function copy(response, body, extra = {}) {
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(extra)) headers.set(name, value);
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

// An engine file kept only once read whole and matching its pin: nothing of
// a cut, failed or altered download is ever stored (nor anything once the book is removed:
// the cache is opened, so made, only then).
async function keep(href, response, hash, onBytes = () => {}) {
  const body = await readWhole(response, onBytes);
  if ((await sha256(body)) !== hash) throw new Error(`${href} : ne correspond pas à la version attendue`);
  if (removed) throw new Error("le livre a été retiré de cet appareil");
  await (await caches.open(ENGINE_CACHE)).put(href, copy(response, body));
}

async function sha256(body) {
  const bytes = new Uint8Array(await crypto.subtle.digest("SHA-256", body));
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

// A site file as this build wrote it: from the HTTP cache when that holds the
// same bytes (a page just read), else from the network; checked either way.
async function fetchSite(href, hash, size, { low, signal }) {
  for (const cache of ["force-cache", "no-cache"]) {
    const response = await fetch(href, { cache, credentials: "same-origin", signal, ...(low ? { priority: "low" } : {}) });
    const body = await readWhole(response, () => {});
    if (body.byteLength === size && (await sha256(body)) === hash) return copy(response, body, { [HASH_HEADER]: hash });
  }
  throw new Error(`${href} : contenu différent de celui de la construction du site`);
}

// Every site file in this build's cache: reused from an older build when its
// hash is the same, else fetched and checked (size and hash), `lanes` at a
// time; `signal` stops it between files (and aborts the fetches under way).
async function precache({ lanes = 6, low = false, signal = null, onBytes = () => {} } = {}) {
  const cache = await caches.open(SITE_CACHE);
  const older = (await caches.keys()).filter((name) => name.startsWith("dl-site-") && name !== SITE_CACHE);
  const todo = [...SITE_FILES.entries()];
  async function one([href, { hash, size }]) {
    const present = await cache.match(href);
    if (present && present.headers.get(HASH_HEADER) === hash) return onBytes(size);
    for (const name of older) {
      const old = await (await caches.open(name)).match(href);
      if (old && old.headers.get(HASH_HEADER) === hash) {
        await cache.put(href, old);
        return onBytes(size);
      }
    }
    const fetched = await fetchSite(href, hash, size, { low, signal });
    if (removed) throw new Error("le livre a été retiré de cet appareil");
    await cache.put(href, fetched);
    onBytes(size);
  }
  const lane = async () => {
    while (todo.length && !signal?.aborted) await one(todo.shift());
  };
  await Promise.all(Array.from({ length: lanes }, lane));
}

// The engine's files, each fetched unless already cached. ``httpCache``: take
// them from the browser's HTTP cache when there (after a boot outside this worker).
async function cacheEngine({ httpCache, onBytes = () => {}, onTotal = () => {}, count = true, low = false, signal = null }) {
  const cache = await existing(ENGINE_CACHE);
  await Promise.all([...ENGINE_FILES.entries()].map(async ([href, { url, hash }]) => {
    const cached = await cache?.match(href);
    if (cached && !count) return;
    if (cached) {
      const size = (await cached.clone().arrayBuffer()).byteLength;
      onTotal(size);
      onBytes(size);
      return;
    }
    const options = { mode: "cors", credentials: "omit", cache: httpCache ? "force-cache" : "default", signal };
    const response = await fetch(url, low ? { ...options, priority: "low" } : options);
    const declared = Number(response.headers.get("Content-Length")) || 0;
    onTotal(declared);
    let seen = 0;
    await keep(href, response, hash, (n) => {
      seen += n;
      if (seen > declared) onTotal(n); // a compressed or undeclared body: the total grows with it
      onBytes(n);
    });
  }));
}

async function engineComplete() {
  const cache = await existing(ENGINE_CACHE);
  for (const href of ENGINE_FILES.keys()) if (!(await cache?.match(href))) return false;
  return true;
}

async function siteComplete() {
  const cache = await existing(SITE_CACHE);
  for (const href of SITE_FILES.keys()) if (!(await cache?.match(href))) return false;
  return true;
}

// ----------------------------------------------------------------------
// Messages from the pages
// ----------------------------------------------------------------------

self.addEventListener("message", (event) => {
  const { type } = event.data || {};
  const port = event.ports[0];
  const reply = (message) => port && port.postMessage(message);
  if (type === "skip-waiting") {
    event.waitUntil(self.skipWaiting());
  } else if (type === "claim") {
    // A page whose load began as this worker was activated was left out of its claim
    // (only pages already running are claimed): it asks to be taken now.
    event.waitUntil(self.clients.claim().catch(besides("clients.claim (the pages are taken at their next load)")));
  } else if (type === "status") {
    event.waitUntil((async () => {
      reply({ type: "status", site: await siteComplete(), engine: await engineComplete(), build: OFFLINE.build });
    })());
  } else if (type === "precache") {
    // A page's engine is in (engine: true when it booted, its files in the HTTP cache), or its reader is idle.
    if (!removed) event.waitUntil(background(Boolean(event.data.engine)));
  } else if (type === "engine-first") {
    // A page's engine starts (a tap on « Lancer », a roller in view): the copy waits for it.
    if (copying) copying.stop.abort();
    copying = null;
  } else if (type === "download") {
    removed = false; // the reader asks for the book again
    event.waitUntil(download(reply));
  } else if (type === "remove") {
    // Until the pages it controls are closed, this worker still serves them: it keeps nothing more.
    removed = true;
    if (copying) copying.stop.abort();
    copying = null;
    event.waitUntil((async () => {
      // (dl-snapshot: the engine's started memory, kept by its worker, rollers-worker.js)
      for (const name of await caches.keys()) {
        if (name.startsWith("dl-site-") || name.startsWith("dl-engine-") || name === "dl-snapshot") await caches.delete(name);
      }
      reply({ type: "removed" });
    })());
  }
});

// The copy in the background: the site, then (after a boot) the engine from
// the HTTP cache; then every page is told where the offline book stands.
let copying = null; // {stop: AbortController, engine, done: Promise}
let removed = false; // the reader removed the book: nothing is kept any more

function background(engine) {
  if (copying) {
    copying.engine ||= engine;
    return copying.done;
  }
  const run = { stop: new AbortController(), engine };
  const signal = run.stop.signal;
  run.done = (async () => {
    await precache({ lanes: BACKGROUND_LANES, low: true, signal });
    if (run.engine && !signal.aborted) await cacheEngine({ httpCache: true, count: false, low: true, signal });
    if (!signal.aborted) await tellPages();
  })().catch(besides("the offline copy in the background (its state is told to the pages by offline-status)")).finally(() => {
    if (copying === run) copying = null;
  });
  copying = run;
  return run.done;
}

async function tellPages() {
  const status = { type: "offline-status", site: await siteComplete(), engine: await engineComplete() };
  for (const client of await self.clients.matchAll({ type: "window", includeUncontrolled: true })) client.postMessage(status);
}

// Everything at once, told to the page in bytes: the site, then the engine.
async function download(reply) {
  let total = [...SITE_FILES.values()].reduce((sum, file) => sum + file.size, 0);
  let loaded = 0;
  let last = 0;
  const tell = (force) => {
    const now = Date.now();
    if (!force && now - last < 100) return;
    last = now;
    reply({ type: "progress", loaded, total: Math.max(total, loaded) });
  };
  const onBytes = (n) => {
    loaded += n;
    tell(false);
  };
  try {
    await precache({ onBytes });
    await cacheEngine({ httpCache: false, onBytes, onTotal: (n) => { total += n; } });
    tell(true);
    reply({ type: "done", loaded });
  } catch (err) {
    reply({ type: "error", text: String(err && err.message ? err.message : err) });
  }
}
