"""Small helpers shared by several test modules."""

from __future__ import annotations

from typing import Any

import pytest

from rules_py import RulesError, odds, roll


def mutate(value: Any, junk: Any, path: list[int]) -> Any:
    """Replace one leaf of a JSON state, chosen by ``path``, with ``junk`` (a forged state)."""
    if isinstance(value, dict) and value:
        keys = sorted(value)
        key = keys[path[0] % len(keys)] if path else keys[0]
        return {**value, key: mutate(value[key], junk, path[1:])}
    if isinstance(value, list) and value:
        i = path[0] % len(value) if path else 0
        return value[:i] + [mutate(value[i], junk, path[1:])] + value[i + 1 :]
    return junk


def assert_refused_naming(roller_id: str, params: dict[str, Any], field: str) -> None:
    """Both a roll and an odds query refuse ``params`` with a sentence naming ``field``."""
    for op in (roll, odds):
        with pytest.raises(RulesError) as err:
            op(roller_id, params)
        assert err.value.field == field
        assert f"({field})" in str(err.value)
