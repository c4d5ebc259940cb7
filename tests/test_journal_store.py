"""« Journal des jets »'s storage (frontend/journal/store.js) in Node: at its cap of 300 rolls the oldest
goes, never the newest, whether the roll is added on the page or a journal of more is imported, and what
is kept is what a reload reads back."""

from __future__ import annotations

import pytest
from helpers import run_front_end

SCRIPT = """
const kept = new Map();
globalThis.localStorage = { getItem: (k) => kept.get(k) ?? null, setItem: (k, v) => kept.set(k, String(v)) };
globalThis.location = { href: "https://example.org/", origin: "https://example.org" };
const store = await import("./journal/store.js");
const entry = (i) => ({ quand: 1700000000000 + i, roller: "feerie.action", titre: "t", resultat: `jet ${i}`,
  section: "s", page: "/feerie/actions/", lien: null, reussite: true, action: null, suite: null, des: [] });
const out = { cap: store.JOURNAL_CAP };
for (let i = 1; i <= store.JOURNAL_CAP + 5; i += 1) store.addJournalEntry(entry(i));
store.saveJournal();
out.added = store.journal.entries.map((e) => [e.n, e.resultat]);
store.journal.entries = [];
store.journal.next = 1;
store.loadJournal();  // a reload
out.reloaded = store.journal.entries.map((e) => e.n);
out.next = store.journal.next;
const many = Array.from({ length: store.JOURNAL_CAP + 10 }, (_, i) => ({ ...entry(i + 1), n: i + 1 }));
const read = store.journalFromJson(JSON.stringify({ format: "des-et-lames/journal-des-jets", next: 1, entries: many }));
store.setJournal(read.entries, read.next);  // « Importer (JSON) »
out.imported = store.journal.entries.map((e) => e.n);
console.log(JSON.stringify(out));
"""


@pytest.fixture(scope="module")
def stored(tmp_path_factory):
    return run_front_end(tmp_path_factory.mktemp("journal"), {}, SCRIPT)


def test_at_its_cap_the_journal_drops_the_oldest_roll_and_keeps_the_newest(stored):
    cap = stored["cap"]
    assert cap == 300
    assert stored["added"] == [[n, f"jet {n}"] for n in range(6, cap + 6)]  # 305 rolls: the first five gone
    assert stored["reloaded"] == list(range(6, cap + 6)) and stored["next"] == cap + 6
    assert stored["imported"] == list(range(11, cap + 11))  # a file of 310: its last 300
