"""De Cœur & D’Acier (chapter 004, « Résoudre une confrontation »).

Sections cited: « Résoudre un tour », « Vérifier les enseignes et calculer la
force totale », « Les enseignes et le cercle de domination », « Enseigne de
prédilection et repioche », « Relations et valeurs », « Exaltation et
Tempérances », « La confrontation en équipe », « La confrontation contre
l’environnement », and RULES.md (Nocturne, the inferred domination circle).
"""

from __future__ import annotations

import copy
from fractions import Fraction
from itertools import permutations, product

import icepool
import pytest
from helpers import assert_ordered_law

from rules_py import RulesError, act, call, odds, roll
from rules_py.dcda import ISSUES, NOCTURNE, parse_domination, parse_table

SUITS = ["batons", "ecus", "coupes", "dagues"]


def tour(dice=None, **params):
    return roll("dcda.tour", params, dice)


# ----------------------------------------------------------------------
# « Les enseignes et le cercle de domination »
# ----------------------------------------------------------------------


def test_default_domination_is_the_inferred_circle():
    dom = parse_domination("batons>dagues>ecus>coupes")
    named = {SUITS[s]: SUITS[t] for s, t in enumerate(dom)}
    # « les bâtons dominent les dagues et ainsi de suite » (été > automne > hiver > printemps)
    assert named == {"batons": "dagues", "dagues": "ecus", "ecus": "coupes", "coupes": "batons"}
    res = tour(carte_a="5-batons", carte_b="5-dagues", forces_a="0,0,0,0", forces_b="0,0,0,0")
    assert res["gagnant"] == "a"
    assert any("inféré" in n or "déduit" in n for n in res["notes"])


def test_the_gm_may_change_the_circle():
    # default: Écus dominate Coupes; with batons>dagues>coupes>ecus, Coupes dominate Écus
    base = dict(carte_a="4-coupes", carte_b="4-ecus", forces_a="0,0,0,0", forces_b="0,0,0,0")
    assert tour(**base)["gagnant"] == "b"
    assert tour(**base, domination="batons>dagues>coupes>ecus")["gagnant"] == "a"
    with pytest.raises(RulesError) as err:
        tour(**base, domination="batons>batons>ecus>coupes")
    assert err.value.field == "domination"


def test_a_dominated_card_counts_alone():
    # « Si l'enseigne d'une carte est dominée par celle d'une carte adverse, seule la force de la carte jouée compte. »
    res = tour(carte_a="7-dagues", carte_b="5-ecus", forces_a="0,0,0,3", forces_b="0,9,0,0")
    assert res["totaux"] == {"a": 10, "b": 5}
    assert "Écus dominés par Dagues : seule la carte compte" in res["calcul"]
    assert "Force totale de A : 7 (carte) + 3 (Dagues) = 10" in res["calcul"]
    assert "Force totale de B : 5 (carte) = 5" in res["calcul"]
    assert res["gagnant"] == "a" and res["force_perdant"] == 5 and res["tour"] == 1
    assert [g["des"][0]["valeur"] for g in res["des"]] == ["7-dagues", "5-ecus"]
    assert all(g["des"][0]["faces"] is None for g in res["des"])
    assert res["des"][1]["des"][0]["garde"] is False


def test_ties_are_broken_by_domination():
    # « En cas d'égalité, celle qui a joué une enseigne dominante par rapport à l'adversaire remporte le tour. »
    res = tour(carte_a="6-coupes", carte_b="4-batons", forces_a="0,0,2,0", forces_b="8,0,0,0")
    # Coupes dominate Bâtons: B counts 4 alone, A 6 + 2 = 8
    assert res["totaux"] == {"a": 8, "b": 4}
    res = tour(carte_a="2-coupes", carte_b="4-batons", forces_a="0,0,2,0", forces_b="8,0,0,0")
    assert res["totaux"] == {"a": 4, "b": 4} and res["gagnant"] == "a" and res["force_perdant"] == 4
    assert any(line.startswith("Égalité 4 à 4 : Coupes domine Bâtons") for line in res["calcul"])


def test_strict_tie_is_statu_quo():
    # « S'il y a égalité stricte, sans domination d'enseigne, alors le tour se termine sur un statu quo. »
    res = tour(carte_a="3-batons", carte_b="5-ecus", forces_a="4,0,0,0", forces_b="0,2,0,0")
    assert res["totaux"] == {"a": 7, "b": 7}
    assert res["gagnant"] is None and res["force_perdant"] is None and res["resultat"] == "Statu quo"
    same = tour(carte_a="3-dagues", carte_b="5-dagues", forces_a="0,0,0,4", forces_b="0,0,0,2")
    assert same["gagnant"] is None


def test_gm_bonus_per_suit():
    # « un bonus ou un malus à appliquer à l'usage d'une enseigne spécifique … à additionner ou soustraire »
    res = tour(carte_a="3-batons", carte_b="5-ecus", forces_a="4,0,0,0", forces_b="0,2,0,0", bonus="1,-3,0,0")
    assert res["totaux"] == {"a": 8, "b": 4}
    assert "Force totale de A : 3 (carte) + 4 (Bâtons) + 1 (bonus Bâtons) = 8" in res["calcul"]
    assert "Force totale de B : 5 (carte) + 2 (Écus) - 3 (malus Écus) = 4" in res["calcul"]
    # the bonus is added even to a dominated card
    dominated = tour(carte_a="7-dagues", carte_b="5-ecus", bonus="0,2,0,0")
    assert dominated["totaux"]["b"] == 7


def test_outcomes_are_listed_and_a_user_table_is_read_not_invented():
    res = tour(carte_a="7-dagues", carte_b="5-ecus", tour=3)
    assert res["issues_possibles"] == list(ISSUES.values())
    assert res["issue"] is None and res["issue_source"] is None
    assert "La gagnante doit choisir quelque chose à sacrifier." in res["issues_possibles"]
    table = "C4S8Q/C5S/S4Q6M/Q4M"
    res = tour(carte_a="7-dagues", carte_b="5-ecus", tour=3, table=table)
    # round 3: S up to 4, Q up to 6, M beyond; loser's total 5 -> Q
    assert res["issue"] == "La confrontation provoque la mort de quelqu’un."
    assert res["issue_source"] == "table de votre fiche"
    assert any("table que vous avez saisie" in n for n in res["notes"])
    assert parse_table("c/s/q/m")[3] == (("M",), ())
    for bad in ("C/S/Q", "C5/S/Q/M", "X/S/Q/M", "C5S3Q/S/Q/M", "C5S//Q/M", "5C/S/Q/M"):
        with pytest.raises(RulesError) as err:
            tour(table=bad)
        assert err.value.field == "table" and "Table de confrontation" in str(err.value)


def test_random_cards_are_drawn_from_the_suit_and_replay():
    res = tour(["3-coupes", "8-coupes"], enseigne_a="coupes", enseigne_b="coupes")
    assert res["tirage"] == ["3-coupes", "8-coupes"]
    with pytest.raises(RulesError) as err:  # one deck: B cannot draw A's card
        tour(["3-coupes", "3-coupes"], enseigne_a="coupes", enseigne_b="coupes")
    assert err.value.field == "des"
    first = call({"op": "roll", "roller": "dcda.tour", "seed": 11})["result"]
    again = call({"op": "roll", "roller": "dcda.tour", "dice": first["tirage"]})["result"]
    assert again == first


# ----------------------------------------------------------------------
# Exact odds against an independent oracle
# ----------------------------------------------------------------------


def _oracle_totals(ca, cb, fa, fb, bonus, order, bonus_b=None):
    """The rules written again, independently: (value, suit) cards, suit names; B's bonus may differ."""
    bonus_b = bonus if bonus_b is None else bonus_b
    beats = {(order[k], order[(k + 1) % 4]) for k in range(4)}
    (va, sa), (vb, sb) = ca, cb
    ta = va + (0 if (sb, sa) in beats else fa[SUITS.index(sa)]) + bonus[SUITS.index(sa)]
    tb = vb + (0 if (sa, sb) in beats else fb[SUITS.index(sb)]) + bonus_b[SUITS.index(sb)]
    return ta, tb, beats


def _oracle_winner(ca, cb, fa, fb, bonus, order, bonus_b=None):
    ta, tb, beats = _oracle_totals(ca, cb, fa, fb, bonus, order, bonus_b)
    (_, sa), (_, sb) = ca, cb
    if ta != tb:
        return "a" if ta > tb else "b"
    return "a" if (sa, sb) in beats else "b" if (sb, sa) in beats else "n"


FORCE_GRID = [(0, 0, 0, 0), (3, 3, 3, 7), (5, 1, 4, 2), (10, 9, 6, 10)]
SUIT_PAIRS = [("batons", "dagues"), ("ecus", "batons"), ("coupes", "coupes"), ("dagues", "coupes")]


def _margin_of(sa, sb, fa, fb, bonus, order):
    def margin(a, b):
        ta, tb, _ = _oracle_totals((a, sa), (b, sb), fa, fb, bonus, order)
        return ta - tb

    return margin


def _winner_of(sa, sb, fa, fb, bonus, order):
    return lambda a, b: _oracle_winner((a, sa), (b, sb), fa, fb, bonus, order)


@pytest.mark.parametrize("fa, fb", list(product(FORCE_GRID, FORCE_GRID)))
def test_tour_odds_equal_icepool_and_a_plain_enumeration(fa, fb):
    order = ["batons", "dagues", "ecus", "coupes"]
    bonus = (0, 2, -1, 0)
    for sa, sb in SUIT_PAIRS:
        got = odds("dcda.tour", {"forces_a": fa, "forces_b": fb, "enseigne_a": sa, "enseigne_b": sb, "bonus": bonus})
        if sa != sb:  # independent piles: two independent d10
            die = icepool.map(_winner_of(sa, sb, fa, fb, bonus, order), icepool.d10, icepool.d10)
            want = {k: die.probability(k) for k in "abn"}
            assert_ordered_law(got, icepool.map(_margin_of(sa, sb, fa, fb, bonus, order), icepool.d10, icepool.d10))
        else:  # one pile: two different cards, uniform over ordered pairs
            pairs = list(permutations(range(1, 11), 2))
            want = {
                k: Fraction(
                    sum(_oracle_winner((a, sa), (b, sb), fa, fb, bonus, order) == k for a, b in pairs), len(pairs)
                )
                for k in "abn"
            }
            margins = [_margin_of(sa, sb, fa, fb, bonus, order)(a, b) for a, b in pairs]
            assert_ordered_law(got, {m: Fraction(margins.count(m), len(pairs)) for m in set(margins)})
        exact = got["exact"]
        assert Fraction(exact["A remporte le tour"]) == want["a"]
        assert Fraction(exact["B remporte le tour"]) == want["b"]
        assert Fraction(exact["Statu quo"]) == want["n"]
    # all forty cards, B's card uniform over the 39 others
    got = odds("dcda.tour", {"forces_a": fa, "forces_b": fb, "domination": "batons>dagues>coupes>ecus"})
    deck = [(v, s) for s in SUITS for v in range(1, 11)]
    other = ["batons", "dagues", "coupes", "ecus"]
    outcomes = [_oracle_winner(a, b, fa, fb, (0, 0, 0, 0), other) for a, b in permutations(deck, 2)]
    assert Fraction(got["exact"]["A remporte le tour"]) == Fraction(outcomes.count("a"), len(outcomes))
    assert Fraction(got["exact"]["Statu quo"]) == Fraction(outcomes.count("n"), len(outcomes))


# ----------------------------------------------------------------------
# One deck (RULES.md: « the four piles are one tarot ») and the meneuse's powers in dcda.tour
# ----------------------------------------------------------------------

DEFAULT_ORDER = ["batons", "dagues", "ecus", "coupes"]


def test_a_card_drawn_for_a_is_never_b_s_given_card():
    """Issue 10 item 1: ``roll dcda.tour enseigne_a=dagues carte_b=7-dagues --dice 7-dagues`` gave both the 7 de Dagues."""
    with pytest.raises(RulesError) as err:
        tour(["7-dagues"], enseigne_a="dagues", carte_b="7-dagues")
    message = str(err.value)
    assert err.value.field == "des" and message.startswith("Cartes imposées : ce jet tire 1 carte, la carte de A")
    assert "une carte de Dagues sauf le 7 de Dagues" in message and message.endswith(".")
    for seed in range(300):  # seeded and live draws take the same path
        res = call(
            {
                "op": "roll",
                "roller": "dcda.tour",
                "seed": seed,
                "params": {"enseigne_a": "dagues", "carte_b": "7-dagues"},
            }
        )["result"]
        assert res["tirage"][0] != "7-dagues" and res["tirage"][0].endswith("-dagues")
    drawn = {tour(carte_b="7-dagues")["tirage"][0] for _ in range(400)}  # live: 400 draws among 39 cards
    assert "7-dagues" not in drawn and len(drawn) > 30
    # the other way round: A's given card is never B's
    for seed in range(100):
        res = call(
            {
                "op": "roll",
                "roller": "dcda.tour",
                "seed": seed,
                "params": {"carte_a": "3-coupes", "enseigne_b": "coupes"},
            }
        )["result"]
        assert res["tirage"][0] != "3-coupes"


def test_forced_cards_say_how_many_the_roll_draws_and_accept_any_case_or_accent():
    with pytest.raises(RulesError) as err:
        tour(["3-dagues", "4-dagues"], enseigne_a="dagues", carte_b="7-dagues")
    assert "ce jet tire 1 carte, la carte de A, pas davantage" in str(err.value)
    with pytest.raises(RulesError) as err:
        tour(["3-dagues"])
    assert "ce jet tire 2 cartes, la carte de A puis celle de B ; la carte de B manque" in str(err.value)
    with pytest.raises(RulesError) as err:
        tour(["3-dagues"], carte_a="1-batons", carte_b="2-batons")
    assert "ce jet ne tire aucune carte : les deux sont choisies" in str(err.value)
    res = tour(["7-Écus", "2-BÂTONS"])
    assert res["tirage"] == ["7-ecus", "2-batons"]  # the record keeps the plain names
    assert [g["des"][0]["libelle"] for g in res["des"]] == ["7 d’Écus", "2 de Bâtons"]


def test_odds_with_b_s_card_given_draw_a_from_the_39_others():
    """Issue 10 item 1: ``odds dcda.tour carte_b=7-dagues`` was refused; A draws from the 39 other cards."""
    fa, fb = (5, 1, 4, 2), (3, 3, 3, 7)
    got = odds("dcda.tour", {"carte_b": "7-dagues", "forces_a": fa, "forces_b": fb})
    codes = [10 * s + v - 1 for s in range(4) for v in range(1, 11) if (v, s) != (7, 3)]
    assert len(codes) == 39
    oracle = icepool.Die(codes).map(
        lambda c: _oracle_winner((c % 10 + 1, SUITS[c // 10]), (7, "dagues"), fa, fb, (0, 0, 0, 0), DEFAULT_ORDER)
    )
    for label, key in (("A remporte le tour", "a"), ("B remporte le tour", "b"), ("Statu quo", "n")):
        assert Fraction(got["exact"][label]) == oracle.probability(key)
    assert any("39 cartes, sans le 7 de Dagues que tient B" in n for n in got["notes"])
    # B's suit pile without A's given card: nine cards
    got = odds("dcda.tour", {"carte_a": "7-dagues", "enseigne_b": "dagues", "forces_a": fa, "forces_b": fb})
    oracle = icepool.Die([v for v in range(1, 11) if v != 7]).map(
        lambda v: _oracle_winner((7, "dagues"), (v, "dagues"), fa, fb, (0, 0, 0, 0), DEFAULT_ORDER)
    )
    assert Fraction(got["exact"]["B remporte le tour"]) == oracle.probability("b")


def test_the_meneuse_s_bonus_for_one_side_or_both():
    """004: « un bonus ou un malus à appliquer à l’usage d’une enseigne spécifique »; issue 10 item 8: one side or both."""
    base = dict(carte_a="3-batons", carte_b="5-batons", forces_a="4,0,0,0", forces_b="2,0,0,0", bonus="2,0,0,0")
    assert tour(**base)["totaux"] == {"a": 9, "b": 9}
    only_a = tour(**base, bonus_pour="a")
    assert only_a["totaux"] == {"a": 9, "b": 7} and only_a["gagnant"] == "a"
    assert "Force totale de B : 5 (carte) + 2 (Bâtons) = 7" in only_a["calcul"]
    assert any(n == "Bonus/malus de la meneuse pour A : Bâtons +2" for n in only_a["notes"])
    only_b = tour(**base, bonus_pour="b")
    assert only_b["totaux"] == {"a": 7, "b": 9} and only_b["gagnant"] == "b"
    # the exact odds of a one-sided bonus against the oracle (two different suits: two independent d10)
    fa, fb, bonus = (3, 3, 3, 3), (3, 3, 3, 7), (0, 0, 0, 3)
    got = odds(
        "dcda.tour",
        {
            "enseigne_a": "ecus",
            "enseigne_b": "dagues",
            "bonus": bonus,
            "bonus_pour": "b",
            "forces_a": fa,
            "forces_b": fb,
        },
    )
    die = icepool.map(
        lambda a, b: _oracle_winner((a, "ecus"), (b, "dagues"), fa, fb, (0, 0, 0, 0), DEFAULT_ORDER, bonus),
        icepool.d10,
        icepool.d10,
    )
    assert Fraction(got["exact"]["A remporte le tour"]) == die.probability("a")
    assert Fraction(got["exact"]["Statu quo"]) == die.probability("n")


def test_the_meneuse_may_forbid_or_require_suits():
    """004: « elles peuvent interdire ou obliger l’usage d’une ou plusieurs enseignes »."""
    required = {"enseignes_imposees": "Bâtons,ecus", "enseignes_interdites": "dagues"}
    got = odds("dcda.tour", required)
    deck = [(v, s) for s in ("batons", "ecus") for v in range(1, 11)]
    outcomes = [
        _oracle_winner(a, b, (3, 3, 3, 3), (3, 3, 3, 7), (0, 0, 0, 0), DEFAULT_ORDER) for a, b in permutations(deck, 2)
    ]
    assert Fraction(got["exact"]["A remporte le tour"]) == Fraction(outcomes.count("a"), len(outcomes))
    assert Fraction(got["exact"]["Statu quo"]) == Fraction(outcomes.count("n"), len(outcomes))
    for seed in range(60):
        res = call(
            {"op": "roll", "roller": "dcda.tour", "seed": seed, "params": {"enseignes_interdites": "dagues,coupes"}}
        )
        assert all(c.split("-")[1] in ("batons", "ecus") for c in res["result"]["tirage"])
    with pytest.raises(RulesError) as err:
        tour(carte_a="7-dagues", enseignes_interdites="dagues")
    assert err.value.field == "carte_a" and "ne laisse jouer que Bâtons, Écus ou Coupes" in str(err.value)
    with pytest.raises(RulesError) as err:
        tour(enseigne_b="coupes", enseignes_imposees="dagues")
    assert err.value.field == "enseigne_b"
    for broken in (
        {"enseignes_interdites": "batons,ecus,coupes,dagues"},
        {"enseignes_imposees": "dagues", "enseignes_interdites": "Dagues"},
    ):
        answer = call({"op": "roll", "roller": "dcda.tour", "params": broken})
        assert answer["ok"] is False and answer["field"] == "enseignes_interdites"
        assert "au moins une enseigne reste jouable" in answer["error"]
    answer = call({"op": "odds", "roller": "dcda.tour", "params": {"enseignes_imposees": "epees"}})
    assert answer["field"] == "enseignes_imposees" and "(enseignes_imposees)" in answer["error"]


def test_tour_odds_by_table_outcome_add_up():
    got = odds("dcda.tour", {"enseigne_a": "dagues", "enseigne_b": "ecus", "table": "C4S/C4S/C4S/C4S"})
    exact = {k: Fraction(v) for k, v in got["exact_table"].items()}
    assert sum(exact.values()) == 1
    # a card against Dagues: B (Écus dominated) counts its card alone, 1..10; A's Dagues + 3 beats most
    assert exact["Statu quo"] == Fraction(got["exact"]["Statu quo"])


def test_confrontation_odds_first_round_with_favourite_suits():
    got = odds("dcda.confrontation", {"predilection_a": "coupes"})
    # Coupes (3) against Nocturne's strongest suit, Dagues (7): A wins iff v > w + 4
    assert got["exact"] == {
        "A remporte le tour 1": "3/20",
        "Nocturne remporte le tour 1": "79/100",
        "Statu quo": "3/50",
    }


# ----------------------------------------------------------------------
# A whole confrontation, replayed with forced cards
# ----------------------------------------------------------------------

TEAM = {
    "forces_a": "2,2,2,2,4,1,1,5",
    "noms_a": "Aelis,Bran",
    "predilection_a": "coupes,-",
    "niveau_a": "1,3",
    "fortune_a": "-1,9",
    "pnj": "nocturne",
}
HANDS = "5-batons,6-ecus,2-coupes,8-dagues,3-batons,9-ecus,7-coupes,1-dagues,10-batons,4-ecus,5-coupes,6-dagues"


def conf_act(state, action, dice=None, **params):
    return act("dcda.confrontation", action, state, params, dice)


def offer(res, action, participant=None):
    return next(
        a
        for a in res["actions"]
        if a["id"] == action and (participant is None or a["parametres"].get("participant") == participant)
    )


def test_a_team_confrontation_replayed_with_forced_cards():
    res = roll("dcda.confrontation", TEAM, HANDS)
    assert [g["titre"] for g in res["des"]] == ["Main d’Aelis", "Main de Bran", "Main de Nocturne"]
    assert res["etat"]["mains"][2] == [10, 4, 5, 6]
    assert [o["b"] for o in res["oppositions"]] == ["b1", "b1"]  # team against solo
    st = res["etat"]
    # « Relations et valeurs », niveau 1 : « La joueuse ne peut pas renoncer à un premier tour. »
    assert offer(res, "renoncer", "a1")["possible"] is False
    with pytest.raises(RulesError) as err:
        conf_act(st, "renoncer", participant="a1")
    assert err.value.field == "action" and "premier tour" in str(err.value)
    # « Enseigne de prédilection et repioche »: the same card may come back; once per confrontation
    with pytest.raises(RulesError):  # Bran's 7 de Coupes is not in the pile
        conf_act(st, "repiocher", ["7-coupes"], participant="a1")
    res = conf_act(st, "repiocher", ["2-coupes"], participant="Aelis")
    assert res["etat"]["mains"][0] == [5, 6, 2, 8] and any("même carte" in c for c in res["calcul"])
    st = res["etat"]
    assert offer(res, "repiocher", "a1")["possible"] is False
    with pytest.raises(RulesError):
        conf_act(st, "repiocher", ["3-coupes"], participant="a1")
    # round 1: Aelis Coupes 2, Bran Dagues 1, Nocturne Bâtons 10; then each draws the suit she lacks
    res = conf_act(st, "jouer", ["3-coupes", "4-dagues", "9-batons"], enseignes="coupes,dagues,batons")
    duels = {(d["a"], d["b"]): d for d in res["tour_joue"]}
    # « Le cercle de domination s'applique séparément pour chaque opposition »
    assert duels["a1", "b1"]["totaux"] == [4, 10]  # Bâtons dominated by Coupes: 10 alone
    assert duels["a2", "b1"]["totaux"] == [1, 13]  # Dagues dominated by Bâtons: 1 alone
    assert duels["a1", "b1"]["gagnant"] == duels["a2", "b1"]["gagnant"] == "b"
    assert duels["a1", "b1"]["force_perdant"] == 4 and duels["a2", "b1"]["force_perdant"] == 1
    assert res["etat"]["mains"] == [[5, 6, 3, 8], [3, 9, 7, 4], [9, 4, 5, 6]]
    st = res["etat"]
    # Bran (niveau 3 ⊇ 2) lost round 1: « doit tenter au moins un second tour »; Aelis (niveau 1) may go
    assert offer(res, "renoncer", "a2")["possible"] is False
    assert offer(res, "terminer")["possible"] is False
    res = conf_act(st, "renoncer", participant="a1")
    assert "l’issue du tour 1 se confirme" in res["resultat"]
    st = res["etat"]
    # round 2: only Bran and Nocturne; Écus dominate Coupes
    with pytest.raises(RulesError) as err:
        conf_act(st, "jouer", enseignes="ecus,coupes,batons")
    assert err.value.field == "enseignes"
    res = conf_act(st, "jouer", ["2-ecus", "5-coupes"], enseignes="ecus,coupes")
    assert res["tour_joue"] == [
        {
            "a": "a2",
            "b": "b1",
            "cartes": ["9-ecus", "5-coupes"],
            "totaux": [10, 5],
            "gagnant": "a",
            "force_perdant": 5,
            "tour": 2,
            "issue": None,
        }
    ]
    standing = {(o["a"], o["b"]): o for o in res["oppositions"]}
    assert standing["a1", "b1"]["tour"] == 1 and standing["a1", "b1"]["gagnant"] == "b"
    assert standing["a2", "b1"]["tour"] == 2 and standing["a2", "b1"]["gagnant"] == "a"
    st = res["etat"]
    # « Exaltation et Tempérances »: level 3 draws before round 3; it matches the fortune
    assert offer(res, "jouer")["possible"] is False and offer(res, "exaltation")["possible"] is True
    with pytest.raises(RulesError):
        conf_act(st, "jouer", ["1-ecus", "1-coupes"], enseignes="ecus,coupes")
    res = conf_act(st, "exaltation", ["9"])
    assert res["fin"] == "temperance" and res["temperance"] == "a2"
    assert res["des"][0]["des"][0]["libelle"] == "IX — L’Ermite" and res["des"][0]["des"][0]["garde"] is True
    assert not any(a["possible"] for a in res["actions"])
    with pytest.raises(RulesError):
        conf_act(res["etat"], "jouer", ["1-ecus", "1-coupes"], enseignes="ecus,coupes")


def test_an_exaltation_without_match_lets_the_rounds_go_on():
    res = roll(
        "dcda.confrontation",
        {"niveau_a": "4", "fortune_a": "0"},
        "1-batons,2-ecus,3-coupes,4-dagues,5-batons,6-ecus,7-coupes,8-dagues",
    )
    res = conf_act(res["etat"], "exaltation", ["17"])
    assert res["fin"] is None and offer(res, "jouer")["possible"] and not offer(res, "exaltation")["possible"]
    # level 4 lost round 1 (Dagues 4+3 against Dagues 8+7): cannot renounce, must play on
    res = conf_act(res["etat"], "jouer", ["9-dagues", "4-dagues"], enseignes="dagues,dagues")
    assert res["gagnant"] == "b"
    assert "Niveau 4" in offer(res, "renoncer", "a1")["raison"]
    # Nocturne may give up: the outcome of round 1 stands
    res = conf_act(res["etat"], "renoncer", participant="b1")
    assert res["fin"] == "renoncement" and res["oppositions"][0]["gagnant"] == "b"


def test_level_2_after_a_win_may_stop_and_round_four_is_final():
    res = roll(
        "dcda.confrontation",
        {"niveau_a": "2", "forces_b": "0,0,0,0"},
        "1-batons,2-ecus,3-coupes,4-dagues,5-batons,6-ecus,7-coupes,8-dagues",
    )
    st = res["etat"]
    assert res["actions"] and offer(res, "renoncer", "b1")["possible"]
    assert not offer(res, "renoncer", "a1")["possible"]
    for _ in range(3):
        # Coupes 3 + 3 against Bâtons 5 alone (dominated by Coupes): A wins
        res = conf_act(st, "jouer", ["3-coupes", "5-batons"], enseignes="coupes,batons")
        st = res["etat"]
        assert res["gagnant"] == "a" and res["reussite"] is True
        assert offer(res, "terminer")["possible"]  # A won: everybody may accept
    res = conf_act(st, "jouer", enseignes="coupes,batons")  # round 4: no card drawn after it
    assert res["tour"] == 4 and res["fin"] == "tour4" and res["tirage"] == []
    assert not offer(res, "jouer")["possible"] and not offer(res, "terminer")["possible"]
    with pytest.raises(RulesError):
        conf_act(res["etat"], "jouer", enseignes="coupes,batons")


def test_environment_and_team_against_team():
    # « La force de chaque enseigne de l'environnement peut monter jusqu'à 25 ! »
    res = roll("dcda.confrontation", {"forces_b": "25,20,15,10", "environnement": True}, seed=5)
    assert res["oppositions"][0]["noms"] == ["A", "l’environnement"]
    with pytest.raises(RulesError) as err:
        roll("dcda.confrontation", {"forces_b": "25,20,15,10", "environnement": True, "niveau_b": "3"})
    assert err.value.field == "niveau_b"
    with pytest.raises(RulesError) as err:
        roll("dcda.confrontation", {"forces_b": "1,1,1,1,2,2,2,2", "environnement": True})
    assert err.value.field == "forces_b"
    # « Chaque participante choisit son ou ses adversaires au début de la confrontation. »
    two = {"forces_a": "1,1,1,1,2,2,2,2", "forces_b": "3,3,3,3,4,4,4,4,5,5,5,5", "adversaires": "1+2,3"}
    res = roll("dcda.confrontation", two, seed=2)
    assert [(o["a"], o["b"]) for o in res["oppositions"]] == [("a1", "b1"), ("a1", "b2"), ("a2", "b3")]
    for bad in ("1,2", "1+4,3", "1+1,2", "x,3"):
        with pytest.raises(RulesError) as err:
            roll("dcda.confrontation", {**two, "adversaires": bad})
        assert err.value.field == "adversaires"


# ----------------------------------------------------------------------
# Nocturne (RULES.md: the site's own example NPC, never the book's, to preset a confrontation)
# ----------------------------------------------------------------------


def test_nocturne_preset():
    assert NOCTURNE == {"nom": "Nocturne", "forces": (3, 3, 3, 7), "fortune": 17}
    res = roll("dcda.confrontation", {"pnj": "nocturne", "niveau_b": "3"}, seed=1)
    assert "Nocturne : Bâtons 3, Écus 3, Coupes 3, Dagues 7 ; niveau 3, fortune XVII — L’Étoile" in res["calcul"]
    assert len(res["tirage"]) == 8  # the fortune is the sheet's: no draw
    # without a given fortune, an exalted NPC's fortune is drawn at the start
    res = roll("dcda.confrontation", {"forces_b": "3,3,3,7", "niveau_b": "4"}, HANDS.split(",")[:8] + ["5"])
    assert res["etat"]["fortunes"] == [None, 5]
    with pytest.raises(RulesError) as err:
        roll("dcda.confrontation", {"pnj": "nocturne", "forces_b": "1,1,1,1"})
    assert err.value.field == "pnj"


# ----------------------------------------------------------------------
# Bad input and forged states
# ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "roller, params, field",
    [
        ("dcda.tour", {"forces_a": "1,2,3"}, "forces_a"),
        ("dcda.tour", {"forces_b": "1,2,3,26"}, "forces_b"),
        ("dcda.tour", {"carte_a": "11-dagues"}, "carte_a"),
        ("dcda.tour", {"carte_a": "7-dagues", "carte_b": "7-dagues"}, "carte_b"),
        ("dcda.tour", {"carte_a": "7-dagues", "enseigne_a": "ecus"}, "enseigne_a"),
        ("dcda.tour", {"enseigne_b": "coeurs"}, "enseigne_b"),
        ("dcda.tour", {"tour": 5}, "tour"),
        ("dcda.tour", {"bonus": "11,0,0,0"}, "bonus"),
        ("dcda.tour", {"domination": "dagues>batons"}, "domination"),
        ("dcda.confrontation", {"forces_a": "1,2,3,4,5"}, "forces_a"),
        ("dcda.confrontation", {"niveau_a": "5"}, "niveau_a"),
        ("dcda.confrontation", {"niveau_a": "1,1"}, "niveau_a"),
        ("dcda.confrontation", {"fortune_a": "22"}, "fortune_a"),
        ("dcda.confrontation", {"predilection_a": "epees"}, "predilection_a"),
        ("dcda.confrontation", {"noms_a": "Aelis,Bran"}, "noms_a"),
        ("dcda.confrontation", {"noms_a": "Nocturne"}, "noms_a"),
        ("dcda.confrontation", {"pnj": "dracula"}, "pnj"),
        ("dcda.confrontation", {"adversaires": "1"}, "adversaires"),
        ("dcda.confrontation", {"table": "M"}, "table"),
    ],
)
def test_bad_input_names_the_field_in_french(roller, params, field):
    answer = call({"op": "roll", "roller": roller, "params": params})
    assert answer["ok"] is False and answer["field"] == field
    assert answer["error"].endswith(".") and f"({field})" in answer["error"]


@pytest.mark.parametrize(
    "action, params, field",
    [
        ("renoncer", {"participant": "z9"}, "participant"),
        ("repiocher", {}, "participant"),
        ("jouer", {"enseignes": "epees,batons"}, "enseignes"),
        ("jouer", {"enseignes": "batons"}, "enseignes"),
        ("jouer", {"enseignes": "batons,batons", "intrus": 1}, "intrus"),
    ],
)
def test_bad_action_input_names_the_field(action, params, field):
    state = roll("dcda.confrontation", {}, HANDS.split(",")[:8])["etat"]
    answer = call({"op": "action", "roller": "dcda.confrontation", "action": action, "state": state, "params": params})
    assert answer["ok"] is False and answer["field"] == field and answer["error"].endswith(".")


def _forge(state, path, value):
    state = copy.deepcopy(state)
    target = state
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return state


@pytest.mark.parametrize(
    "path, value",
    [
        (("version",), 2),
        (("tour",), 5),
        (("tour",), True),
        (("mains", 0, 3), 11),
        (("mains", 1, 0), "x"),
        (("mains", 1), None),
        (("parametres", "forces_a"), [99, 0, 0, 0]),
        (("parametres", "niveau_a"), [7]),
        (("fortunes", 1), 3),  # Nocturne's fortune is XVII
        (("actifs", 0), "oui"),
        (("repioche", 0), True),  # A has no favourite suit
        (("exaltations",), [[1, 0, 14]]),  # A is not exalted
        (("fin",), "victoire"),
        (("temperance",), [0, 1]),
        (("joues",), [["1-batons", None]]),
    ],
)
def test_a_forged_state_is_refused(path, value):
    state = roll("dcda.confrontation", {}, HANDS.split(",")[:8])["etat"]
    forged = _forge(state, path, value)
    with pytest.raises(RulesError) as err:
        act("dcda.confrontation", "jouer", forged, {"enseignes": "batons,batons"})
    assert err.value.field == "etat" and str(err.value).startswith("État (etat)")


def test_a_forged_duplicate_card_is_refused():
    state = roll("dcda.confrontation", {}, HANDS.split(",")[:8])["etat"]
    state["mains"][1][0] = state["mains"][0][0]
    answer = call(
        {
            "op": "action",
            "roller": "dcda.confrontation",
            "action": "jouer",
            "state": state,
            "params": {"enseignes": "batons,batons"},
        }
    )
    assert answer == {
        "ok": False,
        "field": "etat",
        "error": "État (etat)\u00a0: deux mains tiennent la même carte\u202f; relancez la confrontation.",
    }
    assert (
        call(
            {
                "op": "action",
                "roller": "dcda.confrontation",
                "action": "jouer",
                "state": "x",
                "params": {"enseignes": "batons"},
            }
        )["field"]
        == "etat"
    )


def test_a_confrontation_and_its_actions_replay_from_their_own_record():
    params = {"forces_a": "1,2,3,4,4,3,2,1", "niveau_a": "0,4", "predilection_a": "dagues,-", "niveau_b": "4"}
    first = call({"op": "roll", "roller": "dcda.confrontation", "params": params, "seed": 21})["result"]
    assert len(first["tirage"]) == 12 + 1  # three hands, then a2's fortune (Nocturne's is XVII on her sheet)
    again = call({"op": "roll", "roller": "dcda.confrontation", "params": params, "dice": first["tirage"]})["result"]
    assert again == first
    step = call(
        {"op": "action", "roller": "dcda.confrontation", "action": "exaltation", "state": first["etat"], "seed": 4}
    )["result"]
    replay = call(
        {
            "op": "action",
            "roller": "dcda.confrontation",
            "action": "exaltation",
            "state": first["etat"],
            "dice": step["tirage"],
        }
    )["result"]
    assert replay == step and len(step["tirage"]) in (1, 2)


def test_each_participant_plays_a_card_of_her_hand_by_its_own_field():
    """004, « Déroulement d’un tour » 2: each participant picks a card of her hand (the page's form)."""
    from rules_py import act, roll

    start = roll("dcda.confrontation", {}, seed=3)
    offer = next(o for o in start["actions"] if o["id"] == "jouer")
    fields = {f["nom"]: f for f in offer["parametres"]}
    assert set(fields) == {"a1", "b1"}
    hand_a = start["etat"]["mains"][0]
    assert [c["libelle"] for c in fields["a1"]["choix"]] == [
        f"{hand_a[0]} de Bâtons",
        f"{hand_a[1]} d’Écus",
        f"{hand_a[2]} de Coupes",
        f"{hand_a[3]} de Dagues",
    ]
    by_field = act("dcda.confrontation", "jouer", start["etat"], {"a1": "dagues", "b1": "batons"})
    by_text = act("dcda.confrontation", "jouer", start["etat"], {"enseignes": "dagues,batons"})
    assert by_field["calcul"] == by_text["calcul"] and by_field["resultat"] == by_text["resultat"]
    with pytest.raises(RulesError) as err:
        act("dcda.confrontation", "jouer", start["etat"], {"a1": "dagues"})
    assert err.value.field == "b1" and "Carte jouée par Nocturne (b1)" in str(err.value)


def test_actions_leave_the_callers_state_untouched():
    """Pure state in, state out: the same state played twice gives the same round."""
    import copy

    from rules_py import act, roll

    start = roll("dcda.confrontation", {}, seed=3)
    kept = copy.deepcopy(start["etat"])
    # two actions the rules allow at this state (an action refused there would test nothing)
    for action, params in (("jouer", {"enseignes": "dagues,batons"}), ("renoncer", {"participant": "a1"})):
        first = act("dcda.confrontation", action, start["etat"], params, seed=1)
        assert start["etat"] == kept, action
        second = act("dcda.confrontation", action, start["etat"], params, seed=1)
        assert start["etat"] == kept, action
        assert first == second, action  # the same round from two plays
        assert first["etat"] != kept, action  # and the action did play
