"""The book's tables, each held in its own block before the theme's script sees them.

Called by the Markdown extension's last step (``widgets.Finish``) over a page's content,
before the widgets and probability tables go in (their tables have a class: the theme
leaves them alone, and so does this).

Both themes (Material, Zensical) wrap every ``table:not([class])`` of a page in a scroll
container once their script runs (``div.md-typeset__scrollwrap > div.md-typeset__table``).
A table straight under the article puts that new container among the article's children,
and a rule of the theme's stylesheet then has the browser restyle the whole article
(``simon/resolution/``: 1,178 elements, 268 ms with the processor slowed 4×, traced),
forced as the theme next reads the header's size. Held in a plain ``<div class="dl-book-table">``
(no style of its own once its table is wrapped: the scroll container's margins pass through it,
the layout is the same to the pixel; before, it holds the .5em the container will add under the
table, ``docs/stylesheets/content.css``, so that nothing moves when the container comes), the
theme's container goes into that block instead, and only the table is restyled. The theme still
wraps the table as it always did (its styles need ``table:not([class])``), inside the block.
"""

from __future__ import annotations

import re

__all__ = ["TABLE_BLOCK", "hold_tables"]

#: The block each of the book's tables sits in (an attribute-less ``<table>``: what Markdown writes).
TABLE_BLOCK = '<div class="dl-book-table">'

_TABLE = re.compile(r"<table>.*?</table>", re.S)


def hold_tables(html: str) -> str:
    """Every attribute-less ``<table>…</table>`` of ``html`` inside ``TABLE_BLOCK`` (once: already held, unchanged)."""

    def hold(match: re.Match[str]) -> str:
        if html.endswith(TABLE_BLOCK, 0, match.start()):
            return match.group(0)
        return f"{TABLE_BLOCK}{match.group(0)}</div>"

    return _TABLE.sub(hold, html)
