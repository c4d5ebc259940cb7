"""« La table »'s links (issues 36 and 51), in Node with the site's own modules (links/codec.js,
links/sheet-code.js, links/envelope.js, links/secret.js, table/checks.js): every book example sheet and a
scene of four characters fit in a link of 650 characters or fewer (so that its QR code, drawn by the site's
lean-qr at level M, is version 20 or below), signed too but for the largest sheet, and so do a roll, a secret
request and a secret roll; a sheet comes back from its link as Python checks it, whole but for what the table
leaves out; a signature holds for the very link its phone made only; a secret roll opens with the meneuse's
key only and its link says nothing of it; and what a player's roll may say (CHARACTERS.md, « La table »)."""

from __future__ import annotations

import base64
import json
import re
import shutil
import subprocess
import zlib
from pathlib import Path

import pytest
from helpers import run_front_end

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
    for name in ("links/codec.js", "links/sheet-code.js"):
        (tmp / name).parent.mkdir(exist_ok=True)
        shutil.copyfile(FRONT / name, tmp / name)
    sheets = []
    for game in GAMES:
        schema = rules_py.call({"op": "sheet_schema", "jeu": game})["result"]
        for fiche in rules_py.call({"op": "sheet_examples", "jeu": game})["result"]["fiches"]:
            sheets.append({"game": game, "schema": schema, "fiche": fiche})
    script = SCRIPT % {
        "codec": (tmp / "links/codec.js").as_uri(),
        "sheet": (tmp / "links/sheet-code.js").as_uri(),
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


# ----------------------------------------------------------------------
# Signed records, secret rolls and what a roll may say (issue 51), in Node with the site's own modules
# ----------------------------------------------------------------------

# A Simon roll as « Montrer ce jet » carries it from a phone holding Ysil (table/roll.js): her sheet's values as
# the share link has them, the dice, her name and subject, the roll's number on the phone, the request it answers.
ROLL = {
    "l": "jet",
    "p": {"expertise": "7", "niveau": "professionnel", "points": "20", "points_depart": "20"},
    "d": [17, 4, 11, 2, 19],
    "c": "Ysil",
    "i": SUBJECT,
    "k": 321,
    "q": "Qw3-Er5_.987",
}
# A request of the meneuse to one character, secret, with two values fixed (table/ask.js).
REQUEST = {
    "l": "jet",
    "p": {"niveau": "expert", "modificateur": "-2"},
    "t": "Entendre les gardes",
    "q": {"i": SUBJECT, "n": "Ysil"},
}

SIGNED = """
import { packJson, unpackJson } from "./links/codec.js";
import { compactSheet } from "./links/sheet-code.js";
import { openSealed, sealData } from "./links/envelope.js";
import { openSecret, sealSecret, secretContext } from "./links/secret.js";
import { generate, correction } from "lean-qr";
import { readFileSync } from "node:fs";
const input = JSON.parse(readFileSync(0, "utf-8"));
const subtle = crypto.subtle;
const toB64 = (bytes) => Buffer.from(bytes).toString("base64url");
const signing = () => subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, false, ["sign", "verify"]);
const exchange = () => subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, false, ["deriveBits"]);
const raw = async (key) => toB64(new Uint8Array(await subtle.exportKey("raw", key)));
const phone = await signing();
const phoneRaw = await raw(phone.publicKey);
const meneuse = await exchange();
const meneuseRaw = await raw(meneuse.publicKey);
const version = (text) => (generate(text, { minCorrectionLevel: correction.M, maxVersion: 40 }).size - 17) / 4;
const link = async (game, record) =>
  `${input.base}${game}/table/#table=2.${await sealData(await packJson(record), phone.privateKey, phoneRaw)}`;
const out = { sizes: [] };
const measure = async (name, game, record) => {
  const url = await link(game, record);
  out.sizes.push({ name, length: url.length, version: version(url) });
  return url;
};
for (const { game, schema, fiche } of input.sheets) {
  await measure(fiche.nom, game, ["f", game, input.author, input.sequence, compactSheet(schema, fiche, input.subject)]);
}
await measure("jet", "simon", ["j", "simon", input.author, input.sequence, input.roll]);
await measure("demande secrète", "simon", ["d", "simon", input.author, input.sequence, { ...input.request, x: meneuseRaw }]);
const { q, ...inner } = input.roll;
const context = secretContext("simon", input.author, input.sequence, q);
const sealed = await sealSecret(inner, meneuseRaw, context);
const secretUrl = await measure("jet secret", "simon", ["x", "simon", input.author, input.sequence, { q, s: sealed }]);
// what anyone who holds the link reads of it: the record unpacked, the sealed roll as it is
const fragment = secretUrl.split("#table=2.")[1].split(".");
out.secretRecord = JSON.stringify(await unpackJson(fragment[0], 65536));
out.opened = await openSecret(sealed, meneuse.privateKey, context);
const refused = async (make) => { try { await make(); return false; } catch { return true; } };
const other = await exchange();
out.otherPhoneOpens = !(await refused(() => openSecret(sealed, other.privateKey, context)));
out.otherRecordOpens = !(await refused(() => openSecret(sealed, meneuse.privateKey, secretContext("simon", input.author, input.sequence + 1, q))));
// signatures: the link as made opens; one character changed, another key, another record's signature do not
const parts = (url) => url.split("#table=2.")[1].split(".");
const good = parts(secretUrl);
out.goodOpens = Boolean(await openSealed(good));
out.keyIsThePhones = (await openSealed(good))?.cle === phoneRaw;
const altered = [good[0].slice(0, 40) + (good[0][40] === "A" ? "B" : "A") + good[0].slice(41), good[1], good[2]];
out.alteredOpens = Boolean(await openSealed(altered));
const stranger = await signing();
out.otherKeyOpens = Boolean(await openSealed([good[0], await raw(stranger.publicKey), good[2]]));
const jet = parts(await link("simon", ["j", "simon", input.author, input.sequence, input.roll]));
out.swappedOpens = Boolean(await openSealed([good[0], good[1], jet[2]]));
console.log(JSON.stringify(out));
"""


@pytest.fixture(scope="module")
def signed(tmp_path_factory):
    if not LEAN_QR.is_file():
        pytest.fail("node_modules/lean-qr is needed (bash tools/setup.sh test)")
    sheets = [
        {"game": game, "schema": rules_py.call({"op": "sheet_schema", "jeu": game})["result"], "fiche": fiche}
        for game in GAMES
        for fiche in rules_py.call({"op": "sheet_examples", "jeu": game})["result"]["fiches"]
    ]
    data = {
        "base": BASE,
        "author": AUTHOR,
        "sequence": SEQUENCE,
        "subject": SUBJECT,
        "sheets": sheets,
        "roll": ROLL,
        "request": REQUEST,
    }
    return run_front_end(tmp_path_factory.mktemp("signed"), {}, SIGNED, data)


def test_signed_records_fit_a_qr_code_of_version_20_but_the_largest_sheet(signed):
    """A signature (64 bytes) and its key (65) add 175 characters: every signed link but the largest example
    sheet (Perseüs, 621 characters unsigned) stays within 650 characters, so within a QR code of version 20;
    the larger one is offered as a link only (links/show.js says why)."""
    sizes = {r["name"]: r for r in signed["sizes"]}
    print("\n".join(f"{name}: {r['length']} characters, version {r['version']}" for name, r in sizes.items()))
    too_long = {name for name, r in sizes.items() if r["length"] > 650}
    assert too_long == {"Perseüs"}, too_long
    assert all(r["version"] <= 20 for name, r in sizes.items() if name not in too_long)
    assert {"jet", "demande secrète", "jet secret"} <= set(sizes)


def test_a_signature_holds_only_for_the_very_link_its_phone_made(signed):
    assert signed["goodOpens"] and signed["keyIsThePhones"]
    assert not signed["alteredOpens"]  # one character of the record changed
    assert not signed["otherKeyOpens"]  # another phone's key put in
    assert not signed["swappedOpens"]  # another record's signature put in


def test_a_secret_roll_opens_on_the_meneuses_phone_only_and_its_link_says_nothing_of_it(signed):
    inner = {k: v for k, v in ROLL.items() if k != "q"}
    assert signed["opened"] == inner
    assert not signed["otherPhoneOpens"] and not signed["otherRecordOpens"]
    record = json.loads(signed["secretRecord"])
    assert record[0] == "x" and set(record[4]) == {"q", "s"} and record[4]["q"] == ROLL["q"]
    # The sealed part is random-looking base64url, where a short word may turn up by chance (« jet » did, once in
    # about 1,300 runs): the record around it says nothing, and the sealed bytes hold none of the roll's words.
    sealed = record[4]["s"]
    assert re.fullmatch(r"[A-Za-z0-9_-]+", sealed), sealed
    around = json.dumps([*record[:4], {"q": record[4]["q"]}, *record[5:]], ensure_ascii=False)
    for said in ("Ysil", "jet", "professionnel", "17,4,11", "321"):
        assert said not in around, said
    # Past the sender's key (65 bytes) and the nonce (12): the roll packed (deflate-raw) but not sealed would
    # unpack to its words there, with or without room for a tag.
    body = base64.urlsafe_b64decode(sealed + "=" * (-len(sealed) % 4))[77:]
    for cut in (body, body[:-16]):
        try:
            unpacked = zlib.decompressobj(-15).decompress(cut)
        except zlib.error:
            continue
        assert b"Ysil" not in unpacked and b"professionnel" not in unpacked


CHECKS = """
import { rollRefusal } from "./table/checks.js";
import { readFileSync } from "node:fs";
const cases = JSON.parse(readFileSync(0, "utf-8"));
console.log(JSON.stringify(cases.map(([p, steps, changes, fixed]) => rollRefusal(p, steps, changes, fixed, (n) => `«${n}»`))))
"""

# The rules' checked parameters of a Simon opposition and of a jet (rules_py, as the meneuse's phone replays them).
OPPOSED = {"qui_a": "joueur", "heroisme_a": 0, "qui_b": "meneur", "heroisme_b": 0, "niveau_a": "expert"}
ALONE = {"qui": "joueur", "heroisme": 1, "niveau": "expert", "modificateur": -2}
GAIN = [{"cible": "reserve", "ecart": 2}]
SPENT = [{"cible": "reserve", "ecart": -1}]


CASES = [
    (ALONE, [], GAIN, {}, None),  # a player's roll: her 1s give the meneuse her points
    ({**ALONE, "qui": "meneur"}, [], SPENT, {}, "jet du meneur"),  # the meneur's own roll
    ({**OPPOSED, "qui_a": "meneur"}, [], [], {}, "jet du meneur"),  # both sides hers
    (OPPOSED, [], GAIN, {}, None),  # against her PNJ, nothing of hers spent
    ({**OPPOSED, "heroisme_b": 1}, [], [], {}, "porte-poisse"),  # her dice bought by a player
    ({**OPPOSED, "heroisme_b": 1}, [], SPENT, {"heroisme_b": "1"}, None),  # ... as her request fixed
    (OPPOSED, [{"a": "ajouter_de", "p": {"camp": "b"}}], SPENT, {}, "porte-poisse"),  # a die of hers after
    (OPPOSED, [{"a": "ajouter_de", "p": {"camp": "a"}}], [], {}, None),  # a die of the player's after
    (OPPOSED, [], SPENT, {}, "porte-poisse"),  # her Réserve lower, whatever the cause
    (ALONE, [], [], {"niveau": "expert", "modificateur": "\u22122"}, None),  # fixed and kept (« −2 » typed)
    (ALONE, [], [], {"niveau": "maitre"}, "«niveau»"),  # fixed and not kept
]


@pytest.fixture(scope="module")
def checked(tmp_path_factory):
    return run_front_end(tmp_path_factory.mktemp("checks"), {}, CHECKS, [case[:4] for case in CASES])


@pytest.mark.parametrize("case", range(len(CASES)))
def test_what_a_players_roll_may_say(checked, case):
    said = CASES[case][4]
    answer = checked[case]
    if said is None:
        assert answer is None, answer
    else:
        assert answer and said in answer and answer.endswith("."), answer
