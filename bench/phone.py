"""The first roll through a phone network, the whole site shaped as a phone sees GitHub Pages.

tests/browser/throttle.py serves the built site: every response gzipped (not the zips), waits
300 ms before its first byte, and shares one 1.6 Mbit/s link; the page's CPU is slowed 4x
(DevTools emulation). One cold visit each, side by side in one run:

- ``bare``: a page that only runs a stock ``loadPyodide`` (click -> Python ready);
- ``no_sw``: the rulebook page with service workers blocked: what the first roll needs, alone
  (its bytes give the byte limit);
- ``ours``: the rulebook page as a reader gets it (the service worker and its copy of the book).

For the rulebook page: navigation -> the first roll's outcome (« Lancer » clicked as soon as
it is bound), and click -> outcome. The byte limit: the bytes the first roll needs (``no_sw``,
encoded, counted by the server) at the link's rate, plus four round trips (the page, its
module, the worker, then the engine's files in parallel). Requests are counted in order on
the server side (the worker's and the service worker's are not in the page's DevTools).

Usage: .venv/bin/python bench/phone.py SITE_DIR [PAGE]  (prints JSON; bench/run.py calls it)
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "browser"))
sys.path.insert(0, str(ROOT / "bench"))

ROUND_TRIPS = 4  # the page, its module (rollers.js), the worker, the engine's files (in parallel)


def visit(browser, srv, page_path: str, cpu: float, service_workers: str) -> dict:
    """One cold visit of the rulebook page; times from the navigation's start, server-side requests."""
    import run as bench

    ctx = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, service_workers=service_workers
    )
    ctx.add_init_script(bench.LONGTASKS)
    page = ctx.new_page()
    bench.slow_down(ctx, page, cpu)
    srv.reset()
    bench.open_committed(page, f"{srv.url}{page_path}")
    bench.wait_first_roller_bound(page, 120_000)
    click_ms = page.evaluate(bench.CLICK_TO_OUTCOME, [0, 300_000])
    nav_ms = page.evaluate("performance.now()")  # since the navigation started (the page's time origin)
    sent = dict(srv.sent)
    timeline = [list(entry) for entry in srv.timeline]
    load_end = page.evaluate("performance.getEntriesByType('navigation')[0].loadEventEnd")
    tasks = page.evaluate("window.__longtasks")
    ctx.close()
    first = timeline[0][1] if timeline else 0.0
    return {
        "nav_to_outcome_s": round(nav_ms / 1000, 2),
        "click_to_outcome_s": round(click_ms / 1000, 2),
        "bytes": sum(sent.values()),
        "requests": [[target, round(came - first, 2)] for _, came, _, target in timeline],
        "longest_task_after_load_ms": round(max([t["ms"] for t in tasks if t["start"] >= load_end], default=0.0), 1),
    }


def bench_phone(site: Path, page_path: str, cpu: float = 4) -> dict:
    import run as bench
    from conftest import CHROMIUM, CHROMIUM_ARGS
    from playwright.sync_api import sync_playwright
    from throttle import PHONE_LATENCY, PHONE_RATE, ThrottledServer, every_file

    (site / "bare.html").write_text(bench.BARE, encoding="utf-8")
    srv = ThrottledServer(site, PHONE_RATE, PHONE_LATENCY, slow=every_file)
    load_before = os.getloadavg()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            bare_ms, bare_bytes, _ = bench.run_bare(browser, srv.url, srv, cpu=cpu, timeout_ms=300_000)
            alone = visit(browser, srv, page_path, cpu, "block")
            ours = visit(browser, srv, page_path, cpu, "allow")
            browser.close()
    finally:
        srv.close()
    limit = alone["bytes"] / PHONE_RATE + ROUND_TRIPS * PHONE_LATENCY
    needed = {target for target, _ in alone["requests"]}
    before_outcome = [target for target, at in ours["requests"] if at <= ours["nav_to_outcome_s"]]
    return {
        "rate_mbit_s": PHONE_RATE * 8 / 1e6,
        "latency_ms": PHONE_LATENCY * 1000,
        "cpu_slowdown": cpu,
        "whole_site_shaped": True,
        "page": page_path,
        "bare_loadpyodide_s": round(bare_ms / 1000, 2),
        "bytes_bare": bare_bytes,
        "first_roll_s": ours["nav_to_outcome_s"],
        "first_roll_ratio": round(ours["nav_to_outcome_s"] * 1000 / bare_ms, 3),
        "click_to_outcome_s": ours["click_to_outcome_s"],
        "click_ratio": round(ours["click_to_outcome_s"] * 1000 / bare_ms, 3),
        "bytes_first_roll_needs": alone["bytes"],
        "byte_limit_s": round(limit, 2),
        "byte_limit_ratio": round(ours["nav_to_outcome_s"] / limit, 3),
        "no_service_worker_first_roll_s": alone["nav_to_outcome_s"],
        "requests_before_outcome": len(before_outcome),
        "copy_requests_before_outcome": [t for t in before_outcome if t not in needed],
        "bytes_sent_before_outcome": ours["bytes"],
        "longest_task_after_load_ms": ours["longest_task_after_load_ms"],
        "load_average_before_after": [round(load_before[0], 2), round(os.getloadavg()[0], 2)],
    }


if __name__ == "__main__":
    import run as bench

    result = bench_phone(Path(sys.argv[1]), sys.argv[2] if len(sys.argv) > 2 else bench.COLD_PAGE)
    print(json.dumps(result, indent=1))
