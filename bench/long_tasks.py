"""Where the benchmark's long task after load comes from: the same cold visit, four ways, interleaved.

The benchmark's visit (run.py ``tap_first_roller``) opens a roller page at its first roller and
taps « Lancer » as soon as it is bound, about 100 ms after the load, while the page settles and
the engine boots; its figure is the longest main-thread task after ``loadEventEnd``. Here the
same visit, same server (loopback, gzip), same window (1,280×900), in four kinds:

- ``no_tap``: no tap (the engine still boots as the roller nears the screen), 2.5 s watched;
- ``tap``: the benchmark's visit;
- ``tap_engine_late``: the same, the engine's files held back 3 s by the server (its boot, the
  compiler's threads and the worker, out of the tap's way);
- ``tap_engine_ready``: the tap once the engine is ready, 1 s after.

For each kind: the visits with a task over 50 ms after the load, and the tasks (start after
the load, ms). Each kind's visits alternate with the others' in one browser.

Usage: .venv/bin/python bench/long_tasks.py SITE_DIR [RUNS] [PAGE]
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "browser"))
sys.path.insert(0, str(ROOT / "bench"))

KINDS = ("no_tap", "tap", "tap_engine_late", "tap_engine_ready")
ENGINE_READY = "() => globalThis.desEtLames?.runtime?.state.name === 'ready'"


def visit(browser, srv, url: str, kind: str) -> list[tuple[int, int]]:
    """One cold visit (fresh context); the long tasks after the load: (start after it, ms)."""
    import run as bench

    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    ctx.add_init_script(bench.LONGTASKS)
    page = ctx.new_page()
    srv.reset()
    bench.open_before_load(page, url)
    bench.wait_first_roller_bound(page)
    if kind == "no_tap":
        page.wait_for_timeout(2500)
    else:
        if kind == "tap_engine_ready":
            page.wait_for_function(ENGINE_READY, polling=100, timeout=60_000)
            page.wait_for_timeout(1000)
        page.evaluate(bench.CLICK_TO_OUTCOME, [0, 60_000])
    load_end = page.evaluate("performance.getEntriesByType('navigation')[0].loadEventEnd")
    tasks = [(round(t["start"] - load_end), round(t["ms"])) for t in page.evaluate("window.__longtasks")]
    ctx.close()
    return [t for t in tasks if t[0] >= 0]


def main(site: Path, runs: int, page_path: str) -> None:
    import run as bench
    from conftest import CHROMIUM, CHROMIUM_ARGS
    from playwright.sync_api import sync_playwright

    url_path = f"{page_path}#{bench.first_roller_id(site, page_path)}"
    servers = {kind: bench.throttled_server(site, latency=3.0 if kind == "tap_engine_late" else 0.0) for kind in KINDS}
    seen: dict[str, list] = {kind: [] for kind in KINDS}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for i in range(runs):
                for kind in KINDS[i % len(KINDS) :] + KINDS[: i % len(KINDS)]:
                    seen[kind].append(visit(browser, servers[kind], servers[kind].url + url_path, kind))
            browser.close()
    finally:
        for srv in servers.values():
            srv.close()
    for kind, visits in seen.items():
        over = sum(any(ms > 50 for _, ms in tasks) for tasks in visits)
        print(f"{kind:17s} visits with a task over 50 ms after load: {over} of {len(visits)}")
        print(f"{'':17s} {visits}")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(
        Path(sys.argv[1]),
        int(sys.argv[2]) if len(sys.argv) > 2 else 10,
        sys.argv[3] if len(sys.argv) > 3 else "/solaires/resoudre-une-action/",
    )
