"""Light pages: what a page folds (a roller's « Réglages », its odds rows, an alternative not
chosen, a variant of a probability table) is a ``<noscript class="dl-fold">`` in the built
HTML (frontend/form/fold.js makes it when opened).

Read here as a browser with JavaScript reads it (a fold's content is text) and as one
without (its content is markup), from both builds: the page at rest stays under the DOM
budget, folds never nest (an inner ``</noscript>`` would end the outer fold early), and a
reader without JavaScript still has every field and every figure.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from helpers import theme_pages

# The benchmark's budget is 1,500 elements once loaded (bench: the theme's scripts add a few
# dozen); the built page at rest keeps this margin below it.
AT_REST = 1400


class Elements(HTMLParser):
    """Counts the elements; ``scripting``: a fold's content is text, as a browser with JavaScript parses it."""

    def __init__(self, scripting: bool) -> None:
        super().__init__()
        if scripting:
            self.CDATA_CONTENT_ELEMENTS = (*HTMLParser.CDATA_CONTENT_ELEMENTS, "noscript")
        self.count = 0
        self.names: set[str] = set()

    def handle_starttag(self, tag, attrs):
        self.count += 1
        a = dict(attrs)
        if a.get("name") and "data-kind" in a:
            self.names.add(a["name"])

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)


def read(html: str, scripting: bool) -> Elements:
    parser = Elements(scripting)
    parser.feed(html)
    return parser


@pytest.fixture(scope="module")
def pages(each_site):
    """The pages a screen reads: the print version (imprimer/) is the whole book at once, for paper, and
    unfolds every fold by design (tests/browser/test_print.py)."""
    return {p.relative_to(each_site).as_posix(): p.read_text(encoding="utf-8") for p in theme_pages(each_site)}


def test_every_page_at_rest_is_under_the_dom_budget(pages):
    heavy = {name: n for name, html in pages.items() if (n := read(html, scripting=True).count) > AT_REST}
    assert heavy == {}
    folded = [name for name, html in pages.items() if 'class="dl-fold"' in html]
    assert {"dcda/confrontation/index.html", "probabilites/simon/index.html"} <= set(folded)


def test_folds_never_nest_and_a_reader_without_javascript_keeps_everything(pages):
    for name, html in pages.items():
        for fold in re.findall(r'<noscript class="dl-fold"[^>]*>(.*?)</noscript>', html, re.S):
            assert "<noscript" not in fold, name
    page = pages["dcda/confrontation/index.html"]
    with_js, without = read(page, scripting=True), read(page, scripting=False)
    # every field of the confrontation is in the page for a reader without JavaScript; with it, a few
    assert {"forces_a", "noms_a", "forces_b", "table", "domination", "pnj"} <= without.names
    assert not {"table", "domination"} & with_js.names and "pnj" in with_js.names
    assert without.count > 3 * with_js.count
