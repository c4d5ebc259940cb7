"""Accessibility mends on the pages that neither the theme nor the book's text can carry.

``mend``: an empty header cell of a table (``<th></th>``, the blank corner of a book's
two-column table) becomes an empty data cell: a header must name its column (axe-core's
``empty-table-header``), and the book gives this one no name. The words of the book are
unchanged. The Markdown extension (``hooks/page/extension.py``) runs it on the page's content,
where the book's tables are.
"""

from __future__ import annotations

import re

__all__ = ["mend"]


def mend(html: str) -> str:
    """``html`` with its empty ``<th>`` cells as ``<td>`` cells (attributes kept)."""
    return EMPTY_TH.sub(r"<td\1>\2</td>", html)


EMPTY_TH = re.compile(r"<th(\s[^>]*)?>(\s*)</th>", re.I)
