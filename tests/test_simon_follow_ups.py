"""Simon's « Ajouter un dé » after a jet: offered, asked and refused in its words (rules_py/simon/jet.py).

Mutation testing (bench/README.md) found the refusals of a die added after the jet (a fourth die, a pool
short of two points, the meneur's porte-poisse), a state sent back without its parameters or with too
few dice, and the names « Entrer mes dés » gives the dice changed with no test failing.
"""

from __future__ import annotations

from typing import Any

import pytest
from helpers import refusal_words

from rules_py import call


def jet(params: dict[str, Any], dice: list[int]) -> dict[str, Any]:
    answer = call({"op": "roll", "roller": "simon.jet", "params": {"expertise": 12, **params}, "dice": dice})
    assert answer["ok"], answer
    return answer["result"]


def add_die(state: dict[str, Any]) -> dict[str, Any]:
    return call({"op": "action", "roller": "simon.jet", "action": "ajouter_de", "state": state, "dice": [3]})


@pytest.mark.parametrize(
    "params,sentence",
    [
        ({"points": 1}, "Ajouter un dé : il faut 2 points d’héroïsme, il en reste 1."),
        ({"points": 1, "qui": "meneur"}, "Ajouter un dé : il faut 2 points de porte-poisse au meneur, il en reste 1."),
    ],
)
def test_a_die_added_without_two_points_of_the_pool_is_refused(params: dict[str, Any], sentence: str) -> None:
    result = jet(params, [5] * 5)
    offer = result["actions"][0]
    assert offer["id"] == "ajouter_de" and offer["possible"] is False, offer
    assert refusal_words(add_die(result["etat"])) == ("points", sentence)


def test_a_fourth_die_is_refused_counting_those_already_added() -> None:
    result = jet({"heroisme": 3, "points": 10}, [5] * 8)
    assert result["actions"][0]["possible"] is False
    assert refusal_words(add_die(result["etat"])) == (
        "heroisme",
        "Ajouter un dé : au plus 3 dés ajoutés en tout, avant et après le jet ; il y en a déjà 3.",
    )


def test_a_die_added_with_two_points_left_is_played_and_said_possible() -> None:
    result = jet({"points": 2, "qui": "meneur"}, [5] * 5)
    offer = result["actions"][0]
    assert offer == {
        "id": "ajouter_de",
        "libelle": "Ajouter un dé (2 points de porte-poisse du meneur)",
        "possible": True,
        "parametres": {},
    }
    assert add_die(result["etat"])["ok"]


@pytest.mark.parametrize(
    "change,sentence",
    [
        ({"parametres": None}, "État : les paramètres du jet précédent manquent."),
        (
            {"des": [5, 5, 5, 5]},
            "État : les dés du jet précédent doivent être de 5 à 8 valeurs de 1 à 20, reçu « 5, 5, 5, 5 ».",
        ),
    ],
)
def test_a_state_sent_back_without_what_it_needs_is_refused(change: dict[str, Any], sentence: str) -> None:
    state = jet({"points": 10}, [5] * 5)["etat"]
    assert refusal_words(add_die({**state, **change})) == ("etat", sentence)


def test_the_dice_to_enter_are_named_as_one_throw_then_the_die_added() -> None:
    asked = call({"op": "draws", "roller": "simon.jet", "params": {"expertise": 12, "heroisme": 1}, "dice": []})
    assert [t["groupe"] for t in asked["result"]["tirages"]] == ["Dés du jet"] * 6
    assert {t["faces"] for t in asked["result"]["tirages"]} == {20}
    state = jet({"points": 10}, [5] * 5)["etat"]
    added = call({"op": "draws", "roller": "simon.jet", "action": "ajouter_de", "state": state, "dice": []})
    assert added["result"]["tirages"] == [{"type": "de", "faces": 20, "groupe": "Dé ajouté après le jet"}]
