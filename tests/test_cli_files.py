"""The command line's files (issue 54, « Counted twice, or half written », « Accepted, or said badly »).

- A follow-up replayed from an older saved state is refused with ``--ecrire`` (the state's result says the
  revision it left each sheet at): a veto refunds once, a die added after a Simon roll is paid once.
- Every file one command writes (its ``--save`` and its sheets) is written whole, all or none: a second
  sheet that cannot be written leaves the first as it was; a killed write's temporary file is removed by
  the next write.
- A file read (a sheet, a state) is read by the package's one JSON reader: too big (``/dev/zero``), too
  deep, missing, not UTF-8: one French sentence naming the option and the file, exit 2, no traceback.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import time
from pathlib import Path
from typing import Any

import pytest
from helpers import example_sheet

from rules_py.__main__ import main
from rules_py.cli import files


def cli(*args: str, cwd: Path) -> tuple[int, str, str]:
    """The command line run here (in this process: quicker than a Python of its own), from folder ``cwd``."""
    out, err = io.StringIO(), io.StringIO()
    before = os.getcwd()
    os.chdir(cwd)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(list(args), "python -m rules_py")
    finally:
        os.chdir(before)
    return code, out.getvalue(), err.getvalue()


def ok(*args: str, cwd: Path) -> str:
    code, out, err = cli(*args, cwd=cwd)
    assert code == 0, err
    return out


def spaced(text: str) -> str:
    return text.replace("\u00a0", " ").replace("\u202f", " ")


def refused(*args: str, cwd: Path) -> str:
    code, out, err = cli(*args, cwd=cwd)
    assert code == 2 and out == "", (out, err)
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    return spaced(err.strip())


def write(path: Path, data: Any) -> Path:
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2), encoding="utf-8")
    return path


def read(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


MOVED_PAST = "n’est plus celle que laisse l’état donné"


# ----------------------------------------------------------------------
# Counted twice: a follow-up replayed from an older state
# ----------------------------------------------------------------------


def test_a_veto_replayed_from_the_state_before_it_refunds_once(tmp_path):
    """The issue's replay: 3 → 1 (a flashback) → 3 (a veto) → 5 (the same veto again): now refused."""
    sheet = write(tmp_path / "perseus.json", {**example_sheet("solaires", "Perseüs"), "points": 3, "points_max": 5})
    ok("roll", "solaires.points", "--fiche", "perseus.json", "--save", "u0.json", cwd=tmp_path)
    spend = ("depenser", "--state", "u0.json", "utilisation=flashback", "--save", "u1.json")
    ok("action", "solaires.points", *spend, "--fiche", "perseus.json", "--ecrire", cwd=tmp_path)
    assert read(sheet)["points"] == 1
    veto = ("action", "solaires.points", "veto", "--state", "u1.json", "--fiche", "perseus.json", "--ecrire")
    assert "Points de personnage 1 → 3" in spaced(ok(*veto, cwd=tmp_path))
    after = read(sheet)
    said = refused(*veto, cwd=tmp_path)
    assert said.startswith("Fiche (fiche) : la fiche de Perseüs " + MOVED_PAST) and "rien n’a été changé" in said
    assert read(sheet) == after and after["points"] == 3


def test_a_die_added_after_a_simon_roll_is_paid_once(tmp_path):
    """« ajouter_de » replayed from the state before the last one let a roll pay for a fourth die (20 → 14)."""
    sheet = write(tmp_path / "ysil.json", example_sheet("simon", "Ysil"))
    roll = ("roll", "simon.jet", "competence=Négociation", "niveau=expert", "heroisme=1", "--dice", "5,5,5,5,5,5")
    ok(*roll, "--fiche", "ysil.json", "--save", "j0.json", "--ecrire", cwd=tmp_path)
    add = ("action", "simon.jet", "ajouter_de", "--fiche", "ysil.json", "--ecrire", "--dice", "5")
    ok(*add, "--state", "j0.json", "--save", "j1.json", cwd=tmp_path)
    ok(*add, "--state", "j1.json", "--save", "j2.json", cwd=tmp_path)
    assert read(sheet)["heroisme"]["points"] == 15  # 20 − 1 − 2 − 2
    said = refused(*add, "--state", "j1.json", cwd=tmp_path)
    assert "la fiche d’Ysil " + MOVED_PAST in said
    assert read(sheet)["heroisme"]["points"] == 15


def test_a_follow_up_written_on_a_sheet_its_roll_was_not_written_on_is_refused(tmp_path):
    """The roll's own change (a die bought before the roll) never written: writing the follow-up alone would
    leave the sheet half counted. Without --ecrire, the follow-up is shown, nothing written."""
    sheet = write(tmp_path / "ysil.json", example_sheet("simon", "Ysil"))
    roll = ("roll", "simon.jet", "competence=Négociation", "niveau=expert", "heroisme=1", "--dice", "5,5,5,5,5,5")
    ok(*roll, "--fiche", "ysil.json", "--save", "j0.json", cwd=tmp_path)
    add = ("action", "simon.jet", "ajouter_de", "--state", "j0.json", "--fiche", "ysil.json", "--dice", "5")
    assert MOVED_PAST in refused(*add, "--ecrire", cwd=tmp_path)
    assert "Rien n’est écrit" in spaced(ok(*add, cwd=tmp_path))
    assert read(sheet) == example_sheet("simon", "Ysil")


# ----------------------------------------------------------------------
# Half written: the files of one command, all or none
# ----------------------------------------------------------------------


def test_two_sheets_are_written_both_or_neither(tmp_path):
    """The issue's case: the second sheet's folder refuses its file; the first sheet and the --save were written,
    and running it again took the points twice. Here the folder refuses any temporary file beside a name too long
    for one (so for any user, root included); a read-only folder refuses it the same way."""
    ysil = example_sheet("simon", "Ysil")
    a = write(tmp_path / "a.json", ysil)
    other = tmp_path / ("b" * 245 + ".json")  # a name the system takes; with « .….1a2b3c4d.tmp », too long
    b = write(other, {**ysil, "id": "autre-ysil", "nom": "Ysolde"})
    before = (a.read_bytes(), b.read_bytes())
    roll = ("roll", "simon.opposition", "competence_a=Négociation", "competence_b=Négociation", "heroisme_a=3")
    # seeded: with some dice b ends where it began (two critical successes pay its two points back), and then
    # only a.json has anything to write
    seed = ("--seed", "1")
    args = (*roll, "heroisme_b=2", "--fiche", "a.json", "--fiche-b", other.name, "--save", "op.json", "--ecrire", *seed)
    said = refused(*args, cwd=tmp_path)
    assert said.startswith("Écriture (--ecrire) : impossible d’écrire « bbb") and said.endswith(
        "(nom trop long) ; rien n’a été écrit."
    ), said
    assert (a.read_bytes(), b.read_bytes()) == before  # a.json is not at 17: nothing was written
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["a.json", other.name])  # no op.json, no temporary


def test_a_rename_that_fails_after_another_puts_the_first_file_back(tmp_path, monkeypatch):
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    write(first, {"avant": "a"})
    calls = []
    real = os.replace

    def second_fails(src: str, dst: str) -> None:
        calls.append(dst)
        if len(calls) == 2:
            raise OSError(28, "No space left on device")
        real(src, dst)

    monkeypatch.setattr(files.os, "replace", second_fails)
    with pytest.raises(files.UsageError) as err:
        files.write_all(
            [files.Write(str(first), {"apres": "a"}, "Écriture (--ecrire)"), files.Write(str(second), {}, "x")]
        )
    assert spaced(str(err.value)) == f"x : impossible d’écrire « {second} » (disque plein) ; rien n’a été écrit."
    assert read(first) == {"avant": "a"} and not second.exists()  # the first one back, the new one never made
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.json"]  # no temporary file left


def test_a_file_that_cannot_be_put_back_is_named(tmp_path, monkeypatch):
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    write(first, {"avant": "a"})
    calls = []
    real = os.replace

    def fails_from_the_second(src: str, dst: str) -> None:
        calls.append(dst)
        if len(calls) >= 2:  # b.json, then a.json's previous content
            raise OSError(28, "No space left on device")
        real(src, dst)

    monkeypatch.setattr(files.os, "replace", fails_from_the_second)
    with pytest.raises(files.UsageError) as err:
        files.write_all([files.Write(str(first), {"apres": "a"}, "x"), files.Write(str(second), {}, "x")])
    assert spaced(str(err.value)).endswith(
        f"(disque plein) ; les autres fichiers sont comme avant, sauf « {first} », qui n’a pas pu reprendre sa "
        "version d’avant."
    )
    assert read(first) == {"apres": "a"}  # said, as it is
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.json"]


def test_a_killed_writes_temporary_file_is_removed_by_the_next_write(tmp_path):
    sheet = write(tmp_path / "perseus.json", example_sheet("solaires", "Perseüs"))
    old = tmp_path / ".perseus.json.0123abcd.tmp"  # what a write killed between its two steps left
    old.write_text('{"a moitié', encoding="utf-8")
    stale = time.time() - 3600
    os.utime(old, (stale, stale))
    running = tmp_path / ".perseus.json.89abcdef.tmp"  # another run, writing now: its own, kept
    running.write_text("{}", encoding="utf-8")
    mine = tmp_path / ".notes.0123abcd.tmp"  # not a temporary file of this sheet: not touched
    mine.write_text("x", encoding="utf-8")
    os.utime(mine, (stale, stale))
    ok("roll", "solaires.points", "--fiche", sheet.name, "--save", "p.json", cwd=tmp_path)
    ok("action", "solaires.points", "fin_episode", "--state", "p.json", "--fiche", sheet.name, "--ecrire", cwd=tmp_path)
    assert not old.exists() and running.exists() and mine.exists()
    assert read(sheet)["points_max"] == 3


# ----------------------------------------------------------------------
# Read: one reader, one French sentence
# ----------------------------------------------------------------------


def test_a_sheet_read_from_dev_zero_is_refused_in_french(tmp_path):
    said = refused("fiche", "verifier", "/dev/zero", cwd=tmp_path)
    assert said == "Fiche, fichier « /dev/zero » : au plus 40 Mo de JSON, reçu davantage."


@pytest.mark.parametrize(
    "name, content, words",
    [
        ("deep.json", "[" * 30_000 + "]" * 30_000, "au plus 64 niveaux sont attendus, reçu 30000 niveaux"),
        ("latin1.json", '{"nom": "Perse\xfcs"}'.encode("latin-1"), "illisible, du texte en UTF-8 est attendu"),
        ("broken.json", '{"nom": ', "illisible, une fiche JSON est attendue"),
        ("absente.json", None, "impossible de lire « absente.json » (fichier ou dossier introuvable)"),
        ("dossier", "dir", "impossible de lire « dossier » (c’est un dossier)"),
        (
            "null.json",
            {**example_sheet("solaires", "Perseüs"), "points": None},
            "un entier de 0 à 99 attendu, reçu null",
        ),
        ("texte.json", {**example_sheet("solaires", "Perseüs"), "points": "2"}, "attendu, reçu le texte « 2 »"),
        ("demi.json", '{"format": 1, "jeu": "solaires", "id": "x", "nom": "Ana\\ud800"}', "Nom (fiche.nom) : un texte"),
    ],
)
def test_a_file_that_is_no_sheet_gets_one_french_sentence(tmp_path, name, content, words):
    path = tmp_path / name
    if content == "dir":
        path.mkdir()
    elif isinstance(content, bytes):
        path.write_bytes(content)
    elif isinstance(content, str):
        path.write_text(content, encoding="utf-8")
    elif content is not None:
        write(path, content)
    said = refused("roll", "solaires.points", "--fiche", name, cwd=tmp_path)
    assert words in said, said


def test_a_reroll_is_never_paid_from_points_a_sheet_says_null(tmp_path):
    """Issue 54: « "points": null » passed « fiche verifier », and a reroll was paid from the 2 points of the
    default. Null is no value: the sheet is refused, where it is read."""
    write(tmp_path / "perseus.json", {**example_sheet("solaires", "Perseüs"), "points": None})
    said = refused("fiche", "verifier", "perseus.json", cwd=tmp_path)
    assert said == (
        "Fiche « Perseüs », Points de personnage (contenu.points) : un entier de 0 à 99 attendu, reçu null."
    )
    said = refused("roll", "solaires.action", "elements=Pilote", "--fiche", "perseus.json", cwd=tmp_path)
    assert "reçu null" in said
