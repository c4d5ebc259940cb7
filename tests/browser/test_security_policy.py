"""Nothing the site does breaks its own Content-Security-Policy (issue 19, part 3).

One visit as a reader makes it, on a phone: every page through Material's instant
navigation (one document, so one policy, the first page's, for all of them), a roll
on every page with rollers (the engine's worker, its checked blob: modules, the odds),
search opened and used (Material's worker), the service worker's copy, then the network
cut (pages and a roll from the device) and back. Any ``securitypolicyviolation`` event,
or any console error, fails it (conftest's CSP_WATCH turns violations into console errors;
this test also keeps its own list).
"""

from __future__ import annotations

import json
import re
import time

import pytest
import yaml
from conftest import ROOT, instant_navigation_ready, new_page, pages_drawn, same_document
from playwright.sync_api import TimeoutError as PlaywrightTimeout

pytestmark = pytest.mark.browser

MAPPING = yaml.safe_load((ROOT / "hooks" / "page" / "sections.yml").read_text(encoding="utf-8"))
RECORD = """window.__violations = [];
document.addEventListener("securitypolicyviolation", (e) =>
  window.__violations.push(`${e.effectiveDirective} ${e.blockedURI || "inline"} ${e.sourceFile}:${e.lineNumber}`));"""
STATUS = """() => navigator.serviceWorker.ready.then((r) => new Promise((resolve) => {
  const channel = new MessageChannel();
  channel.port1.onmessage = (event) => resolve(event.data);
  r.active.postMessage({ type: "status" }, [channel.port2]);
}))"""


def source_of(url_path: str) -> str:
    """The Markdown file of a page's URL path (sections.yml's keys)."""
    path = url_path.strip("/")
    return "index.md" if not path else (f"{path}.md" if f"{path}.md" in MAPPING else f"{path}/index.md")


def roll(page) -> None:
    widget = page.locator(".dl-roller[data-roller]").first
    widget.scroll_into_view_if_needed()
    before = widget.locator(".dl-roller__result").get_attribute("data-roll")
    widget.locator("button.dl-roll").click()
    page.wait_for_function(
        "([el, before]) => { const r = el.querySelector('.dl-roller__result');"
        " return r.dataset.roll !== before && r.querySelector('.dl-outcome'); }",
        arg=[widget.element_handle(), before],
        timeout=90_000,
    )


def next_page(page) -> str | None:
    link = page.locator("a.md-footer__link--next")
    if not link.count():
        return None
    # The theme's pages drawn so far (its document$, which tells one once a page is in and scrolled):
    # the next tap waits for the page to be drawn, as a reader's would, not only for its article to
    # be in (a tap while the theme still scrolled the page to its top could land beside the link).
    drawn = pages_drawn(page)
    before = page.url
    link.click()
    try:
        page.wait_for_function("([u, n]) => location.href !== u && window.__drawn > n", arg=[before, drawn])
    except PlaywrightTimeout:
        state = page.evaluate(
            "() => [location.href, window.__drawn, scrollY, document.querySelector('h1')?.textContent]"
        )
        raise AssertionError(f"« Suivant » from {before} (page {drawn} drawn): still {state}") from None
    return page.url


def test_every_page_rolls_searches_and_goes_offline_under_the_policy(browser, server, page_errors):
    page = new_page(
        browser, page_errors, viewport={"width": 390, "height": 844}, has_touch=True, service_workers="allow"
    )
    page.add_init_script(RECORD)
    try:
        page.goto(server.url + "/")
        assert page.locator('meta[http-equiv="Content-Security-Policy"]').count() == 1
        instant_navigation_ready(page)
        seen, rolled = ["/"], []
        while url := next_page(page):
            path = re.sub(r"^https?://[^/]+", "", url).split("#")[0]
            seen.append(path)
            if source_of(path) in MAPPING:
                roll(page)
                rolled.append(path)
        assert same_document(page), "a full reload: instant navigation was broken"
        assert len(seen) >= 17 and len(rolled) == len({source_of(p) for p in seen} & set(MAPPING)), (seen, rolled)
        # Search (Material's worker), and a result followed.
        field = page.locator("input.md-search__input")
        page.locator("label.md-search__icon, label[for='__search']").first.click()
        field.press_sequentially("victorieuse", delay=30)
        hit = page.locator('.md-search-result__item a[href*="dcda/confrontation/"]').first
        hit.wait_for(state="attached", timeout=30_000)
        hit.evaluate("a => a.click()")
        page.wait_for_url(re.compile("dcda/confrontation/"))
        # The book copied by the service worker (the engine booted: its files too), then the network cut.
        deadline = time.monotonic() + 90
        while not all((status := page.evaluate(STATUS))[k] for k in ("site", "engine")):
            assert time.monotonic() < deadline, status
            page.wait_for_timeout(250)
        violations = page.evaluate("window.__violations")  # each full load starts a new list
        page.context.set_offline(True)
        page.goto(server.url + "/simon/resolution/")  # from the device
        roll(page)
        next_page(page)
        page.context.set_offline(False)
        next_page(page)
        violations += page.evaluate("window.__violations")
        page.goto(server.url + "/feerie/actions/")
        roll(page)
        violations += page.evaluate("window.__violations")
    finally:
        page.context.close()
    print(
        f"\n{len(seen)} pages, {len(rolled)} with a roll, search, offline and back: violations {json.dumps(violations)}"
    )
    assert violations == []
