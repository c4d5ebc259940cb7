"""Accessibility mends on the finished pages that neither the theme nor the book's text can carry.

on_post_page: an empty header cell of a table (``<th></th>``, the blank corner
of a book's two-column table) becomes an empty data cell: a header must name
its column (axe-core's ``empty-table-header``), and the book gives this one no
name. The words of the book are unchanged.
"""

from __future__ import annotations

import re

__all__ = ["on_post_page", "mend"]


def on_post_page(output: str, page, config) -> str:
    return mend(output)


def mend(html: str) -> str:
    """``html`` with its empty ``<th>`` cells as ``<td>`` cells (attributes kept)."""
    return EMPTY_TH.sub(r"<td\1>\2</td>", html)


EMPTY_TH = re.compile(r"<th(\s[^>]*)?>(\s*)</th>", re.I)
