"""« La table »'s links (issue 36), in Node with the site's own encoder (table/codec.js, table/sheet-code.js):
every book example sheet and a scene of four characters fit in a link of 650 characters or fewer (so that
its QR code, drawn by the site's lean-qr at level M, is version 20 or below), and a sheet comes back
from its link as Python checks it, whole but for what the table leaves out (CHARACTERS.md, « La table »)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

import rules_py

ROOT = Path(__file__).resolve().parent.parent
FRONT = ROOT / "frontend"
LEAN_QR = ROOT / "node_modules/lean-qr/index.mjs"
# A site address as long as a project's on GitHub Pages: the link is the whole URL, not its fragment.
BASE = "https://example.github.io/des-et-lames/"
AUTHOR, SEQUENCE, SUBJECT = "Zx9-Yw8_", 12345, "Ab3dEf7h"
GAMES = ("solaires", "feerie", "simon", "dcda")
LEFT_OUT = {"format", "jeu", "modifie", "notes", "description", "pseudonyme", "nom_civil", "esprit", "genre"}

# A confrontation of four characters, two against two, as « Proposer à la table » carries the meneuse's form.
SCENE = {
    "t": "L’embuscade du pont des Soupirs",
    "l": "confrontation",
    "p": {
        "forces_a": "3,3,3,3,2,4,3,3",
        "noms_a": "Aube, Brune",
        "predilection_a": "coupes,ecus",
        "niveau_a": "2,3",
        "fortune_a": "14,-1",
        "forces_b": "3,3,3,7,4,4,5,2",
        "noms_b": "Nocturne, Le sbire",
        "predilection_b": "dagues,-",
        "niveau_b": "0,1",
        "fortune_b": "17,-1",
        "environnement": "false",
        "adversaires": "1+2,2",
        "bonus": "0,0,1,0",
        "bonus_pour": "b",
        "domination": "batons>dagues>ecus>coupes",
    },
}

SCRIPT = """
import { packJson, unpackJson } from "%(codec)s";
import { compactSheet, expandSheet } from "%(sheet)s";
import { generate, correction } from "%(qr)s";
import { readFileSync } from "node:fs";
const input = JSON.parse(readFileSync(0, "utf-8"));
const out = [];
const link = async (game, record) => `${input.base}${game}/table/#table=1.${await packJson(record)}`;
const version = (text) => (generate(text, { minCorrectionLevel: correction.M, maxVersion: 40 }).size - 17) / 4;
for (const { game, schema, fiche } of input.sheets) {
  const body = compactSheet(schema, fiche, input.subject);
  const url = await link(game, ["f", game, input.author, input.sequence, body]);
  const back = await unpackJson(url.split("#table=1.")[1], 65536);
  out.push({ name: fiche.nom, game, length: url.length, version: version(url), expanded: expandSheet(schema, back[4], game) });
}
const url = await link("dcda", ["s", "dcda", input.author, input.sequence, input.scene]);
out.push({ name: "scène", game: "dcda", length: url.length, version: version(url) });
console.log(JSON.stringify(out));
"""


@pytest.fixture(scope="module")
def encoded(tmp_path_factory):
    if shutil.which("node") is None or not LEAN_QR.is_file():
        pytest.fail("node and node_modules/lean-qr are needed (bash tools/setup.sh test)")
    tmp = tmp_path_factory.mktemp("table")
    for name in ("table/codec.js", "table/sheet-code.js"):
        (tmp / name).parent.mkdir(exist_ok=True)
        shutil.copyfile(FRONT / name, tmp / name)
    sheets = []
    for game in GAMES:
        schema = rules_py.call({"op": "sheet_schema", "jeu": game})["result"]
        for fiche in rules_py.call({"op": "sheet_examples", "jeu": game})["result"]["fiches"]:
            sheets.append({"game": game, "schema": schema, "fiche": fiche})
    script = SCRIPT % {
        "codec": (tmp / "table/codec.js").as_uri(),
        "sheet": (tmp / "table/sheet-code.js").as_uri(),
        "qr": LEAN_QR.as_uri(),
    }
    data = {"base": BASE, "author": AUTHOR, "sequence": SEQUENCE, "subject": SUBJECT, "sheets": sheets, "scene": SCENE}
    done = subprocess.run(
        ["node", "--input-type=module", "-e", script],
        input=json.dumps(data),
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return {(r["game"], r["name"]): r for r in json.loads(done.stdout)}, {
        (s["game"], s["fiche"]["nom"]): s["fiche"] for s in sheets
    }


def test_every_example_sheet_and_a_scene_of_four_fit_a_qr_code_of_version_20(encoded):
    links, _ = encoded
    print(
        "\n".join(
            f"{game} {name}: {r['length']} characters, version {r['version']}" for (game, name), r in links.items()
        )
    )
    assert len(links) == 11  # ten example sheets and the scene
    too_long = {name: r["length"] for name, r in links.items() if r["length"] > 650}
    assert not too_long, too_long
    assert all(r["version"] <= 20 for r in links.values()), {n: r["version"] for n, r in links.items()}


def test_the_scene_of_four_is_a_confrontation_the_rules_accept():
    answer = rules_py.call({"op": "odds", "roller": "dcda.confrontation", "params": SCENE["p"]})
    assert answer["ok"], answer.get("error")


def test_a_sheet_comes_back_from_its_link_as_it_was_but_for_what_the_table_leaves_out(encoded):
    links, originals = encoded
    for key, original in originals.items():
        back = links[key]["expanded"]
        assert back["id"] == SUBJECT
        checked = rules_py.call({"op": "sheet_check", "fiche": back})
        assert checked["ok"], (key, checked.get("error"))
        normal = rules_py.call({"op": "sheet_check", "fiche": original})["result"]["fiche"]
        got = checked["result"]["fiche"]
        for field, value in normal.items():
            if field in LEFT_OUT or field == "id":
                continue
            assert got[field] == value, (key, field)
        assert not {f for f in LEFT_OUT - {"format", "jeu"} if got.get(f)}, key  # left out: empty or default
