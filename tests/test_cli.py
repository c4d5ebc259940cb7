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
    proc = subprocess.Popen([sys.executable, "-m", "rules_py", "list", "--json"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    proc.stdout.readline()
    proc.stdout.close()  # as `| head -1` does
    assert proc.wait(timeout=60) == 0
    assert b"Traceback" not in proc.stderr.read()


@pytest.mark.parametrize(
    "args, keys",
    [
        (["solaires.action", "elements=3"], {"score", "conserves", "difficulte"}),
        (["solaires.opposition", "defense=3,2", "elements=3"], {"score", "conserves", "difficulte", "gagnant"}),
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
