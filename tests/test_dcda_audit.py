"""De Cœur & D’Acier after the second audit (RULES.md, « Decisions after the second audit »): the domination
orders the text allows, the meneuse's bonus for a side or for named participants (and on a dominated card),
forces above 10 only for an environment, and Nocturne as the site's own example, never the book's."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from rules_py import RulesError, act, call, odds, roll
from rules_py.api import get_roller

ROOT = Path(__file__).resolve().parents[1]
QUOTE = "« les bâtons dominent les dagues et ainsi de suite »"
ALLOWED = ["batons>dagues>ecus>coupes", "batons>dagues>coupes>ecus"]
REFUSED = [
    "batons>ecus>dagues>coupes",
    "batons>ecus>coupes>dagues",
    "batons>coupes>dagues>ecus",
    "batons>coupes>ecus>dagues",
]


# ----------------------------------------------------------------------
# 7. Domination orders
# ----------------------------------------------------------------------


@pytest.mark.parametrize("roller", ["dcda.tour", "dcda.confrontation"])
def test_only_the_orders_where_batons_dominate_dagues_are_offered(roller):
    param = next(p for p in get_roller(roller).describe()["parametres"] if p["nom"] == "domination")
    assert [c["valeur"] for c in param["choix"]] == ALLOWED
    assert param["defaut"] == "batons>dagues>ecus>coupes"
    for order in ALLOWED:
        assert call({"op": "odds", "roller": roller, "params": {"domination": order}})["ok"]


@pytest.mark.parametrize("roller", ["dcda.tour", "dcda.confrontation"])
@pytest.mark.parametrize("order", REFUSED)
def test_an_order_against_the_text_is_refused_quoting_it(roller, order):
    for op in (roll, odds):
        with pytest.raises(RulesError) as err:
            op(roller, {"domination": order})
        assert err.value.field == "domination"
        said = str(err.value)
        assert said.startswith("Cercle de domination (domination) : cet ordre contredit le texte, " + QUOTE)
        assert "batons>dagues>ecus>coupes et batons>dagues>coupes>ecus" in said and f"« {order} »" in said
    # as a share link sends it (pairs of text), and whatever its case or accents
    answer = call({"op": "roll", "roller": roller, "params": [["domination", order.replace("ecus", "Écus")]]})
    assert answer["ok"] is False and answer["field"] == "domination" and "contredit le texte" in answer["error"]


def test_a_confrontation_state_with_a_refused_order_is_refused():
    first = roll("dcda.confrontation", {}, seed=1)
    forged = {**first["etat"], "parametres": {**first["etat"]["parametres"], "domination": REFUSED[0]}}
    answer = call({"op": "action", "roller": "dcda.confrontation", "action": "jouer", "state": forged, "seed": 1})
    assert answer["ok"] is False and answer["field"] in ("domination", "etat")


# ----------------------------------------------------------------------
# 10. The meneuse's bonus: a side, named participants, a dominated card
# ----------------------------------------------------------------------


def test_a_bonus_is_added_even_to_a_dominated_card():
    r = roll("dcda.tour", {"carte_a": "5-batons", "carte_b": "5-dagues", "bonus": "0,0,0,2"})
    assert r["totaux"] == {"a": 8, "b": 7}  # 5 + 3 against 5 alone + 2
    assert "Dagues dominées par Bâtons : seule la carte compte" in r["calcul"]
    assert "Force totale de B : 5 (carte) + 2 (bonus Dagues, même dominée) = 7" in r["calcul"]


@pytest.mark.parametrize("target, a, b", [(None, 2, 2), ("deux", 2, 2), ("a", 2, 0), ("b", 0, 2)])
def test_a_round_bonus_for_both_or_one_side(target, a, b):
    params = {"carte_a": "5-coupes", "carte_b": "6-coupes", "forces_a": "0,0,0,0", "forces_b": "0,0,0,0",
              "bonus": "0,0,2,0", **({"bonus_pour": target} if target else {})}  # fmt: skip
    r = roll("dcda.tour", params)
    assert r["totaux"] == {"a": 5 + a, "b": 6 + b}


TEAM = {
    "noms_a": "Aube,Brune",
    "forces_a": "3,3,3,3,3,3,3,3",
    "predilection_a": "dagues,dagues",
    "noms_b": "Corbeau,Dune",
    "forces_b": "3,3,3,3,3,3,3,3",
    "predilection_b": "dagues,dagues",
    "bonus": "0,0,0,4",
}


@pytest.mark.parametrize(
    "target, gets",
    [
        ("deux", {"a1", "a2", "b1", "b2"}),
        ("a", {"a1", "a2"}),
        ("b", {"b1", "b2"}),
        ("Brune,b1", {"a2", "b1"}),
        ("brune, CORBEAU", {"a2", "b1"}),
        ("a1", {"a1"}),
    ],
)
def test_a_confrontation_bonus_for_named_participants(target, gets):
    first = roll("dcda.confrontation", {**TEAM, "bonus_pour": target}, seed=4)
    played = act("dcda.confrontation", "jouer", first["etat"], {"enseignes": "dagues,dagues,dagues,dagues"}, seed=4)
    lines = [line for line in played["calcul"] if line.startswith("Force totale")]
    with_bonus = {line.split(" : ")[0] for line in lines if "(bonus Dagues" in line}
    names = {"a1": "Aube", "a2": "Brune", "b1": "Corbeau", "b2": "Dune"}
    assert with_bonus == {f"Force totale {'d’' if names[i][0] in 'AE' else 'de '}{names[i]}" for i in gets}
    announced = next(line for line in first["calcul"] if line.startswith("Bonus/malus de la meneuse"))
    assert announced.endswith(": Dagues +4")


def test_a_named_bonus_changes_the_odds_of_that_opposition_only():
    # Eli alone against Nocturne: the bonus for Nocturne (b1) is the same as for side B
    base = {"noms_a": "Eli", "predilection_a": "coupes", "bonus": "0,0,0,3"}
    named = odds("dcda.confrontation", {**base, "bonus_pour": "Nocturne"})
    side = odds("dcda.confrontation", {**base, "bonus_pour": "b"})
    none = odds("dcda.confrontation", {**base, "bonus_pour": "a"})  # Eli plays Coupes: her Dagues bonus is unused
    assert named["exact"] == side["exact"] and named["exact"] != none["exact"]
    plain = odds("dcda.confrontation", {"noms_a": "Eli", "predilection_a": "coupes"})
    assert none["exact"] == plain["exact"]
    assert Fraction(named["exact"]["Eli remporte le tour 1"]) < Fraction(plain["exact"]["Eli remporte le tour 1"])


@pytest.mark.parametrize(
    "params, field",
    [
        ({**TEAM, "bonus_pour": "Zoé"}, "bonus_pour"),
        ({**TEAM, "bonus_pour": "a3"}, "bonus_pour"),
        ({**TEAM, "bonus": None, "bonus_pour": "a"}, "bonus_pour"),  # nothing announced, nothing to keep for a side
    ],
)
def test_a_bonus_for_nobody_is_refused(params, field):
    for op in (roll, odds):
        with pytest.raises(RulesError) as err:
            op("dcda.confrontation", {k: v for k, v in params.items() if v is not None})
        assert err.value.field == field
    with pytest.raises(RulesError) as err:
        roll("dcda.tour", {"bonus_pour": "a"})
    assert err.value.field == "bonus_pour"


def test_an_unknown_participant_is_named_with_the_list():
    with pytest.raises(RulesError) as err:
        roll("dcda.confrontation", {**TEAM, "bonus_pour": "Zoé"})
    assert "a1 (Aube), a2 (Brune), b1 (Corbeau), b2 (Dune)" in str(err.value) and "« Zoé »" in str(err.value)


@pytest.mark.parametrize(
    "roller, params, field",
    [
        ("dcda.confrontation", {**TEAM, "bonus_pour": "Aube,aube"}, "bonus_pour"),
        ("dcda.confrontation", {**TEAM, "bonus_pour": "a1,Aube"}, "bonus_pour"),
        ("dcda.tour", {"enseignes_interdites": "coupes,Coupes"}, "enseignes_interdites"),
        ("dcda.confrontation", {**TEAM, "enseignes_imposees": "batons,bâtons"}, "enseignes_imposees"),
    ],
)
def test_one_participant_or_suit_named_twice_is_refused(roller, params, field):
    """Issue 35 §4, « a second element is another element », in every roller: a list of names never names one twice."""
    for op in (roll, odds):
        with pytest.raises(RulesError) as err:
            op(roller, params)
        assert err.value.field == field and "nommée deux fois" in str(err.value)


# ----------------------------------------------------------------------
# 14. Forces above 10: an environment only
# ----------------------------------------------------------------------


@pytest.mark.parametrize("side", ["a", "b"])
def test_a_characters_force_above_10_is_refused_in_a_round(side):
    for op in (roll, odds):
        with pytest.raises(RulesError) as err:
            op("dcda.tour", {f"forces_{side}": "25,25,25,25"})
        assert err.value.field == f"forces_{side}"
        assert "une force de personnage va de 0 à 10" in str(err.value)
        assert "« La force de chaque enseigne de l’environnement peut monter jusqu’à 25 ! »" in str(err.value)
    r = roll("dcda.tour", {f"forces_{side}": "25,25,25,25", "environnement": side}, dice="5-batons,5-ecus")
    assert r["totaux"][side] == 30
    assert roll("dcda.tour", {f"forces_{side}": "10,10,10,10"}, dice="5-batons,5-ecus")["totaux"][side] == 15
    with pytest.raises(RulesError) as err:  # the environment is the other side
        roll("dcda.tour", {f"forces_{side}": "11,0,0,0", "environnement": "b" if side == "a" else "a"})
    assert err.value.field == f"forces_{side}"


def test_a_characters_force_above_10_is_refused_in_a_confrontation():
    for params, field in (
        ({"forces_a": "3,3,3,11"}, "forces_a"),
        ({"forces_a": "3,3,3,3", "forces_b": "12,12,12,12"}, "forces_b"),
        ({"forces_a": "3,3,3,3,3,3,3,3", "noms_a": "A1,A2", "forces_b": "3,3,3,3,3,3,3,25"}, "forces_b"),
    ):
        with pytest.raises(RulesError) as err:
            odds("dcda.confrontation", params)
        assert err.value.field == field and "seul un environnement monte jusqu’à 25" in str(err.value)
    ok = odds("dcda.confrontation", {"forces_b": "12,12,12,12", "environnement": True})
    assert ok["exact"]
    with pytest.raises(RulesError) as err:  # team A is never an environment
        odds("dcda.confrontation", {"forces_a": "12,12,12,12", "forces_b": "12,12,12,12", "environnement": True})
    assert err.value.field == "forces_a"


# ----------------------------------------------------------------------
# 6. Nocturne, the site's own example
# ----------------------------------------------------------------------


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield k
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


def test_nocturne_is_the_sites_example_in_every_answer():
    said = []
    for roller in ("dcda.tour", "dcda.confrontation"):
        said += list(_strings(call({"op": "describe", "roller": roller})))
        said += list(_strings(call({"op": "roll", "roller": roller, "seed": 2})))
        said += list(_strings(call({"op": "odds", "roller": roller})))
    text = " ".join(said)
    assert "du livre" not in text.replace("Règle", "")
    assert "PNJ d’exemple du site" in text
    default = roll("dcda.confrontation", {}, seed=1)
    assert any(
        "Nocturne, le PNJ d’exemple du site (le chapitre n’a pas de personnage d’exemple)" in n
        for n in default["notes"]
    )


def test_no_page_or_file_calls_nocturne_the_books():
    found = []
    for folder in ("docs", "hooks", "rules_py"):
        for path in (ROOT / folder).rglob("*"):
            if path.suffix in (".md", ".py", ".yml", ".js", ".html") and path.is_file():
                text = path.read_text(encoding="utf-8")
                for bad in ("PNJ du livre", "book's NPC", "NPC of the book"):
                    if bad in text:
                        found.append(f"{path.relative_to(ROOT)}: {bad}")
    assert not found, found
