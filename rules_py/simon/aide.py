"""``simon.aide``: helping a companion (chapter 003).

The helper rolls five d20 before the main actor: each success lowers the
actor's seuil by 1, each critical success by 2; each failure by more than 5
raises it by 1, each critical failure by 2.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..dice import Dice
from ..results import die, group, result
from ..roller import Roller, odds_payload, ordered_law
from .fields import character_params
from .heroism import BASE_DICE
from .seuil import check_character, threshold
from .words import AIDE_WORDS, signed

__all__ = ["AIDE"]

Args = dict[str, Any]


def _aide_effect(value: int, seuil: int) -> int:
    if value == 1:
        return 2
    if value == 20:
        return -2
    if value >= seuil:
        return -1
    return 1 if seuil - value > 5 else 0


def _aide_roll(args: Args, dice: Dice) -> dict[str, Any]:
    th = threshold(args)
    seuil = th.seuil
    values = dice.roll(BASE_DICE, 20)
    effects = [_aide_effect(v, seuil) for v in values]
    total = sum(effects)
    marks = [
        die(v, 20, e < 0, f"{AIDE_WORDS[e]} ({e:+d})" if e else "raté (sans effet)")
        for v, e in zip(values, effects, strict=True)
    ]
    shown_effects = "".join(f"{e:+d}" for e in effects if e)
    calc = list(th.lines)
    calc.append(f"Modificateur pour l'acteur principal : {shown_effects or '0'} = {signed(total)}")
    notes = ["Le modificateur s'ajoute au seuil de l'acteur principal ; plusieurs aides s'additionnent."]
    if 20 in values or 1 in values:
        notes.append(
            "Les réussites et ratés critiques de l'aide comptent aussi pour ses points d'héroïsme "
            "et les points de porte-poisse du meneur."
        )
    return result(
        "simon.aide",
        args,
        resultat=f"Modificateur {signed(total)} au seuil de l'acteur principal",
        reussite=None,
        des=[group("Dés de l'aide", marks)],
        calcul=calc,
        notes=notes,
        tirage=values,
        seuil=seuil,
        modificateur=total,
        effets=effects,
    )


def _aide_odds(args: Args) -> dict[str, Any]:
    seuil = threshold(args).seuil
    per_face: dict[int, int] = {}
    for v in range(1, 21):
        e = _aide_effect(v, seuil)
        per_face[e] = per_face.get(e, 0) + 1
    law = {0: 1}
    for _ in range(BASE_DICE):
        nxt: dict[int, int] = {}
        for s, w in law.items():
            for e, k in per_face.items():
                nxt[s + e] = nxt.get(s + e, 0) + w * k
        law = nxt
    total = 20**BASE_DICE
    issues = {signed(m): Fraction(law[m], total) for m in sorted(law)}
    mean = Fraction(sum(m * w for m, w in law.items()), total)
    return odds_payload(
        issues,
        None,
        seuil=seuil,
        esperance=float(mean),
        esperance_exacte=f"{mean.numerator}/{mean.denominator}",
        echelle=ordered_law(
            "Modificateur au seuil de l'acteur principal", {m: Fraction(w, total) for m, w in law.items()}, signed=True
        ),
    )


AIDE = Roller(
    id="simon.aide",
    title="Simon Système : aider ses camarades",
    chapter="003",
    summary="L'aide lance cinq d20 avant l'acteur principal : chaque réussite baisse son seuil de 1, "
    "chaque réussite critique de 2, chaque raté de plus de 5 le monte de 1, chaque raté critique de 2.",
    params=character_params(),
    roll=_aide_roll,
    odds=_aide_odds,
    check=check_character,
)
