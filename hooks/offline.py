"""Offline at the table: the web app manifest and the service worker.

on_files: add ``manifest.webmanifest`` (« Dés & Lames », French, ``start_url``
and ``scope`` relative to the site, so it works under a project path; the
icons are committed in ``docs/assets/icons/``, drawn by tools/make_icons.py).

on_post_page: link the manifest, the theme colour and the touch icon from
every page's ``<head>`` (relative URLs).

on_post_build: give every page its Content-Security-Policy ``<meta>``
(``csp.py``; not under ``mkdocs serve``), then walk the built site, list every
file with its SHA-256 and size, and write ``sw.js`` at the site root from
``static/sw.js``: no hand-kept list. What the service worker does with it:

- ``precache``: copied once the page's engine is in, or its reader idle
  (pages, Material's assets, the search index and the lunr files French
  search loads, the rollers' front-end, rules_py); source maps, the gzipped
  sitemap and lunr's other languages are left out;
- the engine (never precached on the service worker's own initiative; kept
  after a boot, or when the reader asks for the offline book), each file with
  its pinned SHA-256 (``engine_hashes.py``): the Pyodide files under the
  configured Pyodide base (``rollers_assets.pyodide_index_url()``, the same
  one the worker uses) and any ``*.zip``/``*.wasm`` the site serves under
  ``assets/rollers/`` (a cut standard library, say), at the URL the worker
  fetches (its hash in the query).

Cache names: ``dl-site-<hash of the file list>`` and ``dl-engine-<hash of
the Pyodide base, the pinned Pyodide version and the site's engine files>``.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

from mkdocs.structure.files import File
from mkdocs.utils import get_relative_url
from rollers_assets import ENGINE, _sibling, pyodide_index_url  # the Pyodide base and version: one definition each

PINS = ENGINE.PINS  # hooks/engine_hashes.py: the engine files' SHA-256
CSP = _sibling("csp")  # hooks/csp.py: every page's Content-Security-Policy <meta>
SERVING = {"on": False}

# ----------------------------------------------------------------------
# The events
# ----------------------------------------------------------------------


def on_files(files, config):
    files.append(File.generated(config, MANIFEST, content=manifest(config)))
    return files


def on_post_page(output, page, config):
    def href(path: str) -> str:
        return get_relative_url(path, page.url)

    tags = (
        f'<link rel="manifest" href="{href(MANIFEST)}">'
        f'<meta name="theme-color" content="{THEME_COLOUR}">'
        f'<link rel="apple-touch-icon" href="{href(ICONS[0][0])}">'
    )
    return output.replace("</head>", tags + "</head>", 1)


def on_startup(command, dirty):
    SERVING["on"] = command == "serve"


def on_post_build(config):
    site = Path(config["site_dir"])
    if not SERVING["on"]:  # mkdocs serve injects its live-reload script inline: no policy there
        CSP.apply_to_site(site, pyodide_index_url())
    listing = walk(site)
    search_langs = search_languages(site)
    precache = [entry for entry in listing if precached(entry[0], search_langs)]
    engine_site = [entry for entry in listing if engine_file(entry[0])]
    base = pyodide_index_url()
    # Files loadPyodide fetches from its base. When the site serves its own
    # standard library (assets/rollers/*.zip), the base's one and the lock
    # file are not fetched at boot.
    base_files = list(PYODIDE_CORE) + ([] if engine_site else list(PYODIDE_STDLIB))
    engine_key = json.dumps([base, pinned_version(), base_files, engine_site])
    pins = PINS.pinned()
    offline = {
        "build": digest(json.dumps(precache)),
        "precache": [[url_of(path), sha, size] for path, sha, size in precache],
        "engine": {
            "name": digest(engine_key),
            "base": base,
            # [name, SHA-256]: only files with a pin are ever kept (hooks/engine-hashes.json)
            "files": [[name, pins[name]] for name in base_files if name in pins],
            # [path, SHA-256, the URL the worker fetches]
            "site": [[url_of(path), sha, PINS.versioned(url_of(path), sha)] for path, sha, _ in engine_site],
        },
    }
    template = (STATIC / "sw.js").read_text(encoding="utf-8")
    text = template.replace(CONFIG_TOKEN, json.dumps(offline, ensure_ascii=False, separators=(",", ":")), 1)
    (site / "sw.js").write_text(text, encoding="utf-8")


# ----------------------------------------------------------------------
# Helpers
# ----------------------------------------------------------------------


def manifest(config) -> str:
    return json.dumps(
        {
            "name": config["site_name"],
            "short_name": config["site_name"],
            "description": config.get("site_description") or "",
            "lang": "fr",
            "dir": "ltr",
            "id": "./",
            "start_url": "./",
            "scope": "./",
            "display": "standalone",
            "background_color": "#ffffff",
            "theme_color": THEME_COLOUR,
            "icons": [
                {"src": src, "sizes": sizes, "type": "image/png", "purpose": purpose} for src, sizes, purpose in ICONS
            ],
        },
        ensure_ascii=False,
        indent=2,
    )


def walk(site: Path) -> list[tuple[str, str, int]]:
    """Every built file but the service worker: (path from the site root, SHA-256, size)."""
    out = []
    for root, dirs, names in os.walk(site):
        dirs.sort()
        for name in sorted(names):
            path = Path(root) / name
            rel = path.relative_to(site).as_posix()
            if rel == "sw.js":
                continue
            data = path.read_bytes()
            out.append((rel, hashlib.sha256(data).hexdigest(), len(data)))
    return out


def search_languages(site: Path) -> list[str]:
    try:
        index = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))
        return list(index.get("config", {}).get("lang") or ["en"])
    except (OSError, ValueError):
        return ["en"]


def precached(path: str, langs: list[str]) -> bool:
    if path.endswith((".map", ".gz")) or engine_file(path):
        return False
    if path.startswith(LUNR):
        name = path[len(LUNR) :]
        wanted = {"min/lunr.stemmer.support.min.js", "min/lunr.multi.min.js"}
        wanted |= {f"min/lunr.{lang}.min.js" for lang in langs if lang != "en"}
        wanted |= {"tinyseg.js"} if "ja" in langs else set()
        wanted |= {"wordcut.js"} if "th" in langs else set()
        return name in wanted
    return True


def engine_file(path: str) -> bool:
    return path.startswith("assets/rollers/") and path.endswith((".zip", ".wasm"))


def url_of(path: str) -> str:
    """The URL a reader uses, from the site root: ``x/index.html`` is ``x/``."""
    if path == "index.html":
        return "./"
    return path[: -len("index.html")] if path.endswith("/index.html") else path


def pinned_version() -> str:
    return ENGINE.version() or "inconnue"


def digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:12]


# ----------------------------------------------------------------------
# Constants
# ----------------------------------------------------------------------

STATIC = Path(__file__).with_name("static")
CONFIG_TOKEN = "/*@offline-config*/null"
MANIFEST = "manifest.webmanifest"
THEME_COLOUR = "#673ab7"  # Material's deep purple, the palette's primary colour
ICONS = (
    ("assets/icons/icon-192.png", "192x192", "any"),
    ("assets/icons/icon-512.png", "512x512", "any"),
    ("assets/icons/maskable-512.png", "512x512", "maskable"),
)
LUNR = "assets/javascripts/lunr/"
PYODIDE_CORE = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
PYODIDE_STDLIB = ("python_stdlib.zip", "pyodide-lock.json")
