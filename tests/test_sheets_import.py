"""« Importer des fiches » over a device that already holds them (sheets/page/files.js, CHARACTERS.md « The
backup »), in Node with the page's own files.js, backup.js and check.js (the device's store stubbed): each
answer to each question does what its label says, and the safe answer is the last (it gets the focus).

A sheet of the file whose id the device holds with another content asks « Remplacer » / « Garder les deux » /
« Annuler »; the Réserve du meneur of the file, different from the device's, « Remplacer celle de cet appareil » /
« Garder celle de cet appareil »; a draft of the device is kept over the file's. The answers are tapped by their
labels, as the reader taps them: answers whose labels and effects were swapped fail here."""

from __future__ import annotations

import copy
import json
from itertools import product
from typing import Any

import pytest
from helpers import run_front_end

from hooks.page.sheets import backup_catalogue
from rules_py.sheets import load_game
from rules_py.sheets.backup import write_backup

SHEET_ANSWERS = ("Remplacer", "Garder les deux", "Annuler")
RESERVE_ANSWERS = ("Remplacer celle de cet appareil", "Garder celle de cet appareil")

STUBS = {
    "browser/dom.js": (
        "export const fr = (text) => text;\n"
        "export function h(tag, attrs, ...children) { return { tag, attrs, children }; }\n"
        "export function pageLayer() { return { append() {} }; }\n"
    ),
    "sheets/ask.js": (
        "export const asked = [];\n"
        "export async function askReader(_box, question, answers) {\n"
        "  const labels = answers.map(([, label]) => label);\n"
        "  const pick = globalThis.device.answers.find((label) => labels.includes(label));\n"
        "  asked.push({ question, labels, pick });\n"
        "  return answers.find(([, label]) => label === pick)[0];\n"
        "}\n"
    ),
    "sheets/page/editor.js": "export function newSheetId() { return 'copie-1'; }\n",
    "sheets/engine.js": "export function plainSheetError(message) { return message; }\n",
    "browser/site.js": "export const SITE_ROOT = 'https://example.org/';\n",
    "sheets/verify.js": "export function verifyWhenReady() {}\n",
    "storage/sheets.js": (
        "export function askPersistence() {}\n"
        "export async function getSheet(id) { return globalThis.device.sheets.find((r) => r.id === id) || null; }\n"
        "export async function getReserve(jeu) { return globalThis.device.reserves.find((r) => r.jeu === jeu) || null; }\n"
    ),
    "sheets/page/device.js": (
        "export async function deviceContents() { return { records: [], reserves: [], drafts: [] }; }\n"
        "export async function getDraft(id) { return globalThis.device.drafts.find((d) => d.fiche_id === id) || null; }\n"
        "export async function importEverything(plan) { globalThis.device.written.push(JSON.parse(JSON.stringify(plan)));"
        " return {}; }\n"
    ),
}

SCRIPT = """
import { readFileSync } from "node:fs";
import { importSheets } from "./sheets/page/files.js";
import { asked } from "./sheets/ask.js";
const input = JSON.parse(readFileSync(0, "utf-8"));
const out = [];
for (const answers of input.combinations) {
  globalThis.device = { ...JSON.parse(JSON.stringify(input.device)), answers, written: [] };
  asked.length = 0;
  const file = { size: input.file.length, text: async () => input.file };
  const page = { jeu: "simon", catalogue: input.catalogue, ask: {} };
  const done = await importSheets(page, file);
  out.push({ answers, text: done.text, error: done.error || false, asked: [...asked], written: globalThis.device.written });
}
console.log(JSON.stringify(out));
"""


def example(game: str, name: str) -> dict[str, Any]:
    return copy.deepcopy(next(s for s in load_game(game).examples if s["nom"] == name))


@pytest.fixture(scope="module")
def imports(tmp_path_factory):
    ysil, urlk = example("simon", "Ysil"), example("simon", "Urlk")
    reserve = copy.deepcopy(load_game("simon").reserve_example)
    theirs = {**ysil, "notes": "Revue à la table"}
    their_reserve = {**reserve, "porte_poisse": reserve["porte_poisse"] + 2}
    typed_here = {"jeu": "simon", "fiche_id": ysil["id"], "date": "2026-11-20", "fiche": {**ysil, "nom": "Ysi"}}
    typed_there = {**typed_here, "date": "2026-11-21", "fiche": {**ysil, "nom": "Ysil la Sage"}, "ouverte": ysil}
    new_draft = {
        "jeu": "simon",
        "fiche_id": "garance",
        "date": "2026-11-21",
        "fiche": {"nom": "Garance"},
        "ouverte": None,
    }
    file = write_backup([theirs, urlk], [their_reserve], [typed_there, new_draft], "2026-11-22")
    device = {
        "sheets": [{"id": ysil["id"], "jeu": "simon", "rev": 3, "fiche": ysil}],
        "reserves": [{"jeu": "simon", "rev": 2, "reserve": reserve}],
        "drafts": [{**typed_here, "ouverte": None}],
    }
    combinations = [list(c) for c in product(SHEET_ANSWERS, RESERVE_ANSWERS)]
    data = {"combinations": combinations, "device": device, "file": json.dumps(file), "catalogue": backup_catalogue()}
    out = run_front_end(tmp_path_factory.mktemp("import"), STUBS, SCRIPT, data)
    expected = {"theirs": theirs, "urlk": urlk, "reserve": their_reserve, "new_draft": new_draft, "ysil": ysil}
    return {tuple(o["answers"]): o for o in out}, expected


@pytest.mark.parametrize(("sheet", "reserve"), list(product(SHEET_ANSWERS, RESERVE_ANSWERS)))
def test_each_answer_of_an_import_does_what_its_label_says(imports, sheet, reserve):
    done, want = imports
    got = done[(sheet, reserve)]
    assert not got["error"], got["text"]
    said = got["text"].replace("\u00a0", " ").replace("\u202f", " ")
    # asked twice, by name, the safe answer last (it gets the focus: a stray tap destroys nothing)
    [about_sheet, about_reserve] = got["asked"]
    assert "« Ysil »" in about_sheet["question"] and about_sheet["labels"] == list(SHEET_ANSWERS)
    assert "réserve du meneur" in about_reserve["question"] and about_reserve["labels"] == list(RESERVE_ANSWERS)
    [plan] = got["written"]  # one transaction
    added = {f["fiche"]["nom"]: f["fiche"] for f in plan["add"]}
    assert added.pop("Urlk") == want["urlk"]  # a sheet the device lacks: added, unasked
    if sheet == "Remplacer":
        assert plan["replace"] == [{"id": want["ysil"]["id"], "rev": 3, "fiche": want["theirs"], "checked": "page"}]
        assert added == {} and "1 fiche remplacée (« Ysil »)" in said
    elif sheet == "Garder les deux":
        assert plan["replace"] == [] and added == {"Ysil": {**want["theirs"], "id": "copie-1"}}
        assert "1 fiche gardée en double" in said
    else:
        assert plan["replace"] == [] and added == {} and "1 fiche laissée de côté" in said
    if reserve == "Remplacer celle de cet appareil":
        assert plan["reserves"] == [{"jeu": "simon", "rev": 2, "reserve": want["reserve"]}]
        assert "la réserve du meneur de Simon Système" in said
    else:
        assert plan["reserves"] == [] and "réserve" not in said
    # the device's own draft kept over the file's; the file's new one taken
    assert plan["drafts"] == [want["new_draft"]]
    assert "1 saisie non enregistrée reprise" in said
    assert "1 saisie de cet appareil gardée à la place de celle du fichier" in said
