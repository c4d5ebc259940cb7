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

import re
from dataclasses import dataclass, field
from urllib.parse import unquote, urljoin

from hooks.site_step.print_html import Node, Raw, attr, find, find_all, has_class, serialize, text_of
from hooks.typography import typeset_html

__all__ = ["Page", "Raw", "Site", "on_paper", "roller_on_paper"]

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
    return "".join(
        serialize(node) for child in article.children for node in _paper(child, page, site, demote, article.raw)
    )


#: Elements that only work on a screen, by class.
SCREEN_ONLY = ("headerlink", "footnote-backref", "dl-print-link", "dl-visually-hidden")
DROPPED_TAGS = ("script", "style", "form", "button", "input", "select", "template")
REFERRING = ("for", "aria-labelledby", "aria-describedby", "aria-controls", "headers")
URL_REF = re.compile(r"url\(#([^)]+)\)")
_MADE: dict[int, tuple[Node, str]] = {}  # id of a roller's section -> (it, its print)


def _paper(node: Node | str, page: Page, site: Site, demote: int, raw: list[str]) -> list[Node | str]:
    if isinstance(node, str):
        return [node]
    if node.tag == "dl-raw":  # a chart, kept as written: its ids and references prefixed
        chart = raw[int(attr(node, "data-n"))]
        chart = re.sub(r'\bid="([^"]+)"', lambda m: f'id="{page.id_of(m.group(1))}"', chart)
        chart = re.sub(r'aria-labelledby="([^"]+)"', lambda m: f'aria-labelledby="{page.id_of(m.group(1))}"', chart)
        return [Raw(URL_REF.sub(lambda m: f"url(#{page.id_of(m.group(1))})", chart))]
    if node.tag in DROPPED_TAGS or any(has_class(node, name) for name in SCREEN_ONLY):
        return []
    if attr(node, "id") in ("dl-offline", "__skip"):
        return []
    if has_class(node, "dl-roller"):  # made once per build (the book and its part both print it)
        kept = _MADE.get(id(node))
        if kept is None or kept[0] is not node:
            kept = _MADE[id(node)] = (node, typeset_html(roller_on_paper(node)))
        return [Raw(kept[1])]
    children = [out for child in node.children for out in _paper(child, page, site, demote, raw)]
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
    if re.fullmatch(r"h[1-6]", tag):  # a heading names itself: no « (voir …) » in it (nor in the PDF's bookmarks)
        children = [c for c in children if not (isinstance(c, Raw) and "dl-print-ref" in c)]
        tag = f"h{min(6, int(tag[1]) + demote)}"
    if tag == "details":
        attrs["open"] = None
    made = Node(tag, attrs, children, node.self_closed)
    if tag == "a" and attr(node, "href"):
        return _link(made, page, site)
    return [made]


def _link(link: Node, page: Page, site: Site) -> list[Node | str]:
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
    link.attrs["href"] = "#" + (target.id_of(fragment) if fragment else target.anchor) if path in site.here else web
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


def roller_on_paper(section: Node) -> str:
    """A roller as what it stands for: its example in words and its exact odds, as the widget holds them."""
    title = find(section, lambda n: attr(n, "id").endswith("-titre"))
    summary = find(section, lambda n: has_class(n, "dl-roller__summary"))
    parts = [
        '<section class="dl-print-roller">',
        f'<p class="dl-print-roller__title"><span class="dl-print-roller__kicker">Lanceur</span> '
        f"{_esc(text_of(title) if title else '')}</p>",
    ]
    if summary is not None:
        parts.append(f'<p class="dl-print-roller__what">{_esc(text_of(summary))}</p>')
    values = preset_in_words(section)
    if values:
        said = " ; ".join(f"{_esc(label)} : {_esc(value)}" for label, value in values)
        parts.append(f'<p class="dl-print-roller__preset"><strong>Exemple de la section</strong> — {said}.</p>')
    parts.append(_odds(section))
    for example in find_all(section, lambda n: has_class(n, "dl-roller__example")):
        head = find(example, lambda n: n.tag == "summary")
        body = find(example, lambda n: n.tag == "p")
        parts.append(
            f'<p class="dl-print-roller__example"><strong>{_esc(text_of(head) if head else "Exemple du livre")}'
            f"</strong> : {_esc(text_of(body) if body else '')}</p>"
        )
    parts.append("</section>")
    return "".join(parts)


def preset_in_words(section: Node) -> list[tuple[str, str]]:
    """(label, value) of each field the widget shows at rest (not those under « Réglages », nor those of an
    alternative not chosen), with a value: a choice's words, a typed value, « oui » for a ticked box."""
    form = find(section, lambda n: has_class(n, "dl-roller__group--shown"))
    if form is None:
        return []
    active = {
        attr(radio, "value")
        for radio in find_all(section, lambda n: n.tag == "input" and attr(n, "type") == "radio")
        if "checked" in radio.attrs and ":" in attr(radio, "value")
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


def _odds(section: Node) -> str:
    """The odds as the widget holds them: its summary, each outcome, the ordered outcome read three ways."""
    title = find(section, lambda n: has_class(n, "dl-roller__odds-title"))
    parts = [
        f'<p class="dl-print-roller__odds"><strong>{_esc(text_of(title)) if title else "Chances exactes"}</strong></p>'
    ]
    rows = list(find_all(section, lambda n: has_class(n, "dl-odds__row")))
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
    scale = find(section, lambda n: has_class(n, "dl-scale"))
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
