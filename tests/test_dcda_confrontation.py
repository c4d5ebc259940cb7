"""De Cœur & D’Acier (chapter 004): whole confrontations played through the follow-ups.

Sections cited: « La confrontation en équipe » (« Tant qu’au moins un
adversaire de chaque équipe est en vie et n’a pas déclaré forfait… »),
« Exaltation et Tempérances » (« il peut ne pas y avoir concrètement de
« gagnant » »), « Les enseignes et le cercle de domination » (the meneuse's
powers), « Déroulement d’un tour » (renouncing), and RULES.md.
"""

from __future__ import annotations

import re

import pytest

from rules_py import RulesError, act, call, odds, roll

HANDS_4 = ",".join(f"{v}-{s}" for v in (1, 2, 3, 4) for s in ("batons", "ecus", "coupes", "dagues"))
HANA_JADE = {
    "forces_a": "3,3,3,3,2,2,2,2",
    "noms_a": "Hana,Eli",
    "niveau_a": "4,0",
    "fortune_a": "14,-1",
    "forces_b": "4,4,4,4,1,1,1,1",
    "noms_b": "Jade,Loup",
}


def step(res, action, dice=None, **params):
    return act("dcda.confrontation", action, res["etat"], params, dice)


def offer(res, action, participant=None):
    return next(
        a
        for a in res["actions"]
        if a["id"] == action and (participant is None or a["parametres"].get("participant") == participant)
    )


def texts(res):
    """Every French sentence of a result a reader sees."""
    out = [res["resultat"], *res["calcul"], *res["notes"], *res.get("classement", [])]
    out += [g["titre"] for g in res["des"]] + [d.get("libelle", "") + d["marque"] for g in res["des"] for d in g["des"]]
    out += [a["libelle"] + a.get("raison", "") for a in res["actions"]]
    return out


# ----------------------------------------------------------------------
# Item 2: a member with no adversary left leaves the confrontation
# ----------------------------------------------------------------------


def hana_after_jade_renounces():
    res = roll("dcda.confrontation", HANA_JADE, HANDS_4)
    assert [(o["a"], o["b"]) for o in res["oppositions"]] == [("a1", "b1"), ("a2", "b2")]  # Hana–Jade, Eli–Loup
    res = step(res, "exaltation", ["3"])  # Hana (level 4) draws before round 1: no match
    res = step(res, "jouer", ["5-batons", "5-ecus", "5-coupes", "5-dagues"], enseignes="batons,ecus,coupes,dagues")
    assert offer(res, "renoncer", "a1")["possible"] is False  # Hana lost round 1: level 4 must go on
    assert offer(res, "exaltation")["possible"] is True
    return step(res, "renoncer", participant="Jade")


def test_a_team_member_without_adversary_leaves_the_confrontation():
    """Issue 10 item 2: after Jade (Hana's only adversary) renounces, Hana plays no more and holds nobody back."""
    res = hana_after_jade_renounces()
    assert res["fin"] is None
    st = res["etat"]
    assert st["mains"][0] is None and st["mains"][2] is None  # Hana's and Jade's hands went back to the piles
    assert st["actifs"] == [True, True, False, True]
    # no exaltation draw for Hana, no card for her: only Eli and Loup play round 2
    assert offer(res, "exaltation")["possible"] is False
    play = offer(res, "jouer")
    assert play["possible"] is True and play["participants"] == ["a2", "b2"]
    assert [f["nom"] for f in play["parametres"]] == ["a2", "b2"]
    # no level obligation: she blocks neither « terminer » nor anybody's renouncing
    assert offer(res, "terminer")["possible"] is True
    assert offer(res, "renoncer", "a2")["possible"] and offer(res, "renoncer", "b2")["possible"]
    hana = offer(res, "renoncer", "a1")
    assert hana["possible"] is False and "n’a plus d’adversaire" in hana["raison"]
    assert (
        "Hana n’a plus d’adversaire en face d’elle : elle quitte la confrontation, sa main retourne dans les piles."
        in res["calcul"]
    )
    assert [g["titre"] for g in res["des"]] == ["Main d’Eli", "Main de Loup"]  # no empty line for Hana or Jade
    with pytest.raises(RulesError) as err:
        step(res, "jouer", enseignes="batons,ecus,coupes")
    assert err.value.field == "enseignes" and "(Eli, Loup)" in str(err.value)
    with pytest.raises(RulesError):
        step(res, "exaltation", ["14"])  # her Tempérance cannot end the other duel: she draws nothing
    # round 2 is Eli against Loup alone; one card drawn after it, for each of them
    nxt = step(res, "jouer", ["6-ecus", "6-dagues"], enseignes="ecus,dagues")
    assert [(d["a"], d["b"]) for d in nxt["tour_joue"]] == [("a2", "b2")]
    assert nxt["etat"]["joues"][-1][:3] == [None, "5-ecus", None] and nxt["tirage"] == ["6-ecus", "6-dagues"]
    standing = {o["a"]: o for o in nxt["oppositions"]}
    assert standing["a1"]["tour"] == 1 and standing["a1"]["gagnant"] == "b"  # Jade's win of round 1 stands
    assert standing["a2"]["tour"] == 2
    done = step(res, "terminer")
    assert done["fin"] == "accord"
    assert done["resultat"] == (
        "L’issue du tour 1 convient à toutes. Issue définitive : Jade l’emporte sur Hana "
        "(tour 1) ; Loup l’emporte sur Eli (tour 1)."
    )
    assert done["classement"][0] == (
        "Issue définitive — Hana contre Jade : Jade l’emporte sur Hana au tour 1, force totale de la perdante 1."
    )


def test_the_state_of_a_member_who_left_is_checked():
    res = hana_after_jade_renounces()
    forged = {**res["etat"], "mains": [[9, 9, 9, 9]] + res["etat"]["mains"][1:]}
    with pytest.raises(RulesError) as err:
        act("dcda.confrontation", "jouer", forged, {"enseignes": "ecus,dagues"})
    assert err.value.field == "etat"


# ----------------------------------------------------------------------
# Item 3: no winner after a Tempérance
# ----------------------------------------------------------------------


def test_a_temperance_ends_the_confrontation_with_no_winner():
    """Issue 10 item 3: « il peut ne pas y avoir concrètement de « gagnant » »; the pending outcome is not applied."""
    res = roll(
        "dcda.confrontation",
        {"noms_a": "Eli", "niveau_a": "4", "fortune_a": "14", "table": "C4S8Q/C5S/S6Q/Q4M"},
        "1-batons,2-ecus,3-coupes,9-dagues,5-batons,6-ecus,7-coupes,1-dagues",
    )
    res = step(res, "exaltation", ["3"])
    res = step(res, "jouer", ["8-dagues", "2-dagues"], enseignes="dagues,dagues")
    assert res["gagnant"] == "a" and res["reussite"] is True  # Eli won round 1 (9 + 3 against 1 + 7)
    res = step(res, "exaltation", ["14"])
    assert res["fin"] == "temperance" and res["temperance"] == "a1"
    assert res["gagnant"] is None and res["reussite"] is None
    assert res["resultat"].startswith("Tempérance ! La lame d’exaltation d’Eli correspond à sa fortune")
    assert (
        "prend fin par une Tempérance, sans gagnante ; l’issue en suspens ne s’applique pas, la meneuse raconte"
        in res["resultat"]
    )
    (row,) = res["oppositions"]
    assert row["gagnant"] is None and row["force_perdant"] is None and row["issue"] is None
    assert not any("l’emporte sur" in line or "l’emporte au" in line for line in texts(res))
    assert res["classement"] == [
        "Issue définitive — Eli contre Nocturne : la Tempérance d’Eli met fin à la "
        "confrontation ; personne ne l’emporte, l’issue en suspens ne s’applique pas."
    ]
    assert res["des"][0]["des"][0]["libelle"] == "XIV — Tempérance"
    assert res["des"][0]["des"][0]["valeur"] == "XIV — Tempérance" and res["tirage"] == ["14"]
    assert not any(a["possible"] for a in res["actions"])


def test_a_temperance_in_a_team_confrontation_names_nobody_as_winner():
    res = roll("dcda.confrontation", {**HANA_JADE, "niveau_a": "0,3", "fortune_a": "-1,-1"}, HANDS_4 + ",2")
    assert res["etat"]["fortunes"] == [None, 2, None, None]
    res = step(res, "jouer", ["5-batons", "5-ecus", "5-coupes", "5-dagues"], enseignes="batons,ecus,coupes,dagues")
    res = step(res, "jouer", ["6-batons", "6-ecus", "6-coupes", "6-dagues"], enseignes="batons,ecus,coupes,dagues")
    assert offer(res, "exaltation")["possible"]  # Eli, level 3, before round 3
    res = step(res, "exaltation", ["2"])
    assert res["fin"] == "temperance" and res["temperance"] == "a2"
    assert all(o["gagnant"] is None for o in res["oppositions"])
    assert all(
        "la Tempérance d’Eli met fin à la confrontation ; personne ne l’emporte" in line for line in res["classement"]
    )


# ----------------------------------------------------------------------
# Item 8: the meneuse's powers, teams up to eight, renouncing gives the hand back
# ----------------------------------------------------------------------


def test_a_favourite_suit_is_marked_among_her_cards_none_chosen_for_her():
    res = roll(
        "dcda.confrontation",
        {"predilection_a": "coupes"},
        "1-batons,2-ecus,3-coupes,4-dagues,5-batons,6-ecus,7-coupes,8-dagues",
    )
    mine, hers = offer(res, "jouer")["parametres"]
    assert mine["defaut"] is None and hers["defaut"] is None  # « — à choisir — » for each
    assert [c["libelle"] for c in mine["choix"]] == [
        "1 de Bâtons",
        "2 d’Écus",
        "3 de Coupes (prédilection)",
        "4 de Dagues",
    ]
    assert not any("prédilection" in c["libelle"] for c in hers["choix"])


def test_forbidden_and_required_suits_in_a_confrontation():
    res = roll(
        "dcda.confrontation",
        {"enseignes_interdites": "dagues", "predilection_a": "dagues"},
        "1-batons,2-ecus,3-coupes,4-dagues,5-batons,6-ecus,7-coupes,8-dagues",
    )
    assert "Enseignes interdites par la meneuse : Dagues" in res["calcul"]
    field = offer(res, "jouer")["parametres"][0]
    assert [c["valeur"] for c in field["choix"]] == ["batons", "ecus", "coupes"] and field["defaut"] is None
    for params, name in (({"enseignes": "dagues,batons"}, "enseignes"), ({"a1": "dagues", "b1": "batons"}, "a1")):
        with pytest.raises(RulesError) as err:
            act("dcda.confrontation", "jouer", res["etat"], params)
        assert err.value.field == name and "la meneuse ne laisse jouer que Bâtons, Écus ou Coupes" in str(err.value)
    ok = step(res, "jouer", ["9-coupes", "2-batons"], enseignes="coupes,batons")
    assert ok["tour"] == 1
    # one required suit: everybody plays it; the odds of round 1 follow it
    got = call({"op": "odds", "roller": "dcda.confrontation", "params": {"enseignes_imposees": "ecus"}})["result"]
    assert got["oppositions"][0]["enseignes"] == ["ecus", "ecus"]
    answer = call(
        {
            "op": "roll",
            "roller": "dcda.confrontation",
            "params": {"enseignes_imposees": "coupes", "enseignes_interdites": "coupes,batons"},
        }
    )
    assert answer["ok"] is False and answer["field"] == "enseignes_interdites"
    assert "elles interdisent toutes les enseignes imposées (Coupes)" in answer["error"]


def test_the_bonus_for_one_team_only():
    res = roll(
        "dcda.confrontation",
        {"bonus": "0,0,0,2", "bonus_pour": "b"},
        "1-batons,2-ecus,3-coupes,4-dagues,5-batons,6-ecus,7-coupes,8-dagues",
    )
    assert "Bonus/malus de la meneuse pour Nocturne : Dagues +2" in res["calcul"]
    res = step(res, "jouer", ["1-dagues", "2-dagues"], enseignes="dagues,dagues")
    assert res["tour_joue"][0]["totaux"] == [4 + 3, 8 + 7 + 2]


def test_teams_up_to_eight_a_side_and_ten_in_all():
    eight = {"forces_a": ",".join(["2"] * 32), "forces_b": "3,3,3,3,4,4,4,4", "adversaires": "1,1,1,1,2,2,2,2"}
    res = roll("dcda.confrontation", eight, seed=8)
    assert [m["titre"] for m in res["des"]][:8] == [f"Main de A{k}" for k in range(1, 9)]
    assert len(res["tirage"]) == 40  # ten hands: every card of the deck
    st = res["etat"]
    for s in range(4):
        assert sorted(h[s] for h in st["mains"]) == list(range(1, 11))
    play = offer(res, "jouer")
    assert [f["nom"] for f in play["parametres"]] == [f"a{k}" for k in range(1, 9)] + ["b1", "b2"]
    picks = {f"a{k}": "batons" for k in range(1, 9)} | {"b1": "ecus", "b2": "coupes"}
    after = act("dcda.confrontation", "jouer", st, picks, seed=1)
    assert len(after["tour_joue"]) == 8
    too_many = call(
        {
            "op": "roll",
            "roller": "dcda.confrontation",
            "params": {
                "forces_a": ",".join(["2"] * 32),
                "forces_b": ",".join(["3"] * 12),
                "adversaires": "1,1,1,2,2,2,3,3",
            },
        }
    )
    assert too_many["ok"] is False and too_many["field"] == "forces_a"
    assert "au plus 10 participantes en tout" in too_many["error"]
    nine = call({"op": "roll", "roller": "dcda.confrontation", "params": {"forces_a": ",".join(["2"] * 36)}})
    assert nine["ok"] is False and nine["field"] == "forces_a"


def test_a_participant_who_renounces_puts_her_hand_back_into_the_piles():
    """RULES.md: renouncing before a round, « her hand goes back to the piles »."""
    team = {"forces_a": "2,2,2,2,3,3,3,3", "noms_a": "Aube,Brune"}
    hands = "1-batons,1-ecus,1-coupes,1-dagues,2-batons,2-ecus,2-coupes,2-dagues,3-batons,3-ecus,3-coupes,3-dagues"
    res = roll("dcda.confrontation", team, hands)
    with pytest.raises(RulesError) as err:  # Aube holds the 1 de Bâtons: Nocturne cannot draw it
        step(res, "jouer", ["4-dagues", "5-ecus", "1-batons"], enseignes="dagues,ecus,batons")
    assert (
        "la carte de Bâtons de Nocturne ne peut pas être le 1 de Bâtons, déjà sorti du paquet (en main ou posé) : "
        "il faut une carte de Bâtons sauf le 1 de Bâtons" in str(err.value)
    )
    res = step(res, "renoncer", participant="Aube")
    assert res["etat"]["mains"][0] is None
    assert "La main d’Aube retourne dans les piles." in res["calcul"]
    # now her 1 de Bâtons is back in the pile: Nocturne may draw it after round 1
    res = step(res, "jouer", ["5-ecus", "1-batons"], enseignes="ecus,batons")
    assert res["etat"]["mains"][2][0] == 1


# ----------------------------------------------------------------------
# Words: elisions, the feminine generic, the meneuse's NPCs, no « (s) »
# ----------------------------------------------------------------------


def test_names_are_elided_and_npcs_are_the_meneuse_s():
    res = roll(
        "dcda.confrontation",
        {"noms_a": "Eli", "niveau_a": "1", "forces_b": "20,5,5,5", "environnement": True},
        HANDS_4.split(",")[:8],
    )
    assert [g["titre"] for g in res["des"]] == ["Main d’Eli", "Main de l’environnement"]
    assert offer(res, "renoncer", "a1")["raison"] == "Niveau 1 : Eli ne peut pas renoncer au premier tour."
    avalanche = roll(
        "dcda.confrontation", {"noms_b": "Avalanche", "forces_b": "20,5,5,5", "environnement": True}, seed=1
    )
    assert "Main d’Avalanche" in [g["titre"] for g in avalanche["des"]]
    res = step(res, "jouer", ["9-batons", "8-batons"], enseignes="batons,batons")
    assert "Force totale d’Eli : 1 (carte) + 3 (Bâtons) = 4" in res["calcul"]
    for line in texts(res) + texts(avalanche):
        assert "joueuse de" not in line and "(s)" not in line and "victorieux" not in line


def test_a_whole_confrontation_says_its_standing_after_every_step():
    res = roll("dcda.confrontation", {"niveau_a": "2"}, HANDS_4.split(",")[:8])
    assert res["classement"] == ["Avant le premier tour — A contre Nocturne : aucun tour joué, rien ne change."]
    res = step(res, "jouer", ["9-dagues", "8-dagues"], enseignes="dagues,dagues")
    assert res["classement"] == [
        "Où en est la confrontation après le tour 1 — A contre Nocturne : Nocturne l’emporte "
        "sur A au tour 1, force totale de la perdante 4."
    ]
    assert offer(res, "terminer")["possible"] is False  # level 2 lost round 1: a second round is due
    assert res["classement"][0] in res["notes"]  # a generic printer (the CLI) shows it with the notes
    for a in res["actions"]:
        assert set(a) >= {"id", "libelle", "possible", "parametres"} and (a["possible"] or a["raison"])
    res = step(res, "jouer", ["9-batons", "8-batons"], enseignes="batons,batons")
    res = step(res, "terminer")
    assert res["fin"] == "accord" and res["classement"][0].startswith("Issue définitive — A contre Nocturne : ")
    statu_quo = roll("dcda.confrontation", {"forces_a": "3,3,3,8"}, HANDS_4.split(",")[:8])
    statu_quo = step(step(statu_quo, "jouer", ["9-dagues", "8-dagues"], enseignes="dagues,dagues"), "terminer")
    assert statu_quo["classement"][-1] == "Personne ne l’emporte : la confrontation finit sans gagnante."
    assert re.search(r"statu quo au tour 1, personne ne l’emporte", statu_quo["classement"][0])


# ----------------------------------------------------------------------
# Random whole confrontations: every offer said possible is accepted, every state produced is accepted back
# ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "params",
    [
        {},
        {"forces_a": "1,2,3,4,4,3,2,1", "niveau_a": "3,4", "predilection_a": "dagues,-", "niveau_b": "4"},
        {**HANA_JADE, "adversaires": "1+2,2"},
        {
            "forces_a": ",".join(["2"] * 20),
            "forces_b": "5,5,5,5,1,1,1,1",
            "niveau_b": "2,3",
            "adversaires": "1,1,2,2,1+2",
            "enseignes_interdites": "coupes",
        },
        {
            "forces_b": "25,20,15,10",
            "environnement": True,
            "niveau_a": "4",
            "fortune_a": "0",
            "bonus": "0,0,0,-2",
            "bonus_pour": "a",
        },
    ],
)
def test_random_confrontations_follow_their_own_offers(params):
    import random

    rng = random.Random(10)
    for game in range(12):
        res = call({"op": "roll", "roller": "dcda.confrontation", "params": params, "seed": game})
        assert res["ok"], res
        res = res["result"]
        for _ in range(30):
            possible = [a for a in res["actions"] if a["possible"]]
            for a in res["actions"]:
                if not a["possible"]:
                    answer = call(
                        {
                            "op": "action",
                            "roller": "dcda.confrontation",
                            "action": a["id"],
                            "state": res["etat"],
                            "params": a["parametres"] if isinstance(a["parametres"], dict) else {},
                        }
                    )
                    assert answer["ok"] is False, (a, answer)  # what is said impossible is refused
            if not possible:
                assert res["fin"] is not None and res["classement"][0].startswith("Issue définitive")
                break
            a = rng.choice(possible)
            chosen = (
                a["parametres"]
                if isinstance(a["parametres"], dict)
                else {f["nom"]: rng.choice(f["choix"])["valeur"] for f in a["parametres"]}
            )
            answer = call(
                {
                    "op": "action",
                    "roller": "dcda.confrontation",
                    "action": a["id"],
                    "state": res["etat"],
                    "params": chosen,
                    "seed": rng.randrange(10**6),
                }
            )
            assert answer["ok"], (a, answer)
            res = answer["result"]
            held = [h for h in res["etat"]["mains"] if h is not None]
            assert all(len({h[s] for h in held}) == len(held) for s in range(4))  # one deck
            assert all(re.fullmatch(r"[^a-z].*", line) for line in [res["resultat"], *res["classement"]])
        else:
            pytest.fail("a confrontation went on for 30 steps")


@pytest.mark.parametrize("suits", [("coupes", "ecus"), ("batons", "batons"), ("dagues", "coupes")])
def test_round_one_margin_read_three_ways_is_the_round_roller_s(suits):
    """The confrontation's first opposition, round 1, is a dcda.tour of the same forces and suits,
    whose margin law is checked against icepool in test_dcda.py."""
    a, b = suits
    forces = {"forces_a": [5, 1, 4, 2], "forces_b": [2, 3, 4, 5]}
    conf = odds("dcda.confrontation", {**forces, "predilection_a": a, "predilection_b": b})
    tour = odds("dcda.tour", {**forces, "enseigne_a": a, "enseigne_b": b})
    assert conf["oppositions"][0]["enseignes"] == [a, b]
    assert conf["echelle"]["titre"].startswith("Écart des forces totales au tour 1")
    for way in ("exactement", "au_moins", "au_plus"):
        assert conf["echelle"][way]["exact"] == tour["echelle"][way]["exact"]
    assert conf["echelle"]["valeurs"] == tour["echelle"]["valeurs"]
