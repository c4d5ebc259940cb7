"""Per page, as a phone loads it: Lighthouse's performance and the DOM's size.

- Lighthouse (npm, package.json; mobile: its simulated phone, 4x CPU, slow 4G) on every
  page with rollers, each against the credits page (a plain page of the same theme), served on
  loopback with gzip (tests/browser/throttle.py, no shaping: Lighthouse simulates it).
  Interleaved: each round runs credits, page 1, credits, page 2, … credits, page N, so that
  every run of a roller page has a run of the credits page just before it, in the same moment of
  a shared machine; ``runs`` rounds (9 by default). Each roller page is compared with its own
  paired credits runs, on the median score and the median total blocking time (TBT): the goal
  is a median score within 3 points of the credits page's and a median TBT within 100 ms of it.
  The run whose score is the page's median keeps its metrics (FCP, LCP, TBT, CLS, Speed Index),
  its count of DOM elements and its long tasks (count, longest).
- DOM elements of every page (``document.getElementsByTagName('*')``) at 390x844, once
  loaded and its rollers bound.

Benchmark only (never in the tests). Chromium: the tests' (conftest.CHROMIUM), given to
Lighthouse as CHROME_PATH. One run takes 10-20 s on a quiet two-core machine (2 x 9 runs
per roller page: about 30 minutes for the six roller pages).

Usage: .venv/bin/python bench/pages.py SITE_DIR [RUNS]  (prints JSON; bench/run.py calls it)
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "browser"))
LIGHTHOUSE = ROOT / "node_modules" / "lighthouse" / "cli" / "index.js"
PLAIN = "/credits/"


def roller_pages() -> list[str]:
    mapping = yaml.safe_load((ROOT / "hooks" / "page" / "sections.yml").read_text(encoding="utf-8"))
    return [
        "/" + src.removesuffix(".md").removesuffix("index") + ("/" if not src.endswith("index.md") else "")
        for src in sorted(mapping)
    ]


def every_page(site: Path) -> list[str]:
    pages = sorted(p.relative_to(site).as_posix() for p in site.rglob("index.html"))
    return ["/" + p.removesuffix("index.html") for p in pages]


def lighthouse(url: str, chromium: str, chromium_args: list[str], tries: int = 4) -> dict:
    """One Lighthouse run; a run that fails (Chromium lost under load: seen once in 108) is made again."""
    flags = " ".join(["--headless=new", *chromium_args])
    for attempt in range(1, tries + 1):
        done = subprocess.run(
            ["node", str(LIGHTHOUSE), url, "--only-categories=performance", "--output=json", "--output-path=stdout",
             "--quiet", f"--chrome-flags={flags}"],
            env={**os.environ, "CHROME_PATH": chromium},
            capture_output=True,
            text=True,
            timeout=300,
        )  # fmt: skip
        if done.returncode == 0:
            break
        print(f"Lighthouse failed on {url} (try {attempt} of {tries}): {done.stderr.strip()[-300:]}", file=sys.stderr)
        time.sleep(30 * attempt)  # a Chromium lost under load, or node_modules being installed again: wait
    else:
        raise RuntimeError(f"Lighthouse failed {tries} times on {url}")
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


SCORE_GAP = 3  # points: a roller page's median score at most this far under the credits page's
TBT_GAP_MS = 100  # a roller page's median total blocking time at most this far over the credits page's


def compare(page_runs: list[dict], credits_runs: list[dict]) -> dict:
    """A roller page's runs against its paired credits runs: medians, gaps, the goal met or not."""
    score = statistics.median(r["score"] for r in page_runs)
    tbt = statistics.median(r["tbt_ms"] for r in page_runs)
    credits_score = statistics.median(r["score"] for r in credits_runs)
    credits_tbt = statistics.median(r["tbt_ms"] for r in credits_runs)
    median_run = min(page_runs, key=lambda r: (abs(r["score"] - score), r["tbt_ms"]))
    return {
        **median_run,
        "score": score,
        "tbt_ms": tbt,
        "credits_score": credits_score,
        "credits_tbt_ms": credits_tbt,
        "score_gap": credits_score - score,
        "tbt_gap_ms": tbt - credits_tbt,
        "met": credits_score - score <= SCORE_GAP and tbt - credits_tbt <= TBT_GAP_MS,
        "runs": [r["score"] for r in page_runs],
        "tbt_runs_ms": [r["tbt_ms"] for r in page_runs],
        "credits_runs": [r["score"] for r in credits_runs],
        "credits_tbt_runs_ms": [r["tbt_ms"] for r in credits_runs],
    }


def bench_pages(site: Path, runs: int = 9) -> dict:
    from conftest import CHROMIUM, CHROMIUM_ARGS
    from playwright.sync_api import sync_playwright
    from throttle import ThrottledServer

    srv = ThrottledServer(site, rate=None, latency=0)
    load_before = os.getloadavg()
    try:
        paths = roller_pages()
        reports: dict[str, list[dict]] = {path: [] for path in paths}
        paired: dict[str, list[dict]] = {path: [] for path in paths}  # the credits run just before each
        for round_ in range(1, runs + 1):  # credits, page, credits, page…: each page run beside a credits run
            for path in paths:
                paired[path].append(lighthouse(srv.url + PLAIN, CHROMIUM, CHROMIUM_ARGS))
                reports[path].append(lighthouse(srv.url + path, CHROMIUM, CHROMIUM_ARGS))
                print(
                    f"Lighthouse round {round_}/{runs} {path}: {reports[path][-1]['score']} "
                    f"(TBT {reports[path][-1]['tbt_ms']} ms) vs credits {paired[path][-1]['score']} "
                    f"(TBT {paired[path][-1]['tbt_ms']} ms); load {os.getloadavg()[0]:.1f}",
                    file=sys.stderr,
                )
        pages = {path: compare(reports[path], paired[path]) for path in paths}
        every_credits = [r for done in paired.values() for r in done]
        plain = compare(every_credits, every_credits)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            dom = dom_sizes(browser, srv.url, every_page(site))
            browser.close()
    finally:
        srv.close()
    return {
        "lighthouse": {**pages, PLAIN: plain},
        "plain_page": PLAIN,
        "rounds": runs,
        "all_met": all(page["met"] for page in pages.values()),
        "dom_elements": dom,
        "load_average_before_after": [round(load_before[0], 2), round(os.getloadavg()[0], 2)],
    }


if __name__ == "__main__":
    print(json.dumps(bench_pages(Path(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else 9), indent=1))
