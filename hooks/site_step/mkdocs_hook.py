"""MkDocs' side of the build: once the pages are written, the site step; and a quicker search index.

The pages' widgets, odds, heading ids, typography and mends come from the Markdown
extension (``hooks.page.extension``, in mkdocs.yml's ``markdown_extensions``). This hook

- runs, after MkDocs and its search plugin have written every file, the step a Zensical
  build runs after Zensical: ``hooks.site_step.finish_site``, the same code over the same
  built folder (``on_post_build``);
- keeps the widgets and probability tables out of the HTML that Material's search plugin
  parses (``on_page_content`` takes them out, ``on_page_context`` puts them back once the
  search plugin has read the page, before the theme renders it). They carry
  ``data-search-exclude``, so the index is the same either way (``tests/test_builds.py``
  compares it with Zensical's); but the plugin's HTML parser would read their markup, about
  1 MB over the site, only to throw it away: half the build's time.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from mkdocs.plugins import event_priority

from hooks.site_step import finish_site

# a widget or a table: a <section data-search-exclude> with no <section> inside (templates/widget.html,
# probabilities_html.py), and the tables' <style> before them; up to the first </section>, read a run
# of text at a time (not a character at a time: a third of the time, the same matches)
INDEXED_NEVER = re.compile(
    r'<style>[^<]*</style>(?=<section class="dl-proba")'
    r'|<section class="dl-(?:roller|proba)"[^>]*\sdata-search-exclude[\s>](?:[^<]++|<(?!/section>))*+</section>',
    re.S,
)
_full: dict[str, str] = {}  # page -> its content with the widgets, while the search plugin reads it


def on_page_content(html: str, page: Any, config: Any, files: Any) -> str:
    _full[page.file.src_uri] = html
    return INDEXED_NEVER.sub("", html)


@event_priority(-100)  # after the search plugin's (0)
def on_page_context(context: Any, page: Any, config: Any, nav: Any) -> Any:
    page.content = _full.pop(page.file.src_uri, page.content)
    return context


def on_startup(command: str, dirty: bool) -> None:
    _serving["on"] = command == "serve"


def on_post_build(config: Any) -> None:
    finish_site(
        Path(config["site_dir"]),
        site_name=config["site_name"],
        site_description=config.get("site_description") or "",
        stylesheets=config["extra_css"],
        policy=not _serving["on"],  # mkdocs serve injects its live-reload script inline
        nav=config["nav"] or [],
        site_url=config["site_url"] or "http://127.0.0.1:8000/",
    )


_serving = {"on": False}
