"""A built page's HTML as a small tree, for the print version (``print_content``): read, walked, written back.

The standard library's ``html.parser`` reads it (the build has no HTML library, and needs none: the pages are
the generators' and the project's own markup, well formed). Written back, text and attribute values are
escaped again; an element written self-closed (SVG's ``<circle … />``) is written so again; the void
elements (``<br>``, ``<input>``) have no end tag. Attribute names come back lower-cased, as the parser gives
them: the browser's HTML parser puts SVG's (``viewBox``) back in their case.

The pages are read by a small reader of well-formed markup first (``_read``: one regular expression per tag,
about three times faster than ``html.parser``, whose tree it gives); anything it does not know as well
formed (a comment, a declaration, an unquoted value against a ``/``, a stray ``<``) sends the whole text to
``html.parser``, so the tree is ``html.parser``'s whichever reads it (``tests/test_print_html.py``).
"""

from __future__ import annotations

import gc
import html as htmllib
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from html import unescape
from html.parser import HTMLParser

__all__ = [
    "Node",
    "Raw",
    "attr",
    "collector_paused",
    "children_html",
    "find",
    "find_all",
    "has_class",
    "parse",
    "serialize",
    "text_of",
]

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
    root = _read(html)
    if root is None:
        builder = _Builder()
        builder.feed(html)
        builder.close()
        root = builder.root
    root.raw = raw
    return root


# What ``_read`` knows: text; a start tag whose attributes are separated by ASCII white space, each bare, or
# with a quoted value, or an unquoted one followed by white space or the tag's end; an end tag. Names and
# values as ``html.parser`` reads them (names lower-cased, values and text unescaped).
_WS = r"[ \t\n\r\f]"
_NAME = r"[^\s\"'<>/=`]+"
_VALUE = rf"(?:\"[^\"]*\"|'[^']*'|[^\s\"'=<>`/]+(?={_WS}|>))"
_TOKEN = re.compile(
    rf"([^<]+)"  # 1: text
    rf"|<([a-zA-Z][a-zA-Z0-9-]*)((?:{_WS}+{_NAME}(?:{_WS}*={_WS}*{_VALUE})?)*){_WS}*(/?)>"  # 2-4: a start tag
    rf"|</([a-zA-Z][a-zA-Z0-9-]*){_WS}*>"  # 5: an end tag
)
_ATTR = re.compile(rf"({_NAME})(?:{_WS}*={_WS}*({_VALUE}))?")
_RAW_END = {tag: re.compile(rf"</\s*{tag}\s*>", re.I) for tag in ("script", "style")}  # html.parser's CDATA end


def _read(html: str) -> Node | None:
    """``html``'s tree as ``_Builder`` makes it, or None where the markup is not of the kind read here."""
    root = Node("")
    stack = [root]
    children = root.children
    at, end = 0, len(html)
    token = _TOKEN.match
    while at < end:
        one = token(html, at)
        if one is None:
            return None  # a comment, a declaration, a stray « < »: html.parser's
        at = one.end()
        kind = one.lastindex
        if kind == 1:
            text = one.group(1)
            children.append(unescape(text) if "&" in text else text)
        elif kind == 5:
            tag = one.group(5).lower()
            for depth in range(len(stack) - 1, 0, -1):  # as _Builder.handle_endtag
                if stack[depth].tag == tag:
                    del stack[depth:]
                    children = stack[-1].children
                    break
        else:
            tag, listed, closed = one.group(2, 3, 4)
            tag = tag.lower()
            attrs: dict[str, str | None] = {}
            if listed:
                for name, value in _ATTR.findall(listed):
                    if value[:1] in ("'", '"'):
                        value = value[1:-1]
                        attrs[name.lower()] = unescape(value) if "&" in value else value
                    else:
                        attrs[name.lower()] = (unescape(value) if "&" in value else value) if value else None
            if closed:
                children.append(Node(tag, attrs, self_closed=True))
                continue
            node = Node(tag, attrs)
            children.append(node)
            if tag in _RAW_END:  # its text as it is, up to its end tag
                close = _RAW_END[tag].search(html, at)
                if close is None:
                    return None
                if close.start() > at:
                    node.children.append(html[at : close.start()])
                at = close.end()
            elif tag not in VOID:
                stack.append(node)
                children = node.children
    return root


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector paused while the print version's trees are made and read: tens of
    thousands of small objects without a cycle (freed as they go), whose making would otherwise start
    collections that walk the whole build's memory (the print step took half as long again)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


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
    levels = [iter(node.children)]  # a walk without a generator per level (a deep tree: each element once)
    while levels:
        for child in levels[-1]:
            if isinstance(child, Node):
                if match(child):
                    yield child
                levels.append(iter(child.children))
                break
        else:
            levels.pop()


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
