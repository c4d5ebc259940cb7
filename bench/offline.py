"""Offline at the table: what the service worker's caches give a returning reader.

- repeat-visit cold start: in a browser that has met the book once (the engine
  kept by the service worker), a fresh page, click on « Lancer » -> outcome;
  against a bare page running ``loadPyodide`` whose files come from the HTTP
  cache (second visit, same browser, files served ``Cache-Control: immutable``
  as the CDN does). Median of N each, and their ratio.
- the device storage the offline book takes (after « Rendre le livre
  disponible hors ligne »): ``navigator.storage.estimate().usage`` and the
  bytes in each of the service worker's caches.

    .venv/bin/python bench/offline.py [--runs N] [--json PATH]

Builds the site itself (``PYODIDE_INDEX_URL=/pyodide/``) and serves it with
the browser tests' server (Pyodide from node_modules).
"""

from __future__ import annotations

import argparse
import functools
import json
import statistics
import sys
import tempfile
import threading
from http.server import ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))
from conftest import CHROMIUM, CHROMIUM_ARGS, Faults, Handler, build_site  # noqa: E402  the tests' server
from run import BARE, CLICK_TO_OUTCOME, wait_first_roller_bound  # noqa: E402  the bare stock loadPyodide page (bench/run.py, beside this file)

PAGE = "/feerie/actions/"


STORAGE = """async () => {
  const caches_ = {};
  for (const name of await caches.keys()) {
    let bytes = 0;
    const cache = await caches.open(name);
    for (const request of await cache.keys()) bytes += (await (await cache.match(request)).arrayBuffer()).byteLength;
    caches_[name.replace(/-[0-9a-f]+$/, "")] = bytes;
  }
  return { usage: (await navigator.storage.estimate()).usage, caches: caches_ };
}"""


class ImmutableHandler(Handler):
    """Pyodide's files with the CDN's caching headers (so a second visit takes them from the HTTP cache)."""

    def end_headers(self):
        if self.path.startswith("/pyodide/"):
            self.send_header("Cache-Control", "public, max-age=31536000, immutable")
        super().end_headers()


def measure(runs: int) -> dict:
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp)
        httpd = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(ImmutableHandler, site=site, faults=Faults()))
        httpd.daemon_threads = True
        url = f"http://127.0.0.1:{httpd.server_address[1]}"
        build_site(site, url + "/")
        (site / "bare.html").write_text(BARE, encoding="utf-8")
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        repeat, bare = [], []
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            # A first visit each: the bare page fills the HTTP cache; the book keeps the
            # engine (the offline button). Then fresh pages, the two interleaved (same load).
            bare_ctx = browser.new_context(service_workers="block")
            book_ctx = browser.new_context()
            page = book_ctx.new_page()
            page.goto(url + "/")
            page.locator("#dl-offline button", has_text="Rendre le livre disponible hors ligne").click()
            page.locator("#dl-offline .dl-offline__done").wait_for(timeout=180_000)
            storage = page.evaluate(STORAGE)
            done_text = page.locator("#dl-offline .dl-offline__done").inner_text()
            page.close()
            for i in range(runs + 1):
                page = bare_ctx.new_page()
                page.goto(f"{url}/bare.html", wait_until="load")
                page.click("#go")
                page.wait_for_function("() => window.__ms !== undefined", timeout=60_000)
                if i:
                    bare.append(page.evaluate("window.__ms"))
                page.close()
                page = book_ctx.new_page()
                page.goto(url + PAGE, wait_until="load")
                wait_first_roller_bound(page)
                ms = page.evaluate(CLICK_TO_OUTCOME, [0, 60_000])
                if i:
                    repeat.append(ms)
                page.close()
            bare_ctx.close()
            book_ctx.close()
            browser.close()
        httpd.shutdown()
        httpd.server_close()
    r, b = statistics.median(repeat), statistics.median(bare)
    return {
        "page": PAGE,
        "repeat_click_to_outcome_s": round(r / 1000, 3),
        "bare_http_cache_loadpyodide_s": round(b / 1000, 3),
        "repeat_ratio": round(r / b, 3),
        "repeat_runs_s": [round(x / 1000, 3) for x in repeat],
        "bare_runs_s": [round(x / 1000, 3) for x in bare],
        "storage_usage_mb": round(storage["usage"] / 1e6, 2),
        "cache_mb": {name: round(n / 1e6, 2) for name, n in storage["caches"].items()},
        "end_state": done_text,
    }


def report(result: dict) -> str:
    caches = ", ".join(f"{name} {mb} MB" for name, mb in result["cache_mb"].items())
    return "\n".join(
        [
            f"repeat visit, engine from the service worker's cache: click -> outcome {result['repeat_click_to_outcome_s']} s "
            f"(runs {result['repeat_runs_s']})",
            f"bare loadPyodide, files from the HTTP cache: {result['bare_http_cache_loadpyodide_s']} s (runs {result['bare_runs_s']})",
            f"repeat-visit ratio: {result['repeat_ratio']}x",
            f"offline book storage: {result['storage_usage_mb']} MB used (navigator.storage.estimate); caches: {caches}",
            f"end state shown: {result['end_state']}",
        ]
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--json", type=Path, default=ROOT / "bench" / "results" / "offline.json")
    args = parser.parse_args(argv)
    result = measure(args.runs)
    print(report(result))
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(result, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
