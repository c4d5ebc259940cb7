"""Every parameter of every roller, fuzzed through the JSON door.

Whatever a reader types, a shared link holds or a forged state says, the
rules package answers with a result or with one clean French sentence naming
the field — never with another exception.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from helpers import mutate
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from rules_py import call, call_json
from rules_py.api import all_rollers

ROLLERS = {r.id: r.describe() for r in all_rollers()}

JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**12), max_value=10**12),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=40),
    st.sampled_from(
        [
            "",
            " ",
            "-1",
            "999999",
            "3,2",
            "1,2,3,4,5,6,7,8,9",
            "abc",
            "<script>alert(1)</script>",
            '"><img src=x onerror=alert(1)>',
            "true",
            "NaN",
            "1e9",
            "٣",
            "+5",
            " 7 ",
            ",,",
            "7-dagues",
        ]
    ),
    st.lists(st.integers(min_value=-50, max_value=50), max_size=10),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=3),
)


def valid_value(p: dict[str, Any]) -> st.SearchStrategy:
    kind = p["type"]
    if kind == "int":
        return st.integers(min_value=p["min"], max_value=p["max"])
    if kind == "bool":
        return st.booleans()
    if kind == "choice":
        return st.sampled_from([c["valeur"] for c in p["choix"]])
    if kind == "ints":
        item = st.integers(min_value=p["min"], max_value=p["max"])
        return st.lists(item, min_size=p["min_elements"], max_size=p["max_elements"]).map(
            lambda xs: ",".join(map(str, xs))
        )
    return st.text(max_size=80)


def params_for(roller: dict[str, Any]) -> st.SearchStrategy:
    fields = {p["nom"]: st.one_of(valid_value(p), valid_value(p), JUNK) for p in roller["parametres"]}
    return st.fixed_dictionaries({}, optional=fields)


def check(answer: dict[str, Any]) -> None:
    assert isinstance(answer, dict)
    if answer["ok"]:
        json.dumps(answer, allow_nan=False)  # JSON-ready (the browser's JSON.parse refuses NaN)
    else:
        assert isinstance(answer["error"], str) and answer["error"]
        assert "Traceback" not in answer["error"] and "\n" not in answer["error"]
        assert isinstance(answer["field"], str)


FUZZ = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much]
)


@pytest.mark.parametrize("roller_id", sorted(ROLLERS))
@FUZZ
@given(data=st.data())
def test_roll_and_odds_never_raise(roller_id, data):
    params = data.draw(params_for(ROLLERS[roller_id]))
    dice = data.draw(st.one_of(st.none(), st.lists(st.integers(-2, 25), max_size=12), JUNK))
    seed = data.draw(st.one_of(st.none(), st.integers(0, 2**40), JUNK))
    fields = {p["nom"]: p["libelle"] for p in ROLLERS[roller_id]["parametres"]}
    for request in (
        {"op": "roll", "roller": roller_id, "params": params, "dice": dice, "seed": seed},
        {"op": "odds", "roller": roller_id, "params": params},
    ):
        answer = call(request)
        check(answer)
        if not answer["ok"] and answer["field"] in fields:  # the message names its field, as the form labels it
            low = answer["error"].lower()
            assert answer["field"] in low or fields[answer["field"]].lower() in low, answer


@pytest.mark.parametrize("roller_id", sorted(r for r, d in ROLLERS.items() if d["actions"]))
@FUZZ
@given(data=st.data())
def test_follow_up_actions_never_raise_even_on_forged_state(roller_id, data):
    valid = st.fixed_dictionaries({}, optional={p["nom"]: valid_value(p) for p in ROLLERS[roller_id]["parametres"]})
    first = call(
        {"op": "roll", "roller": roller_id, "params": data.draw(valid), "seed": data.draw(st.integers(0, 10**6))}
    )
    check(first)
    assume(first["ok"])  # the follow-ups start from a real result
    state = first["result"]["etat"]
    for action in ROLLERS[roller_id]["actions"]:
        params = data.draw(params_for({"parametres": action["parametres"]}))
        forged = data.draw(st.booleans())
        if forged and state is not None:
            path = data.draw(st.lists(st.integers(0, 50), max_size=4))
            state_sent = mutate(state, data.draw(JUNK), path)
        else:
            state_sent = state
        before = copy.deepcopy(state_sent)
        check(
            call(
                {
                    "op": "action",
                    "roller": roller_id,
                    "action": action["id"],
                    "state": state_sent,
                    "params": params,
                    "seed": 1,
                }
            )
        )
        assert state_sent == before, "an action changed the caller's state in place"


JSONISH = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), st.text(max_size=20)),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=20,
)


@settings(max_examples=200, deadline=None)
@given(
    op=st.one_of(st.sampled_from(["list", "describe", "roll", "odds", "action"]), st.text(max_size=8)),
    roller=st.one_of(st.sampled_from(sorted(ROLLERS)), JSONISH),
    rest=st.dictionaries(st.sampled_from(["params", "dice", "seed", "state", "action"]), JSONISH, max_size=5),
)
def test_the_json_door_answers_every_request(op, roller, rest):
    text = call_json(json.dumps({"op": op, "roller": roller, **rest}))
    check(json.loads(text))


@settings(max_examples=100, deadline=None)
@given(
    text=st.one_of(
        st.text(max_size=60),
        st.sampled_from(
            [
                "NaN",
                "-Infinity",
                '{"op": NaN}',
                '{"op": "roll", "roller": "solaires.action", "params": {"difficulte": NaN}}',
                "[]",
                "null",
                '"roll"',
                "{" * 5000,
                "\ud800",
                "",
            ]
        ),
    )
)
def test_the_json_door_answers_any_text(text):
    answer = call_json(text)
    check(json.loads(answer, parse_constant=lambda name: pytest.fail(f"{name} in the answer")))
