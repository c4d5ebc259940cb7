"""A page's article made fit for paper, for the print version (``print_book``).

From the built page's own content, as it is before any script runs:

- each roller (``<section class="dl-roller">``) becomes what it stands for (:func:`roller_on_paper`):
  its title and what it does, the section's example in words (each field the widget shows, by its label,
  with the value it holds: the chosen option's words, the typed value), its exact odds as the page holds
  them (the summary, each outcome's row, the ordered outcome read « exactement », « au moins », « au plus »
  in one table) and the book's example with its outcome. No form, button, status or link to roll;
- what is folded is unfolded: ``<noscript class="dl-fold">`` (drawn by a script on screen) gives its
  content, every ``<details>`` is open;
- the « Probabilités » tables whole, their cells' links to a roller (a link to roll) made plain text;
- what only works on a screen goes: the headings' permalinks, the footnotes' way back, scripts, styles
  (the print stylesheet draws the tables and charts), forms and buttons, the home's offline control,
  the « Version imprimable » links themselves;
- every ``id`` gets the page's prefix (several pages in one document: no two ids alike), and so does
  every reference to one (``href="#…"``, ``for``, ``aria-*``, SVG's ``url(#…)``);
- links: to a page of the book, a link to its place in the document when it is there (the web page's
  address otherwise) followed by the section's name, « (voir « Difficulté ») »: Chromium, which makes
  the PDF, has no ``target-counter()``, so no « voir p. 12 »; to anything else, the address itself, in
  parentheses, unless the link's words are already that address.
"""

from __future__ import annotations

import html as htmllib
import re
from dataclasses import dataclass, field
from urllib.parse import unquote, urljoin

from hooks.errors import SiteError
from hooks.site_step.print_html import Node, Raw, attr, find, find_all, has_class, serialize, text_of
from hooks.typography import typeset_html

__all__ = ["Page", "Paper", "Raw", "Site", "on_paper", "paper_text", "roller_on_paper"]

ORIGIN = "http://site.invalid/"  # to resolve a page's relative links (never fetched)


@dataclass
class Page:
    """A page of the book as the print version knows it."""

    url: str  # from the site root ("solaires/regles/")
    title: str  # its first heading's words
    chapter: str  # the title of the part of the book it belongs to
    names: dict[str, str] = field(default_factory=dict)  # id -> the name of the section it is in

    @property
    def anchor(self) -> str:
        """The page's own id in a print document, and the start of its elements' ids."""
        return "p-" + (re.sub(r"[^a-z0-9]+", "-", self.url.lower()).strip("-") or "accueil")

    def id_of(self, name: str) -> str:
        return f"{self.anchor}--{name}"


@dataclass
class Site:
    """What links need: the site's address, the book's pages, the pages of the document being made."""

    url: str  # the site's address (SITE_URL), ending with "/"
    pages: dict[str, Page]
    here: set[str] = field(default_factory=set)  # urls of the pages in this document


# ----------------------------------------------------------------------
# A page's article
# ----------------------------------------------------------------------


def on_paper(article: Node, page: Page, site: Site, demote: int = 0) -> str:
    """The article's content (its children) as the print version writes it; headings ``demote`` levels lower."""
    return paper_text(article, page, site, demote).resolve(site.here)


@dataclass
class Paper:
    """A page on paper, whichever document holds it: its text, in which each link to a page of the book is
    a NUL, its number, a NUL (no built page holds a NUL), and those links (the page's url, its place in a document that holds it, its web address)."""

    text: str
    links: list[tuple[str, str, str]]

    def resolve(self, here: set[str]) -> str:
        """The text in a document of the pages ``here``: a link to one of them goes to its place in it."""
        if not self.links:
            return self.text
        return _HELD.sub(lambda m: _href(self.links[int(m.group(1))], here), self.text)


_HELD = re.compile("\0(\\d+)\0")


def _href(link: tuple[str, str, str], here: set[str]) -> str:
    path, local, web = link
    return htmllib.escape(local if path in here else web, quote=True)


def paper_text(article: Node, page: Page, site: Site, demote: int = 0) -> Paper:
    """``on_paper`` once for every document that prints the page (the whole book, its part): their links
    differ only by the pages each holds (``Paper.resolve``)."""
    links: list[tuple[str, str, str]] = []
    text = "".join(
        serialize(node) for child in article.children for node in _paper(child, page, site, demote, article.raw, links)
    )
    if text.count("\0") != 2 * len(links):  # HTML holds no NUL (a parse error): never in a built page
        raise SiteError(f"Version imprimable : la page {page.url or '/'} contient un caractère NUL.")
    return Paper(text, links)


#: Elements that only work on a screen, by class.
SCREEN_ONLY = frozenset(("headerlink", "footnote-backref", "dl-print-link", "dl-visually-hidden"))
DROPPED_TAGS = ("script", "style", "form", "button", "input", "select", "template")
REFERRING = ("for", "aria-labelledby", "aria-describedby", "aria-controls", "headers")
URL_REF = re.compile(r"url\(#([^)]+)\)")
HEADINGS = frozenset(f"h{level}" for level in range(1, 7))
_MADE: dict[int, tuple[Node, str]] = {}  # id of a roller's section -> (it, its print)


def _paper(
    node: Node | str, page: Page, site: Site, demote: int, raw: list[str], links: list[tuple[str, str, str]]
) -> list[Node | str]:
    if isinstance(node, str):
        return [node]
    if node.tag == "dl-raw":  # a chart, kept as written: its ids and references prefixed
        chart = raw[int(attr(node, "data-n"))]
        chart = re.sub(r'\bid="([^"]+)"', lambda m: f'id="{page.id_of(m.group(1))}"', chart)
        chart = re.sub(r'aria-labelledby="([^"]+)"', lambda m: f'aria-labelledby="{page.id_of(m.group(1))}"', chart)
        return [Raw(URL_REF.sub(lambda m: f"url(#{page.id_of(m.group(1))})", chart))]
    classes = node.attrs.get("class")
    if node.tag in DROPPED_TAGS or (classes and not SCREEN_ONLY.isdisjoint(classes.split())):
        return []
    if attr(node, "id") in ("dl-offline", "__skip"):
        return []
    if classes and "dl-roller" in classes.split():  # made once per build (the book and its part both print it)
        kept = _MADE.get(id(node))
        if kept is None or kept[0] is not node:
            kept = _MADE[id(node)] = (node, typeset_html(roller_on_paper(node)))
        return [Raw(kept[1])]
    children = [out for child in node.children for out in _paper(child, page, site, demote, raw, links)]
    if node.tag == "noscript":
        return children
    attrs = dict(node.attrs)
    if "id" in attrs:
        attrs["id"] = page.id_of(attrs["id"] or "")
    for name in REFERRING:
        if attrs.get(name):
            attrs[name] = " ".join(page.id_of(ref) for ref in (attrs[name] or "").split())
    for name, value in list(attrs.items()):
        if value and "url(#" in value:
            attrs[name] = URL_REF.sub(lambda m: f"url(#{page.id_of(m.group(1))})", value)
    attrs.pop("tabindex", None)
    tag = node.tag
    if tag in HEADINGS:  # a heading names itself: no « (voir …) » in it (nor in the PDF's bookmarks)
        children = [c for c in children if not (isinstance(c, Raw) and "dl-print-ref" in c)]
        tag = f"h{min(6, int(tag[1]) + demote)}"
    if tag == "details":
        attrs["open"] = None
    made = Node(tag, attrs, children, node.self_closed)
    if tag == "a" and attr(node, "href"):
        return _link(made, page, site, links)
    return [made]


def _link(link: Node, page: Page, site: Site, links: list[tuple[str, str, str]]) -> list[Node | str]:
    """A link on paper; one to a page of the book is held in ``links``, its address chosen per document (``Paper``)."""
    href = attr(link, "href")
    words = text_of(link)
    if href.startswith("#"):
        link.attrs["href"] = "#" + page.id_of(unquote(href[1:]))
        return [link]
    absolute = urljoin(ORIGIN + page.url, href)
    if not absolute.startswith(ORIGIN):  # another site: its address printed
        return (
            [link] if _same_address(words, href) else [link, Raw(f'<span class="dl-print-url"> ({_esc(href)})</span>')]
        )
    path_query, _, fragment = absolute[len(ORIGIN) :].partition("#")
    path, _, query = path_query.partition("?")
    if "lanceur=" in query:  # a link to roll (the « Probabilités » tables' cells): its words only
        return link.children
    fragment = unquote(fragment)
    target = site.pages.get(path)
    web = site.url + path + (f"#{fragment}" if fragment else "")
    if target is None:  # a page of the site that is not in the book (« Mes personnages »): its address
        link.attrs["href"] = web
        return [link, Raw(f'<span class="dl-print-url"> ({_esc(web)})</span>')]
    link.attrs["href"] = f"\0{len(links)}\0"
    links.append((path, "#" + (target.id_of(fragment) if fragment else target.anchor), web))
    name = target.names.get(fragment, target.title) if fragment else target.title
    said = f"« {name} »" + ("" if target.chapter == page.chapter else f", {target.chapter}")
    if _fold(words) == _fold(name) and target.chapter == page.chapter:
        return [link]
    return [link, Raw(typeset_html(f'<span class="dl-print-ref"> (voir {_esc(said)})</span>'))]


def _same_address(words: str, href: str) -> bool:
    def bare(text: str) -> str:
        return re.sub(r"^(https?://|mailto:)", "", text).rstrip("/")

    return bare(words) == bare(href)


def _fold(text: str) -> str:
    return re.sub(r"\W+", " ", text.lower()).strip()


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


# ----------------------------------------------------------------------
# A roller
# ----------------------------------------------------------------------


class Elements:
    """Every element under a node, walked once, in document order, and by class: a roller is asked a dozen
    questions (a walk of its few hundred elements each, before)."""

    def __init__(self, node: Node) -> None:
        self.every = list(find_all(node, lambda n: True))
        self.classes: dict[str, list[Node]] = {}
        for element in self.every:
            for name in dict.fromkeys(attr(element, "class").split()):
                self.classes.setdefault(name, []).append(element)

    def of_class(self, name: str) -> list[Node]:
        return self.classes.get(name, [])

    def first(self, name: str) -> Node | None:
        found = self.classes.get(name)
        return found[0] if found else None


def roller_on_paper(section: Node) -> str:
    """A roller as what it stands for: its example in words and its exact odds, as the widget holds them."""
    inside = Elements(section)
    title = next((n for n in inside.every if attr(n, "id").endswith("-titre")), None)
    summary = inside.first("dl-roller__summary")
    parts = [
        '<section class="dl-print-roller">',
        f'<p class="dl-print-roller__title"><span class="dl-print-roller__kicker">Lanceur</span> '
        f"{_esc(text_of(title) if title else '')}</p>",
    ]
    if summary is not None:
        parts.append(f'<p class="dl-print-roller__what">{_esc(text_of(summary))}</p>')
    values = preset_in_words(section, inside)
    if values:
        said = " ; ".join(f"{_esc(label)} : {_esc(value)}" for label, value in values)
        parts.append(f'<p class="dl-print-roller__preset"><strong>Exemple de la section</strong> — {said}.</p>')
    parts.append(_odds(inside))
    for example in inside.of_class("dl-roller__example"):
        head = find(example, lambda n: n.tag == "summary")
        body = find(example, lambda n: n.tag == "p")
        parts.append(
            f'<p class="dl-print-roller__example"><strong>{_esc(text_of(head) if head else "Exemple du livre")}'
            f"</strong> : {_esc(text_of(body) if body else '')}</p>"
        )
    parts.append("</section>")
    return "".join(parts)


def preset_in_words(section: Node, inside: Elements | None = None) -> list[tuple[str, str]]:
    """(label, value) of each field the widget shows at rest (not those under « Réglages », nor those of an
    alternative not chosen), with a value: a choice's words, a typed value, « oui » for a ticked box."""
    inside = inside or Elements(section)
    form = inside.first("dl-roller__group--shown")
    if form is None:
        return []
    active = {
        attr(radio, "value")
        for radio in inside.every
        if radio.tag == "input"
        and attr(radio, "type") == "radio"
        and "checked" in radio.attrs
        and ":" in attr(radio, "value")
    }
    out = []
    for box in find_all(form, lambda n: has_class(n, "dl-field")):
        mode = attr(box, "data-mode")
        if mode and mode not in active:
            continue
        label = find(box, lambda n: n.tag == "label")
        value = _value(box)
        if label is not None and value:
            out.append((text_of(label), value))
    return out


def _value(box: Node) -> str:
    select = find(box, lambda n: n.tag == "select")
    if select is not None:
        chosen = find(select, lambda n: n.tag == "option" and "selected" in n.attrs)
        return text_of(chosen) if chosen is not None and attr(chosen, "value") else ""
    field_input = find(box, lambda n: n.tag == "input")
    if field_input is None:
        return ""
    if attr(field_input, "type") == "checkbox":
        return "oui" if "checked" in field_input.attrs else ""
    return re.sub(r"(?<!\w)-(?=\d)", "\u2212", attr(field_input, "value").replace(",", ", "))


def _odds(inside: Elements) -> str:
    """The odds as the widget holds them: its summary, each outcome, the ordered outcome read three ways."""
    title = inside.first("dl-roller__odds-title")
    parts = [
        f'<p class="dl-print-roller__odds"><strong>{_esc(text_of(title)) if title else "Chances exactes"}</strong></p>'
    ]
    rows = inside.of_class("dl-odds__row")
    if rows:
        parts.append('<table class="dl-print-odds"><tbody>')
        for row in rows:
            label = find(row, lambda n: has_class(n, "dl-odds__label"))
            value = find(row, lambda n: has_class(n, "dl-odds__value"))
            parts.append(
                f'<tr><th scope="row">{_esc(text_of(label) if label else "")}</th>'
                f"<td>{_esc(text_of(value) if value else '')}</td></tr>"
            )
        parts.append("</tbody></table>")
    scale = inside.first("dl-scale")
    if scale is not None:
        legend = find(scale, lambda n: has_class(n, "dl-scale__title"))
        ways = list(find_all(scale, lambda n: has_class(n, "dl-scale__rows")))
        words = {
            attr(radio, "value"): text_of(label)
            for label in find_all(
                scale, lambda n: has_class(n, "dl-scale__way") and not has_class(n, "dl-scale__exact")
            )
            for radio in [find(label, lambda n: n.tag == "input")]
            if radio is not None
        }
        columns = [
            [
                (
                    text_of(find(r, lambda n: has_class(n, "dl-odds__label")) or ""),
                    text_of(find(r, lambda n: has_class(n, "dl-odds__value")) or ""),
                )
                for r in find_all(way, lambda n: has_class(n, "dl-scale__row"))
            ]
            for way in ways
        ]
        heads = "".join(f'<th scope="col">{_esc(words.get(attr(way, "data-way"), ""))}</th>' for way in ways)
        parts.append(
            f'<table class="dl-print-scale"><thead><tr><th scope="col">{_esc(text_of(legend) if legend else "")}</th>'
            f"{heads}</tr></thead><tbody>"
        )
        for i, (row_label, _) in enumerate(columns[0] if columns else []):
            cells = "".join(f"<td>{_esc(column[i][1])}</td>" for column in columns)
            parts.append(f'<tr><th scope="row">{_esc(row_label)}</th>{cells}</tr>')
        parts.append("</tbody></table>")
    return "".join(parts)
