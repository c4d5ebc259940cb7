"""Solaires after the second audit (RULES.md, « Decisions after the second audit »): the veto on a use of
character points (and on a reroll), altering the character while spending, and the environment roll's two
outcomes. (The other character's elements in an opposition: tests/test_solaires.py.)"""

from __future__ import annotations

from fractions import Fraction

import icepool
import pytest

from rules_py import RulesError, act, call, odds, roll

VETO = "« le joueur récupère son point si un veto est utilisé »"


def offer(result: dict, action: str) -> dict:
    return next(o for o in result["actions"] if o["id"] == action)


# ----------------------------------------------------------------------
# Veto (002, « Coût et veto »)
# ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "use, cost",
    [("description-consequences", 1), ("modification-cosmetique", 1), ("relancer-de", 2), ("question-meneur", 2)],
)
def test_a_veto_after_a_use_gives_its_points_back_once(use, cost):
    start = roll("solaires.points", {"points": 3, "maximum": 3})
    assert offer(start, "veto")["possible"] is False  # nothing to undo yet
    spent = act("solaires.points", "depenser", start["etat"], {"utilisation": use})
    assert spent["points"] == 3 - cost and spent["depense"] == {
        "utilisation": use,
        "cout": cost,
        "alteration_personnage": 0,
    }
    assert any(VETO in n for n in spent["notes"])
    veto = offer(spent, "veto")
    assert veto["possible"] and veto["libelle"].startswith("Veto sur «")
    back = act("solaires.points", "veto", spent["etat"])
    assert back["points"] == 3 and back["annule"] == {"utilisation": use, "cout": cost}
    assert any(VETO in n for n in back["notes"])
    assert offer(back, "veto")["possible"] is False  # once
    with pytest.raises(RulesError) as err:
        act("solaires.points", "veto", back["etat"])
    assert err.value.field == "action" and "une seule fois" in str(err.value)


def test_a_veto_follows_the_use_at_once():
    spent = act("solaires.points", "depenser", {"points": 2, "maximum": 3}, {"utilisation": "flashback"})
    later = act("solaires.points", "fin_scene", spent["etat"])
    assert later["points"] == 1 and offer(later, "veto")["possible"] is False
    with pytest.raises(RulesError):
        act("solaires.points", "veto", later["etat"])


@pytest.mark.parametrize(
    "veto",
    [
        {"utilisation": "inconnue", "cout": 1},
        {"utilisation": "flashback", "cout": 1},  # below the book's minimum
        {"utilisation": "flashback", "cout": 3},  # 1 + 3 above the maximum
        {"cout": 2},
        "flashback",
    ],
)
def test_a_forged_veto_is_refused(veto):
    answer = call(
        {
            "op": "action",
            "roller": "solaires.points",
            "action": "veto",
            "state": {"points": 1, "maximum": 3, "veto": veto},
        }
    )
    assert answer["ok"] is False and answer["field"] == "etat"


def test_a_veto_on_a_reroll_brings_the_die_and_the_points_back_once():
    first = roll("solaires.action", {"elements": "3"}, dice="4,6,2")
    assert offer(first, "veto")["possible"] is False
    rerolled = act("solaires.action", "relancer", first["etat"], {"de": 2}, dice="1")
    assert rerolled["reussite"] is True and rerolled["points"] == 0
    veto = offer(rerolled, "veto")
    assert veto["possible"] and veto["libelle"] == "Veto sur la relance : rendre 2 points"
    back = act("solaires.action", "veto", rerolled["etat"])
    assert back["tirage"] == [] and back["points"] == 2 and back["reussite"] is False
    assert [d["valeur"] for d in back["des"][0]["des"]] == [4, 6, 2]
    assert "Veto sur la relance du dé 2 : 1 → 6 (2 points de personnage rendus, il en a 2)" in back["calcul"]
    assert any(VETO in n for n in back["notes"])
    assert offer(back, "veto")["possible"] is False and offer(back, "relancer")["possible"] is True
    with pytest.raises(RulesError):
        act("solaires.action", "veto", back["etat"])
    # the same in an opposition
    opp = roll("solaires.opposition", {"defense": "1", "elements": "2"}, dice="6,6,1")
    again = act("solaires.opposition", "relancer", opp["etat"], {"de": 1}, dice="3")
    assert act("solaires.opposition", "veto", again["etat"])["etat"]["des"] == [6, 6, 1]


@pytest.mark.parametrize(
    "forge",
    [
        lambda s: {**s, "avant": {"des": [4, 6, 2], "points": 3, "de": 2}},  # points that were not spent
        lambda s: {**s, "avant": {"des": [5, 5, 2], "points": 2, "de": 2}},  # two dice changed
        lambda s: {**s, "avant": {"des": [4, 6, 2], "points": 2, "de": 7}},
        lambda s: {**s, "avant": [4, 6, 2]},
    ],
)
def test_a_forged_reroll_veto_is_refused(forge):
    first = roll("solaires.action", {"elements": "3"}, dice="4,6,2")
    rerolled = act("solaires.action", "relancer", first["etat"], {"de": 2}, dice="1")
    answer = call({"op": "action", "roller": "solaires.action", "action": "veto", "state": forge(rerolled["etat"])})
    assert answer["ok"] is False and answer["field"] == "etat"


# ----------------------------------------------------------------------
# Altering the character while spending (002, « Coût et veto »)
# ----------------------------------------------------------------------


@pytest.mark.parametrize("use, minimum", [("lien-element", 2), ("creation-element", 3), ("flashback", 2)])
@pytest.mark.parametrize("altering", [1, 2])
def test_altering_the_character_adds_one_or_two_points(use, minimum, altering):
    state = {"points": 9, "maximum": 9}
    r = act("solaires.points", "depenser", state, {"utilisation": use, "alteration_personnage": altering})
    assert r["points"] == 9 - minimum - altering
    assert r["depense"] == {"utilisation": use, "cout": minimum + altering, "alteration_personnage": altering}
    assert f"Coût : {minimum} + {altering} (altération du personnage) = {minimum + altering}" in r["calcul"]
    assert any("« le coût devra alors être augmenté d’un ou deux points de personnage »" in n for n in r["notes"])
    # a veto gives the whole cost back
    assert act("solaires.points", "veto", r["etat"])["points"] == 9
    # the meneur may raise the cost too: the raise and the alteration add up
    raised = act(
        "solaires.points", "depenser", state, {"utilisation": use, "cout": 4, "alteration_personnage": altering}
    )
    assert raised["points"] == 9 - 4 - altering


@pytest.mark.parametrize(
    "use",
    ["description-consequences", "modification-cosmetique", "relancer-de", "evenement-inattendu", "question-meneur"],
)
def test_only_a_link_a_creation_and_a_flashback_may_alter_the_character(use):
    with pytest.raises(RulesError) as err:
        act(
            "solaires.points", "depenser", {"points": 9, "maximum": 9}, {"utilisation": use, "alteration_personnage": 1}
        )
    assert err.value.field == "alteration_personnage"
    assert (
        "« seul le lien d’élément scénaristique, la création d’élément scénaristique et le flashback permettent cela »"
        in (str(err.value))
    )


def test_altering_the_character_is_paid_like_any_cost():
    with pytest.raises(RulesError) as err:
        act(
            "solaires.points",
            "depenser",
            {"points": 3, "maximum": 3},
            {"utilisation": "flashback", "alteration_personnage": 2},
        )
    assert err.value.field == "utilisation" and "coûte 4 points, il n’en reste que 3" in str(err.value)
    with pytest.raises(RulesError) as err:
        act(
            "solaires.points",
            "depenser",
            {"points": 3, "maximum": 3},
            {"utilisation": "flashback", "alteration_personnage": 3},
        )
    assert err.value.field == "alteration_personnage"


# ----------------------------------------------------------------------
# The environment roll has two outcomes (000: « Il n’y a pas d’autres graduations »)
# ----------------------------------------------------------------------


@pytest.mark.parametrize("preference, score", [("defaveur", 2), ("neutre", 3), ("faveur", 4)])
def test_the_environment_odds_show_two_outcomes(preference, score):
    res = odds("solaires.environnement", {"preference": preference})
    assert list(res["issues"]) == ["Favorable aux joueurs", "Défavorable aux joueurs"]
    kept = 3 @ (icepool.d6 <= score)
    assert Fraction(res["exact"]["Favorable aux joueurs"]) == kept.probability(2) + kept.probability(3)
    assert any("« Il n’y a pas d’autres graduations »" in n for n in res["notes"])
    assert res["echelle"]["titre"] == "Dés conservés"  # the kept-dice table stays, a table of dice


@pytest.mark.parametrize("dice, outcome, nature", [("4,3,6", "Défavorable aux joueurs", "tous écartés"),
                                                   ("1,2,2", "Favorable aux joueurs", "tous conservés")])  # fmt: skip
def test_three_dice_of_the_same_nature_are_a_note_on_the_outcome(dice, outcome, nature):
    r = roll("solaires.environnement", {"preference": "defaveur"}, dice=dice)
    assert r["resultat"] == outcome and r["meme_nature"] is True
    note = next(n for n in r["notes"] if "même nature" in n)
    assert nature in note
    assert "« Le meneur peut aussi ajouter des effets supplémentaires si les trois dés sont de même nature »" in note
    plain = roll("solaires.environnement", {"preference": "defaveur"}, dice="1,3,6")
    assert plain["notes"] == [] and plain["meme_nature"] is False
