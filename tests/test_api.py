"""The public surface, the JSON door and the dice source of rules_py."""

from __future__ import annotations

import json
import math
import random

import pytest

import rules_py
from rules_py import Dice, RulesError, call, call_json
from rules_py.api import SYSTEMS, all_rollers


def test_public_surface_imports_everything_it_names():
    for name in rules_py.__all__:
        assert hasattr(rules_py, name), name


def test_every_system_has_rollers_with_unique_ids():
    ids = [r.id for r in all_rollers()]
    assert len(ids) == len(set(ids))
    for roller in all_rollers():
        assert roller.id.split(".")[0] in SYSTEMS
        assert roller.title and roller.params is not None


def test_list_describes_every_parameter_in_french():
    answer = call({"op": "list"})
    assert answer["ok"]
    for roller in answer["result"]:
        for p in roller["parametres"]:
            assert p["nom"] and p["libelle"] and p["type"] in {"int", "bool", "choice", "ints", "text"}
            if p["type"] == "choice":
                assert p["choix"] and all(c["libelle"] for c in p["choix"])
            if p["type"] in {"int", "ints"}:
                assert p["min"] <= p["max"]


@pytest.mark.parametrize(
    "request_, field",
    [
        ("not a dict", "requete"),
        ({"op": "nope"}, "op"),
        ({"op": "roll", "roller": "nope.nope"}, "roller"),
        ({"op": "roll", "roller": "solaires.environnement", "params": {"inconnu": 1}}, "inconnu"),
        ({"op": "roll", "roller": "solaires.environnement", "params": {"preference": "x"}}, "preference"),
        ({"op": "roll", "roller": "solaires.environnement", "dice": "7,1,1"}, "des"),
        ({"op": "roll", "roller": "solaires.environnement", "dice": "1,1"}, "des"),
        ({"op": "roll", "roller": "solaires.environnement", "dice": "1,1,1,1"}, "des"),
        ({"op": "roll", "roller": "solaires.environnement", "seed": "abc"}, "seed"),
        # a superscript is a digit to str.isdigit, not to int()
        ({"op": "roll", "roller": "solaires.environnement", "seed": "\u00b9"}, "seed"),
        ({"op": "roll", "roller": "solaires.environnement", "dice": "4,\u00b2,1"}, "des"),
        ({"op": "action", "roller": "solaires.environnement", "action": "nope", "state": {}}, "action"),
    ],
)
def test_bad_requests_answer_one_french_sentence_naming_the_field(request_, field):
    answer = call(request_)
    assert answer["ok"] is False
    assert answer["field"] == field
    assert answer["error"].endswith(".") and "\n" not in answer["error"]
    assert "Traceback" not in answer["error"]


def test_call_json_round_trip_and_unreadable_json():
    text = call_json(json.dumps({"op": "roll", "roller": "solaires.environnement", "dice": [4, 3, 1]}))
    answer = json.loads(text)
    assert answer["ok"] and answer["result"]["conserves"] == 2 and answer["result"]["tirage"] == [4, 3, 1]
    bad = json.loads(call_json("{not json"))
    assert bad == {"ok": False, "error": "Requête\u00a0: illisible, du JSON est attendu.", "field": "requete"}
    deep = json.loads(call_json("[" * 100000 + "]" * 100000))
    assert deep["ok"] is False and deep["field"] == "requete"
    assert "au plus 64 niveaux" in deep["error"] and "reçu 100000 niveaux" in deep["error"]


def test_a_roll_replays_from_its_own_record():
    first = call({"op": "roll", "roller": "solaires.environnement", "seed": 7})["result"]
    again = call({"op": "roll", "roller": "solaires.environnement", "dice": first["tirage"]})["result"]
    assert again == first


def test_seeded_rolls_are_reproducible_and_live_rolls_vary():
    a = [Dice(seed=3).d(20) for _ in range(5)]
    assert a == [Dice(seed=3).d(20) for _ in range(5)]
    live = Dice()
    assert len({tuple(live.roll(10, 20)) for _ in range(5)}) > 1
    assert isinstance(live._rng, random.SystemRandom)


# ----------------------------------------------------------------------
# Fairness: chi-square goodness of fit at a fixed seed, alpha = 1e-6
# ----------------------------------------------------------------------


def _chi2_sf(x: float, df: int) -> float:
    """Survival function of the chi-square law (regularised upper gamma, series)."""
    a, z = df / 2, x / 2
    term = total = 1 / a
    n = 0
    while term > total * 1e-15:
        n += 1
        term *= z / (a + n)
        total += term
    lower = math.exp(-z + a * math.log(z) - math.lgamma(a)) * total
    return 1 - lower


def test_chi2_sf_matches_known_critical_values():
    assert _chi2_sf(11.0705, 5) == pytest.approx(0.05, abs=1e-4)
    assert _chi2_sf(30.1435, 19) == pytest.approx(0.05, abs=1e-4)


@pytest.mark.parametrize("sides", [6, 20])
def test_dice_are_fair(sides):
    n = 60_000
    dice = Dice(seed=20261121)
    counts = [0] * sides
    for value in dice.roll(n, sides):
        counts[value - 1] += 1
    expected = n / sides
    chi2 = sum((c - expected) ** 2 / expected for c in counts)
    assert _chi2_sf(chi2, sides - 1) > 1e-6, counts


def test_cards_are_drawn_fairly():
    deck = [f"{v}-dagues" for v in range(1, 11)]
    dice = Dice(seed=42)
    counts = {c: 0 for c in deck}
    for _ in range(30_000):
        counts[dice.pick(deck)] += 1
    chi2 = sum((c - 3000) ** 2 / 3000 for c in counts.values())
    assert _chi2_sf(chi2, 9) > 1e-6, counts


def test_forced_values_are_checked():
    with pytest.raises(RulesError) as err:
        Dice("x" * 40)
    assert err.value.field == "des"
    with pytest.raises(RulesError):
        Dice([True])
    with pytest.raises(RulesError):
        Dice(list(range(100)))


def _plain(text: str) -> str:
    """French typography's no-break spaces read as plain spaces (the answer may carry either)."""
    return text.replace("\u202f", " ").replace("\u00a0", " ")


@pytest.mark.parametrize(
    "roller, params, dice, needed",
    [
        ("simon.jet", {"expertise": 2}, "1,2", "ce jet demande 5 dés (reçu 2)"),
        ("simon.jet", {"expertise": 2}, "1,2,3,4,5,6", "ce jet demande 5 dés (reçu 6)"),
        ("solaires.action", {}, "4,6", "ce jet demande 3 dés (reçu 2)"),
        ("solaires.action", {"difficulte": 4, "elements": "3"}, "4,6", "ce jet ne lance aucun dé (reçu 2)"),
        ("feerie.action", {"element": 1, "difficulte": 0}, "4,4", "ce jet demande 1 dé (reçu 2)"),
        (
            "dcda.tour",
            {"enseigne_a": "dagues", "enseigne_b": "ecus"},
            "1-dagues",
            "tire 2 cartes, la carte de A puis celle de B ; la carte de B manque (reçu 1)",
        ),
    ],
)
def test_refused_forced_dice_say_how_many_the_roll_needs(roller, params, dice, needed):
    answer = call({"op": "roll", "roller": roller, "params": params, "dice": dice})
    assert answer["ok"] is False and answer["field"] == "des"
    assert needed in _plain(answer["error"]), answer["error"]
    assert "(s)" not in answer["error"]


@pytest.mark.parametrize(
    "roller, params, key, value",
    [
        ("simon.jet", {"expertise": 2, "niveau": "Débutant"}, "niveau", "debutant"),
        ("simon.jet", {"expertise": 2, "niveau": "GRAND MAÎTRE"}, "niveau", "grand-maitre"),
        ("solaires.action", {"alteration": "amplifiée"}, "alteration", "amplifiee"),
        ("solaires.action", {"intrinseque": "Démentielle"}, "intrinseque", "dementielle"),
        ("solaires.action", {"typique": "Vrai", "elements": "3,2"}, "typique", True),
        ("feerie.action", {"pertinence": "Spécifique"}, "pertinence", "specifique"),
        ("dcda.tour", {"enseigne_a": "Dagues", "enseigne_b": "Écus"}, "enseigne_b", "ecus"),
        ("dcda.tour", {"carte_a": "7-Dagues", "carte_b": "3-Écus"}, "carte_b", "3-ecus"),
    ],
)
def test_choices_are_recognised_whatever_their_case_and_accents(roller, params, key, value):
    answer = call({"op": "roll", "roller": roller, "params": params, "seed": 1})
    assert answer["ok"], answer
    assert answer["result"]["parametres"][key] == value


def test_forced_cards_are_recognised_whatever_their_case_and_accents():
    answer = call(
        {"op": "roll", "roller": "dcda.tour", "params": {"carte_a": "1-batons", "enseigne_b": "ecus"}, "dice": "3-Écus"}
    )
    assert answer["ok"], answer
    assert answer["result"]["tirage"] == ["3-ecus"]


def test_list_parameters_say_exactly_how_many_integers():
    answer = call({"op": "roll", "roller": "dcda.tour", "params": {"forces_a": "1,2,3"}})
    assert answer["ok"] is False and answer["field"] == "forces_a"
    assert "exactement 4 entiers" in _plain(answer["error"]) and "de 4 à 4" not in _plain(answer["error"])
    answer = call({"op": "roll", "roller": "solaires.action", "params": {"elements": "1,2,3"}})
    assert "de 1 à 2 entiers de 1 à 3, séparés par des virgules, attendus" in _plain(answer["error"])
    answer = call({"op": "roll", "roller": "solaires.environnement", "params": {"preference": "Tiède"}})
    assert "une valeur parmi defaveur, neutre, faveur attendue" in _plain(answer["error"])


def test_engine_messages_name_fields_by_their_french_label():
    cases = [
        ("solaires.action", {"elements": "3,2"}),
        ("solaires.action", {"difficulte": 0, "intrinseque": "ardue"}),
        ("simon.jet", {"expertise": 2, "caracteristique": "normale"}),
        ("simon.opposition", {"expertise_a": 2}),
        ("feerie.collaboration", {"assistants": "2,2", "un_seul_assistant": True}),
    ]
    for roller, params in cases:
        error = _plain(call({"op": "roll", "roller": roller, "params": params})["error"])
        assert "=true" not in error and "(intrinseque et interet)" not in error, error
        assert "(expertise)" not in error.split(" : ", 1)[1] and "(caracteristique" not in error.split(" : ", 1)[1]
        assert not error.startswith(("Éléments (", "Assistants (", "Caractéristique (", "Expertise (")), error


#: Rollers whose outcomes are ordered, and what is counted (issue 13: « exactement / au moins / au plus »).
ORDERED = {
    "solaires.action": "Dés conservés",
    "solaires.opposition": "Dés conservés",
    "solaires.environnement": "Dés conservés",
    "feerie.action": "Marge d’efforts",
    "feerie.collaboration": "Marge d’efforts",
    "feerie.opposition": "Marge d’efforts",
    "simon.jet": "Nombre de dés réussis",
    "simon.aide": "Modificateur au seuil",
    "dcda.tour": "Écart des forces totales",
    "dcda.confrontation": "Écart des forces totales",
}
#: No single ordered count: points to spend; an opposition decided by several criteria in turn.
UNORDERED = {"solaires.points", "simon.opposition"}


def test_every_roller_with_ordered_outcomes_reads_them_three_ways():
    minimal = {"simon.jet": {"expertise": 5}, "simon.aide": {"expertise": 5}}
    assert set(ORDERED) | UNORDERED == {r.id for r in all_rollers()}
    for roller_id, title in ORDERED.items():
        scale = rules_py.odds(roller_id, minimal.get(roller_id, {}))["echelle"]
        assert scale["titre"].startswith(title)
        n = len(scale["valeurs"])
        assert scale["valeurs"] == list(range(scale["valeurs"][0], scale["valeurs"][0] + n))
        assert scale["au_moins"]["exact"][0] == "1/1" and scale["au_plus"]["exact"][-1] == "1/1"
        assert len(scale["libelles"]) == len(scale["exactement"]["probas"]) == n


# The browser's engine holds only the packages of the game a request names (rollers-worker.js): an unknown
# roller of Simon Système, asked there with or without the Réserve, must not import another game's package
# (a link naming one gave « erreur interne » and a Python traceback in the console). Run as the browser has it.
ONLY_SIMON = """
import json, sys
for game in ("solaires", "feerie", "dcda"):
    sys.modules[f"rules_py.{game}"] = None  # absent: importing it fails
from rules_py.api import call_json
reserve = {"format": 1, "jeu": "simon", "id": "r", "type": "reserve", "nom": "R", "porte_poisse": 10}
for request in json.loads(sys.argv[1]):
    request = {**request, "reserve": reserve} if request.pop("avec_reserve", False) else request
    print(call_json(json.dumps(request)))
"""


def test_an_unknown_roller_is_one_sentence_even_where_only_its_game_is_loaded():
    import subprocess
    import sys

    requests = [
        {"op": "roll", "roller": "simon.inconnu", "params": {}, "dice": [1, 2, 3, 4, 5]},
        {"op": "roll", "roller": "simon.inconnu", "params": {}, "dice": [1, 2, 3, 4, 5], "avec_reserve": True},
        {"op": "action", "roller": "simon.inconnu", "action": "x", "state": {}, "avec_reserve": True},
        {"op": "describe", "roller": "simon.inconnu"},
        {"op": "odds", "roller": "nulle.part"},
    ]
    done = subprocess.run(
        [sys.executable, "-c", ONLY_SIMON, json.dumps(requests)], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(answers) == len(requests)
    for answer in answers[:4]:
        assert answer["ok"] is False and answer["field"] == "roller", answer
        assert (
            answer["error"].startswith("Lanceur inconnu")
            and "simon.jet, simon.aide, simon.opposition." in answer["error"]
        )
    assert "les jeux sont solaires, feerie, simon, dcda." in answers[4]["error"]
