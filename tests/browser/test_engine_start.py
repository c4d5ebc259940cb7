"""How the engine starts on a device.

- Its snapshot (rollers-worker.js, « The engine's snapshot »): a device's first engine, once it has answered
  and the page is quiet, is kept; the device's later tabs start from it, roll dice of their own, and one that
  no longer runs is dropped for a boot afresh. Read from the worker's console, which names how it started,
  and from the device's caches, where the reader's browser keeps it.
- A table link (engine/engine-worker.js, tableLinkWorker): its engine starts as the page is parsed, not once
  the rollers' script has come.
"""

from __future__ import annotations

import time

import pytest
from conftest import new_page

pytestmark = pytest.mark.browser

PATH = "/simon/resolution/"
ROLLER = "lanceur-le-lance-de-des-avec-le-simon-systeme"

KEPT = """async () => { if (!(await caches.has("dl-snapshot"))) return null;
  const keys = await (await caches.open("dl-snapshot")).keys(); return keys.length ? keys.map((k) => k.url) : null; }"""

# A snapshot that does not run: the same key, gzip of bytes that are no memory of Pyodide's.
SPOILED = """async (url) => {
  const body = new Blob([new Uint8Array(4096).fill(7)]).stream().pipeThrough(new CompressionStream("gzip"));
  const cache = await caches.open("dl-snapshot");
  await cache.put(url, new Response(await new Response(body).blob()));
  return (await cache.keys()).length; }"""


def roll(page, base: str) -> list[str]:
    """The Simon roller tapped once on a tab opened at its page; the dice it drew."""
    page.goto(f"{base}{PATH}#{ROLLER}")
    widget = page.locator(f"#{ROLLER}")
    widget.locator(".dl-roller__form button[type=submit]").first.tap()
    widget.locator(".dl-roller__result .dl-outcome").wait_for(timeout=120_000)
    return widget.locator(".dl-roller__result .dl-die__value").all_inner_texts()


def waited(page, script: str, arg=None, seconds: float = 120):
    """``script``'s (async) answer once it is truthy, asked every half second."""
    for _ in range(int(seconds * 2)):
        got = page.evaluate(script, arg)
        if got:
            return got
        page.wait_for_timeout(500)
    raise AssertionError(f"never: {script}")


def said(page) -> list[str]:
    told: list[str] = []
    page.on("console", lambda msg: "Dés & Lames" in msg.text and told.append(msg.text))
    return told


def test_a_device_keeps_its_first_engine_and_its_other_tabs_start_from_it(phone, server):
    context = phone.context
    first_told = said(phone)
    roll(phone, server.url)
    (key,) = waited(phone, KEPT)
    assert "/rules_py/instantane?v=" in key, key
    assert any("instantané du moteur gardé" in line for line in first_told), first_told
    assert not any("repris de son instantané" in line for line in first_told), first_told

    # Two more tabs, as a link opened by the camera would be: both start from it, each rolls its own dice.
    tabs = [context.new_page() for _ in range(2)]
    told = [said(tab) for tab in tabs]
    dice = [roll(tab, server.url) for tab in tabs]
    for lines in told:
        assert any("moteur repris de son instantané" in line for line in lines), lines
        assert not any("gardé" in line for line in lines), lines  # a snapshot's engine makes none again
    assert all(len(d) >= 3 for d in dice) and dice[0] != dice[1], dice

    # Spoiled on the device: the next tab's engine drops it, starts afresh, rolls; a new one is kept.
    assert phone.evaluate(SPOILED, key) == 1
    tab = context.new_page()
    lines = said(tab)
    assert roll(tab, server.url)
    assert any("instantané du moteur est écarté" in line for line in lines), lines
    assert not any("repris de son instantané" in line for line in lines), lines
    waited(
        tab,
        """async (url) => { const hit = await (await caches.open("dl-snapshot")).match(url);
             return hit && (await hit.blob()).size > 1_000_000; }""",
        key,
    )
    assert any("instantané du moteur gardé" in line for line in lines), lines


def test_a_table_link_starts_the_engine_before_the_rollers_script_has_come(browser, server, errors):
    """The rollers' script held on its way (a slow phone's parse, a slow network): the engine's files are
    asked for meanwhile, by the worker the page's <head> started for the link. On the same page without a
    link, nothing asks for them (a fast network: the engine waits for a roller near the screen)."""
    asked: list[list[str]] = []

    def held(route):
        # Playwright's handler runs on the test's thread: the page goes on meanwhile, the server counts
        for _ in range(40):
            if any(path.startswith("/pyodide/") for path in server.faults.requests):
                break
            time.sleep(0.25)
        asked.append([path for path in server.faults.requests if path.startswith("/pyodide/")])
        route.continue_()

    for fragment in ("#table=2.un-lien-illisible", ""):
        server.faults.reset()
        page = new_page(browser, errors, only_local=False)
        page.context.route("**/assets/rollers/rollers.js*", held)
        page.goto(f"{server.url}/simon/table/{fragment}", wait_until="commit")
        page.wait_for_function("() => window.desEtLames?.runtime")
        page.context.close()
    with_link, without = asked
    assert with_link, with_link  # Pyodide's files, the first of them at least
    assert without == [], without
