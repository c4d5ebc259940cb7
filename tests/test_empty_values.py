"""An empty value is refused in one sentence naming the field, never read as the default in silence
(issue 35, §4: ``elements=`` and ``element=`` with a sheet took the default; ``expertise=`` was refused),
and so is null (issue 54: ``"difficulte": null`` played 0; a sheet's ``"points": null`` was its default).

Every parameter of every roller (and of its follow-ups, and of the sheets' bindings), through the JSON
door and the command line. A list that may hold nothing (``assistants=``: no assistant) takes an empty
value as that empty list: it is a value, not a default.
"""

from __future__ import annotations

import contextlib
import io
import json

import pytest
from helpers import answer_ok, answer_refused, example_sheet

from rules_py import call
from rules_py.__main__ import main
from rules_py.api import all_rollers
from rules_py.sheets import GAMES, load_game

PARAMS = [(r.id, p) for r in all_rollers() for p in r.params]


@pytest.mark.parametrize("roller, param", PARAMS, ids=[f"{r}-{p.name}" for r, p in PARAMS])
def test_an_empty_value_of_any_parameter_is_refused_naming_it(roller, param):
    for empty in ("", "   "):
        for op in ("roll", "odds"):
            answer = call({"op": op, "roller": roller, "params": {param.name: empty}, "seed": 1})
            if param.may_be_empty:
                assert answer["ok"] or answer["field"] != param.name, answer
                continue
            assert not answer["ok"] and answer["field"] == param.name, (op, answer)
            assert "valeur vide" in answer["error"] and f"({param.name})" in answer["error"], answer


@pytest.mark.parametrize("roller, param", PARAMS, ids=[f"{r}-{p.name}" for r, p in PARAMS])
def test_null_for_any_parameter_is_refused_never_read_as_its_default(roller, param):
    """Issue 54: ``"difficulte": null`` at the JSON door played 0; null is no value (RULES.md)."""
    for op in ("roll", "odds"):
        for params in ({param.name: None}, [[param.name, None]]):
            answer = call({"op": op, "roller": roller, "params": params, "seed": 1})
            assert not answer["ok"] and answer["field"] == param.name, (op, answer)
            assert "reçu null" in answer["error"] and f"({param.name})" in answer["error"], answer


def test_null_at_the_json_door_names_the_field_in_one_sentence():
    from rules_py import call_json

    answer = json.loads(call_json('{"op": "roll", "roller": "solaires.action", "params": {"difficulte": null}}'))
    assert answer == {
        "ok": False,
        "field": "difficulte",
        "error": "Difficulté (difficulte)\u00a0: reçu null\u202f; donnez un entier de −8 à 8, ou ne donnez pas ce "
        "paramètre.",
    }
    start = answer_ok({"op": "roll", "roller": "solaires.points", "params": {"points": 5, "maximum": 5}})
    request = {"op": "action", "roller": "solaires.points", "action": "depenser", "state": start["etat"]}
    answer_refused({**request, "params": {"utilisation": "flashback", "cout": None}}, "cout")


def test_the_sentence_says_what_the_field_takes_and_its_default():
    answer = call({"op": "roll", "roller": "solaires.action", "params": {"elements": ""}})
    assert answer["error"].replace("\u00a0", " ").replace("\u202f", " ") == (
        "Scores des éléments (elements) : reçu une valeur vide ; donnez de 1 à 2 entiers de 1 à 3, séparés par "
        "des virgules, ou ne donnez pas ce paramètre (sa valeur par défaut : 2)."
    )


def test_a_list_that_may_hold_nothing_takes_an_empty_value_as_nothing():
    empty = answer_ok({"op": "odds", "roller": "feerie.collaboration", "params": {"assistants": ""}})
    none = answer_ok({"op": "odds", "roller": "feerie.collaboration", "params": {}})
    assert empty == none


def test_an_empty_value_of_a_follow_up_is_refused():
    start = answer_ok({"op": "roll", "roller": "solaires.points", "params": {"points": 5, "maximum": 5}})
    request = {"op": "action", "roller": "solaires.points", "action": "depenser", "state": start["etat"]}
    answer_refused({**request, "params": {"utilisation": "flashback", "cout": ""}}, "cout")


_WITH_SHEETS = [
    ("solaires.action", {"fiche": ("solaires", "Perseüs")}, "elements"),
    ("solaires.action", {"fiche": ("solaires", "Perseüs")}, "points"),
    ("solaires.opposition", {"fiche": ("solaires", "Perseüs"), "fiche_defense": ("solaires", "Lyra")}, "defense"),
    ("solaires.points", {"fiche": ("solaires", "Perseüs")}, "maximum"),
    ("feerie.action", {"fiche": ("feerie", "Mavrik")}, "element"),
    ("feerie.collaboration", {"fiche": ("feerie", "Mavrik")}, "element"),
    ("feerie.opposition", {"fiche": ("feerie", "Mavrik"), "fiche_b": ("feerie", "Fred")}, "des_b"),
    ("simon.jet", {"fiche": ("simon", "Ysil")}, "competence"),
    ("simon.jet", {"fiche": ("simon", "Ysil")}, "caracteristique"),
    ("simon.aide", {"fiche": ("simon", "Ysil")}, "points"),
    ("simon.opposition", {"fiche": ("simon", "Ysil"), "fiche_b": ("simon", "Urlk")}, "competence_b"),
    ("dcda.tour", {"fiche": ("dcda", "Nocturne")}, "forces_a"),
    ("dcda.confrontation", {"fiches_a": [("dcda", "Nocturne")]}, "relation_a"),
]


@pytest.mark.parametrize("roller, sheets, name", _WITH_SHEETS, ids=[f"{r}-{n}" for r, _, n in _WITH_SHEETS])
def test_an_empty_value_is_refused_even_where_a_sheet_would_fill_it(roller, sheets, name):
    given = {
        key: [example_sheet(*x) for x in value] if isinstance(value, list) else example_sheet(*value)
        for key, value in sheets.items()
    }
    for op in ("roll", "odds"):
        error = answer_refused({"op": op, "roller": roller, "params": {name: ""}, "seed": 1, **given}, name)
        assert "valeur vide" in error


@pytest.mark.parametrize("roller, sheets, name", _WITH_SHEETS, ids=[f"{r}-{n}" for r, _, n in _WITH_SHEETS])
def test_null_is_refused_even_where_a_sheet_would_fill_it(roller, sheets, name):
    given = {
        key: [example_sheet(*x) for x in value] if isinstance(value, list) else example_sheet(*value)
        for key, value in sheets.items()
    }
    for op in ("roll", "odds"):
        error = answer_refused({"op": op, "roller": roller, "params": {name: None}, "seed": 1, **given}, name)
        assert "reçu null" in error


def test_every_binding_is_tried_above():
    assert {r for r, _, _ in _WITH_SHEETS} == {b.roller for g in GAMES for b in load_game(g).bindings}


def _cli(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(args), "python -m rules_py")
    return code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize(
    "args, said",
    [
        (["roll", "solaires.action", "elements="], "Scores des éléments (elements) : reçu une valeur vide"),
        (["roll", "solaires.action", "--dice", ""], "L’option --dice attend une valeur, reçu une valeur vide."),
        (["roll", "solaires.action", "--seed", " "], "L’option --seed attend une valeur, reçu une valeur vide."),
        (["roll", "solaires.action", "--save", ""], "L’option --save attend une valeur, reçu une valeur vide."),
        (["roll", "solaires.action", "--fiche", ""], "L’option --fiche attend une valeur, reçu une valeur vide."),
        (["action", "solaires.action", "relancer", "--state", ""], "L’option --state attend une valeur"),
    ],
)
def test_the_command_line_refuses_an_empty_value_too(args, said):
    code, out, err = _cli(*args)
    assert code == 2 and not out
    assert said in err.replace("\u00a0", " ").replace("\u202f", " ")


def test_the_command_line_refuses_empty_assistants_beside_sheet_assistants(tmp_path):
    import json

    path = tmp_path / "mavrik.json"
    path.write_text(json.dumps(example_sheet("feerie", "Mavrik"), ensure_ascii=False), encoding="utf-8")
    code, out, err = _cli("roll", "feerie.collaboration", "element=1", "assistants=", "--assistant", f"{path}:bavard")
    assert code == 2 and not out and "Assistants (assistants)" in err and "valeur vide" in err
