"""The command line, called as a game master would, in a subprocess."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "rules_py", *args], capture_output=True, text=True, input=stdin, timeout=60
    )


def test_list_names_every_roller():
    out = run("list", "--json")
    assert out.returncode == 0
    ids = [r["id"] for r in json.loads(out.stdout)]
    assert "solaires.environnement" in ids
    text = run("list")
    assert text.returncode == 0 and "preference" in text.stdout


def test_roll_json_and_text():
    out = run("roll", "solaires.environnement", "preference=defaveur", "--dice", "4,3,6", "--json")
    assert out.returncode == 0, out.stderr
    res = json.loads(out.stdout)
    assert res["resultat"] == "Défavorable aux joueurs" and res["reussite"] is False
    assert res["score"] == 2 and res["conserves"] == 0
    text = run("roll", "solaires.environnement", "preference=neutre", "--dice", "4,3,1")
    assert text.returncode == 0
    assert "[4] écarté" in text.stdout and "Favorable aux joueurs" in text.stdout


def test_odds_json():
    out = run("odds", "solaires.environnement", "preference=faveur", "--json")
    assert out.returncode == 0
    res = json.loads(out.stdout)
    assert abs(sum(res["issues"].values()) - 1) < 1e-12
    assert 0 < res["reussite"] < 1


@pytest.mark.parametrize(
    "args",
    [
        ["roll", "solaires.environnement", "preference=abc"],
        ["roll", "solaires.environnement", "--dice", "9,9,9"],
        ["roll", "inconnu.lanceur"],
        ["roll"],
        ["lancer"],
        ["roll", "solaires.environnement", "--seed"],
        ["roll", "solaires.environnement", "--couleur", "rouge"],
        ["odds", "solaires.environnement", "nimporte=1"],
        ["action", "solaires.environnement", "relancer", "--state", "/nonexistent.json"],
    ],
)
def test_bad_input_exits_2_with_one_french_sentence(args):
    out = run(*args)
    assert out.returncode == 2
    assert out.stdout == ""
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in out.stderr
    assert lines[0].endswith(".")


def test_a_pipe_closed_early_is_not_an_error():
    proc = subprocess.Popen(
        [sys.executable, "-m", "rules_py", "list", "--json"], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    proc.stdout.readline()
    proc.stdout.close()  # as `| head -1` does
    assert proc.wait(timeout=60) == 0
    assert b"Traceback" not in proc.stderr.read()


@pytest.mark.parametrize(
    "args, keys",
    [
        (["solaires.action", "elements=3"], {"score", "conserves", "difficulte"}),
        (
            ["solaires.opposition", "defense=3,2", "defense_typique=true", "elements=3"],
            {"score", "conserves", "difficulte"},
        ),
        (["solaires.environnement"], {"score", "conserves"}),
        (["feerie.action", "element=3", "difficulte=2"], {"difficulte"}),
        (["feerie.collaboration", "element=3", "difficulte=2", "assistants=3"], {"difficulte"}),
        (["feerie.opposition"], {"gagnant"}),
        (["simon.jet", "expertise=3"], {"seuil"}),
        (["simon.aide", "expertise=3"], {"seuil", "modificateur"}),
        (["simon.opposition", "expertise_a=3", "expertise_b=5"], {"seuil", "gagnant"}),
        (["dcda.tour", "forces_a=3,3,3,3", "forces_b=3,3,3,7"], {"gagnant"}),
    ],
)
def test_roll_json_carries_what_the_roller_computes(args, keys):
    out = run("roll", *args, "--seed", "5", "--json")
    assert out.returncode == 0, out.stderr
    res = json.loads(out.stdout)
    assert {"resultat", "reussite"} <= res.keys() and keys <= res.keys()
    assert isinstance(res["resultat"], str) and res["reussite"] in (True, False, None)
    if "gagnant" in keys:
        assert res["gagnant"] in ("a", "b", None)
    odds = json.loads(run("odds", *args, "--json").stdout)
    assert odds["reussite"] is None or 0 <= odds["reussite"] <= 1
    assert abs(sum(odds["issues"].values()) - 1) < 1e-9


# ----------------------------------------------------------------------
# Read as a game master reads it (no-break spaces read as spaces)
# ----------------------------------------------------------------------

import re  # noqa: E402
import shlex  # noqa: E402
import tomllib  # noqa: E402
from pathlib import Path  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def text(*args: str, cwd: Path | None = None) -> str:
    out = subprocess.run([sys.executable, "-m", "rules_py", *args], capture_output=True, text=True, timeout=60, cwd=cwd)
    assert out.returncode == 0, out.stderr
    return out.stdout.replace("\u202f", " ").replace("\u00a0", " ")


def printed_commands(output: str) -> dict[str, list[str]]:
    """The follow-up commands the text offers, by action id (the words after the program name)."""
    found = {}
    for line in output.splitlines():
        line = line.strip()
        if line.startswith("python -m rules_py action "):
            words = shlex.split(line.replace("[", "").replace("]", ""))
            # « de=… » is a value to fill in: the caller gives it (a name given twice is refused)
            found[words[5]] = [w for w in words[3:] if not w.endswith("=…")]
    return found


@pytest.mark.parametrize("command", ["list", "roll", "odds", "action"])
def test_help_on_every_command_prints_its_usage(command):
    for flag in ("--help", "-h"):
        out = run(command, flag)
        assert out.returncode == 0 and out.stderr == ""
        assert out.stdout.startswith(f"Usage\u00a0: python -m rules_py {command}")  # French spaces (CLI typesets)
    general = run()
    assert general.returncode == 0 and general.stdout.count("[--save FICHIER]") == 2
    detailed = text("roll", "simon.jet", "--help")
    assert "--save FICHIER" in detailed and "points_depart = 1..100 — Points d’héroïsme de départ" in detailed
    assert "qui = joueur | meneur (défaut : joueur) — Qui lance" in detailed


def test_after_a_roll_the_follow_ups_are_listed_with_the_commands_that_run_them(tmp_path):
    out = text("roll", "solaires.action", "elements=3", "--dice", "4,6,2", "--save", "jet.json", cwd=tmp_path)
    assert "Résultat : Échec sans effet secondaire" in out
    assert "État gardé dans jet.json." in out
    assert "Suites possibles maintenant :\n  - Relancer un dé (2 points de personnage)" in out
    assert "python -m rules_py action solaires.action relancer --state jet.json de=…" in out
    assert "2 = Dé 2 : 6 (écarté)" in out
    # the printed command runs as printed, with the asked value filled in
    words = printed_commands(out)["relancer"]
    second = text(*words, "de=2", "--dice", "1", "--save", "jet.json", cwd=tmp_path)
    assert "Résultat : Réussite sans effet secondaire" in second
    assert (
        "Pas possible maintenant :\n  - Relancer un dé (2 points de personnage) : "
        "Relancer un dé coûte 2 points de personnage ; il en reste 0." in second
    )
    assert json.loads((tmp_path / "jet.json").read_text(encoding="utf-8"))["points"] == 0


def test_without_save_the_text_says_how_to_keep_the_state():
    out = text("roll", "simon.jet", "expertise=2", "--dice", "5,5,5,5,5")
    assert (
        "Pour enchaîner, gardez l’état de ce résultat (mêmes dés) :\n"
        "  python -m rules_py roll simon.jet expertise=2 --dice 5,5,5,5,5 --save jet.json" in out
    )
    assert "python -m rules_py action simon.jet ajouter_de --state jet.json" in out


def test_impossible_follow_ups_say_why():
    out = text("roll", "solaires.points", "points=2", "maximum=2")
    assert "Pas possible maintenant :" in out
    assert "  - Fin de scène : récupérer un point : Déjà au maximum (2) : une récupération ne le dépasse jamais." in out
    assert "python -m rules_py action solaires.points fin_episode --state jet.json" in out
    assert "utilisation=… [cout=…]" in out  # the cost is optional


def test_the_state_saved_by_roll_drives_the_next_action(tmp_path):
    text("roll", "simon.jet", "expertise=2", "points=3", "--dice", "5,5,5,5,5", "--save", "s.json", cwd=tmp_path)
    out = text(
        "action", "simon.jet", "ajouter_de", "--state", "s.json", "--dice", "14", "--save", "s.json", cwd=tmp_path
    )
    assert "Dés ajoutés après le jet (2 points chacun) : [14] réussite" in out
    assert "Points d’héroïsme : 3 \u2212 2 (dé ajouté après le jet) = 1" in out
    assert "Rejouer cette suite : --dice 14" in out
    assert "Il faut 2 points d’héroïsme, il en reste 1." in out


def test_list_shows_lists_follow_ups_and_no_empty_default():
    out = text("list")
    assert "(défaut : )" not in out
    assert "elements = liste de 1 à 2 entiers 1..3, séparés par des virgules (défaut : 2)" in out
    assert "forces_a = liste d’exactement 4 entiers 0..25" in out
    assert "  Suites (commande action, après un jet) :\n    relancer — Relancer un dé" in out
    assert "assistants = liste d’au plus 6 entiers 0..10, séparés par des virgules — Dés ordinaires" in out
    one = text("list", "solaires.points")
    assert one.startswith("solaires.points — ") and "fin_scene — Fin de scène" in one and "simon.jet" not in one


def test_odds_never_show_a_possible_chance_as_zero_nor_repeat_a_label():
    out = text("odds", "simon.jet", "expertise=0", "niveau=grand-maitre", "reussites=8", "heroisme=3")
    issues, _, scale = out.partition("\n\n")
    assert "0,00 %" not in issues and "100,00 %" not in issues
    # the number of successful dice read three ways: 100 % only where it is certain (at least 0, at most 8)
    rows = [line.split() for line in scale.splitlines()[1:]]
    assert [r[0] for r in rows] == [str(k) for k in range(9)]
    assert rows[0][3:5] == ["100,00", "%"]
    assert " 0,00 %" not in scale and scale.count("100,00 %") == 2
    assert scale.splitlines()[0].split() == [
        "Nombre",
        "de",
        "dés",
        "réussis",
        "exactement",
        "au",
        "moins",
        "au",
        "plus",
    ]
    assert rows[8][1:] == ["<", "0,01", "%", "<", "0,01", "%", "100,00", "%"], rows[8]
    # a tiny chance is said « 1 chance sur N », never as a fraction of eleven digits (--json keeps the fractions)
    assert "  Réussite : < 0,01 % (1 chance sur 25 600 000 000)" in out
    assert "  Échec : > 99,99 %\n" in out
    assert not re.search(r"\d+/\d{3,}", out)
    plain = text("odds", "simon.jet", "expertise=2", "niveau=debutant")
    assert len(re.findall(r"^\s*Réussite\b", plain, re.M)) == 1, plain
    feerie = text("odds", "feerie.action")
    assert "Chances de réussite, en tout : 31,25 %\n" in feerie
    assert len(re.findall(r"^\s*Réussite :", feerie, re.M)) == 1


def test_the_simon_heroism_count_reads_the_same_in_every_order():
    for dice in ("20,1,13,13,13", "1,20,13,13,13", "13,13,13,1,20"):
        out = text("roll", "simon.jet", "expertise=2", "niveau=debutant", "points=40", "--dice", dice)
        assert "Points d’héroïsme : 40 + 1 (réussite critique) \u2212 1 (raté critique) = 40" in out
        assert "Réussite" in out and "(s)" not in out


def test_solaires_opposition_gives_the_aggressors_result_and_quotes_the_tables_choice():
    out = text(
        "roll", "solaires.opposition", "defense=3,2", "defense_typique=true", "elements=3,2", "typique=true",
        "--dice", "1,2,4",
    )  # fmt: skip
    assert "Résultat : Réussite sans effet secondaire\n" in out
    out = text("roll", "solaires.opposition", "defense=1", "elements=2", "--dice", "6,6,1")
    assert "Résultat : Échec sans effet secondaire\n" in out
    assert "défenseur" not in out and "« Les joueurs et le meneur peuvent ensuite décider" in out


def test_choices_whatever_their_case_and_accents_and_forced_dice_counted():
    out = text("roll", "simon.jet", "expertise=2", "niveau=Débutant", "--dice", "13,13,13,2,2")
    assert "3(Débutant) = 3(13)" in out
    bad = run("roll", "solaires.action", "--dice", "4,6")
    assert bad.returncode == 2
    assert "ce jet demande 3 dés (reçu 2)" in bad.stderr.replace("\u202f", " ").replace("\u00a0", " ")


def test_a_confrontation_shows_its_standing_after_every_step(tmp_path):
    out = text("roll", "dcda.confrontation", "--seed", "3", "--save", "c.json", cwd=tmp_path)
    played = 0
    for _step in range(6):
        saved = json.loads((tmp_path / "c.json").read_text(encoding="utf-8"))
        standing = [
            v.get("texte") if isinstance(v, dict) else v
            for key, value in saved.items()
            if key not in ("des", "calcul", "notes", "tirage", "actions")
            and isinstance(value, list)
            and value
            and all(isinstance(v, str) or (isinstance(v, dict) and isinstance(v.get("texte"), str)) for v in value)
            for v in value
        ]
        assert standing, saved.keys()
        for line in standing:
            assert line.replace("\u202f", " ").replace("\u00a0", " ") in out
        assert f"Résultat : {saved['resultat']}".replace("\u202f", " ").replace("\u00a0", " ") in out
        commands = printed_commands(out)
        if "jouer" not in commands:
            break
        # play the first card offered to each participant
        asked = re.findall(r"^\s+(\w+) \(Carte jouée par [^)]*\)[^:]*:\s*(\w+)", out, re.M)
        assert asked, out
        words = commands["jouer"] + [f"{name}={value}" for name, value in asked]
        out = text(*words, "--save", "c.json", cwd=tmp_path)
        played += 1
    assert played >= 1


def test_the_des_et_lames_command_is_the_same_cli():
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["scripts"]
    module, _, function = scripts["des-et-lames"].partition(":")
    import importlib

    entry = getattr(importlib.import_module(module), function)
    from rules_py.__main__ import run as cli_run

    assert entry is cli_run
    # run through that entry point as the installed script would, named des-et-lames
    out = subprocess.run(
        [
            sys.executable,
            "-c",
            f"import sys; sys.argv[0] = 'des-et-lames'; from {module} import {function}; sys.exit({function}())",
            "roll",
            "simon.jet",
            "expertise=2",
            "--dice",
            "5,5,5,5,5",
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 0, out.stderr
    assert "des-et-lames action simon.jet ajouter_de --state jet.json" in out.stdout
    installed = Path(sys.executable).parent / "des-et-lames"
    if installed.exists():  # the project installed with pip gives the command itself
        again = subprocess.run(
            [str(installed), "odds", "simon.jet", "expertise=2"], capture_output=True, text=True, timeout=60
        )
        assert again.returncode == 0 and "Chances exactes (simon.jet)" in again.stdout
