"""Where the dice (and cards) come from: live, seeded, or forced.

Live rolls draw from :class:`random.SystemRandom` (``crypto.getRandomValues``
in the browser). A seed makes a roll reproducible; forced values (the book's
dice, a shared link) replay it exactly. Everything drawn is recorded in
:attr:`Dice.drawn`, so any roll can be replayed from its own record.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from .errors import RulesError
from .params import fold, shown

__all__ = ["Dice", "parse_forced"]

_MAX_FORCED = 64


def parse_forced(raw: Any) -> list[int | str] | None:
    """The forced values of ``--dice 4,6,2`` or a JSON list; None for none."""
    if raw is None:
        return None
    if isinstance(raw, str):
        items: list[Any] = [p.strip() for p in raw.split(",")] if raw.strip() else []
    elif isinstance(raw, (list, tuple)):
        items = list(raw)
    else:
        raise RulesError(
            "des",
            f"Dés imposés : une liste de valeurs séparées par des virgules est attendue, reçu {shown(raw)}.",
        )
    if len(items) > _MAX_FORCED:
        raise RulesError("des", f"Dés imposés : au plus {_MAX_FORCED} valeurs, reçu {len(items)}.")
    out: list[int | str] = []
    for item in items:
        if isinstance(item, bool):
            raise RulesError("des", f"Dés imposés : valeur invalide {shown(item)}.")
        if isinstance(item, int):
            out.append(item)
        elif isinstance(item, str) and item.lstrip("+-").isdecimal() and len(item) < 10:
            out.append(int(item))
        elif isinstance(item, str) and 0 < len(item) <= 20:
            out.append(fold(item))
        else:
            raise RulesError("des", f"Dés imposés : valeur invalide {shown(item)}.")
    return out


class Dice:
    """A source of dice and cards for one roll."""

    def __init__(self, forced: Any = None, seed: Any = None) -> None:
        self._forced = parse_forced(forced)
        if self._forced is not None and seed is not None:
            raise RulesError(
                "seed",
                "Graine (seed) : sans effet avec des dés imposés, qui fixent déjà le jet ; "
                "donnez l’un ou l’autre, pas les deux.",
            )
        self._next = 0
        if seed is not None:
            if (
                isinstance(seed, bool)
                or not isinstance(seed, (int, str))
                or not str(seed).lstrip("-").isdecimal()
                or len(str(seed)) > 18
            ):
                raise RulesError("seed", f"Graine (seed) : un entier est attendu, reçu {shown(seed)}.")
            self._rng: random.Random = random.Random(int(seed))
        else:
            self._rng = random.SystemRandom()
        self.drawn: list[int | str] = []
        # forced values ran out: the roll goes on with stand-in draws, only to count
        # how many it needs, and :meth:`finish` refuses it saying so
        self._short = False
        self._dice_used = 0
        self._cards_used = 0

    @property
    def forced(self) -> bool:
        return self._forced is not None

    @property
    def short(self) -> bool:
        """The forced values ran out: the draws since are stand-ins, refused by :meth:`finish`."""
        return self._short

    @property
    def given(self) -> int:
        """How many values were forced (0 when none)."""
        return len(self._forced or ())

    def _take(self) -> int | str | None:
        if self._forced is None:
            return None
        if self._next >= len(self._forced):
            if not self._short:
                self._short = True
                self._rng = random.Random(0)  # stand-ins: the roll is refused in finish()
            self._next += 1
            return None
        value = self._forced[self._next]
        self._next += 1
        return value

    def d(self, sides: int) -> int:
        """One die with ``sides`` faces."""
        value = self._take()
        self._dice_used += 1
        if value is None:
            value = self._rng.randint(1, sides)
        elif not isinstance(value, int) or not 1 <= value <= sides:
            raise RulesError("des", f"Dés imposés : un d{sides} donne de 1 à {sides}, reçu {shown(value)}.")
        self.drawn.append(value)
        return value

    def roll(self, count: int, sides: int) -> list[int]:
        return [self.d(sides) for _ in range(count)]

    def pick(self, deck: Sequence[str], what: str = "carte") -> str:
        """One card among ``deck`` (forced by its name, e.g. ``7-dagues``)."""
        value = self._take()
        self._cards_used += 1
        if value is None:
            value = self._rng.choice(list(deck))
        elif str(value) not in deck:
            raise RulesError("des", f"Cartes imposées : {shown(value)} n’est pas une {what} possible ici.")
        value = str(value)
        self.drawn.append(value)
        return value

    def needed(self) -> str:
        """What this roll drew, in French: « 3 dés », « 2 cartes », « 1 carte et 3 dés »."""
        parts = []
        if self._cards_used:
            parts.append(f"{self._cards_used} carte{'s' if self._cards_used > 1 else ''}")
        if self._dice_used or not parts:
            parts.append(f"{self._dice_used} dé{'s' if self._dice_used > 1 else ''}")
        return " et ".join(parts)

    def finish(self) -> None:
        """Refuse forced values that the roll did not use, or too few of them, saying how many it needs."""
        if self._forced is None:
            return
        if self._short or self._next < len(self._forced):
            got = len(self._forced)
            cards_only = self._cards_used and not self._dice_used
            what = "Cartes imposées" if cards_only else "Dés imposés"
            verb = "ce tirage demande" if cards_only else "ce jet demande"
            if not self._cards_used and not self._dice_used:
                raise RulesError("des", f"Dés imposés : ce jet ne lance aucun dé (reçu {got}).")
            raise RulesError("des", f"{what} : {verb} {self.needed()} (reçu {got}).")
