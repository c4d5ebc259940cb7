"""The book's tables held in a block of their own (hooks/page/tables.py, ``hold_tables``).

The theme wraps each table in its scroll container once its script runs; put among the article's
own children, that container had the browser restyle the whole article. These tests hold the site to
what the block is for: the theme's container goes into the block, never among the article's children,
on a full load and across an instant navigation; and the page looks as it did (the container's
margins pass through the block; a wide table still scrolls sideways in its container), before the
theme's script as after it (the block keeps the room the container will take: nothing moves at load).
"""

from __future__ import annotations

import pytest
from conftest import LAYOUT_SHIFTS, navigate_instantly, theme_settled

pytestmark = pytest.mark.browser

# From before any script: every table or table container the theme adds to or takes from the article's
# own children (a navigation that replaces the article's content wholesale brings tables in their blocks).
WATCH = (
    """window.__dlArticle = [];
new MutationObserver((records) => {
  for (const r of records) {
    if (!r.target.matches?.('article.md-typeset')) continue;
    for (const n of [...r.addedNodes, ...r.removedNodes]) {
      if (n.nodeType === 1 && n.matches('table, .md-typeset__scrollwrap')) window.__dlArticle.push(n.tagName + '.' + n.className);
    }
  }
}).observe(document, { subtree: true, childList: true });
// Each table block's height as parsed, before the theme's script wraps them (and the page's layout shifts).
document.addEventListener("DOMContentLoaded", () => {
  window.__dlParsed = [...document.querySelectorAll(".dl-book-table")].map((block) => ({
    height: block.getBoundingClientRect().height, wrapped: Boolean(block.querySelector(".md-typeset__scrollwrap")),
  }));
});
"""
    + LAYOUT_SHIFTS
)

TABLES = """() => [...document.querySelectorAll('article.md-typeset table:not([class])')].map((table) => {
  const wrap = table.closest('.md-typeset__scrollwrap');
  const block = wrap?.parentElement;
  const gap = (block.matches('.dl-book-table') ? block : wrap).previousElementSibling.getBoundingClientRect().bottom;
  return {
    wraps: table.parentElement.classList.contains('md-typeset__table') && document.querySelectorAll('.md-typeset__scrollwrap').length,
    held: block.matches('.dl-book-table') && block.parentElement.matches('article.md-typeset') && block.children.length === 1,
    margin: Math.round(wrap.getBoundingClientRect().top - gap) === Math.round(parseFloat(getComputedStyle(wrap).marginTop)),
    scrolls: wrap.scrollWidth > wrap.clientWidth ? getComputedStyle(wrap).overflowX : 'fits',
  };
})"""


def check_tables(page, count: int) -> None:
    tables = page.evaluate(TABLES)
    assert len(tables) == count, tables
    for table in tables:
        assert table["wraps"] == count and table["held"] and table["margin"], tables
        assert table["scrolls"] in ("auto", "fits"), tables
    assert page.evaluate("window.__dlArticle") == []


def test_the_themes_table_container_goes_into_the_tables_block(watched_phone, server):
    page = watched_phone
    page.goto(server.url + "/solaires/resoudre-une-action/")
    theme_settled(page)
    check_tables(page, 4)
    assert "auto" in [t["scrolls"] for t in page.evaluate(TABLES)]  # at 360 px, a table wider than the screen
    # an instant navigation: the new article's tables, wrapped inside their blocks too
    navigate_instantly(page, "/simon/resolution/", "simon")
    check_tables(page, 2)


def test_a_page_opened_below_its_tables_does_not_move_when_the_theme_wraps_them(watched_phone, server):
    """The wrapper's .5em under each table, there from the parse: without it, the browser scrolled again
    at load to keep the section in view, the section's text jumped by 16 px at 390 px (a layout shift of
    0.017), and the frame after the load redrew the screen."""
    page = watched_phone
    page.goto(server.url + "/solaires/resoudre-une-action/#lanceur-difficulte")  # below two of its four tables
    theme_settled(page)
    check_tables(page, 4)
    parsed = page.evaluate("window.__dlParsed")
    assert [block["wrapped"] for block in parsed] == [False] * 4  # measured before the theme's script
    settled = page.evaluate(
        "[...document.querySelectorAll('.dl-book-table')].map((block) => block.getBoundingClientRect().height)"
    )
    assert [block["height"] for block in parsed] == settled
    assert page.evaluate("window.__dlShifts") == []
