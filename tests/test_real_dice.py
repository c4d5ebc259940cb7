"""The players' own dice (issue 51): what a roll draws (``op: "draws"``), faces entered by hand checked and
played exactly as forced dice are, and the flag ``reels`` on what they give."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import run_front_end

from rules_py import call


def ok(request: dict) -> dict:
    answer = call(request)
    assert answer["ok"], answer
    return answer["result"]


def refused(request: dict) -> dict:
    answer = call(request)
    assert answer["ok"] is False, answer
    answer["error"] = answer["error"].replace("\u202f", " ").replace("\u00a0", " ")
    return answer


def draws(roller: str, params: dict, given: list | None = None, **more) -> dict:
    return ok(
        {"op": "draws", "roller": roller, "params": params, **({"dice": given} if given is not None else {}), **more}
    )


@pytest.mark.parametrize(
    "roller, params, faces, groups",
    [
        ("solaires.action", {}, 6, ["Dés du joueur"] * 3),
        ("solaires.environnement", {"preference": "neutre"}, 6, ["Dés du meneur"] * 3),
        (
            "feerie.action",
            {"element": 2, "pertinence": "typique", "difficulte": 2},
            6,
            ["Dés du joueur"] * 3 + ["Dés du meneur"] * 2,
        ),
        ("feerie.opposition", {"des_a": 1, "des_b": 2}, 6, ["Camp A : initiateur"] + ["Camp B : initiateur"] * 2),
        ("simon.jet", {"expertise": 4, "heroisme": 2}, 20, ["Dés du jet"] * 7),
        (
            "simon.opposition",
            {"expertise_a": 2, "expertise_b": 3},
            20,
            ["Dés de l’acteur (a)"] * 5 + ["Dés de celui qui réagit (b)"] * 5,
        ),
    ],
)
def test_the_engine_says_how_many_dice_a_roll_needs_whose_and_of_how_many_faces(roller, params, faces, groups):
    asked = draws(roller, params)
    assert asked["donnes"] == 0 and asked["complet"] is False and asked["action"] is None
    assert [d["type"] for d in asked["tirages"]] == ["de"] * len(groups)
    assert {d["faces"] for d in asked["tirages"]} == {faces}
    assert [d["groupe"].replace("\u202f", " ").replace("\u00a0", " ") for d in asked["tirages"]] == groups
    # with every face given, it is complete, and the roll with them is what the engine plays
    given = [min(faces, 4)] * len(groups)
    assert draws(roller, params, given)["complet"] is True
    assert ok({"op": "roll", "roller": roller, "params": params, "dice": given})["tirage"] == given


def test_a_roll_of_real_dice_is_the_forced_roll_with_the_flag():
    request = {
        "op": "roll",
        "roller": "solaires.action",
        "params": {"difficulte": -2, "elements": "3,2", "typique": "true", "alteration": "adoucie"},
        "dice": [4, 6, 2],
    }
    forced = ok(request)
    real = ok({**request, "reels": True})
    assert real.pop("reels") is True and "reels" not in forced
    assert real == forced and real["resultat"] == "Échec avec contrepartie positive"
    assert ok({**request, "reels": False}) == forced


@pytest.mark.parametrize(
    "request_, field, sentence",
    [
        (
            {"op": "roll", "roller": "solaires.action", "dice": [4, 7, 1]},
            "des",
            "Dés entrés : le dé 2 (dés du joueur) est un d6, de 1 à 6 ; reçu « 7 ».",
        ),
        (
            {"op": "roll", "roller": "feerie.action", "params": {"element": 2, "difficulte": 2}, "dice": [4, 5, 6]},
            "des",
            "Dés entrés : ce jet demande 4 dés (reçu 3) ; il manque le dé 4 (dés du meneur).",
        ),
        (
            {"op": "roll", "roller": "simon.jet", "params": {"expertise": 2}, "dice": [20, 21, 1, 1, 1]},
            "des",
            "Dés entrés : le dé 2 (dés du jet) est un d20, de 1 à 20 ; reçu « 21 ».",
        ),
        (
            {"op": "roll", "roller": "simon.jet"},
            "des",
            "Dés réels : les faces des dés (ou les cartes) de la table sont attendues, aucune n’est donnée.",
        ),
        (
            {"op": "roll", "roller": "simon.jet", "dice": [1, 2, 3, 4, 5], "seed": 3},
            "seed",
            "Graine (seed) : sans effet avec des dés réels, qui fixent déjà le jet.",
        ),
        (
            {"op": "odds", "roller": "simon.jet"},
            "reels",
            "Dés réels (reels) : seuls un jet (roll), sa suite (action) et la suite d’une fiche (sheet_followup) "
            "se jouent avec des dés réels.",
        ),
    ],
)
def test_an_impossible_entry_is_one_french_sentence_naming_the_die(request_, field, sentence):
    answer = refused({**request_, "reels": True})
    assert answer["field"] == field and answer["error"] == sentence
    assert refused({**request_, "reels": "oui"})["field"] == "reels"


def test_the_draws_refuse_an_impossible_face_as_the_roll_does_and_count_the_rest():
    answer = refused({"op": "draws", "roller": "solaires.action", "dice": [3, 0]})
    assert answer["error"] == "Dés entrés : le dé 2 (dés du joueur) est un d6, de 1 à 6 ; reçu « 0 »."
    partial = draws("solaires.action", {}, [3])
    assert partial["donnes"] == 1 and len(partial["tirages"]) == 3 and partial["complet"] is False
    assert refused({"op": "draws", "roller": "solaires.action", "dice": [3, 3, 3, 3]})["field"] == "des"


def test_cards_one_deck_a_card_out_is_greyed_and_refused_by_its_name():
    params = {"forces_a": "2,3,4,5", "forces_b": "5,4,3,2"}
    first = draws("dcda.tour", params)["tirages"]
    assert [d["libelle"] for d in first] == ["la carte de A", "la carte de B"]
    assert len(first[0]["cartes"]) == 40 and all(c["permise"] for c in first[0]["cartes"])
    second = draws("dcda.tour", params, ["7-dagues"])["tirages"][1]
    out = [c for c in second["cartes"] if not c["permise"]]
    assert [c["valeur"] for c in out] == ["7-dagues"] and "7-dagues" not in second["permises"]
    assert out[0]["libelle"] == "7 de Dagues" and out[0]["enseigne"] == "dagues"
    answer = refused(
        {"op": "roll", "roller": "dcda.tour", "params": params, "dice": ["7-dagues", "7-Dagues"], "reels": True}
    )
    assert answer["error"].startswith("Cartes entrées : ce jet tire 2 cartes")
    assert "la carte de B ne peut pas être le 7 de Dagues, déjà sorti du paquet" in answer["error"]


def test_a_confrontation_with_real_cards_hands_then_fortunes_then_a_round():
    params = {"forces_a": "4,3,5,2", "noms_a": "Aube"}
    asked = draws("dcda.confrontation", params)["tirages"]
    assert len(asked) == 8 and asked[0]["libelle"] == "la carte de Bâtons d’Aube"
    assert {c["enseigne"] for c in asked[0]["cartes"]} == {"batons"} and len(asked[0]["cartes"]) == 10
    hands = ["3-batons", "4-ecus", "5-coupes", "6-dagues"]
    nocturne = draws("dcda.confrontation", params, hands)["tirages"][4]  # Nocturne's Bâtons: Aube holds the 3
    assert [c["valeur"] for c in nocturne["cartes"] if not c["permise"]] == ["3-batons"]
    every = hands + ["7-batons", "8-ecus", "9-coupes", "10-dagues"]
    res = ok({"op": "roll", "roller": "dcda.confrontation", "params": params, "dice": every, "reels": True})
    assert res["reels"] is True and res["tirage"] == every
    # round 1 played with real cards: the draws after it (one of the played suit each), then played
    play = {"enseignes": "dagues,batons"}
    after = ok({"op": "draws", "roller": "dcda.confrontation", "action": "jouer", "state": res["etat"], "params": play})
    assert after["action"] == "jouer" and [d["type"] for d in after["tirages"]] == ["carte", "carte"]
    refill = [next(c["valeur"] for c in d["cartes"] if c["permise"]) for d in after["tirages"][:1]]
    second = ok(
        {
            "op": "draws",
            "roller": "dcda.confrontation",
            "action": "jouer",
            "state": res["etat"],
            "params": play,
            "dice": refill,
        }
    )["tirages"][1]
    refill.append(next(c["valeur"] for c in second["cartes"] if c["permise"]))
    step = ok(
        {
            "op": "action",
            "roller": "dcda.confrontation",
            "action": "jouer",
            "state": res["etat"],
            "params": play,
            "dice": refill,
            "reels": True,
        }
    )
    assert step["reels"] is True and step["tirage"] == refill


def test_a_follow_up_asks_for_the_die_it_adds_or_rerolls():
    jet = ok(
        {"op": "roll", "roller": "simon.jet", "params": {"expertise": 4}, "dice": [3, 12, 15, 20, 1], "reels": True}
    )
    added = ok({"op": "draws", "roller": "simon.jet", "action": "ajouter_de", "state": jet["etat"]})
    assert added["tirages"] == [{"type": "de", "faces": 20, "groupe": "Dé ajouté après le jet"}]
    step = ok(
        {
            "op": "action",
            "roller": "simon.jet",
            "action": "ajouter_de",
            "state": jet["etat"],
            "dice": [18],
            "reels": True,
        }
    )
    assert step["reels"] is True and step["tirage"] == [18]
    solaires = ok({"op": "roll", "roller": "solaires.action", "dice": [6, 6, 1], "reels": True})
    reroll = ok(
        {
            "op": "draws",
            "roller": "solaires.action",
            "action": "relancer",
            "state": solaires["etat"],
            "params": {"de": 2},
        }
    )
    assert reroll["tirages"] == [{"type": "de", "faces": 6, "groupe": "Dé 2 relancé"}]
    # a follow-up that draws nothing (a veto) has nothing to enter
    spent = ok(
        {
            "op": "action",
            "roller": "solaires.action",
            "action": "relancer",
            "state": solaires["etat"],
            "params": {"de": 2},
            "dice": [1],
            "reels": True,
        }
    )
    assert ok({"op": "draws", "roller": "solaires.action", "action": "veto", "state": spent["etat"]})["tirages"] == []


def _simon_sheet() -> dict:
    sheet = ok({"op": "sheet_new", "jeu": "simon", "seed": 7})["fiche"]
    sheet.update(nom="Ysil", type="pj")
    return sheet


def test_real_dice_from_a_sheet_write_back_what_the_forced_dice_write(tmp_path: Path):
    sheet = _simon_sheet()
    request = {
        "op": "roll",
        "roller": "simon.jet",
        "params": {"caracteristique": "CON", "heroisme": 1},
        "fiche": sheet,
        "dice": [20, 20, 14, 9, 3, 12],
    }
    assert len(ok({**request, "op": "draws", "dice": []})["tirages"]) == 6
    forced = ok(request)
    real = ok({**request, "reels": True})
    assert real.pop("reels") is True and real == forced
    assert real["modifications"] and real["fiche"]["heroisme"] == forced["fiche"]["heroisme"]
    # the command line: the same outcome and the same sheet written, and the flag said
    path = tmp_path / "ysil.json"
    path.write_text(json.dumps(sheet, ensure_ascii=False), encoding="utf-8")
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "rules_py",
            "roll",
            "simon.jet",
            "caracteristique=CON",
            "heroisme=1",
            "--fiche",
            str(path),
            "--dice",
            "20,20,14,9,3,12",
            "--reels",
            "--ecrire",
            "--json",
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 0, out.stderr
    cli = json.loads(out.stdout)
    assert (
        cli["reels"] is True and cli["resultat"] == real["resultat"] and cli["modifications"] == real["modifications"]
    )
    written = json.loads(path.read_text(encoding="utf-8"))
    assert written["heroisme"] == real["fiche"]["heroisme"]
    text = subprocess.run(
        [sys.executable, "-m", "rules_py", "roll", "simon.jet", "expertise=3", "--dice", "1,2,3,4,5", "--reels"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert text.returncode == 0 and text.stdout.startswith("Dés réels (lancés à la table)")
    assert "--dice 1,2,3,4,5 --reels" in text.stdout
    bad = subprocess.run(
        [sys.executable, "-m", "rules_py", "odds", "simon.jet", "--reels"], capture_output=True, text=True, timeout=60
    )
    assert bad.returncode == 2 and "--reels" in bad.stderr


def test_a_roll_shown_to_the_meneuse_keeps_the_flag_and_nothing_else_passes_for_it(tmp_path: Path):
    """frontend/table/roll.js in Node (bundled as the site is): a share link's ``reels=1`` is the record's ``r: 1``
    (never a parameter of the roller), read back as ``reels`` and played again with ``"reels": true``, its
    follow-ups too (with their dice, an empty list when they drew none); a record whose ``r`` is anything else is
    unreadable."""
    link = "https://example.org/simon/resolution/?lanceur=l&expertise=2&des=20%2C3%2C1%2C5%2C9&reels=1#l"
    stubs = {
        "sheets/engine.js": (
            "export const asked = [];\n"
            "export async function sheetsCall(request) { asked.push(request); return { ok: true, result: {} }; }\n"
        )
    }
    script = (
        'import { rollBody, rollFromBody, replayRoll } from "./table/roll.js";\n'
        'import { asked } from "./sheets/engine.js";\n'
        "globalThis.window = { location: { href: 'https://x/' } };\n"
        "const widget = { roller: 'simon.jet', description: { parametres: [] } };\n"
        f"const real = rollBody(widget, {{ link: {json.dumps(link)} }});\n"
        f"const plain = rollBody(widget, {{ link: {json.dumps(link.replace('&reels=1', ''))} }});\n"
        "const read = rollFromBody({ ...real, s: [{ a: 'ajouter_de', d: [4] }, { a: 'fin' }] }, 'simon');\n"
        "await replayRoll(read, 'simon', null);\n"
        "console.log(JSON.stringify([real, read, rollFromBody(plain, 'simon'),"
        " rollFromBody({ ...real, r: true }, 'simon'), asked]));\n"
    )
    real, read, plain, forged, asked = run_front_end(tmp_path, stubs, script)
    assert real == {"l": "jet", "p": {"expertise": "2"}, "d": [20, 3, 1, 5, 9], "r": 1}
    assert read["reels"] is True and read["params"] == {"expertise": "2"} and plain["reels"] is False
    assert forged is None
    assert [(a["op"], a.get("dice"), a.get("reels")) for a in asked] == [
        ("roll", [20, 3, 1, 5, 9], True),
        ("action", [4], True),
        ("action", [], True),
    ]


def test_a_new_fortune_after_a_roll_of_real_cards_is_entered_too():
    """« Tirer une nouvelle fortune » (a sheet follow-up) after a roll of real cards: the engine says it draws one
    major arcana of her deck, plays the card entered with the flag, and refuses one that is not a major arcana."""
    sheet = call({"op": "sheet_examples", "jeu": "dcda"})["result"]["fiches"][0]
    asked = call({"op": "draws", "fiche": sheet, "suite": "nouvelle_fortune", "dice": []})["result"]
    (draw,) = asked["tirages"]
    assert draw["type"] == "carte" and draw["permises"] == [str(n) for n in range(22)]
    assert f"la nouvelle fortune de {sheet['nom']}" in draw["libelle"] and not asked["complet"]
    played = call({"op": "sheet_followup", "fiche": sheet, "suite": "nouvelle_fortune", "dice": ["5"], "reels": True})
    assert played["ok"] and played["result"]["reels"] is True and played["result"]["fiche"]["fortune"] == 5
    forced = call({"op": "sheet_followup", "fiche": sheet, "suite": "nouvelle_fortune", "dice": ["5"]})["result"]
    assert {k: v for k, v in played["result"].items() if k != "reels"} == forced
    wrong = call(
        {"op": "sheet_followup", "fiche": sheet, "suite": "nouvelle_fortune", "dice": ["7-dagues"], "reels": True}
    )
    assert not wrong["ok"] and wrong["error"].startswith("Cartes entrées") and wrong["field"] == "des"
    unsaid = call({"op": "sheet_check", "fiche": sheet, "reels": True})
    assert not unsaid["ok"] and unsaid["field"] == "reels"
