"""The colour scheme follows the system, live, until the reader chooses one (issue 35, §7).

A reader first seen in light stayed light when her phone switched to dark (the first visit stored the
system's scheme as if chosen). Now: the page follows a change of the system's scheme at once, the next
page is drawn in it from the parse (the theme's « automatic » palette), and only a tap on the switch is
kept as the reader's choice, which a change of the system no longer overrides."""

from __future__ import annotations

import pytest
from conftest import _only_local, theme_settled

pytestmark = pytest.mark.browser

SCHEME = "document.body.getAttribute('data-md-color-scheme')"
# <body>'s scheme as the page parsed it (the theme's inline script), before any of the rollers' scripts ran.
AT_PARSE = """window.__dlParsed = null;
document.addEventListener('DOMContentLoaded', () => { window.__dlParsed = document.body.getAttribute('data-md-color-scheme'); });"""


@pytest.fixture
def page(browser, server):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, color_scheme="light", locale="fr-FR"
    )
    context.route("**/*", _only_local)
    context.add_init_script(AT_PARSE)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    yield page
    context.close()
    assert errors == [], errors


SEEN = """() => { window.__dlSeen = new Promise((resolve) =>
  matchMedia('(prefers-color-scheme: light)').addEventListener('change', () => resolve(true), { once: true })); }"""


def scheme_is(page, scheme: str) -> None:
    page.wait_for_function(f"(want) => {SCHEME} === want", arg=scheme)


def test_the_scheme_follows_the_system_live_until_the_reader_chooses(page, server):
    page.goto(server.url + "/simon/resolution/")
    theme_settled(page)
    assert page.evaluate(SCHEME) == "default"
    # the phone goes dark while the page is open: the page follows, and says the other button
    page.emulate_media(color_scheme="dark")
    scheme_is(page, "slate")
    assert page.evaluate(
        "[...document.querySelectorAll('form[data-dl-palette] button:not([hidden])')].map((b) => b.title)"
    ) == ["Passer au thème clair"]
    # the next page is dark from its parse, with nothing to switch afterwards
    page.goto(server.url + "/credits/")
    theme_settled(page)
    assert page.evaluate("window.__dlParsed") == "slate" and page.evaluate(SCHEME) == "slate"
    # back to light, live again
    page.emulate_media(color_scheme="light")
    scheme_is(page, "default")
    # the reader chooses dark: kept, whatever the system says from now on, on this page and the next
    page.locator("form[data-dl-palette] button:not([hidden])").tap()
    scheme_is(page, "slate")
    page.emulate_media(color_scheme="dark")
    # told after the page's own listeners (made first, told first): the change has been seen when this resolves
    page.evaluate(SEEN)
    page.emulate_media(color_scheme="light")
    assert page.evaluate("window.__dlSeen") is True
    assert page.evaluate(SCHEME) == "slate"
    page.goto(server.url + "/simon/resolution/")
    theme_settled(page)
    assert page.evaluate("window.__dlParsed") == "slate" and page.evaluate(SCHEME) == "slate"


def test_a_scheme_an_earlier_site_stored_on_a_first_visit_is_not_taken_for_a_choice(page, server):
    """Before, every first visit stored the system's scheme like a choice ({index, color}, no mark): such a
    reader follows the system again."""
    page.goto(server.url + "/credits/")
    theme_settled(page)
    page.evaluate("""() => __md_set('__palette', {index: 0, color: {media: '(prefers-color-scheme: light)',
      scheme: 'default', primary: 'deep-purple', accent: 'amber'}})""")
    page.emulate_media(color_scheme="dark")
    page.reload()
    theme_settled(page)
    assert page.evaluate(SCHEME) == "slate"
    page.emulate_media(color_scheme="light")
    scheme_is(page, "default")
