"""French typography: the pure function, the engine's door, the build step on the pages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from rules_py import call, call_json
from rules_py.typography import NBSP, NNBSP, fr, fr_chunks

ROOT = Path(__file__).resolve().parent.parent

# a plain (or wrong) space before ; ? ! : or », or after «
BAD_SPACE = re.compile(r"[ \u2009\u00a0](?=[;?!])| (?=[:»])|« |[ \u202f]:|«\u202f|\u202f»")


def shown(text: str) -> str:
    return text.replace(NNBSP, "⍽").replace(NBSP, "~")


# ---------------------------------------------------------------- fr()


@pytest.mark.parametrize(
    "text, expected",
    [
        # the four marks, with the space the reader typed
        ("Quoi ? Oui ! Non ; voilà : fini.", "Quoi⍽? Oui⍽! Non⍽; voilà~: fini."),
        # the space missing after a word
        ("Note: ici; là! vrai?", "Note~: ici⍽; là⍽! vrai⍽?"),
        # guillemets, with or without their spaces, over several words
        ("« mot »", "«~mot~»"),
        ("«mot»", "«~mot~»"),
        ("le « Cercle de domination », dit-il", "le «~Cercle de domination~», dit-il"),
        # several spaces, a line break, a wrong kind of space: one right space
        ("Difficulté  :\n2", "Difficulté~:\n2"),
        ("Quoi\u00a0?", "Quoi⍽?"),
        ("Quoi\n?", "Quoi⍽?"),
        # two marks together: one space before the first
        ("Vraiment ?!", "Vraiment⍽?!"),
        ("(voir plus haut) : 3", "(voir plus haut)~: 3"),
        ("« Oui » ; puis", "«~Oui~»⍽; puis"),
        # numbers
        ("Seuil : 11 ; score : 3,5 !", "Seuil~: 11⍽; score~: 3,5⍽!"),
        ("Niveau 3: réussite", "Niveau 3~: réussite"),
    ],
)
def test_fr_puts_the_french_spaces(text, expected):
    assert shown(fr(text)) == expected


@pytest.mark.parametrize(
    "text",
    [
        "https://github.com/Greewi/SolairesSources",
        "http://127.0.0.1:8000/solaires/?q=dés&x=1#haut",
        "Voir https://systeme.feerie.net/regles?page=2 pour la suite",
        "À 10:30, ratio 1:2, a::b",
        "3/8, 0,5 %, -4, +2, n° 12",
        "Aucune ponctuation ici.",
        "",
    ],
)
def test_fr_leaves_urls_times_numbers_and_plain_text_alone(text):
    assert fr(text) == text


@pytest.mark.parametrize(
    "text",
    [
        "Quoi ? Oui ! Non ; voilà : fini.",
        "«mot» ; « autre » : x!",
        "Vraiment ?! https://x.fr/?a=b 10:30",
        "Difficulté  :\n2 « a»",
    ],
)
def test_fr_is_idempotent_and_keeps_the_words(text):
    once = fr(text)
    assert fr(once) == once
    assert re.sub(r"\s", "", once) == re.sub(r"\s", "", text)  # only spaces change


def test_fr_leaves_what_is_not_text():
    assert fr(None) is None and fr(3) == 3


def test_fr_chunks_puts_each_space_in_its_own_chunk():
    # the text nodes of « le mot «<em>dit</em>» : fin » around an inline tag
    assert [shown(c) for c in fr_chunks(["le mot «", "dit", "» : fin"])] == ["le mot «", "~dit", "~»~: fin"]
    # a space run over a boundary: kept next to the mark, removed before the tag
    assert [shown(c) for c in fr_chunks(["Voyez ", " : ici"])] == ["Voyez", "~: ici"]
    assert fr_chunks(["rien", " à ", "faire"]) == ["rien", " à ", "faire"]
    assert "".join(fr_chunks(["Quoi ", "?"])) == fr("Quoi ?")


# ---------------------------------------------------------------- the door


def _requests():
    """Every roller's preset (from hooks/page/sections.yml) rolled, its follow-ups played, its odds and description."""
    sections = yaml.safe_load((ROOT / "hooks" / "page" / "sections.yml").read_text(encoding="utf-8"))
    seen = set()
    for entries in sections.values():
        for entry in entries:
            roller, preset = entry["roller"], entry.get("preset") or {}
            key = (roller, repr(sorted(preset.items())))
            if key in seen:
                continue
            seen.add(key)
            yield roller, preset


def _texts(value, path=""):
    """(path, text) of every string of an answer, dict keys included."""
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield f"{path}.{k} (clé)", k
            yield from _texts(v, f"{path}.{k}")
    elif isinstance(value, (list, tuple)):
        for i, v in enumerate(value):
            yield from _texts(v, f"{path}[{i}]")


def _bad_spaces(answer):
    return [f"{path}: {shown(text)!r}" for path, text in _texts(answer) if BAD_SPACE.search(text)]


def test_no_plain_space_before_punctuation_in_any_answer():
    bad = _bad_spaces(call({"op": "list"}))
    for roller, preset in _requests():
        bad += _bad_spaces(call({"op": "describe", "roller": roller}))
        bad += _bad_spaces(call({"op": "odds", "roller": roller, "params": preset}))
        for seed in range(4):
            answer = call({"op": "roll", "roller": roller, "params": preset, "seed": seed})
            bad += _bad_spaces(answer)
            for action in answer.get("result", {}).get("actions", []):
                if action.get("possible"):
                    params = action.get("parametres") if isinstance(action.get("parametres"), dict) else {}
                    bad += _bad_spaces(
                        call(
                            {
                                "op": "action",
                                "roller": roller,
                                "action": action["id"],
                                "state": answer["result"]["etat"],
                                "params": params,
                                "seed": seed,
                            }
                        )
                    )
    assert not bad, "espaces à la française manquantes :\n" + "\n".join(sorted(set(bad))[:60])


def test_the_door_typesets_errors_but_never_identifiers():
    error = call({"op": "roll", "roller": "solaires.action", "params": {"elements": "trois"}})
    assert error["ok"] is False and not BAD_SPACE.search(error["error"]) and error["field"] == "elements"
    assert NBSP in error["error"] or NNBSP in error["error"]
    unknown = call_json('{"op": "roll", "roller": "nulle.part"}')
    assert "Lanceur inconnu" in unknown and " :" not in unknown
    assert not BAD_SPACE.search(call_json("{pas du json"))
    # parameter names, choice values and the checked parameters come back as sent
    described = call({"op": "describe", "roller": "solaires.action"})["result"]
    names = [p["nom"] for p in described["parametres"]]
    assert "difficulte" in names and "intrinseque" in names
    values = [c["valeur"] for p in described["parametres"] for c in p.get("choix", [])]
    assert "devrait-reussir" in values and all(NBSP not in v and NNBSP not in v for v in values)
    rolled = call({"op": "roll", "roller": "dcda.confrontation", "params": {"noms_a": "Qui ? Moi !"}, "seed": 1})
    if rolled["ok"]:  # the name as typed stays in the share link's parameters and in the state
        assert rolled["result"]["parametres"]["noms_a"] == "Qui ? Moi !"


def test_odds_labels_are_the_same_in_issues_and_exact():
    for roller, preset in _requests():
        result = call({"op": "odds", "roller": roller, "params": preset})["result"]
        if "exact" in result:
            assert list(result["issues"]) == list(result["exact"]), roller
        for label in result.get("issues", {}):
            assert not BAD_SPACE.search(label), (roller, shown(label))


def test_the_python_callers_keep_the_engine_text():
    """Only the door typesets: rules_py.roll() gives the game module's own strings."""
    from rules_py import roll

    raw = roll("solaires.environnement", {}, [4, 3, 1])
    door = call({"op": "roll", "roller": "solaires.environnement", "dice": [4, 3, 1]})["result"]
    assert [fr(line) for line in raw["calcul"]] == door["calcul"]


# ---------------------------------------------------------------- the build step


def _hook():
    from hooks import typography

    return typography


def test_the_hook_changes_text_only():
    hook = _hook()
    html = (
        "<html><head><title>Dés : test</title><style>a:hover{color:red !important}</style></head>"
        '<body><p title="Titre : x" data-x=\'{"a": "b ?"}\'>Le joueur dit « <em>oui</em> » : '
        '<a href="https://x.fr/?q=1">https://x.fr/?q=1</a> ; non !</p>'
        "<pre><code>x = a ? b : c</code></pre><p>Code <code>a : b</code> ; fin ?</p>"
        "<script>if (a ? b : c) {}</script><p>R&amp;D ; &laquo;mot&raquo; &lt;b&gt; :</p>"
        "<!-- commentaire ? --></body></html>"
    )
    out = hook.typeset_html(html)
    assert "<title>Dés\u00a0: test</title>" in out
    assert "a:hover{color:red !important}" in out
    assert 'title="Titre : x"' in out and 'data-x=\'{"a": "b ?"}\'' in out
    assert "dit «\u00a0<em>oui</em>\u00a0»\u00a0: " in out
    assert '<a href="https://x.fr/?q=1">https://x.fr/?q=1</a>\u202f; non\u202f!' in out
    assert "<pre><code>x = a ? b : c</code></pre>" in out
    assert "<code>a : b</code>\u202f; fin\u202f?" in out
    assert "<script>if (a ? b : c) {}</script>" in out
    assert "R&amp;D\u202f; «\u00a0mot\u00a0» &lt;b&gt;\u00a0:" in out
    assert "<!-- commentaire ? -->" in out
    assert hook.typeset_html(out) == out


def test_the_built_pages_have_french_spaces(each_site):
    """Every page of each build: no plain space before « ; ? ! : » nor inside « » in its text."""
    hook = _hook()
    bad = []
    built_site = each_site
    for page in sorted(built_site.rglob("*.html")):
        for text in hook.visible_text(page.read_text(encoding="utf-8")):
            for m in BAD_SPACE.finditer(text):
                bad.append(f"{page.relative_to(built_site)} : {shown(text[max(0, m.start() - 30) : m.end() + 10])!r}")
    assert not bad, "\n".join(bad[:40])


# ---------------------------------------------------------------- one rule, in Python and in the browser


def _texts_of(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [t for k, v in value.items() for t in (*_texts_of(k), *_texts_of(v))]
    if isinstance(value, (list, tuple)):
        return [t for v in value for t in _texts_of(v)]
    return []


def test_the_browser_sets_french_spaces_as_the_widgets_rule(tmp_path):
    """frontend/browser/dom.js ``fr`` is rules_py.typography.widget_text, character for character, under Node:
    over every text the rollers describe (as written, before the door sets them), the sections' examples, and
    random runs of letters, spaces and marks (accents, digits, an astral letter, « camp a »)."""
    import json
    import random
    import subprocess

    from rules_py import all_rollers
    from rules_py.typography import widget_text

    texts = [t for r in all_rollers() for t in _texts_of(r.describe())]
    texts += _texts_of(yaml.safe_load((ROOT / "hooks/page/sections.yml").read_text(encoding="utf-8")))
    pieces = [
        *"aéZ9_²", " ", "  ", "\u00a0", "\u202f", "\u2009", "\t", "\n", *":;?!«»", "’", "'", '"', ")", "]", ".",
        ",", "…", "%", "°", "/", "=", "https://x.fr/?q=1", "10:30", "camp a", "Camps b", "décamp a", "𝒳", "Ⅻ",
    ]  # fmt: skip
    rng = random.Random(53)
    texts += ["".join(rng.choice(pieces) for _ in range(rng.randint(0, 14))) for _ in range(3000)]
    module = tmp_path / "dom.mjs"
    module.write_text((ROOT / "frontend/browser/dom.js").read_text(encoding="utf-8"), encoding="utf-8")
    cases = tmp_path / "cases.json"
    cases.write_text(json.dumps(texts), encoding="utf-8")
    script = (
        f"import {{ fr }} from {json.dumps(module.as_uri())};\n"
        'import { readFileSync } from "node:fs";\n'
        f"const texts = JSON.parse(readFileSync({json.dumps(str(cases))}, 'utf8'));\n"
        "console.log(JSON.stringify(texts.map(fr)));\n"
    )
    done = subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    browser = json.loads(done.stdout)
    wrong = [(t, b, widget_text(t)) for t, b in zip(texts, browser, strict=True) if b != widget_text(t)]
    assert not wrong, "\n".join(f"{shown(t)!r}: navigateur {shown(b)!r}, Python {shown(p)!r}" for t, b, p in wrong[:10])
    assert widget_text("Le camp a l’emporte : oui") == "Le camp A l’emporte\u00a0: oui"
    assert len({t for t in texts if widget_text(t) != t}) > 1000  # the rule did change most of them
