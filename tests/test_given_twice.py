"""A parameter given twice is refused, naming it, never « the last one wins » (RULES.md, « Every roller »).

Every roller and every follow-up, every parameter: through the JSON door (a JSON object naming a key
twice), as pairs (what the command line and a share link send), and on the command line itself;
`--seed` with `--dice` is refused too (the seed would be ignored).
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from rules_py import call, call_json
from rules_py.api import all_rollers
from rules_py.typography import fr

EVERY_PARAM = [(r.id, p.name, p.label) for r in all_rollers() for p in r.params]
EVERY_ACTION_PARAM = [(r.id, a.id, p.name, p.label) for r in all_rollers() for a in r.actions for p in a.params]


def _refused(answer: dict, name: str, label: str, first: str, second: str) -> None:
    assert answer["ok"] is False, answer
    assert answer["field"] == name
    sentence = answer["error"]
    assert sentence.startswith(fr(f"{label} ({name}) : donné deux fois"))
    assert f"«\u00a0{first}\u00a0» puis «\u00a0{second}\u00a0»" in sentence
    assert sentence.endswith("donnez-le une seule fois.") and "\n" not in sentence


@pytest.mark.parametrize("roller, name, label", EVERY_PARAM)
def test_every_parameter_given_twice_in_a_json_object_is_refused(roller, name, label):
    for op in ("roll", "odds"):
        text = f'{{"op": "{op}", "roller": "{roller}", "params": {{"{name}": "1", "{name}": "2"}}}}'
        _refused(json.loads(call_json(text)), name, label, "1", "2")


@pytest.mark.parametrize("roller, name, label", EVERY_PARAM)
def test_every_parameter_given_twice_as_pairs_is_refused(roller, name, label):
    answer = call({"op": "roll", "roller": roller, "params": [[name, "1"], [name, "3"]]})
    _refused(answer, name, label, "1", "3")


@pytest.mark.parametrize("roller, action, name, label", EVERY_ACTION_PARAM)
def test_every_follow_up_parameter_given_twice_is_refused(roller, action, name, label):
    text = (
        f'{{"op": "action", "roller": "{roller}", "action": "{action}", "state": {{}}, '
        f'"params": {{"{name}": "a", "{name}": "b"}}}}'
    )
    _refused(json.loads(call_json(text)), name, label, "a", "b")


def test_an_unknown_name_given_twice_is_refused_as_unknown():
    answer = call({"op": "roll", "roller": "feerie.action", "params": [["elemen", "2"], ["elemen", "3"]]})
    assert answer["ok"] is False and answer["field"] == "elemen" and "Paramètre inconnu" in answer["error"]


@pytest.mark.parametrize("field", ["op", "roller", "dice", "seed", "params"])
def test_a_request_field_given_twice_is_refused(field):
    values = {
        "op": '"roll"',
        "roller": '"feerie.action"',
        "dice": '"4,4,1,1"',
        "seed": "1",
        "params": "{}",
    }
    body = ", ".join(f'"{k}": {v}' for k, v in values.items() if k != field)
    text = f'{{{body}, "{field}": {values[field]}, "{field}": {values[field]}}}'
    answer = json.loads(call_json(text))
    assert answer["ok"] is False and answer["field"] == field
    assert answer["error"].startswith(f"Requête, champ «\u00a0{field}\u00a0»\u00a0: donné deux fois")


def test_a_state_naming_a_key_twice_is_refused():
    first = call({"op": "roll", "roller": "solaires.action", "dice": [1, 2, 3]})["result"]
    state = json.dumps(first["etat"])[:-1] + ', "points": 2}'
    text = f'{{"op": "action", "roller": "solaires.action", "action": "relancer", "state": {state}, "params": {{"de": 1}}}}'
    answer = json.loads(call_json(text))
    assert answer["ok"] is False and answer["field"] == "points"
    assert answer["error"].startswith("État (etat), champ «\u00a0points\u00a0»\u00a0: donné deux fois")


def test_a_seed_with_forced_dice_is_refused():
    for request in (
        {"op": "roll", "roller": "feerie.action", "dice": "4,4,1,1", "seed": 1},
        {"op": "roll", "roller": "feerie.action", "dice": [], "seed": 0},
    ):
        answer = call(request)
        assert answer["ok"] is False and answer["field"] == "seed"
        assert "dés imposés, qui fixent" in answer["error"] and "(des)" not in answer["error"]
    first = call({"op": "roll", "roller": "solaires.action", "dice": [1, 2, 3]})["result"]
    answer = call(
        {"op": "action", "roller": "solaires.action", "action": "relancer", "state": first["etat"], "params": {"de": 1}}
        | {"dice": [4], "seed": 3}
    )
    assert answer["ok"] is False and answer["field"] == "seed"


def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "rules_py", *args], capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize(
    "args, start",
    [
        (["roll", "feerie.action", "element=2", "element=3"], "Score de l’élément (element)\u00a0: donné deux fois"),
        (["odds", "feerie.action", "element=2", "element=3"], "Score de l’élément (element)\u00a0: donné deux fois"),
        (["roll", "feerie.action", "--seed", "1", "--dice", "4,4,1,1"], "Graine (seed)\u00a0: sans effet"),
        (["roll", "feerie.action", "--dice", "4,4,1,1", "--dice", "1,1,1,1"], "L’option --dice est donnée deux fois"),
        (["roll", "feerie.action", "--seed", "1", "--seed", "2"], "L’option --seed est donnée deux fois"),
    ],
)
def test_the_command_line_refuses_what_is_given_twice(args, start):
    out = _cli(*args)
    assert out.returncode == 2 and out.stdout == ""
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(start), out.stderr


def test_a_key_given_twice_in_a_file_the_command_line_reads_is_refused_naming_it(tmp_path):
    """Issue 54: the page refused a sheet naming a key twice; the CLI's ``--fiche``, ``--state`` and
    ``fiche verifier`` read it with ``json.loads`` and kept the last value. One reader now, for every file."""
    perseus = call({"op": "sheet_examples", "jeu": "solaires"})["result"]["fiches"][0]
    text = json.dumps(perseus, ensure_ascii=False)
    twice = text.replace('"points": 2,', '"points": 2, "points": 99,', 1)
    assert twice != text
    path = tmp_path / "perseus.json"
    path.write_text(twice, encoding="utf-8")
    for args in (
        ["fiche", "verifier", str(path)],
        ["roll", "solaires.points", "--fiche", str(path)],
    ):
        out = _cli(*args)
        assert out.returncode == 2 and out.stdout == "", (args, out.stdout)
        line = out.stderr.strip()
        assert "\n" not in line and f"fichier «\u00a0{path}\u00a0», champ «\u00a0points\u00a0»" in line, line
        assert "donné deux fois (« 2 » puis « 99 ») ; donnez-le une seule fois." in line.replace("\u00a0", " ").replace(
            "\u202f", " "
        ), line
    state = tmp_path / "etat.json"
    state.write_text('{"points": 2, "maximum": 2, "maximum": 3}', encoding="utf-8")
    out = _cli("action", "solaires.points", "fin_scene", "--state", str(state))
    assert out.returncode == 2 and "champ «\u00a0maximum\u00a0»" in out.stderr, out.stderr
    nested = tmp_path / "sauvegarde.json"
    nested.write_text('{"format": 2, "fiches": [' + twice + "]}", encoding="utf-8")
    out = _cli("fiche", "verifier", str(nested))
    assert out.returncode == 2 and "(fiches[0]), champ «\u00a0points\u00a0»" in out.stderr, out.stderr
