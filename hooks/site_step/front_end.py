"""Ship the rollers' front-end and rules_py's own source into the site.

``front_end_files``: the generated files under ``assets/rollers/``: the ES modules
(``rollers.js`` and the bundles fetched where they are used), built by
esbuild from the modules of ``frontend/``, one job each, with the build's configuration written in
(``bundled``), the module Web Worker, the stylesheet, and rules_py's
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
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import rules_py
from hooks.errors import SiteError
from hooks.page import sheets as SHEETS  # noqa: N812 (likewise)
from hooks.site_step import engine as ENGINE  # noqa: N812 (a module used as a constant, as before)
from hooks.site_step import engine_hashes as PINS  # noqa: N812 (likewise)
from hooks.site_step.csp import CHARSET
from hooks.urls import page_url_of_file, relative_url
from rules_py.api import SHEET_KEYS, SYSTEMS
from rules_py.games import TITLES

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
    vendored = vendored_files()
    engine = ENGINE.engine()
    version = hashlib.sha256(
        "".join(sources[name] for name in sorted(sources)).encode()
        + "".join(f"{name}\n{text}" for name, text in front_end_sources().items()).encode()
        + "".join(vendored[name] for name in sorted(vendored)).encode()
        + json.dumps(engine.sizes, sort_keys=True).encode()
        + esbuild_version().encode()
    ).hexdigest()[:12]
    pins = PINS.pinned()
    if not pins:  # a warning: --strict fails the build
        log.warning(
            "hooks/site_step/engine-hashes.json is missing or not for Pyodide %s: run hooks/site_step/engine_hashes.py --write",
            ENGINE.version(),
        )
    stdlib_sha = PINS.sha256_file(engine.stdlib) if engine.stdlib else ""
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
        "stdlib": PINS.versioned(ENGINE.STDLIB, stdlib_sha) if engine.stdlib else None,
        "lock": {"info": engine.lock_info, "packages": {}} if engine.lock_info else None,
        "sizes": engine.sizes,
        "download": download_figure(),
        # SHA-256 of every engine file the worker may run: Pyodide's (hooks/site_step/engine-hashes.json) and the site's library
        "sha256": {**pins, **({ENGINE.STDLIB: stdlib_sha} if engine.stdlib else {})},
        # the keys of a request that carry sheets (rules_py.contract): such a request needs the sheets' packs
        "sheet_keys": list(SHEET_KEYS),
    }
    # « Mes personnages »: which rollers take sheets and where, each game's page (sheets.py).
    fiches = SHEETS.widgets_config()
    page = {key: manifest[key] for key in ("pyodide", "version")}
    built = bundled(
        {
            # the page's modules (config.js): where Pyodide is, the build; which rollers take sheets
            "BUILD_CONFIG": {**page, "fiches": {"lanceurs": dict.fromkeys(fiches["lanceurs"], 1)}},
            # the sheets' part: only the bundles fetched where sheets are used read it, and carry it
            "BUILD_SHEETS_CONFIG": fiches,
            # the games, each by its name (rules_py/games.py, the one list): the table's links name them
            "BUILD_GAMES": dict(TITLES),
        },
        prefetch=page,  # prefetch.js, the worker's making only
        engine=manifest,  # the worker's own: packs, pins, sizes (the page sends it only where Pyodide is)
    )
    files: dict[str, str | Path] = {f"{TARGET}/{name}": text for name, text in built.files.items()}
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
    """rules_py's modules that run in the browser, the games' packages included: not the CLI's
    (``__main__.py``, the ``cli`` package), nor the « Probabilités » tables' (``tables.py``, read by the
    build only)."""
    package = Path(rules_py.__file__).parent
    return sorted(
        p
        for p in package.rglob("*.py")
        if p.name not in ("__main__.py", "tables.py") and p.relative_to(package).parts[0] != "cli"
    )


@dataclass(frozen=True)
class Bundled:
    """What esbuild made of ``frontend/`` (``bundled``, ``inline_scripts``): each file (name -> text), and
    the modules of ``frontend/`` each holds (esbuild's metafile)."""

    files: dict[str, str]
    modules: dict[str, tuple[str, ...]]


def bundled(defines: dict[str, Any], *, prefetch: dict[str, Any], engine: dict[str, Any]) -> Bundled:
    """The front end built by esbuild (``node_modules``, pinned in package.json), minified:

    - each of the page's bundles (``BUNDLES``), an ES module holding every module it imports (none left),
      ``prefetch.js`` with ``prefetch`` as its ``BUILD_CONFIG``;
    - the worker, one file, minified only, its configuration (``engine``) its first line, esbuild's banner:
      ``const CONFIG = {…};``; and the stylesheet, minified.

    The build's configuration reaches the modules through esbuild's ``--define``: ``BUILD_CONFIG``,
    ``BUILD_SHEETS_CONFIG`` and ``BUILD_GAMES`` in config.js (``defines``). No chunks: split, the bundles' shared modules
    made a roller page 2.5 KB (gzip) heavier, for 0.5 KB less in each bundle fetched later."""
    pages = [f"{Path(name).stem}={entry}" for name, entry in BUNDLES.items() if name != "prefetch.js"]
    runs = (
        _build(pages, ["--bundle", "--format=esm"], defines),
        _build(
            [f"prefetch={BUNDLES['prefetch.js']}"], ["--bundle", "--format=esm"], {**defines, "BUILD_CONFIG": prefetch}
        ),
        # the worker: one file, its configuration its first line (``const CONFIG = {…};``)
        _build([WORKER, STYLESHEET], [f"--banner:js=const CONFIG = {json.dumps(engine, ensure_ascii=False)};"], {}),
    )
    return Bundled(
        {name: text for run in runs for name, text in run.files.items()},
        {name: modules for run in runs for name, modules in run.modules.items()},
    )


@lru_cache(maxsize=1)
def inline_scripts() -> Bundled:
    """The ``<head>`` scripts inlined in the pages (``HEAD_ENTRIES``), each a classic script in its own scope
    (esbuild's IIFE), minified: ``head.js`` (a roller page's), ``navigation.js`` (every page's)."""
    return _build(
        [f"{Path(name).stem}={entry}" for name, entry in HEAD_ENTRIES.items()], ["--bundle", "--format=iife"], {}
    )


def _build(entries: list[str], options: list[str], defines: dict[str, Any]) -> Bundled:
    """One esbuild run over ``frontend/``: ``entries`` (``name=path``, or a path), ``options``, each of
    ``defines`` written where its name stands, as a string of JSON (config.js reads it with ``JSON.parse``:
    an object written in by ``--define`` would be shared out to every bundle, were they ever split);
    minified, UTF-8 kept. A ``BUILD_…`` name left unwritten is a SiteError."""
    if not ESBUILD.is_file():
        raise SiteError("node_modules/.bin/esbuild is missing: run npm ci (bash tools/setup.sh site engine)")
    import subprocess
    import tempfile

    texts = {name: json.dumps(value, ensure_ascii=False, separators=(",", ":")) for name, value in defines.items()}
    values = [f"--define:{name}={json.dumps(text, ensure_ascii=False)}" for name, text in texts.items()]
    # the same run over the same modules (a rebuild under ``mkdocs serve`` after a chapter's edit): its output again
    key = json.dumps([entries, options, values, front_end_sources(), esbuild_version()], ensure_ascii=False)
    digest = hashlib.sha256(key.encode("utf-8")).hexdigest()
    if digest in _BUILT:
        return _BUILT[digest]
    with tempfile.TemporaryDirectory(prefix="dl-bundle-") as tmp:
        out = Path(tmp)
        done = subprocess.run(
            [
                str(ESBUILD),
                *entries,
                *options,
                *values,
                "--minify",
                "--charset=utf8",
                f"--outdir={out / 'out'}",
                f"--metafile={out / 'meta.json'}",
                "--log-level=error",
            ],
            cwd=STATIC,
            env={**os.environ, "GOGC": "off"},  # a run of a tenth of a second: Go's collector only costs it
            capture_output=True,
            text=True,
            encoding="utf-8",
        )
        if done.returncode:
            raise SiteError(f"esbuild could not build the front end: {done.stderr.strip()}")
        built = Bundled({}, {})
        for path, output in json.loads((out / "meta.json").read_text(encoding="utf-8"))["outputs"].items():
            name = Path(path).name
            built.files[name] = (out / "out" / name).read_text(encoding="utf-8")
            built.modules[name] = tuple(sorted(output["inputs"]))
    for name, text in built.files.items():
        left = _LEFT_DEFINE.search(text)
        if left:
            raise SiteError(f"{name}: « {left.group(0)} » was not written in (esbuild --define)")
    _BUILT[digest] = built
    while len(_BUILT) > _BUILT_KEPT:  # the oldest run goes (a dict keeps its order)
        del _BUILT[next(iter(_BUILT))]
    return built


#: esbuild's runs in this process, by what they were made from (``_build``): a serve's rebuild after a
#: chapter's edit bundles nothing again (0.1 s of its wall time, twice that of processor). A site makes four.
_BUILT: dict[str, Bundled] = {}
_BUILT_KEPT = 8


def front_end_sources() -> dict[str, str]:
    """Every file of ``frontend/`` (its path there -> its text), in order: what the bundles are made of."""
    return {
        path.relative_to(STATIC).as_posix(): path.read_text(encoding="utf-8")
        for path in sorted(STATIC.rglob("*"))
        if path.is_file() and path.suffix in {".js", ".css"}
    }


@lru_cache(maxsize=1)
def esbuild_version() -> str:
    """The version of the esbuild that bundles (node_modules/esbuild/package.json), part of the build's version:
    another esbuild may make other bundles from the same modules."""
    package = NODE_MODULES / "esbuild" / "package.json"
    return json.loads(package.read_text(encoding="utf-8"))["version"] if package.is_file() else ""


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
    """A page with rollers ends its ``<head>`` with ``head_tag()``: what must be known before its body is
    drawn (``frontend/head.js``: whether the engine waits for the first tap; the room of the results kept for
    the tab), inlined as one classic script in its own scope (its hash in the page's policy, csp.py). Any
    other page: unchanged (an instant navigation to a page with rollers does the same from the rollers'
    module, main.js)."""
    tag = head_tag()
    if not _ROLLER_PAGE.search(html) or tag in html:
        return html
    return html.replace("</head>", tag + "</head>", 1)


def navigation_script(html: str, path: str) -> str:
    """Every page of the book ends its ``<head>`` with ``navigation_tag()`` (``frontend/navigation.js``), the
    theme's instant navigation corrected: a link to a heading of the page drawn, or back to one, is the
    browser's, not the theme's to fetch and draw the page again (``browser/same-page.js``); a page reached
    opens at its top, or where the reader left it, never at the place of the page she left
    (``browser/page-top.js``); a tap on a link to another page made before the theme has its sitemap is held
    for the theme, not followed by a full load (``browser/early-tap.js``). Inlined as ``head_tag()`` is, for
    its listener of history's moves must come before the theme's."""
    tag = navigation_tag()
    if tag in html:
        return html
    return html.replace("</head>", tag + "</head>", 1)


def head_tag() -> str:
    """The ``<script>`` of ``frontend/head.js`` (``inline_scripts``), as a roller page's ``<head>`` ends with it."""
    return f"<script>{inline_scripts().files['head.js'].strip()}</script>"


def navigation_tag() -> str:
    """The ``<script>`` of ``frontend/navigation.js`` (``inline_scripts``), as every page's ``<head>`` ends with it."""
    return f"<script>{inline_scripts().files['navigation.js'].strip()}</script>"


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


def engine_size(html: str, path: str) -> str:
    """The engine's download where a page of the site speaks of it (``<span class="dl-taille-moteur">``,
    docs/index.md): the build's one figure, « (environ 5,0 Mo) », as the rollers' note and their progress say
    it (the home page said 4,5 Mo, written by hand, while they said 5,0). Left as written without the figure."""
    if _ENGINE_SIZE not in html:
        return html
    size = download_figure()
    return _ENGINE_SIZE_SPAN.sub(f"{_ENGINE_SIZE}(environ {size})</span>", html) if size else html


_ENGINE_SIZE = '<span class="dl-taille-moteur">'
_ENGINE_SIZE_SPAN = re.compile(re.escape(_ENGINE_SIZE) + r"[^<]*</span>")


def download_figure() -> str | None:
    """« 5,0 Mo »: what the engine downloads, gzipped (Pyodide's files, its standard library, the rules'
    modules); None when Pyodide's files are not at hand. Computed once per state of the rules' sources."""
    return _download_figure(tuple((str(path), path.stat().st_mtime_ns) for path in python_sources()))


@lru_cache(maxsize=1)
def _download_figure(_sources: tuple[tuple[str, int], ...]) -> str | None:
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
STYLESHEET = "rollers.css"
#: The bundles of frontend/, each from its entry module: every page loads rollers.js; a
#: « Mes personnages » page also sheets.js (main.js fetches it), the sheets' page modules; a page
#: with rollers or sheets also prefetch.js, from its <head> (``prefetch_tag``); table.js (« La table »:
#: a table page, a result shown to the meneur) and fiches.js (the widgets' « Personnage » choice and
#: write-back, where the device holds sheets or copies received, and on the table's and sheets' pages)
#: are fetched by rollers.js where they are used (browser/bundles.js); journal-panel.js (the journal's dialog)
#: once a roll of the page is drawn, or when the journal is opened; dice-pad.js (« Entrer mes dés »'s pad) at its
#: first tap. Each holds what it imports (``bundled``), and the configuration only where a module reads it.
BUNDLES = {
    "rollers.js": "main.js",
    "sheets.js": "sheets/page/main.js",
    "prefetch.js": "engine/prefetch.js",
    "table.js": "table/main.js",
    "fiches.js": "sheets/fiches.js",
    "journal-panel.js": "journal/panel.js",
    "dice-pad.js": "widget/dice-pad.js",
}
#: The scripts inlined at the end of the pages' <head> (``inline_scripts``), each from its entry module: a
#: roller page's (``head_script``), every page's (``navigation_script``: before the theme's script).
HEAD_ENTRIES = {"head.js": "head.js", "navigation.js": "navigation.js"}
#: npm libraries shipped as they are, each in a file of its own beside the bundles (``vendored_files``):
#: the QR codes' (links/qr.js loads it when a code is shown), with its licence.
NODE_MODULES = Path(__file__).resolve().parents[2] / "node_modules"
VENDORED = {"lean-qr.js": ("lean-qr", "index.mjs"), "lean-qr.LICENSE.txt": ("lean-qr", "LICENSE")}
TARGET = "assets/rollers"
ESBUILD = NODE_MODULES / ".bin" / "esbuild"
#: A name of the build's configuration esbuild should have written in (``--define``), left in a file.
_LEFT_DEFINE = re.compile(r"\bBUILD_[A-Z_]+\b")
