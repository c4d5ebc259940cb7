"""``solaires.points``: the character-point tracker (002, « Points de personnage »), without dice.

Two points at creation; a point back at the end of a scene, never above the
maximum; at the end of an episode the maximum grows by one and two points
come back; the book's uses cost their price, each open to everyone's veto.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..dice import Dice
from ..errors import RulesError
from ..params import Choice, Param, describe_params
from ..results import action_offer, result
from ..roller import Action, Roller, odds_payload
from .state import forged, state_int
from .words import CHEAPEST, USE_COSTS, USE_LABELS, USES, cost_text

__all__ = ["POINTS"]

Args = dict[str, Any]


def _points_state(state: Mapping[str, Any]) -> tuple[int, int]:
    points, maximum = state_int(state, "points", 0, 99), state_int(state, "maximum", 2, 99)
    if points > maximum:
        raise forged(f"les points ({points}) dépassent le maximum ({maximum})")
    return points, maximum


def _points_check(args: Args) -> None:
    if args["points"] > args["maximum"]:
        raise RulesError(
            "points",
            f"Points de personnage (points) : au plus le maximum de points, soit {args['maximum']}, "
            f"reçu {args['points']}.",
        )


def _points_report(points: int, maximum: int, calcul: list[str], notes: list[str] | None = None) -> dict[str, Any]:
    scene_ok = points < maximum
    episode_ok = maximum < 99
    cheapest = min(cost for _, _, cost in USES)
    uses = [
        {"valeur": value, "libelle": label, "cout_min": cost, "possible": cost <= points} for value, label, cost in USES
    ]
    actions = [
        action_offer(
            "fin_scene",
            "Fin de scène : récupérer un point",
            scene_ok,
            "" if scene_ok else f"Déjà au maximum ({maximum}) : une récupération ne le dépasse jamais.",
            parametres=[],
        ),
        action_offer(
            "fin_episode",
            "Fin d'épisode : maximum +1 et récupérer deux points",
            episode_ok,
            "" if episode_ok else "Ce suivi s'arrête à un maximum de 99 points.",
            parametres=[],
        ),
        action_offer(
            "depenser",
            "Dépenser des points",
            points >= cheapest,
            "" if points >= cheapest else "Plus aucun point de personnage à dépenser.",
            parametres=describe_params(_SPEND_PARAMS),
            utilisations=uses,
        ),
    ]
    return result(
        "solaires.points",
        {"points": points, "maximum": maximum},
        resultat=f"{points} point{'s' if points > 1 else ''} de personnage (maximum {maximum})",
        reussite=None,
        des=[],
        calcul=calcul,
        notes=notes or [],
        tirage=[],
        etat={"points": points, "maximum": maximum},
        actions=actions,
        points=points,
        maximum=maximum,
    )


def _points_roll(args: Args, dice: Dice) -> dict[str, Any]:
    points, maximum = args["points"], args["maximum"]
    return _points_report(points, maximum, [f"Points de personnage : {points} (maximum {maximum})"])


def _points_odds(args: Args) -> dict[str, Any]:
    return odds_payload(
        {}, None, notes=["Pas de dés ici : le suivi des points de personnage n'a pas de chances à calculer."]
    )


def _end_of_scene(state: Mapping[str, Any], args: Args, dice: Dice) -> dict[str, Any]:
    points, maximum = _points_state(state)
    if points >= maximum:
        raise RulesError(
            "action",
            f"Fin de scène : déjà au maximum ({maximum}), une récupération ne le dépasse jamais.",
        )
    return _points_report(points + 1, maximum, [f"Fin de scène : {points} + 1 = {points + 1}"])


def _end_of_episode(state: Mapping[str, Any], args: Args, dice: Dice) -> dict[str, Any]:
    points, maximum = _points_state(state)
    if maximum >= 99:
        raise RulesError("maximum", "Maximum de points (maximum) : ce suivi s'arrête à 99 points de personnage.")
    new_max = maximum + 1
    new = max(points, min(points + 2, new_max))
    lines = [f"Fin d'épisode : maximum {maximum} + 1 = {new_max}", f"Points : {points} + 2 = {points + 2}"]
    if new != points + 2:
        lines[-1] += f", plafonné au maximum : {new}"
    return _points_report(new, new_max, lines)


def _spend(state: Mapping[str, Any], args: Args, dice: Dice) -> dict[str, Any]:
    points, maximum = _points_state(state)
    use = args["utilisation"]
    label, minimum = USE_LABELS[use], USE_COSTS[use]
    cost = minimum if args["cout"] is None else args["cout"]
    if points < CHEAPEST:
        raise RulesError("utilisation", "Utilisation (utilisation) : plus aucun point de personnage à dépenser.")
    if cost < minimum:
        raise RulesError(
            "cout",
            f"Coût (cout) : « {label} » coûte au moins {minimum} point{'s' if minimum > 1 else ''}, reçu {cost}.",
        )
    if cost > points:
        field = "utilisation" if args["cout"] is None else "cout"
        raise RulesError(
            field,
            f"{'Utilisation (utilisation)' if field == 'utilisation' else 'Coût (cout)'} : « {label} » coûte "
            f"{cost} point{'s' if cost > 1 else ''}, il n'en reste que {points}.",
        )
    notes = [
        "Chaque participant, meneur comme joueurs, a un droit de veto sur cette utilisation (002, « Coût et veto »)."
    ]
    if use == "description-consequences":
        notes.append("En cas de veto, le joueur récupère son point (000 et 002, « Conséquences de l'action »).")
    if use == "relancer-de":
        notes.append(
            "Pour relancer un dé d'une action, utilisez plutôt « Relancer un dé » sous le résultat de l'action."
        )
    return _points_report(
        points - cost,
        maximum,
        [f"{label} : {points} - {cost} = {points - cost}"],
        notes,
    )


_SPEND_PARAMS = (
    Param(
        "utilisation",
        "Utilisation",
        "choice",
        required=True,
        choices=tuple(Choice(value, f"{label} ({cost_text(value, cost)})", cost) for value, label, cost in USES),
    ),
    Param(
        "cout",
        "Coût",
        "int",
        minimum=1,
        maximum=99,
        help="Vide : le coût minimum du livre ; le meneur peut l'augmenter (002, « Coût et veto »).",
    ),
)


POINTS = Roller(
    id="solaires.points",
    title="Solaires : points de personnage",
    chapter="002",
    summary=(
        "Suivi des points de personnage : deux au départ, un de plus à chaque fin de scène sans dépasser le maximum, "
        "maximum +1 et deux points à chaque fin d'épisode, et les dépenses du livre."
    ),
    params=(
        Param("points", "Points de personnage", "int", default=2, minimum=0, maximum=99),
        Param(
            "maximum",
            "Maximum de points",
            "int",
            default=2,
            minimum=2,
            maximum=99,
            help="Deux à la création, +1 à chaque fin d'épisode (002).",
        ),
    ),
    roll=_points_roll,
    odds=_points_odds,
    check=_points_check,
    actions=(
        Action("fin_scene", "Fin de scène : récupérer un point", (), _end_of_scene),
        Action("fin_episode", "Fin d'épisode : maximum +1 et deux points", (), _end_of_episode),
        Action("depenser", "Dépenser des points de personnage", _SPEND_PARAMS, _spend),
    ),
)
