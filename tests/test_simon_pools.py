"""Simon Système after the second audit (RULES.md, « Decisions after the second audit »):
who rolls and which pool pays (the meneur's porte-poisse), a helper's heroism, more successes asked
than dice in hand, and the option of a missing specialised competence.

Every Simon roller is walked for who spends which pool; the exact odds of the changed rollers
(a meneur's roll with porte-poisse dice, a helper with heroism dice, a missing specialisation) are
checked against icepool.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import permutations

import icepool
import pytest
from helpers import assert_ordered_law, assert_refused_naming, simon_aide_effect_at, simon_succeeds_at

from rules_py import RulesError, act, call, odds, roll

OPP = dict(expertise_a=5, niveau_a="debutant", expertise_b=5, niveau_b="debutant")  # both 3(9)


def texts(result: dict) -> list[str]:
    """Every sentence a result says about its dice and pools: arithmetic, notes, dice lines, follow-ups."""
    out = list(result["calcul"]) + list(result["notes"]) + [g["titre"] for g in result["des"]]
    for offer in result["actions"]:
        out += [offer["libelle"], offer.get("raison", "")]
    return out


# ----------------------------------------------------------------------
# 1. The meneur's porte-poisse pool
# ----------------------------------------------------------------------


def test_the_audit_opposition_the_meneurs_dice_spend_porte_poisse_and_win_nothing():
    # the audit's roll: b has 10 points and one die before the roll, a 20 and a 1 among its dice
    dice = "10,10,10,10,10, 20,1,10,10,10,10"
    r = roll("simon.opposition", dict(OPP, points_b=10, heroisme_b=1, qui_b="meneur"), dice=dice)
    b_line = next(line for line in r["calcul"] if line.startswith("b : Points"))
    assert (
        b_line
        == "b : Points de porte-poisse du meneur : 10 - 1 (1 dé ajouté avant le jet par celui qui réagit (b)) = 9"
    )
    assert r["points_b"] == 9 and r["porte_poisse"] == 0  # b's 20 and 1 change no pool
    assert any("« la part d’un joueur »" in n for n in r["notes"])
    offers = {o["parametres"]["camp"]: o["libelle"] for o in r["actions"]}
    assert offers == {
        "a": "Ajouter un dé à l’acteur (a) (2 points d’héroïsme)",
        "b": "Ajouter un dé à celui qui réagit (b) (2 points de porte-poisse du meneur)",
    }
    b_says = [t for t in texts(r) if "(b)" in t or t.startswith("b :")]
    assert b_says and not any("héroïsme" in t for t in b_says if "acteur (a)" not in t)


def test_the_audit_opposition_as_given_b_is_a_player_and_a_player_by_default():
    # without qui_b, b is a player (the default): her heroism is followed, and a has her own 20 points
    r = roll("simon.opposition", dict(OPP, points_b=10, heroisme_b=1), dice="10,10,10,10,10, 20,1,10,10,10,10")
    assert "b : Points d’héroïsme : 10 - 1 (1 dé ajouté avant le jet par celui qui réagit (b)) = 9 ; " in "".join(
        r["calcul"]
    )
    assert (r["points_a"], r["points_b"], r["porte_poisse"]) == (20, 9, 1)
    assert all("porte-poisse du meneur)" not in o["libelle"] for o in r["actions"])


@pytest.mark.parametrize("heroisme", [0, 1, 3])
def test_a_meneurs_jet_spends_porte_poisse_and_names_no_heroism(heroisme):
    dice = ",".join(["20", "1", "13", "13", "13"] + ["13"] * heroisme)
    r = roll("simon.jet", dict(expertise=2, niveau="debutant", qui="meneur", heroisme=heroisme), dice=dice)
    assert r["qui"] == "meneur" and r["points"] == 10 - heroisme and r["porte_poisse"] == 0
    line = "Points de porte-poisse du meneur : " + (
        f"10 - {heroisme} ({heroisme} dé{'s' * (heroisme > 1)} ajouté{'s' * (heroisme > 1)} avant le jet) = "
        f"{10 - heroisme}"
        if heroisme
        else "10, inchangés"
    )
    assert line in r["calcul"]
    assert not any("héroïsme" in t for t in texts(r)), texts(r)
    if heroisme:
        assert r["des"][1]["titre"] == "Dés de porte-poisse ajoutés avant le jet (1 point chacun)"


def test_a_meneurs_die_after_the_roll_costs_two_porte_poisse_points_and_three_in_all():
    first = roll("simon.jet", dict(expertise=2, qui="meneur", points=5, heroisme=1), dice="5,5,5,5,5,5")
    assert first["points"] == 4
    offer = first["actions"][0]
    assert offer["possible"] and offer["libelle"] == "Ajouter un dé (2 points de porte-poisse du meneur)"
    second = act("simon.jet", "ajouter_de", first["etat"], dice="1")  # the meneur's 1: nothing gained or lost
    assert second["points"] == 2 and second["porte_poisse"] == 0
    assert (
        "Points de porte-poisse du meneur : 5 - 1 (1 dé ajouté avant le jet) = 4 ; 4 - 2 (dé ajouté après le jet) = 2"
        in second["calcul"]
    )
    third = act("simon.jet", "ajouter_de", second["etat"], dice="20")
    assert third["points"] == 0 and third["actions"][0]["possible"] is False
    poor = roll("simon.jet", dict(expertise=2, qui="meneur", points=1), dice="5,5,5,5,5")
    assert poor["actions"][0]["raison"] == "Il faut 2 points de porte-poisse au meneur, il en reste 1."
    with pytest.raises(RulesError) as err:
        act("simon.jet", "ajouter_de", poor["etat"], dice="5")
    assert err.value.field == "points" and "porte-poisse" in str(err.value) and "héroïsme" not in str(err.value)


def test_the_meneurs_pool_starts_at_ten_has_no_cap_and_no_starting_points():
    assert roll("simon.jet", dict(expertise=2, qui="meneur"), dice="5,5,5,5,5")["points"] == 10
    assert roll("simon.jet", dict(expertise=2, qui="meneur", points=150), dice="20,20,5,5,5")["points"] == 150
    assert_refused_naming("simon.jet", dict(expertise=2, qui="meneur", points_depart=20), "points_depart")
    assert_refused_naming("simon.jet", dict(expertise=2, qui="meneur", points=2, heroisme=3), "heroisme")
    # a player keeps her cap; her points default to her starting points
    assert roll("simon.jet", dict(expertise=2, points_depart=12), dice="5,5,5,5,5")["points"] == 12
    assert_refused_naming("simon.jet", dict(expertise=2, points=41), "points")


def test_a_players_ones_fill_the_meneurs_pool_in_an_opposition():
    params = dict(OPP, qui_b="meneur", points_b=1)
    r = roll("simon.opposition", params, dice="1,10,10,10,10, 2,2,2,2,2")
    assert r["points_b"] == 2 and r["porte_poisse"] == 1  # 1 + a's 1
    assert "b : Points de porte-poisse du meneur : 1 + 1 (raté critique de l’acteur (a)) = 2" in r["calcul"]
    # the meneur spends it at once: a die after the roll for b
    b = act("simon.opposition", "ajouter_de", r["etat"], {"camp": "b"}, dice="10")
    assert b["points_b"] == 0 and b["etat"]["ajouts"] == ["b"]


def test_the_order_of_dice_added_after_the_roll_decides_what_the_meneur_can_pay():
    r = roll("simon.opposition", dict(OPP, qui_b="meneur", points_b=1), dice="10,10,10,2,2, 10,10,2,2,2")
    offer_b = next(o for o in r["actions"] if o["parametres"]["camp"] == "b")
    assert (
        offer_b["possible"] is False
        and offer_b["raison"] == "Il faut 2 points de porte-poisse au meneur, il en reste 1."
    )
    a = act("simon.opposition", "ajouter_de", r["etat"], {"camp": "a"}, dice="1")  # a's 1 gives the meneur a point
    assert (a["points_a"], a["points_b"]) == (17, 2) and a["etat"]["ajouts"] == ["a"]
    b = act("simon.opposition", "ajouter_de", a["etat"], {"camp": "b"}, dice="10")
    assert b["points_b"] == 0 and b["etat"]["ajouts"] == ["a", "b"]
    # the same dice in the other order: b could not have paid before a's 1
    forged = {**b["etat"], "ajouts": ["b", "a"]}
    answer = call({"op": "action", "roller": "simon.opposition", "action": "ajouter_de", "state": forged,
                   "params": {"camp": "a"}, "dice": "5"})  # fmt: skip
    assert answer["ok"] is False and answer["field"] == "etat"
    for bad in (["a"], ["a", "b", "b"], "ab", [1, 2]):
        answer = call({"op": "action", "roller": "simon.opposition", "action": "ajouter_de",
                       "state": {**b["etat"], "ajouts": bad}, "params": {"camp": "a"}, "dice": "5"})  # fmt: skip
        assert answer["ok"] is False and answer["field"] == "etat", bad


def test_two_sides_of_the_meneur_share_one_pool():
    params = dict(OPP, qui_a="meneur", qui_b="meneur", points_a=4, heroisme_a=1, heroisme_b=2)
    r = roll("simon.opposition", params, dice="10,10,10,10,10,10, 20,1,2,2,2,2,2")
    assert r["points_a"] == r["points_b"] == 1
    assert "a et b : Points de porte-poisse du meneur : 4 - 1 (1 dé ajouté avant le jet par l’acteur (a)) = 3 ; " in (
        "".join(r["calcul"])
    )
    assert_refused_naming("simon.opposition", dict(params, points_b=5), "points_b")
    assert_refused_naming("simon.opposition", dict(params, points_a=2), "heroisme_a")  # 1 + 2 dice, 2 points


@pytest.mark.parametrize("roller", ["simon.jet", "simon.aide"])
@pytest.mark.parametrize("qui", ["joueur", "meneur"])
def test_every_simon_roller_names_the_pool_of_who_rolls(roller, qui):
    for seed in range(40):
        r = roll(roller, dict(expertise=3, niveau="debutant", qui=qui, heroisme=1, points=6), seed=seed)
        while True:
            said = texts(r)
            if qui == "meneur":
                assert not any("héroïsme" in t for t in said), said
            else:
                pools = [t for t in said if t.startswith("Points") or t.startswith("Ajouter") or "avant le jet" in t]
                assert pools and not any("porte-poisse" in t for t in pools), pools
            if not r["actions"][0]["possible"]:
                break
            r = act(roller, "ajouter_de", r["etat"], seed=seed)


@pytest.mark.parametrize("qui_a", ["joueur", "meneur"])
@pytest.mark.parametrize("qui_b", ["joueur", "meneur"])
def test_every_opposition_side_names_its_own_pool(qui_a, qui_b):
    for seed in range(20):
        r = roll("simon.opposition", dict(OPP, qui_a=qui_a, qui_b=qui_b, heroisme_a=1, heroisme_b=1), seed=seed)
        for s, qui in (("a", qui_a), ("b", qui_b)):
            own = [t for t in texts(r) if t.startswith(f"{s} : Points") or f"({s}) (" in t]
            wrong = "héroïsme" if qui == "meneur" else "porte-poisse"
            assert own and not any(wrong in t for t in own), own


# ----------------------------------------------------------------------
# 2. A helper's heroism
# ----------------------------------------------------------------------


def test_a_helper_adds_dice_before_that_count_in_the_modifier():
    # Ysil (seuil 11) with one heroism die: 1 8 2 12 9 then 20: +2 -2 = 0
    r = roll("simon.aide", dict(expertise=3, niveau="debutant", heroisme=1, points=20), dice="1,8,2,12,9,20")
    assert r["modificateur"] == 0 and r["effets"] == [2, 0, 1, -1, 0, -2]
    assert r["des"][1]["titre"] == "Dés d’héroïsme ajoutés avant le jet (1 point chacun)"
    # 20 - 1 = 19, then + 1 (the 20) - 1 (the 1) = 19; the meneur gains a porte-poisse point
    assert r["points"] == 19 and r["porte_poisse"] == 1
    assert (
        "Points d’héroïsme : 20 - 1 (1 dé ajouté avant le jet) = 19 ; 19 + 1 (réussite critique) - 1 (raté critique) = 19"
        in r["calcul"]
    )
    assert r["calcul"][-1] == "Modificateur pour l’acteur principal : +2+1\u22121\u22122 = 0"


def test_a_helper_adds_a_die_after_the_roll():
    first = roll("simon.aide", dict(expertise=3, niveau="debutant", points=3), dice="1,8,2,12,9")
    assert first["modificateur"] == 2 and first["points"] == 2 and first["porte_poisse"] == 1
    offer = first["actions"][0]
    assert (
        offer["id"] == "ajouter_de" and offer["possible"] and offer["libelle"] == "Ajouter un dé (2 points d’héroïsme)"
    )
    second = act("simon.aide", "ajouter_de", first["etat"], dice="20")
    assert second["modificateur"] == 0 and second["points"] == 1  # 2 - 2 + 1
    assert second["tirage"] == [20] and second["des"][-1]["titre"] == "Dés ajoutés après le jet (2 points chacun)"
    assert second["actions"][0]["possible"] is False
    with pytest.raises(RulesError) as err:
        act("simon.aide", "ajouter_de", second["etat"], dice="5")
    assert err.value.field == "points"


def test_a_meneurs_helper_spends_porte_poisse():
    r = roll("simon.aide", dict(expertise=3, niveau="debutant", qui="meneur", heroisme=2), dice="1,8,2,12,9,20,1")
    assert r["points"] == 8 and r["porte_poisse"] == 0 and r["modificateur"] == 2
    assert not any("héroïsme" in t for t in texts(r))


def test_the_book_help_examples_replay_unchanged():
    for dice, modifier in (("1,8,2,12,9", 2), ("14,12,11,7,15", -4)):
        r = roll("simon.aide", dict(expertise=3, niveau="debutant"), dice=dice)
        assert r["modificateur"] == modifier and r["seuil"] == 11


# ----------------------------------------------------------------------
# 4. More successes asked than dice in hand
# ----------------------------------------------------------------------


def test_more_successes_asked_than_dice_is_said_in_the_odds_and_the_result():
    answer = odds("simon.jet", dict(expertise=5, niveau="debutant", reussites=6))
    assert answer["exact"]["Réussite"] == "0/1"
    assert "6 réussites demandées avec 5 dés : impossible sans ajouter de dés." in answer["notes"]
    r = roll("simon.jet", dict(expertise=5, niveau="debutant", reussites=8), dice="10,10,10,2,2")
    assert "8 réussites demandées avec 5 dés : impossible sans ajouter de dés." in r["notes"]
    assert r["actions"][0]["possible"]  # legal: heroism after the roll may still add dice
    more = act("simon.jet", "ajouter_de", r["etat"], dice="10")
    assert "8 réussites demandées avec 6 dés : impossible sans ajouter de dés." in more["notes"]
    # dice added before the roll count: 8 asked of 8 dice is possible
    full = odds("simon.jet", dict(expertise=5, niveau="debutant", reussites=8, heroisme=3))
    assert not any("impossible" in n for n in full["notes"]) and Fraction(full["exact"]["Réussite"]) > 0
    opp = roll("simon.opposition", dict(OPP, reussites_b=7), dice="10,10,10,2,2, 10,10,10,2,2")
    assert "Celui qui réagit (b) : 7 réussites demandées avec 5 dés : impossible sans ajouter de dés." in opp["notes"]


def test_one_success_asked_gets_the_books_sentence_only_against_the_world():
    note = "« on devrait toujours avoir un nombre de réussite au minimum égal à deux »"
    assert any(note in n for n in roll("simon.jet", dict(expertise=2, reussites=1), seed=1)["notes"])
    assert not any(note in n for n in roll("simon.opposition", dict(OPP, reussites_a=1), seed=1)["notes"])


# ----------------------------------------------------------------------
# 11. A missing specialised competence (an option, with the chapter's warning)
# ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "niveau, malus",
    [("debutant", 0), ("connaisseur", 3), ("professionnel", 6), ("expert", 9), ("maitre", 12), ("grand-maitre", 15)],
)
def test_a_missing_specialisation_costs_three_per_level_from_connaisseur(niveau, malus):
    plain = roll("simon.jet", dict(expertise=20, niveau=niveau), dice="10,10,10,10,10")
    spec = roll("simon.jet", dict(expertise=20, niveau=niveau, specialisation_absente=True), dice="10,10,10,10,10")
    assert spec["expertise"] == 20 - malus
    again = roll("simon.jet", dict(expertise=20 - malus, niveau=niveau), dice="10,10,10,10,10")
    assert spec["seuil"] == again["seuil"]
    if malus:
        assert spec["seuil"] > plain["seuil"] or spec["niveau_personnage"] == plain["niveau_personnage"]
        assert any(line.endswith(f"expertise 20 - {malus} (-3 par niveau à partir de Connaisseur) = {20 - malus}")
                   for line in spec["calcul"])  # fmt: skip
    else:
        assert spec["seuil"] == plain["seuil"]
    assert any("« Les Compétences spécialisées ne sont pas encore définies." in n for n in spec["notes"])


def test_the_books_malus_for_a_professionnel_test():
    # « Pour un test de niveau connaisseur se sera donc un malus de -3, pour un test de niveau professionnel de -6 »
    r = roll("simon.jet", dict(expertise=7, niveau="professionnel", specialisation_absente=True), dice="5,5,5,5,5")
    assert r["expertise"] == 1 and r["niveau_personnage"] == "Amateur"
    assert r["seuil"] == 14 + 3  # Amateur, three levels below Professionnel


def test_a_missing_specialisation_is_refused_where_it_means_nothing():
    assert_refused_naming("simon.jet", dict(caracteristique="normale", niveau="expert", specialisation_absente=True),
                          "specialisation_absente")  # fmt: skip
    assert_refused_naming("simon.jet", dict(expertise=5, specialisation_absente=True), "specialisation_absente")
    without_level = {k: v for k, v in OPP.items() if k != "niveau_b"}
    assert_refused_naming("simon.opposition", dict(without_level, specialisation_absente_b=True),
                          "specialisation_absente_b")  # fmt: skip


def test_a_missing_specialisation_goes_below_zero_at_the_lowest_level():
    r = roll("simon.jet", dict(expertise=2, niveau="expert", specialisation_absente=True), dice="5,5,5,5,5")
    assert r["expertise"] == -7 and r["niveau_personnage"] == "Incompétent" and r["seuil"] == 16 + 5


# ----------------------------------------------------------------------
# Exact odds of the changed rollers against icepool
# ----------------------------------------------------------------------


def test_a_meneurs_jet_with_porte_poisse_dice_matches_icepool():
    for s in (2, 9, 13, 20, 21):
        for heroisme in range(4):
            law = (5 + heroisme) @ icepool.d20.map(simon_succeeds_at(s))
            for reussites in (2, 3, 6, 8):
                answer = odds("simon.jet", dict(expertise=2, modificateur=s - 13, qui="meneur", heroisme=heroisme,
                                                reussites=reussites))  # fmt: skip
                expected = sum((law.probability(k) for k in law.outcomes() if k >= reussites), Fraction(0))
                assert Fraction(answer["exact"]["Réussite"]) == expected
                assert_ordered_law(answer, law)


def test_a_helper_with_heroism_dice_matches_icepool():
    for s in (2, 8, 11, 16, 21):
        for heroisme in range(4):
            law = (5 + heroisme) @ icepool.d20.map(simon_aide_effect_at(s))
            for qui in ("joueur", "meneur"):
                answer = odds("simon.aide", dict(expertise=2, modificateur=s - 13, heroisme=heroisme, qui=qui))
                assert answer["des"] == 5 + heroisme
                got = {int(k): Fraction(v) for k, v in answer["exact"].items()}
                assert got == {m: law.probability(m) for m in law.outcomes() if law.probability(m)}
                assert_ordered_law(answer, law)


def test_a_missing_specialisation_odds_match_icepool():
    # expertise 9 - 3 = 6 (Professionnel, 11) one level above Connaisseur: 10; 9 - 9 = 0 (Incompétent, 16), five below Expert: 21
    for niveau, seuil in (("connaisseur", 10), ("expert", 21)):
        law = 5 @ icepool.d20.map(simon_succeeds_at(seuil))
        answer = odds("simon.jet", dict(expertise=9, niveau=niveau, specialisation_absente=True))
        assert answer["seuil"] == seuil
        assert Fraction(answer["exact"]["Réussite"]) == sum(
            (law.probability(k) for k in law.outcomes() if k >= 3), Fraction(0)
        )
        assert any("pas encore définies" in n for n in answer["notes"])


def test_the_players_heroism_still_counts_in_any_order():
    for order in set(permutations((20, 1, 1, 13, 13))):
        r = roll("simon.jet", dict(expertise=2, niveau="debutant", points=1), dice=",".join(map(str, order)))
        assert (r["points"], r["porte_poisse"]) == (0, 2)
