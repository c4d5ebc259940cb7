"""Every roller's answers as the reader reads them, word for word against those kept (tests/golden.py).

Each kept request (a roller's preset, each parameter at its choices, bounds and past them, a wrong type;
rolls with seeds, their odds, the follow-ups they offer) is asked again: its answer must be the kept one,
dice groups and their names, each die's mark, the outcome, the arithmetic, the notes, the offers, the
exact odds, each refusal's sentence. A change meant to change them is written with
``.venv/bin/python tests/golden.py [ROLLER]``, which prints what changed.
"""

from __future__ import annotations

import json

import pytest
from golden import difference, kept, line, requests_for

from rules_py import all_rollers, call

ROLLERS = [r.id for r in all_rollers()]


@pytest.mark.parametrize("roller", ROLLERS)
def test_each_answer_is_the_one_kept(roller: str) -> None:
    lines = kept(roller)
    assert lines, f"no kept answers for {roller}: run .venv/bin/python tests/golden.py {roller}"
    for kept_line in lines:
        request = json.loads(kept_line)["requete"]
        now = line({"requete": request, "reponse": call(request)})
        assert now == kept_line, (
            f"{roller}: the answer to {json.dumps(request, ensure_ascii=False)[:300]} changed "
            f"(meant? .venv/bin/python tests/golden.py {roller}):\n{difference(kept_line, now)}"
        )


@pytest.mark.parametrize("roller", ROLLERS)
def test_the_kept_requests_are_those_the_roller_describes_now(roller: str) -> None:
    """A parameter or a choice added, a follow-up offered otherwise: the kept answers no longer cover the
    roller, and are written again (the diff then shows what a reader meets)."""
    asked = [json.loads(x)["requete"] for x in kept(roller)]
    assert asked == json.loads(json.dumps(requests_for(roller), default=list)), (
        f"{roller}: its requests changed; run .venv/bin/python tests/golden.py {roller} and read the diff"
    )
