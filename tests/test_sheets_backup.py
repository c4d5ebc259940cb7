"""The backup file (rules_py/sheets/backup.py, CHARACTERS.md « The backup »), and the page's own check.

- A round trip, as a property: any sheets of every game, a Réserve du meneur and drafts, written as a
  backup and read back (from its JSON text), are the same; one wrong object refuses the whole file.
- A stored file of each format this site has written is read: the page's « Tout exporter » of before
  (no ``format``), format 1 (``sheet_export``), format 2; a newer one is refused in one French sentence.
- The page writes and reads the backup and checks a sheet without the engine
  (frontend/sheets/page/check.js and backup.js, generic over the schema the build writes):
  run here with Node, they agree with rules_py on every game's sheets, hostile ones included (same
  verdict, same field, same normalised sheet, same words), and each side reads what the other wrote.
"""

from __future__ import annotations

import copy
import json
import re
import shutil
import subprocess
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from helpers import ROOT, answer_ok, answer_refused
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_sheets import _hostile, _repaired, strategy

from hooks.page.sheets import backup_catalogue
from rules_py.errors import RulesError
from rules_py.sheets import COMMON, GAMES, load_game, read_sheet
from rules_py.sheets.backup import BACKUP_FORMAT, read_file, write_backup

BACKUPS = ROOT / "tests" / "fixtures" / "sheets" / "sauvegardes"
FRONT = ROOT / "frontend" / "sheets" / "page"


# ----------------------------------------------------------------------
# What a backup holds
# ----------------------------------------------------------------------


def sheet_of(game: str, data: st.DataObject) -> dict[str, Any]:
    fields = (*COMMON, *load_game(game).fields)
    raw = data.draw(st.fixed_dictionaries({f.name: strategy(f) for f in fields}))
    return read_sheet(_repaired(game, raw, data), "fiche", game)


def reserve_of(data: st.DataObject) -> dict[str, Any]:
    game = load_game("simon")
    fields = {f.name: f for f in game.reserve_fields}
    return {
        **copy.deepcopy(game.reserve_example),
        "id": data.draw(st.from_regex(r"[A-Za-z0-9_-]{1,20}", fullmatch=True)),
        "nom": data.draw(strategy(fields["nom"])) or "Réserve du meneur",
        "porte_poisse": data.draw(strategy(fields["porte_poisse"])),
        "notes": data.draw(strategy(fields["notes"])),
    }


#: Anything a form may hold as typed (a draft is not checked until it is saved).
TYPED = st.recursive(
    st.none() | st.booleans() | st.integers(-1000, 1000) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=12,
)


def draft_of(sheet: dict[str, Any], data: st.DataObject, new: bool) -> dict[str, Any]:
    typed = {**sheet, **data.draw(st.dictionaries(st.sampled_from(["nom", "notes", "points", "x"]), TYPED, max_size=3))}
    return {
        "jeu": sheet["jeu"],
        "fiche_id": sheet["id"],
        "date": data.draw(st.sampled_from(["2026-11-22T18:30:00.123Z", "2026-11-22"])),
        "fiche": typed,
        "ouverte": None if new else sheet,
    }


def backup_parts(data: st.DataObject) -> tuple[list[Any], list[Any], list[Any]]:
    sheets = []
    for game in GAMES:
        for _ in range(data.draw(st.integers(0, 2))):
            sheets.append(sheet_of(game, data))
    seen: set[str] = set()
    sheets = [s for s in sheets if not (s["id"] in seen or seen.add(s["id"]))]  # type: ignore[func-returns-value]
    reserves = [reserve_of(data)] if data.draw(st.booleans()) else []
    reserves = [r for r in reserves if r["id"] not in seen]
    drafts = [draft_of(s, data, new=data.draw(st.booleans())) for s in sheets if data.draw(st.booleans())]
    return sheets, reserves, drafts


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_backup_of_every_games_sheets_a_reserve_and_drafts_reads_back_the_same(data):
    sheets, reserves, drafts = backup_parts(data)
    written = write_backup(sheets, reserves, drafts, "2026-11-22T18:30:00Z")
    assert written["format"] == BACKUP_FORMAT and set(written) == {"format", "date", "fiches", "reserves", "brouillons"}
    text = json.dumps(written, ensure_ascii=False, indent=2)
    assert read_file(text) == {"fiches": sheets, "reserves": reserves, "brouillons": drafts}
    assert answer_ok({"op": "sheet_read", "contenu": text}) == {
        "fiches": sheets,
        "reserves": reserves,
        "brouillons": drafts,
    }
    if sheets or reserves or drafts:  # the JSON door's export writes the same file
        exported = answer_ok(
            {"op": "sheet_export", "fiches": sheets, "reserves": reserves, "brouillons": drafts, "date": "2026-11-22"}
        )
        if len(sheets) == 1 and not reserves and not drafts:
            assert exported["contenu"] == sheets[0]
        else:
            assert read_file(exported["contenu"]) == {"fiches": sheets, "reserves": reserves, "brouillons": drafts}
            games = {o["jeu"] for o in [*sheets, *reserves, *drafts]}
            want = f"mes-personnages-{next(iter(games))}.json" if len(games) == 1 else "des-et-lames-sauvegarde.json"
            assert exported["fichier"] == want
    # one wrong object in the file: the whole file is refused, naming it
    if sheets:
        i = data.draw(st.integers(0, len(sheets) - 1))
        broken = {**written, "fiches": [*written["fiches"][:i], {**sheets[i], "nom": ""}, *written["fiches"][i + 1 :]]}
        answer_refused({"op": "sheet_read", "contenu": json.dumps(broken)}, f"contenu.fiches[{i}].nom")


def test_a_stored_backup_of_each_format_is_read():
    """The page's « Tout exporter » of before (no format, no Réserve), format 1 (sheet_export, the CLI) and 2."""
    read = {path.stem: read_file(path.read_text(encoding="utf-8")) for path in sorted(BACKUPS.glob("*.json"))}
    assert set(read) == {"page-sans-format", "format-1", f"format-{BACKUP_FORMAT}"}
    sheets = read["page-sans-format"]["fiches"]
    assert len(sheets) == 5 and {s["jeu"] for s in sheets} == {"solaires", "feerie", "simon", "dcda"}  # then
    assert read["page-sans-format"]["reserves"] == [] and read["page-sans-format"]["brouillons"] == []
    assert read["format-1"]["fiches"] == sheets and [r["porte_poisse"] for r in read["format-1"]["reserves"]] == [12]
    latest = read[f"format-{BACKUP_FORMAT}"]
    assert latest["fiches"] == sheets and latest["reserves"] == read["format-1"]["reserves"]
    assert [d["fiche"]["nom"] for d in latest["brouillons"]] == ["Garance", "Perseüs"]
    assert latest["brouillons"][0]["fiche"]["elements"] == [{"nom": "agile", "score": "3"}]  # as typed


def test_a_newer_backup_is_refused_in_one_french_sentence_and_so_is_a_wrong_one():
    newer = {"format": BACKUP_FORMAT + 1, "fiches": []}
    error = answer_refused({"op": "sheet_read", "contenu": newer}, "contenu.format")
    assert f"au format {BACKUP_FORMAT + 1}" in error and "plus récent" in error and ". " not in error  # one sentence
    answer_refused({"op": "sheet_read", "contenu": {"format": 2, "fiches": [], "autre": 1}}, "contenu.autre")
    answer_refused({"op": "sheet_read", "contenu": {"fiches": [], "brouillons": []}}, "contenu.brouillons")  # not in 1
    answer_refused({"op": "sheet_read", "contenu": {"format": 2, "date": "hier", "fiches": []}}, "contenu.date")
    draft = {"jeu": "feerie", "fiche_id": "a", "date": "2026-11-22", "fiche": {"nom": "Ana"}, "ouverte": None}
    answer_ok({"op": "sheet_read", "contenu": {"format": 2, "brouillons": [draft]}})
    for wrong, field in (
        ({**draft, "fiche": "Ana"}, "contenu.brouillons[0].fiche"),
        ({**draft, "fiche": {"id": "b"}}, "contenu.brouillons[0].fiche.id"),
        ({**draft, "fiche": {"jeu": "simon"}}, "contenu.brouillons[0].fiche.jeu"),
        ({**draft, "jeu": "monopoly"}, "contenu.brouillons[0].jeu"),
        ({**draft, "quand": 1}, "contenu.brouillons[0].quand"),
        ({**draft, "fiche": {"notes": "x" * 70_000}}, "contenu.brouillons[0].fiche"),
    ):
        answer_refused({"op": "sheet_read", "contenu": {"format": 2, "brouillons": [wrong]}}, field)
    answer_refused(
        {"op": "sheet_read", "contenu": {"format": 2, "brouillons": [draft, draft]}}, "contenu.brouillons[1].fiche_id"
    )
    reserve = load_game("simon").reserve_example
    two = {"format": 2, "reserves": [reserve, {**reserve, "id": "autre"}]}
    answer_refused({"op": "sheet_read", "contenu": two}, "contenu.reserves[1].jeu")


def test_the_cli_checks_a_backup(tmp_path):
    from test_sheets import cli

    path = BACKUPS / f"format-{BACKUP_FORMAT}.json"
    out = cli("fiche", "verifier", str(path))
    assert out.returncode == 0, out.stderr
    assert out.stdout.count("Fiche valide") == 5 and "Réserve valide" in out.stdout
    assert "Brouillon lu : « Garance » (Système Féerie" in out.stdout.replace("\u00a0", " ")
    newer = tmp_path / "futur.json"
    newer.write_text(json.dumps({"format": BACKUP_FORMAT + 1, "fiches": []}), encoding="utf-8")
    out = cli("fiche", "verifier", str(newer))
    assert out.returncode == 2 and "plus récent" in out.stderr


# ----------------------------------------------------------------------
# The page's check and backup, with Node, against rules_py
# ----------------------------------------------------------------------

NODE = shutil.which("node")
RUNNER = """
import { checkReserveHere, checkSheetHere } from "./check.js";
import { readBackupText, writeBackup } from "./backup.js";
let input = "";
for await (const chunk of process.stdin) input += chunk;
const { catalogue, sheets, reserves, files, parts } = JSON.parse(input);
console.log(JSON.stringify({
  sheets: sheets.map((raw) => checkSheetHere(catalogue, raw)),
  reserves: reserves.map((raw) => checkReserveHere(catalogue, raw)),
  files: files.map((text) => readBackupText(catalogue, text)),
  written: parts.map((p) => JSON.stringify(writeBackup(catalogue, p, "2026-11-22T18:30:00Z"))),
}));
"""


@pytest.fixture(scope="module")
def page_js(tmp_path_factory) -> Path:
    """The page's check.js and backup.js, as they are, in a folder Node reads as ES modules."""
    if NODE is None:
        pytest.fail("node is missing (it builds the site too): install Node.js 20")
    folder = tmp_path_factory.mktemp("page-js")
    for name in ("check.js", "backup.js"):
        shutil.copy(FRONT / name, folder / name)
    (folder / "package.json").write_text('{"type": "module"}', encoding="utf-8")
    (folder / "run.js").write_text(RUNNER, encoding="utf-8")
    return folder


def in_page(folder: Path, **payload: Any) -> dict[str, Any]:
    request = {"catalogue": backup_catalogue(), "sheets": [], "reserves": [], "files": [], "parts": [], **payload}
    done = subprocess.run(
        ["node", str(folder / "run.js")], input=json.dumps(request), capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def spaced(text: str) -> str:
    return text.replace("\u00a0", " ").replace("\u202f", " ")


def python_verdict(raw: Any, reader: str = "sheet") -> dict[str, Any]:
    """rules_py's verdict on ``raw`` without the games' cross-field rules (those are the engine's alone)."""
    try:
        if reader == "sheet":
            return {"fiche": read_sheet(raw, "fiche")}
        from rules_py.sheets import read_reserve

        return {"reserve": read_reserve(raw, "reserve")}
    except RulesError as err:
        return {"error": str(err), "field": err.field}


@pytest.fixture
def no_cross_field_rules(monkeypatch):
    for game in GAMES:
        module = __import__(f"rules_py.{game}.sheet", fromlist=["SHEET"])
        monkeypatch.setattr(module, "SHEET", replace(module.SHEET, check=None))


def agree(js: dict[str, Any], py: dict[str, Any], what: str) -> None:
    if "error" in py:
        assert "error" in js, (what, py, js)
        assert js["field"] == py["field"], (what, py, js)
        # the same words, the value received included (its JSON type said alike: « reçu le texte « 2 » »)
        assert spaced(js["error"]) == spaced(py["error"]), what
    else:
        assert "error" not in js, (what, js)
        assert js == py, what


def test_the_pages_check_agrees_with_rules_py_on_every_hostile_sheet(page_js, no_cross_field_rules):
    cases = [(f"{game}: {what}", sheet) for game in GAMES for what, sheet, _ in _hostile(game)]
    cases += [(f"{game}: exemple {s['nom']}", s) for game in GAMES for s in load_game(game).examples]
    cases += [
        (
            "spaces and case",
            {**load_game("solaires").examples[0], "nom": "  Ana\u202f", "type": "PNJ", "notes": "a\r\nb "},
        ),
        (
            "a choice without accent",
            {
                **load_game("simon").examples[0],
                "caracteristiques": [{"nom": "Force", "abreviation": "FOR", "niveau": "Au-Dessus"}],
            },
        ),
        ("defaults filled", {"format": 1, "jeu": "feerie", "id": "x", "nom": "Ana"}),
        ("a null where a default is", {"format": 1, "jeu": "dcda", "id": "x", "nom": "Ana", "forces": None}),
        ("a null where null is a value", {"format": 1, "jeu": "feerie", "id": "x", "nom": "Ana", "modifie": None}),
    ]
    result = in_page(page_js, sheets=[sheet for _, sheet in cases])
    for (what, sheet), js in zip(cases, result["sheets"], strict=True):
        agree(js, python_verdict(sheet), what)
    reserve = load_game("simon").reserve_example
    reserves = [reserve, {**reserve, "porte_poisse": -1}, {**reserve, "jeu": "solaires"}, {**reserve, "x": 1}, "r"]
    result = in_page(page_js, reserves=reserves)
    for raw, js in zip(reserves, result["reserves"], strict=True):
        agree(js, python_verdict(raw, "reserve"), f"réserve {raw!r:.60}")


@settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_the_page_and_rules_py_read_each_others_backups(page_js, data):
    sheets, reserves, drafts = backup_parts(data)
    python_wrote = json.dumps(write_backup(sheets, reserves, drafts, "2026-11-22T18:30:00Z"), ensure_ascii=False)
    parts = {"fiches": sheets, "reserves": reserves, "brouillons": drafts}
    result = in_page(page_js, files=[python_wrote], parts=[parts])
    assert result["files"][0] == {"kind": "sauvegarde", **parts}
    assert read_file(result["written"][0]) == parts
    assert json.loads(result["written"][0]) == json.loads(python_wrote)


def test_the_page_reads_every_stored_backup_as_rules_py_does_and_refuses_the_same_files(page_js):
    files = {path.name: path.read_text(encoding="utf-8") for path in sorted(BACKUPS.glob("*.json"))}
    perseus = load_game("solaires").examples[0]
    files.update(
        {
            "one sheet": json.dumps(perseus),
            "one reserve": json.dumps(load_game("simon").reserve_example),
            "newer": json.dumps({"format": BACKUP_FORMAT + 1, "fiches": []}),
            "unknown key": json.dumps({"format": 2, "fiches": [], "autre": 1}),
            "not json": "{pas du json",
            "a list": "[1, 2]",
            "a key twice": '{"fiches": [{"format": 1, "jeu": "feerie", "id": "x", "nom": "Ana", "nom": "Bea"}]}',
            "a wrong sheet among good ones": json.dumps(
                {"format": 2, "fiches": [perseus, {**perseus, "id": "b", "points": "2"}]}
            ),
            "an id twice": json.dumps({"format": 1, "fiches": [perseus, perseus]}),
            # issue 54: a draft nested 30,000 deep (it took the page 10 s, then an English error), null lists
            "a draft nested 30,000 deep": '{"format": 2, "brouillons": [{"fiche": '
            + '{"a": [' * 30_000
            + "]}" * 30_000
            + "}]}",
            "nested as deep as allowed": "[" * 64 + "]" * 64,
            "brackets in a text do not count": json.dumps({"format": 2, "fiches": [{**perseus, "notes": "[" * 100}]}),
            "fiches null": json.dumps({"format": 2, "fiches": None}),
            "format null": json.dumps({"format": None, "fiches": []}),
            "a draft without its sheet": json.dumps(
                {"format": 2, "brouillons": [{"jeu": "solaires", "fiche_id": "x", "date": "2026-11-22"}]}
            ),
            "a draft's date null": json.dumps(
                {"format": 2, "brouillons": [{"jeu": "solaires", "fiche_id": "x", "date": None, "fiche": {}}]}
            ),
        }
    )
    result = in_page(page_js, files=list(files.values()))
    for (name, text), js in zip(files.items(), result["files"], strict=True):
        try:
            py = {"lists": read_file(text)}
        except RulesError as err:
            py = {"error": str(err), "field": err.field}
        if "error" in py:
            assert "error" in js, name
            assert js["field"] == py["field"], (name, js, py)
            words = spaced(js["error"]).split(" : donné")[0].split(", reçu")[0]
            assert words == spaced(py["error"]).split(" : donné")[0].split(", reçu")[0], name
        else:
            assert {k: v for k, v in js.items() if k != "kind"} == py["lists"], name
    said = {name: spaced(js.get("error", "")) for name, js in zip(files, result["files"], strict=True)}
    assert "au plus 64 niveaux sont attendus, reçu 60003 niveaux" in said["a draft nested 30,000 deep"]
    assert "Fiches (contenu.fiches) : une liste d’au plus 500 objets attendue" in said["fiches null"]
    assert "reçu null" in said["format null"] and "obligatoire" in said["a draft without its sheet"]
    kinds = {name: js.get("kind") for name, js in zip(files, result["files"], strict=True)}
    assert (
        kinds["one sheet"] == "fiche" and kinds["one reserve"] == "reserve" and kinds["format-2.json"] == "sauvegarde"
    )


def test_every_field_the_page_checks_is_described_by_the_schema_the_build_writes():
    """The page's check reads the schema only: every kind of field it meets is one rules_py describes."""
    kinds = set()

    def walk(fields: list[dict[str, Any]]) -> None:
        for field in fields:
            kinds.add(field["type"])
            if field["type"] in ("id", "date"):
                assert re.compile(field["motif"])  # the pattern rules_py matches, as data
            walk(field.get("champs") or [])
            walk([field["valeurs"]] if field.get("valeurs") else [])

    for entry in backup_catalogue()["jeux"].values():
        walk(entry["champs"])
        walk((entry["reserve"] or {}).get("champs") or [])
    check = (FRONT / "check.js").read_text(encoding="utf-8")
    for kind in kinds:
        assert f'case "{kind}":' in check, kind
    # no game's own words in the page's check: it is generic over the schema
    for game in GAMES:
        for field in load_game(game).fields:
            assert f'"{field.name}"' not in check, field.name
