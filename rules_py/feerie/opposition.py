"""``feerie.opposition``: camp against camp (chapter 001).

Each camp rolls its initiator's dice, its assistants' (half their ordinary
dice, at most 2) and the advantage dice granted to the whole camp: the camp
with more efforts wins; on a tie the meneur chooses between a mutual failure
and a deadlock.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..dice import Dice
from ..params import Choice, Param
from ..results import group, result
from ..roller import Roller, odds_payload, ordered_law
from .efforts import assistant_dice, check_assistants, efforts, marked
from .fields import ONE_DIE, ONE_HELPER, assistants_param
from .odds import difference
from .words import MINION_SCALE, NPC_SCALE, plural

__all__ = ["OPPOSITION"]

Args = dict[str, Any]


def _opposition_check(args: Args) -> None:
    check_assistants(args, "assistants_a")
    check_assistants(args, "assistants_b")


def _side_dice(args: Args, side: str) -> tuple[int, list[int], int]:
    """(initiator dice, assistants' dice, advantage dice) of camp ``side``."""
    one = args["un_de_par_assistant"]
    helpers = [assistant_dice(a, one) for a in args[f"assistants_{side}"]]
    bonus = args["avantage"] if args["avantage_camp"] == side else 0
    return args[f"des_{side}"], helpers, bonus


def _opposition_roll(args: Args, dice: Dice) -> dict[str, Any]:
    groups: list[dict[str, Any]] = []
    calc: list[str] = []
    totals: dict[str, int] = {}
    cap = 1 if args["un_de_par_assistant"] else 2
    for side in ("a", "b"):
        n0, helpers, bonus = _side_dice(args, side)
        r0 = dice.roll(n0, 6, f"Camp {side.upper()} : initiateur")
        rh = [dice.roll(k, 6, f"Camp {side.upper()} : assistant {i}") for i, k in enumerate(helpers, 1)]
        rb = dice.roll(bonus, 6, f"Camp {side.upper()} : dés d’avantage")
        groups.append(group(f"Camp {side.upper()} : initiateur", marked(r0)))
        groups += [group(f"Camp {side.upper()} : assistant {i}", marked(r)) for i, r in enumerate(rh, 1)]
        if bonus:
            groups.append(group(f"Camp {side.upper()} : dés d’avantage", marked(rb)))
        dice_parts = [str(n0)] + [str(k) for k in helpers] + ([str(bonus)] if bonus else [])
        n_total = n0 + sum(helpers) + bonus
        detail = (
            f"Camp {side.upper()} : "
            + (f"{' + '.join(dice_parts)} = " if len(dice_parts) > 1 else "")
            + plural(n_total, "dé")
        )
        if helpers:
            detail += f" (assistants : moitié arrondie au supérieur, au plus {cap})"
        if bonus:
            detail += f" ({plural(bonus, 'dé')} d’avantage)"
        calc.append(detail)
        parts = [efforts(r0)] + [efforts(r) for r in rh] + ([efforts(rb)] if bonus else [])
        totals[side] = sum(parts)
        calc.append(
            f"Efforts du camp {side.upper()} : "
            + (f"{' + '.join(map(str, parts))} = {totals[side]}" if len(parts) > 1 else str(totals[side]))
        )
    a, b = totals["a"], totals["b"]
    if a > b:
        winner, text = "a", "Le camp A l’emporte"
    elif b > a:
        winner, text = "b", "Le camp B l’emporte"
    else:
        winner, text = None, "Échec mutuel ou blocage (le meneur choisit)"
    calc.append(f"{a} {'>' if a > b else ('<' if a < b else '=')} {b}")
    notes = []
    if winner is None:
        notes.append(
            "En cas d’égalité, le meneur décide s’il s’agit d’un échec mutuel ou d’un blocage "
            "de la situation qui demandera de nouvelles actions pour avancer."
        )
    if args["avantage"] and (args["assistants_a"] or args["assistants_b"]):
        notes.append("Le livre prévient : cumuler l’avantage avec la collaboration peut se montrer trop efficace.")
    return result(
        "feerie.opposition",
        args,
        resultat=text,
        reussite=None if winner is None else winner == "a",
        des=groups,
        calcul=calc,
        notes=notes,
        tirage=dice.drawn,
        efforts_a=a,
        efforts_b=b,
        gagnant=winner,
    )


def _opposition_odds(args: Args) -> dict[str, Any]:
    n0, ha, ba = _side_dice(args, "a")
    m0, hb, bb = _side_dice(args, "b")
    n, m = n0 + sum(ha) + ba, m0 + sum(hb) + bb
    law = difference(n, m)
    pa = sum((p for d, p in law.items() if d > 0), Fraction(0))
    pb = sum((p for d, p in law.items() if d < 0), Fraction(0))
    issues = {
        "Le camp A l’emporte": pa,
        "Échec mutuel ou blocage (le meneur choisit)": law[0],
        "Le camp B l’emporte": pb,
    }
    margin = ordered_law("Marge d’efforts (camp A \u2212 camp B)", law, signed=True)
    return odds_payload(issues, pa, des_a=n, des_b=m, echelle=margin)


OPPOSITION = Roller(
    id="feerie.opposition",
    title="Système Féerie : actions en opposition",
    chapter="001",
    summary="Chaque camp lance ses dés, éventuellement avec des assistants et des dés d’avantage : "
    "le camp qui produit le plus d’efforts l’emporte.",
    params=(
        Param(
            "des_a",
            "Dés de l’initiateur du camp A",
            "int",
            default=3,
            minimum=0,
            maximum=10,
            group="Camp A",
            help="Élément + bonus de pertinence de l’initiateur du camp A.",
        ),
        assistants_param("assistants_a", "Dés ordinaires des assistants du camp A", "Camp A"),
        Param(
            "des_b",
            "Dés de l’initiateur du camp B",
            "int",
            default=3,
            minimum=0,
            maximum=10,
            group="Camp B",
            help="Élément + bonus de pertinence, ou pour un PNJ sans fiche l’échelle du livre "
            "(1 à 5), ou pour des sbires l’échelle des sbires (1 à 6).",
            preset_labels=NPC_SCALE + MINION_SCALE,
        ),
        assistants_param("assistants_b", "Dés ordinaires des assistants du camp B", "Camp B"),
        Param(
            "avantage",
            "Dés bonus d’avantage",
            "int",
            default=0,
            minimum=0,
            maximum=2,
            preset_labels=(
                ("0", "0 : aucun avantage"),
                ("1", "1 : un avantage significatif"),
                ("2", "2 : un avantage décisif"),
            ),
            help="Accordés à l’ensemble du camp, non à chacun de ses membres.",
        ),
        Param(
            "avantage_camp",
            "Camp qui a l’avantage",
            "choice",
            default="a",
            choices=(Choice("a", "Camp A"), Choice("b", "Camp B")),
        ),
        ONE_HELPER,
        ONE_DIE,
    ),
    roll=_opposition_roll,
    odds=_opposition_odds,
    check=_opposition_check,
)
