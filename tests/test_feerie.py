"""Système Féerie, chapter 001 (« Actions », « Actions collaboratives », « Actions en opposition »).

The exact odds are checked against an independent oracle (icepool) over whole
parameter grids; rolls are replayed with forced dice. Chapter 001 has no
worked example with dice, so the rolls below replay the rules of its
« Résumé » and « Conséquences de l’action » sections.
"""

from __future__ import annotations

from fractions import Fraction

import icepool
import pytest
from helpers import assert_ordered_law, assert_refused_naming

from rules_py import RulesError, odds, roll
from rules_py.api import get_roller
from rules_py.feerie.words import MISSED, MISSED_TIE, SIDE_EFFECT_NOTE

EFFORT = icepool.d6.map(lambda v: 1 if v >= 4 else 0)
BONUS = {"connexe": 0, "typique": 1, "specifique": 2}
SHIFT = {"reussite": -1, "neutre": 0, "echec": 1}


def oracle_difference(n: int, m: int) -> icepool.Die:
    return (n @ EFFORT) - (m @ EFFORT)


def exact(answer: dict, label: str) -> Fraction:
    return Fraction(answer["exact"][label])


def prob(die: icepool.Die, predicate) -> Fraction:
    return sum((die.probability(o) for o in die.outcomes() if predicate(o)), Fraction(0))


def check_players_vs_gm(answer: dict, n: int, m: int) -> None:
    diff = oracle_difference(n, m)
    # « rate complètement »: no effort among the players' dice, whatever the GM's (a 0-0 tie included)
    players, gm = n @ EFFORT, m @ EFFORT
    miss = players.probability(0) * (1 - gm.probability(0))
    miss_tie = players.probability(0) * gm.probability(0)
    assert exact(answer, "Réussite avec plusieurs efforts excédentaires") == prob(diff, lambda d: d >= 2)
    assert exact(answer, "Réussite") == prob(diff, lambda d: d == 1)
    assert exact(answer, "Échec par égalité") == prob(diff, lambda d: d == 0) - miss_tie
    assert exact(answer, MISSED_TIE) == miss_tie
    assert exact(answer, MISSED) == miss
    assert exact(answer, "Échec") == prob(diff, lambda d: d < 0) - miss
    assert sum(Fraction(v) for v in answer["exact"].values()) == 1
    assert Fraction(answer["reussite_exacte"]) == prob(diff, lambda d: d >= 1)
    assert_ordered_law(answer, diff)  # the margin of efforts, read three ways


# ----------------------------------------------------------------------
# Exact odds against icepool
# ----------------------------------------------------------------------


def test_action_odds_match_icepool_over_the_grid():
    for element in range(7):
        for difficulte in range(8):
            for pertinence, bonus in BONUS.items():
                for interet, shift in SHIFT.items():
                    answer = odds(
                        "feerie.action",
                        dict(element=element, pertinence=pertinence, difficulte=difficulte, interet=interet),
                    )
                    check_players_vs_gm(answer, element + bonus, max(0, difficulte + shift))


@pytest.mark.parametrize("assistants", ["", "0", "1", "2", "3,2", "5,5,5", "1,1,1,1,1,1", "10,9,8,7,6,5"])
@pytest.mark.parametrize("one_die", [False, True])
def test_collaboration_odds_match_icepool(assistants, one_die):
    cap = 1 if one_die else 2
    helpers = sum(min((int(a) + 1) // 2, cap) for a in assistants.split(",") if a)
    for element in (0, 2, 5):
        for difficulte in (0, 3, 7):
            answer = odds(
                "feerie.collaboration",
                dict(
                    element=element,
                    pertinence="typique",
                    difficulte=difficulte,
                    assistants=assistants,
                    un_de_par_assistant=one_die,
                ),
            )
            check_players_vs_gm(answer, element + 1 + helpers, difficulte)


def test_opposition_odds_match_icepool():
    for des_a in (0, 1, 3, 5):
        for des_b in (0, 2, 4, 6):
            for assistants_b in ("", "4,1"):
                for avantage in (0, 1, 2):
                    for camp in ("a", "b"):
                        answer = odds(
                            "feerie.opposition",
                            dict(
                                des_a=des_a,
                                des_b=des_b,
                                assistants_b=assistants_b,
                                avantage=avantage,
                                avantage_camp=camp,
                            ),
                        )
                        n = des_a + (avantage if camp == "a" else 0)
                        m = des_b + (3 if assistants_b else 0) + (avantage if camp == "b" else 0)
                        diff = oracle_difference(n, m)
                        assert exact(answer, "Le camp A l’emporte") == prob(diff, lambda d: d > 0)
                        assert exact(answer, "Échec mutuel ou blocage (le meneur choisit)") == prob(
                            diff, lambda d: d == 0
                        )
                        assert exact(answer, "Le camp B l’emporte") == prob(diff, lambda d: d < 0)
                        assert_ordered_law(answer, diff)


# ----------------------------------------------------------------------
# Rolls (forced dice)
# ----------------------------------------------------------------------


def test_action_success_needs_strictly_more_efforts_and_flags_a_tie():
    # element 2 + typique 1 = 3 dice; difficulty 2; player 4,1,2 (1 effort), GM 5,3 (1 effort): tie
    r = roll("feerie.action", dict(element=2, pertinence="typique", difficulte=2), dice="4,1,2,5,3")
    assert r["efforts_joueur"] == 1 and r["efforts_meneur"] == 1
    assert r["reussite"] is False
    assert r["resultat"].startswith("Échec par égalité")
    assert any("égalité" in n for n in r["notes"])
    assert [d["garde"] for d in r["des"][0]["des"]] == [True, False, False]
    assert r["des"][0]["des"][0]["marque"] == "effort"


def test_action_success_by_two_flags_a_side_effect_with_no_direction():
    r = roll("feerie.action", dict(element=3, pertinence="connexe", difficulte=1), dice="4,5,6,1")
    assert r["reussite"] is True and r["excedent"] == 3
    assert r["resultat"] == "Réussite avec plusieurs efforts excédentaires : le meneur peut ajouter un effet secondaire"
    assert r["notes"]


@pytest.mark.parametrize(
    "params, dice, outcome",
    [
        (dict(element=3, difficulte=1), "4,5,6,1", "Réussite avec plusieurs efforts excédentaires"),
        (dict(element=2, pertinence="typique", difficulte=2), "4,1,2,5,3", "Échec par égalité"),
        (dict(element=2, difficulte=2), "1,2,5,3", MISSED),  # « rate complètement »
        (dict(element=0, difficulte=1), "6", MISSED),
        (dict(element=2, difficulte=2), "1,2,3,1", MISSED_TIE),
    ],
)
def test_the_books_side_effect_cases_carry_no_invented_direction(params, dice, outcome):
    # 001: the meneur « peut aussi choisir d'ajouter des effets secondaires si l'action échoue avec une
    # égalité ou si le personnage l'emporte avec plusieurs efforts excédentaires », and an action that
    # « rate complètement »: the book gives no direction, the roller invents none.
    r = roll("feerie.action", params, dice=dice)
    said = outcome if "rate complètement" in outcome else f"{outcome} : le meneur peut ajouter un effet secondaire"
    assert r["resultat"] == said
    words = " ".join([r["resultat"], *r["notes"], *odds("feerie.action", params)["issues"]]).lower()
    assert "favorable" not in words and "défavorable" not in words
    assert r["notes"]


def test_action_plain_success_and_plain_failure_have_no_side_effect_note():
    ok = roll("feerie.action", dict(element=2, difficulte=1), dice="6,1,3")
    assert ok["resultat"] == "Réussite" and ok["notes"] == []
    ko = roll("feerie.action", dict(element=1, difficulte=2), dice="4,4,5")
    assert ko["resultat"] == "Échec" and ko["notes"] == []


def test_interest_moves_the_difficulty_and_never_below_zero():
    r = roll("feerie.action", dict(element=1, difficulte=0, interet="reussite"), dice="4")
    assert r["difficulte"] == 0 and r["reussite"] is True
    assert "→ 0" in r["calcul"][0]
    r = roll("feerie.action", dict(element=1, difficulte=2, interet="echec"), dice="4,1,1,1")
    assert r["difficulte"] == 3
    assert r["calcul"][0] == "Difficulté : 2 + 1 (intérêt scénaristique) = 3"


def test_zero_against_zero_is_a_failure_by_a_tie():
    r = roll("feerie.action", dict(element=0, difficulte=0), dice="")
    assert r["reussite"] is False and r["tirage"] == []


def test_inappropriate_element_is_refused_with_the_books_reason():
    with pytest.raises(RulesError) as err:
        roll("feerie.action", dict(pertinence="inapproprie"))
    assert err.value.field == "pertinence"
    assert "aucun rapport" in str(err.value) and "handicap" in str(err.value)
    with pytest.raises(RulesError):
        odds("feerie.collaboration", dict(pertinence="inapproprie"))


def test_pertinence_labels_are_the_books():
    labels = {c["valeur"]: c["libelle"] for c in get_roller("feerie.action").describe()["parametres"][1]["choix"]}
    assert labels["typique"] == "Typique (+1 dé)"
    assert labels["specifique"] == "Spécifique (+2 dés)"
    assert labels["connexe"] == "Connexe (Pas de bonus)"


def test_difficulty_help_quotes_the_books_scale():
    p = {q["nom"]: q for q in get_roller("feerie.action").describe()["parametres"]}["difficulte"]
    assert "0 à 7" in p["aide"] and "personne ne devrait essayer ça seul" in p["aide"]
    assert len(p["prereglages"]) == 8


def test_collaboration_assistants_roll_half_rounded_up_at_most_two():
    # initiator 2 dice; assistants 3 -> 2 dice, 1 -> 1 die, 7 -> 2 dice; GM 2 dice
    r = roll("feerie.collaboration", dict(element=2, difficulte=2, assistants="3,1,7"), dice="4,1, 5,5, 1, 6,2, 1,4")
    assert r["des_assistants"] == [2, 1, 2]
    assert r["efforts_assistants"] == [2, 0, 1]
    assert r["efforts_joueurs"] == 4 and r["efforts_meneur"] == 1
    assert r["reussite"] is True
    assert any("coquille" in n for n in r["notes"])
    assert "Efforts des joueurs : 1 + 2 + 0 + 1 = 4" in r["calcul"]


def test_collaboration_strict_variants():
    r = roll(
        "feerie.collaboration", dict(element=1, difficulte=1, assistants="6", un_de_par_assistant=True), dice="4,4,1"
    )
    assert r["des_assistants"] == [1]
    with pytest.raises(RulesError) as err:
        roll("feerie.collaboration", dict(assistants="2,2", un_seul_assistant=True))
    assert err.value.field == "assistants" and "un seul assistant" in str(err.value)


def test_collaboration_help_mentions_the_typo():
    p = {q["nom"]: q for q in get_roller("feerie.collaboration").describe()["parametres"]}["assistants"]
    assert "coquille" in p["aide"]


def test_opposition_more_efforts_wins_and_a_tie_is_left_to_the_gm():
    r = roll("feerie.opposition", dict(des_a=2, des_b=2), dice="4,4,1,5")
    assert r["gagnant"] == "a" and r["efforts_a"] == 2 and r["efforts_b"] == 1
    r = roll("feerie.opposition", dict(des_a=2, des_b=2), dice="4,1,1,5")
    assert r["gagnant"] is None and r["reussite"] is None
    assert r["resultat"] == "Échec mutuel ou blocage (le meneur choisit)"
    r = roll("feerie.opposition", dict(des_a=1, des_b=1, avantage=2, avantage_camp="b"), dice="4,1,5,6")
    assert r["gagnant"] == "b" and r["efforts_b"] == 2
    assert r["des"][-1]["titre"] == "Camp B : dés d’avantage"


def test_opposition_presets_for_npcs_and_minions():
    params = {q["nom"]: q for q in get_roller("feerie.opposition").describe()["parametres"]}
    presets = params["des_b"]["prereglages"]
    assert sum(p["libelle"].startswith("PNJ") for p in presets) == 5
    assert sum(p["libelle"].startswith("Sbires") for p in presets) == 6
    labels = [p["libelle"] for p in params["avantage"]["prereglages"]]
    assert "1 : un avantage significatif" in labels and "2 : un avantage décisif" in labels


# ----------------------------------------------------------------------
# Validation: one French sentence naming the field
# ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "roller_id, params, field",
    [
        ("feerie.action", dict(element=11), "element"),
        ("feerie.action", dict(element=-1), "element"),
        ("feerie.action", dict(element="trois"), "element"),
        ("feerie.action", dict(difficulte=11), "difficulte"),
        ("feerie.action", dict(pertinence="parfaite"), "pertinence"),
        ("feerie.action", dict(interet="enorme"), "interet"),
        ("feerie.collaboration", dict(assistants="1,2,3,4,5,6,7"), "assistants"),
        ("feerie.collaboration", dict(assistants="11"), "assistants"),
        ("feerie.collaboration", dict(un_de_par_assistant="peut-être"), "un_de_par_assistant"),
        ("feerie.opposition", dict(des_a=12), "des_a"),
        ("feerie.opposition", dict(des_b=-2), "des_b"),
        ("feerie.opposition", dict(avantage=3), "avantage"),
        ("feerie.opposition", dict(avantage_camp="c"), "avantage_camp"),
        ("feerie.opposition", dict(assistants_b="2,2", un_seul_assistant=True), "assistants_b"),
    ],
)
def test_bad_values_name_the_field(roller_id, params, field):
    assert_refused_naming(roller_id, params, field)


@pytest.mark.parametrize(
    "params, dice",
    [
        (dict(element=2, difficulte=2), "1,2,3,1"),  # the audit's roll: no effort on either side
        (dict(element=2, difficulte=0), "1,2"),  # difficulty 0, no player effort
        (dict(element=0, difficulte=0), ""),  # nobody rolls
    ],
)
def test_no_effort_at_all_is_a_complete_miss_even_in_a_tie(params, dice):
    r = roll("feerie.action", params, dice=dice)
    assert r["resultat"] == "Échec par égalité, sans aucun effort : le personnage rate complètement"
    assert r["reussite"] is False
    # the tie's side-effect note is kept, and the book's « rate complètement » quoted
    assert any("si l’action échoue avec une égalité" in n for n in r["notes"])
    assert any(
        "« peut faire intervenir des effets supplémentaires" in n and "rate complètement »" in n for n in r["notes"]
    )


def test_a_collaboration_with_no_effort_at_all_misses_completely():
    # initiator 2 dice (1, 2), one assistant of 1 ordinary die (3), the meneur's 2 dice (3, 1)
    r = roll("feerie.collaboration", dict(element=2, difficulte=2, assistants="1"), dice="1,2,3,3,1")
    assert r["efforts_joueurs"] == 0 and r["resultat"] == MISSED_TIE


def test_a_complete_miss_against_efforts_says_so_too():
    r = roll("feerie.action", dict(element=2, difficulte=2), dice="1,2,5,3")
    assert r["resultat"] == "Échec, sans aucun effort : le personnage rate complètement"
    assert not any("égalité" in n for n in r["notes"]) and any("rate complètement" in n for n in r["notes"])


def test_no_empty_dice_line():
    # element 0 and difficulty 0: nobody rolls; the arithmetic says so, no dice line is empty
    r = roll("feerie.action", dict(element=0, difficulte=0), dice="")
    assert r["des"] == [] and r["resultat"].startswith("Échec par égalité")
    r = roll("feerie.opposition", dict(des_a=0, des_b=2), dice="4,1")
    assert all(g["des"] for g in r["des"]) and [g["titre"] for g in r["des"]] == ["Camp B : initiateur"]


# ----------------------------------------------------------------------
# The result as the reader reads it: its arithmetic, its dice's titles, its notes (mutation testing,
# bench/README.md: these lines changed and no test failed)
# ----------------------------------------------------------------------


def test_a_collaboration_shows_each_assistants_dice_and_the_sum_line_by_line():
    r = roll(
        "feerie.collaboration",
        {"element": 1, "pertinence": "typique", "difficulte": 1, "assistants": [3, 1]},
        dice=[4, 2, 6, 5, 1, 3],
    )
    assert r["roller"] == "feerie.collaboration"
    assert r["calcul"] == [
        "Difficulté : 1",
        "Dés du joueur : élément 1 + 1 (Typique (+1 dé)) = 2",
        "Assistant 1 : 3 dés d’ordinaire → moitié arrondie au supérieur, au plus 2 : 2",
        "Assistant 2 : 1 dé d’ordinaire → moitié arrondie au supérieur, au plus 2 : 1",
        "Efforts des joueurs : 1 + 2 + 0 = 3",
        "Efforts du meneur : 0",
        "3 > 0 : réussite (strictement plus d’efforts)",
    ]
    assert [g["titre"] for g in r["des"]] == [
        "Dés du joueur (initiateur)",
        "Dés de l’assistant 1",
        "Dés de l’assistant 2",
        "Dés du meneur",
    ]
    assert (r["des_joueur"], r["efforts_assistants"], r["des_assistants"]) == (2, [2, 0], [2, 1])
    strict = roll(
        "feerie.collaboration",
        {"element": 1, "difficulte": 0, "interet": "reussite", "assistants": [3], "un_de_par_assistant": True},
        dice=[4, 6],
    )
    assert "Assistant 1 : 3 dés d’ordinaire → moitié arrondie au supérieur, au plus 1 : 1" in strict["calcul"]


@pytest.mark.parametrize(
    ("dice", "line"),
    [
        ([4, 5, 1], "2 > 0 : réussite (strictement plus d’efforts)"),
        ([4, 1, 5], "1 = 1 : échec (il faut strictement plus d’efforts)"),
        ([1, 2, 5], "0 < 1 : échec (il faut strictement plus d’efforts)"),
    ],
)
def test_an_action_says_its_comparison_in_words(dice, line):
    r = roll("feerie.action", {"element": 2, "difficulte": 1}, dice=dice)
    assert r["roller"] == "feerie.action"
    assert r["calcul"][-3:-1] == [
        f"Efforts du joueur : {r['efforts_joueur']}",
        f"Efforts du meneur : {r['efforts_meneur']}",
    ]
    assert r["calcul"][-1] == line
    assert [g["titre"] for g in r["des"]] == ["Dés du joueur", "Dés du meneur"] and r["des_joueur"] == 2


@pytest.mark.parametrize(("margin", "noted"), [(-1, False), (0, True), (1, False), (2, True), (3, True)])
def test_the_side_effects_note_comes_with_a_tie_and_two_or_more_efforts_over(margin, noted):
    # three player dice against one: efforts 3 - k for the player, 0 or 1 for the meneur
    players, gm = {-1: (0, 1), 0: (1, 1), 1: (1, 0), 2: (2, 0), 3: (3, 0)}[margin]
    dice = [5] * players + [1] * (3 - players) + ([6] if gm else [2])
    r = roll("feerie.action", {"element": 3, "difficulte": 1}, dice=dice)
    assert r["excedent"] == margin
    assert (SIDE_EFFECT_NOTE in r["notes"]) == noted, r["notes"]
