// Dés & Lames: the service worker. Written at the site root by hooks/offline.py
// (on_post_build) with the build's file list; never edited by hand.
//
// - At install: every file of the list (pages, Material's assets, the search
//   index, the rollers' front-end, rules_py) is put in "dl-site-<build>", each
//   checked against its size and SHA-256 (an unchanged file is copied from the
//   previous build's cache instead of downloaded again).
// - The engine (Pyodide files under the configured base, the site's own
//   assets/rollers/*.zip|*.wasm) is never fetched on the service worker's own
//   initiative: it is cached in "dl-engine-<version>" when the engine boots
//   through this worker, when a page whose engine booted before this worker
//   controlled it is left or hidden ("warm-engine": the files then come from
//   the HTTP cache when it holds them), or when the reader asks for the
//   offline book ("download"). Only complete, non-opaque, 2xx responses are
//   kept, their headers (Content-Type: application/wasm) as they came.
// - Site files and engine files are served cache first; navigations to a
//   page not in the list go to the network, then to the cached 404 page.
// - On activate, the other builds' and other engines' caches are deleted.
//   A new build waits until a page asks it to take over ("skip-waiting").

const OFFLINE = /*@offline-config*/null;

const SCOPE = self.registration.scope; // the site root, with its trailing slash
const SITE_CACHE = `dl-site-${OFFLINE.build}`;
const ENGINE_CACHE = `dl-engine-${OFFLINE.engine.name}`;
const ENGINE_BASE = absolute(OFFLINE.engine.base);
const SITE_FILES = new Map(OFFLINE.precache.map(([path, hash, size]) => [new URL(path, SCOPE).href, { hash, size }]));
const ENGINE_FILES = [
  ...OFFLINE.engine.files.map((name) => new URL(name, ENGINE_BASE).href),
  ...OFFLINE.engine.site.map((path) => new URL(path, SCOPE).href),
];
const HASH_HEADER = "X-DL-Hash";

function absolute(where) {
  // As the front-end's pyodideBase(): an absolute URL, or a path from the site root.
  if (/^([a-z][a-z0-9+.-]*:)?\/\//i.test(where)) return new URL(where, SCOPE).href;
  return new URL(where.replace(/^\//, ""), SCOPE).href;
}

// ----------------------------------------------------------------------
// Lifecycle
// ----------------------------------------------------------------------

self.addEventListener("install", (event) => {
  event.waitUntil(precache(() => {}));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      const ours = name.startsWith("dl-site-") || name.startsWith("dl-engine-");
      if (ours && name !== SITE_CACHE && name !== ENGINE_CACHE) await caches.delete(name);
    }
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
    event.respondWith(engineResponse(url.href, event));
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

async function siteResponse(request, key) {
  const cached = await (await caches.open(SITE_CACHE)).match(key);
  return cached || fetch(request);
}

async function navigation(request) {
  try {
    return await fetch(request);
  } catch (err) {
    const missing = await (await caches.open(SITE_CACHE)).match(new URL("404.html", SCOPE).href);
    if (missing) return new Response(missing.body, { status: 404, headers: missing.headers });
    throw err;
  }
}

async function engineResponse(href, event) {
  const cache = await caches.open(ENGINE_CACHE);
  const cached = await cache.match(href);
  if (cached) return cached;
  const response = await fetch(href, { mode: "cors", credentials: "omit" });
  if (response.ok && response.type !== "opaque") {
    event.waitUntil(keep(cache, href, response.clone()).catch(() => null)); // a broken copy is simply not kept
  }
  return response;
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

// The response itself is stored (its URL kept: the browser can keep compiled
// WebAssembly beside it), while a copy is read and checked; a cut or failed
// body leaves no entry. A put that failed wrote nothing: the entry, if any, is
// another download's (the page's and the offline control's may overlap), kept.
async function keep(cache, href, response, onBytes = () => {}) {
  if (!response.ok || response.type === "opaque") throw new Error(`réponse ${response.status || "opaque"}`);
  const [put, check] = await Promise.allSettled([cache.put(href, response.clone()), readWhole(response, onBytes)]);
  if (put.status === "fulfilled" && check.status === "rejected") await cache.delete(href);
  if (put.status === "rejected" || check.status === "rejected") {
    throw check.status === "rejected" ? check.reason : put.reason;
  }
}

async function sha256(body) {
  const bytes = new Uint8Array(await crypto.subtle.digest("SHA-256", body));
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("").slice(0, 16);
}

// Every site file in this build's cache: reused from an older build when its
// hash is the same, else downloaded and checked (size and hash).
async function precache(onBytes) {
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
    const response = await fetch(href, { cache: "no-cache", credentials: "same-origin" });
    const body = await readWhole(response, () => {});
    if (body.byteLength !== size || (await sha256(body)) !== hash) {
      throw new Error(`${href} : contenu différent de celui de la construction du site`);
    }
    await cache.put(href, copy(response, body, { [HASH_HEADER]: hash }));
    onBytes(size);
  }
  const lanes = Array.from({ length: 6 }, async () => {
    while (todo.length) await one(todo.shift());
  });
  await Promise.all(lanes);
}

// The engine's files, each fetched unless already cached. ``httpCache``: take
// them from the browser's HTTP cache when there (after a boot outside this worker).
async function cacheEngine({ httpCache, onBytes, onTotal, count = true }) {
  const cache = await caches.open(ENGINE_CACHE);
  await Promise.all(ENGINE_FILES.map(async (href) => {
    const cached = await cache.match(href);
    if (cached && !count) return;
    if (cached) {
      const size = (await cached.clone().arrayBuffer()).byteLength;
      onTotal(size);
      onBytes(size);
      return;
    }
    const response = await fetch(href, { mode: "cors", credentials: "omit", cache: httpCache ? "force-cache" : "default" });
    const declared = Number(response.headers.get("Content-Length")) || 0;
    onTotal(declared);
    let seen = 0;
    await keep(cache, href, response, (n) => {
      seen += n;
      if (seen > declared) onTotal(n); // a compressed or undeclared body: the total grows with it
      onBytes(n);
    });
  }));
}

async function engineComplete() {
  const cache = await caches.open(ENGINE_CACHE);
  for (const href of ENGINE_FILES) if (!(await cache.match(href))) return false;
  return true;
}

async function siteComplete() {
  const cache = await caches.open(SITE_CACHE);
  for (const href of SITE_FILES.keys()) if (!(await cache.match(href))) return false;
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
  } else if (type === "status") {
    event.waitUntil((async () => {
      reply({ type: "status", site: await siteComplete(), engine: await engineComplete(), build: OFFLINE.build });
    })());
  } else if (type === "warm-engine") {
    // Sent by a page whose engine booted outside this worker, when it is left or hidden.
    event.waitUntil(cacheEngine({ httpCache: true, onBytes() {}, onTotal() {}, count: false }).catch(() => null));
  } else if (type === "download") {
    event.waitUntil(download(reply));
  } else if (type === "remove") {
    event.waitUntil((async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith("dl-site-") || name.startsWith("dl-engine-")) await caches.delete(name);
      }
      reply({ type: "removed" });
    })());
  }
});

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
    await precache(onBytes);
    await cacheEngine({ httpCache: false, onBytes, onTotal: (n) => { total += n; } });
    tell(true);
    reply({ type: "done", loaded });
  } catch (err) {
    reply({ type: "error", text: String(err && err.message ? err.message : err) });
  }
}
