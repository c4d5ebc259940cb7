"""The browser tests' world: the site built once, a local server, Chromium offline.

- ``server``: a threaded stdlib HTTP server on 127.0.0.1 (random port) serving
  the site, built once per session with ``mkdocs build --strict`` and
  ``PYODIDE_INDEX_URL=/pyodide/`` (Pyodide comes from this server), and ``node_modules/pyodide`` at ``/pyodide/``. Its
  ``faults`` knobs delay or refuse ``/pyodide/`` files on demand (fault tests).
- ``elsewhere``: a second copy of the site whose Pyodide is said to live on
  another origin, ``http://127.0.0.1:<port>/pyodide/``, where nothing listens
  until a test starts something there (``serve_pyodide``: the real files with
  CORS; ``black_hole``: a socket that accepts and never answers).
- ``page``: a Chromium page where every non-localhost request is aborted and
  every console error (or uncaught page error, or anything the pages'
  Content-Security-Policy refuses) fails the test.
"""

from __future__ import annotations

import functools
import json
import socket
import sys
import threading
import time
from dataclasses import dataclass, field
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
PYODIDE_DIR = ROOT / "node_modules" / "pyodide"
from chromium import find_chromium  # noqa: E402  (tests/browser/chromium.py)

sys.path.insert(0, str(ROOT / "tests"))  # tests/helpers.py, also for the benchmark, which imports this module
from helpers import build_site as build_project  # noqa: E402

CHROMIUM = find_chromium() or "chromium (not found: set CHROMIUM, see tests/browser/chromium.py)"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


# ----------------------------------------------------------------------
# The built site
# ----------------------------------------------------------------------


def build_site(out: Path, site_url: str, pyodide: str = "/pyodide/") -> None:
    """The site with Pyodide from this server (``/pyodide/``, served from node_modules) by default."""
    build_project(out, site_url, pyodide)


# ----------------------------------------------------------------------
# The server, with fault knobs for /pyodide/
# ----------------------------------------------------------------------


@dataclass
class Faults:
    """What the server does to /pyodide/ files: ``delay`` seconds, ``refuse`` (HTTP 503); and
    ``tamper``: file names (under /pyodide/, or the site's python_stdlib.zip) served with one byte changed.
    ``page_delay``: seconds before a page of the book (a path ending in ``/``) is served (a slow network's wait).
    ``hold()``: every /pyodide/ file waits (up to 60 s) until ``release()``: a download still under way when the
    test taps, however slow the machine."""

    delay: float = 0.0
    page_delay: float = 0.0
    refuse: bool = False
    only: tuple[str, ...] = ()  # file names concerned (empty: every /pyodide/ file)
    tamper: tuple[str, ...] = ()
    requests: list[str] = field(default_factory=list)  # every path served, in order
    released: threading.Event = field(default_factory=threading.Event)

    def __post_init__(self) -> None:
        self.released.set()

    def hold(self) -> None:
        self.released.clear()

    def release(self) -> None:
        self.released.set()

    def reset(self) -> None:
        self.delay, self.page_delay, self.refuse, self.only, self.tamper = 0.0, 0.0, False, (), ()
        self.requests.clear()
        self.release()

    def applies(self, path: str) -> bool:
        return path.startswith("/pyodide/") and (not self.only or path.rsplit("/", 1)[-1] in self.only)


class Handler(SimpleHTTPRequestHandler):
    extensions_map = {
        **SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
        ".zip": "application/zip",
        ".py": "text/x-python; charset=utf-8",
    }

    def __init__(self, *args, site: Path, faults: Faults, **kwargs):
        self.site = site
        self.faults = faults
        super().__init__(*args, directory=str(site), **kwargs)

    def do_GET(self):
        path = urlsplit(self.path).path
        self.faults.requests.append(path)
        if self.faults.page_delay and path.endswith("/"):
            time.sleep(self.faults.page_delay)
        if self.faults.applies(path):
            self.faults.released.wait(timeout=60)
            if self.faults.delay:
                time.sleep(self.faults.delay)
            if self.faults.refuse:
                self.send_error(503, "Refused by the test server")
                return
        if path.rsplit("/", 1)[-1] in self.faults.tamper and (path.startswith("/pyodide/") or path.endswith(".zip")):
            self.send_tampered(Path(self.translate_path(self.path)))
            return
        super().do_GET()

    def send_tampered(self, local: Path) -> None:
        """The file with its middle byte changed: same size, same type, another SHA-256."""
        data = bytearray(local.read_bytes())
        data[len(data) // 2] ^= 0x20
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(local)))
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Last-Modified", self.date_time_string(int(local.stat().st_mtime)))
        self.send_header("Access-Control-Allow-Origin", "*")
        self.end_headers()
        self.wfile.write(bytes(data))

    def translate_path(self, path):
        clean = urlsplit(path).path
        if clean.startswith("/pyodide/"):
            return str(PYODIDE_DIR / clean[len("/pyodide/") :])
        return super().translate_path(path)

    def log_message(self, *args):
        pass


class QuietServer(ThreadingHTTPServer):
    """The stdlib's threaded server, without a traceback each time the browser drops a connection it no longer
    needs (a page left, a download cancelled): what is left on the console is what went wrong."""

    daemon_threads = True

    def handle_error(self, request, client_address):
        if isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            return
        super().handle_error(request, client_address)


@dataclass
class Server:
    url: str
    faults: Faults
    site: Path


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    site = tmp_path_factory.mktemp("site")
    faults = Faults()
    httpd = QuietServer(("127.0.0.1", 0), functools.partial(Handler, site=site, faults=faults))
    url = f"http://127.0.0.1:{httpd.server_address[1]}"
    build_site(site, url + "/")
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield Server(url, faults, site)
    httpd.shutdown()
    httpd.server_close()


# ----------------------------------------------------------------------
# A second site, its Pyodide on another origin (fault tests)
# ----------------------------------------------------------------------


class CorsHandler(Handler):
    """Only /pyodide/, readable from another origin (Pyodide served apart from the site)."""

    def do_GET(self):
        if not urlsplit(self.path).path.startswith("/pyodide/"):
            self.send_error(404)
            return
        super().do_GET()

    def end_headers(self):
        self.send_header("Access-Control-Allow-Origin", "*")
        super().end_headers()


@dataclass
class Elsewhere:
    url: str  # the second site
    port: int  # where its Pyodide is said to be: http://127.0.0.1:<port>/pyodide/
    faults: Faults

    @property
    def pyodide(self) -> str:
        return f"http://127.0.0.1:{self.port}/pyodide/"

    def serve_pyodide(self) -> ThreadingHTTPServer:
        """Start serving Pyodide (with CORS) on the promised port; the caller shuts it down."""
        httpd = _Reusable(("127.0.0.1", self.port), functools.partial(CorsHandler, site=ROOT, faults=Faults()))
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        return httpd

    def black_hole(self) -> socket.socket:
        """A socket on the promised port that accepts connections and never answers; the caller closes it."""
        hole = socket.socket()
        hole.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        hole.bind(("127.0.0.1", self.port))
        hole.listen(64)  # the kernel completes the handshakes; nobody ever reads
        return hole


class _Reusable(QuietServer):
    allow_reuse_address = True
    daemon_threads = True


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="session")
def elsewhere(tmp_path_factory):
    site = tmp_path_factory.mktemp("site-elsewhere")
    faults = Faults()
    httpd = _Reusable(("127.0.0.1", 0), functools.partial(Handler, site=site, faults=faults))
    url = f"http://127.0.0.1:{httpd.server_address[1]}"
    port = free_port()
    build_site(site, url + "/", pyodide=f"http://127.0.0.1:{port}/pyodide/")
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield Elsewhere(url, port, faults)
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture(autouse=True)
def _reset_faults(request):
    yield
    if "server" in request.fixturenames:
        request.getfixturevalue("server").faults.reset()


# ----------------------------------------------------------------------
# Chromium, offline, strict about console errors
# ----------------------------------------------------------------------


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page_errors():
    return []


@pytest.fixture
def page(browser, server, page_errors, request):
    """A fresh page (390 px or 1280 px via the ``viewport`` marker; service workers as the ``service_workers``
    marker says, allowed by default); console errors fail the test."""
    marker = request.node.get_closest_marker("viewport")
    width, height = marker.args if marker else (1280, 900)
    workers = request.node.get_closest_marker("service_workers")
    page = new_page(
        browser,
        page_errors,
        viewport={"width": width, "height": height},
        service_workers=workers.args[0] if workers else "allow",
    )
    yield page
    page.context.close()
    if not getattr(request.node, "allow_console_errors", False):
        assert page_errors == [], page_errors


@pytest.fixture
def errors():
    """Console and page errors of the pages a test opens with ``new_page`` (a module may keep its own)."""
    return []


@pytest.fixture
def phone(browser, server, errors):
    """A 390×844 touch phone of its own (French, local network only); its console errors fail the test."""
    page = new_page(
        browser, errors, viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, timeout=90_000
    )
    yield page
    page.context.close()
    assert errors == [], errors


def new_page(browser, errors: list[str], *, only_local: bool = True, timeout: int = 30_000, **options):
    """A page in a context of its own (French locale, ``options`` for the context): its console errors
    and uncaught exceptions go to ``errors``; requests leave 127.0.0.1 only when ``only_local`` is off.
    The caller closes ``page.context``."""
    context = browser.new_context(locale="fr-FR", **options)
    context.add_init_script(CSP_WATCH)
    if only_local:
        context.route("**/*", _only_local)
    page = context.new_page()
    page.on("console", lambda msg: msg.type == "error" and errors.append(f"console: {msg.text}"))
    page.on("pageerror", lambda err: errors.append(f"pageerror: {err}"))
    page.set_default_timeout(timeout)
    return page


@pytest.fixture
def watched_phone(browser, page_errors, request):
    """A page on a phone (360×740, touch) whose test module's ``WATCH`` script runs before any script of
    each page; console errors fail the test. (Other modules have ``phone`` fixtures of their own.)"""
    page = new_page(browser, page_errors, viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True)
    page.context.add_init_script(request.module.WATCH)
    yield page
    page.context.close()
    assert page_errors == [], page_errors


# Every render of a widget's result area, as the reader saw it (the added nodes of each mutation), in
# window.__renders: page.evaluate(RECORD, the .dl-roller__result element).
RECORD = """(output) => {
  window.__renders = [];
  new MutationObserver((mutations) => {
    for (const m of mutations) {
      const nodes = [...m.addedNodes].filter((n) => n.nodeType === 1);
      if (!nodes.length) continue;
      const all = (sel) => nodes.flatMap((n) => [...(n.matches(sel) ? [n] : []), ...n.querySelectorAll(sel)]);
      window.__renders.push({
        roll: output.dataset.roll ?? null,
        number: all(".dl-roll-number")[0]?.textContent.trim() ?? null,
        pending: all(".dl-pending")[0]?.textContent ?? null,
        outcome: all(".dl-outcome")[0]?.textContent ?? null,
        error: all(".dl-error")[0]?.textContent ?? null,
        dice: all(".dl-die__value").map((el) => el.textContent),
        share: all(".dl-share a")[0]?.href ?? null,
      });
    }
  }).observe(output, { childList: true });
}"""


# Every layout shift of a page, from before any of its scripts (an init script): window.__dlShifts, their values.
LAYOUT_SHIFTS = """window.__dlShifts = []; window.__dlShiftSources = [];
new PerformanceObserver((list) => { for (const e of list.getEntries()) {
  window.__dlShifts.push(e.value);
  window.__dlShiftSources.push((e.sources || []).map((s) => s.node ? (s.node.id || s.node.className || s.node.nodeName) : "?").join(", "));
} }).observe({ type: "layout-shift", buffered: true });"""


# Resolves in the task after the next two frames: what a frame drew has been laid out and painted, and
# what it reports afterwards (a layout shift's entry, an observer's word) has been told. A wait on the page's
# own frames, not on the clock.
AFTER_FRAMES = """() => new Promise((resolve) =>
  requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0))))"""

# Resolves once no animation or transition of the page is running (the theme's fades, a result's).
ANIMATIONS_DONE = "() => document.getAnimations().every((a) => a.playState !== 'running')"


def after_frames(page) -> None:
    page.evaluate(AFTER_FRAMES)


def animations_done(page) -> None:
    page.wait_for_function(ANIMATIONS_DONE)
    after_frames(page)


# The page at its top, the theme's header title and « back to top » settled (no transition running).
AT_REST = """() => window.scrollY === 0
  && !document.querySelector('.md-header__title')?.classList.contains('md-header__title--active')
  && (document.querySelector('.md-top')?.hidden ?? true)
  && document.getAnimations().every((a) => a.playState !== 'running')"""


def at_top_at_rest(page) -> None:
    """Scrolled to the top, the scroll's handlers run (the theme fades its header title), then at rest: what axe
    reads is what the reader sees, never a colour halfway through a fade."""
    page.evaluate("window.scrollTo(0, 0)")
    after_frames(page)
    page.wait_for_function(AT_REST)


def theme_settled(page) -> None:
    """The theme's and the rollers' scripts have run (the colour switch is bound), and the frames after."""
    page.wait_for_function("() => document.querySelector('form[data-dl-palette]')?.dlPalette")
    after_frames(page)


# Counts the pages the theme has drawn in this document (its document$, which replays the current one).
DRAWN = """() => {
  if (window.__drawn === undefined) {
    window.__drawn = 0;
    document$.subscribe(() => window.__drawn++);
  }
  return window.__drawn;
}"""


def pages_drawn(page) -> int:
    """How many pages the theme has drawn in this document (``window.__drawn``, counted from the first call):
    a page reached by instant navigation is drawn once ``window.__drawn`` passes this (in, and scrolled)."""
    return page.evaluate(DRAWN)


# The theme's sitemap is in this document (its fetch done, and the frames after, where it has been read). The
# theme takes a click on a link as an instant navigation only once it has its sitemap (the click waits for it,
# combineLatestWith, and prevents the default too late); browser/early-tap.js holds a reader's tap until then
# (test_phone.py), and a test that taps once the sitemap is in checks the navigation, not that hold.
SITEMAP_IN = """() => performance.getEntriesByType('resource')
  .some((e) => new URL(e.name).pathname.endsWith('/sitemap.xml') && e.responseEnd > 0)"""


def instant_navigation_ready(page) -> None:
    """The theme will take a tap on a link to another page of the book as an instant navigation; and this
    document is marked (``mark_document``), so ``same_document`` tells that navigation from a full load."""
    page.wait_for_function(SITEMAP_IN)
    after_frames(page)
    mark_document(page)


def mark_document(page) -> None:
    """``same_document(page)`` is true from now until a full load replaces this document."""
    page.evaluate("window.__sameDocument = true")


def same_document(page) -> bool:
    """No full load since ``mark_document`` (instant navigations keep the document)."""
    return page.evaluate("window.__sameDocument === true")


def wait_for_new_document(page) -> None:
    """A full load has replaced the document ``mark_document`` marked."""
    page.wait_for_function("() => window.__sameDocument === undefined")


def navigate_instantly(page, path: str, game: str) -> None:
    """To ``path`` through the primary navigation's link, by the theme's instant navigation (checked: not a
    full load), once the theme has drawn the page (its ``game`` rollers there) and the scripts have settled.
    The page drawn, not only a roller of the game: the page left may have one too."""
    instant_navigation_ready(page)
    drawn = pages_drawn(page)
    page.locator(f".md-nav--primary a[href$='{path}']").first.dispatch_event("click")
    page.wait_for_url(f"**{path}")
    page.wait_for_function("(n) => window.__drawn > n", arg=drawn)
    page.wait_for_function(f"() => document.querySelector('.dl-roller[data-roller^=\"{game}.\"]')")
    theme_settled(page)
    assert same_document(page)  # not a full load


# Anything the pages' Content-Security-Policy refuses is a console error (so a failed test).
CSP_WATCH = """document.addEventListener("securitypolicyviolation", (e) =>
  console.error(`CSP violation: ${e.effectiveDirective} refused ${e.blockedURI || "(inline)"} at ${e.sourceFile}:${e.lineNumber}`));"""


def _only_local(route):
    host = urlsplit(route.request.url).hostname
    if host == "127.0.0.1":
        route.continue_()
    else:
        route.abort()


# The outcome line's mark and colour for each way a result ends (result/render.js): never colour alone.
OUTCOME_MARKS = {True: ("ok", "✔", "--dl-ok"), False: ("ko", "✘", "--dl-ko"), None: ("neutre", "◆", None)}


def assert_outcome_marked(widget) -> None:
    """The newest result's outcome line has the mark and colour of what the rules say of its roll: the roll of
    its share link (« Lien vers ce jet »: parameters, dice, follow-ups) played again by rules_py here."""
    import rules_py

    query = parse_qsl(urlsplit(widget.locator(".dl-roller__result .dl-share a").get_attribute("href")).query)
    fields = dict(query)
    params = {k: v for k, v in query if k not in ("lanceur", "des", "suite")}
    roller = widget.get_attribute("data-roller")
    answer = rules_py.call({"op": "roll", "roller": roller, "params": params, "dice": fields.get("des", "")})
    for step in json.loads(fields.get("suite", "[]")):
        assert answer["ok"], answer
        answer = rules_py.call(
            {"op": "action", "roller": roller, "action": step["action"], "params": step.get("params") or {},
             "dice": step.get("dice") or [], "state": answer["result"]["etat"]}
        )  # fmt: skip
    assert answer["ok"], answer
    kind, mark, colour = OUTCOME_MARKS[answer["result"]["reussite"]]
    shown = widget.locator(".dl-roller__result .dl-outcome").evaluate(
        """(o, colour) => { const probe = document.createElement("span");
             if (colour) probe.style.color = `var(${colour})`;
             o.closest(".dl-roller").append(probe);
             const out = { classes: [...o.classList], mark: o.querySelector(".dl-outcome__mark")?.textContent ?? "",
                           colour: getComputedStyle(o).color, want: getComputedStyle(probe).color };
             probe.remove(); return out; }""",
        colour,
    )
    assert f"dl-outcome--{kind}" in shown["classes"], (roller, shown)
    assert shown["mark"] == mark, (roller, shown)
    assert shown["colour"] == shown["want"], (roller, shown)  # the roller's own text colour when neutral
