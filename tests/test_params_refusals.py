"""How a refusal shows what it received, and the parameters' own refusals, word for word (rules_py/params.py).

``shown`` writes the received value into every refusal: short, on one line, in JSON's words. Mutation
testing (bench/README.md) found its cuts (30 characters, 4 fields, 20 characters of a field's name),
its plural and its ellipsis changed with no test failing, and the same for the refusals of parameters
given as pairs, unknown, given twice or null. Each is read here as the reader reads it.
"""

from __future__ import annotations

from typing import Any

import pytest
from helpers import refusal_words

from rules_py import call
from rules_py.params import shown


@pytest.mark.parametrize(
    "raw,words",
    [
        ({}, "un objet vide"),
        ({"a": 1}, "un objet (champ a)"),
        ({"a": 1, "b": 2}, "un objet (champs a, b)"),
        ({"a": 1, "b": 2, "c": 3, "d": 4}, "un objet (champs a, b, c, d)"),
        ({"a": 1, "b": 2, "c": 3, "d": 4, "e": 5}, "un objet (champs a, b, c, d…)"),
        ({"k" * 25: 1}, "un objet (champ " + "k" * 20 + ")"),
        ({"a  b\nc": 1}, "un objet (champ a b c)"),
        ({"\ud800x": 1}, "un objet (champ \ufffdx)"),
        ("x" * 30, "« " + "x" * 30 + " »"),
        ("x" * 31, "« " + "x" * 29 + "… »"),
        ("\ud800y", "« \ufffdy »"),
        ("a  b\n c", "« a b c »"),
        ([], "une liste vide"),
        ([1] * 9, "une liste de 9 valeurs"),
        ([1, "a"], "« 1, a »"),
        (True, "« true »"),
        (None, "« null »"),
    ],
)
def test_a_received_value_is_shown_short_on_one_line_in_jsons_words(raw: Any, words: str) -> None:
    assert shown(raw) == words


def refused(params: Any, roller: str = "solaires.action", **more: Any) -> tuple[str, str]:
    return refusal_words(call({"op": "roll", "roller": roller, "params": params, **more}))


@pytest.mark.parametrize("params", [[["points"]], [["points", 1, 2]], [[3, "points"]], "points=2", 3])
def test_parameters_that_are_not_name_value_pairs_are_refused(params: Any) -> None:
    assert refused(params) == ("parametres", "Les paramètres de solaires.action doivent être des paires nom=valeur.")


def test_a_known_parameter_given_twice_is_refused_even_after_an_unknown_one_given_twice() -> None:
    pairs = [["x", 1], ["x", 2], ["points", "1"], ["points", "2"]]
    assert refused(pairs) == (
        "points",
        "Points de personnage (points) : donné deux fois (« 1 » puis « 2 ») ; donnez-le une seule fois.",
    )


def test_an_unknown_parameter_is_refused_naming_those_the_roller_takes() -> None:
    name = "p" * 50
    assert refused({name: 1}) == (
        name[:40],
        f"Paramètre inconnu « {'p' * 29}… » pour solaires.action : les paramètres sont difficulte, intrinseque, "
        "interet, elements, typique, alteration, handicap, points.",
    )


def test_a_parameter_given_to_a_follow_up_that_takes_none_is_refused_so() -> None:
    first = call({"op": "roll", "roller": "solaires.action", "dice": [6, 6, 1]})["result"]
    rerolled = call(
        {"op": "action", "roller": "solaires.action", "action": "relancer", "state": first["etat"], "params": {"de": 1}}
    )["result"]
    answer = call(
        {"op": "action", "roller": "solaires.action", "action": "veto", "state": rerolled["etat"], "params": {"x": 1}}
    )
    assert refusal_words(answer) == (
        "x",
        "Paramètre inconnu « x » pour solaires.action / veto : aucun paramètre n’est attendu.",
    )


@pytest.mark.parametrize(
    "name,sentence",
    [
        (
            "points",
            "Points de personnage (points) : reçu null ; donnez un entier de 0 à 99, ou ne donnez pas ce "
            "paramètre (sa valeur par défaut : 2).",
        ),
        (
            "difficulte",
            "Difficulté (difficulte) : reçu null ; donnez un entier de −8 à 8, ou ne donnez pas ce paramètre.",
        ),
        (
            "elements",
            "Scores des éléments (elements) : reçu null ; donnez de 1 à 2 entiers de 1 à 3, séparés par des "
            "virgules, ou ne donnez pas ce paramètre (sa valeur par défaut : 2).",
        ),
    ],
)
def test_null_is_refused_saying_what_to_give_and_the_default(name: str, sentence: str) -> None:
    assert refused({name: None}) == (name, sentence)


def test_null_for_a_required_parameter_says_it_is_required() -> None:
    first = call({"op": "roll", "roller": "solaires.action", "dice": [6, 6, 1]})["result"]
    answer = call(
        {
            "op": "action",
            "roller": "solaires.action",
            "action": "relancer",
            "state": first["etat"],
            "params": {"de": None},
        }
    )
    assert refusal_words(answer) == (
        "de",
        "Dé à relancer (de) : ce champ est obligatoire, reçu null.",
    )


@pytest.mark.parametrize(
    "text,sentence",
    [
        ("a\x01b", "un texte sans caractère de contrôle ni caractère illisible attendu, reçu « a\ufffdb »"),
        ("a\ud800b", "un texte sans caractère de contrôle ni caractère illisible attendu, reçu « a\ufffdb »"),
        ("a\x7fb", "un texte sans caractère de contrôle ni caractère illisible attendu, reçu « a\ufffdb »"),
        ("x" * 61, f"un texte d’au plus 60 caractères attendu, reçu « {'x' * 29}… »"),
    ],
)
def test_a_text_parameter_refuses_controls_and_length_each_in_its_words(text: str, sentence: str) -> None:
    assert refused({"enseignes_interdites": text}, "dcda.tour") == (
        "enseignes_interdites",
        f"Enseignes interdites par la meneuse (enseignes_interdites) : {sentence}.",
    )


def test_a_text_of_sixty_characters_spaces_folded_is_taken() -> None:
    answer = call({"op": "odds", "roller": "dcda.tour", "params": {"enseignes_interdites": "coupes" + " " * 70}})
    assert answer["ok"], answer


@pytest.mark.parametrize("typed", ["−2", "-2", " −2 "])
def test_a_negative_number_is_read_with_the_minus_sign_the_answers_write(typed: str) -> None:
    answer = call({"op": "roll", "roller": "solaires.action", "params": {"difficulte": typed}, "seed": 1})
    assert answer["ok"] and answer["result"]["difficulte"] == -2, answer


@pytest.mark.parametrize(
    "value,received",
    [({"a": 1}, "un objet (champ a)"), (True, "« true »"), (2.5, "« 2.5 »"), ("3,x", "« 3,x »")],
)
def test_a_list_of_numbers_refuses_what_is_none_saying_what_it_takes(value: Any, received: str) -> None:
    assert refused({"elements": value}) == (
        "elements",
        "Scores des éléments (elements) : de 1 à 2 entiers de 1 à 3, séparés par des virgules, attendus, "
        f"reçu {received}.",
    )


@pytest.mark.parametrize("typed,value", [("false", False), ("non", False), ("true", True), ("oui", True)])
def test_a_yes_or_no_is_read_from_its_words(typed: str, value: bool) -> None:
    answer = call({"op": "roll", "roller": "solaires.action", "params": {"typique": typed}, "seed": 1})
    assert answer["result"]["parametres"]["typique"] is value


def test_a_text_of_exactly_sixty_characters_is_taken() -> None:
    names = "A" * 20 + "," + "B" * 20 + "," + "C" * 18
    assert len(names) == 60
    team = {"noms_a": names, "forces_a": ",".join(["3"] * 12)}  # three participants, four forces each
    answer = call({"op": "odds", "roller": "dcda.confrontation", "params": team})
    assert answer["ok"], answer
