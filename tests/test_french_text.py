"""Every French text rules_py can print uses French typography (RULES.md, « Every roller »: typography):
the typographic apostrophe ’ and French spaces (U+00A0 before « : » and inside « », U+202F before « ; ! ? »).

Not a list of samples: the test walks

1. every string literal of rules_py's source (its AST), for the apostrophe and the quotes: the source is
   where they are written;
2. every string of the answers of every roller — its description, the odds and a roll of each of its
   presets and of a grid of its parameters, every follow-up those rolls offer, two steps deep, and the
   refusal of a bad value of each parameter — for the apostrophe and the spaces: the spaces are set at
   the door (``rules_py.api.call``, with ``typography.fr``), so the answers carry them, not the source;
3. the command line's text: ``list``, each roller's help, a roll and the odds of each preset, refusals.

The boundary: identifiers and values given back to the engine are not prose and are not checked —
parameter names, choice values (``batons>dagues>ecus>coupes``), roller and action ids, cards
(``7-dagues``), the checked parameters (``parametres``), the state (``etat``), the dice drawn — that is the
keys that ``rules_py.api`` does not typeset (``api._IDENTIFIERS``), and a command line printed to be copied.
English docstrings and comments are not printed. A string literal is prose when it holds a letter and a
space.
"""

from __future__ import annotations

import ast
import contextlib
import io
import random
import re
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from rules_py import call
from rules_py.__main__ import main
from rules_py.api import _IDENTIFIERS, all_rollers

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
import odds_grid  # noqa: E402

#: a straight apostrophe between two letters (« l'altération »), or straight double quotes around words
STRAIGHT = re.compile(r"(?<=[^\W\d_])'(?=[^\W\d_])|\"[^\W\d_][^\"]*\"")
# a plain (or wrong) space before ; ? ! : or », or after «, or a missing one (as tests/test_typography.py)
BAD_SPACE = re.compile(r"[ \u2009\u00a0](?=[;?!])| (?=[:»])|« |[ \u202f]:|«\u202f|\u202f»|(?<=[^\W_])[;?!:»](?=\s|$)")


#: a hyphen-minus standing for a minus in reader text (« -2 », « (-4) »): « − » (U+2212) is the minus sign; a word,
#: a date, a card (7-dagues), an option (--dice) and a value to type (difficulte=-2) keep their hyphens
HYPHEN_MINUS = re.compile(r"(?<![\w\-\u2212=/.,:])-(?=\d)")
#: ... nor right after a letter, where the exits cannot tell it from a hyphen (« 3(Débutant-2) », issue 54): the
#: source writes « − » there itself
LETTER_MINUS = re.compile(r"(?<=[^\W\d_])-(?=\d)")
#: Python's own words and reprs in a sentence (« reçu « True » », « {'a' : 1} », « None »): the reader's are JSON's
PYTHON = re.compile(r"\b(?:True|False|None)\b|[{\[(]'|'[}\])]")
#: a value given as data, not prose (an exact fraction « -5/4 », an outcome label « -2 » the page matches)
NUMBER = re.compile(r"[+-]?\d+(/\d+)?")
#: an exact fraction shown to a reader (« (30537052563/81920000000) »): a percentage or « 1 chance sur N » instead
FRACTION = re.compile(r"\d+/\d{3,}")


def shown(text: str) -> str:
    return text.replace("\u202f", "⍽").replace("\u00a0", "~")


# ----------------------------------------------------------------------
# 1. The source
# ----------------------------------------------------------------------


def _docstrings(tree: ast.AST) -> set[int]:
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                ids.add(id(body[0].value))
    return ids


def test_no_straight_apostrophe_nor_quotes_in_any_prose_of_the_source():
    bad = []
    files = sorted((ROOT / "rules_py").rglob("*.py"))
    assert len(files) > 30
    for path in files:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docs = _docstrings(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
                text = node.value
                if " " in text and re.search(r"[^\W\d_]", text) and STRAIGHT.search(text):
                    bad.append(f"{path.relative_to(ROOT)}:{node.lineno}: {text[:80]!r}")
    assert not bad, "apostrophes ou guillemets droits :\n" + "\n".join(bad)


# ----------------------------------------------------------------------
# 2. The answers
# ----------------------------------------------------------------------


def _texts(value: Any, key: str | None = None, path: str = ""):
    """(path, text) of every prose string of an answer; identifiers and the engine's own data skipped."""
    if key in _IDENTIFIERS or key == "parametres" and isinstance(value, dict):
        return
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, dict):
        for k, v in value.items():
            if key in ("issues", "exact", "issues_table", "exact_table", "reussites_obtenues", "conserves"):
                yield f"{path}.{k} (clé)", k
            yield from _texts(v, k, f"{path}.{k}")
    elif isinstance(value, (list, tuple)):
        for i, v in enumerate(value):
            yield from _texts(v, None, f"{path}[{i}]")  # as the door typesets a list's items


def _faults(answer: dict, where: str) -> list[str]:
    out = []
    for path, text in _texts(answer):
        rules = [("apostrophe ou guillemets droits", STRAIGHT), ("espace", BAD_SPACE), ("Python", PYTHON)]
        if not path.endswith("(clé)") and not NUMBER.fullmatch(text):  # labels and data keep their « - »
            rules.append(("trait d’union pour un moins", HYPHEN_MINUS))
            rules.append(("trait d’union pour un moins après une lettre", LETTER_MINUS))
        for rule, pattern in rules:
            m = pattern.search(text)
            if m:
                out.append(f"{where} {path} ({rule}) : {shown(text[max(0, m.start() - 40) : m.end() + 20])!r}")
    return out


def _presets() -> dict[str, list[dict]]:
    sections = yaml.safe_load((ROOT / "hooks" / "page" / "sections.yml").read_text(encoding="utf-8"))
    out: dict[str, list[dict]] = {}
    for entries in sections.values():
        for entry in entries:
            out.setdefault(entry["roller"], []).append(dict(entry.get("preset") or {}))
            for ex in [entry.get("example")] + list(entry.get("examples") or []):
                if ex and ex.get("params"):
                    out[entry["roller"]].append(dict(ex["params"]))
    return out


EXTRA = {  # what the grid may not reach: the audit's situations and a few rare branches
    "simon.jet": [
        {"expertise": 2, "qui": "meneur", "heroisme": 2},
        {"expertise": 7, "niveau": "expert", "specialisation_absente": True, "reussites": 7},
        {"expertise": 2, "reussites": 1},
        {"expertise": 2, "niveau": "debutant", "modificateur": -2},  # « 3(Débutant−2) » (issue 54)
        {"expertise": 0, "modificateur": -20},
    ],  # fmt: skip
    "simon.aide": [
        {"expertise": 3, "niveau": "debutant", "heroisme": 1, "qui": "meneur"},
        {"expertise": 3, "niveau": "debutant", "modificateur": -3},
    ],
    "simon.opposition": [
        {"expertise_a": 5, "expertise_b": 5, "qui_b": "meneur", "heroisme_b": 1, "reussites_a": 6},
        {"expertise_a": 5, "expertise_b": 5, "qui_a": "meneur", "qui_b": "meneur"},
        {"expertise_a": 5, "expertise_b": 5, "modificateur_a": -4, "modificateur_b": -1},
    ],  # fmt: skip
    "solaires.opposition": [
        {
            "defense": "3,2",
            "defense_typique": True,
            "elements": "3,2",
            "typique": True,
            "handicap": True,
            "alteration": "instable",
        }
    ],  # fmt: skip
    "solaires.action": [{"difficulte": 8, "elements": "3"}, {"difficulte": -8, "elements": "1"}],
    "feerie.action": [{"element": 0, "difficulte": 0}, {"element": 0, "difficulte": 3}],
    "dcda.tour": [
        {
            "bonus": "0,0,0,2",
            "bonus_pour": "b",
            "table": "C4S8Q/C5S/S6Q/Q4M",
            "forces_a": "25,25,25,25",
            "environnement": "a",
            "enseignes_interdites": "coupes",
        }
    ],  # fmt: skip
    "dcda.confrontation": [
        {
            "noms_a": "Aube,Brune",
            "forces_a": "3,3,3,3,3,3,3,3",
            "niveau_a": "4,3",
            "predilection_a": "dagues,-",
            "bonus": "0,0,0,2",
            "bonus_pour": "Brune,b1",
            "table": "C4S8Q/C5S/S6Q/Q4M",
        },
        {"environnement": True, "forces_b": "12,12,12,12", "niveau_a": "3"},
    ],  # fmt: skip
}


def _grid(roller: dict, rng: random.Random) -> list[dict]:
    combos = [
        c for c in odds_grid.combos(roller, rng) if call({"op": "odds", "roller": roller["id"], "params": c})["ok"]
    ]
    return combos[:12]


def _follow(roller: str, answer: dict, seed: int, depth: int, where: str) -> list[str]:
    faults = _faults(answer, where)
    result = answer.get("result")
    if not answer["ok"] or depth == 0 or not isinstance(result, dict):
        return faults
    for offer in result.get("actions") or []:
        given = offer.get("parametres")
        params = dict(given) if isinstance(given, dict) else {}
        if isinstance(given, list):
            for field in given:
                if field.get("choix"):
                    params[field["nom"]] = field.get("defaut") or field["choix"][0]["valeur"]
                elif field.get("requis") and field["type"] == "int":
                    params[field["nom"]] = field.get("min", 1)
        if offer["id"] == "depenser":
            params = {"utilisation": "flashback", "alteration_personnage": 1}
        if roller == "dcda.confrontation" and offer["id"] == "jouer":
            params = {f["nom"]: f["choix"][0]["valeur"] for f in given or [] if f.get("choix")}
        request = {"op": "action", "roller": roller, "action": offer["id"], "state": result["etat"], "params": params}
        step = call({**request, "seed": seed})
        faults += _follow(roller, step, seed, depth - 1, f"{where} > {offer['id']}")
    return faults


ROLLER_IDS = [r.id for r in all_rollers()]


@pytest.mark.parametrize("roller_id", ROLLER_IDS)
def test_every_answer_of_every_roller_is_typeset_in_french(roller_id):
    described = call({"op": "describe", "roller": roller_id})
    faults = _faults(described, "describe")
    rng = random.Random(18)
    grid = _presets().get(roller_id, []) + EXTRA.get(roller_id, []) + _grid(described["result"], rng)
    assert grid
    for n, params in enumerate(grid):
        faults += _faults(call({"op": "odds", "roller": roller_id, "params": params}), f"odds {params}")
        for seed in range(2 if n < 6 else 1):
            roll = call({"op": "roll", "roller": roller_id, "params": params, "seed": seed})
            faults += _follow(roller_id, roll, seed, 2, f"roll {params} seed {seed}")
    # a refusal of each parameter: a wrong type, and a value out of its range
    for p in described["result"]["parametres"]:
        for bad in ("n’importe quoi ?", 999, -999, "1,2,3,4,5,6,7,8,9,99"):
            faults += _faults(call({"op": "roll", "roller": roller_id, "params": {p["nom"]: bad}}), f"refus {p['nom']}")
    assert not faults, f"{len(faults)} textes fautifs :\n" + "\n".join(sorted(set(faults))[:40])


# ----------------------------------------------------------------------
# 3. The command line
# ----------------------------------------------------------------------

PROG = "python -m rules_py"


def _cli(*args: str) -> tuple[str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        main(list(args), PROG)
    return out.getvalue(), err.getvalue()


def _cli_faults(text: str, where: str) -> list[str]:
    faults = []
    for line in text.splitlines():
        if line.lstrip().startswith(PROG):
            continue  # a command to copy, printed exactly as it runs
        for rule, pattern in (
            ("apostrophe ou guillemets droits", STRAIGHT),
            ("espace", BAD_SPACE),
            ("Python", PYTHON),
            ("trait d’union pour un moins", HYPHEN_MINUS),  # (after a letter: file names, « pytest-43 »)
            ("fraction", FRACTION),
        ):
            if pattern.search(line):
                faults.append(f"{where} ({rule}) : {shown(line)!r}")
    return faults


def _words(params: dict) -> list[str]:
    return [f"{k}={','.join(map(str, v)) if isinstance(v, list) else str(v).lower() if isinstance(v, bool) else v}"
            for k, v in params.items()]  # fmt: skip


def test_the_command_lines_text_is_typeset_in_french(tmp_path):
    faults = []
    for args in (["list"], ["--help"], ["roll", "--help"], ["odds", "--help"], ["action", "--help"]):
        faults += _cli_faults("".join(_cli(*args)), " ".join(args))
    for roller_id in ROLLER_IDS:
        faults += _cli_faults("".join(_cli("list", roller_id)), f"list {roller_id}")
        faults += _cli_faults("".join(_cli("roll", roller_id, "--help")), f"roll {roller_id} --help")
        for params in _presets().get(roller_id, [])[:4] + EXTRA.get(roller_id, []):
            words = _words(params)
            faults += _cli_faults("".join(_cli("odds", roller_id, *words)), f"odds {roller_id} {words}")
            state = str(tmp_path / "jet.json")
            faults += _cli_faults(
                "".join(_cli("roll", roller_id, *words, "--seed", "3", "--save", state)), f"roll {words}"
            )
    refusals = [
        ["roll", "feerie.action", "element=2", "element=3"],
        ["roll", "feerie.action", "--seed", "1", "--dice", "1,1,1,1"],
        ["roll", "feerie.action", "--seed", "1", "--seed", "2"],
        ["roll", "solaires.opposition", "defense=3,2"],
        ["roll", "dcda.tour", "domination=batons>ecus>dagues>coupes"],
        ["roll", "nulle.part"],
        ["lancer"],
        ["action", "simon.jet", "ajouter_de"],
        ["roll", "simon.jet", "expertise=2", "--couleur"],
    ]
    for args in refusals:
        out, err = _cli(*args)
        assert err, args
        faults += _cli_faults(out + err, " ".join(args))
    assert not faults, f"{len(faults)} lignes fautives :\n" + "\n".join(sorted(set(faults))[:40])


# ----------------------------------------------------------------------
# 4. The page's own text: the widgets' script and template, the hooks, the site's own pages
# ----------------------------------------------------------------------

# a French elision with a straight apostrophe (« l'exemple », « n'a »): the chapters' own text keeps its
# apostrophes (the authors' text), the site's own text does not
ELISION = re.compile(r"\b(?i:d|l|n|s|c|j|m|t|qu|jusqu|lorsqu|puisqu)'(?=[^\W\d_])")


def _book_headings() -> set[str]:
    """The chapters' headings as the pages write them: the hooks name them to find a section."""
    out = set()
    for path in (ROOT / "docs").rglob("*.md"):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith("#"):
                out.add(re.sub(r"\s*\{[^}]*\}\s*$", "", line.lstrip("#").strip()))
    return out


def test_the_sites_own_text_takes_the_typographic_apostrophe():
    bad = []
    for path in sorted((ROOT / "frontend").rglob("*.js")) + sorted((ROOT / "hooks" / "page" / "templates").glob("*")):
        text = re.sub(r"/\*.*?\*/", "", path.read_text(encoding="utf-8"), flags=re.S)
        for n, line in enumerate(text.splitlines(), 1):
            code = re.sub(r"^\s*//.*$|(?<=[;,)}{])\s*//.*$|\{#.*?#\}", "", line)  # comments are not shown
            if ELISION.search(code):
                bad.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()[:90]}")
    headings = _book_headings()
    for path in sorted((ROOT / "hooks").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docs = _docstrings(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
                if " " in node.value and node.value not in headings and ELISION.search(node.value):
                    bad.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.value[:90]!r}")
    sections = yaml.safe_load((ROOT / "hooks" / "page" / "sections.yml").read_text(encoding="utf-8"))
    for page, entries in sections.items():
        for entry in entries:
            for ex in [entry.get("example")] + list(entry.get("examples") or []):
                for key in ("text", "name", "result"):
                    if ex and ELISION.search(str(ex.get(key, ""))):
                        bad.append(f"hooks/page/sections.yml {page} {entry['heading']}: {ex[key][:90]}")
    own = [
        "index.md",
        "notes-de-lecture.md",
        "credits.md",
        *(f"probabilites/{p.name}" for p in (ROOT / "docs" / "probabilites").glob("*.md")),
    ]
    for name in own:
        text = (ROOT / "docs" / name).read_text(encoding="utf-8")
        prose = re.sub(r"`[^`\n]*`|\]\([^)]*\)", "", text)  # code and link targets are not prose
        for n, line in enumerate(prose.splitlines(), 1):
            if ELISION.search(line):
                bad.append(f"docs/{name}:{n}: {line.strip()[:90]}")
    # the « Source et licence » box of every chapter page (the site's words, above the authors' text)
    for path in sorted((ROOT / "docs").rglob("*.md")):
        lines = path.read_text(encoding="utf-8").splitlines()
        if len(lines) > 2 and lines[2].startswith('!!! info "Source et licence"'):
            for n, line in enumerate(lines[3:], 4):
                if line and not line.startswith("    "):
                    break
                if ELISION.search(re.sub(r"\]\([^)]*\)", "", line)):
                    bad.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()[:90]}")
    # the site's name, description, navigation and the theme's words set in mkdocs.yml
    for n, line in enumerate((ROOT / "mkdocs.yml").read_text(encoding="utf-8").splitlines(), 1):
        if ELISION.search(line.split(" #")[0]):
            bad.append(f"mkdocs.yml:{n}: {line.strip()[:90]}")
    assert not bad, "apostrophes droites dans le texte du site :\n" + "\n".join(bad)


# ----------------------------------------------------------------------
# 5. The sheets' answers: the schema the page draws its form from, refusals, rolls from sheets
# ----------------------------------------------------------------------


def _sheet_answers(game: str) -> list[tuple[str, dict]]:
    from test_sheets import _hostile

    from rules_py.sheets import load_game

    sheet_game = load_game(game)
    schema = call({"op": "sheet_schema", "jeu": game})
    # the Réserve's description sits under « reserve », a key the door keeps as data: walked on its own
    out = [("schema", schema), ("schema, réserve", {"reserve_schema": schema["result"]["reserve"]})]
    out += [(f"refus {what}", call({"op": "sheet_check", "fiche": sheet})) for what, sheet, _ in _hostile(game)]
    first = sheet_game.examples[0]
    for field in sheet_game.fields:  # a wrong JSON type in each field: JSON's words, never Python's
        for bad in (True, None, {"a": 1}, ["x", 2], "x" * 3000, -5):
            out.append(
                (f"refus {field.name}={bad!r:.20}", call({"op": "sheet_check", "fiche": {**first, field.name: bad}}))
            )
    out.append(("format en texte", call({"op": "sheet_check", "fiche": {**first, "format": "1"}})))
    for binding in sheet_game.bindings:
        request = {"op": "roll", "roller": binding.roller, "fiche": first, "seed": 1}
        if binding.reserve:
            request["reserve"] = sheet_game.reserve_example
        out.append((f"choix {binding.roller}", call({**request, "op": "sheet_choices"})))
        out.append((f"jet {binding.roller}", call(request)))
    return out


@pytest.mark.parametrize("game", ["solaires", "feerie", "simon", "dcda"])
def test_every_sheet_answer_is_typeset_in_french_and_speaks_json_not_python(game):
    faults = []
    for where, answer in _sheet_answers(game):
        faults += _faults(answer, where)
    assert not faults, f"{len(faults)} textes fautifs :\n" + "\n".join(sorted(set(faults))[:40])


def test_the_sheet_checkers_words_for_json_values():
    """Issue 35 §6: « reçu « True » » for JSON true, « {'a' : 1} », « un entier de 1 à 1 », and a sheet of 2,000
    elements told to shorten its texts."""
    from rules_py.sheets import load_game

    perseus = load_game("solaires").examples[0]

    def error(sheet: dict) -> str:
        answer = call({"op": "sheet_check", "fiche": sheet})
        assert not answer["ok"]
        return answer["error"].replace("\u00a0", " ").replace("\u202f", " ")

    assert "reçu la valeur true" in error({**perseus, "concept": True})
    assert "reçu un objet (champ a)" in error({**perseus, "concept": {"a": 1}})
    assert "l’entier 1 (sans guillemets) attendu, reçu le texte « 1 »" in error({**perseus, "format": "1"})
    # issue 54: a wrong type is said as such, never shown as if it were right
    assert "un entier de 0 à 99 attendu, reçu le texte « 2 »" in error({**perseus, "points": "2"})
    assert "un texte attendu, reçu le nombre 3" in error({**perseus, "concept": 3})
    assert "un entier de 0 à 99 attendu, reçu null" in error({**perseus, "points": None})
    assert "un entier de 0 à 99 attendu, reçu « 120 »" in error({**perseus, "points": 120})  # the right type
    many = error({**perseus, "elements": [{**perseus["elements"][0], "nom": f"E{i}"} for i in range(2000)]})
    assert "au plus 200 par fiche, reçu 2000" in many and "raccourcissez" not in many


def test_the_sheet_command_line_prints_its_schema_in_french(tmp_path):
    import json

    for game in ("solaires", "feerie", "simon", "dcda"):
        out, err = _cli("fiche", "schema", game)
        schema = json.loads(out)
        faults = _faults({"schema": schema, "reserve_schema": schema.get("reserve")}, f"fiche schema {game}")
        assert not faults, faults


def test_the_words_the_audit_found_are_gone():
    """Issue 35 §6, the words list: each found where the reader met it, now in French."""
    import json

    texts = []
    for game in ("solaires", "feerie", "simon", "dcda"):
        schema = call({"op": "sheet_schema", "jeu": game})["result"]
        texts.append(json.dumps(schema, ensure_ascii=False))
    for roller_id in ROLLER_IDS:
        texts.append(json.dumps(call({"op": "describe", "roller": roller_id}), ensure_ascii=False))
    whole = "\n".join(texts).replace("\u00a0", " ").replace("\u202f", " ")
    for wrong in (
        "Au dessus",  # « Au-dessus de la normale »
        "de la Normale",
        "Modificateur normale",  # « Modificateur d’une caractéristique normale »
        "« Etats »",
        "handicap=false",  # code in a help text
        "batons, ecus",
    ):
        assert wrong not in whole, wrong
    # The fortune's scale names an arcana as the results do (« XIV — Tempérance »); the page
    # shows such a word alone, not « 14 — XIV — Tempérance » (tests/browser/test_sheets_phone.py).
    assert "XIV — Tempérance" in whole and "14 — Tempérance" not in whole
    assert "Au-dessus de la normale" in whole and "Modificateur d’une caractéristique normale" in whole
    nocturne = {**_example("dcda"), "table_confrontation": ""}
    answer = call({"op": "roll", "roller": "dcda.tour", "fiche": nocturne, "params": {"carte_a": "3-batons"}})
    assert answer["ok"], answer
    assert not any(r["parametre"] == "table" for r in answer["result"]["remplissage"])  # « Table de confrontation : , »


def _example(game: str) -> dict:
    from rules_py.sheets import load_game

    return dict(load_game(game).examples[0])
