"""The parameters' contract as the page and the reader meet it (rules_py/params.py): what ``describe`` gives
the form for each kind of field, and the sentences of a refusal, word for word. Mutation testing
(bench/README.md, « Mutation testing ») found these changed with no test failing: the tests elsewhere check
which field a refusal names, not what it says, and no fast test read the description's keys."""

from __future__ import annotations

from typing import Any

import pytest

import rules_py
from rules_py import RulesError, act, roll

ELEMENTS = "Scores des éléments (elements) : de 1 à 2 entiers de 1 à 3, séparés par des virgules, attendus, reçu "


def refusal(call) -> tuple[str, str]:
    with pytest.raises(RulesError) as err:
        call()
    return err.value.field, str(err.value)


def described(roller: str) -> dict[str, dict[str, Any]]:
    answer = rules_py.call({"op": "describe", "roller": roller})["result"]
    return {p["nom"]: p for p in answer["parametres"]} | {
        f"{a['id']}.{p['nom']}": p for a in answer["actions"] for p in a["parametres"]
    }


def test_the_description_gives_each_kind_of_field_what_the_form_needs():
    tour = described("dcda.tour")
    assert (tour["forces_a"]["type"], tour["forces_a"]["min_elements"], tour["forces_a"]["max_elements"]) == (
        "ints",
        4,
        4,
    )
    assert (tour["table"]["type"], tour["table"]["max_longueur"]) == ("text", 60)
    assert tour["bonus"]["groupe"] == tour["enseignes_interdites"]["groupe"] == "Pouvoirs de la meneuse"
    assert "groupe" not in tour["table"] and "max_longueur" not in tour["forces_a"]
    assert "min_elements" not in tour["tour"] and "max_elements" not in tour["table"]
    assert tour["carte_a"]["choix"][0] == {"valeur": "1-batons", "libelle": "1 de Bâtons", "nombre": 1}
    action = described("solaires.action")
    assert all("nombre" not in c for c in action["alteration"]["choix"])
    assert (action["elements"]["min_elements"], action["elements"]["max_elements"]) == (1, 2)
    assert action["relancer.de"]["requis"] is True and action["difficulte"]["requis"] is False


@pytest.mark.parametrize(
    ("call", "field", "said"),
    [
        (
            lambda: roll("feerie.action", {"element": ""}),
            "element",
            "Score de l’élément (element) : reçu une valeur vide ; donnez un entier de 0 à 10, ou ne donnez pas ce "
            "paramètre (sa valeur par défaut : 2).",
        ),
        (
            lambda: roll("solaires.action", {"typique": ""}),
            "typique",
            "Action typique du premier élément (typique) : reçu une valeur vide ; donnez « true » ou « false », ou ne "
            "donnez pas ce paramètre (sa valeur par défaut : false).",
        ),
        (
            lambda: roll("solaires.action", {"alteration": ""}),
            "alteration",
            "Altération (000) / attitude (002) (alteration) : reçu une valeur vide ; donnez une valeur parmi stable, "
            "adoucie, amplifiee, instable, ou ne donnez pas ce paramètre (sa valeur par défaut : stable).",
        ),
        (
            lambda: roll("dcda.tour", {"forces_a": ""}),
            "forces_a",
            "Forces de A (forces_a) : reçu une valeur vide ; donnez exactement 4 entiers de 0 à 25, séparés par des "
            "virgules, ou ne donnez pas ce paramètre (sa valeur par défaut : 3,3,3,3).",
        ),
        (
            lambda: roll("dcda.tour", {"environnement": ""}),
            "environnement",
            "Camp qui est un environnement (environnement) : reçu une valeur vide ; donnez une valeur parmi a, b, ou "
            "ne donnez pas ce paramètre.",
        ),
        (
            lambda: act("solaires.action", "relancer", roll("solaires.action", {}, dice=[1, 2, 3])["etat"], {"de": ""}),
            "de",
            "Dé à relancer (de) : ce champ est obligatoire, reçu une valeur vide.",
        ),
        (
            lambda: roll("feerie.action", {"element": True}),
            "element",
            "Score de l’élément (element) : un entier de 0 à 10 attendu, reçu « true ».",
        ),
        (
            lambda: roll("feerie.action", {"element": False}),
            "element",
            "Score de l’élément (element) : un entier de 0 à 10 attendu, reçu « false ».",
        ),
        (
            lambda: roll("feerie.action", {"element": 30.0}),
            "element",
            "Score de l’élément (element) : un entier de 0 à 10 attendu, reçu « 30 ».",
        ),
        (
            lambda: roll("feerie.action", {"element": 2.5}),
            "element",
            "Score de l’élément (element) : un entier de 0 à 10 attendu, reçu « 2.5 ».",
        ),
        (
            lambda: roll("feerie.action", {"element": 1e20}),
            "element",
            "Score de l’élément (element) : un entier de 0 à 10 attendu, reçu « 1e+20 ».",
        ),
        (
            lambda: roll("feerie.action", {"element": 30}),
            "element",
            "Score de l’élément (element) : un entier de 0 à 10 attendu, reçu « 30 ».",
        ),
        (
            lambda: roll("feerie.action", {"element": 1e15}),  # a float that large is shown as JSON has it
            "element",
            "Score de l’élément (element) : un entier de 0 à 10 attendu, reçu « 1000000000000000.0 ».",
        ),
        (
            lambda: roll("feerie.action", {"element": [4, 5]}),
            "element",
            "Score de l’élément (element) : un entier de 0 à 10 attendu, reçu « 4, 5 ».",
        ),
        (
            lambda: roll("feerie.action", {"element": {"a": 1}}),
            "element",
            "Score de l’élément (element) : un entier de 0 à 10 attendu, reçu un objet (champ a).",
        ),
        (
            lambda: roll("feerie.action", {"element": {4}}),  # no JSON value: a Python caller's
            "element",
            "Score de l’élément (element) : un entier de 0 à 10 attendu, reçu une valeur illisible.",
        ),
        (lambda: roll("solaires.action", {"elements": []}), "elements", ELEMENTS + "une liste vide."),
        (
            lambda: roll("solaires.action", {"elements": [1, 2, 3] * 3}),
            "elements",
            ELEMENTS + "une liste de 9 valeurs.",
        ),
        (
            lambda: roll("solaires.action", {"elements": [1, 2, 3, 1, 2, 3, 1, 2]}),
            "elements",
            ELEMENTS + "« 1, 2, 3, 1, 2, 3, 1, 2 ».",
        ),
        (
            lambda: roll("solaires.action", {"elements": [1, {"a": 1}]}),
            "elements",
            ELEMENTS + "une liste de 2 valeurs.",
        ),
        (
            lambda: roll("solaires.action", {"elements": [None]}),
            "elements",
            "Scores des éléments (elements) : de 1 à 2 entiers de 1 à 3, séparés par des virgules, attendus, reçu "
            "« null ».",
        ),
        (
            lambda: roll("solaires.action", {"typique": "peut-etre"}),
            "typique",
            "Action typique du premier élément (typique) : « true » ou « false » attendu, reçu « peut-etre ».",
        ),
        (
            lambda: roll("feerie.action", {"pertinence": "x"}),
            "pertinence",
            "Pertinence de l’élément (pertinence) : une valeur parmi inapproprie, connexe, typique, specifique "
            "attendue, reçu « x ».",
        ),
        (
            lambda: roll("feerie.action", [["element", "1"], ["element", "2"], ["element", "3"]]),
            "element",
            "Score de l’élément (element) : donné trois fois (« 1 » puis « 2 » puis « 3 ») ; donnez-le une seule fois.",
        ),
        (
            lambda: roll("feerie.action", [["element", str(n)] for n in range(1, 5)]),
            "element",
            "Score de l’élément (element) : donné 4 fois (« 1 » puis « 2 » puis « 3 » puis « 4 ») ; donnez-le une "
            "seule fois.",
        ),
    ],
)
def test_a_refusal_says_what_was_received_and_what_is_allowed_word_for_word(call, field, said):
    assert refusal(call) == (field, said)
