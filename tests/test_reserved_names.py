"""A share link keeps a few query names for itself; no roller parameter may take one (issue 37).

``frontend/widget/links.js`` writes a roll's parameters into the page's URL beside its
own fields (``LINK_FIELDS``: the widget, the forced dice, the follow-ups); a roller parameter of the
same name would be read as the link's (a parameter named ``des`` opened as « ce jet demande 3 dés
(reçu 5) »). The names are read from links.js itself, so the list here cannot drift from the code,
and RULES.md (the public contract) states them.
"""

from __future__ import annotations

import re

import pytest
from helpers import ROOT

from rules_py import call
from rules_py.api import all_rollers
from rules_py.params import Param
from rules_py.sheets import GAMES, load_game

LINKS = ROOT / "frontend" / "widget" / "links.js"


def link_fields() -> list[str]:
    """``LINK_FIELDS`` as links.js declares it."""
    found = re.search(r"^const LINK_FIELDS = \[([^\]]*)\];", LINKS.read_text(encoding="utf-8"), re.M)
    assert found, "links.js ne déclare plus LINK_FIELDS"
    names = re.findall(r'"([a-z_]+)"', found.group(1))
    assert names and len(names) == found.group(1).count(",") + 1, found.group(0)
    return names


def parameters() -> list[tuple[str, Param]]:
    """Every name a share link may carry as a roller's: the rollers' parameters and the sheets' own (competence…)."""
    out = [(r.id, p) for r in all_rollers() for p in r.params]
    out += [(b.roller, p) for g in GAMES for b in load_game(g).bindings for p in b.sheet_params]
    return out


def clashes(params: list[tuple[str, Param]], reserved: list[str]) -> list[str]:
    return [f"{roller} : {p.name}" for roller, p in params if p.name in reserved]


def test_the_link_fields_are_read_from_links_js():
    assert link_fields() == ["lanceur", "des", "suite", "reels"]


def test_no_roller_parameter_takes_a_name_a_share_link_keeps():
    found = clashes(parameters(), link_fields())
    assert not found, f"paramètres aux noms réservés par les liens : {found}"


def test_the_check_would_see_a_parameter_named_des():
    fake = [("feerie.essai", Param("des", "Nombre de dés", "int", minimum=1, maximum=10))]
    assert clashes(parameters() + fake, link_fields()) == ["feerie.essai : des"]


def test_rules_md_states_the_reserved_names():
    text = (ROOT / "RULES.md").read_text(encoding="utf-8")
    section = text[text.index("**Reserved names.**") :].split("\n- ", 1)[0]
    for name in link_fields():
        assert f"`{name}`" in section, name


@pytest.mark.parametrize("roller", [r.id for r in all_rollers()])
def test_a_forced_dice_error_names_its_french_label_not_a_code_name(roller):
    params = {"expertise": 3} if roller in ("simon.jet", "simon.aide") else {}
    params = {"expertise_a": 3, "expertise_b": 3} if roller == "simon.opposition" else params
    for dice in ("999", ",".join(["1"] * 45), "1"):  # a value no die gives, too many, too few
        answer = call({"op": "roll", "roller": roller, "params": params, "dice": dice})
        assert not answer["ok"] and answer["field"] == "des", answer
        assert answer["error"].startswith(("Dés imposés", "Cartes imposées")) and "(des)" not in answer["error"]
