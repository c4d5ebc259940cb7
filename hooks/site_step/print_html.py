"""A built page's HTML as a small tree, for the print version (``print_content``): read, walked, written back.

The standard library's ``html.parser`` reads it (the build has no HTML library, and needs none: the pages are
the generators' and the project's own markup, well formed). Written back, text and attribute values are
escaped again; an element written self-closed (SVG's ``<circle … />``) is written so again; the void
elements (``<br>``, ``<input>``) have no end tag. Attribute names come back lower-cased, as the parser gives
them: the browser's HTML parser puts SVG's (``viewBox``) back in their case.
"""

from __future__ import annotations

import html as htmllib
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser

__all__ = ["Node", "Raw", "attr", "children_html", "find", "find_all", "has_class", "parse", "serialize", "text_of"]

VOID = frozenset(("area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"))


class Raw(str):
    """Markup made by the print version itself, written as it is."""


@dataclass
class Node:
    """An element: its tag, attributes (in order; ``None`` for a bare one, ``checked``), children."""

    tag: str
    attrs: dict[str, str | None] = field(default_factory=dict)
    children: list[Node | str] = field(default_factory=list)
    self_closed: bool = False
    raw: list[str] = field(default_factory=list)  # a root's pieces kept as written (``parse``'s ``keep``)


class _Builder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("")
        self.stack = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Node(tag, dict(attrs))
        self.stack[-1].children.append(node)
        if tag not in VOID:
            self.stack.append(node)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.stack[-1].children.append(Node(tag, dict(attrs), self_closed=True))

    def handle_endtag(self, tag: str) -> None:
        for depth in range(len(self.stack) - 1, 0, -1):  # up to the open element of that name (a stray end: ignored)
            if self.stack[depth].tag == tag:
                del self.stack[depth:]
                return

    def handle_data(self, data: str) -> None:
        self.stack[-1].children.append(data)


def parse(html: str, keep: re.Pattern[str] | None = None) -> Node:
    """``html`` (a fragment or a page) as the children of a nameless root. What ``keep`` matches is not read
    (the standard library's parser is slow on big charts): each becomes ``<dl-raw data-n="i"></dl-raw>``,
    the text itself in the root's ``raw[i]``."""
    raw: list[str] = []
    if keep is not None:

        def hold(m: re.Match[str]) -> str:
            raw.append(m.group(0))
            return f'<dl-raw data-n="{len(raw) - 1}"></dl-raw>'

        html = keep.sub(hold, html)
    builder = _Builder()
    builder.feed(html)
    builder.close()
    builder.root.raw = raw
    return builder.root


RAW = frozenset(("script", "style"))
_SPACES = re.compile(r"[ \t\n\r\f]+")


def serialize(node: Node | str, raw: bool = False) -> str:
    if isinstance(node, str):
        return node if raw or isinstance(node, Raw) else htmllib.escape(node, quote=False)
    inner = children_html(node)
    if not node.tag:
        return inner
    attrs = "".join(f" {k}" if v is None else f' {k}="{htmllib.escape(v, quote=True)}"' for k, v in node.attrs.items())
    if node.self_closed:
        return f"<{node.tag}{attrs} />"
    if node.tag in VOID:
        return f"<{node.tag}{attrs}>"
    return f"<{node.tag}{attrs}>{inner}</{node.tag}>"


def children_html(node: Node) -> str:
    return "".join(serialize(child, node.tag in RAW) for child in node.children)


def attr(node: Node, name: str) -> str:
    value = node.attrs.get(name)
    return value or ""


def has_class(node: Node | str, name: str) -> bool:
    return isinstance(node, Node) and name in attr(node, "class").split()


def find_all(node: Node, match: Callable[[Node], bool]) -> Iterator[Node]:
    """Every element under ``node`` (not itself) that ``match`` accepts, in document order."""
    for child in node.children:
        if isinstance(child, Node):
            if match(child):
                yield child
            yield from find_all(child, match)


def find(node: Node, match: Callable[[Node], bool]) -> Node | None:
    return next(find_all(node, match), None)


def text_of(node: Node | str) -> str:
    """The element's text, its runs of ASCII white space made one space, trimmed (no-break spaces kept)."""
    return _SPACES.sub(" ", _text(node)).strip(" ")


def _text(node: Node | str) -> str:
    if isinstance(node, str):
        return node
    if node.tag in RAW:
        return ""
    return "".join(_text(child) for child in node.children)
