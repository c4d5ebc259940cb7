"""Per page, as a phone loads it: Lighthouse's performance and the DOM's size.

- Lighthouse (npm, package.json; mobile: its simulated phone, 4x CPU, slow 4G) on every
  page with rollers and on the credits page (a plain page of the same theme), served on
  loopback with gzip (tests/browser/throttle.py, no shaping: Lighthouse simulates it);
  ``runs`` rounds, each over every page in turn (so that a busy moment of the machine
  weighs on all pages alike, not on the pages that happened to run then), the median score
  kept with its metrics (FCP, LCP, TBT, CLS, Speed Index), its count of DOM elements and its
  long tasks (count, longest).
- DOM elements of every page (``document.getElementsByTagName('*')``) at 390x844, once
  loaded and its rollers bound.

Benchmark only (never in the tests). Chromium: the tests' (conftest.CHROMIUM), given to
Lighthouse as CHROME_PATH.

Usage: .venv/bin/python bench/pages.py SITE_DIR [RUNS]  (prints JSON; bench/run.py calls it)
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "browser"))
LIGHTHOUSE = ROOT / "node_modules" / "lighthouse" / "cli" / "index.js"
PLAIN = "/credits/"


def roller_pages() -> list[str]:
    mapping = yaml.safe_load((ROOT / "hooks" / "sections.yml").read_text(encoding="utf-8"))
    return [
        "/" + src.removesuffix(".md").removesuffix("index") + ("/" if not src.endswith("index.md") else "")
        for src in sorted(mapping)
    ]


def every_page(site: Path) -> list[str]:
    pages = sorted(p.relative_to(site).as_posix() for p in site.rglob("index.html"))
    return ["/" + p.removesuffix("index.html") for p in pages]


def lighthouse(url: str, chromium: str, chromium_args: list[str]) -> dict:
    flags = " ".join(["--headless=new", *chromium_args])
    done = subprocess.run(
        ["node", str(LIGHTHOUSE), url, "--only-categories=performance", "--output=json", "--output-path=stdout",
         "--quiet", f"--chrome-flags={flags}"],
        env={**os.environ, "CHROME_PATH": chromium},
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )  # fmt: skip
    report = json.loads(done.stdout)
    audits = report["audits"]
    tasks = audits["long-tasks"]["details"]["items"] if audits["long-tasks"].get("details") else []
    return {
        "score": round(report["categories"]["performance"]["score"] * 100),
        "fcp_s": round(audits["first-contentful-paint"]["numericValue"] / 1000, 2),
        "lcp_s": round(audits["largest-contentful-paint"]["numericValue"] / 1000, 2),
        "tbt_ms": round(audits["total-blocking-time"]["numericValue"]),
        "cls": round(audits["cumulative-layout-shift"]["numericValue"], 3),
        "speed_index_s": round(audits["speed-index"]["numericValue"] / 1000, 2),
        "dom_elements": round(audits["dom-size"]["numericValue"]),
        "long_tasks": len(tasks),
        "longest_task_ms": round(max((t["duration"] for t in tasks), default=0)),
        "version": report["lighthouseVersion"],
    }


def dom_sizes(browser, url: str, pages: list[str]) -> dict[str, int]:
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = ctx.new_page()
    sizes = {}
    for path in pages:
        page.goto(url + path, wait_until="load")
        page.wait_for_timeout(300)  # the rollers bound, their odds drawn
        sizes[path] = page.evaluate("document.getElementsByTagName('*').length")
    ctx.close()
    return sizes


def bench_pages(site: Path, runs: int = 5) -> dict:
    from conftest import CHROMIUM, CHROMIUM_ARGS
    from playwright.sync_api import sync_playwright
    from throttle import ThrottledServer

    srv = ThrottledServer(site, rate=None, latency=0)
    load_before = os.getloadavg()
    try:
        paths = [*roller_pages(), PLAIN]
        reports: dict[str, list[dict]] = {path: [] for path in paths}
        for _ in range(runs):  # round by round over every page: a busy moment of the machine hits them all alike
            for path in paths:
                reports[path].append(lighthouse(srv.url + path, CHROMIUM, CHROMIUM_ARGS))
        scores = {}
        for path, done in reports.items():
            median = statistics.median_low(r["score"] for r in done)
            scores[path] = {**next(r for r in done if r["score"] == median), "runs": [r["score"] for r in done]}
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            dom = dom_sizes(browser, srv.url, every_page(site))
            browser.close()
    finally:
        srv.close()
    return {
        "lighthouse": scores,
        "plain_page": PLAIN,
        "dom_elements": dom,
        "load_average_before_after": [round(load_before[0], 2), round(os.getloadavg()[0], 2)],
    }


if __name__ == "__main__":
    print(json.dumps(bench_pages(Path(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else 5), indent=1))
