"""Every heading's ``id``, written by the project, the same under every generator.

The ids are a public contract: share links (``#lanceur-…`` widgets sit under them), the
« Notes de lecture » links (``resoudre-une-action.md#difficulte``) and readers' bookmarks
name them. They are the ids the MkDocs build has always made: Python-Markdown's ``toc``
with its defaults (``markdown.extensions.toc.slugify``, separator ``-``, ``_1``, ``_2``…
for a repeated one) over the heading's text, footnote calls left out. Written here,
before ``toc`` runs (which keeps an id it finds), they no longer depend on the
generator's own table of contents or slug function.

An id written in the Markdown (``## Titre {#mon-id}``, attr_list) is kept as written.
"""

from __future__ import annotations

import html
import re
import xml.etree.ElementTree as etree

from markdown import Markdown
from markdown.extensions.toc import remove_fnrefs, slugify, strip_tags, unescape, unique
from markdown.treeprocessors import Treeprocessor

__all__ = ["HeadingIds", "heading_id_text"]

HEADING = re.compile(r"[Hh][123456]")
SEPARATOR = "-"


class HeadingIds(Treeprocessor):
    """Sets ``id`` on every heading that has none; runs after attr_list (8), before toc (5)."""

    PRIORITY = 6

    def __init__(self, md: Markdown, skip: object = None) -> None:
        super().__init__(md)
        self.skip = skip  # this extension's own postprocessor (typography, widgets): not part of the id

    def run(self, root: etree.Element) -> None:
        used = {el.attrib["id"] for el in root.iter() if "id" in el.attrib}
        counters: dict[str, int] = {}
        for el in root.iter():
            if isinstance(el.tag, str) and HEADING.fullmatch(el.tag) and "id" not in el.attrib:
                text = heading_id_text(el, self.md, self.skip)
                el.attrib["id"] = unique(slugify(html.unescape(text), SEPARATOR), used, counters)


def heading_id_text(el: etree.Element, md: Markdown, skip: object = None) -> str:
    """The heading's text as ``toc`` reads it: its inner HTML, rendered, footnote calls out, tags stripped."""
    text = unescape(md.serializer(remove_fnrefs(el)))
    text = text[text.index(">") + 1 : text.rindex("<")].strip()
    for processor in md.postprocessors:
        if processor is not skip:
            text = processor.run(text)
    return strip_tags(text.strip())
