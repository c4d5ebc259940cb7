"""Ship the rollers' front-end and rules_py's own source into the site.

``front_end_files``: the generated files under ``assets/rollers/``: the ES module
(``rollers.js``, bundled from the modules of ``frontend/``, one job each, with the
build's configuration written in), the module Web Worker, the stylesheet, and rules_py's
``.py`` files read from the package itself, at their paths in the package
(``rules_py/solaires/action.py``; docstrings and comments dropped to keep them small; no
copy lives in ``docs/``). The worker fetches only the core modules plus the package of the
system a roll needs (``<system>/``), so the manifest lists them apart. The site step
(``hooks/site_step/__init__.py``) writes them, for both builds.

``PYODIDE_INDEX_URL`` (an absolute URL, or a path from the site root such as
``/pyodide/``) replaces the pinned CDN mirror at build time.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import re
from functools import lru_cache
from pathlib import Path

import rules_py
from hooks.errors import SiteError
from hooks.page import sheets as SHEETS  # noqa: N812 (likewise)
from hooks.site_step import engine as ENGINE  # noqa: N812 (a module used as a constant, as before)
from hooks.site_step.csp import CHARSET
from hooks.urls import page_url_of_file, relative_url
from rules_py.api import SYSTEMS

log = logging.getLogger("mkdocs.hooks.site_step.front_end")

# ----------------------------------------------------------------------
# The step
# ----------------------------------------------------------------------


def front_end_files() -> dict[str, str | Path]:
    """Path in the site -> text, or the file to copy (the cut standard library)."""
    package = Path(rules_py.__file__).parent
    sources = {
        path.relative_to(package).as_posix(): shrink(path.read_text(encoding="utf-8")) for path in python_sources()
    }
    front_end = {name: (STATIC / name).read_text(encoding="utf-8") for name in FRONT_END}
    front_end[WORKER] = compact_js(front_end[WORKER])
    for name, entry in BUNDLES.items():
        front_end[name] = bundle(STATIC, entry)
    vendored = vendored_files()
    engine = ENGINE.engine()
    version = hashlib.sha256(
        "".join(sources[name] for name in sorted(sources)).encode()
        + "".join(front_end[name] for name in sorted(front_end)).encode()
        + "".join(vendored[name] for name in sorted(vendored)).encode()
        + json.dumps(engine.sizes, sort_keys=True).encode()
    ).hexdigest()[:12]
    pins = ENGINE.PINS.pinned()
    if not pins:  # a warning: --strict fails the build
        log.warning(
            "hooks/site_step/engine-hashes.json is missing or not for Pyodide %s: run hooks/site_step/engine_hashes.py --write",
            ENGINE.version(),
        )
    stdlib_sha = ENGINE.PINS.sha256_file(engine.stdlib) if engine.stdlib else ""
    manifest = {
        "pyodide": pyodide_index_url(),
        "version": version,
        # rules_py's packs (``packs``): the core, each game's; the character sheets' (no roll needs them:
        # a page that shows sheets fetches them), shared and each game's.
        "core": pack_name(None, False),
        "systems": {system: pack_name(system, False) for system in SYSTEMS},
        "sheets": {"core": pack_name(None, True), "systems": {system: pack_name(system, True) for system in SYSTEMS}},
        # The engine: its standard library (None: Pyodide's own), the minimal lock
        # (None: Pyodide fetches its own), raw sizes for the progress, and the download.
        # (its URL carries its own hash: a new library is a new URL for every cache)
        "stdlib": ENGINE.PINS.versioned(ENGINE.STDLIB, stdlib_sha) if engine.stdlib else None,
        "lock": {"info": engine.lock_info, "packages": {}} if engine.lock_info else None,
        "sizes": engine.sizes,
        "download": download_figure(),
        # « Mes personnages »: which rollers take sheets and where, each game's page (sheets.py).
        "fiches": SHEETS.widgets_config(),
        # SHA-256 of every engine file the worker may run: Pyodide's (hooks/site_step/engine-hashes.json) and the site's library
        "sha256": {**pins, **({ENGINE.STDLIB: stdlib_sha} if engine.stdlib else {})},
    }
    files: dict[str, str | Path] = {}
    # The page's bundles carry what the page uses: where Pyodide is, the build, the sheets'; the engine's
    # part (packs, pins, sizes) is the worker's own, written in it once (the page sends it only where
    # Pyodide is, as an absolute URL). The bundles every roller page loads carry only which rollers take
    # sheets: the rest is for the bundles fetched where sheets are used (fiches.js, sheets.js, table.js).
    page = {key: manifest[key] for key in ("pyodide", "version", "fiches")}
    lean = {**page, "fiches": {"lanceurs": dict.fromkeys(manifest["fiches"]["lanceurs"], 1)}}
    configs = {name: lean if name in LEAN_CONFIG else page for name in BUNDLES}
    configs[WORKER] = {key: value for key, value in manifest.items() if key != "fiches"}
    configs["prefetch.js"] = {key: page[key] for key in ("pyodide", "version")}  # the worker's making only
    for name, text in minified(front_end).items():
        if name in configs:
            text = f"const CONFIG = {json.dumps(configs[name], ensure_ascii=False)};\n{text}"
        files[f"{TARGET}/{name}"] = text
    for name, text in vendored.items():
        files[f"{TARGET}/{name}"] = text
    for name, text in packs(sources).items():
        files[f"{TARGET}/rules_py/{name}"] = text
    if engine.stdlib:
        files[f"{TARGET}/{ENGINE.STDLIB}"] = engine.stdlib
    return files


# ----------------------------------------------------------------------
# Helpers
# ----------------------------------------------------------------------


def python_sources() -> list[Path]:
    """rules_py's modules that run in the browser (not the CLI: ``__main__.py`` and the ``cli`` package),
    the games' packages included."""
    package = Path(rules_py.__file__).parent
    return sorted(
        p for p in package.rglob("*.py") if p.name != "__main__.py" and p.relative_to(package).parts[0] != "cli"
    )


def minified(texts: dict[str, str]) -> dict[str, str]:
    """The front end's scripts and stylesheet (name -> text) minified by esbuild (``node_modules``, pinned in
    package.json), all in one run: names shortened, spaces and comments gone; the same code. A bundle's
    or the worker's ``const CONFIG = <build's configuration>;`` (config.js) is left out of what esbuild reads, so ``CONFIG``
    stays a name of its own, and the configuration is written as the bundle's first line, in JSON, after.
    Without esbuild (no ``npm ci``): a warning (``--strict`` fails the build), the texts as they are."""
    if not ESBUILD.is_file():
        log.warning("node_modules/.bin/esbuild is missing: run npm ci (bash tools/setup.sh site engine)")
        return texts
    import subprocess
    import tempfile

    with tempfile.TemporaryDirectory(prefix="dl-minify-") as tmp:
        folder = Path(tmp)
        (folder / "in").mkdir()
        for name, text in texts.items():
            if (name in BUNDLES or name == WORKER) and _CONFIG_LINE not in text:
                raise SiteError(f"frontend/config.js: « {_CONFIG_LINE} » not found in {name}")
            (folder / "in" / name).write_text(text.replace(_CONFIG_LINE, "", 1), encoding="utf-8")
        done = subprocess.run(
            [
                str(ESBUILD),
                *(f"in/{name}" for name in texts),
                "--minify",
                "--charset=utf8",
                "--outdir=out",
                "--log-level=error",
            ],
            cwd=folder,
            capture_output=True,
            text=True,
        )
        if done.returncode:
            raise SiteError(f"esbuild could not minify the front end: {done.stderr.strip()}")
        return {name: (folder / "out" / name).read_text(encoding="utf-8") for name in texts}


def packs(sources: dict[str, str]) -> dict[str, str]:
    """rules_py's shipped modules (path in the package -> shrunk source) in packs, one file each: the core, each
    game's modules, the sheets' shared modules, each game's sheet modules (``pack_name``). One download where
    there were ten, and one gzip stream: what modules share (imports, names, the French words) is sent once.

    A pack is its modules one after the other, each headed by a NUL and its path on a line of its own
    (``\\0dcda/cards.py\\n<source>``): Python source never holds a NUL (the build checks it), so the worker
    (``rollers-worker.js``, ``unpack``) splits on it.
    """
    out: dict[str, list[str]] = {}
    for name in sorted(sources):
        if "\0" in sources[name]:
            raise SiteError(f"rules_py/{name}: a NUL character, which no Python module may hold")
        out.setdefault(pack_name(system_of(name), sheet_module(name)), []).append(f"\0{name}\n{sources[name]}")
    return {name: "".join(parts) for name, parts in out.items()}


def pack_name(system: str | None, sheets: bool) -> str:
    """``core.txt``, ``dcda.txt``; ``fiches.txt``, ``fiches-dcda.txt`` (``packs``)."""
    return f"{'fiches' if sheets else ''}{'-' if sheets and system else ''}{system or ('' if sheets else 'core')}.txt"


def vendored_files() -> dict[str, str]:
    """The npm libraries the site ships as files of their own (``VENDORED``), read from ``node_modules``
    (``npm ci``: tools/setup.sh, which every build runs), each with its licence. A missing one is a warning
    (``--strict`` fails the build): the site would lack what its pages load."""
    out: dict[str, str] = {}
    for name, (package, path) in VENDORED.items():
        source = NODE_MODULES / package / path
        if not source.is_file():
            log.warning("node_modules/%s/%s is missing: run npm ci (bash tools/setup.sh site engine)", package, path)
            continue
        out[name] = source.read_text(encoding="utf-8")
    return out


def compact_js(text: str) -> str:
    """The same script without whole-line ``//`` comments, blank lines and indentation.

    Safe for this front-end: none of its strings or template literals spans
    lines (tests/test_hooks.py checks it), and JavaScript's automatic
    semicolons never depend on indentation.
    """
    lines = (line.strip() for line in text.splitlines())
    return "".join(f"{line}\n" for line in lines if line and not line.startswith("//"))


def bundle(folder: Path, entry: str = "main.js") -> str:
    """The ES modules of ``folder`` (its rooms: ``engine/``, ``widget/``, ``sheets/``…) as one module, ``entry`` last.

    Each module imports from the folder's other modules only, by a relative path, one line per
    import (``import { a, b } from "../browser/dom.js";``). The modules are laid out in dependency
    order, their imports dropped and their ``export`` keywords removed, so they share one scope: a
    name declared twice is a syntax error of the bundle (tests/test_hooks.py checks it with Node).
    Each is headed ``// ---- <its path in folder> ----``.
    """
    order: list[str] = []

    def visit(name: str, stack: tuple[str, ...]) -> None:
        if name in order:
            return
        if name in stack:
            raise SiteError(f"frontend: circular import {' -> '.join((*stack, name))}")
        path = folder / name
        if not path.is_file():
            raise SiteError(f"frontend/{stack[-1]}: imports {name}, which does not exist")
        text = path.read_text(encoding="utf-8")
        if re.search(r"^import \{[^}]*\bas\b", text, re.M):
            raise SiteError(f"frontend/{name}: no « as » in imports (the bundle shares one scope)")
        for match in _IMPORT.finditer(text):
            visit(_resolve(folder, name, match.group(1)), (*stack, name))
        order.append(name)

    visit(entry, ())
    parts = []
    for name in order:
        text = _EXPORT.sub("", _IMPORT.sub("", (folder / name).read_text(encoding="utf-8")))
        stray = re.search(r"^(import|export)\b.*", text, re.M)
        if stray:
            raise SiteError(f"frontend/{name}: cannot bundle « {stray.group(0)} » (only relative imports)")
        parts.append(f"// ---- {name} ----\n{compact_js(text).strip()}\n")
    return "\n".join(parts)


def _resolve(folder: Path, importer: str, relative: str) -> str:
    """The path in ``folder`` of ``relative`` (``../browser/dom.js``) imported by ``importer`` (``widget/form.js``)."""
    target = (folder / importer).parent / relative
    try:
        return Path(os.path.normpath(target)).relative_to(folder).as_posix()
    except ValueError:
        raise SiteError(f"frontend/{importer}: imports {relative}, outside frontend") from None


_IMPORT = re.compile(r'^import \{[^}]*\} from "(\.\.?/[\w./-]+\.js)";[ \t]*\n', re.M)
_EXPORT = re.compile(r"^export (?=(?:async )?(?:function|class|const|let)\b)", re.M)


def prefetch_tag(html: str, path: str) -> str:
    """A page with rollers or sheets (``ENGINE_PAGE`` in engine/engine-worker.js) loads ``prefetch.js``
    first in its ``<head>`` (after the charset; the policy's ``<meta>`` comes before it, csp.py),
    async: it runs as soon as it arrives, while the parser waits for the stylesheets, and the
    engine's files are asked for then, not after the theme's script and the rollers' have run
    (on a phone network, 1.6-2.6 s after the navigation, against ~0.95 s first in the head; an
    async module further down waits for the stylesheets). Any other page: unchanged."""
    if not _ENGINE_PAGE.search(html):
        return html
    tag = f'<script src="{relative_url(f"{TARGET}/prefetch.js", page_url_of_file(path))}" type="module" async></script>'
    at = CHARSET.search(html) or re.search(r"<head[^>]*>", html, re.I)
    if at is None:
        return html
    return html[: at.end()] + tag + html[at.end() :]


def head_script(html: str, path: str) -> str:
    """A page with rollers ends its ``<head>`` with ``HEAD_SCRIPT``: what must be known before its body is
    drawn (``HEAD_MODULES``: whether the engine waits for the first tap; the room of the results kept for
    the tab), from ``frontend/``, inlined as one classic script in its own scope (its hash in the
    page's policy, csp.py). Any other page: unchanged (an instant navigation to a page with rollers does
    the same from the rollers' module, main.js)."""
    if not _ROLLER_PAGE.search(html) or HEAD_SCRIPT in html:
        return html
    return html.replace("</head>", HEAD_SCRIPT + "</head>", 1)


def navigation_script(html: str, path: str) -> str:
    """Every page of the book ends its ``<head>`` with ``NAVIGATION_SCRIPT``, the theme's instant navigation
    corrected: a link to a heading of the page drawn, or back to one, is the browser's, not the theme's to fetch
    and draw the page again (``browser/same-page.js``); a page reached opens at its top, or where the reader
    left it, never at the place of the page she left (``browser/page-top.js``); a tap on a link to another page
    made before the theme has its sitemap is held for the theme, not followed by a full load (``browser/early-tap.js``).
    Inlined as ``HEAD_SCRIPT`` is, for its listener of history's moves must come before the theme's."""
    if NAVIGATION_SCRIPT in html:
        return html
    return html.replace("</head>", NAVIGATION_SCRIPT + "</head>", 1)


def _head_script(modules: dict[str, str]) -> str:
    parts = [_EXPORT.sub("", (STATIC / name).read_text(encoding="utf-8")) for name in modules]
    calls = "".join(f"{call}\n" for call in modules.values())
    return f"<script>(() => {{\n{''.join(compact_js(part) for part in parts)}{calls}}})();</script>"


def deferred_note(html: str, path: str) -> str:
    """Every roller's note for a reader whose engine waits for the first tap (``engine/first-tap.js``), with the
    size of the download: known once the front-end is built, after the pages (``download_figure``)."""
    if _DEFERRED_EMPTY not in html:
        return html
    size = download_figure()
    note = (
        "Connexion lente ou économie de données\u00a0: le moteur de dés"
        + (f" (environ {size})" if size else "")
        + " ne sera téléchargé qu’à votre premier jet. Les chances affichées sont déjà exactes."
    )
    return html.replace(_DEFERRED_EMPTY, f'<div class="dl-roller__deferred">{note}</div>')


def download_figure() -> str | None:
    """« 5,0 Mo »: what the engine downloads, gzipped (Pyodide's files, its standard library, the rules'
    modules); None when Pyodide's files are not at hand. Computed once per state of the rules' sources."""
    return _download_figure(tuple((str(path), path.stat().st_mtime_ns) for path in python_sources()))


@lru_cache(maxsize=1)
def _download_figure(_sources: tuple) -> str | None:
    download = ENGINE.engine().download
    if not download:
        return None
    rules = sum(len(shrink(path.read_text(encoding="utf-8")).encode()) for path in python_sources())
    return ENGINE.megabytes_fr(download + rules)


_DEFERRED_EMPTY = '<div class="dl-roller__deferred"></div>'


_ROLLER = r'<section class="dl-roller"[^>]*\sdata-roller="'
_ROLLER_PAGE = re.compile(_ROLLER)
_ENGINE_PAGE = re.compile(_ROLLER + r'|<div class="dl-sheets" data-jeu="')


def system_of(name: str) -> str | None:
    """The game system a module belongs to, by its path in rules_py: ``dcda/cards.py`` is dcda's; None for the core."""
    top = name.split("/", 1)[0]
    return top if top in SYSTEMS else None


def sheet_module(name: str) -> bool:
    """A module only character sheets need (``sheets/…``, a game's ``sheet*.py``): rolls never import them."""
    parts = name.split("/")
    return parts[0] == "sheets" or (len(parts) == 2 and parts[0] in SYSTEMS and parts[1].startswith("sheet"))


@lru_cache(maxsize=512)  # the bundle's packs and the download's size read the same modules
def shrink(source: str) -> str:
    """The same module without docstrings and comments, indented by one space a level (same behaviour).

    A line scan, not a parse (the build stays cheap): a docstring is a string
    opening with triple quotes on the first line of the module or right after
    a line ending in ``:`` (a ``def`` or ``class``); a ``pass`` stands in
    where a body would be left empty. Other triple-quoted strings are kept
    verbatim, comment-like lines inside them included; a trailing comment goes
    where its line holds no quote. tests/test_hooks.py checks that every shrunk
    module has the package's syntax tree and behaves like it.
    """
    lines = source.splitlines(keepends=True)
    out: list[str] = []
    previous = ""  # the last kept line of code, stripped
    i = 0
    while i < len(lines):
        line = lines[i]
        text = line.strip()
        quote = text[:3] if text[:3] in ('"""', "'''") else ""
        if quote and (previous.endswith(":") or previous == ""):
            end = i if text.count(quote) >= 2 and len(text) > 3 else _closing(lines, i + 1, quote)
            after = next((ln for ln in lines[end + 1 :] if ln.strip() and not ln.lstrip().startswith("#")), "")
            indent = line[: len(line) - len(line.lstrip())]
            if previous and len(after) - len(after.lstrip()) < len(indent):
                out.append(_narrow(f"{indent}pass\n"))  # the docstring was the whole body
            i = end + 1
            continue
        opener = '"""' if text.count('"""') % 2 else "'''" if text.count("'''") % 2 else ""
        if opener:  # a multi-line string that is not a docstring: kept verbatim (its first line's indent aside)
            end = _closing(lines, i + 1, opener)
            out.append(_narrow(lines[i]))
            out.extend(lines[i + 1 : end + 1])
            previous = lines[end].strip()
            i = end + 1
            continue
        if text and not text.startswith("#"):
            line = _uncomment(line)
            out.append(_narrow(line))
            previous = line.strip()
        i += 1
    return "".join(out)


def _uncomment(line: str) -> str:
    """A line of code without its trailing comment, when it holds no quote (so no ``#`` inside a string)."""
    if "#" not in line or '"' in line or "'" in line:
        return line
    return line[: line.index("#")].rstrip() + "\n"


def _narrow(line: str) -> str:
    """A line of code indented by one space per level instead of four: the same blocks (the package is
    indented by fours, ruff's format), a quarter of the indentation's bytes. A continuation line's
    other spaces stay: inside brackets, indentation means nothing."""
    spaces = len(line) - len(line.lstrip(" "))
    return " " * (spaces // 4 + spaces % 4) + line[spaces:]


def _closing(lines: list[str], start: int, quote: str) -> int:
    """Index of the line that closes a triple-quoted string opened before ``start``."""
    for j in range(start, len(lines)):
        if quote in lines[j]:
            return j
    return len(lines) - 1


def pyodide_index_url() -> str:
    url = os.environ.get("PYODIDE_INDEX_URL", "").strip() or ENGINE.cdn_url()
    return url if url.endswith("/") else url + "/"


# ----------------------------------------------------------------------
# Constants
# ----------------------------------------------------------------------

STATIC = Path(__file__).resolve().parents[2] / "frontend"
WORKER = "rollers-worker.js"
FRONT_END = (WORKER, "rollers.css")  # rollers.js and sheets.js are bundled from frontend/
#: The bundles of frontend/, each from its entry module: every page loads rollers.js; a
#: « Mes personnages » page also sheets.js (main.js fetches it), the sheets' page modules; a page
#: with rollers or sheets also prefetch.js, from its <head> (``prefetch_tag``); table.js (« La table »:
#: a table page, a result shown to the meneur) and fiches.js (the widgets' « Personnage » choice and
#: write-back, where the device holds sheets or copies received, and on the table's and sheets' pages)
#: are fetched by rollers.js where they are used (browser/bundles.js); journal-panel.js (the journal's dialog)
#: once a roll of the page is drawn, or when the journal is opened.
BUNDLES = {
    "rollers.js": "main.js",
    "sheets.js": "sheets/page/main.js",
    "prefetch.js": "engine/prefetch.js",
    "table.js": "table/main.js",
    "fiches.js": "sheets/fiches.js",
    "journal-panel.js": "journal/panel.js",
}
#: The bundles whose configuration says only which rollers take sheets (``front_end_files``).
LEAN_CONFIG = ("rollers.js", "prefetch.js", "journal-panel.js")
#: npm libraries shipped as they are, each in a file of its own beside the bundles (``vendored_files``):
#: the QR codes' (table/qr.js loads it when a code is shown), with its licence.
NODE_MODULES = Path(__file__).resolve().parents[2] / "node_modules"
VENDORED = {"lean-qr.js": ("lean-qr", "index.mjs"), "lean-qr.LICENSE.txt": ("lean-qr", "LICENSE")}
TARGET = "assets/rollers"
CONFIG_TOKEN = "/*@build-config*/null"
_CONFIG_LINE = f"const CONFIG = {CONFIG_TOKEN};"  # config.js's, once bundled (``minified``)
ESBUILD = NODE_MODULES / ".bin" / "esbuild"
#: The modules of frontend/ the end of a roller page's <head> runs (``head_script``), each with its call.
HEAD_MODULES = {"engine/first-tap.js": "markFirstTap(waitsForTap());", "result/results-room.js": "holdResultsRooms();"}
HEAD_SCRIPT = _head_script(HEAD_MODULES)
#: The modules every page's <head> runs, in no bundle: before the theme's script (``navigation_script``).
NAVIGATION_MODULES = {
    "browser/same-page.js": "keepSamePage();",
    "browser/page-top.js": "keepPlaces();",
    "browser/early-tap.js": "holdEarlyTaps();",
}
NAVIGATION_SCRIPT = _head_script(NAVIGATION_MODULES)
