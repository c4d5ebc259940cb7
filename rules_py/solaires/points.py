"""``solaires.points``: the character-point tracker (002, « Points de personnage »), without dice.

Two points at creation; a point back at the end of a scene, never above the
maximum; at the end of an episode the maximum grows by one and two points
come back; the book's uses cost their price, one or two more when the use
alters the character (``alteration_personnage``: only a link, a creation of
a scenario element and a flashback allow it), and each is open to everyone's
veto: the follow-up ``veto``, right after a use, gives its points back, once
(« le joueur récupère son point si un veto est utilisé »).
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
from .words import ALTERING_USES, CHEAPEST, USE_COSTS, USE_LABELS, USES, VETO_NOTE, VETO_QUOTE, cost_text

__all__ = ["POINTS"]

Args = dict[str, Any]


def _points_state(state: Mapping[str, Any]) -> tuple[int, int]:
    points, maximum = state_int(state, "points", 0, 99), state_int(state, "maximum", 2, 99)
    if points > maximum:
        raise forged(f"les points ({points}) dépassent le maximum ({maximum})")
    return points, maximum


def _last_use(state: Mapping[str, Any], points: int, maximum: int) -> dict[str, Any] | None:
    """The use just made, that a veto may still undo (checked: its points given back stay within the maximum)."""
    last = state.get("veto")
    if last is None:
        return None
    use = last.get("utilisation") if isinstance(last, Mapping) else None
    if not isinstance(use, str) or use not in USE_LABELS:
        raise forged("« Veto » doit nommer une utilisation du livre")
    cost = state_int(last, "cout", USE_COSTS[use], 99)
    if points + cost > maximum:
        raise forged(f"rendre {cost} points dépasserait le maximum ({maximum})")
    return {"utilisation": use, "cout": cost}


def _points_check(args: Args) -> None:
    if args["points"] > args["maximum"]:
        raise RulesError(
            "points",
            f"Points de personnage (points) : au plus le maximum de points, soit {args['maximum']}, "
            f"reçu {args['points']}.",
        )


def _points_report(
    points: int,
    maximum: int,
    calcul: list[str],
    notes: list[str] | None = None,
    last: dict[str, Any] | None = None,
    **figures: Any,
) -> dict[str, Any]:
    """The tracker after a step; ``last``: the use just made (``utilisation``, ``cout``), open to a veto."""
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
            "Fin d’épisode : maximum +1 et récupérer deux points",
            episode_ok,
            "" if episode_ok else "Ce suivi s’arrête à un maximum de 99 points.",
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
        veto_offer(f"« {USE_LABELS[last['utilisation']]} »", last["cout"]) if last else veto_offer(None, None),
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
        etat={"points": points, "maximum": maximum, **({"veto": last} if last else {})},
        actions=actions,
        points=points,
        maximum=maximum,
        **figures,
    )


def veto_offer(what: str | None, cost: int | None) -> dict[str, Any]:
    """The follow-up « Veto » after a use of character points (or a reroll): possible once, right after it."""
    if what is None or cost is None:
        return action_offer(
            "veto",
            "Veto : annuler la dernière utilisation",
            False,
            "Aucune utilisation à annuler : un veto suit immédiatement une utilisation, une seule fois.",
            parametres={},
        )
    plural = "s" if cost > 1 else ""
    return action_offer("veto", f"Veto sur {what} : rendre {cost} point{plural}", True, parametres={})


def _points_roll(args: Args, dice: Dice) -> dict[str, Any]:
    points, maximum = args["points"], args["maximum"]
    return _points_report(points, maximum, [f"Points de personnage : {points} (maximum {maximum})"])


def _points_odds(args: Args) -> dict[str, Any]:
    return odds_payload(
        {}, None, notes=["Pas de dés ici : le suivi des points de personnage n’a pas de chances à calculer."]
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
        raise RulesError("maximum", "Maximum de points (maximum) : ce suivi s’arrête à 99 points de personnage.")
    new_max = maximum + 1
    new = max(points, min(points + 2, new_max))
    lines = [f"Fin d’épisode : maximum {maximum} + 1 = {new_max}", f"Points : {points} + 2 = {points + 2}"]
    if new != points + 2:
        lines[-1] += f", plafonné au maximum : {new}"
    return _points_report(new, new_max, lines)


def _spend(state: Mapping[str, Any], args: Args, dice: Dice) -> dict[str, Any]:
    points, maximum = _points_state(state)
    use = args["utilisation"]
    label, minimum = USE_LABELS[use], USE_COSTS[use]
    base = minimum if args["cout"] is None else args["cout"]
    altering = args["alteration_personnage"]
    cost = base + altering
    if points < CHEAPEST:
        raise RulesError("utilisation", "Utilisation (utilisation) : plus aucun point de personnage à dépenser.")
    if base < minimum:
        raise RulesError(
            "cout",
            f"Coût (cout) : « {label} » coûte au moins {minimum} point{'s' if minimum > 1 else ''}, reçu {base}.",
        )
    if altering and use not in ALTERING_USES:
        raise RulesError(
            "alteration_personnage",
            "Altération du personnage (alteration_personnage) : « seul le lien d’élément scénaristique, la création "
            "d’élément scénaristique et le flashback permettent cela » (002, « Coût et veto ») ; "
            f"reçu {altering} pour « {label} ».",
        )
    if cost > points:
        field = "utilisation" if args["cout"] is None else "cout"
        raise RulesError(
            field,
            f"{'Utilisation (utilisation)' if field == 'utilisation' else 'Coût (cout)'} : « {label} » coûte "
            f"{cost} point{'s' if cost > 1 else ''}, il n’en reste que {points}.",
        )
    notes = [VETO_NOTE]
    if use == "relancer-de":
        notes.append(
            "Pour relancer un dé d’une action, utilisez plutôt « Relancer un dé » sous le résultat de l’action."
        )
    lines = []
    if altering:
        lines.append(f"Coût : {base} + {altering} (altération du personnage) = {cost}")
        notes.append(
            "Altérer le personnage (ajout d’éléments notamment) est permis « tant que cela ne remet pas en question "
            "quelque chose qui a été joué » ; « le coût devra alors être augmenté d’un ou deux points de personnage » "
            "(002, « Coût et veto »)."
        )
    lines.append(f"{label} : {points} - {cost} = {points - cost}")
    spent = {"utilisation": use, "cout": cost}
    return _points_report(
        points - cost,
        maximum,
        lines,
        notes,
        spent,
        depense={**spent, "alteration_personnage": altering},
    )


def _veto(state: Mapping[str, Any], args: Args, dice: Dice) -> dict[str, Any]:
    points, maximum = _points_state(state)
    last = _last_use(state, points, maximum)
    if last is None:
        raise RulesError(
            "action",
            "Veto : aucune utilisation à annuler ; un veto suit immédiatement une utilisation, une seule fois.",
        )
    label, cost = USE_LABELS[last["utilisation"]], last["cout"]
    return _points_report(
        points + cost,
        maximum,
        [f"Veto sur « {label} » : {points} + {cost} = {points + cost}"],
        [
            f"Un participant a opposé son veto : l’utilisation n’a pas lieu et le joueur récupère ses points ({VETO_QUOTE})."
        ],
        annule={"utilisation": last["utilisation"], "cout": cost},
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
        help="Vide : le coût minimum du livre ; le meneur peut l’augmenter (002, « Coût et veto »).",
    ),
    Param(
        "alteration_personnage",
        "Altération du personnage",
        "int",
        default=0,
        minimum=0,
        maximum=2,
        help="Ajouter un élément au personnage en même temps : un ou deux points de plus, seulement avec un lien "
        "d’élément scénaristique, une création d’élément scénaristique ou un flashback (002, « Coût et veto »).",
    ),
)


POINTS = Roller(
    id="solaires.points",
    title="Solaires : points de personnage",
    chapter="002",
    summary=(
        "Suivi des points de personnage : deux au départ, un de plus à chaque fin de scène sans dépasser le maximum, "
        "maximum +1 et deux points à chaque fin d’épisode, et les dépenses du livre."
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
            help="Deux à la création, +1 à chaque fin d’épisode (002).",
        ),
    ),
    roll=_points_roll,
    odds=_points_odds,
    check=_points_check,
    actions=(
        Action("fin_scene", "Fin de scène : récupérer un point", (), _end_of_scene),
        Action("fin_episode", "Fin d’épisode : maximum +1 et deux points", (), _end_of_episode),
        Action("depenser", "Dépenser des points de personnage", _SPEND_PARAMS, _spend),
        Action("veto", "Veto : annuler la dernière utilisation et rendre ses points", (), _veto),
    ),
)
