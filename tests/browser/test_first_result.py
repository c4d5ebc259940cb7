"""The first result is drawn without waiting for the browser's fonts (result/warm-fonts.js).

A text's first use of a font size, weight or symbol makes Chromium ask the browser process for
it, synchronously, in the middle of the layout; while the engine boots, the first outcome's
layout waited 60-150 ms for those answers (the benchmark's long task). The fonts a result uses
are looked up in idle moments as the page loads: the first roll's tap and outcome ask for none.

Nor does anything the rollers add outside the page's text go in or out of <body> itself after the
load: a child of <body> put in or taken out had the whole page's style computed again (40-60 ms).
"""

from __future__ import annotations

import json

import pytest

pytestmark = pytest.mark.browser

# One round trip to the browser process per new font strike (family, size, weight, style).
FONT_ASK = "WebSandboxSupportLinux::GetWebFontRenderStyleForStrike"
CATEGORIES = ["fonts", "disabled-by-default-fonts", "blink.user_timing"]

# A text in a size and weight nothing on the page uses: its strike is new, asked for.
PROBE = """() => {
  const span = document.createElement("span");
  span.style.cssText = "font-size: 37.3px; font-weight: 300; font-style: italic";
  span.textContent = "sonde";
  document.body.append(span);
  span.getBoundingClientRect();
  span.remove();
}"""


def asks_between(trace: bytes, first: str, last: str) -> int:
    """Font strikes asked for on the page's main thread between two of its performance marks."""
    events = json.loads(trace)
    events = events["traceEvents"] if isinstance(events, dict) else events
    marks = {e["name"]: e for e in events if e.get("name") in (first, last)}
    thread = (marks[first]["pid"], marks[first]["tid"])
    return sum(
        1
        for e in events
        if e.get("name") == FONT_ASK
        and (e["pid"], e["tid"]) == thread
        and marks[first]["ts"] <= e["ts"] <= marks[last]["ts"]
    )


@pytest.mark.parametrize("path", ["/solaires/resoudre-une-action/", "/feerie/actions/"], ids=["dice", "cards"])
def test_the_first_roll_asks_the_browser_for_no_font(browser, page, server, path):
    page.goto(server.url + path)
    widget = page.locator(".dl-roller[data-roller]").first
    widget.locator("button.dl-roll:not([disabled])").wait_for()
    page.evaluate("async () => { await globalThis.desEtLames.fontsWarm; }")  # its parts, one per idle moment
    assert page.locator(".dl-warmup").count() == 0  # laid out, then taken out
    browser.start_tracing(page=page, categories=CATEGORIES)
    page.evaluate("performance.mark('probe')")
    page.evaluate(PROBE)
    page.evaluate("performance.mark('roll')")
    widget.locator("button.dl-roll").click()
    widget.locator(".dl-roller__result .dl-outcome").wait_for(timeout=60_000)
    widget.locator(".dl-roller__result .dl-die").first.wait_for()
    page.evaluate("performance.mark('done')")
    trace = browser.stop_tracing()
    assert asks_between(trace, "probe", "roll") >= 1  # the probe is seen: the trace shows such asks
    assert asks_between(trace, "roll", "done") == 0


# From now on, every child put in or taken out of <body> itself (not of its descendants).
WATCH_BODY = """() => {
  window.__bodyChildren = [];
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of [...record.addedNodes, ...record.removedNodes]) {
        window.__bodyChildren.push(`${node.nodeName} ${node.className || ""}`.trim());
      }
    }
  }).observe(document.body, { childList: true });
}"""


def test_after_the_load_the_rollers_put_nothing_in_or_out_of_the_body(page, server):
    """The theme's sibling rules on body's children make such a change restyle the whole page
    (traced: 40-60 ms, 1,200 elements, the benchmark's long task): the fonts' warm-up box, the
    journal's dialog and live words go in the rollers' layer (browser/dom.js pageLayer), made before it."""
    page.goto(server.url + "/solaires/resoudre-une-action/")  # the load
    page.evaluate(WATCH_BODY)
    widget = page.locator(".dl-roller[data-roller]").first
    widget.locator("button.dl-roll:not([disabled])").click()
    widget.locator(".dl-roller__result .dl-outcome").wait_for(timeout=60_000)
    page.evaluate("async () => { await globalThis.desEtLames.fontsWarm; }")  # its boxes put, filled, taken out
    page.locator(".dl-journal-button").click()
    page.get_by_role("dialog", name="Journal des jets").get_by_role("button", name="Fermer").click()
    assert "Ajouté au journal des jets" in page.locator("body > .dl-layer > .dl-journal__live").text_content()
    assert page.evaluate("window.__bodyChildren") == []
