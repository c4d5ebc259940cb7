"""What a roll changes on a sheet, as data: changes applied, re-applied, undone.

A game's effects say what a result changes, as *intents*, one per field:

- ``{"champ": "points", "ecart": -2, ...}``: a difference, applied then kept
  within the rules' bounds (:attr:`~rules_py.sheets.game.GameSheet.bounds`);
- ``{"champ": "fortune", "valeur": 5, ...}``: a new value;
- ``{"champ": "etats", "ajout": {"nom": …, "score": …}, ...}``: a named item added
  (``"retrait": "Nom"`` takes one away, to undo it);

each with its French ``libelle`` (the field's label) and ``raison``.
:func:`apply` applies them to a sheet (a copy) and gives the *changes*: the
same intents with where they landed, ``cible`` (the request's key: ``fiche``,
``fiches_b[1]``, ``reserve``), ``fiche_id`` and ``personnage`` (the sheet's id
and name), ``avant`` and ``apres`` (the values before and after, bounds
applied). The page keeps them: the journal names the character, undo applies
:func:`inverse`, and when another tab changed the sheet meanwhile, applying
the same changes again to the newer copy gives the same differences there
(``ecart`` is re-applied as a difference, never as the old ``apres``).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..errors import RulesError
from ..params import shown
from .fields import name_key

__all__ = ["intent", "apply", "inverse", "read_changes", "get_path"]

Bounds = Callable[[Mapping[str, Any], str], tuple[int, int]]

_KINDS = ("ecart", "valeur", "ajout", "retrait")
_REASON_MAX = 300


def intent(field: str, label: str, reason: str, **kind: Any) -> dict[str, Any]:
    """One intended change: ``ecart=``, ``valeur=``, ``ajout=`` or ``retrait=``."""
    ((name, value),) = kind.items()
    assert name in _KINDS
    return {"champ": field, "libelle": label, name: value, "raison": reason}


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
        if kind == "ecart":
            lo, hi = bounds(new, path)
            after: Any = min(max(before + one["ecart"], lo), hi)
            _set_path(new, path, after)
        elif kind == "valeur":
            after = copy.deepcopy(one["valeur"])
            _set_path(new, path, after)
        elif kind == "ajout":
            item = copy.deepcopy(one["ajout"])
            items = [x for x in before if name_key(x["nom"]) != name_key(item["nom"])]
            _set_path(new, path, [*items, item])
            before, after = None, item
        else:
            gone = [x for x in before if name_key(x["nom"]) == name_key(one["retrait"])]
            _set_path(new, path, [x for x in before if name_key(x["nom"]) != name_key(one["retrait"])])
            before, after = (gone[0] if gone else None), None
        done.append(
            {
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
        )
    return new, done


def inverse(changes: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The intents that undo ``changes`` (last first): each field back to its value before."""
    out = []
    for c in reversed(changes):
        reason = f"Annulation : {c['raison']}"
        if "ajout" in c:
            out.append(intent(c["champ"], c["libelle"], reason, retrait=c["ajout"]["nom"]))
        elif "retrait" in c and c.get("avant") is not None:
            out.append(intent(c["champ"], c["libelle"], reason, ajout=c["avant"]))
        elif "retrait" not in c:
            out.append(intent(c["champ"], c["libelle"], reason, valeur=c["avant"]))
    return out


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
        reason = one.get("raison", "")
        if not isinstance(reason, str) or len(reason) > _REASON_MAX:
            raise RulesError(
                f"{where}.raison",
                f"Modification {i + 1}, Raison ({where}.raison) : un texte d’au plus {_REASON_MAX} caractères attendu.",
            )
        out.append(intent(path, label, reason, **{kind: copy.deepcopy(value)}))
    return out
