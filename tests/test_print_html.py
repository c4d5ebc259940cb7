"""The print version's reader of HTML (hooks/site_step/print_html.py): its quick reader gives the tree the
standard library's ``html.parser`` gives, or leaves the text to it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from hooks.site_step import print_html
from hooks.site_step.print_book import CHART, article_of
from hooks.site_step.print_html import Node, parse, serialize


def by_html_parser(html: str) -> Node:
    builder = print_html._Builder()
    builder.feed(html)
    builder.close()
    return builder.root


def shape(node: Node | str) -> object:
    """A tree as plain values, its adjacent texts joined (``html.parser`` may cut a text in two)."""
    if isinstance(node, str):
        return node
    children: list[object] = []
    for child in node.children:
        if isinstance(child, str) and children and isinstance(children[-1], str):
            children[-1] += child
        else:
            children.append(shape(child))
    return (node.tag, list(node.attrs.items()), node.self_closed, children)


#: Markup the quick reader reads itself.
READ = [
    '<p class="a b" id=x data-n="3">Un &amp; deux&nbsp;: <em>trois</em></p>',
    '<P CLASS="Up">Haut</P><br><br/><img src="a.png" alt=""><input disabled checked/>',
    "<a href='/x?a=1&amp;b=2' title=\"l'apostrophe\">lien</a> &lt;texte&gt; &amp &copy 3 &#8722; 4",
    '<svg viewBox="0 0 10 10"><circle cx="5" cy="5" r="4" /><use href="#m" /></svg>',
    "<ul>\n  <li>un</li>\n  <li>deux\n</ul></span></div><p>après une fin égarée</p>",
    "<style>p > a { color: red }</style><script>if (a < b && c) document.write('<p>')</script><p>x</p>",
    '<dl-raw data-n="0"></dl-raw><select><option value="1" selected>Un</option></select>',
    '<td headers="a b" aria-labelledby = "t"  >cellule</td>',
]

#: Markup it leaves to html.parser, which reads it its own way.
LEFT = [
    "<p>un <!-- commentaire --> deux</p>",
    "<!doctype html><html><body>x</body></html>",
    "<a href=x/>lien</a>",
    '<a href="x"title="y">collé</a>',
    "<p>a < b</p>",
    "</ p>fin",
    "<p\xa0class=x>espace insécable</p>",
    "<a b==c>deux signes</a>",
    "<script>jamais fermé",
    "<svg:rect/>",
]


@pytest.mark.parametrize("html", READ)
def test_the_quick_reader_reads_well_formed_markup_as_html_parser_does(html):
    quick = print_html._read(html)
    assert quick is not None, "left to html.parser"
    assert shape(quick) == shape(by_html_parser(html))
    assert serialize(parse(html)) == serialize(by_html_parser(html))


@pytest.mark.parametrize("html", LEFT)
def test_what_it_does_not_know_goes_to_html_parser(html):
    assert print_html._read(html) is None
    assert shape(parse(html)) == shape(by_html_parser(html))


def test_every_built_page_read_as_html_parser_reads_it(each_site: Path):
    """Each page of each build, whole (its doctype aside) and the article the print version reads: the same
    tree by both, and the quick reader reads every article itself (else the print step is slow again)."""
    pages = sorted(
        p for p in each_site.rglob("*.html") if not p.relative_to(each_site).as_posix().startswith("imprimer/")
    )
    assert len(pages) > 20
    for path in pages:
        html = re.sub(r"<!doctype[^>]*>", "", path.read_text(encoding="utf-8"), flags=re.I)
        quick = print_html._read(html)
        if quick is not None:
            assert shape(quick) == shape(by_html_parser(html)), path
        if "<article" not in html or path.name != "index.html":
            continue
        article = article_of(html, "")
        assert article.children, path
        start = re.search(r"<article\b[^>]*>", html)
        assert start is not None
        inner = CHART.sub("", html[start.end() : html.rfind("</article>")])
        inner_quick = print_html._read(inner)
        assert inner_quick is not None, f"{path}: the article left to html.parser"
        assert shape(inner_quick) == shape(by_html_parser(inner)), path
