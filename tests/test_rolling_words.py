"""The rollers' machinery (rules_py/rolling.py) refusing a roller, a follow-up or a state, word for word.

Mutation testing (bench/README.md, « Mutation testing ») found the machinery's sentences changed, its
roller id read from the wrong end, or a number taken for an id with no test failing: the tests elsewhere
checked which field a refusal names, not what it says, nor what an id that is not text gives.
"""

from __future__ import annotations

import pytest
from helpers import refusal_words

from rules_py import call

GAMES = "et les jeux sont solaires, feerie, simon, dcda."
SOLAIRES = (
    "les lanceurs de solaires sont solaires.action, solaires.opposition, solaires.environnement, solaires.points."
)


def refused(request: dict) -> tuple[str, str]:
    return refusal_words(call(request))


@pytest.mark.parametrize(
    "roller,shown",
    [
        (5, "5"),
        (None, "null"),
        ("solaires", "solaires"),
        ("nope.x", "nope.x"),
    ],
)
def test_an_id_that_names_no_game_is_refused_naming_the_games(roller, shown: str) -> None:
    for op in ("roll", "odds", "describe"):
        assert refused({"op": op, "roller": roller}) == (
            "roller",
            f"Lanceur inconnu « {shown} » : un lanceur s’écrit « jeu.nom », {GAMES}",
        )


@pytest.mark.parametrize("roller", ["solaires.nope", "solaires.action.x", "solaires."])
def test_an_id_of_a_game_is_refused_naming_that_games_rollers(roller: str) -> None:
    # the game is what comes before the first dot: « solaires.action.x » is no roller of solaires
    assert refused({"op": "roll", "roller": roller}) == ("roller", f"Lanceur inconnu « {roller} » : {SOLAIRES}")


def test_a_follow_up_the_roller_has_not_is_refused_naming_those_it_has() -> None:
    assert refused({"op": "action", "roller": "solaires.action", "action": "nope", "state": {}}) == (
        "action",
        "Action inconnue « nope » pour solaires.action : les actions sont relancer, veto.",
    )
    assert refused({"op": "action", "roller": "feerie.action", "action": "relancer", "state": {}}) == (
        "action",
        "Action inconnue « relancer » pour feerie.action : ce lanceur n’a pas de suite.",
    )


@pytest.mark.parametrize("state", [None, [], "{}", 3])
def test_a_follow_up_without_its_state_is_refused(state) -> None:
    assert refused({"op": "action", "roller": "solaires.action", "action": "relancer", "state": state}) == (
        "etat",
        "État (etat) : l’état du jet précédent est attendu.",
    )


def test_a_follow_up_checks_its_own_parameters_by_their_labels() -> None:
    first = call({"op": "roll", "roller": "solaires.action", "dice": [6, 6, 1]})["result"]
    field, error = refused(
        {"op": "action", "roller": "solaires.action", "action": "relancer", "state": first["etat"], "params": {"de": 4}}
    )
    assert field == "de" and error.startswith("Dé à relancer (de) : "), error


@pytest.mark.parametrize(
    "roller,params",
    [
        ("solaires.action", {}),
        ("solaires.environnement", {}),
        ("feerie.action", {"element": 3, "difficulte": 2}),
        ("feerie.collaboration", {"element": 2, "assistants": [2, 3]}),
        ("feerie.opposition", {}),
        ("simon.aide", {"expertise": 8}),
    ],
)
def test_each_die_to_enter_is_named_by_the_group_the_result_shows_it_in(roller: str, params: dict) -> None:
    """« Entrer mes dés » asks for each die under a group's name (``draws``): the same names, in the same
    order, as the result's dice groups; a die named otherwise is entered in the wrong hand. (Simon's jet and
    opposition ask « Dés du jet » for the dice of one throw, which the result then sorts.)"""
    result = call({"op": "roll", "roller": roller, "params": params, "seed": 7})["result"]
    asked = call({"op": "draws", "roller": roller, "params": params, "dice": []})["result"]["tirages"]
    shown = [group["titre"] for group in result["des"] for _ in group["des"]]
    assert [t["groupe"] for t in asked] == shown and len(shown) >= 3, (asked, shown)


@pytest.mark.parametrize(
    "params,field,sentence",
    [
        (
            {"carte_a": "7-dagues", "enseigne_a": "coupes"},
            "enseigne_a",
            "Enseigne de A (enseigne_a) : la carte 7-dagues n’est pas de l’enseigne Coupes ; laissez l’enseigne vide "
            "ou choisissez une carte de cette enseigne.",
        ),
        (
            {"carte_b": "7-dagues", "enseigne_b": "coupes"},
            "enseigne_b",
            "Enseigne de B (enseigne_b) : la carte 7-dagues n’est pas de l’enseigne Coupes ; laissez l’enseigne vide "
            "ou choisissez une carte de cette enseigne.",
        ),
        (
            {"carte_a": "7-dagues", "carte_b": "7-dagues"},
            "carte_b",
            "Carte de B (carte_b) : les deux cartes viennent du même jeu, elles doivent être différentes.",
        ),
        (
            {"carte_a": "7-dagues", "enseignes_interdites": "dagues"},
            "carte_a",
            "Carte de A (carte_a) : la meneuse ne laisse jouer que Bâtons, Écus ou Coupes ; choisissez une carte de "
            "l’une de ces enseignes, reçu « 7-dagues ».",
        ),
        (
            {"enseigne_b": "dagues", "enseignes_interdites": "dagues"},
            "enseigne_b",
            "Enseigne de B (enseigne_b) : la meneuse ne laisse jouer que Bâtons, Écus ou Coupes ; choisissez une carte "
            "de l’une de ces enseignes, reçu « dagues ».",
        ),
        (
            {"table": "zzz"},
            "table",
            "Table de confrontation (table) : format attendu : quatre tours séparés par « / », par exemple "
            "« C4S8Q/C5S/S6Q/Q4M » (il faut exactement quatre tours), reçu « zzz ».",
        ),
    ],
)
def test_a_round_of_cards_the_rules_forbid_is_refused_in_its_words(params: dict, field: str, sentence: str) -> None:
    for op in ("roll", "odds"):
        assert refused({"op": op, "roller": "dcda.tour", "params": params, "seed": 1}) == (field, sentence)


@pytest.mark.parametrize(
    "params,cards,plan",
    [
        (
            {"carte_a": "7-dagues", "carte_b": "3-coupes"},
            ["1-batons"],
            "ce jet ne tire aucune carte : les deux sont choisies",
        ),
        ({"carte_a": "7-dagues"}, ["1-batons", "2-batons"], "ce jet tire 1 carte, la carte de B"),
        ({}, ["1-batons", "2-batons", "3-batons"], "ce jet tire 2 cartes, la carte de A puis celle de B"),
    ],
)
def test_cards_given_beyond_those_a_round_draws_are_refused_saying_what_it_draws(params, cards, plan) -> None:
    assert refused({"op": "roll", "roller": "dcda.tour", "params": params, "dice": cards}) == (
        "des",
        f"Cartes imposées : {plan}, pas davantage ; retirez les cartes en trop.",
    )
