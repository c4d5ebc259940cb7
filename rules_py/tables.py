"""What a « Probabilités » table is, and the exact odds its cells read (for the games' ``tables.py``).

Each game says which tables of its odds are worth printing in its own ``rules_py/<game>/tables.py``:
``TABLES``, a table's name (``<game>-…``, the name a page's placeholder gives) -> a function
returning its :class:`Grid`\\ s. Every cell is this engine's exact answer for one set of a
roller's parameters (:func:`cell`); the outcome labels are read from the odds answers, never
written by hand. The site's build (``hooks/page/probabilities.py``) places the tables on the
pages, links each cell to its roller and draws them (``hooks/page/probabilities_html.py``).
A refusal of the rules (a table asking what a roller does not take) is a :class:`RulesError`.

Build-time only: the browser never imports it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from typing import Any

from .errors import RulesError
from .rolling import get_roller
from .rolling import odds as rules_odds
from .typography import fr, reader

__all__ = ["Cell", "Grid", "Tables", "cell", "choices", "labels", "odds", "sign"]


@dataclass(frozen=True, slots=True)
class Cell:
    value: Fraction  # a probability, or an expected value for kind "signed"
    answer: str  # which part of the odds answer: "reussite", "esperance" or an issue label
    params: tuple[tuple[str, str], ...]  # the roller's parameters, as a share link writes them
    href: str = ""  # the roller with these parameters (the build writes it)


@dataclass(frozen=True, slots=True)
class Grid:
    id: str
    roller: str
    caption: str
    how: str  # one sentence: how to read the table
    corner: str  # the row headers' title
    columns: tuple[str, ...]
    rows: tuple[tuple[str, tuple[Cell, ...]], ...]
    kind: str = "percent"  # or "signed" (an expected change of a seuil)
    chart: str = "lines"  # "lines" (one line per column) or "bars" (one stacked bar per row)
    chart_title: str = ""
    chart_columns: tuple[int, ...] | None = None  # the columns drawn (default: all)
    x_label: str = ""
    notes: tuple[str, ...] = field(default=())
    folded: bool = False  # a variant of the table before it: under a <details>, made when opened (form/fold.js)


#: A game's tables: name -> its grids (``rules_py/<game>/tables.py``, ``TABLES``).
Tables = dict[str, Callable[[], list[Grid]]]


@cache
def odds(roller_id: str, params: tuple[tuple[str, str], ...]) -> dict[str, Any]:
    """The exact odds, asked once per build: the exact values and the outcome labels (in French typography,
    as ``rules_py.call`` sets them, without setting every other text of hundreds of answers).

    An empty value (``carte_a=``) is for the link only: it empties the form's field (a preset's card),
    which the form then leaves out; the rules refuse an empty value, so it is left out here too.
    """
    given = {k: v for k, v in params if v != ""}
    try:
        answer = rules_odds(roller_id, given)
    except RulesError as err:
        raise RulesError(
            "probabilites", f"probabilites : {roller_id} refuse {dict(params)} : {reader(str(err))}"
        ) from None
    exact: dict[str, Any] = {key: answer[key] for key in ("reussite_exacte", "esperance_exacte") if key in answer}
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
        raise RulesError("probabilites", f"probabilites : {roller_id} ne donne pas « {answer} » pour {dict(key)}.")
    return Cell(Fraction(value), answer, key)


def labels(roller_id: str, params: dict[str, Any]) -> list[str]:
    """The outcome labels of an odds answer, in the engine's order."""
    return list(odds(roller_id, cell(roller_id, params, "reussite").params)["exact"])


def choices(roller_id: str, param: str) -> list[dict[str, Any]]:
    """A parameter's choices as the roller describes them (``valeur``, ``libelle`` set as ``rules_py.call`` sets it)."""
    described = next(p for p in get_roller(roller_id).describe()["parametres"] if p["nom"] == param)
    return [{**c, "libelle": reader(c["libelle"])} for c in described["choix"]]


def sign(n: int) -> str:
    return f"+{n}" if n > 0 else ("\u2212" + str(-n) if n < 0 else "0")
