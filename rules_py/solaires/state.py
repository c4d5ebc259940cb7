"""Solaires: reading back a state a client sent with a follow-up (it may be forged).

Every value is checked again; a wrong one is refused in French, naming the
field by its label, and the reader is asked to roll again from the form.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import RulesError
from ..params import shown

__all__ = ["forged", "state_int", "state_bool", "state_ints"]


def forged(what: str) -> RulesError:
    return RulesError("etat", f"État (etat) : {what} ; relancez les dés depuis le formulaire.")


_STATE_LABELS = {
    "difficulte": "Difficulté",
    "elements": "Scores des éléments",
    "typique": "Action typique du premier élément",
    "handicap": "Un élément est un handicap",
    "alteration": "Altération",
    "defense": "Éléments du défenseur",
    "des": "Dés",
    "points": "Points de personnage",
    "maximum": "Maximum de points",
    "score": "Score à battre",
}


def state_int(state: Mapping[str, Any], key: str, lo: int, hi: int) -> int:
    value = state.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise forged(f"« {_STATE_LABELS[key]} » doit être un entier de {lo} à {hi}, reçu {shown(value)}")
    return value


def state_bool(state: Mapping[str, Any], key: str) -> bool:
    value = state.get(key)
    if not isinstance(value, bool):
        raise forged(f"« {_STATE_LABELS[key]} » doit valoir true ou false, reçu {shown(value)}")
    return value


def state_ints(state: Mapping[str, Any], key: str, sizes: tuple[int, ...], lo: int, hi: int) -> tuple[int, ...]:
    value = state.get(key)
    if (
        not isinstance(value, (list, tuple))
        or len(value) not in sizes
        or any(isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi for v in value)
    ):
        sizes_text = " ou ".join(map(str, sizes))
        raise forged(
            f"« {_STATE_LABELS[key]} » doit être une liste de {sizes_text} entiers de {lo} à {hi}, reçu {shown(value)}"
        )
    return tuple(value)
