"""Solaires, 3d6 « dés conservés » (chapters 000 « Résoudre une action » and
002 « Solaires - règles du jeu »): the book's worked examples, exact odds
against an independent icepool oracle, the reroll, the character points,
and the French refusals.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import icepool
import pytest
from helpers import assert_ordered_law
from hypothesis import given, settings
from hypothesis import strategies as st

import rules_py
from rules_py import RulesError, act, call, get_roller, odds, roll
from rules_py.typography import minus

ROOT = Path(__file__).resolve().parent.parent
ALTERATIONS = ("stable", "adoucie", "amplifiee", "instable")

# The result table of 000 « Altération » (same in 002 « Résolution de l'action »),
# transcribed in the book's own layout: one row per number of kept dice,
# columns Stable, Adoucie, Amplifiée, Instable.
BOOK_TABLE = {
    3: (
        "Réussite sans effet secondaire",
        "Réussite sans effet secondaire",
        "Réussite avec effet secondaire positif",
        "Réussite avec effet secondaire positif",
    ),
    2: (
        "Réussite sans effet secondaire",
        "Réussite avec contrepartie négative",
        "Réussite sans effet secondaire",
        "Réussite avec contrepartie négative",
    ),
    1: (
        "Échec sans effet secondaire",
        "Échec avec contrepartie positive",
        "Échec sans effet secondaire",
        "Échec avec contrepartie positive",
    ),
    0: (
        "Échec sans effet secondaire",
        "Échec sans effet secondaire",
        "Échec avec effet secondaire négatif",
        "Échec avec effet secondaire négatif",
    ),
}


def book(kept: int, alteration: str) -> str:
    return BOOK_TABLE[kept][ALTERATIONS.index(alteration)]


def fails(field: str, fn, *args, **kwargs) -> str:
    """Call ``fn`` and return the French message of the RulesError it must raise on ``field``."""
    with pytest.raises(RulesError) as info:
        fn(*args, **kwargs)
    assert info.value.field == field, (info.value.field, str(info.value))
    return str(info.value)


# ======================================================================
# The worked examples of the book (RULES.md table)
# ======================================================================


def test_downlink_complexe_and_interesting_success_is_difficulty_2():
    # 000 « Difficulté »: « une action Complexe (0) … la réussite est intéressante (+2) …
    # Le score de la difficulté est donc de 2 (0+2). »
    params = {"intrinseque": "complexe", "interet": "reussite-interessante", "elements": "3,2", "typique": "true"}
    res = roll("solaires.action", params, seed=7)
    assert res["difficulte"] == 2
    assert res["calcul"][0] == "Difficulté : Complexe (0) + Réussite intéressante (+2) = 2"
    assert res["score"] == 7 and res["automatique"] is True
    assert odds("solaires.action", params)["difficulte"] == 2


def test_razors_hold():
    # 000 « Un exemple »: difficulty -2 (Démentielle, Neutre), Arts martiaux (3) and
    # Muscles améliorés (2), Adoucie; dice 4, 6, 2: one die kept, « échec avec contrepartie positive ».
    res = roll(
        "solaires.action",
        {"difficulte": "-2", "elements": "3,2", "typique": "true", "alteration": "adoucie"},
        dice="4,6,2",
    )
    assert res["score"] == 3
    assert res["conserves"] == 1
    assert res["resultat"] == "Échec avec contrepartie positive"
    assert res["reussite"] is False
    assert "Score à battre : -2 + 3 + 2 = 3" in res["calcul"]
    assert res["tirage"] == [4, 6, 2]
    kept = [(d["valeur"], d["garde"], d["marque"]) for d in res["des"][0]["des"]]
    assert kept == [(4, False, "écarté"), (6, False, "écarté"), (2, True, "conservé")]


def test_razors_hold_from_the_two_scales():
    res = roll(
        "solaires.action",
        {
            "intrinseque": "dementielle",
            "interet": "neutre",
            "elements": "3,2",
            "typique": True,
            "alteration": "adoucie",
        },
        dice=[4, 6, 2],
    )
    assert (res["difficulte"], res["score"], res["conserves"]) == (-2, 3, 1)
    assert res["resultat"] == "Échec avec contrepartie positive"
    # the minus sign is set at the door (rules_py.typography.minus), as the spaces are
    assert [minus(line) for line in res["calcul"][:2]] == [
        "Difficulté : Démentielle (−2) + Neutre (0) = −2",
        "Score à battre : −2 + 3 + 2 = 3",
    ]


def test_thalos_against_lyra_is_difficulty_minus_2():
    # 000 « Règle optionnelle : Jets en opposition » and 002 « Jets en opposition »:
    # Lyra uses Art-Martiaux (3) and Agile (2): Thalos acts against a difficulty of -2.
    lyra = {"defense": "3,2", "defense_typique": True}  # Art-Martiaux is typical of a defence
    res = roll("solaires.opposition", {**lyra, "elements": "3,2", "typique": True}, dice="1,2,4")
    assert res["difficulte"] == -2
    assert res["calcul"][0] == "Difficulté : 3 - (3 + 2) = -2"
    assert res["calcul"][1] == "Score à battre : -2 + 3 + 2 = 3"
    assert res["conserves"] == 2 and res["reussite"] is True
    weak = roll("solaires.opposition", {**lyra, "elements": "2"})
    assert weak["score"] == 0 and weak["automatique"] is True and weak["reussite"] is False
    assert odds("solaires.opposition", {"defense": [3, 2], "defense_typique": True})["difficulte"] == -2


@pytest.mark.parametrize("text", ["000", "002"])
def test_space_battle_two_dice_kept_is_favourable(text):
    # 000 and 002 « Aléatoire dans l'environnement »: score 3, dice 4, 3, 1: two dice left.
    res = roll("solaires.environnement", {"preference": "neutre"}, dice="4,3,1")
    assert res["score"] == 3 and res["conserves"] == 2
    assert res["reussite"] is True and res["resultat"] == "Favorable aux joueurs"
    assert res["meme_nature"] is False and res["notes"] == []


def test_ambush_all_discarded_is_unfavourable_and_same_nature():
    # 002 « Aléatoire dans l'environnement »: score 2, dice 4, 3, 6: all discarded.
    res = roll("solaires.environnement", {"preference": "defaveur"}, dice="4,3,6")
    assert res["score"] == 2 and res["conserves"] == 0
    assert res["reussite"] is False and res["resultat"] == "Défavorable aux joueurs"
    assert res["meme_nature"] is True
    assert any("même nature" in n and "tous écartés" in n for n in res["notes"])


def test_elya_climbs():
    # 002 « Exemple »: difficulty +0 (Complexe, Neutre), Commando (3) and Muscles
    # améliorés (2), amplifiée; score 5 (0+3+2); dice 3, 6, 2: two dice left, a simple success.
    params = {"difficulte": 0, "elements": "3,2", "typique": True, "alteration": "amplifiee"}
    res = roll("solaires.action", params, dice=[3, 6, 2])
    assert res["score"] == 5 and res["conserves"] == 2
    assert res["resultat"] == "Réussite sans effet secondaire"
    assert res["reussite"] is True
    assert "Score à battre : 0 + 3 + 2 = 5" in res["calcul"]
    by_table = {k: v for k, v in params.items() if k != "difficulte"}  # the difficulty from the table, not given
    same = roll("solaires.action", {**by_table, "intrinseque": "complexe"}, dice=[3, 6, 2])
    assert same["resultat"] == res["resultat"] and same["score"] == 5


# ======================================================================
# The table, automatic results, handicap
# ======================================================================


@pytest.mark.parametrize("alteration", ALTERATIONS)
@pytest.mark.parametrize("dice,kept", [((1, 2, 3), 3), ((1, 2, 6), 2), ((1, 5, 6), 1), ((4, 5, 6), 0)])
def test_every_cell_of_the_table(alteration, dice, kept):
    res = roll("solaires.action", {"difficulte": 1, "elements": "2", "alteration": alteration}, dice=list(dice))
    assert res["score"] == 3 and res["conserves"] == kept
    assert res["resultat"] == book(kept, alteration)
    assert res["reussite"] is (kept >= 2)


def _norm(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize(
    "difficulte,elements,kept",
    [(4, "3", 3), (8, "3,3", 3), (-4, "3", 0), (-8, "1", 0), (-3, "3", 0), (3, "3", 3)],
)
@pytest.mark.parametrize("alteration", ALTERATIONS)
def test_automatic_result_rolls_no_dice_and_quotes_both_sentences(difficulte, elements, kept, alteration):
    params = {"difficulte": difficulte, "elements": elements, "typique": True, "alteration": alteration}
    res = roll("solaires.action", params)
    assert res["automatique"] is True
    assert res["tirage"] == [] and res["des"] == []
    assert res["conserves"] == kept and res["reussite"] is (kept == 3)
    assert res["resultat"] == book(kept, alteration)
    note = next(n for n in res["notes"] if n.startswith("Pas de jet"))
    chapter = _norm((ROOT / "docs/solaires/resoudre-une-action.md").read_text(encoding="utf-8"))
    quotes = re.findall(r"« ([^«»]{40,}) »", note)
    assert len(quotes) == 2
    assert all(_norm(q) in chapter for q in quotes)  # verbatim sentences of 000
    assert "Résolution de l’action" in note and "Difficulté" in note
    # the reroll is offered but refused: nothing was rolled
    offer = res["actions"][0]
    assert offer["id"] == "relancer" and offer["possible"] is False and "automatique" in offer["raison"]
    # forced dice are refused, not silently ignored
    assert fails("des", roll, "solaires.action", params, dice="1,2,3")


def test_automatic_note_says_when_the_two_sentences_disagree():
    agree = roll("solaires.action", {"difficulte": 4, "elements": "3", "alteration": "adoucie"})
    differ = roll("solaires.action", {"difficulte": 4, "elements": "3", "alteration": "amplifiee"})
    assert "même résultat" in agree["notes"][0]
    assert differ["resultat"] == "Réussite avec effet secondaire positif"
    assert "le meneur peut retenir l’autre phrase" in differ["notes"][0]


@pytest.mark.parametrize("dice", ["1,1,1", "6,6,6"])
def test_handicap_always_adds_a_negative_side_effect(dice):
    res = roll("solaires.action", {"difficulte": 0, "elements": "3", "handicap": True}, dice=dice)
    assert res["effet_handicap"] is True
    assert any("Handicap (002)" in n and "réussisse ou non" in n for n in res["notes"])
    plain = roll("solaires.action", {"difficulte": 0, "elements": "3"}, dice=dice)
    assert plain["effet_handicap"] is False and plain["notes"] == []
    # the table's words stay, and the outcome names the added harmful side effect
    assert res["resultat"].startswith(plain["resultat"]) and res["resultat"] != plain["resultat"]
    assert "effet secondaire néfaste dû au handicap" in res["resultat"]
    assert any("Handicap" in n for n in odds("solaires.action", {"elements": "3", "handicap": "true"})["notes"])


def test_a_handicapped_success_is_not_read_as_without_side_effect():
    # 002 « Handicaps »: « il déclenchera toujours un effet secondaire néfaste … Que celle-ci ait, ou non, réussi. »
    res = roll(
        "solaires.action",
        {"difficulte": 0, "elements": "3,2", "typique": True, "alteration": "amplifiee", "handicap": True},
        dice="3,6,2",
    )  # Elya's roll, with a handicap
    assert res["reussite"] is True
    assert res["resultat"] == (
        "Réussite sans effet secondaire dû à l’attitude, mais un effet secondaire néfaste dû au handicap"
    )
    failed = roll(
        "solaires.action",
        {"difficulte": -2, "elements": "3,2", "typique": True, "alteration": "adoucie", "handicap": True},
        dice="4,6,2",
    )
    assert failed["resultat"] == "Échec avec contrepartie positive, plus un effet secondaire néfaste dû au handicap"
    labels = list(odds("solaires.action", {"elements": "3", "handicap": True})["issues"])
    assert labels and all("néfaste dû au handicap" in label for label in labels)
    assert not any(label == "Réussite sans effet secondaire" for label in labels)


@pytest.mark.parametrize("alteration", ALTERATIONS)
def test_handicapped_odds_equal_the_oracle_under_their_labels(alteration):
    res = odds("solaires.action", {"difficulte": 0, "elements": "3", "alteration": alteration, "handicap": True})
    plain = odds("solaires.action", {"difficulte": 0, "elements": "3", "alteration": alteration})
    assert [Fraction(v) for v in res["exact"].values()] == list(oracle(3, alteration).values())
    assert list(res["exact"].values()) == list(plain["exact"].values())


@settings(max_examples=60, deadline=None)
@given(
    difficulte=st.integers(-8, 8),
    elements=st.lists(st.integers(1, 3), min_size=1, max_size=2),
    alteration=st.sampled_from(ALTERATIONS),
    dice=st.lists(st.integers(1, 6), min_size=3, max_size=3),
)
def test_any_roll_follows_the_rule(difficulte, elements, alteration, dice):
    score = difficulte + sum(elements)
    params = {"difficulte": difficulte, "elements": elements, "typique": True, "alteration": alteration}
    automatic = not 1 <= score <= 5
    res = roll("solaires.action", params, dice=None if automatic else dice)
    kept = (3 if score >= 6 else 0) if automatic else sum(d <= score for d in dice)
    assert (res["score"], res["conserves"], res["automatique"]) == (score, kept, automatic)
    assert res["resultat"] == book(kept, alteration)
    assert res["reussite"] is (kept >= 2)
    assert res["calcul"][1] == f"Score à battre : {' + '.join(map(str, [difficulte, *elements]))} = {score}"


# ======================================================================
# Exact odds against an independent oracle (icepool)
# ======================================================================


def oracle(score: int, alteration: str) -> dict[str, Fraction]:
    kept = 3 @ (icepool.d6 <= score)  # number of dice <= score among 3d6
    out: dict[str, Fraction] = {}
    for k in (3, 2, 1, 0):
        label = book(k, alteration)
        out[label] = out.get(label, Fraction(0)) + Fraction(kept.probability(k))
    return out


def exact(res) -> dict[str, Fraction]:
    return {k: Fraction(v) for k, v in res["exact"].items()}


def _grid():
    """Every reachable score (-7..14) with several element sets, for each altération."""
    for alteration in ALTERATIONS:
        for elements in ((1,), (3,), (3, 3), (2, 1)):
            for difficulte in range(-8, 9):
                yield difficulte, elements, alteration


def test_action_odds_equal_the_oracle_over_the_whole_grid():
    scores = set()
    for difficulte, elements, alteration in _grid():
        params = {"difficulte": difficulte, "elements": list(elements), "typique": True, "alteration": alteration}
        res = odds("solaires.action", params)
        score = difficulte + sum(elements)
        scores.add(score)
        want = oracle(score, alteration)
        assert exact(res) == want
        assert_ordered_law(res, 3 @ (icepool.d6 <= score))  # kept dice, read three ways
        assert list(res["issues"]) == list(want)  # the book's order: most dice kept first
        assert Fraction(res["reussite_exacte"]) == Fraction((3 @ (icepool.d6 <= score) >= 2).probability(True))
        assert res["automatique"] is (not 1 <= score <= 5)
        if res["automatique"]:
            assert sorted(res["exact"].values()).count("1/1") == 1
            assert any(n.startswith("Pas de jet") for n in res["notes"])
    assert scores == set(range(-7, 15))


@pytest.mark.parametrize("defense", [(1,), (3,), (3, 2), (3, 3), (1, 1)])
@pytest.mark.parametrize("elements", [(1,), (2,), (3, 2), (3, 3)])
@pytest.mark.parametrize("alteration", ALTERATIONS)
def test_opposition_odds_equal_the_oracle(defense, elements, alteration):
    params = {
        "defense": list(defense),
        "defense_typique": True,
        "elements": list(elements),
        "typique": True,
        "alteration": alteration,
    }
    res = odds("solaires.opposition", params)
    score = 3 - sum(defense) + sum(elements)
    assert res["difficulte"] == 3 - sum(defense) and res["score"] == score
    assert exact(res) == oracle(score, alteration)


@pytest.mark.parametrize("preference,score", [("defaveur", 2), ("neutre", 3), ("faveur", 4)])
def test_environment_odds_equal_the_oracle(preference, score):
    kept = 3 @ (icepool.d6 <= score)
    res = odds("solaires.environnement", {"preference": preference})
    want = [Fraction(kept.probability(k)) for k in (3, 2, 1, 0)]
    # two outcomes only: « Il n’y a pas d’autres graduations » (000)
    assert {k: Fraction(v) for k, v in res["exact"].items()} == {
        "Favorable aux joueurs": want[0] + want[1],
        "Défavorable aux joueurs": want[2] + want[3],
    }
    assert Fraction(res["reussite_exacte"]) == want[0] + want[1]
    assert Fraction(res["meme_nature_exacte"]) == want[0] + want[3]  # a note on the outcome, not an outcome
    assert_ordered_law(res, kept)  # the kept dice stay a table of dice


def _kept_at(score: int):
    return lambda t: sum(v <= score for v in t)


def test_enumerated_pool_agrees_with_the_closed_form():
    # a second oracle, by icepool's pool of 3d6: every sorted roll, count the dice <= score
    rolls = icepool.d6.pool(3).expand()
    for score in range(-2, 9):
        kept = rolls.map(_kept_at(score), star=False)
        assert [Fraction(kept.probability(k)) for k in range(4)] == [
            Fraction(c, 216) for c in rules_py.solaires.kept_counts(score)
        ]


# ======================================================================
# Relancer un dé (002 « Utilisations »: two character points a die)
# ======================================================================

RAZORS = {"difficulte": -2, "elements": "3,2", "typique": True, "alteration": "adoucie"}


def test_reroll_costs_two_points_and_a_rerolled_die_may_be_rerolled():
    first = roll("solaires.action", {**RAZORS, "points": 4}, dice="4,6,2")
    assert first["points"] == 4 and first["actions"][0]["possible"] is True
    # the state travels through JSON (the browser sends it back)
    state = json.loads(json.dumps(first["etat"]))
    second = act("solaires.action", "relancer", state, {"de": "1"}, dice="5")
    assert second["points"] == 2
    assert second["etat"]["des"] == [5, 6, 2] and second["tirage"] == [5]
    assert second["conserves"] == 1 and second["resultat"] == "Échec avec contrepartie positive"
    assert second["des"][1]["des"][0]["valeur"] == 4  # the replaced die is shown
    assert second["des"][0]["des"][0] == {"valeur": 5, "faces": 6, "garde": False, "marque": "écarté (relancé)"}
    assert second["des"][1]["des"][0]["marque"] == "remplacé"
    assert any(line.startswith("Relance du dé 1 : 4 → 5") for line in second["calcul"])
    third = act("solaires.action", "relancer", second["etat"], {"de": 1}, dice=[3])
    assert third["points"] == 0 and third["etat"]["des"] == [3, 6, 2]
    assert third["conserves"] == 2 and third["resultat"] == "Réussite avec contrepartie négative"
    assert third["reussite"] is True
    offer = third["actions"][0]
    assert offer["possible"] is False and "il en reste 0" in offer["raison"]
    message = fails("points", act, "solaires.action", "relancer", third["etat"], {"de": 2}, dice=[1])
    assert "coûte 2" in message and "reste 0" in message


def test_reroll_refused_below_two_points():
    res = roll("solaires.action", {**RAZORS, "points": 1}, dice="4,6,2")
    assert res["actions"][0]["possible"] is False
    assert fails("points", act, "solaires.action", "relancer", res["etat"], {"de": 1}, dice=[1])


def test_reroll_refused_when_no_dice_were_rolled():
    res = roll("solaires.action", {"difficulte": 5, "elements": "3"})
    message = fails("de", act, "solaires.action", "relancer", res["etat"], {"de": 1})
    assert "aucun dé" in message


def test_reroll_in_an_opposition_keeps_the_defense():
    res = roll("solaires.opposition", {"defense": "1", "elements": "2", "points": 2}, dice="6,6,1")
    assert res["score"] == 4 and res["conserves"] == 1
    again = act("solaires.opposition", "relancer", res["etat"], {"de": 2}, dice="4")
    assert again["conserves"] == 2 and again["reussite"] is True and again["points"] == 0
    assert again["calcul"][0] == "Difficulté : 3 - (1) = 2"
    assert again["parametres"]["defense"] == [1]
    # a defense that does not give the difficulty is a forgery
    forged = {**res["etat"], "difficulte": 1, "score": 3}
    assert "3 moins les éléments de l’autre personnage" in fails(
        "etat", act, "solaires.opposition", "relancer", forged, {"de": 1}, dice="1"
    )
    # an opposition's state is not an action's, and the other way round
    assert fails("etat", act, "solaires.action", "relancer", res["etat"], {"de": 1}, dice="1")
    plain = roll("solaires.action", RAZORS, dice="4,6,2")
    assert fails("etat", act, "solaires.opposition", "relancer", plain["etat"], {"de": 1}, dice="1")


def test_reroll_parameter_is_checked():
    res = roll("solaires.action", RAZORS, dice="4,6,2")
    for bad in (0, 4, "premier"):
        assert "(de)" in fails("de", act, "solaires.action", "relancer", res["etat"], {"de": bad}, dice="1")
    assert fails("de", act, "solaires.action", "relancer", res["etat"], {}, dice="1")


def _forgeries():
    good = roll("solaires.action", {**RAZORS, "points": 4}, dice="4,6,2")["etat"]
    scaled = roll(
        "solaires.action",
        {"intrinseque": "ardue", "interet": "neutre", "elements": "1", "points": 2},
        dice="1,2,3",
    )["etat"]
    yield {**good, "points": 100}
    yield {**good, "points": "4"}
    yield {**good, "points": True}
    yield {**good, "des": [4, 6, 7]}
    yield {**good, "des": [4, 6]}
    yield {**good, "des": []}
    yield {**good, "des": "4,6,2"}
    yield {**good, "score": 6}
    yield {**good, "score": None}
    yield {**good, "difficulte": 9}
    yield {**good, "elements": [3, 4]}
    yield {**good, "elements": [3, 2, 1]}
    yield {**good, "typique": False}
    yield {**good, "typique": "true"}
    yield {**good, "alteration": "chaotique"}
    yield {**good, "handicap": None}
    yield {**good, "defense": [3]}
    yield {**scaled, "difficulte": 4, "score": 5}
    yield {**scaled, "intrinseque": "facile"}
    yield {k: v for k, v in good.items() if k != "alteration"}
    yield {}


@pytest.mark.parametrize("state", list(_forgeries()))
def test_forged_state_is_refused(state):
    message = fails("etat", act, "solaires.action", "relancer", state, {"de": 1}, dice="1")
    assert message.startswith("État (etat) :")


def test_forged_state_through_the_json_entry_point():
    for state in (None, [1, 2], "etat", {"points": 2}):
        answer = call(
            {"op": "action", "roller": "solaires.action", "action": "relancer", "state": state, "params": {"de": 1}}
        )
        assert answer["ok"] is False and answer["field"] == "etat"


@settings(max_examples=30, deadline=None)
@given(
    points=st.integers(0, 12),
    first=st.lists(st.integers(1, 6), min_size=3, max_size=3),
    rerolls=st.lists(st.tuples(st.integers(1, 3), st.integers(1, 6)), max_size=8),
)
def test_reroll_chain_tracks_points(points, first, rerolls):
    res = roll(
        "solaires.action", {"difficulte": 0, "elements": "3", "alteration": "instable", "points": points}, dice=first
    )
    dice = list(first)
    for which, value in rerolls:
        if res["points"] < 2:
            fails("points", act, "solaires.action", "relancer", res["etat"], {"de": which}, dice=[value])
            break
        before = res["points"]
        res = act("solaires.action", "relancer", json.loads(json.dumps(res["etat"])), {"de": which}, dice=[value])
        dice[which - 1] = value
        assert res["points"] == before - 2
        assert res["etat"]["des"] == dice
        kept = sum(d <= 3 for d in dice)
        assert res["conserves"] == kept and res["resultat"] == book(kept, "instable")
        assert res["actions"][0]["possible"] is (res["points"] >= 2)


# ======================================================================
# solaires.points (002 « Points de personnage »)
# ======================================================================


def test_points_start_at_two_of_two():
    res = roll("solaires.points")
    assert (res["points"], res["maximum"]) == (2, 2)
    offers = {a["id"]: a for a in res["actions"]}
    assert offers["fin_scene"]["possible"] is False and "maximum" in offers["fin_scene"]["raison"]
    assert offers["fin_episode"]["possible"] is True and offers["depenser"]["possible"] is True
    uses = {u["valeur"]: (u["libelle"], u["cout_min"], u["possible"]) for u in offers["depenser"]["utilisations"]}
    assert uses == {
        "description-consequences": ("Description des conséquences d’une action", 1, True),
        "modification-cosmetique": ("Modification cosmétique", 1, True),
        "relancer-de": ("Relancer un dé", 2, True),
        "lien-element": ("Lien d’élément scénaristique", 2, True),
        "creation-element": ("Création d’élément scénaristique", 3, False),
        "flashback": ("Flashback", 2, True),
        "evenement-inattendu": ("Événement inattendu", 4, False),
        "question-meneur": ("Question au meneur", 2, True),
    }
    res = odds("solaires.points")
    assert res["issues"] == {} and res["reussite"] is None and res["notes"]


def test_end_of_scene_never_goes_above_the_maximum():
    res = act("solaires.points", "fin_scene", {"points": 0, "maximum": 2})
    assert res["points"] == 1
    res = act("solaires.points", "fin_scene", res["etat"])
    assert res["points"] == 2
    offer = next(o for o in res["actions"] if o["id"] == "fin_scene")
    assert offer["possible"] is False and "Déjà au maximum (2)" in offer["raison"]
    # offered as impossible, it is refused when called anyway
    with pytest.raises(RulesError) as err:
        act("solaires.points", "fin_scene", res["etat"])
    assert "déjà au maximum (2)" in str(err.value)
    # points above the maximum are refused, as a parameter and in a state
    with pytest.raises(RulesError) as err:
        roll("solaires.points", {"points": 5, "maximum": 2})
    assert err.value.field == "points" and "au plus le maximum de points, soit 2" in str(err.value)
    with pytest.raises(RulesError):
        act("solaires.points", "fin_scene", {"points": 5, "maximum": 3})


def test_spending_with_no_point_left_is_refused():
    res = roll("solaires.points", {"points": 0, "maximum": 2})
    offer = next(o for o in res["actions"] if o["id"] == "depenser")
    assert offer["possible"] is False
    with pytest.raises(RulesError) as err:
        act("solaires.points", "depenser", res["etat"], {"utilisation": "flashback", "cout": 0})
    assert err.value.field in ("utilisation", "cout")


def test_end_of_episode_raises_the_maximum_and_gives_two_points():
    res = act("solaires.points", "fin_episode", {"points": 0, "maximum": 2})
    assert (res["points"], res["maximum"]) == (2, 3)
    res = act("solaires.points", "fin_episode", res["etat"])
    assert (res["points"], res["maximum"]) == (4, 4)
    res = act("solaires.points", "fin_episode", {"points": 3, "maximum": 3})
    assert (res["points"], res["maximum"]) == (4, 4)  # capped at the new maximum
    assert fails("maximum", act, "solaires.points", "fin_episode", {"points": 1, "maximum": 99})


def test_spending_points():
    res = act("solaires.points", "depenser", {"points": 4, "maximum": 4}, {"utilisation": "evenement-inattendu"})
    assert res["points"] == 0
    assert any("veto" in n for n in res["notes"])
    res = act("solaires.points", "depenser", {"points": 4, "maximum": 4}, {"utilisation": "flashback", "cout": "3"})
    assert res["points"] == 1
    assert "(cout)" in fails(
        "cout",
        act,
        "solaires.points",
        "depenser",
        {"points": 4, "maximum": 4},
        {"utilisation": "creation-element", "cout": 2},
    )
    message = fails(
        "utilisation",
        act,
        "solaires.points",
        "depenser",
        {"points": 1, "maximum": 2},
        {"utilisation": "question-meneur"},
    )
    assert "il n’en reste que 1" in message
    assert fails(
        "cout",
        act,
        "solaires.points",
        "depenser",
        {"points": 3, "maximum": 3},
        {"utilisation": "modification-cosmetique", "cout": 4},
    )
    assert fails("utilisation", act, "solaires.points", "depenser", {"points": 3, "maximum": 3}, {})
    assert fails(
        "utilisation", act, "solaires.points", "depenser", {"points": 3, "maximum": 3}, {"utilisation": "pizza"}
    )
    empty = act("solaires.points", "depenser", {"points": 1, "maximum": 2}, {"utilisation": "description-consequences"})
    assert empty["points"] == 0
    assert {a["id"]: a["possible"] for a in empty["actions"]}["depenser"] is False


@pytest.mark.parametrize(
    "state",
    [
        {"points": -1, "maximum": 2},
        {"points": 2, "maximum": 1},
        {"points": 2},
        {"points": 2.5, "maximum": 2},
        {"points": "2", "maximum": 2},
        {"points": 2, "maximum": 100},
    ],
)
def test_points_state_is_rechecked(state):
    assert fails("etat", act, "solaires.points", "fin_scene", state)


# ======================================================================
# Validation: one French sentence naming the field
# ======================================================================


@pytest.mark.parametrize(
    "params,field,words",
    [
        ({"elements": "3,2"}, "elements", "typique"),
        ({"elements": "4"}, "elements", "de 1 à 3"),
        ({"elements": "3,2,1", "typique": True}, "elements", "de 1 à 2 entiers"),
        ({"elements": "trois"}, "elements", "(elements)"),
        ({"difficulte": 9}, "difficulte", "de -8 à 8"),
        ({"difficulte": "2.5"}, "difficulte", "(difficulte)"),
        ({"difficulte": -2, "intrinseque": "ardue"}, "difficulte", "pas les deux"),
        ({"difficulte": -2, "interet": "devrait-echouer"}, "difficulte", "pas les deux"),
        ({"intrinseque": "facile"}, "intrinseque", "simple, ardue, complexe, dementielle, insensee"),
        ({"interet": "0"}, "interet", "(interet)"),
        ({"alteration": "chaotique"}, "alteration", "stable, adoucie, amplifiee, instable"),
        ({"typique": "peut-etre"}, "typique", "(typique)"),
        ({"handicap": 2}, "handicap", "(handicap)"),
        ({"points": -1}, "points", "de 0 à 99"),
        ({"couleur": "rouge"}, "couleur", "Paramètre inconnu"),
    ],
)
def test_bad_action_input_is_one_french_sentence(params, field, words):
    message = fails(field, roll, "solaires.action", params)
    assert words in message
    assert message.endswith(".") and "Traceback" not in message
    assert fails(field, odds, "solaires.action", params) == message


def test_bad_opposition_and_points_input():
    assert "(defense)" in fails("defense", roll, "solaires.opposition", {"defense": "4"})
    assert "(defense)" in fails("defense", roll, "solaires.opposition", {"defense": "3,2,1"})
    assert "typique" in fails("elements", roll, "solaires.opposition", {"elements": "3,2"})
    assert fails("difficulte", roll, "solaires.opposition", {"difficulte": 0})  # no such parameter here
    assert "de 2 à 99" in fails("maximum", roll, "solaires.points", {"maximum": 1})
    assert fails("des", roll, "solaires.action", {"difficulte": 0, "elements": "3"}, dice="1,2")
    assert fails("des", roll, "solaires.action", {"difficulte": 0, "elements": "3"}, dice="1,2,7")


def test_describe_keeps_the_public_contract():
    action = get_roller("solaires.action").describe()
    names = [p["nom"] for p in action["parametres"]]
    assert names == ["difficulte", "intrinseque", "interet", "elements", "typique", "alteration", "handicap", "points"]
    by_name = {p["nom"]: p for p in action["parametres"]}
    assert "altération (000) / attitude (002)" in by_name["alteration"]["libelle"].lower()
    assert {c["valeur"]: c["nombre"] for c in by_name["intrinseque"]["choix"]} == {
        "simple": 4,
        "ardue": 2,
        "complexe": 0,
        "dementielle": -2,
        "insensee": -4,
    }
    assert {c["valeur"]: c["nombre"] for c in by_name["interet"]["choix"]} == {
        "devrait-reussir": 4,
        "reussite-interessante": 2,
        "neutre": 0,
        "echec-interessant": -2,
        "devrait-echouer": -4,
    }
    assert [c["libelle"] for c in by_name["interet"]["choix"]][1] == "Réussite intéressante (+2)"
    assert by_name["points"]["defaut"] == 2 and by_name["alteration"]["defaut"] == "stable"
    assert [a["id"] for a in action["actions"]] == ["relancer", "veto"]
    assert [p["nom"] for p in get_roller("solaires.opposition").describe()["parametres"]][:2] == [
        "defense",
        "defense_typique",
    ]
    assert [a["id"] for a in get_roller("solaires.points").describe()["actions"]] == [
        "fin_scene",
        "fin_episode",
        "depenser",
        "veto",
    ]
    assert [r.id for r in rules_py.solaires.ROLLERS] == [
        "solaires.action",
        "solaires.opposition",
        "solaires.environnement",
        "solaires.points",
    ]


# ======================================================================
# The JSON entry point and the command line
# ======================================================================


def test_json_entry_point_replays_razors_and_rerolls():
    answer = call(
        {
            "op": "roll",
            "roller": "solaires.action",
            "dice": [4, 6, 2],
            "params": {"difficulte": -2, "elements": [3, 2], "typique": True, "alteration": "adoucie", "points": 2},
        }
    )
    assert answer["ok"] is True
    res = answer["result"]
    assert res["resultat"] == "Échec avec contrepartie positive" and res["parametres"]["elements"] == [3, 2]
    text = rules_py.call_json(
        json.dumps(
            {
                "op": "action",
                "roller": "solaires.action",
                "action": "relancer",
                "state": res["etat"],
                "params": {"de": 2},
                "dice": "1",
            }
        )
    )
    again = json.loads(text)["result"]
    assert again["conserves"] == 2 and again["points"] == 0
    bad = call({"op": "roll", "roller": "solaires.action", "params": {"elements": "3,2"}})
    assert bad["ok"] is False and bad["field"] == "elements"
    odd = call(
        {"op": "odds", "roller": "solaires.action", "params": {"difficulte": -2, "elements": "3,2", "typique": "true"}}
    )
    # score 3, stable: two or three of 3d6 at most 3, (3 + 1) / 8
    assert odd["ok"] and odd["result"]["exact"] == {
        "Réussite sans effet secondaire": "1/2",
        "Échec sans effet secondaire": "1/2",
    }


def _cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "rules_py", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        input=stdin,
        timeout=60,
    )


def test_cli_replays_the_razors_example_and_rerolls(tmp_path):
    out = _cli(
        "roll",
        "solaires.action",
        "difficulte=-2",
        "elements=3,2",
        "typique=true",
        "alteration=adoucie",
        "--dice",
        "4,6,2",
        "--json",
    )
    assert out.returncode == 0, out.stderr
    res = json.loads(out.stdout)
    assert (res["score"], res["conserves"], res["resultat"]) == (3, 1, "Échec avec contrepartie positive")
    state = tmp_path / "etat.json"
    state.write_text(out.stdout, encoding="utf-8")  # a whole previous result is accepted
    again = _cli("action", "solaires.action", "relancer", "--state", str(state), "de=1", "--dice", "1", "--json")
    assert again.returncode == 0, again.stderr
    assert json.loads(again.stdout)["resultat"] == "Réussite avec contrepartie négative"


def test_cli_refuses_bad_input_in_french():
    out = _cli("roll", "solaires.action", "elements=3,2", "--json")
    assert out.returncode == 2 and out.stdout == ""
    assert "Scores des éléments (elements)" in out.stderr and "typique" in out.stderr
    odds_text = _cli("odds", "solaires.action", "difficulte=0", "elements=3")
    assert odds_text.returncode == 0 and "Chances de réussite, en tout\u00a0: 50,00 %\n" in odds_text.stdout


def test_opposition_gives_the_aggressors_result_and_leaves_the_rest_to_the_table():
    lyra = {"defense": "3,2", "defense_typique": True, "elements": "3,2", "typique": True}
    won = roll("solaires.opposition", lyra, dice="1,2,4")
    lost = roll("solaires.opposition", lyra, dice="5,6,4")
    assert won["resultat"] == "Réussite sans effet secondaire" and won["reussite"] is True
    assert lost["resultat"] == "Échec sans effet secondaire" and lost["reussite"] is False
    for res in (won, lost):
        assert "gagnant" not in res  # the book makes nobody win: the table decides
        said = " ".join([res["resultat"], *res["calcul"], *res["notes"]])
        assert "défenseur" not in said and "l’emporte" not in said
        assert any(
            "« Les joueurs et le meneur peuvent ensuite décider que si Thalos réussit, il blesse ou neutralise Lyra "
            "et qu’en revanche, s’il échoue, c’est Lyra qui blesse ou neutralise son opposant »" in n
            for n in res["notes"]
        )
    described = get_roller("solaires.opposition").describe()
    words = " ".join([described["resume"], *(p["libelle"] + p.get("aide", "") for p in described["parametres"])])
    assert "défenseur" not in words and "l’autre personnage" in words


def test_the_other_characters_second_element_needs_a_typical_action():
    # the audit's roll: defense=3,2 without typicality was accepted, the aggressor's was not
    for op in (roll, odds):
        with pytest.raises(RulesError) as err:
            op("solaires.opposition", {"defense": "3,2"})
        assert err.value.field == "defense"
        assert "Éléments engagés par l’autre personnage (defense) : un second élément n’est permis que si" in str(
            err.value
        )
    ok = roll("solaires.opposition", {"defense": "3,2", "defense_typique": True, "elements": "3"}, dice="1,1,1")
    assert ok["difficulte"] == -2 and ok["etat"]["defense_typique"] is True
    # a forged state cannot bring the second element back without its typicality
    forged = {**ok["etat"], "defense_typique": False}
    assert fails("etat", act, "solaires.opposition", "relancer", forged, {"de": 1}, dice="1")
