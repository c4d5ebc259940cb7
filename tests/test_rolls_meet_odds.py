"""Every roller's rolls, tallied over every die they can show, equal its odds.

The odds are computed by closed forms and laws (``odds.py``, each roller's ``odds``), the
results by the roll's own code: two paths that never meet elsewhere. A roll that never gives
an outcome at its exact boundary (a margin of exactly two in Féerie, a die at the seuil in
Simon) passes every test that rolls far from the edges and every test of the odds against
icepool. Here each small configuration's roll is played for every sequence of dice or cards
(``enumerated``): each outcome's weight, the weight of a success and of each value of the
ordered count (``echelle``) must be the odds' exact fractions, to the last one.

Every die face is its own case, except where a configuration would be too large to play
whole, and then the lumping is the chapter's, never the code's:
- Simon Système's d20: the faces the chapter tells apart (1; the misses, split at « plus de
  5 » for an aide; every face at or above the seuil when margins count, else the
  successes together; 20) are one case each, played once with each class's lowest face and
  once with its highest, so a rule off by one at either end of a class is caught; the
  five dice drawn together are a pool, given as each multiset once (with its number of
  orders), ascending then descending;
- De Cœur & D'Acier's confrontation: the cards of the piles not played in the first round
  are held at one card each, the played piles range over every card. Both sides play the
  same suit there, so that no card held is one a played pile could have given (a held
  Dagues in A's hand would take one Dagues from B's pile: the odds, over the whole deal,
  rightly count it); a duel of two suits is ``dcda.tour``'s, whose odds share the code.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations_with_replacement
from math import factorial, prod
from typing import Any

import pytest

from rules_py.dice import Dice
from rules_py.feerie.words import MISSED, MISSED_TIE
from rules_py.rolling import act, all_rollers, get_roller
from rules_py.simon.seuil import threshold
from rules_py.solaires.words import outcome, with_handicap

# ----------------------------------------------------------------------
# The enumeration: a Dice that stops at each draw not yet chosen
# ----------------------------------------------------------------------

Faces = Callable[[int, int], list[tuple[int, Fraction]]]  # (sides, index of the draw) -> [(face, weight)]


def every_face(sides: int, _index: int) -> list[tuple[int, Fraction]]:
    return [(v, Fraction(1, sides)) for v in range(1, sides + 1)]


class _Unchosen(Exception):
    """The roll asked for a draw the prefix does not give: its options, each with its weight."""

    def __init__(self, options: list[tuple[Any, Fraction]]) -> None:
        self.options = options


class _Enumerating(Dice):
    """Dice replaying ``prefix`` (one item per draw, a tuple per pool), then raising :class:`_Unchosen`."""

    def __init__(
        self, prefix: Sequence[Any], faces: Faces, pools: bool, every_card: Callable[[int], bool], descending: bool
    ) -> None:
        super().__init__()
        self._prefix, self._at, self._descending = prefix, 0, descending
        self._faces, self._pools, self._every_card = faces, pools, every_card

    def _choose(self, options: Callable[[], list[tuple[Any, Fraction]]]) -> Any:
        if self._at == len(self._prefix):
            raise _Unchosen(options())
        value = self._prefix[self._at]
        self._at += 1
        return value

    def d(self, sides: int, group: str = "") -> int:
        value = int(self._choose(lambda: self._faces(sides, len(self.drawn))))
        self.drawn.append(value)
        return value

    def roll(self, count: int, sides: int, group: str = "") -> list[int]:
        if not self._pools or count < 2:
            return [self.d(sides) for _ in range(count)]
        index = len(self.drawn)
        pool = self._choose(lambda: multisets(self._faces(sides, index), count, self._descending))
        self.drawn.extend(pool)
        return list(pool)

    def pick(self, deck: Sequence[str], what: str = "carte") -> str:
        index = len(self.drawn)
        value = str(
            self._choose(
                lambda: (
                    [(c, Fraction(1, len(deck))) for c in deck]
                    if self._every_card(index)
                    else [(deck[0], Fraction(1))]  # held at one card: the outcome must not depend on it
                )
            )
        )
        self.drawn.append(value)
        return value


def multisets(
    faces: list[tuple[int, Fraction]], count: int, descending: bool
) -> list[tuple[tuple[int, ...], Fraction]]:
    """Each multiset of ``count`` faces once, in order, weighted by its number of orders."""
    out = []
    for chosen in combinations_with_replacement(faces, count):
        orders = factorial(count) // prod(factorial(k) for k in Counter(chosen).values())
        values = tuple(sorted((v for v, _ in chosen), reverse=descending))
        out.append((values, orders * prod((w for _, w in chosen), start=Fraction(1))))
    return out


def enumerated(
    case: Case, params: dict[str, Any], end: int = 0, descending: bool = False
) -> Iterator[tuple[dict, Fraction]]:
    """Every result of the roll of ``params``, each with its exact probability."""
    roller = get_roller(case.roller)
    args = roller.parse(params)
    faces = every_face if case.faces is None else case.faces(params, end)
    every_card = case.every_card(params)
    stack: list[tuple[tuple[Any, ...], Fraction]] = [((), Fraction(1))]
    while stack:
        prefix, weight = stack.pop()
        dice = _Enumerating(prefix, faces, case.pools, every_card, descending)
        try:
            answer = case.play(roller.id, args, dice)
        except _Unchosen as unchosen:
            stack.extend((prefix + (value,), weight * w) for value, w in unchosen.options)
            continue
        yield answer, weight


# ----------------------------------------------------------------------
# What each roller's roll is read as, and its small configurations
# ----------------------------------------------------------------------


def labelled(result: dict, odds: dict) -> str:
    """The odds' outcome a result names: the longest label its « resultat » begins with."""
    found = [label for label in odds["exact"] if result["resultat"].startswith(label)]
    assert found, f"no outcome of the odds names « {result['resultat']} »: {list(odds['exact'])}"
    return max(found, key=len)


def rolled(roller_id: str, args: dict, dice: Dice) -> dict:
    result = get_roller(roller_id).roll(args, dice)
    dice.finish()
    return result


Law = dict[Any, Fraction]
Reader = Callable[[dict], Any]


@dataclass
class Case:
    """A roller, its small configurations, and how its results are read against its odds."""

    roller: str
    configs: list[dict[str, Any]]
    scale: Reader | None = None  # the value of the odds' ordered count (``echelle``) a result shows
    read: Callable[[dict, dict], str] = labelled  # (result, odds) -> the odds' outcome it is
    faces: Callable[[dict[str, Any], int], Faces] | None = None  # lumped faces (params, end); None: every face
    pools: bool = False  # the dice of one ``Dice.roll`` as multisets
    every_card: Callable[[dict[str, Any]], Callable[[int], bool]] = lambda _params: lambda _index: True
    play: Callable[[str, dict, Dice], dict] = rolled
    laws: Callable[[dict], dict[str, tuple[Reader, Law]]] = lambda _odds: {}  # more of the odds, read from results
    vocabulary: Callable[[], set[str]] | None = None  # every outcome the roller has: its configurations reach each

    def passes(self) -> list[tuple[int, bool]]:
        """(the end of each lumped class, pools descending): low ends ascending, then high ends descending."""
        return [(0, False), (1, True)] if self.faces is not None or self.pools else [(0, False)]


def simon_faces(seuil_of: Callable[[int], int], aide: bool = False, margins: bool = False, end: int = 0) -> Faces:
    """The d20's faces as the chapter tells them apart at the seuil of the ``index``-th die, each class
    given by its lowest (``end`` 0) or highest (``end`` 1) face, weighted by its size."""

    def faces(sides: int, index: int) -> list[tuple[int, Fraction]]:
        assert sides == 20
        s = min(max(seuil_of(index), 2), 20)
        misses = [range(2, s - 5), range(max(2, s - 5), s)] if aide else [range(2, s)]
        hits = [range(v, v + 1) for v in range(s, 20)] if margins else [range(s, 20)]
        classes = [range(1, 2), *misses, *hits, range(20, 21)]
        return [(c[-end], Fraction(len(c), 20)) for c in classes if len(c)]

    return faces


def _simon_seuil(params: dict[str, Any], suffix: str = "") -> int:
    args = get_roller("simon.opposition" if suffix else "simon.jet").parse(params)
    return threshold(args, suffix).seuil


def _confrontation_round_one(roller_id: str, args: dict, dice: Dice) -> dict:
    """The hands dealt, then round 1 played with the suits the odds assume (each one's favourite)."""
    dealt = rolled(roller_id, args, dice)
    odds = get_roller(roller_id).odds(args)
    played = {row[side]: suit for row in odds["oppositions"] for side, suit in zip("ab", row["enseignes"], strict=True)}
    return act(roller_id, "jouer", dealt["etat"], played, seed=1)


def _first_duel(result: dict) -> dict:
    return result["tour_joue"][0]


def _confrontation_read(result: dict, odds: dict) -> str:
    won, lost, tie = odds["exact"]  # « X remporte le tour 1 », « Y remporte le tour 1 », « Statu quo »
    return {"a": won, "b": lost, None: tie}[_first_duel(result)["gagnant"]]


def _confrontation_duels(odds: dict) -> dict[str, tuple[Callable[[dict], Any], dict[Any, Fraction]]]:
    """Each opposition's own odds (``oppositions``) against the winners of its duel."""
    out = {}
    for k, row in enumerate(odds["oppositions"]):
        law = {{"a": "a", "b": "b", "statu_quo": None}[w]: Fraction(p) for w, p in row["exact"].items()}
        out[f"opposition {row['a']}-{row['b']}"] = (lambda r, k=k: r["tour_joue"][k]["gagnant"], law)
    return out


def incompetent(side: str, modifier: int) -> dict[str, Any]:
    """An expertise of 0 at an Incompétent test: the seuil is 16 plus ``modifier``."""
    return {f"expertise_{side}": 0, f"niveau_{side}": "incompetent", f"modificateur_{side}": modifier}


def _simon_one_seuil(params: dict[str, Any], end: int, aide: bool = False) -> Faces:
    seuil = _simon_seuil(params)
    return simon_faces(lambda _index: seuil, aide=aide, end=end)


def _simon_two_seuils(params: dict[str, Any], end: int) -> Faces:
    """An opposition: a's dice are drawn first (five and her heroism dice), then b's; margins count."""
    seuils = {"a": _simon_seuil(params, "_a"), "b": _simon_seuil(params, "_b")}
    a_dice = 5 + params.get("heroisme_a", 0)
    return simon_faces(lambda index: seuils["a" if index < a_dice else "b"], margins=True, end=end)


def _played_piles(params: dict[str, Any]) -> Callable[[int], bool]:
    """The hands are dealt member by member, Bâtons, Écus, Coupes, Dagues: only the first round's suits vary."""
    roller = get_roller("dcda.confrontation")
    odds = roller.odds(roller.parse(params))
    suits = ("batons", "ecus", "coupes", "dagues")
    (row,) = odds["oppositions"]  # one against one: members a1 then b1
    played = {suits.index(row["enseignes"][0]), 4 + suits.index(row["enseignes"][1])}
    return lambda index: index in played


CASES = [
    Case(
        "solaires.action",
        [
            *(
                {"difficulte": d, "elements": [2], "alteration": alteration, "handicap": handicap, "points": d + 1}
                for d, alteration in enumerate(("stable", "adoucie", "amplifiee", "instable"), start=-1)
                for handicap in (False, True)
            ),
            {"intrinseque": "ardue", "interet": "devrait-reussir", "elements": [3, 1], "typique": True},
            {"difficulte": 4, "elements": [2]},  # 6: a success without dice
            {"difficulte": -2, "elements": [1], "alteration": "instable", "handicap": True},  # -1: a failure
        ],
        scale=lambda r: r["conserves"],
        vocabulary=lambda: SOLAIRES_OUTCOMES,
    ),
    Case(
        "solaires.opposition",
        [
            *(
                {"defense": [1], "elements": elements, "alteration": alteration, "handicap": handicap}
                for elements, alteration in zip(
                    ([1], [2], [3], [1]), ("stable", "adoucie", "amplifiee", "instable"), strict=True
                )
                for handicap in (False, True)
            ),
            {"defense": [2, 1], "defense_typique": True, "elements": [3, 2], "typique": True},
        ],
        scale=lambda r: r["conserves"],
        vocabulary=lambda: SOLAIRES_OUTCOMES,
    ),
    Case(
        "solaires.environnement",
        [{"preference": p} for p in ("defaveur", "neutre", "faveur")],
        scale=lambda r: r["conserves"],
        laws=lambda odds: {
            "meme_nature": (
                lambda r: r["meme_nature"],
                {True: Fraction(odds["meme_nature_exacte"]), False: 1 - Fraction(odds["meme_nature_exacte"])},
            )
        },
    ),
    Case("solaires.points", [{}, {"points": 5, "maximum": 7}]),
    Case(
        "feerie.action",
        [
            {"element": 2, "difficulte": 2},
            {"element": 2, "difficulte": 0},  # a margin of exactly 2 at most
            {"element": 1, "pertinence": "specifique", "difficulte": 1, "interet": "reussite"},
            {"element": 0, "pertinence": "typique", "difficulte": 2, "interet": "echec"},
            {"element": 0, "pertinence": "typique", "difficulte": 0},
        ],
        scale=lambda r: r["excedent"],
        vocabulary=lambda: FEERIE_OUTCOMES,
    ),
    Case(
        "feerie.collaboration",
        [
            {"element": 1, "difficulte": 1, "assistants": [1]},
            {"element": 1, "difficulte": 1, "assistants": [3, 1], "un_de_par_assistant": True},
            {"element": 0, "pertinence": "typique", "assistants": [4], "difficulte": 0},
            {"element": 1, "difficulte": 2, "assistants": [], "un_seul_assistant": True},
        ],
        scale=lambda r: r["excedent"],
        vocabulary=lambda: FEERIE_OUTCOMES,
    ),
    Case(
        "feerie.opposition",
        [
            {"des_a": 1, "des_b": 1, "avantage": 1},
            {"des_a": 1, "assistants_a": [1], "des_b": 1, "assistants_b": [3], "un_de_par_assistant": True},
            {"des_a": 0, "des_b": 2},
            {"des_a": 2, "des_b": 0, "avantage": 2, "avantage_camp": "b"},
            {"des_a": 1, "assistants_a": [2], "des_b": 2, "un_seul_assistant": True},
        ],
        scale=lambda r: r["efforts_a"] - r["efforts_b"],
        vocabulary=lambda: {
            "Le camp A l’emporte",
            "Échec mutuel ou blocage (le meneur choisit)",
            "Le camp B l’emporte",
        },
    ),
    Case(
        "simon.jet",
        [
            {"expertise": 2, "niveau": "debutant"},  # seuil 13
            {"expertise": 0, "niveau": "grand-maitre"},  # beyond 20: a 20 only
            {"expertise": 40, "niveau": "incompetent", "modificateur": -10},  # below 2: all but a 1
            {"caracteristique": "normale", "reussites": 1, "heroisme": 1, "points": 5},
            {"expertise": 9, "reussites": 5, "qui": "meneur", "points": 3, "heroisme": 1},
            {"expertise": 5, "niveau": "maitre", "modificateur": 3, "specialisation_absente": True, "reussites": 8},
        ],
        scale=lambda r: r["reussites_obtenues"],
        vocabulary=lambda: {"Réussite", "Échec"},
        faces=lambda p, end: _simon_one_seuil(p, end),
        pools=True,
    ),
    Case(
        "simon.aide",
        [
            {"expertise": 2, "niveau": "debutant"},  # seuil 13: misses 2-7 and 8-12
            {"expertise": 9, "niveau": "connaisseur"},  # seuil 8: misses 2 and 3-7
            {"expertise": 17, "niveau": "amateur", "heroisme": 1, "points": 4},  # seuil 2
            {"expertise": 0, "niveau": "grand-maitre", "modificateur": 2},  # beyond 20
        ],
        read=lambda r, _odds: f"{r['modificateur']:+d}" if r["modificateur"] else "0",
        scale=lambda r: r["modificateur"],
        faces=lambda p, end: _simon_one_seuil(p, end, aide=True),
        pools=True,
    ),
    Case(
        "simon.opposition",
        [
            # expertise 0 at an Incompétent test: seuil 16 + the modifier
            {**incompetent("a", 3), **incompetent("b", 5), "reussites_b": 1},  # seuils 19 and 21
            {**incompetent("a", 4), "reussites_a": 1, **incompetent("b", 3)},  # 20 and 19
            {**incompetent("a", 3), "reussites_a": 1, **incompetent("b", 4), "reussites_b": 2},  # 19 and 20
        ],
        read=lambda r, _odds: SIMON_OPPOSITION[(r["gagnant"], r["etape"])],
        vocabulary=lambda: set(SIMON_OPPOSITION.values()),
        faces=_simon_two_seuils,
        pools=True,
    ),
    Case(
        "dcda.tour",
        [
            {"enseigne_a": "batons", "enseigne_b": "dagues"},
            {},
            {"carte_a": "7-ecus", "enseigne_b": "coupes", "tour": 3, "table": "C4S8Q/C5S/S6Q/Q4M"},
            {"environnement": "b", "forces_b": [20, 20, 20, 20], "enseigne_a": "coupes", "enseigne_b": "coupes"},
            {
                "bonus": [1, 0, -2, 0],
                "bonus_pour": "a",
                "enseigne_a": "ecus",
                "enseigne_b": "coupes",
                "domination": "batons>dagues>coupes>ecus",
            },
        ],
        scale=lambda r: r["totaux"]["a"] - r["totaux"]["b"],
        vocabulary=lambda: {"A remporte le tour", "B remporte le tour", "Statu quo"},
    ),
    Case(
        "dcda.confrontation",
        [
            {"forces_a": [3, 3, 3, 4]},  # A's strongest suit against Nocturne's favourite, Dagues
            {
                "forces_a": [2, 4, 6, 1],
                "predilection_a": "coupes",
                "forces_b": [5, 1, 1, 5],
                "predilection_b": "coupes",
            },
            {"environnement": True, "forces_b": [12, 12, 12, 13], "forces_a": [1, 1, 1, 9]},
            {
                "forces_a": [1, 1, 1, 5],
                "bonus": [0, 2, 0, -1],
                "bonus_pour": "a",
                "domination": "batons>dagues>coupes>ecus",
            },
        ],
        read=_confrontation_read,
        scale=lambda r: _first_duel(r)["totaux"][0] - _first_duel(r)["totaux"][1],
        every_card=_played_piles,
        play=_confrontation_round_one,
        laws=_confrontation_duels,
    ),
]

FEERIE_OUTCOMES = {
    "Réussite avec plusieurs efforts excédentaires",
    "Réussite",
    "Échec par égalité",
    MISSED_TIE,
    "Échec",
    MISSED,
}
SOLAIRES_OUTCOMES = {
    with_handicap(outcome(kept, alteration), handicap)
    for kept in range(4)
    for alteration in ("stable", "adoucie", "amplifiee", "instable")
    for handicap in (False, True)
}

# simon.opposition's outcomes: (winner, the step that decided) -> the odds' label
SIMON_OPPOSITION = {
    ("a", "seul"): "a l’emporte : seul à réussir",
    ("a", "des"): "a l’emporte aux dés en réussite",
    ("a", "niveau"): "a l’emporte au niveau de réussite",
    (None, "meneur"): "Égalité parfaite : le maître de jeu décide",
    ("b", "niveau"): "b l’emporte au niveau de réussite",
    ("b", "des"): "b l’emporte aux dés en réussite",
    ("b", "seul"): "b l’emporte : seul à réussir",
    (None, "aucun"): "Aucun ne réussit : l’action de l’acteur échoue",
}


def test_every_roller_is_enumerated():
    assert [c.roller for c in CASES] == [r.id for r in all_rollers()]


def test_the_configurations_reach_every_outcome():
    """Every outcome a roller names is rolled by one of its small configurations (the boundaries included)."""
    for case in CASES:
        roller = get_roller(case.roller)
        reached = {
            label
            for params in case.configs
            for label, p in roller.odds(roller.parse(params))["exact"].items()
            if Fraction(p)
        }
        if case.vocabulary is not None:
            assert reached == case.vocabulary(), (case.roller, case.vocabulary() - reached)


def _nonzero(law: dict[Any, Fraction]) -> dict[Any, Fraction]:
    return {k: p for k, p in law.items() if p}


@pytest.mark.parametrize(
    ("case", "params"),
    [pytest.param(c, p, id=f"{c.roller}-{n}") for c in CASES for n, p in enumerate(c.configs)],
)
def test_rolls_tally_to_the_odds(case: Case, params: dict[str, Any]):
    roller = get_roller(case.roller)
    odds = roller.odds(roller.parse(params))
    want = _nonzero({label: Fraction(p) for label, p in odds["exact"].items()})
    scale = odds.get("echelle")
    assert (scale is None) == (case.scale is None), "an ordered count (echelle) is read from every result"
    laws = case.laws(odds)
    for end, descending in case.passes():
        outcomes: dict[Any, Fraction] = defaultdict(Fraction)
        counts: dict[Any, Fraction] = defaultdict(Fraction)
        others: dict[str, dict[Any, Fraction]] = {name: defaultdict(Fraction) for name in laws}
        success = Fraction(0)
        for result, weight in enumerated(case, params, end, descending):
            assert result["roller"] == case.roller
            if not want:  # no dice, no odds: nothing is drawn
                assert result["tirage"] == [] and weight == 1
                continue
            outcomes[case.read(result, odds)] += weight
            success += weight if result["reussite"] is True else 0
            if case.scale is not None:
                counts[case.scale(result)] += weight
            for name, (reader, _law) in laws.items():
                others[name][reader(result)] += weight
        if not want:
            assert odds["reussite"] is None
            continue
        assert dict(outcomes) == want, f"pass {end, descending}"
        assert success == Fraction(odds.get("reussite_exacte", 0)), f"pass {end, descending}"
        if scale is not None:
            law = {v: Fraction(p) for v, p in zip(scale["valeurs"], scale["exactement"]["exact"], strict=True)}
            assert dict(counts) == _nonzero(law), f"pass {end, descending}"
        for name, (_reader, law) in laws.items():
            assert dict(others[name]) == _nonzero(law), (name, end, descending)
