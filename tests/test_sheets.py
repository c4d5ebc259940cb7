"""Character sheets, the shared part: reading, hostile sheets, names, formats, the sheet operations, the CLI.

Each game's own sheet (its example characters replaying the book, its
write-back) is tested in tests/test_sheets_<game>.py.
"""

from __future__ import annotations

import copy
import json
import os
import re
import stat
import subprocess
import sys
import unicodedata
from pathlib import Path
from typing import Any

import pytest
from helpers import ROOT, answer_ok, answer_refused, example_sheet
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from markdown.extensions.toc import slugify

from rules_py import call, call_json
from rules_py.api import SHEET_KEYS, SHEET_OPS, get_roller
from rules_py.errors import RulesError
from rules_py.sheets import COMMON, FORMAT, GAMES, load_game, read_reserve, read_sheet, upgrade
from rules_py.sheets.backup import BACKUP_FORMAT
from rules_py.sheets.fields import Field, name_key

FIXTURES = ROOT / "tests" / "fixtures" / "sheets"
#: A roller of each game that reads a sheet (for the hostile sheets).
#: A roller of each game that reads its sheets: its first (solaires.action, feerie.action, simon.jet, dcda.tour).
ROLLER_OF = {game: load_game(game).bindings[0].roller for game in GAMES}


def first_example(game: str) -> dict[str, Any]:
    return copy.deepcopy(load_game(game).examples[0])


# ----------------------------------------------------------------------
# The examples, and any valid sheet, read back the same
# ----------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_every_example_sheet_is_valid_and_already_normalised(game):
    sheet_game = load_game(game)
    assert sheet_game.examples, game
    ids = set()
    for sheet in sheet_game.examples:
        assert read_sheet(sheet, "fiche", game) == sheet, sheet["nom"]
        assert sheet["id"].startswith(f"exemple-{game}-") and sheet["id"] not in ids
        ids.add(sheet["id"])
    examples = answer_ok({"op": "sheet_examples", "jeu": game})
    assert examples["fiches"] == list(sheet_game.examples)


_TEXT = st.text(
    alphabet=st.sampled_from(list("abcdeéèàçœAÉZ xyz-’'()0123456789«»:;?!.")),
    max_size=30,
)


def _text(f: Field) -> st.SearchStrategy[str]:
    base = _TEXT if f.kind == "text" else _TEXT.map(lambda t: t.replace(",", " "))
    if f.lines:
        base = st.lists(base, max_size=3).map("\n".join)
    size = min(f.length, 30)
    out = base.map(lambda t: t.strip()[:size].strip())
    return out.filter(bool) if f.required else out


def strategy(f: Field) -> st.SearchStrategy[Any]:
    """Values of one field, from its description as data (the same description the page's form reads)."""
    if f.kind in ("text", "name"):
        values: st.SearchStrategy[Any] = _text(f)
    elif f.kind == "int":
        values = st.integers(f.minimum if f.minimum is not None else -5, f.maximum if f.maximum is not None else 50)
    elif f.kind == "bool":
        values = st.booleans()
    elif f.kind == "choice":
        values = st.sampled_from([c.value for c in f.choices])
    elif f.kind == "id":
        values = st.from_regex(r"[A-Za-z0-9_-]{1,20}", fullmatch=True)
    elif f.kind == "date":
        values = st.sampled_from(["2026-11-22", "2026-11-22T18:30:00Z", "2026-11-22T18:30:00.123+01:00"])
    elif f.kind == "object":
        values = st.fixed_dictionaries({sub.name: strategy(sub) for sub in f.fields})
    elif f.of is not None:
        values = st.lists(strategy(f.of), max_size=3)
    else:
        item = st.fixed_dictionaries({sub.name: strategy(sub) for sub in f.fields})
        values = st.lists(item, max_size=4, unique_by=lambda x: name_key(x["nom"]))
    return st.none() | values if f.nullable else values


def _repaired(game: str, raw: dict[str, Any], data: st.DataObject) -> dict[str, Any]:
    """A generated sheet made to meet its game's cross-field rules."""
    raw = {**raw, "format": FORMAT, "jeu": game}
    if game == "solaires":
        for el in raw["elements"]:
            if el["categorie"] != "equipement":
                el["marque"] = None
        names = {name_key(el["nom"]) for el in raw["elements"]}
        raw["etats"] = [s for s in raw["etats"] if name_key(s["nom"]) not in names]
        raw["points"] = min(raw["points"], raw["points_max"])
    elif game == "simon":
        seen: set[str] = set()
        caracs = []
        for c in raw["caracteristiques"]:
            if name_key(c["abreviation"]) not in seen:
                seen.add(name_key(c["abreviation"]))
                caracs.append(c)
        raw["caracteristiques"] = caracs
        abbreviations = [c["abreviation"] for c in caracs]
        for comp in raw["competences"]:
            comp["caracteristiques"] = (
                data.draw(st.lists(st.sampled_from(abbreviations), unique=True)) if caracs else []
            )
        raw["heroisme"]["points"] = min(raw["heroisme"]["points"], 2 * raw["heroisme"]["depart"])
    elif game == "dcda":
        if raw["environnement"]:
            raw.update(type="pnj", fortune=None, relations_valeurs=[])
        else:
            raw["forces"] = {k: min(v, 10) for k, v in raw["forces"].items()}
        raw["table_confrontation"] = data.draw(st.sampled_from([None, "C4S8Q/C5S/S6Q/Q4M", "M/Q/S/C"]))
    return raw


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_valid_sheet_exported_and_imported_is_the_same_sheet(game, data):
    fields = (*COMMON, *load_game(game).fields)
    raw = data.draw(st.fixed_dictionaries({f.name: strategy(f) for f in fields}))
    sheet = read_sheet(_repaired(game, raw, data), "fiche", game)
    assert read_sheet(copy.deepcopy(sheet), "fiche", game) == sheet  # normalised once and for all
    exported = answer_ok({"op": "sheet_export", "fiches": [sheet]})
    assert exported["contenu"] == sheet and exported["fichier"].endswith(".json")
    text = json.dumps(exported["contenu"], ensure_ascii=False, indent=2)
    assert answer_ok({"op": "sheet_read", "contenu": text}) == {"fiches": [sheet], "reserves": [], "brouillons": []}
    two = answer_ok({"op": "sheet_export", "fiches": [sheet, {**first_example(game), "id": sheet["id"] + "x"}]})
    assert two["contenu"]["format"] == BACKUP_FORMAT and two["fichier"] == f"mes-personnages-{game}.json"
    again = answer_ok({"op": "sheet_read", "contenu": json.dumps(two["contenu"])})
    assert again["fiches"][0] == sheet and len(again["fiches"]) == 2


# ----------------------------------------------------------------------
# Hostile sheets: one French sentence naming the field, nothing changed
# ----------------------------------------------------------------------


def _hostile(game: str) -> list[tuple[str, Any, str]]:
    """(what, the sheet, the field the error names)."""
    good = first_example(game)
    other = next(g for g in GAMES if g != game)
    cases: list[tuple[str, Any, str]] = [
        ("wrong game", first_example(other), "fiche"),
        ("missing name", {k: v for k, v in good.items() if k != "nom"}, "fiche.nom"),
        ("missing id", {k: v for k, v in good.items() if k != "id"}, "fiche.id"),
        ("missing format", {k: v for k, v in good.items() if k != "format"}, "fiche.format"),
        ("future format", {**good, "format": FORMAT + 1}, "fiche.format"),
        ("format as text", {**good, "format": "1"}, "fiche.format"),
        ("unknown field", {**good, "force": 3}, "fiche.force"),
        ("unknown game", {**good, "jeu": "monopoly"}, "fiche.jeu"),
        ("name too long", {**good, "nom": "x" * 61}, "fiche.nom"),
        ("empty name", {**good, "nom": "   "}, "fiche.nom"),
        ("name not text", {**good, "nom": 12}, "fiche.nom"),
        ("1 MB of text", {**good, "notes": "é" * 1_000_000}, "fiche"),
        ("notes over 2 000 characters", {**good, "notes": "x" * 2001}, "fiche.notes"),
        ("control character", {**good, "nom": "Bob\u0000"}, "fiche.nom"),
        ("bad id", {**good, "id": "un id avec espaces"}, "fiche.id"),
        ("bad date", {**good, "modifie": "hier"}, "fiche.modifie"),
        ("bad type", {**good, "type": "dieu"}, "fiche.type"),
        ("a reserve, not a sheet", {**good, "type": "reserve"}, "fiche"),
        ("not an object", ["une", "liste"], "fiche"),
        ("a number", 42, "fiche"),
        # issue 54: null is no value (never the default), a lone half of a surrogate pair is no character
        ("null name", {**good, "nom": None}, "fiche.nom"),
        ("null format", {**good, "format": None}, "fiche.format"),
        ("null type (a field with a default)", {**good, "type": None}, "fiche.type"),
        ("null notes", {**good, "notes": None}, "fiche.notes"),
        ("a lone surrogate in the name", {**good, "nom": "Ana\ud800"}, "fiche.nom"),
        ("a lone surrogate in the notes", {**good, "notes": "a\udc00b"}, "fiche.notes"),
        ("a lone surrogate in an unknown key", {**good, "x\ud800": 1}, "fiche.x\ufffd"),
    ]
    if game == "solaires":
        el = good["elements"][0]
        cases += [
            ("score out of range", {**good, "elements": [{**el, "score": 7}]}, "fiche.elements[0].score"),
            ("score as text", {**good, "elements": [{**el, "score": "3"}]}, "fiche.elements[0].score"),
            ("score null", {**good, "elements": [{**el, "score": None}]}, "fiche.elements[0].score"),
            ("points null", {**good, "points": None}, "fiche.points"),
            ("points as text", {**good, "points": "2"}, "fiche.points"),
            ("elements null", {**good, "elements": None}, "fiche.elements"),
            ("score as boolean", {**good, "elements": [{**el, "score": True}]}, "fiche.elements[0].score"),
            ("element not an object", {**good, "elements": ["Pilote"]}, "fiche.elements[0]"),
            ("elements not a list", {**good, "elements": {"Pilote": 2}}, "fiche.elements"),
            (
                "two elements of one name",
                {**good, "elements": [el, {**el, "nom": " " + el["nom"].upper()}]},
                "fiche.elements[1].nom",
            ),
            ("a comma in a name", {**good, "elements": [{**el, "nom": "Pilote, as"}]}, "fiche.elements[0].nom"),
            ("a mark on a trait", {**good, "elements": [{**el, "marque": "cyb"}]}, "fiche.elements[0].marque"),
            ("points above the maximum", {**good, "points": 3}, "fiche.points"),
            ("an état named as an element", {**good, "etats": [{"nom": el["nom"], "score": 1}]}, "fiche.etats[0].nom"),
            (
                "a thousand elements",
                {**good, "elements": [{**el, "nom": f"E{i}"} for i in range(2000)]},
                "fiche.elements",
            ),
        ]
    if game == "simon":
        cases += [
            (
                "heroism above twice the start",
                {**good, "heroisme": {"points": 41, "depart": 20}},
                "fiche.heroisme.points",
            ),
            (
                "unknown level",
                {**good, "caracteristiques": [{"nom": "Force", "abreviation": "FOR", "niveau": "divine"}]},
                "fiche.caracteristiques[0].niveau",
            ),
            (
                "a compétence attached to an unknown caractéristique",
                {**good, "competences": [{"nom": "Chant", "valeur": 3, "caracteristiques": ["CHA"]}]},
                "fiche.competences[0].caracteristiques[0]",
            ),
        ]
    if game == "dcda":
        cases += [
            (
                "a character's force above 10",
                {**good, "forces": {**good["forces"], "dagues": 11}},
                "fiche.forces.dagues",
            ),
            (
                "an environment played by a player",
                {**good, "type": "pj", "environnement": True, "fortune": None},
                "fiche.environnement",
            ),
            ("a wrong table", {**good, "table_confrontation": "XYZ"}, "fiche.table_confrontation"),
            ("a fortune of 22", {**good, "fortune": 22}, "fiche.fortune"),
            ("forces null", {**good, "forces": None}, "fiche.forces"),
        ]
    return cases


@pytest.mark.parametrize(
    "game, what, sheet, field",
    [(game, *case) for game in GAMES for case in _hostile(game)],
    ids=[f"{game}-{case[0]}" for game in GAMES for case in _hostile(game)],
)
def test_a_hostile_sheet_gets_one_french_sentence_naming_the_field_and_changes_nothing(game, what, sheet, field):
    roller = ROLLER_OF[game]
    error = answer_refused({"op": "roll", "roller": roller, "fiche": sheet, "seed": 1}, field)
    assert re.search(r"[a-zéèàç]", error)  # French words, not a code
    answer_refused({"op": "odds", "roller": roller, "fiche": sheet}, field)
    if what != "wrong game":  # a sheet of another game is a good sheet of its own game
        answer_refused({"op": "sheet_check", "fiche": sheet}, field)


def test_a_sheet_naming_a_field_twice_is_refused_never_the_last_one_kept():
    sheet = '{"format": 1, "jeu": "feerie", "id": "x", "nom": "Ana", "nom": "Bea", "elements": []}'
    request = '{"op": "roll", "roller": "feerie.action", "params": {"element": 2}, "fiche": ' + sheet + "}"
    answer = json.loads(call_json(request))
    assert answer["ok"] is False and answer["field"] == "nom" and "deux fois" in answer["error"]
    assert "Ana" in answer["error"] and "Bea" in answer["error"]
    answer = json.loads(call_json('{"op": "sheet_check", "fiche": ' + sheet + "}"))
    assert answer["ok"] is False and answer["field"] == "nom"
    error = answer_refused(
        {"op": "sheet_read", "contenu": '{"format": 1, "fiches": [' + sheet + "]}"}, "contenu.fiches[0].nom"
    )
    assert "deux fois" in error
    answer_refused(
        {
            "op": "roll",
            "roller": "feerie.action",
            "fiche": first_example("feerie"),
            "params": [["element", "bavard"], ["element", 2]],
        },
        "element",
    )


def test_a_future_format_says_to_update_the_site():
    error = answer_refused({"op": "sheet_check", "fiche": {**first_example("simon"), "format": 2}}, "fiche.format")
    assert "format 2" in error and "plus récent" in error and "rien n’a été changé" in error.replace("'", "’")


def test_a_sheet_of_another_game_is_named_with_both_games():
    error = answer_refused({"op": "roll", "roller": "simon.jet", "fiche": first_example("solaires")}, "fiche")
    assert "Solaires" in error and "Simon Système" in error


def test_a_roller_that_takes_no_sheet_and_a_key_a_roller_does_not_take_are_refused():
    answer_refused({"op": "roll", "roller": "solaires.environnement", "fiche": first_example("solaires")}, "fiche")
    answer_refused({"op": "roll", "roller": "solaires.action", "fiche_b": first_example("solaires")}, "fiche_b")
    answer_refused({"op": "roll", "roller": "solaires.action", "reserve": {"format": 1}}, "reserve")
    perseus = first_example("solaires")
    answer_refused(
        {"op": "roll", "roller": "solaires.opposition", "fiche": perseus, "fiche_defense": perseus}, "fiche_defense"
    )


# ----------------------------------------------------------------------
# Names: without regard to case, accents or surrounding spaces
# ----------------------------------------------------------------------


@pytest.mark.parametrize("typed", ["Pilote", "pilote", "  PILOTE ", "Pilóte"])
def test_a_name_is_matched_without_case_accents_or_spaces(typed):
    result = answer_ok(
        {
            "op": "roll",
            "roller": "solaires.action",
            "fiche": example_sheet("solaires", "Perseüs"),
            "params": {"elements": f"{typed}, élancé", "typique": True, "difficulte": 0},
            "seed": 1,
        }
    )
    assert result["parametres"]["elements"] == [2, 2]


def test_a_name_that_matches_nothing_lists_the_sheets_names_of_that_kind():
    error = answer_refused(
        {
            "op": "roll",
            "roller": "solaires.action",
            "fiche": example_sheet("solaires", "Razors"),
            "params": {"elements": "Pilote"},
        },
        "elements",
    )
    assert "« Pilote »" in error.replace("\u00a0", " ") and "Arts martiaux, Muscles améliorés" in error


# ----------------------------------------------------------------------
# Formats: a stored file of each format, read by this site
# ----------------------------------------------------------------------


def test_a_stored_file_of_each_format_is_read():
    formats = sorted(int(p.name.split("-")[1]) for p in FIXTURES.glob("format-*"))
    assert formats == list(range(1, FORMAT + 1))  # one folder per format, up to today's
    for folder in FIXTURES.glob("format-*"):
        files = sorted(folder.glob("*.json"))
        assert {f.stem for f in files} >= {*GAMES, "plusieurs"}, folder
        for path in files:
            content = answer_ok({"op": "sheet_read", "contenu": path.read_text(encoding="utf-8")})
            assert content["fiches"] or content["reserves"], path
            for sheet in content["fiches"]:
                assert sheet["format"] == FORMAT


def test_an_upgrade_runs_one_step_at_a_time_and_refuses_what_it_does_not_know():
    steps = {
        1: lambda s: {**s, "format": 2, "notes": s.get("notes", "") + " (v2)"},
        2: lambda s: {**s, "format": 3, "etiquettes": []},
    }
    assert upgrade({"format": 1, "notes": "a"}, "fiche", steps=steps, current=3) == {
        "format": 3,
        "notes": "a (v2)",
        "etiquettes": [],
    }
    original = {"format": 2, "notes": "b"}
    assert upgrade(original, "fiche", steps=steps, current=3)["format"] == 3 and original["format"] == 2
    with pytest.raises(RulesError, match="plus récent"):
        upgrade({"format": 4}, "fiche", steps=steps, current=3)
    with pytest.raises(AssertionError):
        upgrade({"format": 1}, "fiche", steps={1: lambda s: s}, current=2)


# ----------------------------------------------------------------------
# The fields as data: the book's sentence, its section on the site
# ----------------------------------------------------------------------


def _plain(text: str) -> str:
    text = unicodedata.normalize("NFC", text).replace("’", "'").replace("\u00a0", " ").replace("\u202f", " ")
    text = re.sub(r"[*_`]", "", text)
    text = re.sub(r"[\"«»“”]", " ", text)  # the book's straight quotes are French quotes in the package
    return " ".join(text.split())


def _all_fields(fields: tuple[Field, ...]) -> list[Field]:
    out = []
    for f in fields:
        out.append(f)
        out += _all_fields(f.fields)
        if f.of is not None:
            out += _all_fields((f.of,))
    return out


@pytest.mark.parametrize("game", GAMES)
def test_every_fields_sentence_is_the_books_on_the_page_it_links_to(game):
    sheet_game = load_game(game)
    fields = _all_fields(sheet_game.fields + sheet_game.reserve_fields)
    linked = [f for f in fields if f.link]
    assert linked
    for f in linked:
        page, _, anchor = f.link.partition("/#")
        path = ROOT / "docs" / f"{page}.md"
        assert path.is_file(), f.link
        source = path.read_text(encoding="utf-8")
        headings = [slugify(re.sub(r"\s*\{.*\}$", "", h), "-") for h in re.findall(r"^#+ (.+)$", source, re.M)]
        assert anchor in headings, (f.name, f.link)
        if f.help:
            assert _plain(f.help) in _plain(source), (f.name, f.help)
        assert f.source.startswith(("001", "002", "003", "004")), f.name


@pytest.mark.parametrize("game", GAMES)
def test_the_schema_describes_every_field_and_what_each_roller_takes(game):
    schema = answer_ok({"op": "sheet_schema", "jeu": game})
    names = [f["nom"] for f in schema["champs"]]
    assert names[:8] == ["format", "jeu", "id", "nom", "type", "joueuse", "notes", "modifie"]
    assert all(f["libelle"] and f["type"] for f in schema["champs"])
    roller_ids = {r.id for r in __import__(f"rules_py.{game}", fromlist=["ROLLERS"]).ROLLERS}
    for binding in schema["lanceurs"]:
        roller = get_roller(binding["lanceur"])
        assert roller.id in roller_ids
        own = {p.name for p in roller.params} | {p["nom"] for p in binding["parametres_fiche"]}
        for take in binding["prend"]:
            assert take["parametre"] in own and take["depuis"], take
        assert binding["fiches"][0] == "fiche" and set(binding["fiches"]) <= set(SHEET_KEYS)
        assert [p["cle"] for p in binding["places"]] == binding["fiches"] and all(
            p["libelle"] for p in binding["places"]
        )
        named = {n["parametre"] for n in binding["noms"]}
        for p in binding["parametres_fiche"]:
            assert p.get("donne", roller.params[0].name) in {q.name for q in roller.params}, p
        request = {"op": "sheet_choices", "roller": roller.id, "fiche": first_example(game)}
        if len(binding["fiches"]) > 1 and binding["fiches"][1] in ("fiche_b", "fiche_defense"):
            request[binding["fiches"][1]] = {**first_example(game), "id": "autre"}
        choices = answer_ok(request)
        assert set(choices["choix"]) <= named and set(choices["libelles"]) == named
    assert [e["nom"] for e in schema["exemples"]] == [s["nom"] for s in load_game(game).examples]


# ----------------------------------------------------------------------
# The sheet operations
# ----------------------------------------------------------------------


def test_every_sheet_operation_is_served():
    assert set(SHEET_OPS) == set(__import__("rules_py.sheets.ops", fromlist=["_SERVE"])._SERVE)
    error = call({"op": "sheet_nope"})["error"]
    assert all(op in error for op in SHEET_OPS)


def test_a_new_sheet_gets_a_fresh_id_and_an_example_is_copied_never_changed():
    perseus = first_example("solaires")
    one = answer_ok({"op": "sheet_new", "jeu": "solaires", "exemple": "perseus", "seed": 1})["fiche"]
    two = answer_ok({"op": "sheet_new", "jeu": "solaires", "exemple": perseus["id"]})["fiche"]
    assert one["id"] != perseus["id"] != two["id"] and one["id"] != two["id"]
    assert {**one, "id": perseus["id"]} == perseus
    assert load_game("solaires").examples[0] == perseus
    assert answer_ok({"op": "sheet_new", "jeu": "solaires", "exemple": "perseus", "seed": 1})["fiche"] == one
    blank = answer_ok({"op": "sheet_new", "jeu": "simon", "seed": 2})["fiche"]
    assert blank["nom"] == "Nouveau personnage" and blank["heroisme"] == {"points": 20, "depart": 20}
    assert [c["abreviation"] for c in blank["caracteristiques"]] == ["INT", "CO", "CON"]
    reserve = answer_ok({"op": "sheet_new", "jeu": "simon", "objet": "reserve", "seed": 3})["reserve"]
    assert reserve["porte_poisse"] == 10 and reserve["type"] == "reserve"
    answer_refused({"op": "sheet_new", "jeu": "solaires", "exemple": "Gandalf"}, "exemple")
    answer_refused({"op": "sheet_new", "jeu": "feerie", "objet": "reserve"}, "objet")


def test_a_file_with_the_same_sheet_twice_is_refused():
    perseus = first_example("solaires")
    error = answer_refused(
        {"op": "sheet_read", "contenu": {"format": 1, "fiches": [perseus, perseus]}}, "contenu.fiches[1].id"
    )
    assert "Perseüs" in error
    answer_refused({"op": "sheet_read", "contenu": "{pas du json"}, "contenu")
    answer_refused({"op": "sheet_read", "contenu": {"format": 1, "fiches": [], "autre": 1}}, "contenu.autre")
    answer_refused(
        {"op": "sheet_read", "contenu": {"format": 1, "fiches": [{**perseus, "nom": ""}]}}, "contenu.fiches[0].nom"
    )


def test_changes_apply_again_to_a_newer_copy_as_differences_and_undo():
    sheet = {**first_example("solaires"), "points": 2, "points_max": 4}
    roll = answer_ok(
        {"op": "roll", "roller": "solaires.action", "fiche": sheet, "params": {"elements": "Pilote"}, "dice": [6, 6, 6]}
    )
    reroll = answer_ok(
        {
            "op": "action",
            "roller": "solaires.action",
            "action": "relancer",
            "state": roll["etat"],
            "fiche": sheet,
            "params": {"de": 1},
            "dice": [1],
        }
    )
    (change,) = reroll["modifications"]
    assert (change["avant"], change["apres"], change["ecart"]) == (2, 0, -2)
    newer = {**sheet, "points": 4}  # another tab won two points meanwhile
    again = answer_ok({"op": "sheet_apply", "fiche": newer, "modifications": reroll["modifications"]})
    assert again["fiche"]["points"] == 2 and again["modifications"][0]["avant"] == 4
    undone = answer_ok(
        {"op": "sheet_apply", "fiche": reroll["fiche"], "modifications": reroll["modifications"], "inverse": True}
    )
    assert undone["fiche"] == sheet
    other = {**sheet, "id": "une-autre"}
    answer_refused({"op": "sheet_apply", "fiche": other, "modifications": reroll["modifications"]}, "modifications")
    forged = [{**change, "champ": "nom"}]
    answer_refused({"op": "sheet_apply", "fiche": sheet, "modifications": forged}, "modifications[0].champ")
    forged = [{"champ": "points", "ajout": {"nom": "x"}, "raison": ""}]
    answer_refused({"op": "sheet_apply", "fiche": sheet, "modifications": forged}, "modifications[0]")
    forged = [{"champ": "etats", "ajout": {"nom": "Choc", "score": 9}, "raison": ""}]
    answer_refused({"op": "sheet_apply", "fiche": sheet, "modifications": forged}, "fiche.etats[0].score")


def test_the_readers_text_in_a_sheet_is_given_back_as_it_is():
    sheet = {**first_example("feerie"), "notes": "Note: « sans espaces »; vraiment?"}
    result = answer_ok(
        {"op": "roll", "roller": "feerie.action", "fiche": sheet, "params": {"element": "bavard"}, "seed": 1}
    )
    assert result["fiche"]["notes"] == sheet["notes"]
    assert answer_ok({"op": "sheet_check", "fiche": sheet})["fiche"]["notes"] == sheet["notes"]


def test_a_request_without_sheets_never_imports_the_sheets():
    code = (
        "import sys, json, rules_py\n"
        "served = 0\n"
        "for r in rules_py.all_rollers():\n"
        "    params = {'expertise': 2} if r.id in ('simon.jet', 'simon.aide') else {}\n"
        "    a = rules_py.call({'op': 'roll', 'roller': r.id, 'params': params, 'seed': 1})\n"
        "    b = rules_py.call({'op': 'odds', 'roller': r.id, 'params': params})\n"
        "    served += a['ok'] + b['ok']\n"
        "print(served, any(m.startswith('rules_py.sheets') or m.rsplit('.', 1)[-1].startswith('sheet') for m in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    served, imported = done.stdout.split()
    assert int(served) >= 2 * 10 and imported == "False"


def test_the_build_ships_the_sheets_modules_apart_from_what_a_roll_fetches(built_site):
    from hooks.site_step.front_end import python_sources, sheet_module, shrink, system_of

    names = [p.relative_to(ROOT / "rules_py").as_posix() for p in python_sources()]
    assert not any(n.startswith("cli/") or n == "__main__.py" for n in names)  # the CLI is never shipped
    sheets = {n for n in names if sheet_module(n)}
    assert {"sheets/ops.py", "solaires/sheet.py", "solaires/sheet_examples.py", "simon/sheet_writeback.py"} <= sheets
    assert {n for n in names if n.startswith("sheets/") or n.rsplit("/", 1)[-1].startswith("sheet")} == sheets
    worker = (built_site / "assets" / "rollers" / "rollers-worker.js").read_text(encoding="utf-8")
    config = json.loads(re.search(r"^const CONFIG = (.*);$", worker, re.M).group(1))
    folder = built_site / "assets" / "rollers" / "rules_py"

    def pack(name: str) -> dict[str, str]:  # the worker's unpack, in Python: each module after a NUL and its path
        parts = folder.joinpath(name).read_text(encoding="utf-8").split("\0")[1:]
        return dict(part.split("\n", 1) for part in parts)

    fetched = {**pack(config["core"]), **{k: v for p in config["systems"].values() for k, v in pack(p).items()}}
    kept = {
        **pack(config["sheets"]["core"]),
        **{k: v for p in config["sheets"]["systems"].values() for k, v in pack(p).items()},
    }
    assert set(fetched) | sheets == set(names) and not set(fetched) & sheets and set(kept) == sheets
    assert set(pack(config["sheets"]["core"])) == {n for n in sheets if system_of(n) is None}
    assert set(pack(config["sheets"]["systems"]["simon"])) == {"simon/sheet.py", "simon/sheet_writeback.py"}
    assert sorted(p.name for p in folder.iterdir()) == sorted(
        {config["core"], *config["systems"].values(), config["sheets"]["core"], *config["sheets"]["systems"].values()}
    )
    for name, text in {**fetched, **kept}.items():  # each module as shrink makes it, whole
        assert text == shrink((ROOT / "rules_py" / name).read_text(encoding="utf-8")), name


def test_the_reserve_is_read_like_a_sheet():
    reserve = answer_ok({"op": "sheet_examples", "jeu": "simon"})["reserve"]
    assert read_reserve(reserve) == reserve
    answer_refused({"op": "sheet_check", "reserve": {**reserve, "porte_poisse": -1}}, "reserve.porte_poisse")
    answer_refused({"op": "sheet_check", "reserve": {**reserve, "jeu": "solaires"}}, "reserve.jeu")
    answer_refused({"op": "sheet_check", "reserve": {**reserve, "format": 9}}, "reserve.format")
    answer_refused({"op": "roll", "roller": "simon.jet", "fiche": reserve, "params": {"expertise": 2}}, "fiche")


# ----------------------------------------------------------------------
# The command line
# ----------------------------------------------------------------------


def cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "rules_py", *args],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=cwd,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


@pytest.mark.parametrize("game", GAMES)
def test_fiche_exemple_prints_the_books_first_example_and_verifier_accepts_it(game, tmp_path):
    out = cli("fiche", "exemple", game)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == first_example(game)
    path = tmp_path / "fiche.json"
    path.write_text(out.stdout, encoding="utf-8")
    checked = cli("fiche", "verifier", str(path))
    assert checked.returncode == 0 and checked.stdout.startswith("Fiche valide")


def test_fiche_verifier_exits_2_with_the_french_sentence(tmp_path):
    path = tmp_path / "fiche.json"
    path.write_text(json.dumps({**first_example("simon"), "heroisme": {"points": 99, "depart": 20}}), encoding="utf-8")
    out = cli("fiche", "verifier", str(path))
    assert out.returncode == 2 and out.stdout == ""
    assert "Points d’héroïsme" in out.stderr and "40" in out.stderr
    assert cli("fiche", "verifier", str(tmp_path / "absente.json")).returncode == 2
    assert cli("fiche", "exemple", "monopoly").returncode == 2
    assert cli("fiche", "lancer").returncode == 2


def test_ecrire_writes_back_what_the_result_changed_and_a_follow_up_spends_the_sheets_points(tmp_path):
    folder = tmp_path / "fiches"
    folder.mkdir()
    path = folder / "perseus.json"
    path.write_text(json.dumps(first_example("solaires"), ensure_ascii=False), encoding="utf-8")
    jet = tmp_path / "jet.json"
    out = cli("roll", "solaires.action", "--fiche", str(path), "elements=Pilote", "--dice", "6,6,6", "--save", str(jet))
    assert out.returncode == 0, out.stderr
    assert "Personnage : Perseüs" in out.stdout.replace("\u00a0", " ") and "--fiche" in out.stdout
    reroll = ("action", "solaires.action", "relancer", "--state", str(jet), "--fiche", str(path), "de=1")
    out = cli(*reroll, "--dice", "1", "--ecrire")
    assert out.returncode == 0, out.stderr
    assert "Points de personnage 2 → 0" in out.stdout.replace("\u00a0", " ") and "Écrit" in out.stdout
    written = json.loads(path.read_text(encoding="utf-8"))
    assert written["points"] == 0 and re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", written["modifie"])
    assert {**written, "points": 2, "modifie": None} == first_example("solaires")
    assert os.listdir(folder) == ["perseus.json"]  # no temporary file left
    again = cli(*reroll, "--dice", "2", "--ecrire")  # the roll's state again: the sheet has moved past it
    assert again.returncode == 2 and "n’est plus celle que laisse l’état donné" in again.stderr.replace("\u00a0", " ")
    assert json.loads(path.read_text(encoding="utf-8")) == written
    shown = cli(*reroll, "--dice", "2")  # not written: the points the sheet holds now are too few
    assert shown.returncode == 2 and "il en reste 0" in shown.stderr


@pytest.mark.parametrize("failing", ["fsync", "replace"])
def test_a_failed_write_leaves_the_old_file_whole_and_no_temporary_file(tmp_path, monkeypatch, failing):
    from rules_py.cli import files

    path = tmp_path / "perseus.json"
    path.write_text('{"ancienne": true}\n', encoding="utf-8")

    def disk_full(*args: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(files.os, failing, disk_full)
    with pytest.raises(files.UsageError, match="impossible d’écrire"):
        files.write_json(str(path), first_example("solaires"), "Écriture (--ecrire)")
    assert path.read_text(encoding="utf-8") == '{"ancienne": true}\n'
    assert os.listdir(tmp_path) == ["perseus.json"]
    monkeypatch.undo()
    files.write_json(str(path), {"nouvelle": True}, "Écriture (--ecrire)")
    assert json.loads(path.read_text(encoding="utf-8")) == {"nouvelle": True}
    assert stat.S_IMODE(path.stat().st_mode) & 0o600 == 0o600
