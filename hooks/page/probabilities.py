"""Probability tables (« Probabilités »), built at build time from rules_py's exact odds.

The pages ``docs/probabilites/*.md`` hold the prose and one placeholder per
table, ``<!-- des-et-lames:probabilites NAME -->``. The Markdown extension
(``hooks/page/extension.py``) calls ``insert_tables`` on a page's HTML once Markdown is
done: each placeholder becomes its tables, which link to the chapter page's roller. The
tables carry ``data-search-exclude``: the search indexes never parse hundreds of cells.

Which tables each game prints is the game's knowledge, beside its rules: ``TABLES`` in
``rules_py/<game>/tables.py`` (``rules_py/tables.py`` says what a table is). Here, only the
mechanism: every cell, rules_py's exact answer for one set of parameters, links to the
roller with those parameters (``?lanceur=<widget id>&name=value…#<widget id>``, the share
links' format, without dice), at the roller's section marked ``tables: true`` in
``sections.yml``. One build asks each question once (``rules_py.tables.odds`` is cached),
and a table's HTML is kept on disk (the system's temporary folder) under a hash of
everything it depends on: rules_py's sources, these modules, the table and its links. A
build after a change recomputes it; an unchanged build reads it back, as Python reads
its bytecode.
"""

from __future__ import annotations

import importlib
import importlib.util
import re
from collections.abc import Callable
from dataclasses import replace
from functools import cache, lru_cache
from pathlib import Path
from urllib.parse import quote_plus

from hooks.errors import SiteError
from hooks.page.build_cache import cached_html
from hooks.page.probabilities_html import render_grid
from hooks.page.sections import MAPPING, load_sections, same_spaces, slugify
from hooks.urls import page_url, relative_url
from rules_py.errors import RulesError
from rules_py.games import IDS
from rules_py.tables import Cell, Grid, Tables

# ----------------------------------------------------------------------
# The step
# ----------------------------------------------------------------------


def insert_tables(html: str, src_uri: str, links_from: str) -> str:
    """``html`` (the page ``src_uri``) with each table placeholder replaced by its tables.

    ``links_from``: where the generator resolves the page's relative links from (``widgets.page_of``).
    """
    names = PLACEHOLDER.findall(html)
    if not names:
        return html
    tables = all_tables()
    unknown = [n for n in names if n not in tables]
    if unknown:
        raise SiteError(
            f"{src_uri}: table de probabilités inconnue « {unknown[0]} » ; les tables sont {', '.join(tables)} "
            "(rules_py/<jeu>/tables.py)."
        )
    links, fold_links = (
        {
            roller_id: (relative_url(page_url(src), base), widget_id(src, heading, roller_id))
            for roller_id, (src, heading) in roller_pages().items()
        }
        # a folded table's links are in a <noscript>'s text, which no generator rewrites: from the page's URL
        for base in (links_from, page_url(src_uri))
    )
    html = PLACEHOLDER.sub(lambda match: table_html(match.group(1), links, links_from, fold_links), html)
    # the tables' own style, in the page (not in every page's stylesheets): it reads without JavaScript
    return html.replace('<section class="dl-proba"', f'<style>{style()}</style><section class="dl-proba"', 1)


# ----------------------------------------------------------------------
# Helpers
# ----------------------------------------------------------------------


def table_html(
    name: str,
    links: dict[str, tuple[str, str]],
    links_from: str = "",
    fold_links: dict[str, tuple[str, str]] | None = None,
) -> str:
    """The HTML of one placeholder's tables, from the disk cache when nothing it depends on changed
    (one entry per table and per way of writing its links: MkDocs' and Zensical's differ).

    ``fold_links``: the links of a folded table (``Grid.folded``), relative to the page's own URL
    (default: ``links``).
    """
    fold_links = fold_links or links
    return cached_html(
        "probabilites-" + re.sub(r"[^\w-]", "_", f"{name}-{links_from}"),
        [name, links, fold_links],
        (Path(__file__), Path(__file__).with_name("probabilities_html.py")),
        lambda: "".join(render_grid(linked(grid, fold_links if grid.folded else links)) for grid in build_grids(name)),
    )


@lru_cache(maxsize=1)
def style() -> str:
    return " ".join(STYLE.read_text(encoding="utf-8").split())


def widget_id(src: str, heading: str, roller_id: str) -> str:
    """The id of the widget that ``sections.yml`` puts under ``heading`` of ``src`` (checked)."""
    entries = load_sections(str(MAPPING), MAPPING.stat().st_mtime_ns).get(src, [])
    for entry in entries:
        if same_spaces(entry["heading"]) == same_spaces(heading) and entry["roller"] == roller_id:
            return f"lanceur-{slugify(same_spaces(heading))}"
    raise SiteError(
        f"hooks/page/sections.yml : aucun lanceur {roller_id} sous « {heading} » dans {src} "
        "(les tables de probabilités y renvoient)."
    )


def linked(grid: Grid, links: dict[str, tuple[str, str]]) -> Grid:
    if grid.roller not in links:
        raise SiteError(
            f"hooks/page/sections.yml : aucune section de {grid.roller} ne porte « tables: true » ; la table "
            f"« {grid.id} » y renvoie ses cases : marquez-en une."
        )
    url, wid = links[grid.roller]
    rows = tuple(
        (
            head,
            tuple(
                Cell(c.value, c.answer, c.params, f"{url}?{query((('lanceur', wid),) + c.params)}#{wid}") for c in cells
            ),
        )
        for head, cells in grid.rows
    )
    return replace(grid, rows=rows)


def query(pairs: tuple[tuple[str, str], ...]) -> str:
    """``urllib.parse.urlencode(pairs)``, each name and value quoted once per build (1,400 links
    over the same few dozen names and values)."""
    return "&".join(f"{_quoted(name)}={_quoted(value)}" for name, value in pairs)


@lru_cache(maxsize=4096)
def _quoted(text: str) -> str:
    return quote_plus(text)


@cache
def build_grids(name: str) -> tuple[Grid, ...]:
    try:
        return tuple(all_tables()[name]())
    except RulesError as err:
        raise SiteError(str(err)) from None


@cache
def all_tables() -> dict[str, Callable[[], list[Grid]]]:
    """Every game's tables (``TABLES`` of ``rules_py/<game>/tables.py``; a game may have none), by name."""
    out: dict[str, Callable[[], list[Grid]]] = {}
    for game in IDS:
        if importlib.util.find_spec(f"rules_py.{game}.tables") is None:
            continue
        tables: Tables = importlib.import_module(f"rules_py.{game}.tables").TABLES
        for name, make in tables.items():
            if not name.startswith(f"{game}-") or name in out:
                raise SiteError(
                    f"rules_py/{game}/tables.py : la table « {name} » doit avoir un nom à elle commençant par « {game}- »."
                )
            out[name] = make
    return out


@cache
def roller_pages() -> dict[str, tuple[str, str]]:
    """Where each roller's cells link: (page, heading) of its section marked ``tables: true`` in sections.yml."""
    out: dict[str, tuple[str, str]] = {}
    for src, entries in load_sections(str(MAPPING), MAPPING.stat().st_mtime_ns).items():
        for entry in entries:
            if entry.get("tables"):
                roller = entry["roller"]
                if roller in out:
                    raise SiteError(
                        f"hooks/page/sections.yml:{entry['_line']}: une seule section de {roller} peut porter "
                        f"« tables: true » (déjà : « {out[roller][1]} » dans {out[roller][0]})."
                    )
                out[roller] = (src, entry["heading"])
    return out


# ----------------------------------------------------------------------
# Constants
# ----------------------------------------------------------------------

STYLE = Path(__file__).parents[2] / "docs" / "probabilites" / "probabilites.css"
PLACEHOLDER = re.compile(r"<!-- des-et-lames:probabilites ([\w-]+) -->")
