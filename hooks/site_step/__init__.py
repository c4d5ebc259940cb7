"""The site step: what happens once per site, over the built files, after any generator.

``finish_site(site_dir, site_name=…, site_description=…)``, in this order:

0. mkdocs.yml's navigation and sections.yml checked against the games' list, ``rules_py/games.py``
   (``games.check_nav``, ``games.check_sections``);
1. the rollers' files (``front_end.front_end_files``): the bundled front-end with
   the build's configuration, the module worker, the CSS, ``rules_py``'s modules, the
   standard library cut to the engine's needs (the odds are in the pages already: the
   Markdown extension computed them);
2. the web app manifest (``offline.manifest``), and the site's own stylesheets
   (``extra_css``) joined into one file (``stylesheets.joined_stylesheet``: one
   render-blocking request, not five);
3. every built page through ``finish_page``: the page-level steps that only the theme's
   finished HTML allows (``PAGE_STEPS``: the theme's text in French typography, the
   manifest and theme-colour links in ``<head>``, the engine's prefetch on pages with rollers
   (``front_end.prefetch_tag``), the stylesheet links made absolute as the
   head is parsed, ``stylesheets.settle_links``; the games the device holds sheets of, read
   before the body, ``sheets.presence_hint``; on pages with rollers, what must be known
   before the body is drawn (the engine waiting for the first tap, the room of the results kept
   for the tab), ``front_end.head_script``; on every page, a link to a heading of the page left to
   the browser, not the theme's to fetch and draw again, ``front_end.navigation_script``; the rollers'
   note for a first tap with the download's size, ``front_end.deferred_note``, and the same size where a
   page speaks of it, ``front_end.engine_size``; on every page the
   theme's script deferred, ``defer_theme_script``; and on a page with a section heading, no first frame
   before that heading is read, ``expect_first_section``; any later step over a page's final HTML goes in
   that list), then its links to those stylesheets made one link to the joined file (``stylesheets.relink``);
4. the « Mes personnages » pages checked: every game has one, with its schema, and every
   section its sheet links to exists (``sheets.check_sheet_pages``); what each game's widgets
   reach by its id is there (``games.check_site``);
5. the Content-Security-Policy ``<meta>`` of every page (``csp.apply_to_site``: one policy
   with the hashes of every page's inline scripts; ``policy=False`` under ``mkdocs serve``,
   whose live reload is an inline script);
6. last, the service worker with every file's hash and size (``offline.write_service_worker``).

MkDocs calls it from ``hooks/site_step/mkdocs_hook.py`` (``on_post_build``); a Zensical build
calls it right after Zensical (``hooks/build.py``). Both builds thus run the same code
over the same kind of input: a folder of built files.

    python -m hooks.site_step SITE_DIR [--config mkdocs.yml]
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

from hooks.errors import SiteError
from hooks.page.sheets import check_sheet_pages, presence_hint
from hooks.site_step.csp import CHARSET
from hooks.site_step.csp import apply_to_site as apply_policy
from hooks.site_step.front_end import (
    deferred_note,
    engine_size,
    front_end_files,
    head_script,
    navigation_script,
    prefetch_tag,
    pyodide_index_url,
)
from hooks.site_step.games import check_nav, check_sections, check_site
from hooks.site_step.offline import MANIFEST, head_tags, manifest, write_service_worker
from hooks.site_step.print_book import plan_book, print_link, write_print_version
from hooks.site_step.stylesheets import joined_stylesheet, relink, settle_links
from hooks.typography import typeset_html, typeset_theme
from hooks.urls import page_url_of_file

__all__ = ["PAGE_STEPS", "finish_page", "finish_site", "read_config"]


# ----------------------------------------------------------------------
# The step
# ----------------------------------------------------------------------


def finish_site(
    site_dir: Path | str,
    *,
    site_name: str,
    site_description: str = "",
    stylesheets: list[str] | None = None,
    policy: bool = True,
    nav: list[Any] | None = None,
    site_url: str = "http://127.0.0.1:8000/",
) -> None:
    site = Path(site_dir)
    check_nav(nav or [])  # the navigation and the games' list (rules_py/games.py) agree
    check_sections()  # ... and every roller of those games has its section
    book = plan_book(site, nav or [], site_url.rstrip("/") + "/", site_name, site_description)
    write_files(site, front_end_files())
    write_files(site, {MANIFEST: manifest(site_name, site_description)})
    names = [str(name) for name in stylesheets or []]
    joined = joined_stylesheet(site, names)
    for path in sorted(site.rglob("*.html")):
        rel = path.relative_to(site).as_posix()
        html = path.read_text(encoding="utf-8")
        done = finish_page(html, rel)
        if is_page(rel):
            done = print_link(done, rel, book)
        if joined:
            done = relink(done, names, joined)
        if done != html:
            path.write_text(done, encoding="utf-8")
    write_print_version(site, book, joined)  # imprimer/: the book and each part on paper, from the finished pages
    check_sheet_pages(site)  # every game's « Mes personnages », every section its sheet links to
    check_site(site)  # what each game's widgets reach by its id: « Notes de lecture », sheets.css
    if policy:  # over every page at once: the policy carries the hashes of all their inline scripts
        apply_policy(site, pyodide_index_url())
    write_service_worker(site)  # last: it hashes every other file as it is now


def finish_page(html: str, path: str) -> str:
    """One built page (``path`` from the site root) through every page-level step, in order."""
    for applies, step in PAGE_STEPS:
        if applies(path):
            html = step(html, path)
    return html


def write_files(site: Path, files: dict[str, str | Path]) -> None:
    """Text written as UTF-8, a path copied (the standard library's zip)."""
    for rel, content in files.items():
        target = site / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, Path):
            shutil.copyfile(content, target)
        else:
            target.write_text(content, encoding="utf-8")


# ----------------------------------------------------------------------
# The page-level steps
# ----------------------------------------------------------------------


def is_page(path: str) -> bool:
    """A page of the book (``x/index.html``), not the 404 page (served at any depth: no relative link)."""
    return path == "index.html" or path.endswith("/index.html")


def every_html(path: str) -> bool:
    return True


def link_offline(html: str, path: str) -> str:
    return html.replace("</head>", head_tags(page_url_of_file(path)) + "</head>", 1)


#: The theme's script, as MkDocs' Material and Zensical both write it (the last but one of the body), and once
#: this step has run (``defer``: a second pass, under ``mkdocs serve``, finds it done).
THEME_SCRIPT = re.compile(r'<script src="([^"<>]*assets/javascripts/bundle\.[0-9a-f]+\.min\.js)"( defer)?></script>')


def defer_theme_script(html: str, path: str) -> str:
    """The theme's script deferred: run once the page is parsed, in its place among the page's scripts
    (before ``rollers.js``, a module, and before DOMContentLoaded, which the theme waits for), in a task of
    its own: no longer at the end of the parser's last task, where a page fully read could not be drawn
    before the theme had run.

    Lighthouse on a phone (bench/pages.py, 6 rounds each, 6 December): the credits page 96 → 100, its total
    blocking time 163 → 23 ms; /solaires/resoudre-une-action/ 92 → 100 (bench/README: what a real browser
    showed). A page without that script (the theme changed how it writes it) stops the build: the step would
    silently do nothing."""
    done, count = THEME_SCRIPT.subn(r'<script src="\1" defer></script>', html)
    if count != 1:
        raise SiteError(
            f"{path} : le script du thème (assets/javascripts/bundle.….min.js) doit y être une fois, "
            f"comme l’écrivent Material et Zensical ; il y est {count} fois."
        )
    return done


#: A section heading and the page's article (MkDocs' Material and Zensical both write one ``<article …>``
#: and give every heading its id).
SECTION_HEADING = re.compile(r'<h2 id="([^"<>]+)"')
ARTICLE = re.compile(r"<article\b")
EXPECT_LINK = re.compile(r'<link rel="expect" href="#[^"<>]*" blocking="render">')


def expect_first_section(html: str, path: str) -> str:
    """No first frame before the page is read up to its first section: ``<link rel="expect"
    href="#first-h2" blocking="render">`` early in ``<head>``.

    Without it, the browser may draw the header alone, then read the rest of the page and run the
    theme's script before its next frame, so the first screen's text waits for the theme (on the
    long first screen of « L’écran du meneur » most of all). With it, the first frame holds the
    page's title and opening text, and comes before the theme's script. A page with no section
    heading (or a browser that does not know ``rel=expect``) is drawn as before. Idempotent
    (``mkdocs serve`` may run the step twice over a page)."""
    found = first_section(html)
    if not found or EXPECT_LINK.search(html):
        return html
    charset = CHARSET.search(html)  # first in <head> on every page of both themes
    at = charset.end() if charset else html.index("</head>")
    return f'{html[:at]}<link rel="expect" href="#{found}" blocking="render">{html[at:]}'


def first_section(html: str) -> str | None:
    """The id of the article's first ``<h2>`` (None: the page has no article, or no section in it)."""
    start = ARTICLE.search(html)
    end = html.find("</article>", start.end()) if start else -1
    if start is None or end < 0:
        return None
    found = SECTION_HEADING.search(html, start.end(), end)
    return found.group(1) if found else None


def theme_typography(html: str, path: str) -> str:
    """A page's content was set by the Markdown extension; the 404 page's comes from the theme: all of it."""
    return typeset_theme(html) if is_page(path) else typeset_html(html)


#: (which built HTML files, what to do with one): the one place for page-level post-processing.
PAGE_STEPS: tuple[tuple[Callable[[str], bool], Callable[[str, str], str]], ...] = (
    (every_html, theme_typography),
    (is_page, link_offline),
    (is_page, prefetch_tag),
    (every_html, settle_links),
    (every_html, presence_hint),
    (is_page, head_script),
    (is_page, navigation_script),
    (is_page, deferred_note),
    (is_page, engine_size),
    (every_html, defer_theme_script),
    (is_page, expect_first_section),
)


# ----------------------------------------------------------------------
# After a generator that does not call it (Zensical)
# ----------------------------------------------------------------------


def read_config(path: Path) -> dict[str, Any]:
    """mkdocs.yml as MkDocs reads it, for the few values the step needs (``!ENV`` resolved, Python tags ignored)."""

    class Loader(yaml.SafeLoader):
        pass

    def env(loader: yaml.SafeLoader, node: yaml.Node) -> object:
        if isinstance(node, yaml.ScalarNode):
            names = [loader.construct_scalar(node)]
        elif isinstance(node, yaml.SequenceNode):
            names = loader.construct_sequence(node)
        else:
            raise SiteError(
                f"{path} : !ENV attend un nom de variable, ou une liste de noms puis une valeur par défaut."
            )
        *wanted, default = names if len(names) > 1 else (*names, None)
        return next((os.environ[str(n)] for n in wanted if n in os.environ), default)

    Loader.add_constructor("!ENV", env)
    Loader.add_multi_constructor("tag:yaml.org,2002:python/", lambda loader, suffix, node: None)
    config: dict[str, Any] = yaml.load(path.read_text(encoding="utf-8"), Loader=Loader) or {}  # noqa: S506 (a SafeLoader)
    return config


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m hooks.site_step", description=__doc__.split("\n", 1)[0])
    parser.add_argument("site_dir", type=Path)
    parser.add_argument("--config", type=Path, default=Path("mkdocs.yml"))
    args = parser.parse_args(argv)
    config = read_config(args.config)
    finish_site(
        args.site_dir,
        site_name=config["site_name"],
        site_description=config.get("site_description") or "",
        stylesheets=config.get("extra_css") or [],
        nav=config.get("nav") or [],
        site_url=config.get("site_url") or "http://127.0.0.1:8000/",
    )
    return 0
