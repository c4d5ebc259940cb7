"""Undo and veto give back exactly what was there, whatever the change, in every game (issue 35, §1).

A change is applied to a sheet (or Simon's Réserve), then undone the way the page undoes it
(``sheet_apply`` with ``inverse``) or vetoed the way the rules undo a use of points (Solaires'
``veto``): the sheet after is the sheet before, to the last item and its place in its list.

1. Every kind of change (``ecart``, ``valeur``, ``ajout``, ``retrait``) on every field a roll
   may write, of every game, on any valid sheet (the same generated sheets as tests/test_sheets.py).
2. Every write-back of every game's rollers, as a player makes it: a reroll, each use of
   points (one that alters the character adds an element or changes the score of one it
   has), a veto, an état added or worsened, heroism spent and won with the Réserve's
   porte-poisse, a fortune drawn.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from helpers import answer_ok, example_sheet
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from test_sheets import _repaired, strategy

from rules_py import call
from rules_py.sheets import COMMON, GAMES, load_game, read_reserve, read_sheet
from rules_py.sheets.fields import Field

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _field(fields: tuple[Field, ...], path: str) -> Field:
    head, _, rest = path.partition(".")
    found = next(f for f in fields if f.name == head)
    return _field(found.fields, rest) if rest else found


def _sheet(game: str, data: st.DataObject) -> dict[str, Any]:
    fields = (*COMMON, *load_game(game).fields)
    raw = data.draw(st.fixed_dictionaries({f.name: strategy(f) for f in fields}))
    return read_sheet(_repaired(game, raw, data), "fiche", game)


def _item(field: Field, current: list[dict[str, Any]], data: st.DataObject) -> dict[str, Any]:
    """An item to add: a new one, or one named like an item of the list (another case: it replaces it)."""
    item = data.draw(st.fixed_dictionaries({sub.name: strategy(sub) for sub in field.fields}))
    if current and data.draw(st.booleans()):
        item["nom"] = data.draw(st.sampled_from([x["nom"] for x in current])).upper()
    return item


def _intents(obj: dict[str, Any], writable: dict[str, Any], fields: tuple[Field, ...], data: st.DataObject):
    """One to four changes of any kind a field takes, on the fields a roll may write."""
    out = []
    for _ in range(data.draw(st.integers(1, 4))):
        path = data.draw(st.sampled_from(sorted(writable)))
        label, kinds = writable[path]
        kind = data.draw(st.sampled_from(kinds))
        field = _field(fields, path)
        change: dict[str, Any] = {"champ": path, "libelle": label, "raison": "un essai"}
        if kind == "ecart":
            change["ecart"] = data.draw(st.integers(-60, 60))
        elif kind == "valeur":
            change["valeur"] = data.draw(strategy(field))
        elif kind == "ajout":
            change["ajout"] = _item(field, obj[path], data)
            if data.draw(st.booleans()):
                change["rang"] = data.draw(st.integers(0, 6))
        else:
            names = [x["nom"] for x in obj[path]] + ["Personne"]
            change["retrait"] = data.draw(st.sampled_from(names)).lower()
        out.append(change)
    return out


def _undone(key: str, after: dict[str, Any], changes: list[dict[str, Any]]) -> dict[str, Any]:
    undone = answer_ok({"op": "sheet_apply", key: after, "modifications": changes, "inverse": True})
    return undone[key]


@pytest.mark.parametrize("game", [g for g in GAMES if load_game(g).writable])
@SETTINGS
@given(data=st.data())
def test_any_change_of_any_writable_field_applied_then_undone_gives_the_sheet_back(game, data):
    sheet_game = load_game(game)
    sheet = _sheet(game, data)
    intents = _intents(sheet, dict(sheet_game.writable), (*COMMON, *sheet_game.fields), data)
    applied = call({"op": "sheet_apply", "fiche": sheet, "modifications": intents})
    assume(applied["ok"])  # a change the rules refuse (an état named like an element…) changes nothing
    after = applied["result"]["fiche"]
    assert _undone("fiche", after, applied["result"]["modifications"]) == sheet


@SETTINGS
@given(data=st.data(), start=st.integers(0, 9999))
def test_any_change_of_the_reserve_applied_then_undone_gives_it_back(data, start):
    sheet_game = load_game("simon")
    reserve = read_reserve({**sheet_game.reserve_example, "porte_poisse": start})
    fields = sheet_game.reserve_fields
    intents = _intents(reserve, dict(sheet_game.reserve_writable), fields, data)
    applied = answer_ok({"op": "sheet_apply", "reserve": reserve, "modifications": intents})
    assert _undone("reserve", applied["reserve"], applied["modifications"]) == reserve


def test_an_item_replaced_comes_back_in_its_place_and_an_item_removed_too():
    sheet = example_sheet("solaires", "Perseüs")
    names = [el["nom"] for el in sheet["elements"]]
    at = names.index("Pilote")
    change = {
        "champ": "elements",
        "libelle": "Éléments",
        "raison": "un essai",
        "ajout": {"nom": "pilote", "categorie": "carriere", "score": 3, "marque": None},
    }
    replaced = answer_ok({"op": "sheet_apply", "fiche": sheet, "modifications": [change]})
    assert [el["nom"] for el in replaced["fiche"]["elements"]] == names[:at] + ["pilote"] + names[at + 1 :]
    (landed,) = replaced["modifications"]
    assert landed["avant"] == sheet["elements"][at] and landed["rang"] == at
    assert _undone("fiche", replaced["fiche"], replaced["modifications"]) == sheet
    removal = {"champ": "elements", "libelle": "Éléments", "raison": "un essai", "retrait": "PILOTE"}
    removed = answer_ok({"op": "sheet_apply", "fiche": sheet, "modifications": [removal]})
    assert "Pilote" not in [el["nom"] for el in removed["fiche"]["elements"]]
    assert _undone("fiche", removed["fiche"], removed["modifications"]) == sheet


def test_a_forged_change_to_undo_is_one_french_sentence_never_a_traceback():
    sheet = example_sheet("solaires", "Perseüs")
    for forged in (
        [{"ajout": 3, "avant": None, "raison": "x"}],
        [{"champ": "points", "ecart": -1, "raison": "what was there before is not said"}],
        ["une modification"],
        [{"champ": "elements", "retrait": "Pilote", "avant": {"nom": "Pilote"}, "rang": "premier", "raison": ""}],
        [{"champ": "points", "ecart": -1, "avant": "beaucoup", "raison": "x" * 400}],
    ):
        answer = call({"op": "sheet_apply", "fiche": sheet, "modifications": forged, "inverse": True})
        assert not answer["ok"] and answer["field"].startswith(("modifications", "fiche")), (forged, answer)


# ----------------------------------------------------------------------
# 2. The write-backs of the rollers, undone and vetoed
# ----------------------------------------------------------------------


def _undo_all(result: dict[str, Any], before: dict[str, dict[str, Any]]) -> None:
    """Each sheet (and the Réserve) the result changed, undone, is the one given before."""
    targets = {c["cible"] for c in result["modifications"]}
    assert targets <= set(before), (targets, set(before))
    for target in targets:
        key = "reserve" if target == "reserve" else "fiche"
        mine = [c for c in result["modifications"] if c["cible"] == target]
        assert _undone(key, result[target], mine) == before[target], target


def _with_points(sheet: dict[str, Any], points: int, maximum: int) -> dict[str, Any]:
    return read_sheet({**sheet, "points": min(points, maximum), "points_max": maximum})


@SETTINGS
@given(
    data=st.data(),
    points=st.integers(0, 12),
    maximum=st.integers(2, 12),
    alteration=st.integers(0, 2),
    use=st.sampled_from(["lien-element", "creation-element", "flashback", "description-consequences"]),
)
def test_every_use_of_points_undone_or_vetoed_gives_the_sheet_back(data, points, maximum, alteration, use):
    """002 « Coût et veto »: a veto undoes the use; an element it added goes, one whose score it changed
    gets its score back (a veto after a use on Perseüs's Pilote leaves his career Pilote at 2)."""
    sheet = _with_points(data.draw(st.sampled_from(load_game("solaires").examples)), points, maximum)
    start = answer_ok({"op": "roll", "roller": "solaires.points", "fiche": sheet})
    params: dict[str, Any] = {"utilisation": use, "alteration_personnage": alteration}
    if alteration and use != "description-consequences":
        known = [el["nom"] for el in sheet["elements"]]
        name = data.draw(st.sampled_from([*known, "Nouvelle piste"]))
        params.update(
            element=name.lower(),
            element_categorie=data.draw(st.sampled_from(["carriere", "trait", "relation"])),
            element_score=data.draw(st.integers(1, 3)),
        )
    spent = call(
        {"op": "action", "roller": "solaires.points", "action": "depenser", "state": start["etat"], "fiche": sheet}
        | {"params": params}
    )
    assume(spent["ok"])  # more points than the sheet holds, an alteration with another use: refused
    spent = spent["result"]
    _undo_all(spent, {"fiche": sheet})
    veto = answer_ok(
        {"op": "action", "roller": "solaires.points", "action": "veto", "state": spent["etat"], "fiche": spent["fiche"]}
    )
    assert veto["fiche"] == sheet
    _undo_all(veto, {"fiche": spent["fiche"]})


@SETTINGS
@given(dice=st.lists(st.integers(1, 6), min_size=3, max_size=3), again=st.integers(1, 6), points=st.integers(0, 6))
def test_a_reroll_undone_or_vetoed_gives_the_sheet_back(dice, again, points):
    sheet = _with_points(example_sheet("solaires", "Perseüs"), points, 6)
    roll = answer_ok(
        {"op": "roll", "roller": "solaires.action", "fiche": sheet, "params": {"elements": "Pilote"}, "dice": dice}
    )
    request = {"op": "action", "roller": "solaires.action", "state": roll["etat"], "fiche": sheet}
    reroll = call({**request, "action": "relancer", "params": {"de": 1}, "dice": [again]})
    assume(reroll["ok"])  # fewer than two points: refused
    reroll = reroll["result"]
    _undo_all(reroll, {"fiche": sheet})
    veto = answer_ok({**request, "action": "veto", "state": reroll["etat"], "fiche": reroll["fiche"]})
    assert veto["fiche"] == sheet


@SETTINGS
@given(name=st.sampled_from(["En état de choc", "en ETAT de choc", "Pensée altérée"]), score=st.integers(1, 3))
def test_an_etat_added_or_worsened_undone_gives_the_sheet_back(name, score):
    sheet = read_sheet(
        {
            **example_sheet("solaires", "Perseüs"),
            "etats": [{"nom": "Blessé", "score": 1}, {"nom": "En état de choc", "score": 1}],
        }
    )
    added = answer_ok(
        {"op": "sheet_followup", "suite": "ajouter_etat", "fiche": sheet, "params": {"nom": name, "score": score}}
    )
    assert _undone("fiche", added["fiche"], added["modifications"]) == sheet


@SETTINGS
@given(
    dice=st.lists(st.integers(1, 20), min_size=5, max_size=5),
    more=st.lists(st.integers(1, 20), min_size=0, max_size=2),
    points=st.integers(0, 40),
    pool=st.integers(0, 30),
    pnj=st.booleans(),
)
def test_heroism_and_porte_poisse_undone_give_the_sheet_and_the_reserve_back(dice, more, points, pool, pnj):
    sheet = copy.deepcopy(example_sheet("simon", "Ysil"))
    sheet["heroisme"]["points"] = points
    sheet["type"] = "pnj" if pnj else "pj"
    reserve = read_reserve({**load_game("simon").reserve_example, "porte_poisse": pool})
    request = {"op": "roll", "roller": "simon.jet", "fiche": sheet, "reserve": reserve}
    roll = call({**request, "params": {"competence": "Langue étrangère"}, "dice": dice})
    assume(roll["ok"])
    result = roll["result"]
    _undo_all(result, {"fiche": sheet, "reserve": reserve})
    for die in more:
        step = call(
            {
                "op": "action",
                "roller": "simon.jet",
                "action": "ajouter_de",
                "state": result["etat"],
                "fiche": result["fiche"],
                "reserve": result["reserve"],
                "dice": [die],
            }
        )
        if not step["ok"]:  # no points left, three dice added: refused
            break
        _undo_all(step["result"], {"fiche": result["fiche"], "reserve": result["reserve"]})
        result = step["result"]


@SETTINGS
@given(fortune=st.none() | st.integers(0, 21), chosen=st.integers(0, 21))
def test_a_fortune_written_undone_gives_the_sheet_back(fortune, chosen):
    sheet = read_sheet({**example_sheet("dcda", "Nocturne"), "fortune": fortune})
    drawn = answer_ok(
        {"op": "sheet_followup", "suite": "nouvelle_fortune", "fiche": sheet, "params": {"fortune": chosen}}
    )
    assert drawn["fiche"]["fortune"] == chosen
    assert _undone("fiche", drawn["fiche"], drawn["modifications"]) == sheet


def test_every_game_that_writes_back_is_covered_here():
    """A new writable field or game is a new case of the tests above: this list says which ones they cover."""
    covered = {
        "solaires": {"points", "points_max", "etats", "elements"},
        "simon": {"heroisme.points"},
        "dcda": {"fortune"},
        "feerie": set(),
    }
    assert {g: set(load_game(g).writable) for g in GAMES} == covered
    assert set(load_game("simon").reserve_writable) == {"porte_poisse"}
