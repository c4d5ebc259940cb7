"""French typography on the pages: the right space before « ; ? ! : » and inside « ».

Every text node goes through ``rules_py.typography`` (the same rules as the engine's
answers), read paragraph by paragraph so that a space next to an inline tag
(« <em>mot</em> ») lands where it belongs. Only text changes: tags, attributes,
comments, ``<code>``, ``<pre>``, ``<kbd>``, ``<samp>``, ``<script>``, ``<style>``,
``<textarea>``, SVG and MathML are left as they are; the words are unchanged.

Two passes, one function: the Markdown extension (``hooks/page/extension.py``) sets the page's
own content (``typeset_html``) before the widgets and tables go in (they are made set);
the site step (``hooks/site_step/__init__.py``) sets the theme's text around it in every built page,
the 404 page included (``typeset_theme``): the header, the navigation, the footer.
"""

from __future__ import annotations

import html as htmllib
import re
from collections.abc import Iterator

from rules_py.typography import fr_chunks

__all__ = ["typeset_html", "typeset_theme", "visible_text"]


def typeset_theme(html: str) -> str:
    """A finished page with its theme's text set; its content (``<article>``, set by the extension) is kept as is."""
    start = html.find(ARTICLE)
    end = html.rfind("</article>")
    if start < 0 or end < start:
        return typeset_html(html)
    return typeset_html(html[:start]) + html[start:end] + typeset_html(html[end:])


# ----------------------------------------------------------------------
# The page, as runs of text between block boundaries
# ----------------------------------------------------------------------


def typeset_html(html: str) -> str:
    """``html`` with French spaces in its text nodes (idempotent)."""
    pieces: list[str] = []
    run: list[int] = []  # indexes (in pieces) of the text nodes of the current run
    marked = False  # the run has a mark (or an entity that may be one): only then is it read
    for kind, piece, run_end in _walk(html):
        pieces.append(piece)
        if kind == "text":
            run.append(len(pieces) - 1)
            marked = marked or MARKS.search(piece) is not None
        if run_end and run:
            if marked:
                _set(pieces, run)
            run, marked = [], False
    if run and marked:
        _set(pieces, run)
    return "".join(pieces)


def visible_text(html: str) -> list[str]:
    """The page's text runs (paragraph-like, entities decoded), outside code, scripts and styles."""
    runs: list[str] = []
    current: list[str] = []
    for kind, piece, run_end in _walk(html):
        if kind == "text":
            current.append(htmllib.unescape(piece))
        if run_end and current:
            runs.append("".join(current))
            current = []
    if current:
        runs.append("".join(current))
    return runs


def _set(pieces: list[str], run: list[int]) -> None:
    """French spaces in the text nodes ``run`` of ``pieces``, read as one text; unchanged nodes keep their bytes."""
    text = [htmllib.unescape(pieces[i]) for i in run]
    for i, before, after in zip(run, text, fr_chunks(text), strict=True):
        if after != before:
            pieces[i] = htmllib.escape(after, quote=False)


def _walk(html: str) -> Iterator[tuple[str, str, bool]]:
    """(kind, piece, run_end) over the page: kind "text" for a text node to set, "raw" for the rest.

    ``run_end`` is true after a piece that ends the current run of text (a block
    tag, a line break, a skipped element).
    """
    pos = 0
    skip: list[str] = []  # open skipped elements (code, pre...)
    n = len(html)
    search = TOKEN.search  # the hot loop of the build: one call per tag of every page
    while pos < n:
        m = search(html, pos)
        start = m.start() if m else n
        if start > pos:
            yield ("raw" if skip else "text"), html[pos:start], False
        if not m:
            break
        token = m.group(0)
        name = m.group("name")
        end = m.end()
        if name is None:  # a comment, doctype…
            yield "raw", token, True
            pos = end
            continue
        tag = name.lower()
        if tag in INLINE:
            yield "raw", token, False
        elif tag in RAW_TEXT and token[1] != "/" and not token.endswith("/>"):
            close = re.compile(rf"</{tag}\s*>", re.I).search(html, end)
            end = close.end() if close else n
            yield "raw", html[m.start() : end], True
        elif tag in SKIP:
            if token[1] == "/":
                if tag in skip:
                    del skip[len(skip) - 1 - skip[::-1].index(tag) :]
            elif not token.endswith("/>"):
                skip.append(tag)
            yield "raw", token, True
        else:
            yield "raw", token, True
        pos = end


# comments, doctype, CDATA, processing instructions, and tags (quoted attributes may hold ">"); a tag's
# attributes read a run at a time, possessively (a step per character and its backtracking cost the
# build 10% more: the same tokens on every page)
TOKEN = re.compile(
    r"<!--.*?-->|<!\[CDATA\[.*?\]\]>|<![^>]*>|<\?.*?>"
    r"|</?(?P<name>[A-Za-z][\w:-]*+)(?:[^'\">]++|\"[^\"]*+\"|'[^']*+')*+>",
    re.S,
)
ARTICLE = '<article class="md-content__inner md-typeset">'  # Material's content, a block: a run boundary
MARKS = re.compile(r"[;?!:«»&]")  # what French typography acts on; & for an entity that may be one
RAW_TEXT = frozenset({"script", "style", "textarea"})
SKIP = frozenset({"code", "pre", "kbd", "samp", "svg", "math"})
INLINE = frozenset(
    {
        "a",
        "abbr",
        "b",
        "bdi",
        "bdo",
        "cite",
        "data",
        "del",
        "dfn",
        "em",
        "i",
        "ins",
        "label",
        "mark",
        "q",
        "s",
        "small",
        "span",
        "strong",
        "sub",
        "sup",
        "time",
        "u",
        "var",
    }
)
