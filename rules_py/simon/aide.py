"""``simon.aide``: helping a companion (chapter 003).

The helper rolls five d20 before the main actor: each success lowers the
actor's seuil by 1, each critical success by 2; each failure by more than 5
raises it by 1, each critical failure by 2. A helper's roll is a roll like
any other (« A chaque jet de dés, le joueur … peut décider d’utiliser des
points de dés d’héroïsme »): dice added before it (1 point each) and after it
(follow-up ``ajouter_de``, 2 points) count in the modifier like the others,
and the helper's 20s and 1s move her heroism and the meneur's porte-poisse.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from ..dice import Dice
from ..results import die, group, result
from ..roller import Action, Roller, odds_payload, ordered_law
from .fields import character_params
from .heroism import BASE_DICE, Side, added_word, check_pool, heroism_notes, pool_of, pool_params, replay
from .jet import add_die_offer, check_add, points_line, read_state
from .seuil import check_character, specialisation_notes, threshold
from .words import AIDE_WORDS, signed

__all__ = ["AIDE"]

Args = dict[str, Any]


def _aide_check(args: Args) -> None:
    check_character(args)
    check_pool(args)


def _aide_effect(value: int, seuil: int) -> int:
    if value == 1:
        return 2
    if value == 20:
        return -2
    if value >= seuil:
        return -1
    return 1 if seuil - value > 5 else 0


def _marks(values: list[int], seuil: int) -> list[dict[str, Any]]:
    out = []
    for v in values:
        e = _aide_effect(v, seuil)
        out.append(die(v, 20, e < 0, f"{AIDE_WORDS[e]} ({e:+d})" if e else "raté (sans effet)"))
    return out


def _aide_result(args: Args, values: list[int], drawn: list[int] | None = None) -> dict[str, Any]:
    th = threshold(args)
    seuil = th.seuil
    before = args["heroisme"]
    pool = pool_of(args)
    side = Side(pool, before, values)
    ledger = replay({"": side})[0][""]
    effects = [_aide_effect(v, seuil) for v in values]
    total = sum(effects)
    groups = [group("Dés de l’aide", _marks(values[:BASE_DICE], seuil))]
    if before:
        groups.append(
            group(
                f"{added_word(pool.who)} ajoutés avant le jet (1 point chacun)",
                _marks(values[BASE_DICE : BASE_DICE + before], seuil),
            )
        )
    if len(values) > BASE_DICE + before:
        groups.append(group("Dés ajoutés après le jet (2 points chacun)", _marks(values[BASE_DICE + before :], seuil)))
    shown_effects = "".join(signed(e) for e in effects if e)
    calc = list(th.lines)
    calc.append(points_line(pool, ledger.lines))
    calc.append(f"Modificateur pour l’acteur principal : {shown_effects or '0'} = {signed(total)}")
    notes = ["Le modificateur s’ajoute au seuil de l’acteur principal ; plusieurs aides s’additionnent."]
    if len(values) > BASE_DICE:
        notes.append("Les dés ajoutés par l’aide comptent dans le modificateur comme les autres.")
    notes += specialisation_notes(args) + heroism_notes(side)
    return result(
        "simon.aide",
        args,
        resultat=f"Modificateur {signed(total)} au seuil de l’acteur principal",
        reussite=None,
        des=groups,
        calcul=calc,
        notes=notes,
        tirage=list(values) if drawn is None else drawn,
        etat={"parametres": dict(args), "des": list(values)},
        actions=[add_die_offer(pool, ledger.points, len(values) - BASE_DICE, parametres={})],
        seuil=seuil,
        modificateur=total,
        effets=effects,
        des_ajoutes=len(values) - BASE_DICE,
        qui=pool.who,
        points=ledger.points,
        porte_poisse=ledger.porte_poisse,
    )


def _aide_roll(args: Args, dice: Dice) -> dict[str, Any]:
    return _aide_result(args, dice.roll(BASE_DICE + args["heroisme"], 20, "Dés de l’aide"))


def _aide_odds(args: Args) -> dict[str, Any]:
    seuil = threshold(args).seuil
    n = BASE_DICE + args["heroisme"]
    per_face: dict[int, int] = {}
    for v in range(1, 21):
        e = _aide_effect(v, seuil)
        per_face[e] = per_face.get(e, 0) + 1
    law = {0: 1}
    for _ in range(n):
        nxt: dict[int, int] = {}
        for s, w in law.items():
            for e, k in per_face.items():
                nxt[s + e] = nxt.get(s + e, 0) + w * k
        law = nxt
    total = 20**n
    issues = {f"{m:+d}" if m else "0": Fraction(law[m], total) for m in sorted(law)}  # labels the page reads
    mean = Fraction(sum(m * w for m, w in law.items()), total)
    return odds_payload(
        issues,
        None,
        seuil=seuil,
        des=n,
        esperance=float(mean),
        esperance_exacte=f"{mean.numerator}/{mean.denominator}",
        echelle=ordered_law(
            "Modificateur au seuil de l’acteur principal", {m: Fraction(w, total) for m, w in law.items()}, signed=True
        ),
        notes=specialisation_notes(args),
    )


def _add_die(state: Mapping[str, Any], _args: Args, dice: Dice) -> dict[str, Any]:
    args, values = read_state(AIDE, state)
    check_add(args, values)
    new = dice.d(20, "Dé ajouté après le jet de l’aide")
    return _aide_result(args, values + [new], [new])


AIDE = Roller(
    id="simon.aide",
    title="Simon Système : aider ses camarades",
    chapter="003",
    summary="L’aide lance cinq d20 avant l’acteur principal : chaque réussite baisse son seuil de 1, "
    "chaque réussite critique de 2, chaque raté de plus de 5 le monte de 1, chaque raté critique de 2.",
    params=character_params() + pool_params(),
    roll=_aide_roll,
    odds=_aide_odds,
    check=_aide_check,
    actions=(
        Action("ajouter_de", "Ajouter un dé après le jet (2 points d’héroïsme ou de porte-poisse)", (), _add_die),
    ),
)
