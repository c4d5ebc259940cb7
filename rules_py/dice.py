"""Where the dice (and cards) come from: live, seeded, or forced.

Live rolls draw from :class:`random.SystemRandom` (``crypto.getRandomValues``
in the browser). A seed makes a roll reproducible; forced values (the book's
dice, a shared link, the faces a reader entered from her own dice) replay it
exactly. Everything drawn is recorded in :attr:`Dice.drawn`, so any roll can
be replayed from its own record, and what each draw asked for (a die of how
many faces, whose; a card among which) in :attr:`Dice.asked`: a
:class:`Probe` plays a roll with the values entered so far to tell what it
draws (the page's « Entrer mes dés »).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from .errors import RulesError
from .params import fold, shown

__all__ = ["Dice", "Probe", "parse_forced", "source"]

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
        # what each draw asked for, in order: {"type": "de", "faces", "groupe"} | {"type": "carte", "libelle", "permises"}
        self.asked: list[dict[str, Any]] = []

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

    def d(self, sides: int, group: str = "") -> int:
        """One die with ``sides`` faces; ``group``: whose it is, as the result's dice line says it (« Dés du meneur »)."""
        value = self._take()
        self._dice_used += 1
        self.asked.append({"type": "de", "faces": sides, "groupe": group or "Dés"})
        if value is None:
            value = self._rng.randint(1, sides)
        elif not isinstance(value, int) or not 1 <= value <= sides:
            raise RulesError(
                "des", f"Dés imposés : {self._die_name()} est un d{sides}, de 1 à {sides} ; reçu {shown(value)}."
            )
        self.drawn.append(value)
        return value

    def roll(self, count: int, sides: int, group: str = "") -> list[int]:
        return [self.d(sides, group) for _ in range(count)]

    def _die_name(self, index: int | None = None) -> str:
        """The die asked for at ``index`` (the last one by default), in French: « le dé 5 (dés du meneur) »."""
        asked = self.asked[-1 if index is None else index]
        rank = sum(1 for a in self.asked[: (len(self.asked) if index is None else index + 1)] if a["type"] == "de")
        group = asked["groupe"]
        return f"le dé {rank}" + (f" ({group[0].lower()}{group[1:]})" if group != "Dés" else "")

    def pick(self, deck: Sequence[str], what: str = "carte", label: str = "", names: Sequence[str] = ()) -> str:
        """One card among ``deck`` (forced by its name, e.g. ``7-dagues``); ``label`` names the draw (« la carte de
        A »), ``names`` the cards it may give as the record writes them (``deck`` by default)."""
        value = self._take()
        self._cards_used += 1
        self.asked.append({"type": "carte", "libelle": label or f"la {what}", "permises": list(names or deck)})
        if value is None:
            value = self._rng.choice(list(deck))
        elif str(value) not in deck:
            raise RulesError("des", f"Cartes imposées : {shown(value)} n’est pas une {what} possible ici.")
        value = str(value)
        self.drawn.append(value)
        return value

    def last_given(self) -> int | str | None:
        """The forced value the last draw took (None: no forced value, or a stand-in)."""
        if self._forced is None or not 0 < self._next <= len(self._forced):
            return None
        return self._forced[self._next - 1]

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
            missing = ""
            if self._short and self.asked[got]["type"] == "de":
                missing = f" ; il manque {self._die_name(got)}"
            raise RulesError("des", f"{what} : {verb} {self.needed()} (reçu {got}){missing}.")


def source(dice: Any = None, seed: Any = None) -> Dice:
    """The dice of one roll: ``dice`` itself when it is already a source (a :class:`Probe`), else forced values."""
    return dice if isinstance(dice, Dice) else Dice(dice, seed)


class Probe(Dice):
    """A roll played with the values entered so far, to tell what it draws (``op: "draws"``, rules_py/api.py).

    The values given are checked as any forced value is (a 7 on a d6, a card out of the deck: one French
    sentence); the draws after them get stand-ins, never refused, so that the roll runs to its end and
    :attr:`asked` lists every draw it makes. The draw right after the values given is exactly what the roll
    asks now (a card among the cards left, given the cards entered); those after it are counted with
    stand-ins before them (their cards may change as the values are entered: ask again after each)."""

    def __init__(self, given: Any = None) -> None:
        super().__init__([] if given is None else given)

    @property
    def short(self) -> bool:
        return False  # a stand-in is no missing value here (rules_py/dcda/cards.py ``draw`` asks)

    def finish(self) -> None:
        """Only values beyond what the roll draws are refused."""
        if not self._short and self._next < len(self._forced or ()):
            super().finish()

    def report(self) -> dict[str, Any]:
        """The draws of the roll in order, how many values were given, and whether they are all there."""
        return {"tirages": self.asked, "donnes": self.given, "complet": self.given == len(self.asked)}
