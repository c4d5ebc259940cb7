"""The book on paper: the « Version imprimable » pages, made by the site step from the built pages.

MkDocs' print-site plugin would not follow the site to Zensical, so the site step makes the print version
itself, over the built folder, for both builds alike:

- ``plan_book(site, nav, …)``, before the pages are finished: the book's parts in the navigation's order,
  each chapter (its pages share « Chapitre NNN du livre » in their « Source et licence ») one part, and so
  « Notes de lecture », « Probabilités », the blank character sheets (one per game, ``print_sheets``) and
  « Crédits et licences »; the pages only a screen uses (the home, « Mes personnages », « L’écran du
  meneur ») are not in it;
- ``print_link``, a page-level step: each page of the book links its part's print version (« Version
  imprimable de ce chapitre »), the home the whole book's, « Mes personnages » its game's blank sheet;
- ``write_print_version(site, book)``, once the pages are finished: ``imprimer/`` (the whole book: a
  cover with its contents, then every part) and ``imprimer/<part>/`` (each part alone), each part on
  pages of its own name (``@page part-…``: the part's title as the running head, a new page), from the
  pages' own content made fit for paper (``print_content``), styled by ``stylesheets/print.css``.

``tools/make_pdf.py`` makes ``des-et-lames.pdf`` from ``imprimer/`` (``bash tools/build.sh pdf DIR``).
"""

from __future__ import annotations

import hashlib
import html as htmllib
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hooks.errors import SiteError
from hooks.page.build_cache import sources_hash
from hooks.site_step.print_content import HEADINGS, Page, Paper, Site, paper_text
from hooks.site_step.print_html import Node, attr, collector_paused, find, parse, text_of
from hooks.site_step.print_sheets import GAMES_TITLES, blank_sheet, paper_template
from hooks.typography import typeset_html
from hooks.urls import page_url, relative_url

__all__ = ["Book", "PRINT_DIR", "plan_book", "print_link", "write_print_version"]

PRINT_DIR = "imprimer/"
STYLESHEET = "stylesheets/print.css"  # after the site's joined stylesheet (paper.css, the blank sheets, is in it)
#: Pages a screen uses, not the book's text: the home, each game's « Mes personnages » and « L’écran du meneur ».
SCREEN_PAGES = re.compile(r"^$|^[a-z]+/(personnages|table)/$")
CHAPTER = re.compile(r"Chapitre (\d{3}) du livre, <strong>«\s*(.+?)\s*»</strong>")
SHEETS_PART = "fiches"
#: A blank sheet's pages: narrower margins, so that the sheet fits one A4 page (it is not bound).
SHEET_MARGINS = "margin: 12mm 14mm 14mm; "


@dataclass
class Part:
    """A part of the book: a chapter, « Notes de lecture », « Probabilités », the blank sheets, the credits."""

    slug: str  # imprimer/<slug>/
    title: str  # its running head
    pages: list[Page] = field(default_factory=list)
    articles: dict[str, Node] = field(default_factory=dict)  # page url -> its article, as built
    digests: dict[str, str] = field(default_factory=dict)  # page url -> its article's hash (``_PAPERS``)
    sheets: tuple[str, ...] = ()  # the games of a part of blank sheets
    on_paper: dict[str, Paper] = field(default_factory=dict)  # page url -> its print, for every document


@dataclass
class Book:
    parts: list[Part]
    site: Site
    name: str
    description: str
    sheet_parts: dict[str, Part] = field(default_factory=dict)  # game -> the part of its blank sheet alone
    pages_key: str = ""  # every page's place, words and names, once (``_paper_of``)

    def part_of(self, url: str) -> Part | None:
        return next((p for p in self.parts if any(page.url == url for page in p.pages)), None)


# ----------------------------------------------------------------------
# The plan
# ----------------------------------------------------------------------


def plan_book(site: Path, nav: list[Any], site_url: str, name: str, description: str) -> Book:
    """The book's parts from the navigation (``mkdocs.yml``'s ``nav``) and the built pages."""
    with collector_paused():
        return _plan_book(site, nav, site_url, name, description)


def _plan_book(site: Path, nav: list[Any], site_url: str, name: str, description: str) -> Book:
    parts: list[Part] = []
    pages: dict[str, Page] = {}
    read: dict[str, tuple[Node, str | None, dict[str, str]]] = {}
    for section, src in nav_pages(nav):
        url = page_url(src)
        if SCREEN_PAGES.match(url):
            continue
        built = site / url / "index.html"
        if not built.is_file():
            raise SiteError(f"Version imprimable : la page {url or '/'} de la navigation n’est pas dans le site.")
        html = built.read_text(encoding="utf-8")
        digest, article, heading, names = _read_article(html, url, read)
        source = CHAPTER.search(html)
        if source:
            title = htmllib.unescape(source.group(2))
            title = title if section.split()[0] in title else f"{section} — {title}"
            key = "chapitre-" + source.group(1)
        else:
            title, key = section, "partie-" + section
        if not parts or parts[-1].slug != key:
            parts.append(Part(key, title))
        page = Page(url, heading if heading is not None else section, parts[-1].title, names=dict(names))
        parts[-1].pages.append(page)
        parts[-1].articles[url] = article
        parts[-1].digests[url] = digest
        pages[url] = page
    for part in parts:  # named by the address of its first page: imprimer/solaires-regles/
        part.slug = re.sub(r"[^a-z0-9]+", "-", part.pages[0].url).strip("-")
    sheets = Part(SHEETS_PART, "Fiches de personnage vierges", sheets=tuple(GAMES_TITLES))
    at = next((i for i, p in enumerate(parts) if p.slug == "credits"), len(parts))
    parts.insert(at, sheets)
    _ARTICLES.clear()  # only this build's: a page edited drops its older reading
    _ARTICLES.update(read)
    book = Book(parts, Site(site_url, pages), name, description)
    book.pages_key = _pages_key(pages)
    book.sheet_parts = {
        game: Part(f"fiche-{game}", f"Fiche de personnage — {title}", sheets=(game,))
        for game, title in GAMES_TITLES.items()
    }
    return book


def nav_pages(nav: list[Any], section: str = "") -> list[tuple[str, str]]:
    """(title of its top section, source file) of every page of the navigation, in order."""
    out: list[tuple[str, str]] = []
    for item in nav or []:
        if isinstance(item, str):
            out.append((section, item))
            continue
        for title, value in item.items():
            if isinstance(value, str):
                out.append((section or title, value))
            else:
                out.extend(nav_pages(value, section or title))
    return out


def article_of(html: str, url: str) -> Node:
    """The page's ``<article>`` as a tree (both themes write one)."""
    return parse(article_source(html, url), keep=CHART)


def article_source(html: str, url: str) -> str:
    """The page's ``<article>``'s content as the print version reads it."""
    start = re.search(r"<article\b[^>]*>", html)
    end = html.rfind("</article>")
    if not start or end < start.end():
        raise SiteError(f"Version imprimable : la page {url or '/'} n’a pas d’<article>.")
    article = html[start.end() : end]
    article = UNSELECTED.sub("", article)  # a form's choices not chosen: never printed, long to read
    return TO_ROLL.sub(r"\1", article)  # the « Probabilités » cells' links to roll: their words only


# ----------------------------------------------------------------------
# What a rebuild under ``mkdocs serve`` does not make again
# ----------------------------------------------------------------------

#: Each page's article read (its tree, its first heading's words, its sections' names) and its text on paper,
#: kept in the process by what they are made from: under ``mkdocs serve`` an edited chapter rebuilds the whole
#: site, where the other pages' print is what it was (0.3 s of a 2-second rebuild). A build reads and keeps
#: only its own pages' (``_plan_book``, ``_paper_of``). Neither a tree nor a text is changed once made.
_ARTICLES: dict[str, tuple[Node, str | None, dict[str, str]]] = {}
_PAPERS: dict[tuple[object, ...], Paper] = {}
_USED: set[tuple[object, ...]] = set()


def _read_article(
    html: str, url: str, read: dict[str, tuple[Node, str | None, dict[str, str]]]
) -> tuple[str, Node, str | None, dict[str, str]]:
    """(its hash, the tree, its first heading's words or None, its sections' names) of a built page's article."""
    source = article_source(html, url)
    digest = hashlib.sha256(source.encode("utf-8")).hexdigest()
    found = read.get(digest) or _ARTICLES.get(digest)
    if found is None:
        article = parse(source, keep=CHART)
        heading = find(article, lambda n: n.tag == "h1")
        found = (article, heading_words(heading) if heading else None, section_names(article))
    read[digest] = found
    return (digest, *found)


def _pages_key(pages: dict[str, Page]) -> str:
    """Every page's place, words and sections' names: what a page's links say of the others."""
    return json.dumps(
        [(p.url, p.title, p.chapter, p.names) for p in sorted(pages.values(), key=lambda p: p.url)], ensure_ascii=False
    )


def _paper_of(part: Part, page: Page, site: Site, demote: int, pages_key: str) -> Paper:
    """``paper_text`` of a page of ``part``, or what it gave before for the same article and book: the page's
    place and words, every page's names (``pages_key``: a link says its target's), the site's address and
    rules_py's typography."""
    key = (part.digests[page.url], page.url, page.title, page.chapter, demote, site.url, pages_key, sources_hash(()))
    _USED.add(key)
    paper = _PAPERS.get(key)
    if paper is None:
        paper = _PAPERS[key] = paper_text(part.articles[page.url], page, site, demote)
    return paper


UNSELECTED = re.compile(r'<option value="[^"]*">[^<]*</option>')
TO_ROLL = re.compile(r'<a href="[^"]*\?lanceur=[^"]*"[^>]*>([^<]*)</a>')
CHART = re.compile(r"<svg\b.*?</svg>", re.S)


def section_names(article: Node) -> dict[str, str]:
    """id -> the name of the section it is in (a heading's own words; an element, its heading's)."""
    names: dict[str, str] = {}
    current = ""

    def walk(node: Node) -> None:
        nonlocal current
        for child in node.children:
            if not isinstance(child, Node):
                continue
            if child.tag in HEADINGS:
                current = heading_words(child)
            if attr(child, "id"):
                names.setdefault(attr(child, "id"), current)
            walk(child)

    walk(article)
    return names


def heading_words(heading: Node) -> str:
    kept = Node(
        heading.tag, {}, [c for c in heading.children if not (isinstance(c, Node) and "headerlink" in attr(c, "class"))]
    )
    return text_of(kept)


# ----------------------------------------------------------------------
# The links from the site's pages
# ----------------------------------------------------------------------

LINK_CLASS = "dl-print-link"
PDF_SLOT = '<span class="dl-pdf-link"></span>'
#: Said beside a print link with the network cut (frontend/offline/online-only.js): the offline book keeps the
#: pages to read, not their print version (hooks/site_step/offline.py ``precached``).
OFFLINE_NOTE = (
    '<span class="dl-online-only" hidden> — hors ligne\u00a0: la version imprimable n’est pas gardée sur cet '
    "appareil</span>"
)


def print_link(html: str, path: str, book: Book) -> str:
    """The page's link to its print version, after its title (none on a page without one; idempotent)."""
    if f'class="{LINK_CLASS}"' in html:
        return html
    url = "" if path == "index.html" else path.removesuffix("index.html")
    part = book.part_of(url)
    if url == "":
        words, target, more = "Version imprimable du livre", PRINT_DIR, PDF_SLOT
    elif part is not None:
        words, target, more = "Version imprimable de ce chapitre", f"{PRINT_DIR}{part.slug}/", ""
        if part.slug in ("probabilites", "notes-de-lecture", "credits"):
            words = "Version imprimable de cette partie"
    elif (game := re.fullmatch(r"([a-z]+)/personnages/", url)) and game.group(1) in book.sheet_parts:
        words, target = "Fiche vierge à imprimer", f"{PRINT_DIR}{book.sheet_parts[game.group(1)].slug}/"
        more = paper_template(game.group(1))  # the blank sheet « Imprimer » fills with a kept sheet
    else:
        return html
    heading_end = re.search(r"</h1>\s*", html[html.find("<article") :]) if "<article" in html else None
    if heading_end is None:
        return html
    at = html.find("<article") + heading_end.end()
    link = f'<p class="{LINK_CLASS}"><a href="{relative_url(target, url)}">{words}</a>{OFFLINE_NOTE}{more}</p>\n'
    return html[:at] + link + html[at:]


# ----------------------------------------------------------------------
# The print version
# ----------------------------------------------------------------------


def write_print_version(site: Path, book: Book, joined: str | None = None) -> list[str]:
    """``imprimer/`` (the whole book) and ``imprimer/<part>/`` (each part, each blank sheet); their paths.
    ``joined``: the site's joined stylesheet, linked before the print stylesheet (the blank sheets' paper.css)."""
    with collector_paused():
        return _write_print_version(site, book, joined)


def _write_print_version(site: Path, book: Book, joined: str | None) -> list[str]:
    written = []
    _USED.clear()
    documents: list[tuple[str, str, list[Part], bool]] = [
        (PRINT_DIR, f"{book.name} — le livre à imprimer", book.parts, True)
    ]
    documents += [
        (f"{PRINT_DIR}{p.slug}/", f"{p.title} — {book.name}, version imprimable", [p], False) for p in book.parts
    ]
    documents += [
        (f"{PRINT_DIR}{p.slug}/", f"{p.title} — {book.name}, à imprimer", [p], False) for p in book.sheet_parts.values()
    ]
    for url, title, parts, whole in documents:
        text = document(book, url, title, parts, whole, [s for s in (joined, STYLESHEET) if s])
        target = site / url / "index.html"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
        written.append(f"{url}index.html")
    for key in [key for key in _PAPERS if key not in _USED]:  # only this build's texts are kept
        del _PAPERS[key]
    return written


def document(book: Book, url: str, title: str, parts: list[Part], whole: bool, sheets: list[str]) -> str:
    here = {page.url for part in parts for page in part.pages}
    site = Site(book.site.url, book.site.pages, here)
    body: list[str] = []
    if whole:
        body.append(typeset_html(cover(book, url)))
    for part in parts:
        body.append(part_html(part, site, book.pages_key))
    pages_css = "\n".join(
        f"@page part-{part.slug} {{ {SHEET_MARGINS if part.sheets else ''}"
        f'@top-center {{ content: "{css_string(part.title)}"; }} }}\n'
        f"#part-{part.slug} {{ page: part-{part.slug}; }}"
        for part in parts
    )
    back = relative_url("" if whole else (parts[0].pages[0].url if parts[0].pages else ""), url)
    if parts[0].sheets and not whole:
        back = relative_url(f"{parts[0].sheets[0]}/personnages/", url)
    content = "\n".join(body)  # the pages' text is set already; what this step writes is set where it is made
    return (
        "<!doctype html>\n"
        '<html lang="fr">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width,initial-scale=1">\n'
        f"<title>{htmllib.escape(title, quote=False)}</title>\n"
        f'<meta name="description" content="{htmllib.escape(book.description)}">\n'
        + "".join(f'<link rel="stylesheet" href="{relative_url(sheet, url)}">\n' for sheet in sheets)
        + f"<style>\n{pages_css}\n</style>\n"
        "</head>\n"
        '<body class="dl-print">\n'
        f'<nav class="dl-print-bar" aria-label="Version imprimable"><a href="{back}">← Retour au livre en ligne</a> '
        "<span>Cette page est faite pour le papier (A4) : imprimez-la depuis le menu du navigateur.</span></nav>\n"
        f'<main class="dl-print-book">\n{content}\n</main>\n'
        "</body>\n</html>\n"
    )


def cover(book: Book, url: str) -> str:
    """The whole book's first page: its name, what it is, its contents (the PDF's bookmarks have the pages)."""
    items = []
    for part in book.parts:
        inner = ""
        if len(part.pages) > 1:
            inner = (
                "<ol>"
                + "".join(
                    f'<li><a href="#{page.anchor}">{htmllib.escape(page.title, quote=False)}</a></li>'
                    for page in part.pages
                )
                + "</ol>"
            )
        items.append(f'<li><a href="#part-{part.slug}">{htmllib.escape(part.title, quote=False)}</a>{inner}</li>')
    return (
        '<section class="dl-print-cover" id="couverture">\n'
        f"<h1>{htmllib.escape(book.name, quote=False)}</h1>\n"
        f'<p class="dl-print-cover__what">{htmllib.escape(book.description, quote=False)}</p>\n'
        "<p>Cinq chapitres de règles de quatre jeux de rôle, reproduits mot pour mot ; chacun garde ses auteurs et "
        "sa licence, imprimés avec lui et repris dans « Crédits et licences ». Chaque lanceur du site est imprimé "
        "comme ce qu’il représente : l’exemple de sa section, en mots, et ses chances exactes.</p>\n"
        f'<p>Le livre en ligne, avec ses lanceurs : <a href="{htmllib.escape(book.site.url)}">'
        f"{htmllib.escape(book.site.url, quote=False)}</a></p>\n"
        '<h2 id="sommaire">Sommaire</h2>\n'
        f'<ol class="dl-print-contents">{"".join(items)}</ol>\n'
        '<p class="dl-print-cover__note">Les renvois du texte donnent le nom de la section visée, pas sa page : '
        "le navigateur qui fabrique ce livre ne sait pas reporter un numéro de page (pas de <code>target-counter</code> "
        "dans Chromium). Les signets du PDF mènent à chaque chapitre et à chaque section.</p>\n"
        "</section>"
    )


def part_html(part: Part, site: Site, pages_key: str) -> str:
    out = [f'<section class="dl-print-part" id="part-{part.slug}">']
    if part.sheets:
        out.append(
            f'<h1 class="dl-print-part__title">{htmllib.escape(part.title, quote=False)}</h1>'
            if len(part.sheets) > 1
            else ""
        )
        out += [blank_sheet(game, demote=len(part.sheets) > 1) for game in part.sheets]
    for index, page in enumerate(part.pages):
        demote = 1 if index > 0 else 0  # a part's later pages: sections of its first one
        if page.url not in part.on_paper:  # once: the whole book and the part print the same text
            part.on_paper[page.url] = _paper_of(part, page, site, demote, pages_key)
        content = part.on_paper[page.url].resolve(site.here)
        out.append(f'<article class="dl-print-page" id="{page.anchor}">\n{content}\n</article>')
    out.append("</section>")
    return "\n".join(out)


def css_string(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ")
