"""« Montrer ce jet » (CHARACTERS.md, « La table »): a roll and its follow-ups, from the widget's share link
to the meneuse's phone, in Node with the site's own modules (widget/links.js, table/roll.js, links/record.js,
links/codec.js): the meneuse's phone plays the roll again with the dice and cards the player's showed, its
follow-ups' included, and ends where the player's did. Python plays the original and the replay.

A follow-up replayed without its dice would be rolled afresh on the meneuse's phone (another result, shown as
the player's); a record or a share link with more follow-ups than the caps would make a phone run them all."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import run_front_end

import rules_py

AUTHOR = "Zx9-Yw8_"

# (roller, parameters, follow-ups (action, parameters)), one with follow-ups per game that has them
ROLLS = [
    ("solaires.action", {"difficulte": 1, "elements": [2], "points": 4}, [("relancer", {"de": "2"}), ("veto", {})]),
    (
        "simon.jet",
        {"expertise": 5, "niveau": "debutant", "points": 10, "points_depart": 10},
        [("ajouter_de", {}), ("ajouter_de", {})],
    ),
    ("solaires.points", {"points": 3, "maximum": 4}, [("depenser", {"utilisation": "flashback"}), ("fin_scene", {})]),
    ("dcda.confrontation", {"forces_a": [3, 3, 3, 4]}, [("jouer", {"a1": "dagues", "b1": "dagues"})]),
]

STUBS = {
    "config.js": (
        "export const SHEETS_CONFIG = { pages: { solaires: 1, feerie: 1, simon: 1, dcda: 1 }, reserves: {} };\n"
        "export const GAMES = { solaires: 'Solaires', feerie: 'Système Féerie', simon: 'Simon Système', dcda: 'DCDA' };\n"
    ),
    # the engine: the answers Python gave the player's phone, in order; every request kept
    "sheets/engine.js": (
        "export const asked = [];\n"
        "export const answers = [];\n"
        "export async function sheetsCall(request) {\n"
        "  asked.push(JSON.parse(JSON.stringify(request)));\n"
        "  return { ok: true, result: answers[asked.length - 1] };\n"
        "}\n"
    ),
    "browser/dom.js": (
        "export const fr = (text) => text;\n"
        "export function h(tag, attrs, ...children) {\n"
        "  return { tag, attrs, children, querySelector(t) { return children.find((c) => c && c.tag === t); } };\n"
        "}\n"
    ),
    "form/form.js": "export function writeForm() {}\n",
    # this phone's keys, which sign every record (links/record.js): made in memory, Node has no IndexedDB
    "links/keys.js": (
        "let made = null;\n"
        "export function deviceKeys() {\n"
        "  made ||= crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify'])\n"
        "    .then(async (k) => ({ signature: { privee: k.privateKey,\n"
        "      publique: Buffer.from(await crypto.subtle.exportKey('raw', k.publicKey)).toString('base64url') } }));\n"
        "  return made;\n"
        "}\n"
    ),
}

SCRIPT = """
import { readFileSync } from "node:fs";
import { shareLink, linkSteps } from "./widget/links.js";
import { rollBody, rollFromBody, replayRoll } from "./table/roll.js";
import { recordLink, recordFromFragment } from "./links/record.js";
import { asked, answers } from "./sheets/engine.js";
const input = JSON.parse(readFileSync(0, "utf-8"));
globalThis.window = { location: { href: "https://example.org/des-et-lames/page/" } };
const out = { rolls: [] };
for (const { roller, description, lastRoll, answers: given } of input.rolls) {
  const jeu = roller.split(".")[0];
  const widget = { roller, description, lastRoll, el: { id: "lanceur-essai" } };
  const entry = { link: shareLink(widget).querySelector("a").attrs.href };
  const body = rollBody(widget, entry);
  const link = await recordLink("j", jeu, input.author, 1, body);
  const record = await recordFromFragment(link.split("#")[1], jeu);
  asked.length = 0;
  answers.splice(0, answers.length, ...given);
  const played = await replayRoll(rollFromBody(record.body, jeu), jeu, null);
  out.rolls.push({ body, asked: [...asked], error: played.error || null });
}
const steps = (n) => ({ l: "action", s: Array.from({ length: n }, () => ({ a: "veto" })) });
// past the cap, a record is refused in a sentence (rien n'a été compté)
out.recordSteps = [60, 61].map((n) => { const roll = rollFromBody(steps(n), "solaires"); return roll !== null && !roll.error; });
out.linkSteps = [60, 61].map((n) => linkSteps(JSON.stringify(steps(n).s.map(() => ({ action: "veto" })))) !== null);
console.log(JSON.stringify(out));
"""


def played(roller: str, params: dict[str, Any], steps: list[tuple[str, dict[str, Any]]]) -> list[dict[str, Any]]:
    """The player's phone: the roll and each follow-up, as rules_py answers them (live dice)."""
    answer = rules_py.call({"op": "roll", "roller": roller, "params": params})
    assert answer["ok"], answer
    answers = [answer["result"]]
    for action, action_params in steps:
        state = answers[-1]["etat"]
        answer = rules_py.call(
            {"op": "action", "roller": roller, "action": action, "params": action_params, "state": state}
        )
        assert answer["ok"], (action, answer)
        answers.append(answer["result"])
    return answers


@pytest.fixture(scope="module")
def replayed(tmp_path_factory):
    rolls, originals = [], []
    for roller, params, steps in ROLLS:
        answers = played(roller, params, steps)
        originals.append(answers)
        described = rules_py.call({"op": "describe", "roller": roller})["result"]
        shown = {k: ",".join(map(str, v)) if isinstance(v, list) else v for k, v in params.items()}
        last_roll = {  # what widget/widget.js keeps of a roll and its follow-ups
            "params": shown,
            "dice": answers[0]["tirage"],
            "steps": [
                {"action": a, "params": p, "dice": r["tirage"]} for (a, p), r in zip(steps, answers[1:], strict=True)
            ],
        }
        rolls.append({"roller": roller, "description": described, "lastRoll": last_roll, "answers": answers})
    out = run_front_end(tmp_path_factory.mktemp("table-rolls"), STUBS, SCRIPT, {"rolls": rolls, "author": AUTHOR})
    return originals, out


@pytest.mark.parametrize("n", range(len(ROLLS)), ids=[r[0] for r in ROLLS])
def test_the_meneuses_phone_replays_a_roll_and_its_follow_ups_with_the_dice_shown(replayed, n):
    originals, out = replayed
    roller, _params, steps = ROLLS[n]
    answers, sent = originals[n], out["rolls"][n]
    assert sent["error"] is None
    assert [r.get("action") for r in sent["asked"]] == [None, *(a for a, _ in steps)]
    # every die and card drawn on the player's phone is forced on the meneuse's, a follow-up's too:
    # a step without its dice would be rolled afresh there
    assert [r["dice"] for r in sent["asked"]] == [a["tirage"] for a in answers]
    # and the rules, played again from what the record carried, end where the player's phone did
    answer = rules_py.call({k: v for k, v in sent["asked"][0].items()})
    for request in sent["asked"][1:]:
        assert answer["ok"], answer
        answer = rules_py.call({**request, "state": answer["result"]["etat"]})
    assert answer["ok"], answer
    assert answer["result"]["resultat"] == answers[-1]["resultat"]
    assert answer["result"]["calcul"] == answers[-1]["calcul"]


def test_a_record_and_a_share_link_hold_at_most_sixty_follow_ups(replayed):
    """Each step is one call of the engine on the phone that opens the link."""
    _originals, out = replayed
    assert out["recordSteps"] == [True, False]
    assert out["linkSteps"] == [True, False]
