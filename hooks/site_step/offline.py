"""Offline at the table: the web app manifest and the service worker.

Called by the site step (``hooks/site_step/__init__.py``), for both builds:

- ``manifest``: ``manifest.webmanifest`` (« Dés & Lames », French, ``start_url`` and
  ``scope`` relative to the site, so it works under a project path; the icons are
  committed in ``docs/assets/icons/``, drawn by tools/make_icons.py);
- ``head_tags``: the manifest, the theme colour and the touch icon, linked from every
  page's ``<head>`` (relative URLs);
- ``write_service_worker``, once every other file is final: walk the built site, list
  every file with its SHA-256 and size, and write ``sw.js`` at the site root from
  ``frontend/sw.js``: no hand-kept list.

What the service worker does with the list:

- ``precache``: copied once the page's engine is in, or its reader idle (pages, the
  theme's assets, the search index and the lunr files French search loads, the rollers'
  front-end, rules_py); source maps, the gzipped sitemap, the print version (``imprimer/``: 200 KB
  gzipped for a printer, not for the table; its links say so offline), the book's PDF (``tools/make_pdf.py``:
  megabytes the device would keep for nothing), lunr's other languages, the
  theme's stylesheets no page links (the variant Zensical does not use) and its licence
  file are left out;
- the engine (never precached on the service worker's own initiative; kept after a
  boot, or when the reader asks for the offline book), each file with its pinned
  SHA-256 (``engine_hashes.py``): the Pyodide files under the configured Pyodide base
  (``front_end.pyodide_index_url()``, the same one the worker uses) and any
  ``*.zip``/``*.wasm`` the site serves under ``assets/rollers/`` (a cut standard
  library, say), at the URL the worker fetches (its hash in the query).

Cache names: ``dl-site-<hash of the file list>`` and ``dl-engine-<hash of
the Pyodide base, the pinned Pyodide version and the site's engine files>``.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from pathlib import Path
from urllib.parse import urljoin

from hooks.site_step import engine as ENGINE  # noqa: N812 (a module, as in front_end): the Pyodide version
from hooks.site_step import engine_hashes as PINS  # the engine files' SHA-256
from hooks.site_step.front_end import pyodide_index_url  # the Pyodide base: one definition
from hooks.site_step.print_book import PRINT_DIR  # the print version, not kept offline
from hooks.urls import page_url_of_file, relative_url

# ----------------------------------------------------------------------
# The steps
# ----------------------------------------------------------------------


def head_tags(page: str) -> str:
    """The manifest, theme colour and touch icon links for the page served at ``page`` (from the site root)."""
    return (
        f'<link rel="manifest" href="{relative_url(MANIFEST, page)}">'
        f'<meta name="theme-color" content="{THEME_COLOUR}">'
        f'<link rel="apple-touch-icon" href="{relative_url(ICONS[0][0], page)}">'
    )


def write_service_worker(site: Path, base: str | None = None) -> None:
    """``sw.js`` over the site as it is now; ``base``: where Pyodide is (default: the build's, ``pyodide_index_url``)."""
    listing = walk(site)
    search_langs = search_languages(site)
    unused = unlinked_styles(site, [path for path, _, _ in listing])
    precache = [entry for entry in listing if precached(entry[0], search_langs) and entry[0] not in unused]
    engine_site = [entry for entry in listing if engine_file(entry[0])]
    base = base or pyodide_index_url()
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
            # [name, SHA-256]: only files with a pin are ever kept (hooks/site_step/engine-hashes.json)
            "files": [[name, pins[name]] for name in base_files if name in pins],
            # [path, SHA-256, the URL the worker fetches]
            "site": [[url_of(path), sha, PINS.versioned(url_of(path), sha)] for path, sha, _ in engine_site],
        },
    }
    template = (STATIC / "sw.js").read_text(encoding="utf-8")
    text = template.replace(CONFIG_TOKEN, json.dumps(offline, ensure_ascii=False, separators=(",", ":")), 1)
    (site / "sw.js").write_text(text, encoding="utf-8")


def rewrite_service_worker(site: Path) -> None:
    """``sw.js`` written again once a later step changed a file (``tools/make_pdf.py``: the home page's link to the PDF),
    for the same Pyodide as the build's (read from the ``sw.js`` it wrote, not from this process's environment)."""
    written = re.search(r"const OFFLINE = (\{.*?\});\n", (site / "sw.js").read_text(encoding="utf-8"))
    base = json.loads(written.group(1))["engine"]["base"] if written else None
    write_service_worker(site, base)


# ----------------------------------------------------------------------
# Helpers
# ----------------------------------------------------------------------


def manifest(site_name: str, description: str) -> str:
    return json.dumps(
        {
            "name": site_name,
            "short_name": site_name,
            "description": description,
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
    if path.endswith((".map", ".gz", ".pdf")) or path.startswith(PRINT_DIR):
        return False
    if path.rsplit("/", 1)[-1] in NEVER_FETCHED or engine_file(path):
        return False
    if path.startswith(LUNR):
        name = path[len(LUNR) :]
        wanted = {"min/lunr.stemmer.support.min.js", "min/lunr.multi.min.js"}
        wanted |= {f"min/lunr.{lang}.min.js" for lang in langs if lang != "en"}
        wanted |= {"tinyseg.js"} if "ja" in langs else set()
        wanted |= {"wordcut.js"} if "th" in langs else set()
        return name in wanted
    return True


def unlinked_styles(site: Path, paths: list[str]) -> set[str]:
    """The stylesheets no page links: Zensical ships its « modern » variant's beside the « classic » one, and the
    site's own stylesheets are linked joined in one file (``stylesheets.py``), not one by one."""
    styles = [p for p in paths if p.endswith(".css")]
    if not styles:
        return set()
    linked: set[str] = set()
    for path in paths:
        if path.endswith(".html"):
            page = "http://site/" + path
            html = (site / path).read_text(encoding="utf-8")
            for href in STYLESHEET.findall(html):
                linked.add(urljoin(page, href).removeprefix("http://site/"))
    return {p for p in styles if p not in linked}


def engine_file(path: str) -> bool:
    return path.startswith("assets/rollers/") and path.endswith((".zip", ".wasm"))


def url_of(path: str) -> str:
    """The URL a reader uses, from the site root: ``x/index.html`` is ``x/``, the home ``./``."""
    return page_url_of_file(path) or "./"


def pinned_version() -> str:
    return ENGINE.version() or "inconnue"


def digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:12]


# ----------------------------------------------------------------------
# Constants
# ----------------------------------------------------------------------

STATIC = Path(__file__).resolve().parents[2] / "frontend"
CONFIG_TOKEN = "/*@offline-config*/null"
MANIFEST = "manifest.webmanifest"
THEME_COLOUR = "#673ab7"  # Material's deep purple, the palette's primary colour
ICONS = (
    ("assets/icons/icon-192.png", "192x192", "any"),
    ("assets/icons/icon-512.png", "512x512", "any"),
    ("assets/icons/maskable-512.png", "512x512", "maskable"),
)
LUNR = "assets/javascripts/lunr/"
STYLESHEET = re.compile(r'<link rel="stylesheet" href="([^"]+)"')
NEVER_FETCHED = ("LICENSE",)  # the theme's licence notice beside its scripts (Zensical): no page loads it
PYODIDE_CORE = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
PYODIDE_STDLIB = ("python_stdlib.zip", "pyodide-lock.json")
