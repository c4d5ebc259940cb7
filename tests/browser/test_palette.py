"""The header's colour scheme switch (overrides/partials/palette.html, frontend/palette/palette.js).

The theme's palette script is replaced by the front-end's own: these tests hold it to what the
theme's did for the reader (the scheme the system asks for on a first visit, a tap switches and
the other button shows, the choice kept across pages, reloads and instant navigation), to a switch a
keyboard and a screen reader can use (a button named by its action; Space and Enter), and to what it is for: as a page loads, <body>'s colour attributes are left alone
when they already say the chosen scheme (the theme's script rewrote them on every page, with
`data-md-color-switching`, restyling every element of the page several times).
"""

from __future__ import annotations

import pytest
from conftest import _only_local, theme_settled

pytestmark = pytest.mark.browser

PAGE = "/simon/resolution/"
SCHEME = "document.body.getAttribute('data-md-color-scheme')"
SHOWN = """() => [...document.querySelectorAll('form[data-dl-palette] button')]
  .filter((button) => !button.hidden).map((button) => button.title)"""
# From before any script: every change of <body>'s colour attributes after the page has parsed.
WATCH = """window.__dlColour = [];
document.addEventListener('DOMContentLoaded', () => {
  new MutationObserver((records) => { for (const r of records) window.__dlColour.push(r.attributeName); })
    .observe(document.body, { attributes: true, attributeFilter: ['data-md-color-scheme', 'data-md-color-primary',
      'data-md-color-accent', 'data-md-color-media', 'data-md-color-switching'] });
});"""


@pytest.fixture(params=["light", "dark"])
def system(request):
    return request.param


@pytest.fixture
def context(browser, system):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, color_scheme=system, locale="fr-FR"
    )
    context.route("**/*", _only_local)
    context.add_init_script(WATCH)
    yield context
    context.close()


def test_a_first_visit_takes_the_systems_scheme_and_a_tap_switches_and_is_kept(context, server, system):
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.goto(server.url + PAGE)
    theme_settled(page)
    first, other = ("default", "slate") if system == "light" else ("slate", "default")
    to_other = "Passer au thème sombre" if system == "light" else "Passer au thème clair"
    assert page.evaluate(SCHEME) == first
    assert page.evaluate(SHOWN) == [to_other]
    # the reader switches: the other scheme, the other button
    page.locator("form[data-dl-palette] button:not([hidden])").tap()
    page.wait_for_function(f"() => {SCHEME} === '{other}'")
    assert page.evaluate(SHOWN) != [to_other] and len(page.evaluate(SHOWN)) == 1
    page.wait_for_function("() => !document.body.hasAttribute('data-md-color-switching')")
    root = "getComputedStyle(document.documentElement).colorScheme"
    assert page.evaluate(root) == ("dark" if other == "slate" else "normal")
    # kept: another page (a full load), where nothing of <body>'s colours changes as it loads
    page.goto(server.url + "/credits/")
    theme_settled(page)
    assert page.evaluate(SCHEME) == other
    assert page.evaluate("window.__dlColour") == []
    # and across an instant navigation (the header stays): a link of the page's own navigation
    page.locator(".md-nav--primary a[href$='resolution/']").first.dispatch_event("click")
    page.wait_for_url("**/simon/resolution/")
    theme_settled(page)
    assert page.evaluate(SCHEME) == other
    # By keyboard and by ear: one button in the header, named by what it does (the theme's radio was named by the
    # action not taken, « checked », and Space did nothing); Space and Enter switch, the focus following
    to_first = "Passer au thème clair" if system == "light" else "Passer au thème sombre"
    switch = page.get_by_role("banner").get_by_role("button", name=to_first, exact=True)
    assert page.get_by_role("banner").get_by_role("radio").count() == 0
    switch.focus()
    page.keyboard.press("Space")
    page.wait_for_function(f"() => {SCHEME} === '{first}'")
    assert page.evaluate(SHOWN) == [to_other]
    assert page.evaluate("document.activeElement.title") == to_other  # not dropped to the page
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => {SCHEME} === '{other}'")
    assert page.evaluate("document.activeElement.title") == to_first
    assert errors == []


def test_a_page_loads_without_touching_the_bodys_colours(context, server, system):
    """A later visit: the theme's inline script has set the stored scheme as the page parsed; the switch
    only shows the right button (the theme's script set five attributes and `data-md-color-switching`)."""
    page = context.new_page()
    page.goto(server.url + "/credits/")
    theme_settled(page)
    for path in (PAGE, "/dcda/confrontation/"):
        page.goto(server.url + path)
        theme_settled(page)
        assert page.evaluate("window.__dlColour") == [], path
        assert page.evaluate("document.querySelectorAll('meta[name=\"color-scheme\"]').length") == 0
        assert len(page.evaluate(SHOWN)) == 1
