"""The site's own stylesheets joined into one file (hooks/site_step/stylesheets.py): one render-blocking request."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from hooks.site_step.stylesheets import SETTLE_LINKS, StylesheetError, joined_stylesheet, relink, settle_links

ROOT = Path(__file__).resolve().parent.parent
NAMES = ["stylesheets/a.css", "assets/rollers/b.css"]


def small_site(tmp_path: Path) -> Path:
    site = tmp_path / "site"
    (site / "stylesheets").mkdir(parents=True)
    (site / "assets" / "rollers").mkdir(parents=True)
    (site / "stylesheets" / "a.css").write_text(".a { color: red; }\n", encoding="utf-8")
    (site / "assets" / "rollers" / "b.css").write_text(".b { color: blue; }\n", encoding="utf-8")
    write_pages(site)
    return site


def write_pages(site: Path) -> None:
    """A page linking from its folder, and a 404 page linking from the root as a sub-path site does."""
    head = '<link rel="stylesheet" href="{p}assets/theme.css">\n<link rel="stylesheet" href="{p}stylesheets/a.css">\n'
    head += '<link rel="stylesheet" href="{p}assets/rollers/b.css">\n<p>text</p>'
    (site / "x").mkdir(exist_ok=True)
    (site / "x" / "index.html").write_text(head.format(p="../"), encoding="utf-8")
    (site / "404.html").write_text(head.format(p="/sub/"), encoding="utf-8")


def join_stylesheets(site: Path, names: list[str]) -> str | None:
    """What the site step does: the joined file written, then every page relinked."""
    combined = joined_stylesheet(site, names)
    assert combined is not None
    for page in site.rglob("*.html"):
        page.write_text(relink(page.read_text(encoding="utf-8"), names, combined), encoding="utf-8")
    return combined


def test_joined_in_order_named_by_content_and_every_page_relinked(tmp_path):
    site = small_site(tmp_path)
    combined = join_stylesheets(site, NAMES)
    assert re.fullmatch(r"stylesheets/des-et-lames\.[0-9a-f]{8}\.css", combined)
    text = (site / combined).read_text(encoding="utf-8")
    assert text.index(".a {") < text.index(".b {")
    page = (site / "x" / "index.html").read_text(encoding="utf-8")
    assert page == (
        f'<link rel="stylesheet" href="../assets/theme.css">\n<link rel="stylesheet" href="../{combined}">\n<p>text</p>'
    )
    assert f'href="/sub/{combined}"' in (site / "404.html").read_text(encoding="utf-8")  # absolute, as written
    # another content, another name; the previous joined file removed (mkdocs serve rebuilds in place)
    (site / "stylesheets" / "a.css").write_text(".a { color: green; }\n", encoding="utf-8")
    write_pages(site)
    again = join_stylesheets(site, NAMES)
    assert again != combined and not (site / combined).exists()


def test_a_stylesheet_with_an_address_or_missing_is_refused(tmp_path):
    site = small_site(tmp_path)
    (site / "stylesheets" / "a.css").write_text(".a { background: url(x.png); }\n", encoding="utf-8")
    with pytest.raises(StylesheetError, match="stylesheets/a.css"):
        join_stylesheets(site, NAMES)
    with pytest.raises(StylesheetError, match="absent.css"):
        join_stylesheets(site, ["absent.css"])


def test_a_page_without_all_the_links_is_left_alone():
    html = '<link rel="stylesheet" href="stylesheets/a.css">\n'
    assert relink(html, NAMES, "stylesheets/des-et-lames.00000000.css") == html


def test_every_built_page_links_the_joined_stylesheet_once_and_none_of_its_parts(each_site):
    names = yaml.safe_load(
        re.search(r"^extra_css:\n((?:  - .*\n)+)", (ROOT / "mkdocs.yml").read_text(encoding="utf-8"), re.M).group(1)
    )
    joined = list(each_site.glob("stylesheets/des-et-lames.*.css"))
    assert len(joined) == 1
    text = joined[0].read_text(encoding="utf-8")
    for name in names:  # every part, whole, in mkdocs.yml's order
        assert (each_site / name).read_text(encoding="utf-8").strip() in text
    assert [text.index(f"/* {name} */") for name in names] == sorted(text.index(f"/* {name} */") for name in names)
    for page in each_site.rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        assert html.count(joined[0].name) == 1, page
        assert not [name for name in names if f'{name}">' in html], page
    sw = (each_site / "sw.js").read_text(encoding="utf-8")
    assert f'"{joined[0].relative_to(each_site).as_posix()}"' in sw  # kept offline; the parts are not
    assert not [name for name in names if f'"{name}"' in sw]


def test_the_links_are_settled_after_the_last_stylesheet_of_the_head_once():
    html = (
        '<head><link rel="stylesheet" href="../a.css">\n<link rel="stylesheet" href="../b.css">\n'
        '<script>x()</script></head><body><link rel="stylesheet" href="c.css"></body>'
    )
    settled = settle_links(html)
    assert settled == html.replace('b.css">', f'b.css">{SETTLE_LINKS}')
    assert settle_links(settled) == settled  # a second pass (mkdocs serve) adds nothing
    assert settle_links("<head><title>x</title></head>") == "<head><title>x</title></head>"


def test_every_built_page_settles_its_stylesheet_links_after_the_last_one(each_site):
    for page in each_site.rglob("*.html"):
        if page.relative_to(each_site).as_posix().startswith("imprimer/"):
            continue  # no theme script to make the links absolute: nothing to settle
        head = page.read_text(encoding="utf-8").split("</head>")[0]
        assert head.count(SETTLE_LINKS) == 1, page
        assert head.rindex('<link rel="stylesheet"') < head.index(SETTLE_LINKS), page
