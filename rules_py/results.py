"""Small builders for the JSON result of a roll (shape documented in api.py)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

__all__ = ["die", "group", "result", "action_offer"]


def die(value: int | str, faces: int | None, kept: bool | None, mark: str) -> dict[str, Any]:
    """One die or card: its value, its faces (None for a card), kept or not, and a word."""
    return {"valeur": value, "faces": faces, "garde": kept, "marque": mark}


def group(title: str, dice: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    return {"titre": title, "des": list(dice)}


def action_offer(action_id: str, label: str, possible: bool = True, reason: str = "", **extra: Any) -> dict[str, Any]:
    """A follow-up the rules allow after this result (``possible`` false with a French reason)."""
    out: dict[str, Any] = {"id": action_id, "libelle": label, "possible": possible}
    if reason:
        out["raison"] = reason
    out.update(extra)
    return out


def result(
    roller: str,
    params: Mapping[str, Any],
    *,
    resultat: str,
    reussite: bool | None,
    des: Iterable[Mapping[str, Any]],
    calcul: Iterable[str],
    tirage: Iterable[int | str],
    notes: Iterable[str] = (),
    etat: Mapping[str, Any] | None = None,
    actions: Iterable[Mapping[str, Any]] = (),
    **figures: Any,
) -> dict[str, Any]:
    return {
        "roller": roller,
        "parametres": {k: list(v) if isinstance(v, tuple) else v for k, v in params.items()},
        "resultat": resultat,
        "reussite": reussite,
        "des": [g for g in des if g.get("des")],  # no empty dice line
        "calcul": list(calcul),
        "notes": list(notes),
        "tirage": list(tirage),
        "etat": dict(etat) if etat is not None else None,
        "actions": list(actions),
        **figures,
    }
