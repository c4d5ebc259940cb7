"""Système Féerie's sheet: Mavrik and Fred (001), elements by name, assistants and sides from sheets,
a roll from a sheet equal to the same roll typed by hand; 001 has no resource, nothing is written back."""

from __future__ import annotations

from helpers import answer_ok, answer_refused, example_sheet, without_sheets
from hypothesis import given, settings
from hypothesis import strategies as st

MAVRIK = example_sheet("feerie", "Mavrik")
FRED = example_sheet("feerie", "Fred")


def test_the_books_pnj_are_evaluated_as_001_describes_them():
    assert [(e["nom"], e["score"]) for e in MAVRIK["elements"]] == [
        ("garde de la cité", 2),
        ("bavard", 1),
        ("un peu alcoolique", 1),
        ("loyal à sa troupe", 2),
    ]
    assert FRED["elements"] == [{"nom": "un agent de police", "score": 2}]
    assert MAVRIK["type"] == FRED["type"] == "pnj"


@settings(max_examples=40, deadline=None)
@given(
    element=st.sampled_from(MAVRIK["elements"]),
    pertinence=st.sampled_from(["connexe", "typique", "specifique"]),
    difficulte=st.integers(0, 10),
    seed=st.integers(0, 1000),
)
def test_an_action_from_the_sheet_equals_the_same_action_typed(element, pertinence, difficulte, seed):
    common = {"pertinence": pertinence, "difficulte": difficulte}
    request = {"op": "roll", "roller": "feerie.action", "seed": seed}
    from_sheet = answer_ok({**request, "fiche": MAVRIK, "params": {**common, "element": element["nom"].upper()}})
    typed = answer_ok({**request, "params": {**common, "element": element["score"]}})
    assert without_sheets(from_sheet) == typed
    assert from_sheet["modifications"] == [] and from_sheet["fiche"] == MAVRIK


def test_assistants_from_their_sheets():
    assistants = [{"fiche": FRED, "element": "Un agent de police"}, 3]
    res = answer_ok(
        {
            "op": "roll",
            "roller": "feerie.collaboration",
            "fiche": MAVRIK,
            "params": {"element": "garde de la cité", "assistants": assistants},
            "seed": 4,
        }
    )
    typed = answer_ok(
        {"op": "roll", "roller": "feerie.collaboration", "params": {"element": 2, "assistants": [2, 3]}, "seed": 4}
    )
    assert without_sheets(res) == typed
    (record,) = [r for r in res["remplissage"] if r["parametre"] == "assistants"]
    assert "Fred, un agent de police (2)" in record["texte"]
    alone = answer_ok(
        {
            "op": "odds",
            "roller": "feerie.collaboration",
            "params": {"element": 2, "assistants": [{"fiche": FRED, "element": "un agent de police"}]},
        }
    )
    assert alone["personnage"] is None
    answer_refused(
        {
            "op": "roll",
            "roller": "feerie.collaboration",
            "params": {"assistants": [{"fiche": FRED, "element": "bavard"}]},
        },
        "assistants[0].element",
    )
    answer_refused(
        {"op": "roll", "roller": "feerie.collaboration", "params": {"assistants": [{"fiche": FRED}]}}, "assistants[0]"
    )
    answer_refused(
        {
            "op": "roll",
            "roller": "feerie.collaboration",
            "params": {"assistants": [{"fiche": {**FRED, "jeu": "simon"}, "element": "x"}]},
        },
        "assistants[0].fiche",
    )


def test_an_opposition_side_by_side_from_two_sheets():
    res = answer_ok(
        {
            "op": "roll",
            "roller": "feerie.opposition",
            "fiche": MAVRIK,
            "fiche_b": FRED,
            "params": {
                "des_a": "loyal à sa troupe",
                "des_b": "un agent de police",
                "assistants_a": [
                    {"fiche": {**FRED, "id": "collegue-de-fred", "nom": "Fredo"}, "element": "un agent de police"}
                ],
            },
            "seed": 9,
        }
    )
    typed = answer_ok(
        {
            "op": "roll",
            "roller": "feerie.opposition",
            "params": {"des_a": 2, "des_b": 2, "assistants_a": [2]},
            "seed": 9,
        }
    )
    assert without_sheets(res) == typed
    choices = answer_ok({"op": "sheet_choices", "roller": "feerie.opposition", "fiche": MAVRIK, "fiche_b": FRED})[
        "choix"
    ]
    assert choices["des_b"] == [
        {"valeur": "un agent de police", "libelle": "un agent de police (2)", "nombre": 2, "groupe": "Éléments"}
    ]


def test_the_schema_says_which_parameters_take_assistants_from_sheets():
    schema = answer_ok({"op": "sheet_schema", "jeu": "feerie"})
    by_roller = {b["lanceur"]: [a["parametre"] for a in b["assistants"]] for b in schema["lanceurs"]}
    assert by_roller == {
        "feerie.action": [],
        "feerie.collaboration": ["assistants"],
        "feerie.opposition": ["assistants_a", "assistants_b"],
    }


def test_an_element_the_sheet_lacks_lists_its_elements():
    error = answer_refused(
        {"op": "roll", "roller": "feerie.action", "fiche": FRED, "params": {"element": "bavard"}}, "element"
    )
    assert "un agent de police" in error


def test_a_character_never_assists_himself_nor_assists_twice_nor_on_both_sides():
    """Issue 35 §4: « L’un des personnages est considéré comme l’initiateur de l’action et les autres sont les
    assistants » (001): the initiator's own sheet as an assistant was counted again."""
    own = {"fiche": MAVRIK, "element": "bavard"}
    fred = {"fiche": FRED, "element": "un agent de police"}
    request = {"op": "roll", "roller": "feerie.collaboration", "fiche": MAVRIK, "seed": 1}
    error = answer_refused({**request, "params": {"element": "bavard", "assistants": [own]}}, "assistants[0].fiche")
    assert "les autres sont les assistants" in error
    answer_refused({**request, "params": {"element": "bavard", "assistants": [fred, fred]}}, "assistants[1].fiche")
    answer_ok({**request, "params": {"element": "bavard", "assistants": [fred]}})
    opposition = {"op": "odds", "roller": "feerie.opposition", "fiche": MAVRIK, "fiche_b": FRED}
    params = {"des_a": "bavard", "des_b": "un agent de police"}
    answer_refused({**opposition, "params": {**params, "assistants_b": [fred]}}, "assistants_b[0].fiche")
    answer_refused({**opposition, "params": {**params, "assistants_a": [fred]}}, "assistants_a[0].fiche")
    answer_refused({**opposition, "params": {**params, "assistants_a": [own]}}, "assistants_a[0].fiche")


def test_the_command_line_refuses_the_initiator_as_his_own_assistant(tmp_path):
    import json
    import subprocess
    import sys

    path = tmp_path / "mavrik.json"
    path.write_text(json.dumps(MAVRIK, ensure_ascii=False), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "rules_py", "roll", "feerie.collaboration", "element=bavard", "--fiche", str(path)]
        + ["--assistant", f"{path}:bavard", "--seed", "1"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 2 and "les autres sont les assistants" in done.stderr and not done.stdout
