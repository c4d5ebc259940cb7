"""The book's tables held in a block of their own (hooks/page/tables.py)."""

from __future__ import annotations

import re

from hooks.page.tables import TABLE_BLOCK, hold_tables


def test_each_markdown_table_is_held_once_and_classed_tables_are_left():
    html = (
        "<article><p>a</p><table>\n<tr><td>1</td></tr>\n</table><p>b</p>"
        '<table class="dl-proba__table"><tr><td>2</td></tr></table><table><tr><td>3</td></tr></table></article>'
    )
    held = hold_tables(html)
    assert held == (
        f"<article><p>a</p>{TABLE_BLOCK}<table>\n<tr><td>1</td></tr>\n</table></div><p>b</p>"
        f'<table class="dl-proba__table"><tr><td>2</td></tr></table>{TABLE_BLOCK}<table><tr><td>3</td></tr></table></div></article>'
    )
    assert hold_tables(held) == held  # a second pass (mkdocs serve) adds nothing
    assert hold_tables("<p>no table</p>") == "<p>no table</p>"


def test_every_table_of_the_book_is_held_in_both_builds(each_site):
    seen = 0
    for page in each_site.rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        tables = [m.start() for m in re.finditer(r"<table>", html)]
        seen += len(tables)
        assert all(html.endswith(TABLE_BLOCK, 0, at) for at in tables), page
        assert html.count(TABLE_BLOCK) == len(tables), page
    assert seen >= 8  # the credits, Simon's and Solaires' resolution pages
