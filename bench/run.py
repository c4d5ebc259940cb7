"""Dés & Lames benchmark: prints a table of figures and writes bench/results/latest.json.

Every target is a ratio or a bound measured in this one run, on this machine. The machine has two
cores shared with whatever else runs: where a figure is time, it is read with a ruler a busy core
stretches little (processor or thread time, medians of interleaved runs), and the 1-minute load
average around each section is written beside it. bench/README.md says what each figure is.

- build from a fresh clone: `mkdocs build` with the project's extension and hook, the hooks' HTML
  cache empty, stays within 2.0x a plain Material build of the same chapters (the same site without
  them), in processor time of the build process; wall time beside it, and the same with the HTML
  cache warm;
- both stacks side by side: `bash tools/build.sh mkdocs` and `zensical`, seconds each (no target);
- cold start: click on "Lancer" on a fresh page opened at its first roller's section (the
  button on screen, as a reader taps it) -> outcome, against a bare page that
  only runs a stock loadPyodide, same browser, Pyodide served locally with gzip (<= 1.0x);
- bytes before the first roll's result: encoded bytes the server sent for Pyodide's
  files and the rollers' own (JS, CSS, rules_py, the cut standard library), against
  the bare page's Pyodide files (<= 0.75x), counted server-side (the worker's
  requests are not in the page's DevTools session);
- the standard library shipped against Pyodide's full one (<= 0.35x);
- the first roll through a phone network, the whole site shaped (bench/phone.py: 1.6 Mbit/s,
  300 ms, 4x CPU slowdown), one visit each: against the bare page (<= 0.70x) and against the
  byte limit, the bytes the first roll needs at the link's rate plus its round trips (<= 1.15x);
- per page (bench/pages.py): Lighthouse's mobile performance, each page with rollers against the
  credits page, interleaved (credits, page, credits, page…, 9 rounds): median score within 3
  points, median total blocking time within 100 ms; the DOM elements of every page;
- warm roll: click -> outcome once the engine is ready and the offline copy of the book done,
  median of 20 (<= 20 ms); beside it, each roll's thread time from a trace (main thread and the
  engine's worker, tap -> outcome painted) and the same clicks right after the first roll,
  while the book is copied;
- the longest task of the page's main thread after load, while Pyodide boots and serves the
  first roll, by its thread time in a trace of the visit (bench/chrome_trace.py) (<= 50 ms);
  its wall time and the long-task observer's figures beside it; the same visit from the page's
  top, « Lancer » clicked off-screen, is reported too (no reader taps a button it cannot see);
- bytes the rollers add to a page before Pyodide, gzipped (<= 60 KB);
- odds: slowest odds query of each roller, CPython and Pyodide (<= 5 ms);
- the contributor's loop (bench/serve_loop.py): a chapter edited under `tools/serve.sh` to the page
  reloaded in the browser, median of its edits and the slowest (<= 3 s each);
- a table link on the meneuse's phone (bench/table_link.py): the link a player's « Montrer ce jet »
  makes, opened in a new tab (CPU x4, the engine's files cached), navigation -> the roll replayed,
  against the bare page at the same slowdown (<= 0.21x).

Usage: bash tools/bench.sh  (or .venv/bin/python bench/run.py [--quick] [--no-phone] [--no-lighthouse]
[--lighthouse-rounds N] [--no-serve] [--no-table-link] [--stacks-only])
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
RESULTS = ROOT / "bench" / "results"

# Every process the benchmark starts imports this checkout's hooks and rules_py: a build in a copy of the
# project (Zensical's) would otherwise import whatever the virtual environment's editable install points
# to, another checkout's when the environment is shared between git worktrees.
os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
ENV = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}


# ======================================================================
# Build: with hooks vs hooks off
# ======================================================================


def config_without_hooks(tmp: Path) -> Path:
    """mkdocs.yml without the project's build: its `hooks:` block and its Markdown extension (the same site, no rollers)."""
    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    text = re.sub(r"(?m)^hooks:.*\n(?:[ \t]+-.*\n)+", "", text)
    text = re.sub(r"(?m)^[ \t]+- hooks\.page\.extension\b.*\n", "", text)
    path = ROOT / ".bench-nohooks.yml"  # beside mkdocs.yml so relative paths hold
    path.write_text(text, encoding="utf-8")
    return path


def time_build(config: Path, out: Path, env: dict) -> tuple[float, float]:
    """One ``mkdocs build`` in a fresh process: (wall seconds, processor seconds: its user + system time).

    The processor time is what the build costs; a second core busy elsewhere barely changes it,
    where it can double the wall time of a build on this two-core machine."""
    import resource

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(config), "-d", str(out)],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
    )
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def bench_build(runs: int) -> dict:
    """Median build times, interleaved (with hooks, without, with, without…), in three settings.

    ``cold_html`` (the target: a build from a fresh clone): the hooks' HTML cache
    (hooks/page/build_cache.py: widgets and probability tables, kept between builds while rules_py and
    the hooks are unchanged) empty at every build, Python's bytecode cache on (as on any
    developer's machine or GitHub Actions once the packages are installed). ``bytecode``: the same
    with the HTML cache warm (a build after a change to the text). ``no_bytecode``: with
    PYTHONDONTWRITEBYTECODE=1, every build compiles rules_py and the hooks again.
    Each figure in processor time (the build process's user + system time, the ratio the goal
    reads) and in wall time.
    """
    out = {}
    cached = {k: v for k, v in ENV.items() if k != "PYTHONDONTWRITEBYTECODE"}
    uncached = {**ENV, "PYTHONDONTWRITEBYTECODE": "1"}
    load_before = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as tmp:
        tmp_path = Path(tmp)
        plain = config_without_hooks(tmp_path)
        try:
            for name, env in (("no_bytecode", uncached), ("bytecode", cached), ("cold_html", cached)):
                if name != "cold_html":
                    for cache in (ROOT / "rules_py" / "__pycache__", *(ROOT / "hooks").rglob("__pycache__")):
                        shutil.rmtree(cache, ignore_errors=True)  # "no_bytecode" must not read old ones
                time_build(ROOT / "mkdocs.yml", tmp_path / "warm", env)  # warm the caches once
                with_hooks, without = [], []
                for i in range(runs):  # interleaved, so drift hits both alike
                    run_env = env
                    if name == "cold_html":  # a fresh temporary folder: the HTML cache is empty
                        (tmp_path / f"t{i}").mkdir()
                        run_env = {**env, "TMPDIR": str(tmp_path / f"t{i}")}
                    with_hooks.append(time_build(ROOT / "mkdocs.yml", tmp_path / f"h{i}", run_env))
                    without.append(time_build(plain, tmp_path / f"n{i}", run_env))
                h, n = statistics.median(w for w, _ in with_hooks), statistics.median(w for w, _ in without)
                hc, nc = statistics.median(c for _, c in with_hooks), statistics.median(c for _, c in without)
                out[name] = {
                    "with_hooks_s": round(h, 3),
                    "without_hooks_s": round(n, 3),
                    "ratio": round(h / n, 3),
                    "with_hooks_cpu_s": round(hc, 3),
                    "without_hooks_cpu_s": round(nc, 3),
                    "cpu_ratio": round(hc / nc, 3),
                }
        finally:
            plain.unlink(missing_ok=True)
    return {
        **out["bytecode"],
        "runs": runs,
        "no_bytecode": out["no_bytecode"],
        "cold_html": out["cold_html"],
        "cold_html_cpu_ratio": out["cold_html"]["cpu_ratio"],
        "load_average_before_after": [round(load_before, 2), round(os.getloadavg()[0], 2)],
    }


# ======================================================================
# Both stacks: `bash tools/build.sh mkdocs` and `zensical`, side by side
# ======================================================================


def bench_stacks(runs: int) -> dict:
    """Median seconds of each stack's whole build (hooks/build.py, as tools/build.sh runs it), interleaved.

    MkDocs: ``mkdocs build --strict`` with the extension and its hook's site step. Zensical: the
    copy of the sources, ``zensical build --strict`` with the extension, then the same site step.
    Each run in a fresh process (tests/helpers.py ``build_site``), the HTML cache warm, bytecode on.
    """
    sys.path.insert(0, str(ROOT / "tests"))
    from helpers import build_site

    times: dict[str, list[float]] = {"mkdocs": [], "zensical": []}
    with tempfile.TemporaryDirectory() as tmp:
        for stack in times:  # warm: bytecode, the widgets' HTML cache, the cut standard library
            build_site(Path(tmp) / f"warm-{stack}", "http://127.0.0.1:8000/", stack=stack)
        for i in range(runs):
            for stack in times:
                times[stack].append(build_site(Path(tmp) / f"{stack}-{i}", "http://127.0.0.1:8000/", stack=stack))
    m, z = (statistics.median(times[s]) for s in ("mkdocs", "zensical"))
    return {
        "mkdocs_s": round(m, 3),
        "zensical_s": round(z, 3),
        "ratio": round(z / m, 3),
        "runs": runs,
        "mkdocs_runs_s": [round(t, 3) for t in times["mkdocs"]],
        "zensical_runs_s": [round(t, 3) for t in times["zensical"]],
    }


def stacks_line(st: dict) -> str:
    return (
        f"builds side by side (tools/build.sh, median of {st['runs']}): MkDocs + Material {st['mkdocs_s']} s, "
        f"Zensical {st['zensical_s']} s ({st['ratio']}x); runs {st['mkdocs_runs_s']} vs {st['zensical_runs_s']}"
    )


# ======================================================================
# Odds: CPython and Pyodide (Node, local npm copy)
# ======================================================================


def bench_odds() -> dict:
    """Each roller's slowest odds query over a grid of its parameters (bench/odds_grid.py: best of
    five timings of the slowest few, which a busy core stretches little), in CPython and in Pyodide."""
    load_before = os.getloadavg()[0]
    cpy = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "odds_grid.py")], cwd=ROOT, capture_output=True, text=True, check=True
    )
    pyo = subprocess.run(
        ["node", str(ROOT / "bench" / "pyodide_odds.mjs")], cwd=ROOT, capture_output=True, text=True, check=True
    )
    c, p = json.loads(cpy.stdout), json.loads(pyo.stdout.strip().splitlines()[-1])
    return {
        "rollers": {
            rid: {"cpython_ms": c[rid]["ms"], "pyodide_ms": p[rid]["ms"], "params": c[rid]["params"]} for rid in c
        },
        "load_average_before_after": [round(load_before, 2), round(os.getloadavg()[0], 2)],
    }


# ======================================================================
# Bytes: what the rollers add to a page before Pyodide, gzipped
# ======================================================================


def gz(path: Path) -> int:
    import gzip

    return len(gzip.compress(path.read_bytes(), compresslevel=9))


def bench_bytes(site: Path) -> dict:
    """The rollers' own bytes, gzipped: all shipped, and what each page with rollers fetches.

    A page fetches the front-end (JS, CSS, worker), then its worker the core pack of ``rules_py``
    and the packs of the games on the page (``core`` and ``systems`` of the build's manifest,
    ``pack_name``), no other: the service worker's offline copy of the whole book comes after
    the first roll, in an idle moment, and is not counted; nor are the character sheets'
    packs, which no roll needs, nor ``sheets.js``, the « Mes personnages » pages' own bundle
    (counted apart, for those pages).
    """
    from hooks.site_step.front_end import pack_name

    assets = site / "assets" / "rollers"
    # The engine's own standard library lives there too: it is Pyodide's, counted in the bytes ratio.
    files = sorted(p for p in assets.rglob("*") if p.is_file() and p.name != "python_stdlib.zip")
    total = sum(gz(p) for p in files)
    # sheets.js: the « Mes personnages » pages' own modules, fetched by those pages only (main.js);
    # fiches.js, table.js and lean-qr.js: fetched where they are used (a device that holds sheets, a
    # table page, a QR code shown): counted apart, as sheets.js
    # journal-panel.js: the journal's dialog, fetched once a roll is drawn (or the journal opened);
    # dice-pad.js: « Entrer mes dés »'s pad, fetched at its first tap
    later = {"sheets.js", "fiches.js", "table.js", "lean-qr.js", "journal-panel.js", "dice-pad.js"}
    sheets_js = sum(gz(p) for p in files if p.name == "sheets.js")
    on_demand = {name: round(sum(gz(p) for p in files if p.name == name) / 1024, 1) for name in sorted(later)}
    front = sum(gz(p) for p in files if p.suffix in {".js", ".css"} and p.name not in later)
    packs = {p.name: gz(p) for p in (assets / "rules_py").glob("*.txt")}
    mapping = yaml.safe_load((ROOT / "hooks" / "page" / "sections.yml").read_text(encoding="utf-8"))
    every_game = {e["roller"].split(".", 1)[0] for entries in mapping.values() for e in entries}
    sheets_gz = sum(packs[pack_name(game, True)] for game in (None, *sorted(every_game)))
    core = packs[pack_name(None, False)]
    pages = {}
    for src, entries in mapping.items():
        games = {e["roller"].split(".", 1)[0] for e in entries}
        own = sum(packs[pack_name(game, False)] for game in games)
        pages[src] = round((front + core + own) / 1024, 1)
    largest = max(pages, key=lambda src: pages[src])
    return {
        "all_shipped_gz_kb": round(total / 1024, 1),
        "js_css_gz_kb": round(front / 1024, 1),
        "rules_core_gz_kb": round(core / 1024, 1),
        "sheets_gz_kb": round(sheets_gz / 1024, 1),
        # a « Mes personnages » page: the front-end, sheets.js, the core and every sheet module
        # (its worker checks sheets of its game; the largest game's modules counted as all)
        "sheets_js_gz_kb": round(sheets_js / 1024, 1),
        "sheets_page_gz_kb": round((front + sheets_js + core + sheets_gz) / 1024, 1),
        "on_demand_gz_kb": on_demand,
        "page_gz_kb": pages,
        "largest_page_gz_kb": pages[largest],
        "largest_page": largest,
    }


# ======================================================================
# Browser: cold start vs bare loadPyodide, warm roll, long tasks
# ======================================================================

BARE = """<!doctype html><html lang="fr"><meta charset="utf-8"><title>bare</title>
<button id="go">Charger</button><p id="out"></p>
<script type="module">
document.getElementById("go").addEventListener("click", async () => {
  const t0 = performance.now();
  const { loadPyodide } = await import("/pyodide/pyodide.mjs");
  const py = await loadPyodide({ indexURL: "/pyodide/" });
  py.runPython("1 + 1");
  window.__ms = performance.now() - t0;
  document.getElementById("out").textContent = "prêt";
});
</script></html>"""

# The page of the cold-start roll (run.py --page, bench/phone.py): a roller in its first screenful of sections.
COLD_PAGE = "/solaires/resoudre-une-action/"

LONGTASKS = """
window.__longtasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__longtasks.push({ start: e.startTime, ms: e.duration });
}).observe({ type: "longtask", buffered: true });
"""

# Click "Lancer" of a widget, resolve with ms until a new outcome is on screen.
CLICK_TO_OUTCOME = """async ([index, limitMs]) => {
  const w = document.querySelectorAll("[data-roller]")[index];
  const out = w.querySelector(".dl-roller__result");
  const btn = w.querySelector(".dl-roll");
  const before = out.querySelector(".dl-outcome");
  const t0 = performance.now();
  btn.click();
  await new Promise((resolve, reject) => {
    const limit = t0 + limitMs;
    const look = () => {
      const now = out.querySelector(".dl-outcome");
      if (now && now !== before) return resolve();
      if (out.querySelector(".dl-error")) return reject(new Error(out.textContent));
      if (performance.now() > limit) return reject(new Error(`no outcome after ${limitMs} ms`));
      requestAnimationFrame(look);
    };
    look();
  });
  return performance.now() - t0;
}"""


def bench_stdlib(site: Path) -> dict:
    """The standard library the site ships against Pyodide's full one."""
    shipped = site / "assets" / "rollers" / "python_stdlib.zip"
    full = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"
    return {
        "shipped_kb": round(shipped.stat().st_size / 1024, 1),
        "full_kb": round(full.stat().st_size / 1024, 1),
        "ratio": round(shipped.stat().st_size / full.stat().st_size, 3),
    }


def throttled_server(site: Path, rate=None, latency=0.0):
    """The tests' phone-network server (gzip like the CDN; rate None: loopback speed)."""
    sys.path.insert(0, str(ROOT / "tests" / "browser"))
    from throttle import ThrottledServer

    return ThrottledServer(site, rate=rate, latency=latency)


def engine_bytes(sent: dict, rollers: bool) -> int:
    """Encoded bytes of Pyodide's files (and, for the rulebook, the rollers' own: JS, CSS, rules_py, library)."""
    return sum(
        n
        for path, n in sent.items()
        if path.startswith("/pyodide/") or (rollers and path.startswith("/assets/rollers/"))
    )


def run_bare(browser, url: str, srv, cpu: float = 1, timeout_ms: int = 60_000) -> tuple[float, int, list[str]]:
    """Bare page: click -> stock loadPyodide done (fresh context: cold HTTP cache); ms, bytes, paths."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    page.goto(f"{url}/bare.html", wait_until="load")
    slow_down(ctx, page, cpu)
    srv.reset()
    page.click("#go")
    page.wait_for_function("() => window.__ms !== undefined", timeout=timeout_ms)
    ms = page.evaluate("window.__ms")
    sent, paths = engine_bytes(dict(srv.sent), rollers=False), list(srv.requests)
    ctx.close()
    return ms, sent, paths


def open_before_load(page, url: str) -> None:
    """Navigate and wait for the load, with Playwright's page script set up before the load ends.

    Playwright compiles a 330 KB script of its own on the page's main thread (20-80 ms, traced)
    in each world where it first waits for something in a document: the page's world
    (``wait_for_function``), its own isolated world (selectors: ``wait_for_selector``,
    locators). Traced: a selector waited for from the commit compiled its copy only once the
    page had loaded, in 3 runs of 5, a long task after the load that is Playwright's, not the
    page's. So the visit uses the page's world alone until the outcome, its script compiled at
    the commit, in the page's load like the theme's own scripts."""
    open_committed(page, url)
    page.wait_for_load_state("load")


def open_committed(page, url: str) -> None:
    """Navigate until the page has committed, Playwright's page script compiled then (see open_before_load)."""
    page.goto(url, wait_until="commit")
    page.wait_for_function("() => true")


FIRST_ROLLER_BOUND = "() => Boolean(document.querySelector('[data-roller] .dl-roll:not([disabled])'))"


def wait_first_roller_bound(page, timeout_ms: int = 30_000) -> None:
    """Until a roller's « Lancer » can be tapped: polled in the page's world (see open_before_load)."""
    page.wait_for_function(FIRST_ROLLER_BOUND, polling=50, timeout=timeout_ms)


def first_roller_id(site: Path, page_path: str) -> str:
    """The id of a page's first roller: the benchmark opens the page at it, as a reader who
    followed the table of contents to that section, and taps a « Lancer » on screen."""
    html = (site / page_path.strip("/") / "index.html").read_text(encoding="utf-8")
    tag = re.search(r"<[a-z]+ [^>]*\bdata-roller=[^>]*>", html).group(0)
    return re.search(r'\bid="([^"]+)"', tag).group(1)


def tap_first_roller(browser, srv, url: str, traced: bool = False):
    """A cold visit (fresh context): the first roller's « Lancer » clicked as soon as it is bound.

    Returns the page (its context left open) and what was measured: tap_ms (click -> outcome),
    engine_bytes, and the longest main-thread task after and before the page's load (wall time,
    the page's long-task observer); ``traced``: also the longest task after the load by its
    thread time, from a trace of the visit (bench/chrome_trace.py), with its wall time."""
    import chrome_trace

    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    ctx.add_init_script(LONGTASKS)
    page = ctx.new_page()
    srv.reset()

    def visit():
        open_before_load(page, url)
        wait_first_roller_bound(page)
        tap = page.evaluate(CLICK_TO_OUTCOME, [0, 60_000])
        sent = engine_bytes(dict(srv.sent), rollers=True)  # at the outcome (the offline copy comes next)
        return tap, sent, page.evaluate(chrome_trace.MARK_SCRIPT, "dl-bench-after-outcome")

    if traced:
        (tap_ms, sent, mark_ms), events = chrome_trace.record(page, visit)
    else:
        (tap_ms, sent, mark_ms), events = visit(), []
    load_end = page.evaluate("performance.getEntriesByType('navigation')[0].loadEventEnd")
    tasks = page.evaluate("window.__longtasks")
    seen = {
        "tap_ms": tap_ms,
        "engine_bytes": sent,
        "longest_after_load": max([t["ms"] for t in tasks if t["start"] >= load_end], default=0.0),
        "longest_before_load": max([t["ms"] for t in tasks if t["start"] < load_end], default=0.0),
    }
    if traced:
        at = chrome_trace.trace_time(events, "dl-bench-after-outcome", mark_ms)
        seen["traced_after_load"] = chrome_trace.longest_after(events, at(load_end), "dl-bench-after-outcome")
    return page, seen


OFFLINE_COPY_DONE = """async (limitMs) => {
  // The service worker's copy of the book (it starts once the engine is in) done: its status says so.
  const t0 = performance.now();
  const status = async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    if (!registration?.active) return null;
    return new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = (event) => resolve(event.data);
      registration.active.postMessage({ type: "status" }, [channel.port2]);
    });
  };
  while (performance.now() - t0 < limitMs) {
    const now = await status();
    if (now?.site && now?.engine) return performance.now() - t0;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the offline copy was not done after ${limitMs} ms`);
}"""


def warm_rolls(page, n: int) -> dict:
    """Warm rolls on a page whose first roll is answered (the engine ready).

    Three figures: ``during_copy``: ``n`` rolls 500 ms after the first outcome, while the service
    worker copies the book for offline use (it starts once the engine is in: about 1.5 s of both
    cores on loopback), as the benchmark measured before 2026-11-27; ``settled``: ``n`` rolls
    once that copy is done (the goal's figure: engine ready, nothing else running); and, over
    10 more rolls, each roll's thread time from a trace (bench/chrome_trace.py: the page's main thread
    and the engine's worker, from the click's task to the end of the frame that paints the outcome)."""
    import chrome_trace

    page.wait_for_timeout(500)  # the odds request after the first roll settles
    during = [page.evaluate(CLICK_TO_OUTCOME, [0, 60_000]) for _ in range(n)]
    copy_ms = page.evaluate(OFFLINE_COPY_DONE, 120_000)
    page.wait_for_timeout(500)
    settled = [page.evaluate(CLICK_TO_OUTCOME, [0, 60_000]) for _ in range(n)]

    def traced_rolls():
        for _ in range(10):
            page.evaluate(CLICK_TO_OUTCOME, [0, 60_000])
            page.wait_for_timeout(150)  # the frame after the outcome, painted within the trace

    _, events = chrome_trace.record(page, traced_rolls)
    threads = chrome_trace.roll_thread_times(events)
    return {
        "warm_roll_median_ms": round(statistics.median(settled), 1),
        "warm_roll_max_ms": round(max(settled), 1),
        "warm_roll_runs_ms": [round(x, 1) for x in settled],
        "warm_roll_during_copy_median_ms": round(statistics.median(during), 1),
        "warm_roll_during_copy_max_ms": round(max(during), 1),
        "offline_copy_done_after_ms": round(copy_ms),
        "warm_roll_thread_median_ms": round(statistics.median(r["thread_ms"] for r in threads), 2),
        "warm_roll_main_thread_median_ms": round(statistics.median(r["main_ms"] for r in threads), 2),
        "warm_roll_worker_thread_median_ms": round(statistics.median(r["worker_ms"] for r in threads), 2),
        "warm_roll_traced": len(threads),
    }


def slow_down(ctx, page, cpu: float) -> None:
    if cpu != 1:
        ctx.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": cpu})


def bench_browser(site: Path, page_path: str, runs: int, warm_n: int) -> tuple[dict, list[str]]:
    from playwright.sync_api import sync_playwright

    sys.path.insert(0, str(ROOT / "tests" / "browser"))
    from conftest import CHROMIUM, CHROMIUM_ARGS

    (site / "bare.html").write_text(BARE, encoding="utf-8")
    srv = throttled_server(site)
    url = srv.url
    in_view = f"{page_path}#{first_roller_id(site, page_path)}"
    cold, bare, longest, before, offscreen, traced = [], [], [], [], [], []
    bytes_ours, bytes_bare = [], []
    warm: dict = {}
    load_before = os.getloadavg()[0]
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for i in range(runs):
                ms, sent, _ = run_bare(browser, url, srv)
                bare.append(ms)
                bytes_bare.append(sent)
                # the rulebook page opened at its first roller's section, "Lancer" clicked as soon as bound
                page, seen = tap_first_roller(browser, srv, f"{url}{in_view}", traced=True)
                cold.append(seen["tap_ms"])
                bytes_ours.append(seen["engine_bytes"])
                longest.append(seen["longest_after_load"])
                before.append(seen["longest_before_load"])
                traced.append(seen["traced_after_load"])
                if i == 0:
                    warm = warm_rolls(page, warm_n)
                page.context.close()
                # the same page from its top: the button clicked is off-screen, the outcome then scrolled to
                page, seen = tap_first_roller(browser, srv, f"{url}{page_path}")
                offscreen.append(seen["longest_after_load"])
                page.context.close()
            browser.close()
    finally:
        srv.close()
    c, b = statistics.median(cold), statistics.median(bare)
    ob, bb = statistics.median(bytes_ours), statistics.median(bytes_bare)
    return {
        "page": page_path,
        "cold_click_to_outcome_s": round(c / 1000, 3),
        "bare_loadpyodide_s": round(b / 1000, 3),
        "cold_ratio": round(c / b, 3),
        "cold_runs_s": [round(x / 1000, 3) for x in cold],
        "bare_runs_s": [round(x / 1000, 3) for x in bare],
        "bytes_before_first_roll": int(ob),
        "bytes_bare_loadpyodide": int(bb),
        "bytes_ratio": round(ob / bb, 3),
        **warm,
        # the goal's figure: the page's own main-thread work per task (thread time, from a trace)
        "longest_task_after_load_thread_ms": max(t["thread_ms"] for t in traced),
        "longest_task_thread_runs_ms": [t["thread_ms"] for t in traced],
        "longest_task_thread_runs_wall_ms": [t["its_wall_ms"] for t in traced],
        # wall time (the page's long-task observer): what a busy machine makes of it
        "longest_task_after_load_ms": round(max(longest), 1),
        "longest_task_runs_ms": [round(x, 1) for x in longest],
        "tapped_at": in_view,
        # not a target: no reader taps a button it cannot see (the page then scrolls ~3,000 px to the outcome)
        "longest_task_offscreen_tap_runs_ms": [round(x, 1) for x in offscreen],
        # the page's own load (Material), not counted: shows the observer sees long tasks at all
        "longest_task_before_load_ms": round(max(before), 1),
        "load_average_before_after": [round(load_before, 2), round(os.getloadavg()[0], 2)],
    }


# ======================================================================
# Report
# ======================================================================

TARGETS_PHONE = {
    "first roll on the phone network / bare loadPyodide": ("phone", "first_roll_ratio", 0.70),
    "first roll on the phone network / byte limit": ("phone", "byte_limit_ratio", 1.15),
}

TARGETS_SERVE = {
    "contributor's loop: chapter edited -> page reloaded, median of the edits (s)": (
        "serve",
        "edit_to_page_median_s",
        3,
    ),
    "contributor's loop: chapter edited -> page reloaded, slowest edit (s)": ("serve", "edit_to_page_max_s", 3),
}

TARGETS_TABLE_LINK = {
    "table link on the phone (x4), navigation -> roll replayed / bare loadPyodide": ("table_link", "ratio", 0.21),
}

TARGETS = {
    "build from a fresh clone (HTML cache empty) / a plain Material build of the same chapters, processor time": (
        "build",
        "cold_html_cpu_ratio",
        2.0,
    ),
    "cold start ratio (roller / bare loadPyodide)": ("browser", "cold_ratio", 1.0),
    "bytes before the first roll / bare loadPyodide": ("browser", "bytes_ratio", 0.75),
    "standard library shipped / full": ("stdlib", "ratio", 0.35),
    "warm roll, engine ready, median of 20 (ms)": ("browser", "warm_roll_median_ms", 20),
    "longest task of the page after load, thread time (ms)": ("browser", "longest_task_after_load_thread_ms", 50),
    "rollers' bytes a page adds, largest page, gz (KB)": ("bytes", "largest_page_gz_kb", 60),
    "rollers' bytes, all shipped, gz (KB)": ("bytes", "all_shipped_gz_kb", 60),
}


def load_of(section: dict) -> str:
    """The 1-minute load average around a section's measures ("start–end"), or "" for a count of bytes."""
    seen = section.get("load_average_before_after") if isinstance(section, dict) else None
    return f"{seen[0]}–{seen[1]}" if seen else ""


def target_rows(results: dict) -> list[tuple[str, str, str, str, str]]:
    """(figure, measured, target, ok/MISSED, load average) for every goal of this run."""
    rows = []
    targets = dict(TARGETS)
    for section, more in (("phone", TARGETS_PHONE), ("serve", TARGETS_SERVE), ("table_link", TARGETS_TABLE_LINK)):
        if section in results:
            targets.update(more)
    for name, (section, key, target) in targets.items():
        value = results[section][key]
        rows.append(
            (name, str(value), f"<= {target}", "ok" if value <= target else "MISSED", load_of(results[section]))
        )
    for engine in ("cpython", "pyodide"):
        rid, worst = max(results["odds"]["rollers"].items(), key=lambda kv: kv[1][f"{engine}_ms"])
        ms = worst[f"{engine}_ms"]
        name = f"slowest odds query, {'CPython' if engine == 'cpython' else 'Pyodide'} (ms)"
        rows.append((name, f"{ms} ({rid})", "<= 5", "ok" if ms <= 5 else "MISSED", load_of(results["odds"])))
    if "pages" in results:
        pg = results["pages"]
        for path, lh in pg["lighthouse"].items():
            if path == pg["plain_page"]:
                continue
            rows.append(
                (
                    f"Lighthouse {path}: median score under credits' (points)",
                    f"{lh['score_gap']} ({lh['score']} vs {lh['credits_score']})",
                    "<= 3",
                    "ok" if lh["score_gap"] <= 3 else "MISSED",
                    load_of(pg),
                )
            )
            rows.append(
                (
                    f"Lighthouse {path}: median TBT over credits' (ms)",
                    f"{lh['tbt_gap_ms']} ({lh['tbt_ms']} vs {lh['credits_tbt_ms']})",
                    "<= 100",
                    "ok" if lh["tbt_gap_ms"] <= 100 else "MISSED",
                    load_of(pg),
                )
            )
    return rows


def machine() -> str:
    cpu = "?"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return (
        f"{platform.system()} {platform.machine()}, {os.cpu_count()} cores, {cpu}, Python {platform.python_version()}"
    )


def report(results: dict) -> str:
    rows = [("figure", "measured", "target", "", "load"), *target_rows(results)]
    widths = [max(len(r[i]) for r in rows) for i in range(5)]
    lines = ["  ".join(cell.ljust(w) for cell, w in zip(r, widths, strict=True)).rstrip() for r in rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    lines.append("")
    lines.append("odds per roller (ms)     CPython   Pyodide")
    for rid, o in results["odds"]["rollers"].items():
        lines.append(f"  {rid:<24}{o['cpython_ms']:>8}  {o['pyodide_ms']:>8}")
    b = results["browser"]
    lines.append("")
    lines.append(
        f"cold start: {b['cold_click_to_outcome_s']} s (runs {b['cold_runs_s']}) vs bare loadPyodide "
        f"{b['bare_loadpyodide_s']} s (runs {b['bare_runs_s']}), page {b['page']}"
    )
    lines.append(
        f"bytes before the first roll (gzip, server-side): {b['bytes_before_first_roll']} "
        f"vs bare loadPyodide {b['bytes_bare_loadpyodide']}"
    )
    if "phone" in results:
        ph = results["phone"]
        lines.append(
            f"phone ({ph['rate_mbit_s']} Mbit/s, {ph['latency_ms']:.0f} ms, CPU x{ph['cpu_slowdown']}, whole site "
            f"shaped): first roll {ph['first_roll_s']} s from the navigation ({ph['click_to_outcome_s']} s from the "
            f"click) vs bare loadPyodide {ph['bare_loadpyodide_s']} s: {ph['first_roll_ratio']}x "
            f"({ph['click_ratio']}x); byte limit {ph['byte_limit_s']} s ({ph['bytes_first_roll_needs']} B): "
            f"{ph['byte_limit_ratio']}x; {ph['requests_before_outcome']} requests before the outcome, "
            f"{len(ph['copy_requests_before_outcome'])} of the offline copy; load {ph['load_average_before_after']}"
        )
    if "pages" in results:
        pg = results["pages"]
        plain = pg["lighthouse"][pg["plain_page"]]
        lines.append(
            f"Lighthouse {plain['version']} (mobile), performance, {pg['rounds']} rounds of credits, page, credits, "
            f"page…; credits {plain['score']} (TBT {plain['tbt_ms']} ms) over its {len(plain['runs'])} runs:"
        )
        for path, lh in pg["lighthouse"].items():
            if path == pg["plain_page"]:
                continue
            lines.append(
                f"  {path:<40}{lh['score']:>5} vs {lh['credits_score']} (runs {lh['runs']} vs {lh['credits_runs']}); "
                f"TBT {lh['tbt_ms']} vs {lh['credits_tbt_ms']} ms (runs {lh['tbt_runs_ms']} vs "
                f"{lh['credits_tbt_runs_ms']}); median run: LCP {lh['lcp_s']} s, {lh['dom_elements']} elements, "
                f"{lh['long_tasks']} long tasks, longest {lh['longest_task_ms']} ms"
            )
        dom = pg["dom_elements"]
        lines.append(
            f"DOM elements per page: {min(dom.values())}–{max(dom.values())} "
            f"(largest {max(dom, key=dom.get)}); load {pg['load_average_before_after']}"
        )
    if "serve" in results:
        sv = results["serve"]
        lines.append(
            f"contributor's loop ({sv['page']}, {sv['edits']} edits): edit -> page {sv['edit_to_page_runs_s']} s, "
            f"rebuilds {sv['rebuild_runs_s']} s, serve processor {sv['serve_processor_runs_s']} s; first build "
            f"{sv['first_build_s']} s; load {sv['load_average_before_after']}"
        )
    if "table_link" in results:
        tl = results["table_link"]
        lines.append(
            f"table link (format {tl['link_format']}, CPU x{tl['cpu_slowdown']}, engine files cached): navigation -> "
            f"roll replayed {tl['link_s']} s (runs {tl['link_runs_s']}) vs bare loadPyodide {tl['bare_loadpyodide_s']} s "
            f"(runs {tl['bare_runs_s']}): {tl['ratio']}x; load {tl['load_average_before_after']}"
        )
    st = results["stdlib"]
    lines.append(f"standard library: {st['shipped_kb']} KB shipped vs {st['full_kb']} KB full")
    lines.append(
        f"long tasks after load, per run: thread time {b['longest_task_thread_runs_ms']} ms (the same tasks' wall "
        f"time {b['longest_task_thread_runs_wall_ms']} ms); longest by wall time (long-task observer) "
        f"{b['longest_task_runs_ms']} ms (tapped at {b.get('tapped_at')}); before load (Material's own, not counted) "
        f"up to {b['longest_task_before_load_ms']} ms; tapped off-screen from the page's top (not a target) "
        f"{b.get('longest_task_offscreen_tap_runs_ms')} ms"
    )
    lines.append(
        f"warm roll, engine ready, the offline copy done: median {b['warm_roll_median_ms']} ms (max "
        f"{b['warm_roll_max_ms']}); thread time per roll, tap -> outcome painted, median of "
        f"{b['warm_roll_traced']}: {b['warm_roll_thread_median_ms']} ms (main thread "
        f"{b['warm_roll_main_thread_median_ms']}, engine {b['warm_roll_worker_thread_median_ms']}); "
        f"right after the first roll, while the book is copied for offline use (done "
        f"{b['offline_copy_done_after_ms']} ms later): median {b['warm_roll_during_copy_median_ms']} ms "
        f"(max {b['warm_roll_during_copy_max_ms']})"
    )
    lines.append(
        f"bytes: JS+CSS {results['bytes']['js_css_gz_kb']} KB gz, rules_py core {results['bytes']['rules_core_gz_kb']} KB; "
        f"per page {min(results['bytes']['page_gz_kb'].values())}–{results['bytes']['largest_page_gz_kb']} KB gz "
        f"(largest: {results['bytes']['largest_page']}); all shipped {results['bytes']['all_shipped_gz_kb']} KB gz; "
        f"a « Mes personnages » page {results['bytes'].get('sheets_page_gz_kb')} KB gz (sheets.js {results['bytes'].get('sheets_js_gz_kb')} KB)"
    )
    bd = results["build"]
    for name, what in (
        ("cold_html", "HTML cache empty (a fresh clone, or a change to the rules)"),
        ("bytecode", "HTML cache warm"),
        ("no_bytecode", "PYTHONDONTWRITEBYTECODE=1, HTML cache warm"),
    ):
        one = bd[name] if name != "bytecode" else bd
        lines.append(
            f"build, {what}: processor {one['with_hooks_cpu_s']} s with hooks vs {one['without_hooks_cpu_s']} s "
            f"= {one['cpu_ratio']}x; wall {one['with_hooks_s']} s vs {one['without_hooks_s']} s = {one['ratio']}x"
        )
    if "stacks" in results:
        lines.append(stacks_line(results["stacks"]))
    lines.append(
        f"machine: {results['machine']}; load average (1 min) at the start and the end: {results['load_average']}"
    )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Dés & Lames benchmark")
    parser.add_argument("--quick", action="store_true", help="fewer runs (a smoke run)")
    parser.add_argument("--page", default=COLD_PAGE, help="page of the cold-start roll")
    parser.add_argument("--no-phone", action="store_true", help="skip the throttled run (about 2 min)")
    parser.add_argument(
        "--no-lighthouse", action="store_true", help="skip Lighthouse and the DOM sizes (about 30 min of the run)"
    )
    parser.add_argument("--lighthouse-rounds", type=int, default=9, help="rounds of credits, page… (default 9)")
    parser.add_argument("--no-serve", action="store_true", help="skip the contributor's loop (about 3 min)")
    parser.add_argument("--no-table-link", action="store_true", help="skip the table link on the phone (about 5 min)")
    parser.add_argument("--stacks-only", action="store_true", help="only the two builds side by side")
    args = parser.parse_args(argv)
    runs = 2 if args.quick else 5
    results: dict = {
        "machine": machine(),
        "date": time.strftime("%Y-%m-%d %H:%M"),
        "load_average": [os.getloadavg()[0]],
    }
    results["stacks"] = bench_stacks(2 if args.quick else 7)
    if args.stacks_only:
        print(stacks_line(results["stacks"]) + f"\nmachine: {results['machine']}")
        return 0
    results["build"] = bench_build(2 if args.quick else 7)
    results["odds"] = bench_odds()
    if not args.no_serve:
        from serve_loop import bench_serve

        results["serve"] = bench_serve(3 if args.quick else 5)
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        env = {**ENV, "PYODIDE_INDEX_URL": "/pyodide/"}
        subprocess.run(
            [sys.executable, "-m", "mkdocs", "build", "-q", "-d", str(site)],
            cwd=ROOT,
            env=env,
            check=True,
            capture_output=True,
        )  # the figures below are the deployed build's (MkDocs + Material)
        results["browser"] = bench_browser(site, args.page, runs, 20)
        results["bytes"] = bench_bytes(site)
        results["stdlib"] = bench_stdlib(site)
        if not args.no_phone:
            from phone import bench_phone

            results["phone"] = bench_phone(site, args.page)
        if not args.no_table_link:
            from table_link import bench_table_link

            results["table_link"] = bench_table_link(site, 2 if args.quick else 5)
        if not args.no_lighthouse:
            from pages import bench_pages

            results["pages"] = bench_pages(site, 1 if args.quick else args.lighthouse_rounds)
    results["load_average"].append(os.getloadavg()[0])
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "latest.json").write_text(json.dumps(results, ensure_ascii=False, indent=2), encoding="utf-8")
    print(report(results))
    print(f"\n(written to {RESULTS / 'latest.json'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
