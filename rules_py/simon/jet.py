"""``simon.jet``: a test against the world (chapter 003).

Five d20 (plus the heroism dice added before the roll) against the seuil:
the test succeeds with at least the number of successes asked. Follow-up
``ajouter_de``: a die added after the roll, for two heroism points.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from math import comb
from typing import Any

from ..dice import Dice
from ..errors import RulesError
from ..params import Param
from ..results import action_offer, group, result
from ..roller import Action, Roller, odds_payload, ordered_law
from .fields import HEROISME_HELP, REUSSITES_HELP, character_params
from .heroism import AFTER_COST, BASE_DICE, MAX_ADDED, heroism_notes, points_line, replay_points, state_dice
from .odds import faces
from .seuil import check_character, die_marks, successes, threshold

__all__ = ["JET"]

Args = dict[str, Any]


def _jet_check(args: Args) -> None:
    check_character(args)
    if args["points"] > 2 * args["points_depart"]:
        raise RulesError(
            "points",
            f"Points d'héroïsme (points) : au plus le double des points de départ, "
            f"soit {2 * args['points_depart']}, reçu {args['points']}.",
        )
    if args["heroisme"] > args["points"]:
        raise RulesError(
            "heroisme",
            f"Dés d'héroïsme avant le jet (heroisme) : chaque dé ajouté avant le jet coûte 1 point, "
            f"il n'en reste que {args['points']}, reçu {args['heroisme']}.",
        )


def _jet_result(args: Args, values: list[int], drawn: list[int] | None = None) -> dict[str, Any]:
    """The result of a jet from all its dice; ``drawn``: what this step drew (all of them for a roll)."""
    need = args["reussites"]
    th = threshold(args, reussites=need)
    seuil = th.seuil
    before = args["heroisme"]
    after = len(values) - BASE_DICE - before
    cap = 2 * args["points_depart"]
    ledger = replay_points(args["points"], cap, before, values)
    got = successes(values, seuil)
    success = got >= need
    groups = [group(f"{BASE_DICE} dés", die_marks(values[:BASE_DICE], seuil))]
    if before:
        groups.append(
            group(
                "Dés d'héroïsme ajoutés avant le jet (1 point chacun)",
                die_marks(values[BASE_DICE : BASE_DICE + before], seuil),
            )
        )
    if after:
        groups.append(
            group("Dés ajoutés après le jet (2 points chacun)", die_marks(values[BASE_DICE + before :], seuil))
        )
    calc = list(th.lines)
    calc.append(
        f"Dés en réussite (≥ {seuil} ; un 20 réussit toujours, un 1 échoue toujours) : "
        f"{got} sur {len(values)}, {need} requise{'s' if need > 1 else ''}"
    )
    calc.append(points_line(args["points"], ledger))
    notes = []
    if need < 2:
        notes.append("Lors d'un jet contre le monde, le meneur devrait toujours demander au moins deux réussites.")
    notes += heroism_notes(values, cap)
    added = before + after
    if added >= MAX_ADDED:
        offer = action_offer(
            "ajouter_de",
            "Ajouter un dé (2 points d'héroïsme)",
            False,
            f"Au plus {MAX_ADDED} dés ajoutés en tout, avant et après le jet.",
        )
    elif ledger.points < AFTER_COST:
        offer = action_offer(
            "ajouter_de",
            "Ajouter un dé (2 points d'héroïsme)",
            False,
            f"Il faut {AFTER_COST} points d'héroïsme, il en reste {ledger.points}.",
        )
    else:
        offer = action_offer("ajouter_de", "Ajouter un dé (2 points d'héroïsme)", True, parametres={})
    return result(
        "simon.jet",
        args,
        resultat="Réussite" if success else "Échec",
        reussite=success,
        des=groups,
        calcul=calc,
        notes=notes,
        tirage=list(values) if drawn is None else drawn,
        etat={"parametres": {k: v for k, v in args.items()}, "des": list(values)},
        actions=[offer],
        seuil=seuil,
        notation=th.notation,
        notation_seuil=f"{need}({seuil})",
        expertise=th.expertise,
        niveau_personnage=th.level.label,
        reussites_obtenues=got,
        reussites_requises=need,
        des_ajoutes=added,
        points=ledger.points,
        porte_poisse=ledger.porte_poisse,
    )


def _jet_roll(args: Args, dice: Dice) -> dict[str, Any]:
    return _jet_result(args, dice.roll(BASE_DICE + args["heroisme"], 20))


def _jet_odds(args: Args) -> dict[str, Any]:
    th = threshold(args)
    n, need = BASE_DICE + args["heroisme"], args["reussites"]
    f = faces(th.seuil)
    good = f.ok + 1
    total = 20**n
    counts = [comb(n, j) * good**j * (20 - good) ** (n - j) for j in range(n + 1)]
    p_success = Fraction(sum(counts[need:]), total)
    issues = {"Réussite": p_success, "Échec": 1 - p_success}
    return odds_payload(
        issues,
        p_success,
        seuil=th.seuil,
        des=n,
        reussites_obtenues={str(j): counts[j] / total for j in range(n + 1)},
        au_moins_une_reussite_critique=float(1 - Fraction(19**n, total)),
        au_moins_un_rate_critique=float(1 - Fraction(19**n, total)),
        echelle=ordered_law("Nombre de dés réussis", {j: Fraction(c, total) for j, c in enumerate(counts)}),
    )


def _add_die(state: Mapping[str, Any], _args: Args, dice: Dice) -> dict[str, Any]:
    raw = state.get("parametres")
    if not isinstance(raw, Mapping):
        raise RulesError("etat", "État : les paramètres du jet précédent manquent.")
    args = JET.parse(raw)
    before = args["heroisme"]
    values = state_dice(state.get("des"), before, "du jet précédent")
    if len(values) - BASE_DICE >= MAX_ADDED:
        raise RulesError(
            "heroisme",
            f"Ajouter un dé : au plus {MAX_ADDED} dés ajoutés en tout, avant et après le jet ; "
            f"il y en a déjà {len(values) - BASE_DICE}.",
        )
    ledger = replay_points(args["points"], 2 * args["points_depart"], before, values)
    if ledger.points < AFTER_COST:
        raise RulesError(
            "points",
            f"Ajouter un dé : il faut {AFTER_COST} points d'héroïsme, il en reste {ledger.points}.",
        )
    new = dice.d(20)
    return _jet_result(args, list(values) + [new], [new])


JET = Roller(
    id="simon.jet",
    title="Simon Système : jet contre le monde",
    chapter="003",
    summary="Cinq d20 contre un seuil : chaque dé au moins égal au seuil est une réussite "
    "(un 20 réussit toujours, un 1 échoue toujours) ; il faut le nombre de réussites demandé.",
    params=character_params()
    + (
        Param("reussites", "Réussites demandées", "int", default=3, minimum=1, maximum=8, help=REUSSITES_HELP),
        Param("heroisme", "Dés d'héroïsme avant le jet", "int", default=0, minimum=0, maximum=3, help=HEROISME_HELP),
        Param(
            "points",
            "Points d'héroïsme",
            "int",
            default=20,
            minimum=0,
            maximum=200,
            help="Points avant le jet ; chaque 20 en rapporte un, chaque 1 en coûte un.",
        ),
        Param(
            "points_depart",
            "Points d'héroïsme de départ",
            "int",
            default=20,
            minimum=1,
            maximum=100,
            help="20 d'ordinaire ; on ne peut jamais avoir plus du double.",
        ),
    ),
    roll=_jet_roll,
    odds=_jet_odds,
    check=_jet_check,
    actions=(Action("ajouter_de", "Ajouter un dé après le jet (2 points d'héroïsme)", (), _add_die),),
)
