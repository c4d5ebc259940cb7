"""Never a silent default in JavaScript either (issue 53): a failure the front end goes on without names its
reason (browser/failures.js ``besides``), a failed read of the device's storage is said to the reader
(``storageTrouble``) or refuses what needed it (``storageError``), and no ``.catch(() => null)`` is left."""

from __future__ import annotations

import re
from pathlib import Path

from helpers import run_front_end

FRONT = Path(__file__).resolve().parents[1] / "frontend"
#: A handler that turns any failure into a constant: what the rule forbids.
SILENT = re.compile(
    r"\.catch\(\s*(?:\(\s*\w*\s*\)|_\w*|\w+)\s*=>\s*(?:null|undefined|false|true|0|\[\]|\{\s*\}|\"\")\s*\)"
)
REASON = re.compile(r"\bbesides\(\s*(\"[^\"]*\"|'[^']*'|`[^`]*`)?")


def test_no_catch_in_the_front_end_turns_a_failure_into_a_constant():
    silent = [
        f"{path.relative_to(FRONT)}:{text[: m.start()].count(chr(10)) + 1}"
        for path in sorted(FRONT.rglob("*.js"))
        for text in [path.read_text(encoding="utf-8")]
        for m in SILENT.finditer(text)
    ]
    assert not silent, "a failure named in its place (browser/failures.js), not a constant: " + ", ".join(silent)


def test_every_failure_gone_past_names_its_reason():
    unnamed = []
    for path in sorted(FRONT.rglob("*.js")):
        text = path.read_text(encoding="utf-8")
        for m in REASON.finditer(text):
            line = text[text.rfind("\n", 0, m.start()) + 1 : m.start()]
            if line.lstrip().startswith("//") or text[m.start() - 9 : m.start()] == "function ":
                continue  # a comment, the definition itself
            if text[m.start() - 6 : m.start()] == "const ":
                continue  # a file of its own (the workers') defining its own
            if not m.group(1) or len(m.group(1)) < 20:
                unnamed.append(f"{path.relative_to(FRONT)}:{text[: m.start()].count(chr(10)) + 1}")
    assert not unnamed, "besides(…) without a reason a maintainer can read: " + ", ".join(unnamed)


def test_the_failures_say_what_was_read_and_keep_the_reason(tmp_path):
    out = run_front_end(
        tmp_path,
        {},
        """
const f = await import("./browser/failures.js");
const infos = [];
console.info = (text) => infos.push(text);
const out = {};
out.besides = f.besides("the hint for the next visit")(new Error("boom"));
out.fallback = f.storageTrouble("les fiches reçues", [])(new Error("quota"));
out.refused = f.storageError("la Réserve du meneur", new Error("gone")).message;
out.kept = [...globalThis.dlFailures];
out.infos = infos;
for (let i = 0; i < 30; i += 1) f.besides("again and again")(new Error(String(i)));
out.count = globalThis.dlFailures.length;
console.log(JSON.stringify(out));
""",
    )
    assert out["besides"] is None and out["fallback"] == []
    assert out["refused"].startswith("la mémoire de ce navigateur n’a pas répondu en lisant la Réserve du meneur")
    assert "rien n’a été lancé ni écrit" in out["refused"]
    assert out["kept"][:2] == [
        {"reason": "the hint for the next visit", "error": "boom"},
        {"reason": "lecture du stockage de l’appareil (les fiches reçues)", "error": "quota"},
    ]
    assert any("the hint for the next visit (boom)" in text for text in out["infos"])
    assert out["count"] == 20, "the last 20 kept, no more"
