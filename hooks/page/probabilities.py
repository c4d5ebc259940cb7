"""Probability tables (« Probabilités »), built at build time from rules_py's exact odds.

The pages ``docs/probabilites/*.md`` hold the prose and one placeholder per
table, ``<!-- des-et-lames:probabilites NAME -->``. The Markdown extension
(``hooks/page/extension.py``) calls ``insert_tables`` on a page's HTML once Markdown is
done: each placeholder becomes its tables, which link to the chapter page's roller
(through ``sections.yml``). The tables carry ``data-search-exclude``: the search
indexes never parse hundreds of cells.

Every cell is rules_py's exact answer for one set of parameters, and links
to the roller with those parameters (``?lanceur=<widget id>&name=value…#<widget id>``,
the share links' format, without dice). Outcome labels are read from the
odds answers, never written here: the engine may word them differently.
One build asks each question once (``odds`` is cached), and a table's HTML
is kept on disk (the system's temporary folder) under a hash of everything it
depends on: rules_py's sources, these modules, the table and its links. A
build after a change recomputes it; an unchanged build reads it back, as
Python reads its bytecode.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction
from functools import cache, lru_cache
from pathlib import Path
from typing import Any
from urllib.parse import quote_plus

import rules_py
from hooks.errors import SiteError
from hooks.page.build_cache import cached_html
from hooks.page.probabilities_html import Cell, Grid, render_grid
from hooks.page.sections import MAPPING, load_sections, same_spaces, slugify
from hooks.urls import page_url, relative_url
from rules_py import api as rules_api
from rules_py.errors import RulesError
from rules_py.typography import fr, reader

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
    unknown = [n for n in names if n not in TABLES]
    if unknown:
        raise SiteError(
            f"{src_uri}: table de probabilités inconnue « {unknown[0]} » ; les tables sont {', '.join(TABLES)}."
        )
    links, fold_links = (
        {
            roller_id: (relative_url(page_url(src), base), widget_id(src, heading, roller_id))
            for roller_id, (src, heading) in ROLLER_PAGES.items()
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
def odds(roller_id: str, params: tuple[tuple[str, str], ...]) -> dict[str, Any]:
    """rules_py's exact odds, asked once per build; a refusal stops the build.

    What a table reads of the answer: its exact values and its outcome labels. It is asked of
    ``rules_py.api.odds`` (the answer ``rules_py.call`` gives, before its French typography), and
    the labels get that typography here: the same labels, without setting every other text of
    hundreds of answers (their notes and scales, 40% of a query's time).

    An empty value (``carte_a=``) is for the link only: it empties the form's field (a preset's card),
    which the form then leaves out; the rules refuse an empty value, so it is left out here too.
    """
    given = {k: v for k, v in params if v != ""}
    try:
        answer = rules_api.odds(roller_id, given)
    except RulesError as err:
        raise SiteError(f"probabilites : {roller_id} refuse {dict(params)} : {reader(str(err))}") from None
    exact = {key: answer[key] for key in ("reussite_exacte", "esperance_exacte") if key in answer}
    return {**exact, "exact": {fr(label): value for label, value in answer["exact"].items()}}


def cell(roller_id: str, params: dict[str, Any], answer: str) -> Cell:
    """One cell: ``answer`` is "reussite", "esperance" or an issue label of the odds answer."""
    key = tuple(
        (
            k,
            ",".join(map(str, v))
            if isinstance(v, (list, tuple))
            else str(v).lower()
            if isinstance(v, bool)
            else str(v),
        )
        for k, v in params.items()
    )
    result = odds(roller_id, key)
    if answer == "reussite":
        value = result.get("reussite_exacte")
    elif answer == "esperance":
        value = result.get("esperance_exacte")
    else:
        value = result["exact"].get(answer)
    if value is None:
        raise SiteError(f"probabilites : {roller_id} ne donne pas « {answer} » pour {dict(key)}.")
    return Cell(Fraction(value), answer, key)


def labels(roller_id: str, params: dict[str, Any]) -> list[str]:
    """The outcome labels of an odds answer, in the engine's order."""
    return list(odds(roller_id, cell(roller_id, params, "reussite").params)["exact"])


def sign(n: int) -> str:
    return f"+{n}" if n > 0 else ("\u2212" + str(-n) if n < 0 else "0")


@cache
def build_grids(name: str) -> tuple[Grid, ...]:
    return tuple(TABLES[name]())


# ----------------------------------------------------------------------
# Solaires
# ----------------------------------------------------------------------


def _solaires_params(score: int, elements=(3,), alteration="stable") -> dict[str, Any]:
    return {
        "difficulte": score - sum(elements),
        "intrinseque": "complexe",
        "interet": "neutre",
        "elements": list(elements),
        "typique": len(elements) > 1,
        "alteration": alteration,
        "handicap": False,
    }


def solaires_alteration() -> list[Grid]:
    grids = []
    described = rules_py.call({"op": "describe", "roller": "solaires.action"})["result"]
    choices = next(p for p in described["parametres"] if p["nom"] == "alteration")["choix"]
    for choice in choices:
        alt = choice["valeur"]
        names = labels("solaires.action", _solaires_params(3, alteration=alt))
        rows = tuple(
            (
                sign(score),
                tuple(cell("solaires.action", _solaires_params(score, alteration=alt), n) for n in names)
                + (cell("solaires.action", _solaires_params(score, alteration=alt), "reussite"),),
            )
            for score in range(-1, 8)
        )
        short = choice["libelle"].split(" :")[0]
        grids.append(
            Grid(
                id=f"solaires-{alt}",
                roller="solaires.action",
                caption=f"Altération (ou attitude) {short.lower()} : chaque issue selon le score à battre",
                how=(
                    f"Lisez la ligne de votre score à battre (difficulté plus éléments) : chaque case donne la chance "
                    f"de chaque issue avec l’altération {short.lower()}, la dernière colonne celle de réussir ; "
                    "un score de 0 ou moins, ou de 6 ou plus, se passe des dés."
                ),
                corner="Score à battre",
                columns=tuple(names) + ("Réussite (total)",),
                rows=rows,
                chart="bars",
                chart_columns=tuple(range(len(names))),
                chart_title=f"Issues selon le score à battre, altération {short.lower()}",
                folded=bool(grids),  # the first alteration shown, the others one tap away
            )
        )
    return grids


def solaires_second_element() -> list[Grid]:
    combos = [(3,), (3, 1), (3, 2), (3, 3)]
    heads = ["Un élément (3)", "3 et un second de 1", "3 et un second de 2", "3 et un second de 3"]
    rows = tuple(
        (sign(d), tuple(cell("solaires.action", _solaires_params(d + sum(e), elements=e), "reussite") for e in combos))
        for d in range(-6, 3)
    )
    return [
        Grid(
            id="solaires-second-element",
            roller="solaires.action",
            caption="Chance de réussir selon la difficulté, avec ou sans second élément",
            how=(
                "Lisez la ligne de la difficulté : la première colonne donne la chance de réussir avec un seul élément "
                "de score 3, les suivantes avec un second élément (action typique du premier), qui ajoute son score au score à battre."
            ),
            corner="Difficulté",
            columns=tuple(heads),
            rows=rows,
            x_label="Difficulté",
            chart_title="Réussite selon la difficulté, avec ou sans second élément",
        )
    ]


def solaires_environment() -> list[Grid]:
    described = rules_py.call({"op": "describe", "roller": "solaires.environnement"})["result"]
    choices = next(p for p in described["parametres"] if p["nom"] == "preference")["choix"]
    names = labels("solaires.environnement", {"preference": choices[0]["valeur"]})
    rows = tuple(
        (c["libelle"], tuple(cell("solaires.environnement", {"preference": c["valeur"]}, n) for n in names))
        for c in choices
    )
    return [
        Grid(
            id="solaires-environnement",
            roller="solaires.environnement",
            caption="Aléatoire dans l’environnement : chaque issue selon la préférence du meneur",
            how="Lisez la ligne de la préférence du meneur : chaque case donne la chance de chaque issue du jet d’environnement.",
            corner="Préférence du meneur",
            columns=tuple(names),
            rows=rows,
            chart="bars",
        )
    ]


# ----------------------------------------------------------------------
# Système Féerie
# ----------------------------------------------------------------------


def _feerie_params(dice: int, difficulty: int) -> dict[str, Any]:
    return {"element": dice, "pertinence": "connexe", "difficulte": difficulty, "interet": "neutre"}


def feerie_grid() -> list[Grid]:
    difficulties = range(0, 8)
    heads = tuple(f"Difficulté {d}" for d in difficulties)

    def grid(answer: str, ident: str, caption: str, how: str, folded: bool = False) -> Grid:
        rows = tuple(
            (str(n), tuple(cell("feerie.action", _feerie_params(n, d), answer) for d in difficulties))
            for n in range(0, 11)
        )
        return Grid(
            id=ident,
            roller="feerie.action",
            caption=caption,
            how=how,
            corner="Dés du joueur",
            columns=heads,
            rows=rows,
            x_label="Dés du joueur",
            chart_columns=(1, 3, 5, 7),
            chart_title=f"{caption} (difficultés 1, 3, 5 et 7)",
            folded=folded,
        )

    grids = [
        grid(
            "reussite",
            "feerie-reussite",
            "Chance de réussir selon les dés du joueur et la difficulté",
            "Lisez la ligne du nombre de dés du joueur (élément plus bonus de pertinence) et la colonne de la "
            "difficulté (les dés du meneur) : la case donne la chance d’avoir strictement plus d’efforts que le meneur.",
        )
    ]
    for n, name in enumerate(labels("feerie.action", _feerie_params(2, 2))):
        grids.append(
            grid(
                name,
                f"feerie-issue-{n + 1}",
                f"Chance de l’issue « {name} » selon les dés du joueur et la difficulté",
                f"Même lecture que le tableau de la réussite, pour l’issue « {name} » seule.",
                folded=True,  # each outcome one tap away, under the success table
            )
        )
    return grids


def feerie_assistants() -> list[Grid]:
    teams = [
        ((), "Seul"),
        ((1,), "1 assistant, 1 dé"),
        ((3,), "1 assistant, 2 dés"),
        ((1, 1), "2 assistants, 1 dé chacun"),
        ((3, 3), "2 assistants, 2 dés chacun"),
    ]

    def params(team, d):
        return {
            "element": 2,
            "pertinence": "connexe",
            "difficulte": d,
            "interet": "neutre",
            "assistants": list(team),
            "un_seul_assistant": False,
            "un_de_par_assistant": False,
        }

    rows = tuple(
        (str(d), tuple(cell("feerie.collaboration", params(t, d), "reussite") for t, _ in teams)) for d in range(0, 8)
    )
    return [
        Grid(
            id="feerie-assistants",
            roller="feerie.collaboration",
            caption="Chance de réussir avec un ou deux assistants (initiateur à 2 dés)",
            how=(
                "Lisez la ligne de la difficulté : la première colonne est l’initiateur seul avec 2 dés, les suivantes "
                "ajoutent les efforts d’un ou deux assistants (un assistant lance la moitié de ses dés, arrondie au-dessus, au plus 2)."
            ),
            corner="Difficulté",
            columns=tuple(name for _, name in teams),
            rows=rows,
            x_label="Difficulté",
            chart_title="Réussite selon la difficulté, seul ou avec des assistants",
        )
    ]


# ----------------------------------------------------------------------
# Simon Système
# ----------------------------------------------------------------------


def _simon_params(seuil: int, required: int, heroism: int) -> dict[str, Any]:
    # expertise 2 (Débutant) against a Débutant test: seuil 13, moved by the modifier
    return {
        "expertise": 2,
        "caracteristique": "",
        "niveau": "debutant",
        "modificateur": seuil - 13,
        "reussites": required,
        "heroisme": heroism,
    }


def simon_grids() -> list[Grid]:
    grids = []
    for heroism in range(0, 4):
        rows = tuple(
            (str(s), tuple(cell("simon.jet", _simon_params(s, r, heroism), "reussite") for r in range(1, 6)))
            for s in range(2, 21)
        )
        dice = 5 + heroism
        grids.append(
            Grid(
                id=f"simon-heroisme-{heroism}",
                roller="simon.jet",
                caption=(
                    f"{dice} dés ({heroism} dé{'s' if heroism > 1 else ''} d’héroïsme) : chance de réussir selon le seuil "
                    "et les réussites demandées"
                )
                if heroism
                else "5 dés, sans dé d’héroïsme : chance de réussir selon le seuil et les réussites demandées",
                how=(
                    "Lisez la ligne du seuil (par exemple 13 pour 3(13)) et la colonne du nombre de réussites demandées : "
                    f"la case donne la chance qu’au moins autant des {dice} d20 fassent le seuil ou plus (un 20 réussit toujours, un 1 échoue toujours)."
                ),
                corner="Seuil",
                columns=tuple(f"{r} réussite{'s' if r > 1 else ''}" for r in range(1, 6)),
                rows=rows,
                x_label="Seuil",
                chart_title=f"Réussite selon le seuil, {dice} dés",
                folded=heroism > 0,  # with heroism dice: one tap away, under the five dice
            )
        )
    return grids


def simon_help() -> list[Grid]:
    def params(s):
        return {"expertise": 2, "caracteristique": "", "niveau": "debutant", "modificateur": s - 13}

    def chance(s: int, side: str) -> Cell:
        # the issues of simon.aide are the modifier's values ("-2", "0", "+1"): added up by sign
        key = cell("simon.aide", params(s), "esperance").params
        total = sum(
            (Fraction(p) for label, p in odds("simon.aide", key)["exact"].items() if modifier_side(label) == side),
            Fraction(0),
        )
        return Cell(total, f"somme{side}0", key)

    rows = tuple(
        (str(s), (cell("simon.aide", params(s), "esperance"), chance(s, "<"), chance(s, "="), chance(s, ">")))
        for s in range(2, 21)
    )
    return [
        Grid(
            id="simon-aide",
            roller="simon.aide",
            caption="Ce que vaut le jet d’une aide : changement moyen du seuil de l’acteur principal",
            how=(
                "Lisez la ligne du seuil de l’aide : la case donne le changement moyen du seuil de l’acteur principal "
                "(négatif : il devient plus facile), puis les chances qu’il baisse, ne change pas ou monte."
            ),
            corner="Seuil de l’aide",
            columns=("Changement moyen du seuil",),
            rows=tuple((h, (c[0],)) for h, c in rows),
            kind="signed",
            x_label="Seuil de l’aide",
            chart_title="Changement moyen du seuil selon le seuil de l’aide",
        ),
        Grid(
            id="simon-aide-chances",
            roller="simon.aide",
            caption="Chance que l’aide baisse, laisse ou monte le seuil de l’acteur principal",
            how="Lisez la ligne du seuil de l’aide : les trois cases font 100 % ensemble.",
            corner="Seuil de l’aide",
            columns=("Seuil baissé", "Seuil inchangé", "Seuil monté"),
            rows=tuple((h, c[1:]) for h, c in rows),
            x_label="Seuil de l’aide",
            chart_title="Chance que l’aide baisse, laisse ou monte le seuil",
        ),
    ]


def modifier_side(label: str) -> str:
    """ "<", "=" or ">": the sign of a simon.aide issue ("-2", "0", "+1")."""
    try:
        n = int(label.replace("\u2212", "-"))
    except ValueError:
        raise SiteError(f"probabilites : simon.aide donne une issue non chiffrée « {label} ».") from None
    return "<" if n < 0 else ">" if n > 0 else "="


# ----------------------------------------------------------------------
# De Cœur & D'Acier
# ----------------------------------------------------------------------


def _dcda_params(difference: int, suit_b: str) -> dict[str, Any]:
    # A plays Bâtons, B plays suit_b; the other suits' forces do not matter (3)
    force_a, force_b = 3 + max(difference, 0), 3 + max(-difference, 0)
    forces_b = {"ecus": [3, force_b, 3, 3], "dagues": [3, 3, 3, force_b], "coupes": [3, 3, force_b, 3]}[suit_b]
    return {
        "forces_a": [force_a, 3, 3, 3],
        "forces_b": forces_b,
        "enseigne_a": "batons",
        "enseigne_b": suit_b,
        "carte_a": "",
        "carte_b": "",
        "tour": 1,
        "bonus": [0, 0, 0, 0],
        "domination": DOMINATION,
    }


def dcda_rounds() -> list[Grid]:
    cases = [
        ("ecus", "Aucune domination (Bâtons contre Écus)"),
        ("dagues", "A domine (Bâtons contre Dagues)"),
        ("coupes", "B domine (Bâtons contre Coupes)"),
    ]
    rows = tuple(
        (sign(d), tuple(cell("dcda.tour", _dcda_params(d, suit), "reussite") for suit, _ in cases))
        for d in range(-6, 7)
    )
    names = labels("dcda.tour", _dcda_params(0, "ecus"))
    detail = tuple((sign(d), tuple(cell("dcda.tour", _dcda_params(d, "ecus"), n) for n in names)) for d in range(-6, 7))
    return [
        Grid(
            id="dcda-tour",
            roller="dcda.tour",
            caption="Chance que A remporte le tour, selon l’écart des forces et la domination",
            how=(
                "Lisez la ligne de l’écart entre la force de A dans l’enseigne qu’elle joue et celle de B dans la sienne "
                "(cartes tirées au hasard dans leur pile) : chaque colonne est un cas du cercle de domination ; "
                "une enseigne dominée joue sa carte seule, sans sa force, et l’égalité va à l’enseigne dominante."
            ),
            corner="Écart des forces (A − B)",
            columns=tuple(name for _, name in cases),
            rows=rows,
            x_label="Écart des forces (A − B)",
            chart_title="Chance que A remporte le tour",
        ),
        Grid(
            id="dcda-tour-issues",
            roller="dcda.tour",
            caption="Sans domination : chaque issue du tour selon l’écart des forces",
            how="Lisez la ligne de l’écart des forces (A joue Bâtons, B Écus) : chaque case donne la chance de chaque issue du tour.",
            corner="Écart des forces (A − B)",
            columns=tuple(names),
            rows=detail,
            chart="bars",
        ),
    ]


# ----------------------------------------------------------------------
# Constants
# ----------------------------------------------------------------------

STYLE = Path(__file__).parents[2] / "docs" / "probabilites" / "probabilites.css"
PLACEHOLDER = re.compile(r"<!-- des-et-lames:probabilites ([\w-]+) -->")
DOMINATION = "batons>dagues>ecus>coupes"  # the circle read from the text (RULES.md)
# Where each roller's links go: the chapter page and the heading of its widget (sections.yml), the
# book's heading as the chapter writes it (its apostrophes too)
ROLLER_PAGES = {
    "solaires.action": ("solaires/regles/resoudre-une-action.md", "Résolution de l'action"),
    "solaires.environnement": (
        "solaires/regles/resoudre-une-action.md",
        "Aléatoire dans l'environnement (Règle optionnelle)",
    ),
    "feerie.action": ("feerie/actions.md", "Jet de résolution"),
    "feerie.collaboration": ("feerie/actions.md", "Actions collaboratives"),
    "simon.jet": ("simon/resolution.md", "Le lancé de dés avec le Simon Système"),
    "simon.aide": ("simon/resolution.md", "Aider ses camarades"),
    "dcda.tour": ("dcda/confrontation.md", "Résoudre un tour"),
}
TABLES: dict[str, Callable[[], list[Grid]]] = {
    "solaires-alteration": solaires_alteration,
    "solaires-second-element": solaires_second_element,
    "solaires-environnement": solaires_environment,
    "feerie-reussite": feerie_grid,
    "feerie-assistants": feerie_assistants,
    "simon-reussite": simon_grids,
    "simon-aide": simon_help,
    "dcda-tour": dcda_rounds,
}
