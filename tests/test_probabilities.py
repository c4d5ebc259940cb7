"""The probability pages (hooks/page/probabilities.py, run by the Markdown extension): every number on them is rules_py's exact
answer for the parameters of the link in its cell, a sample of cells agrees with an
independent oracle (icepool), and every link leads to a roller of the right kind.

The site is built once (``mkdocs build --strict``) into a temporary directory; the
pages' HTML is read with the standard library's parser.
"""

from __future__ import annotations

import unicodedata
from fractions import Fraction
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import parse_qsl, urljoin, urlsplit

import icepool
import pytest
from helpers import simon_aide_effect_at, simon_succeeds_at

from rules_py import call, odds
from rules_py.typography import fr

ROOT = Path(__file__).resolve().parents[1]
PAGES = ("solaires", "feerie", "simon", "dcda")


# ----------------------------------------------------------------------
# The built pages, read into tables of cells
# ----------------------------------------------------------------------


class Tables(HTMLParser):
    """Every .dl-proba block: its id, roller, caption, headers and cells (exact, answer, href, text, and the
    headers the reader reads it under: ``row``, ``column``)."""

    def __init__(self):
        super().__init__()
        self.tables: list[dict] = []
        self.ids: dict[str, str] = {}  # element id -> data-roller (the widgets of a page)
        self.cell = None
        self.in_caption = False
        self.in_how = False
        self.th: dict | None = None  # the header being read: {"scope", "text"}

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "id" in a and "data-roller" in a:
            self.ids[a["id"]] = a["data-roller"]
        if tag == "section" and "dl-proba" in (a.get("class") or "").split():
            self.tables.append(
                {
                    "id": a["id"],
                    "roller": a["data-roller"],
                    "caption": "",
                    "how": "",
                    "cells": [],
                    "th_scopes": [],
                    "columns": [],
                    "svg": False,
                }
            )
        elif not self.tables:
            return
        elif tag == "caption":
            self.in_caption = True
        elif tag == "p" and "dl-proba__how" in (a.get("class") or "").split():
            self.in_how = True
        elif tag == "tr":
            self.row = {"head": None, "cells": 0}
        elif tag == "th":
            self.tables[-1]["th_scopes"].append(a.get("scope"))
            self.th = {"scope": a.get("scope"), "text": ""}
        elif tag == "td":
            table = self.tables[-1]
            self.row["cells"] += 1
            self.cell = {
                "exact": a["data-exact"],
                "answer": a["data-answer"],
                "text": "",
                "row": self.row["head"],
                "column": table["columns"][self.row["cells"]],  # columns[0] is the rows' title
            }
            table["cells"].append(self.cell)
        elif tag == "a" and self.cell is not None:
            self.cell["href"] = a["href"]
        elif tag == "svg" and "dl-proba__chart" in (a.get("class") or ""):
            self.tables[-1]["svg"] = True

    def handle_endtag(self, tag):
        if tag == "caption":
            self.in_caption = False
        elif tag == "p":
            self.in_how = False
        elif tag == "td":
            self.cell = None
        elif tag == "th" and self.th is not None:
            if self.th["scope"] == "col":
                self.tables[-1]["columns"].append(self.th["text"])
            else:
                self.row["head"] = self.th["text"]
            self.th = None

    def handle_data(self, data):
        if self.in_caption:
            self.tables[-1]["caption"] += data
        if self.in_how:
            self.tables[-1]["how"] += data
        if self.th is not None:
            self.th["text"] += data
        if self.cell is not None:
            self.cell["text"] += data


@pytest.fixture(scope="module")
def site(built_site):
    return built_site


def read(site: Path, url_path: str) -> Tables:
    parser = Tables()
    parser.feed((site / url_path.strip("/") / "index.html").read_text(encoding="utf-8"))
    return parser


@pytest.fixture(scope="module")
def tables(site):
    found = {}
    for name in PAGES:
        for table in read(site, f"probabilites/{name}").tables:
            found[table["id"]] = {**table, "page": f"/probabilites/{name}/"}
    return found


def params_of(cell: dict, page: str) -> tuple[str, dict[str, str], str]:
    """(the page the link leads to, the roller's parameters, the widget id) of a cell's link."""
    url = urlsplit(urljoin(page, cell["href"]))
    query = dict(parse_qsl(url.query, keep_blank_values=True))
    widget = query.pop("lanceur")
    assert url.fragment == widget
    assert "des" not in query  # a link presets the form: no dice
    return url.path, query, widget


def engine_value(roller: str, params: dict[str, str], answer: str) -> Fraction:
    result = odds(roller, params)
    if answer == "reussite":
        return Fraction(result["reussite_exacte"])
    if answer == "esperance":
        return Fraction(result["esperance_exacte"])
    if answer.startswith("somme"):  # simon.aide: the modifier's issues added up by sign
        side = answer[len("somme")]
        keep = {"<": lambda n: n < 0, "=": lambda n: n == 0, ">": lambda n: n > 0}[side]
        return sum((Fraction(p) for label, p in result["exact"].items() if keep(int(label))), Fraction(0))
    return Fraction({fr(label): p for label, p in result["exact"].items()}[answer])  # the page's labels are typeset


def shown_percent(text: str) -> float | None:
    text = text.replace("\u00a0", " ").replace("%", "").strip()
    if text.startswith(("<", ">")):
        return None
    return float(text.replace(",", "."))


# ----------------------------------------------------------------------
# Every table: the engine's numbers, accessible markup, working links
# ----------------------------------------------------------------------

EXPECTED_TABLES = {
    "solaires-stable",
    "solaires-adoucie",
    "solaires-amplifiee",
    "solaires-instable",
    "solaires-second-element",
    "solaires-environnement",
    "feerie-reussite",
    "feerie-assistants",
    "simon-heroisme-0",
    "simon-heroisme-1",
    "simon-heroisme-2",
    "simon-heroisme-3",
    "simon-aide",
    "simon-aide-chances",
    "dcda-tour",
    "dcda-tour-issues",
}


def test_every_table_is_there_with_a_caption_headers_and_a_chart(tables):
    assert EXPECTED_TABLES <= set(tables)
    assert any(t.startswith("feerie-issue-") for t in tables)  # one per outcome the engine names
    for table in tables.values():
        assert table["caption"].strip(), table["id"]
        assert set(table["th_scopes"]) == {"col", "row"}, table["id"]
        assert table["svg"], table["id"]
        assert table["cells"], table["id"]


def test_every_cell_is_the_engines_exact_answer_for_its_link(tables, site):
    widgets: dict[str, dict[str, str]] = {}
    checked = 0
    for table in tables.values():
        for cell in table["cells"]:
            path, params, widget = params_of(cell, table["page"])
            if path not in widgets:
                widgets[path] = read(site, path).ids
            assert widgets[path].get(widget) == table["roller"], (table["id"], path, widget)
            # the link empties a field (a preset's card), and the form leaves an empty field out (readForm)
            value = engine_value(table["roller"], {k: v for k, v in params.items() if v != ""}, cell["answer"])
            assert Fraction(cell["exact"]) == value, (table["id"], params, cell)
            shown = shown_percent(cell["text"]) if table["id"] != "simon-aide" else None
            if shown is not None:
                assert abs(shown - float(value) * 100) <= 0.05 + 1e-9, (table["id"], cell)
            checked += 1
    assert checked > 1000


# ----------------------------------------------------------------------
# Every cell computed for the values its headers name (what the reader reads)
# ----------------------------------------------------------------------


def number(text: str) -> int:
    """A header's number as the page writes it (« −3 », « +2 », « 0 »)."""
    return int(text.replace("\u2212", "-").replace("+", ""))


def plain(text: str) -> str:
    """Lower case without accents: « Amplifiée » -> « amplifiee »."""
    return "".join(c for c in unicodedata.normalize("NFD", text.lower()) if not unicodedata.combining(c))


def after(text: str, start: str, end: str) -> str:
    """The words of ``text`` between ``start`` and ``end``."""
    return text.split(start, 1)[1].split(end, 1)[0]


def answer_named(column: str, cell: dict) -> None:
    """A column named after an outcome holds that outcome; « Réussite (total) » the success."""
    assert cell["answer"] == ("reussite" if column == "Réussite (total)" else column)


def solaires_alteration(table, cell, params, answer):
    # caption « Altération (ou attitude) stable : … »; rows « Score à battre »; a column per outcome
    assert plain(table["caption"].split("(ou attitude) ", 1)[1].split()[0]) == params["alteration"]
    assert answer["score"] == number(cell["row"])
    answer_named(cell["column"], cell)


def solaires_second_element(table, cell, params, answer):
    # rows « Difficulté »; columns « Un élément (3) », « 3 et un second de 2 »
    assert answer["difficulte"] == number(cell["row"])
    column = cell["column"]
    named = "3" if column == "Un élément (3)" else "3," + after(column + "$", "3 et un second de ", "$")
    assert params["elements"] == named
    assert cell["answer"] == "reussite"


def solaires_environment(table, cell, params, answer):
    # rows: the meneur's preference by its label; a column per outcome
    described = call({"op": "describe", "roller": "solaires.environnement"})["result"]
    choices = next(p for p in described["parametres"] if p["nom"] == "preference")["choix"]
    assert {c["libelle"]: c["valeur"] for c in choices}[cell["row"]] == params["preference"]
    answer_named(cell["column"], cell)


def feerie_grid(table, cell, params, answer):
    # rows « Dés du joueur »; columns « Difficulté 3 »; caption: success, or « l’issue « X » »
    assert answer["des_joueurs"] == number(cell["row"])
    assert answer["des_meneur"] == number(after(cell["column"] + "$", "Difficulté ", "$"))
    caption = table["caption"]
    assert cell["answer"] == (after(caption, "l’issue «\u00a0", "\u00a0»") if "l’issue" in caption else "reussite")


def feerie_assistants(table, cell, params, answer):
    # caption « (initiateur à 2 dés) »; rows « Difficulté »; columns « Seul », « 2 assistants, 1 dé chacun »
    assert answer["des_meneur"] == number(cell["row"])
    column = cell["column"]
    helpers = 0 if column == "Seul" else number(column.split(" ")[0])
    each = 0 if column == "Seul" else number(after(column, ", ", " dé"))
    assert len([a for a in params["assistants"].split(",") if a]) == helpers
    assert answer["des_joueurs"] == number(after(table["caption"], "initiateur à ", " dés")) + helpers * each
    assert cell["answer"] == "reussite"


def simon_success(table, cell, params, answer):
    # caption « 6 dés (1 dé d’héroïsme) »; rows « Seuil »; columns « 3 réussites »
    assert answer["des"] == number(table["caption"].split(" ")[0])
    assert answer["seuil"] == number(cell["row"])
    assert params["reussites"] == cell["column"].split(" ")[0]
    assert cell["answer"] == "reussite"


def simon_help(table, cell, params, answer):
    # rows « Seuil de l’aide »; columns: the mean change, or « Seuil baissé / inchangé / monté »
    assert answer["seuil"] == number(cell["row"])
    sides = {
        "Changement moyen du seuil": "esperance",
        "Seuil baissé": "somme<0",
        "Seuil inchangé": "somme=0",
        "Seuil monté": "somme>0",
    }
    assert cell["answer"] == sides[cell["column"]]


SUITS = {"Bâtons": "batons", "Écus": "ecus", "Coupes": "coupes", "Dagues": "dagues"}


def dcda_round(table, cell, params, answer):
    # rows « Écart des forces (A − B) »; columns « … (Bâtons contre Écus) », or the outcomes « (A joue
    # Bâtons, B Écus) »
    suits = ["batons", "ecus", "coupes", "dagues"]
    a = int(params["forces_a"].split(",")[suits.index(params["enseigne_a"])])
    b = int(params["forces_b"].split(",")[suits.index(params["enseigne_b"])])
    assert a - b == number(cell["row"])
    if table["id"] == "dcda-tour":
        played = after(cell["column"], "(", ")").split(" contre ")
        assert cell["answer"] == "reussite"
    else:
        played = after(table["how"], "A joue ", ")").split(", B ")
        answer_named(cell["column"], cell)
    assert [params["enseigne_a"], params["enseigne_b"]] == [SUITS[s] for s in played]


HEADERS = {
    "solaires-stable": solaires_alteration,
    "solaires-adoucie": solaires_alteration,
    "solaires-amplifiee": solaires_alteration,
    "solaires-instable": solaires_alteration,
    "solaires-second-element": solaires_second_element,
    "solaires-environnement": solaires_environment,
    "feerie-reussite": feerie_grid,
    "feerie-issue-": feerie_grid,
    "feerie-assistants": feerie_assistants,
    "simon-heroisme-": simon_success,
    "simon-aide": simon_help,
    "simon-aide-chances": simon_help,
    "dcda-tour": dcda_round,
    "dcda-tour-issues": dcda_round,
}


def test_every_cell_is_computed_for_the_values_its_headers_name(tables):
    """The caption, the row's header and the column's header name the parameters of each cell (and the
    outcome it gives): a table whose rows were computed for other values than its headers name, every cell
    still its own link's answer, fails here."""
    for table in tables.values():
        rule = HEADERS.get(table["id"]) or HEADERS[table["id"].rstrip("0123456789")]
        assert len(table["columns"]) > 1, table["id"]
        for cell in table["cells"]:
            _path, params, _widget = params_of(cell, table["page"])
            given = {k: v for k, v in params.items() if v != ""}
            answer = odds(table["roller"], given)
            try:
                rule(table, cell, params, answer)
            except (AssertionError, KeyError, IndexError, ValueError) as err:
                raise AssertionError(f"{table['id']}: {cell['row']} / {cell['column']}: {params}") from err


def test_tiny_and_near_certain_chances_are_not_rounded_to_0_or_100(tables):
    for table in tables.values():
        for cell in table["cells"]:
            value = Fraction(cell["exact"])
            text = cell["text"].replace("\u00a0", " ")
            if table["id"] != "simon-aide" and 0 < value < Fraction(1, 2000):
                assert text != "0 %", (table["id"], cell)
            if table["id"] != "simon-aide" and Fraction(1999, 2000) < value < 1:
                assert text != "100 %", (table["id"], cell)


# ----------------------------------------------------------------------
# A sample of cells against icepool
# ----------------------------------------------------------------------


def cells_of(tables, table_id):
    table = tables[table_id]
    return [(params_of(c, table["page"])[1], c) for c in table["cells"]]


def test_solaires_success_matches_icepool(tables):
    for table_id in ("solaires-stable", "solaires-instable", "solaires-second-element"):
        for params, cell in cells_of(tables, table_id):
            if cell["answer"] != "reussite":
                continue
            score = int(params["difficulte"]) + sum(int(e) for e in params["elements"].split(","))
            oracle = Fraction((3 @ (icepool.d6 <= score) >= 2).probability(True))
            assert Fraction(cell["exact"]) == oracle, (table_id, params)


EFFORT = icepool.d6.map(lambda v: 1 if v >= 4 else 0)


def test_feerie_success_and_tie_match_icepool(tables):
    for params, cell in cells_of(tables, "feerie-reussite")[::7]:
        n, m = int(params["element"]), int(params["difficulte"])
        diff = (n @ EFFORT) - (m @ EFFORT)
        assert Fraction(cell["exact"]) == sum((diff.probability(o) for o in diff.outcomes() if o >= 1), Fraction(0))

    # among the tables of each outcome the engine names, one is the tie with some effort, one the tie with
    # none at all (« rate complètement », RULES.md) and one « plusieurs efforts excédentaires »
    def matches(table_id, predicate) -> bool:
        for params, cell in cells_of(tables, table_id):
            players, gm = int(params["element"]) @ EFFORT, int(params["difficulte"]) @ EFFORT
            joint = sum(
                (players.probability(x) * gm.probability(y) for x in players.outcomes() for y in gm.outcomes()
                 if predicate(x, y)),
                Fraction(0),
            )  # fmt: skip
            if Fraction(cell["exact"]) != joint:
                return False
        return True

    issues = [t for t in tables if t.startswith("feerie-issue-")]
    assert sum(matches(t, lambda x, y: x == y > 0) for t in issues) == 1
    assert sum(matches(t, lambda x, y: x == y == 0) for t in issues) == 1
    assert sum(matches(t, lambda x, y: x - y >= 2) for t in issues) == 1


def test_feerie_assistants_match_icepool(tables):
    for params, cell in cells_of(tables, "feerie-assistants"):
        helpers = [min(2, (int(a) + 1) // 2) for a in params["assistants"].split(",") if a]
        players = 2 + sum(helpers)
        diff = (players @ EFFORT) - (int(params["difficulte"]) @ EFFORT)
        assert Fraction(cell["exact"]) == sum((diff.probability(o) for o in diff.outcomes() if o >= 1), Fraction(0))


def test_simon_success_matches_icepool(tables):
    for heroism in (0, 3):
        for params, cell in cells_of(tables, f"simon-heroisme-{heroism}")[::6]:
            seuil = 13 + int(params["modificateur"])
            die = icepool.d20.map(simon_succeeds_at(seuil))
            law = (5 + int(params["heroisme"])) @ die
            oracle = sum((law.probability(o) for o in law.outcomes() if o >= int(params["reussites"])), Fraction(0))
            assert Fraction(cell["exact"]) == oracle, params


def test_simon_help_expectation_matches_icepool(tables):
    for params, cell in cells_of(tables, "simon-aide"):
        seuil = 13 + int(params["modificateur"])
        law = 5 @ icepool.d20.map(simon_aide_effect_at(seuil))
        assert Fraction(cell["exact"]) == Fraction(law.mean()), params


def test_dcda_round_matches_icepool(tables):
    suits = ["batons", "ecus", "coupes", "dagues"]
    for params, cell in cells_of(tables, "dcda-tour"):
        a = int(params["forces_a"].split(",")[suits.index(params["enseigne_a"])])
        b = int(params["forces_b"].split(",")[suits.index(params["enseigne_b"])])
        card = icepool.d10
        if params["enseigne_b"] == "ecus":  # no domination: both forces count, a tie is a statu quo
            win = (card + a) > (card + b)
        elif params["enseigne_b"] == "dagues":  # Bâtons dominate Dagues: B's card alone, a tie goes to A
            win = (card + a) >= card
        else:  # Coupes dominate Bâtons: A's card alone, a tie goes to B
            win = card > (card + b)
        assert Fraction(cell["exact"]) == Fraction(win.probability(True)), params


# ----------------------------------------------------------------------
# The step on its own
# ----------------------------------------------------------------------


def test_percent_is_french_and_honest_at_the_ends():
    from hooks.page import probabilities as hook
    from hooks.page.probabilities_html import percent, signed

    assert percent(Fraction(1, 2)) == "50\u00a0%"
    assert percent(Fraction(1, 8)) == "12,5\u00a0%"
    assert percent(Fraction(1, 3_200_000)) == "<\u00a00,1\u00a0%"
    assert percent(Fraction(3_199_999, 3_200_000)) == ">\u00a099,9\u00a0%"
    assert signed(Fraction(-5, 4)) == "\u22121,25" and signed(Fraction(3, 4)) == "+0,75"
    assert hook.PLACEHOLDER.pattern


def test_an_unknown_table_name_stops_the_build():
    from hooks.errors import SiteError
    from hooks.page.probabilities import insert_tables

    with pytest.raises(SiteError, match="probabilites/x.md: table de probabilités inconnue « nulle-part »"):
        insert_tables("<!-- des-et-lames:probabilites nulle-part -->", "probabilites/x.md", "probabilites/")


# icepool reads a callback's signature: one argument, the face (so no default-bound extras).
