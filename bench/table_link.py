"""A table link opened on the meneuse's phone: from the navigation to the roll replayed on « L’écran du meneur ».

The links are those a player's « Montrer ce jet » makes today (format 2, signed: CHARACTERS.md, « La
table »): a player's phone (a browser context of its own, the site at loopback speed) rolls the Simon
roller and presses « Montrer ce jet » once per round; each link is read from its dialog.

The meneuse's phone is another context (390×844, touch), the whole site behind the phone network
(tests/browser/throttle.py: 1.6 Mbit/s, 300 ms), its CPU slowed ×4 by DevTools. It has opened the book
before: the game's table page, a roll there (the engine's files cached, its snapshot kept), the offline
copy of the book done. Then, each round, interleaved:

- ``link``: a new tab, as her camera app opens the player's link: the navigation to the roll replayed and
  drawn (``.dl-table__roll .dl-outcome``), and to « … reçu et rejoué » in the page's message, both on
  the page's own clock;
- ``bare``: a new tab of a bare page that only runs a stock ``loadPyodide`` (Pyodide's files in the same
  caches), at the same ×4: its click to Python ready.

The figure: the link's median over the bare page's median (goal ≤ 0.21).

Usage: .venv/bin/python bench/table_link.py SITE [ROUNDS]  (prints JSON; bench/run.py calls it)
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "browser"))
sys.path.insert(0, str(ROOT / "bench"))

GAME = "simon"
ROLLER = "lanceur-le-lance-de-des-avec-le-simon-systeme"  # on /simon/resolution/
CPU = 4

# The page's clock: when the received roll is drawn, and when the message says it was replayed.
WATCH = """
window.__dlSeen = {};
new MutationObserver(() => {
  const seen = window.__dlSeen;
  if (seen.roll === undefined && document.querySelector(".dl-table__roll .dl-outcome")) seen.roll = performance.now();
  const said = document.querySelector(".dl-table__message")?.textContent || "";
  if (seen.said === undefined && said.includes("reçu et rejoué")) seen.said = performance.now();
}).observe(document, { childList: true, subtree: true, characterData: true });
"""

SNAPSHOT_KEPT = """async () => (await caches.has("dl-snapshot"))
  && (await (await caches.open("dl-snapshot")).keys()).length > 0"""

ROLLED = """([id, before]) => { const out = document.querySelector(`#${id} .dl-roller__result`);
  return out.dataset.roll && out.dataset.roll !== before && out.querySelector('.dl-outcome'); }"""


def shown_rolls(browser, base: str, n: int) -> list[str]:
    """``n`` links of the player's « Montrer ce jet », each of a new roll, as its dialog gives them."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(f"{base}/{GAME}/resolution/#{ROLLER}")
    widget = page.locator(f"#{ROLLER}")
    links = []
    for _ in range(n):
        before = widget.locator(".dl-roller__result").get_attribute("data-roll") or ""
        widget.locator(".dl-roller__form button[type=submit]").first.click()
        page.wait_for_function(ROLLED, arg=[ROLLER, before], timeout=120_000)
        widget.locator(".dl-roller__result").get_by_role("button", name="Montrer ce jet").click()
        dialog = page.locator("dialog.dl-table-show[open]")
        links.append(dialog.locator(".dl-table-show__link").input_value())
        dialog.get_by_role("button", name="Fermer").click()
    context.close()
    if not all("#table=2." in link for link in links):
        raise RuntimeError(f"not a signed link of format 2: {links[0]!r}")
    return links


def first_visit(context, base: str) -> None:
    """The book opened once on the phone: the table page, a roll (the engine in), the offline copy done."""
    import run as bench

    page = context.new_page()
    bench.open_before_load(page, f"{base}/{GAME}/table/")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)
    bench.wait_first_roller_bound(page, 60_000)
    page.evaluate(bench.CLICK_TO_OUTCOME, [0, 120_000])
    page.evaluate(bench.OFFLINE_COPY_DONE, 300_000)
    for _ in range(240):  # the engine's snapshot, kept once the page is quiet (rollers-worker.js)
        if page.evaluate(SNAPSHOT_KEPT):
            break
        page.wait_for_timeout(500)
    else:
        raise RuntimeError("the engine's snapshot was never kept")
    page.close()


def open_link(context, url: str) -> dict:
    import run as bench

    page = context.new_page()
    bench.slow_down(context, page, CPU)
    page.goto(url, wait_until="commit")
    # the roll is drawn once replayed, then said (« reçu et rejoué ») once counted and kept on the device
    page.wait_for_function("() => window.__dlSeen && window.__dlSeen.said !== undefined", timeout=300_000, polling=100)
    seen = page.evaluate("window.__dlSeen")
    said = page.locator(".dl-table__message").inner_text()
    page.close()
    if "reçu et rejoué" not in said:
        raise RuntimeError(f"the link was not taken: {said!r}")
    return seen


def open_bare(context, base: str, cpu: float) -> float:
    import run as bench

    page = context.new_page()
    page.goto(f"{base}/bare.html", wait_until="load")
    bench.slow_down(context, page, cpu)
    page.click("#go")
    page.wait_for_function("() => window.__ms !== undefined", timeout=300_000, polling=100)
    ms = page.evaluate("window.__ms")
    page.close()
    return ms


def bench_table_link(site: Path, rounds: int = 5) -> dict:
    import run as bench
    from conftest import CHROMIUM, CHROMIUM_ARGS
    from playwright.sync_api import sync_playwright
    from throttle import PHONE_LATENCY, PHONE_RATE, ThrottledServer, every_file

    (site / "bare.html").write_text(bench.BARE, encoding="utf-8")
    srv = ThrottledServer(site, PHONE_RATE, PHONE_LATENCY, slow=every_file)
    fast = bench.throttled_server(site)  # the player's phone: its own book, long since loaded
    load_before = os.getloadavg()[0]
    links, bare, seen = [], [], []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            shown = [link.replace(fast.url, srv.url, 1) for link in shown_rolls(browser, fast.url, rounds)]
            context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
            context.add_init_script(WATCH)
            t0 = time.monotonic()
            first_visit(context, srv.url)
            first_visit_s = time.monotonic() - t0
            open_bare(context, srv.url, 1)  # Pyodide's own library in the HTTP cache too
            srv.reset()
            for link in shown:
                seen.append(open_link(context, link))
                bare.append(open_bare(context, srv.url, CPU))
            links = [s["roll"] for s in seen]
            context.close()
            browser.close()
    finally:
        srv.close()
        fast.close()
    link_ms, bare_ms = statistics.median(links), statistics.median(bare)
    return {
        "game": GAME,
        "rounds": rounds,
        "cpu_slowdown": CPU,
        "link_format": 2,
        "link_s": round(link_ms / 1000, 2),
        "bare_loadpyodide_s": round(bare_ms / 1000, 2),
        "ratio": round(link_ms / bare_ms, 3),
        "link_runs_s": [round(x / 1000, 2) for x in links],
        "bare_runs_s": [round(x / 1000, 2) for x in bare],
        "said_runs_s": [round(s["said"] / 1000, 2) if "said" in s else None for s in seen],
        "first_visit_s": round(first_visit_s, 1),
        "requests_to_the_network": len(srv.requests),  # the measured visits' (the rest from the device)
        "load_average_before_after": [round(load_before, 2), round(os.getloadavg()[0], 2)],
    }


if __name__ == "__main__":
    print(json.dumps(bench_table_link(Path(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else 5), indent=1))
