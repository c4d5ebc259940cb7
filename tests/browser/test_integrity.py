"""The engine is checked before it runs (issue 19, part 3).

The session's server serves, on demand, a copy of one engine file with one byte
changed (``faults.tamper``): Pyodide's ``pyodide.mjs``, ``pyodide.asm.mjs``,
``pyodide.asm.wasm`` and the site's own ``python_stdlib.zip``. The roller must
refuse with one French sentence, run nothing, keep nothing (the service worker's
caches hold none of it), fetch the altered file once more past the HTTP cache
before refusing, and a later visit with the good files must roll, even though
the browser's HTTP cache then holds the altered copy.
"""

from __future__ import annotations

import pytest
from conftest import new_page

pytestmark = pytest.mark.browser

ENV_PAGE = "/solaires/resoudre-une-action/"
REFUSAL = (
    "Le moteur de dés téléchargé ne correspond pas à la version attendue\u00a0: par prudence, "
    "il n’a été ni lancé ni gardé sur cet appareil, et le texte des règles comme les chances affichées restent valables."
)
ENGINE_FILES = {
    "pyodide.mjs": "/pyodide/pyodide.mjs",
    "pyodide.asm.mjs": "/pyodide/pyodide.asm.mjs",
    "pyodide.asm.wasm": "/pyodide/pyodide.asm.wasm",
    "python_stdlib.zip": "/assets/rollers/python_stdlib.zip",
}

# Every engine file the service worker holds, by name.
CACHED_ENGINE = """async () => { const out = [];
  for (const key of await caches.keys()) if (key.startsWith('dl-engine-'))
    out.push(...(await (await caches.open(key)).keys()).map((r) => new URL(r.url).pathname.split('/').pop()));
  return out; }"""


@pytest.fixture
def context(browser, request):
    """One browser context for both visits (its HTTP cache and service worker carry over)."""
    errors: list[str] = []
    page = new_page(browser, errors, viewport={"width": 390, "height": 844}, service_workers="allow")
    yield page.context
    page.context.close()
    # the refusal's own warnings are console warnings; the browser's log of nothing else is allowed
    assert errors == [], errors


def widget_of(page):
    widget = page.locator('.dl-roller[data-roller="solaires.environnement"]').first
    widget.scroll_into_view_if_needed()
    return widget


def refused(page) -> None:
    widget = widget_of(page)
    status = widget.locator(".dl-roller__status .dl-integrity")
    status.wait_for(timeout=60_000)
    assert status.inner_text() == REFUSAL
    assert widget.locator("button.dl-retry").is_visible()
    widget.locator("button.dl-roll").click()
    error = widget.locator('.dl-roller__result[data-roll="1"] .dl-error')
    error.wait_for(timeout=10_000)
    assert error.inner_text().replace("\u00a0", " ") == (
        "Le jet n’a pas pu être fait : le moteur de dés téléchargé n’est pas la version attendue."
    )
    assert page.evaluate("desEtLames.runtime.worker") is None  # the worker that held it is gone


def rolls(page) -> None:
    widget = widget_of(page)
    widget.locator("button.dl-roll").click()
    widget.locator(".dl-roller__result .dl-outcome").wait_for(timeout=60_000)
    assert widget.locator(".dl-roller__status").is_hidden()


@pytest.mark.parametrize("name", sorted(ENGINE_FILES))
def test_an_altered_engine_file_is_refused_and_a_later_visit_with_the_good_files_rolls(context, server, name):
    path = ENGINE_FILES[name]
    server.faults.requests.clear()
    server.faults.tamper = (name,)
    page = context.new_page()
    page.goto(server.url + ENV_PAGE)
    refused(page)
    # fetched twice: the second time past the HTTP cache, in case the first was a stale copy
    assert server.faults.requests.count(path) == 2, server.faults.requests
    assert name not in page.evaluate(CACHED_ENGINE)
    page.close()

    server.faults.tamper = ()
    server.faults.requests.clear()
    later = context.new_page()
    later.goto(server.url + ENV_PAGE)
    rolls(later)
    # the HTTP cache held the altered copy: found out, and fetched afresh
    assert server.faults.requests.count(path) == 1, server.faults.requests
