"""The benchmark measures what it says (its figures live in the README, not in timed tests)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

import odds_grid  # noqa: E402
import run  # noqa: E402

from rules_py import call  # noqa: E402
from rules_py.api import all_rollers  # noqa: E402


def test_the_plain_build_is_the_same_site_without_hooks(tmp_path):
    path = run.config_without_hooks(tmp_path)
    try:
        text = path.read_text(encoding="utf-8")
        with_hooks = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
        assert "hooks:" in with_hooks and "hooks:" not in text
        kept = [line for line in with_hooks.splitlines() if "hooks/" not in line and line != "hooks:"]
        assert text.splitlines() == kept
        yaml.load(text, Loader=yaml.BaseLoader)  # still a valid config
    finally:
        path.unlink()


def test_the_odds_grid_reaches_every_roller():
    rng = random.Random(1)
    for roller in all_rollers():
        combos = odds_grid.combos(roller.describe(), rng)
        accepted = [c for c in combos if call({"op": "odds", "roller": roller.id, "params": c})["ok"]]
        assert accepted, roller.id
