"""What a roll changes on a sheet, as data: changes applied, re-applied, undone.

A game's effects say what a result changes, as *intents*, one per field:

- ``{"champ": "points", "ecart": -2, ...}``: a difference, applied then kept
  within the rules' bounds (:attr:`~rules_py.sheets.game.GameSheet.bounds`);
- ``{"champ": "fortune", "valeur": 5, ...}``: a new value;
- ``{"champ": "etats", "ajout": {"nom": …, "score": …}, ...}``: a named item added, or
  put in the place of the item of the same name (``"retrait": "Nom"`` takes one away);
  ``"rang": N`` (optional) puts a new item at that place in the list (an undone
  ``retrait`` puts the item back where it was);

each with its French ``libelle`` (the field's label) and ``raison``.
:func:`apply` applies them to a sheet (a copy) and gives the *changes*: the
same intents with where they landed, ``cible`` (the request's key: ``fiche``,
``fiches_b[1]``, ``reserve``), ``fiche_id`` and ``personnage`` (the sheet's id
and name), ``avant`` and ``apres`` (the values before and after, bounds
applied; for a list, the item before and after, null where there was or is
none) and, for a list, ``rang`` (the item's place). The page keeps them: the
journal names the character, undo applies :func:`inverse`, and when another
tab changed the sheet meanwhile, applying the same changes again to the newer
copy gives the same differences there (``ecart`` is re-applied as a
difference, never as the old ``apres``).

:func:`inverse` gives back exactly what was there: a value its ``avant``, an
item replaced the item it replaced (in its place), an item added its removal,
an item removed the same item at its place.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..errors import RulesError
from ..params import shown
from .fields import name_key

__all__ = ["intent", "apply", "inverse", "undoing", "read_changes", "get_path"]

Bounds = Callable[[Mapping[str, Any], str], tuple[int, int]]

_KINDS = ("ecart", "valeur", "ajout", "retrait")
_REASON_MAX = 300
_RANK_MAX = 10_000


def intent(field: Any, label: Any, reason: str, rank: int | None = None, **kind: Any) -> dict[str, Any]:
    """One intended change: ``ecart=``, ``valeur=``, ``ajout=`` or ``retrait=`` (``rank``: a new item's place)."""
    ((name, value),) = kind.items()
    assert name in _KINDS
    out = {"champ": field, "libelle": label, name: value, "raison": reason}
    if rank is not None:
        assert name == "ajout"
        out["rang"] = rank
    return out


def get_path(obj: Mapping[str, Any], path: str) -> Any:
    value: Any = obj
    for part in path.split("."):
        value = value.get(part) if isinstance(value, Mapping) else None
    return value


def _set_path(obj: dict[str, Any], path: str, value: Any) -> None:
    *parents, last = path.split(".")
    for part in parents:
        obj = obj[part]
    obj[last] = value


def apply(
    obj: Mapping[str, Any], intents: Sequence[Mapping[str, Any]], bounds: Bounds, target: str
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """``obj`` after ``intents`` (a new copy) and the changes as they landed."""
    new = copy.deepcopy(dict(obj))
    done = []
    for one in intents:
        path = one["champ"]
        before = copy.deepcopy(get_path(new, path))
        kind = next(k for k in _KINDS if k in one)
        rank: int | None = None
        if kind == "ecart":
            lo, hi = bounds(new, path)
            after: Any = min(max(before + one["ecart"], lo), hi)
            _set_path(new, path, after)
        elif kind == "valeur":
            after = copy.deepcopy(one["valeur"])
            _set_path(new, path, after)
        elif kind == "ajout":  # an item of the same name is replaced in its place; a new one goes at its rank
            items, after = list(before), copy.deepcopy(one["ajout"])
            rank = _rank(items, after["nom"])
            if rank is None:
                wanted = one.get("rang")
                rank = len(items) if wanted is None else min(max(wanted, 0), len(items))
                items.insert(rank, after)
                before = None
            else:
                before, items[rank] = items[rank], after
            _set_path(new, path, items)
        else:
            items, after = list(before), None
            rank = _rank(items, one["retrait"])
            before = items.pop(rank) if rank is not None else None
            _set_path(new, path, items)
        change = {
            "cible": target,
            "fiche_id": obj.get("id"),
            "personnage": obj.get("nom"),
            "champ": path,
            "libelle": one["libelle"],
            "avant": before,
            "apres": after,
            kind: copy.deepcopy(one[kind]),
            "raison": one["raison"],
        }
        if kind in ("ajout", "retrait"):
            change["rang"] = rank
        done.append(change)
    return new, done


def _rank(items: Sequence[Mapping[str, Any]], name: str) -> int | None:
    """The place of the item named ``name`` (names matched as everywhere), or None."""
    key = name_key(name)
    return next((i for i, x in enumerate(items) if name_key(x["nom"]) == key), None)


def inverse(changes: Sequence[Mapping[str, Any]], word: str = "Annulation") -> list[dict[str, Any]]:
    """The intents that undo ``changes`` (last first): each field, each item, back to what it was, where it was
    (``word`` heads each reason: « Annulation », « Veto »).

    The changes may come back from the page (or a state): what is not a change of this machinery gives an
    intent :func:`read_changes` refuses, never an exception.
    """
    out = []
    for c in reversed(changes):
        field, label = c.get("champ"), c.get("libelle", "")
        reason = f"{word} : {c.get('raison', '')}"[:_REASON_MAX]
        before, added = c.get("avant"), c.get("ajout")
        if "ajout" in c and before is not None:  # it replaced an item: that item again, in its place
            out.append(intent(field, label, reason, ajout=before))
        elif "ajout" in c:
            out.append(intent(field, label, reason, retrait=added.get("nom") if isinstance(added, Mapping) else None))
        elif "retrait" in c and before is not None:
            rank = c.get("rang")
            out.append(intent(field, label, reason, rank if isinstance(rank, int) else None, ajout=before))
        elif "retrait" not in c:
            out.append(intent(field, label, reason, valeur=before))
    return out


def undoing(raw: Sequence[Any], field: str = "modifications", word: str = "Annulation") -> list[dict[str, Any]]:
    """The intents that undo changes sent back by the page or a state (to be read by :func:`read_changes`):
    each must be a change as :func:`apply` gave it, with what was there before (``avant``)."""
    for i, one in enumerate(raw):
        if not isinstance(one, Mapping) or "avant" not in one:
            raise RulesError(
                f"{field}[{i}]",
                f"Modification {i + 1} ({field}[{i}]) : une modification faite, avec sa valeur d’avant (avant), "
                f"est attendue pour l’annuler, reçu {shown(one)}.",
            )
    return inverse(raw, word)


def read_changes(
    raw: Any, writable: Mapping[str, tuple[str, tuple[str, ...]]], field: str = "modifications"
) -> list[dict[str, Any]]:
    """Changes sent back by the page (they may be forged): each checked, reduced to its intent.

    ``writable`` maps each field a change may touch to its French label and the kinds
    of change it takes (``ecart``, ``valeur`` for a number; ``ajout``, ``retrait`` for a
    list). The values themselves are checked by reading the whole sheet again after
    they are applied.
    """
    if not isinstance(raw, list) or len(raw) > 50:
        raise RulesError(
            field, f"Modifications ({field}) : une liste d’au plus 50 modifications attendue, reçu {shown(raw)}."
        )
    out = []
    for i, one in enumerate(raw):
        where = f"{field}[{i}]"
        if not isinstance(one, Mapping):
            raise RulesError(where, f"Modification {i + 1} ({where}) : un objet JSON attendu, reçu {shown(one)}.")
        path = one.get("champ")
        if not isinstance(path, str) or path not in writable:
            allowed = ", ".join(writable) or "aucun"
            raise RulesError(
                f"{where}.champ",
                f"Modification {i + 1}, Champ ({where}.champ) : un champ qu’un jet peut changer ({allowed}) "
                f"attendu, reçu {shown(path)}.",
            )
        label, allowed_kinds = writable[path]
        kinds = [k for k in _KINDS if k in one]
        if len(kinds) != 1 or kinds[0] not in allowed_kinds:
            raise RulesError(
                where,
                f"Modification {i + 1} ({where}) : « {label} » change par exactement une clé parmi "
                f"{', '.join(allowed_kinds)}.",
            )
        kind = kinds[0]
        value = one[kind]
        if kind == "ecart" and (isinstance(value, bool) or not isinstance(value, int) or abs(value) > 1000):
            raise RulesError(
                f"{where}.ecart",
                f"Modification {i + 1}, Écart ({where}.ecart) : un entier attendu, reçu {shown(value)}.",
            )
        if kind == "ajout" and not (isinstance(value, Mapping) and isinstance(value.get("nom"), str)):
            raise RulesError(
                f"{where}.ajout",
                f"Modification {i + 1}, Ajout ({where}.ajout) : un objet avec un nom attendu, reçu {shown(value)}.",
            )
        if kind == "retrait" and not isinstance(value, str):
            raise RulesError(
                f"{where}.retrait",
                f"Modification {i + 1}, Retrait ({where}.retrait) : un nom attendu, reçu {shown(value)}.",
            )
        rank = one.get("rang")
        if (
            kind == "ajout"
            and rank is not None
            and (isinstance(rank, bool) or not isinstance(rank, int) or not 0 <= rank <= _RANK_MAX)
        ):
            raise RulesError(
                f"{where}.rang",
                f"Modification {i + 1}, Rang ({where}.rang) : un entier de 0 à {_RANK_MAX} attendu, reçu {shown(rank)}.",
            )
        reason = one.get("raison", "")
        if not isinstance(reason, str) or len(reason) > _REASON_MAX:
            raise RulesError(
                f"{where}.raison",
                f"Modification {i + 1}, Raison ({where}.raison) : un texte d’au plus {_REASON_MAX} caractères attendu.",
            )
        rank = rank if kind == "ajout" else None
        out.append(intent(path, label, reason, rank, **{kind: copy.deepcopy(value)}))
    return out
