"""The project's Python-Markdown extension: a rule section becomes a live roller.

Listed in mkdocs.yml's ``markdown_extensions`` as ``hooks.page.extension``, so that every
generator that renders the pages with Python-Markdown runs it: MkDocs and Zensical
alike. On each page it

1. finds the sections ``hooks/page/sections.yml`` maps to a roller and marks the end of
   each one's own text (``sections.mark_sections``), before any other step;
2. gives every heading the id the MkDocs build has always given it (``headings.py``),
   whatever the generator's own table of contents would do;
3. once Markdown is done: sets the page's own text in French typography
   (``typography.typeset_html``), mends the book's empty table headers (``a11y.mend``),
   holds each of the book's tables in a block of its own (``tables.hold_tables``),
   then puts each roller in its place (``rollers.insert_widgets``: the form, the
   preset's exact odds, the book's example replayed), the probability tables where
   a page asks for them (``probabilities.insert_tables``) and a game's sheet schema on its
   « Mes personnages » page (``sheets.insert_sheets``).

What needs the whole site or the theme's finished page (the front-end, ``rules_py``,
the manifest, the service worker, the theme's own text) is the site step's
(``hooks/site_step/__init__.py``).

The page being rendered: MkDocs' and Zensical's renderers each register it with the
Markdown instance (``page_of``); plain Python-Markdown passes it as the ``page``
option (``markdown.markdown(text, extensions=[WidgetsExtension(page="x.md")])``).
"""

from __future__ import annotations

import posixpath
import xml.etree.ElementTree as etree
from typing import Any

from markdown import Extension, Markdown
from markdown.postprocessors import Postprocessor
from markdown.preprocessors import Preprocessor
from markdown.treeprocessors import Treeprocessor

from hooks.errors import SiteError
from hooks.page.a11y import mend
from hooks.page.headings import HeadingIds
from hooks.page.probabilities import insert_tables
from hooks.page.rollers import insert_widgets
from hooks.page.sections import mark_sections
from hooks.page.sheets import insert_sheets
from hooks.page.table import insert_table_screen
from hooks.page.tables import hold_tables
from hooks.typography import typeset_html
from hooks.urls import page_url

__all__ = ["WidgetsExtension", "makeExtension", "page_of"]


class WidgetsExtension(Extension):
    def __init__(self, **kwargs: Any) -> None:
        self.config = {"page": ["", "The page's path under docs/ (only where the generator does not say it)"]}
        super().__init__(**kwargs)
        self.state: dict[str, Any] = {}

    def extendMarkdown(self, md: Markdown) -> None:  # noqa: N802 (Python-Markdown's name)
        md.registerExtension(self)
        finish = Finish(md, self.state)
        md.preprocessors.register(Sections(md, self.state, self.getConfig("page")), "des_et_lames_sections", 35)
        md.treeprocessors.register(HeadingIds(md, skip=finish), "des_et_lames_heading_ids", HeadingIds.PRIORITY)
        md.treeprocessors.register(Serialising(md, self.state), "des_et_lames_serialising", -100)
        md.postprocessors.register(finish, "des_et_lames_widgets", 1)

    def reset(self) -> None:
        self.state.clear()


class Sections(Preprocessor):
    """Before normalize_whitespace (30): the page's Markdown as written, the placeholders spliced in."""

    def __init__(self, md: Markdown, state: dict[str, Any], page: str) -> None:
        super().__init__(md)
        self.state = state
        self.page = page

    def run(self, lines: list[str]) -> list[str]:
        src_uri, links_from = page_of(self.md, self.page)
        marked, entries = mark_sections("\n".join(lines), src_uri)
        self.state.update(src_uri=src_uri, links_from=links_from, entries=entries, page=False)
        return marked.split("\n") if entries else lines


class Serialising(Treeprocessor):
    """The last treeprocessor: from now on, the postprocessors run over the whole page."""

    def __init__(self, md: Markdown, state: dict[str, Any]) -> None:
        super().__init__(md)
        self.state = state

    def run(self, root: etree.Element) -> None:
        self.state["page"] = True


class Finish(Postprocessor):
    """Last (priority 1, after raw HTML is back): typography and mends of the content, then widgets and tables.

    Python-Markdown's toc also runs the postprocessors over each heading's HTML, before the
    page itself: that text is only set in French.
    """

    def __init__(self, md: Markdown, state: dict[str, Any]) -> None:
        super().__init__(md)
        self.state = state

    def run(self, text: str) -> str:
        text = hold_tables(mend(typeset_html(text)))
        if not self.state.get("page"):
            return text
        src_uri, links_from = self.state["src_uri"], self.state["links_from"]
        if self.state["entries"]:
            text = insert_widgets(text, self.state["entries"], src_uri, links_from)
        return insert_table_screen(insert_sheets(insert_tables(text, src_uri, links_from), src_uri), links_from)


def page_of(md: Markdown, configured: str = "") -> tuple[str, str]:
    """(path under docs/, where the page's relative links are resolved from) of the page ``md`` renders.

    MkDocs registers a ``relpath`` treeprocessor holding the page's ``file``; it leaves
    the HTML a postprocessor writes as it is, so a link there is relative to the page's
    URL (``dcda/confrontation/``). Zensical registers a preprocessor holding the ``page``
    (``path``, ``url``); it rewrites every relative link of the finished HTML as a link
    between source files, so a link there is relative to the source's folder (``dcda/``):
    the same href then comes out of both. Neither is a promise of theirs:
    ``tests/test_builds.py`` builds with both and compares every link, and a generator
    that says neither stops here.
    """
    relpath = md.treeprocessors["relpath"] if "relpath" in md.treeprocessors else None
    file = getattr(relpath, "file", None)
    if file is not None and isinstance(getattr(file, "src_uri", None), str) and isinstance(file.url, str):
        return file.src_uri, file.url
    for processor in md.preprocessors:
        page = getattr(processor, "page", None)
        path, url = getattr(page, "path", None), getattr(page, "url", None)
        if isinstance(path, str) and isinstance(url, str):
            folder = posixpath.dirname(path)
            return path, f"{folder}/" if folder else ""
    if configured:
        return configured, page_url(configured)
    raise SiteError(
        "hooks.page.extension : impossible de savoir quelle page est rendue (ni MkDocs ni Zensical ne la donnent) ; "
        "passez-la dans l’option « page » de l’extension."
    )


def makeExtension(**kwargs: Any) -> WidgetsExtension:  # noqa: N802 (Python-Markdown's name)
    return WidgetsExtension(**kwargs)
