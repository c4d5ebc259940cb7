"""A phone network (issue: the engine boots on any network, shows real progress, downloads less).

- Throttled to 1.6 Mbit/s with 300 ms of latency on the engine's files (tests/browser/throttle.py,
  gzip like the CDN): the first roll, clicked at once, arrives however long the download
  takes (longer than the 20 s idle window, so a fixed deadline would fail it), the progress
  shown moves up, and the server sees what the engine fetched: no lock file, the cut
  library, each file once.
- A download that stalls fails after 20 s of silence; « Réessayer » then fetches only
  what the browser does not hold yet.
- A connection asking to save data, or a slow one: nothing downloads before the first tap,
  and the widget says how much the engine weighs.
- The engine first (issue 19, part 1), the whole site shaped as a phone sees it: on a first
  visit the service worker's copy of the book asks for nothing before the engine is in; when
  the reader taps « Lancer » while the copy runs, no copy request comes between the engine's
  first request and the end of its files; the copy resumes afterwards.

- Download early, run late (issue 19, part 1): on a phone (the link, CPU ×4), a page with
  rollers asks for the engine's files before the theme's script has even run; Python starts
  only when a roller nears the screen, on those downloads (each file fetched once). A prefetch
  whose download is lost leaves the boot to start afresh; on a fast link (loopback) nothing is
  fetched before a roller nears the screen; a page without rollers fetches none.

Figures are printed: ``pytest -s``.
"""

from __future__ import annotations

import json
import re
import time

import pytest
from conftest import LAYOUT_SHIFTS, new_page
from throttle import PHONE_LATENCY, PHONE_RATE, ThrottledServer, every_file

pytestmark = pytest.mark.browser

ENV_PAGE = "/solaires/resoudre-une-action/"
IDLE_WINDOW_S = 20


@pytest.fixture(scope="module")
def phone(server):
    """The session's site again, served as through a phone link."""
    throttled = ThrottledServer(server.site)
    yield throttled
    throttled.close()


@pytest.fixture
def phone_page(browser, page_errors, request):
    page = new_page(
        browser, page_errors, only_local=False, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    yield page
    page.context.close()
    assert page_errors == [], page_errors


def test_throttled_first_roll_arrives_with_moving_progress(phone_page, phone):
    page = phone_page
    phone.reset()
    page.goto(phone.url + ENV_PAGE)
    widget = page.locator('.dl-roller[data-roller="solaires.environnement"]').first
    widget.scroll_into_view_if_needed()
    start = time.monotonic()
    widget.locator("button.dl-roll").tap()
    status = widget.locator(".dl-roller__status")
    samples: list[tuple[float, str]] = []
    outcome = widget.locator('.dl-roller__result[data-roll="1"] .dl-outcome')
    while outcome.count() == 0 and time.monotonic() - start < 240:
        text = status.inner_text().strip() if status.is_visible() else ""
        samples.append((round(time.monotonic() - start, 1), text))
        assert "n’a pas pu" not in text and "s’est arrêté" not in text, samples[-5:]
        page.wait_for_timeout(500)
    elapsed = time.monotonic() - start
    assert outcome.count() == 1, f"no first roll after {elapsed:.0f} s: {samples[-5:]}"
    percents = [int(m.group(1)) for _, text in samples if (m := re.search(r"(\d+)\u00a0%", text))]
    steps = [text for _, text in samples if "étape" in text]
    engine_bytes = sum(n for path, n in phone.sent.items() if path.startswith("/pyodide/") or path.endswith(".zip"))
    print(
        f"\nthrottled first roll after {elapsed:.1f} s; engine {engine_bytes / 1e6:.2f} MB sent; "
        f"progress seen {sorted(set(percents))}; requests {sorted(set(phone.requests))}"
    )
    assert elapsed > IDLE_WINDOW_S, "the link is slower than the idle window: a fixed deadline would have failed"
    # The progress moves: many distinct figures, never going back, up to nearly the whole download.
    assert len(set(percents)) >= 5, samples
    assert percents == sorted(percents), percents
    assert percents[-1] >= 80 and percents[0] <= 30, percents
    assert any("Téléchargement du moteur de dés" in t and "environ" in t and "étape 1 sur 3" in t for t in steps), steps
    assert not any("Python (Pyodide)" in t for _, t in samples)
    # What the engine fetched: no lock, the site's cut library, each big file once.
    assert "/pyodide/pyodide-lock.json" not in phone.requests
    assert "/pyodide/python_stdlib.zip" not in phone.requests
    for path in (
        "/pyodide/pyodide.mjs",
        "/pyodide/pyodide.asm.mjs",
        "/pyodide/pyodide.asm.wasm",
        "/assets/rollers/python_stdlib.zip",
    ):
        assert phone.requests.count(path) == 1, (path, phone.requests)
    # The rules' own files came while the engine downloaded, not after it.
    order = phone.requests
    assert order.index("/assets/rollers/rules_py/core.txt") < order.index("/pyodide/pyodide.asm.wasm") + 8


def test_a_stalled_download_fails_after_20_s_and_retry_reuses_what_arrived(phone_page, server, page_errors, request):
    request.node.allow_console_errors = True
    fast = ThrottledServer(server.site, rate=None, latency=0)
    try:
        page = phone_page
        fast.stall.add("/assets/rollers/python_stdlib.zip")
        page.goto(fast.url + ENV_PAGE)
        widget = page.locator('.dl-roller[data-roller="solaires.environnement"]').first
        start = time.monotonic()
        widget.scroll_into_view_if_needed()
        retry = widget.locator("button.dl-retry")
        retry.wait_for(timeout=40_000)
        elapsed = time.monotonic() - start
        status = widget.locator(".dl-roller__status").inner_text()
        print(f"\nstalled library: French message after {elapsed:.1f} s; requests {fast.requests}")
        assert IDLE_WINDOW_S - 0.5 < elapsed < IDLE_WINDOW_S + 8, elapsed
        assert "plus rien n’arrive depuis 20 s" in status, status
        assert fast.requests.count("/pyodide/pyodide.asm.wasm") == 1
        fast.stall.clear()
        retry.tap()
        widget.locator("button.dl-roll").tap()
        widget.locator(".dl-roller__result .dl-outcome").wait_for(timeout=60_000)
        assert page.evaluate("desEtLames.runtime.boots") == 2
        # The engine's files that had arrived came from the browser's cache the second time.
        assert fast.requests.count("/pyodide/pyodide.asm.wasm") == 1, fast.requests
        assert fast.requests.count("/pyodide/pyodide.asm.mjs") == 1, fast.requests
    finally:
        fast.close()
    assert [e for e in page_errors if "net::" not in e and "Failed to load" not in e] == []
    page_errors.clear()


@pytest.mark.parametrize(
    "connection", [{"saveData": True, "effectiveType": "4g"}, {"saveData": False, "effectiveType": "3g"}]
)
def test_saving_data_or_slow_connection_downloads_nothing_before_the_first_tap(phone_page, server, connection):
    """Nothing of the engine before the first tap, and every roller says so, in the page's note: shown from
    the parse (engine/first-tap.js, at the end of <head>), so that nothing moves as the widgets wake (written in
    each as it woke, it pushed the page 104 px down at 390×844: a layout shift of 0.03-0.05)."""
    page = phone_page
    page.context.add_init_script(LAYOUT_SHIFTS)
    page.add_init_script(
        f"Object.defineProperty(Navigator.prototype, 'connection', {{ get: () => ({json.dumps(connection)}) }});"
    )
    server.faults.requests.clear()
    html = (server.site / ENV_PAGE.strip("/") / "index.html").read_text(encoding="utf-8")
    section = re.search(r'<section class="dl-roller" id="([^"]+)"[^>]*data-roller="solaires.environnement"', html)
    page.goto(f"{server.url}{ENV_PAGE}#{section.group(1)}")  # opened at that roller, as from the contents
    widget = page.locator('.dl-roller[data-roller="solaires.environnement"]').first
    note = widget.locator(".dl-roller__deferred")
    page.wait_for_function("(el) => !Object.getOwnPropertyDescriptor(el, 'dlWidget')?.get", arg=widget.element_handle())
    # Woken, the widget has asked for its engine (Widget.nearScreen, in the same task): no start is waiting
    # for a quiet moment, no worker was made, nothing of the engine was asked for.
    assert page.evaluate("[desEtLames.runtime.soon, desEtLames.runtime.worker, desEtLames.runtime.boots]") == [
        None,
        None,
        0,
    ]
    assert not [p for p in server.faults.requests if p.startswith("/pyodide/") or p.endswith(".zip")], (
        server.faults.requests
    )
    assert page.evaluate("window.__dlShifts") == []  # the note was there from the first paint
    assert note.is_visible() and widget.locator(".dl-roller__status").is_hidden()
    text = note.inner_text()
    figure = page.evaluate("""() => fetch("/assets/rollers/rollers-worker.js").then((r) => r.text())
        .then((t) => JSON.parse(t.match(/^const CONFIG = (.*);$/m)[1]).download)""")
    assert re.fullmatch(r"\d,\d\u00a0Mo", figure)
    assert f"le moteur de dés (environ {figure}) ne sera téléchargé qu’à votre premier jet" in text, text
    widget.locator("button.dl-roll").tap()
    widget.locator('.dl-roller__result[data-roll="1"] .dl-outcome').wait_for(timeout=60_000)
    assert "/pyodide/pyodide.asm.wasm" in server.faults.requests
    assert widget.locator(".dl-roller__status").is_hidden()
    assert page.locator(".dl-roller__deferred").evaluate_all("all => all.filter((e) => e.offsetHeight).length") == 0


def test_without_a_slow_connection_no_roller_says_it_waits_for_a_tap(page, server):
    page.goto(server.url + ENV_PAGE)
    notes = page.locator(".dl-roller__deferred")
    assert notes.count() > 1 and "premier jet" in notes.first.text_content()
    page.locator(".dl-roller").first.scroll_into_view_if_needed()
    page.wait_for_function("() => window.desEtLames?.runtime?.state?.name !== 'idle'", timeout=30_000)
    assert notes.evaluate_all("all => all.filter((e) => e.offsetHeight).length") == 0


# ----------------------------------------------------------------------
# The engine first: the offline copy never competes with it
# ----------------------------------------------------------------------

SLOW_CONNECTION = "Object.defineProperty(Navigator.prototype, 'connection', { get: () => ({ effectiveType: '3g' }) });"


@pytest.fixture
def whole_site_shaped(server):
    """Every file through the one link (4x the phone's rate, to keep the test short; its latency)."""
    shaped = ThrottledServer(server.site, rate=4 * PHONE_RATE, latency=PHONE_LATENCY, slow=every_file)
    yield shaped
    shaped.close()


def engine_request(target: str) -> bool:
    """The worker's own requests: Pyodide's files and the site's files asked with their version (``?v=``)."""
    return target.startswith("/pyodide/") or "?v=" in target


def copy_requests(timeline: list, start: float, end: float) -> list[str]:
    """Requests that came in [start, end) and are not the engine's (the service worker's copy)."""
    return [target for _, came, _, target in timeline if start <= came < end and not engine_request(target)]


def test_a_first_visit_asks_for_no_copy_before_the_engine_is_in(phone_page, whole_site_shaped):
    page, srv = phone_page, whole_site_shaped
    page.goto(srv.url + ENV_PAGE)
    widget = page.locator('.dl-roller[data-roller="solaires.environnement"]').first
    widget.locator("button.dl-roll").tap()
    widget.locator(".dl-roller__result .dl-outcome").wait_for(timeout=120_000)
    timeline = [list(entry) for entry in srv.timeline]
    wasm_end = next(ended for path, _, ended, _ in timeline if path == "/pyodide/pyodide.asm.wasm")
    early = copy_requests(timeline, timeline[0][1], wasm_end)
    loaded = {"/sitemap.xml", "/search/search_index.json"}  # the page's own, at load (Material)
    assert [t for t in early if not t.startswith(("/assets/", "/stylesheets/", ENV_PAGE)) and t not in loaded] == []
    assert "/sw.js" not in [path for path, came, _, _ in timeline if came < wasm_end]
    # The copy comes once the engine is in: another chapter's page arrives.
    deadline = time.monotonic() + 60
    while "/credits/" not in srv.requests:
        assert time.monotonic() < deadline, srv.requests
        page.wait_for_timeout(250)


def test_a_tap_during_the_copy_puts_the_engine_first(phone_page, whole_site_shaped):
    page, srv = phone_page, whole_site_shaped
    page.add_init_script(SLOW_CONNECTION)  # the engine waits for the first tap: the copy starts first
    page.goto(srv.url + ENV_PAGE)
    widget = page.locator('.dl-roller[data-roller="solaires.environnement"]').first
    widget.scroll_into_view_if_needed()
    widget.locator(".dl-roller__deferred").wait_for(timeout=10_000)
    deadline = time.monotonic() + 60
    while "/credits/" not in srv.requests:  # the service worker's copy is under way
        assert time.monotonic() < deadline, srv.requests
        page.wait_for_timeout(100)
    widget.locator("button.dl-roll").tap()
    widget.locator(".dl-roller__result .dl-outcome").wait_for(timeout=120_000)
    timeline = [list(entry) for entry in srv.timeline]
    first_engine = next(came for _, came, _, target in timeline if engine_request(target))  # nothing before the tap
    engine_end = max(ended for _, _, ended, target in timeline if engine_request(target))
    before = copy_requests(timeline, timeline[0][1], first_engine)
    during = copy_requests(timeline, first_engine, engine_end)
    print(
        f"\n{len(before)} copy requests before the tap; during the engine's {engine_end - first_engine:.1f} s: {during}"
    )
    assert "/credits/" in before
    assert during == [], "the copy competed with the engine"
    # ... and resumes once the engine is in.
    deadline = time.monotonic() + 60
    while not copy_requests([list(e) for e in srv.timeline], engine_end, float("inf")):
        assert time.monotonic() < deadline, "the copy never resumed"
        page.wait_for_timeout(250)


# ----------------------------------------------------------------------
# Download early, run late
# ----------------------------------------------------------------------

FAR_PAGE = "/dcda/confrontation/"  # its first roller is far below a phone's first screen
ENGINE_FILES = ("/pyodide/pyodide.mjs", "/pyodide/pyodide.asm.mjs", "/pyodide/pyodide.asm.wasm")


def test_a_roller_page_asks_for_the_engine_at_once_and_runs_it_only_near_a_roller(phone_page, server):
    page = phone_page
    srv = ThrottledServer(server.site, PHONE_RATE, PHONE_LATENCY, slow=every_file)  # the whole site, one phone link
    try:
        page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": 4})
        page.goto(srv.url + FAR_PAGE, wait_until="commit")
        page.wait_for_function(
            "() => globalThis.desEtLames?.runtime && !desEtLames.runtime.state.fetching", timeout=120_000
        )
        timeline = [list(entry) for entry in srv.timeline]
        first_engine = min(came for _, came, _, target in timeline if engine_request(target))
        theme = min(came for _, came, _, target in timeline if target in ("/sitemap.xml", "/search/search_index.json"))
        print(
            f"\nengine asked for {first_engine - timeline[0][1]:.2f} s after the page, the theme's requests after "
            f"{theme - timeline[0][1]:.2f} s"
        )
        assert first_engine < theme, "the engine waited for the theme's script"
        # Downloaded and checked, nothing run: no boot, no roller near the screen.
        assert page.evaluate("[desEtLames.runtime.boots, desEtLames.runtime.state]") == [0, {"name": "idle"}]
        assert page.evaluate("desEtLames.runtime.worker") is not None
        for path in (*ENGINE_FILES, "/assets/rollers/python_stdlib.zip"):
            assert srv.requests.count(path) == 1, (path, srv.requests)
        widget = page.locator(".dl-roller[data-roller]").first
        widget.scroll_into_view_if_needed()
        widget.locator("button.dl-roll").tap()
        widget.locator('.dl-roller__result[data-roll="1"] .dl-outcome').wait_for(timeout=120_000)
        assert page.evaluate("desEtLames.runtime.boots") == 1
        for path in (*ENGINE_FILES, "/assets/rollers/python_stdlib.zip"):  # Python started on those downloads
            assert srv.requests.count(path) == 1, (path, srv.requests)
    finally:
        page.context.close()  # before its server: the service worker's install would fail, loudly
        srv.close()


def test_a_prefetch_that_lost_its_download_leaves_the_boot_to_start_afresh(phone_page, server, page_errors, request):
    request.node.allow_console_errors = True
    page = phone_page
    srv = ThrottledServer(server.site, rate=None, latency=PHONE_LATENCY, slow=every_file)  # a phone's round trips
    try:
        srv.refuse.add("/pyodide/pyodide.asm.wasm")
        page.goto(srv.url + FAR_PAGE)
        # the prefetch's worker dropped, the page still idle: nothing said, nothing kept
        page.wait_for_function("() => globalThis.desEtLames?.runtime && !desEtLames.runtime.state.fetching")
        assert page.evaluate("[desEtLames.runtime.worker, desEtLames.runtime.state]") == [None, {"name": "idle"}]
        assert srv.requests.count("/pyodide/pyodide.asm.wasm") == 1
        srv.refuse.clear()
        widget = page.locator(".dl-roller[data-roller]").first
        widget.scroll_into_view_if_needed()
        widget.locator("button.dl-roll").tap()
        widget.locator('.dl-roller__result[data-roll="1"] .dl-outcome').wait_for(timeout=60_000)
        assert widget.locator(".dl-roller__status").is_hidden()
        assert srv.requests.count("/pyodide/pyodide.asm.wasm") == 2  # the boot's own, afresh
    finally:
        page.context.close()  # before its server: the service worker's install would fail, loudly
        srv.close()
    assert [e for e in page_errors if "503" not in e] == []
    page_errors.clear()


# The page came fast: its first byte less than 200 ms after the navigation began (engine/engine-worker.js,
# SLOW_LINK_MS), as a loopback page does, unless the machine is loaded enough to make it wait.
CAME_FAST = """() => { const n = performance.getEntriesByType("navigation")[0];
  return n.responseStart - n.startTime < 200; }"""


def test_on_a_fast_link_the_engine_waits_for_a_roller_near_the_screen(browser, server, page_errors):
    """On a fast link the download is short when it is needed: the page's own load keeps the processor.
    A visit whose page came 200 ms or more after its navigation began is a slow link's, where the engine is
    rightly fetched at once: on a loaded machine the loopback server can be that slow, and the test visits
    again, in a fresh context (nothing of a prefetch in its cache), until one came fast."""
    for _ in range(5):
        server.faults.reset()
        page = new_page(browser, page_errors, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
        try:
            page.goto(server.url + FAR_PAGE, wait_until="load")
            # The rollers' module has bound the widgets: the prefetch was decided then (main.js bindAll), and
            # prefetch.js, async in <head>, ran before the load.
            page.wait_for_function("() => Object.hasOwn(document.querySelector('.dl-roller[data-roller]'), 'dlWidget')")
            if not page.evaluate(CAME_FAST):
                continue
            assert page.evaluate("desEtLames.runtime.worker") is None
            assert page.evaluate("desEtLames.early") is None
            assert [p for p in server.faults.requests if p.startswith("/pyodide/") or p.endswith(".zip")] == []
            break
        finally:
            page.context.close()
    else:
        raise AssertionError("five visits, none whose page came within 200 ms: the machine too loaded to tell")
    assert page_errors == [], page_errors


def test_a_page_without_rollers_fetches_no_engine(phone_page, server):
    server.faults.reset()
    phone_page.goto(server.url + "/credits/", wait_until="load")
    phone_page.wait_for_function("() => window.desEtLames?.runtime")  # the rollers' module has run
    assert phone_page.evaluate("desEtLames.runtime.worker") is None
    assert [p for p in server.faults.requests if engine_request(p) or p.endswith(".zip")] == [], server.faults.requests
    assert "/assets/rollers/prefetch.js" not in server.faults.requests
