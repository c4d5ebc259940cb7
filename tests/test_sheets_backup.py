"""The backup file (rules_py/sheets/backup.py, CHARACTERS.md « The backup »), and the page's own check.

- A round trip, as a property: any sheets of every game, a Réserve du meneur and drafts, written as a
  backup and read back (from its JSON text), are the same; one wrong object refuses the whole file.
- A stored file of each format this site has written is read: the page's « Tout exporter » of before
  (no ``format``), format 1 (``sheet_export``), format 2; a newer one is refused in one French sentence.
"""

from __future__ import annotations

import copy
import json
from typing import Any

from helpers import ROOT, answer_ok, answer_refused
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_sheets import _repaired, strategy

from rules_py.sheets import COMMON, GAMES, load_game, read_sheet
from rules_py.sheets.backup import BACKUP_FORMAT, read_file, write_backup

BACKUPS = ROOT / "tests" / "fixtures" / "sheets" / "sauvegardes"


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
    assert len(sheets) == 5 and {s["jeu"] for s in sheets} == set(GAMES)
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
