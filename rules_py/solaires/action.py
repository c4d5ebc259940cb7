"""``solaires.action``: one resolution (000 and 002), which ``solaires.opposition`` (``opposition.py``) plays too.

Three d6 against the score to beat (difficulty + one or two elements): a die
is kept when it is <= the score; 2 or 3 kept dice is a success, and the 4x4
table (kept dice x altération, « attitude » in 002) gives the side effect.
In an opposition (optional rule) the difficulty is 3 minus the other
character's elements, then as an action; what the aggressor's success or
failure brings is the table's choice (002), never the roller's. Follow-up
``relancer``: reroll one die for two character points (002, « Relancer un
dé »), then ``veto``: any participant's veto undoes that reroll and gives
its points back, once (002, « Coût et veto »).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any

from ..dice import Dice
from ..errors import RulesError
from ..params import Choice, Param, describe_params, shown
from ..results import action_offer, die, group, result
from ..roller import Action, Roller
from .odds import setup_odds
from .points import veto_offer
from .setup import Setup, action_check, action_setup, automatic_note
from .state import forged, state_bool, state_int, state_ints
from .words import (
    ALTERATION_NAMES,
    DEFAULT_INTERET,
    DEFAULT_INTRINSEQUE,
    HANDICAP_NOTE,
    INTERET,
    INTRINSEQUE,
    OPPOSITION_NOTE,
    OUTCOMES,
    SCALE_NAMES,
    VETO_QUOTE,
    dice_word,
    kept_marks,
    outcome,
    signed,
    with_handicap,
)

__all__ = ["ACTION", "PLAYER_PARAMS", "element_scores", "play", "reroll_action", "veto_action"]

Args = dict[str, Any]


# ======================================================================
# The result
# ======================================================================


def _difficulty_line(setup: Setup) -> str:
    if setup.scales is not None:
        intr, inter = setup.scales
        return (
            f"Difficulté : {SCALE_NAMES[intr]} ({signed(INTRINSEQUE[intr])}) + "
            f"{SCALE_NAMES[inter]} ({signed(INTERET[inter])}) = {setup.difficulty}"
        )
    if setup.defense is not None:
        return f"Difficulté : 3 - ({' + '.join(map(str, setup.defense))}) = {setup.difficulty}"
    return f"Difficulté : {setup.difficulty}"


def _score_line(setup: Setup) -> str:
    terms = " + ".join([str(setup.difficulty), *map(str, setup.elements)])
    return f"Score à battre : {terms} = {setup.score}"


_REROLL_COST = 2


def _reroll_offer(setup: Setup, dice_values: tuple[int, ...], points: int) -> dict[str, Any]:
    if not dice_values:
        possible, reason = False, "Aucun dé n’a été lancé (résultat automatique) : il n’y a rien à relancer."
    elif points < _REROLL_COST:
        possible, reason = False, (f"Relancer un dé coûte {_REROLL_COST} points de personnage ; il en reste {points}.")
    else:
        possible, reason = True, ""
    return action_offer(
        "relancer",
        f"Relancer un dé ({_REROLL_COST} points de personnage)",
        possible,
        reason,
        cout=_REROLL_COST,
        parametres=[_die_field(setup, dice_values)],
    )


def _die_field(setup: Setup, dice_values: tuple[int, ...]) -> dict[str, Any]:
    """The reroll's « de » field as the page shows it: one choice per die, with its value."""
    field = describe_params(_REROLL_PARAMS)[0]
    field["type"] = "choice"
    field.pop("min"), field.pop("max")  # a choice has no range
    field["choix"] = [
        {"valeur": str(i), "libelle": f"Dé {i} : {v} ({'conservé' if v <= setup.score else 'écarté'})"}
        for i, v in enumerate(dice_values, start=1)
    ]
    return field


def _report(
    roller_id: str,
    setup: Setup,
    params: Mapping[str, Any],
    dice_values: tuple[int, ...],
    points: int,
    drawn: list[int],
    reroll: tuple[int, int] | None = None,
    vetoed: tuple[int, int] | None = None,
) -> dict[str, Any]:
    """The result of a Solaires action from its setup and its three dice (none if automatic).

    ``reroll``: (index, the die it replaced), after a reroll (open to a veto); ``vetoed``: (index, the die the
    veto took back), after a veto on a reroll.
    """
    score = setup.score
    if setup.automatic:
        kept = 3 if score >= 6 else 0
    else:
        kept = sum(v <= score for v in dice_values)
    label = outcome(kept, setup.alteration)
    calcul = [_difficulty_line(setup), _score_line(setup)]
    notes = []
    groups = []
    if setup.automatic:
        calcul.append(
            f"Pas de jet : {'réussite' if kept == 3 else 'échec'} automatique, l’altération s’applique "
            f"comme si {'les trois dés étaient conservés' if kept == 3 else 'les trois dés étaient écartés'}"
        )
        notes.append(automatic_note(setup, label))
    else:
        if reroll is not None:
            index, old = reroll
            calcul.append(
                f"Relance du dé {index + 1} : {old} → {dice_values[index]} "
                f"({_REROLL_COST} points de personnage dépensés, il en reste {points})"
            )
        if vetoed is not None:
            index, taken = vetoed
            calcul.append(
                f"Veto sur la relance du dé {index + 1} : {taken} → {dice_values[index]} "
                f"({_REROLL_COST} points de personnage rendus, il en a {points})"
            )
            notes.append(
                "Un participant a opposé son veto à la relance (002, « Coût et veto ») : le dé d’avant revient "
                f"et le joueur récupère ses points ({VETO_QUOTE})."
            )
        calcul.append(f"Dés conservés (≤ {score}) : {kept} sur 3")
        groups.append(group("Dés du joueur", kept_marks(dice_values, score, reroll[0] if reroll else None)))
        if reroll is not None:
            groups.append(group("Dé remplacé", [die(reroll[1], 6, None, "remplacé")]))
    calcul.append(f"{ALTERATION_NAMES[setup.alteration]}, {dice_word(kept)} : {label}")
    if setup.handicap:
        calcul.append("Handicap : un effet secondaire néfaste s’ajoute, que l’action réussisse ou non")
        notes.append(HANDICAP_NOTE)
    state = _state_of(setup, dice_values, points)
    if reroll is not None:  # what a veto gives back: the die before the reroll, and its points
        before = dice_values[: reroll[0]] + (reroll[1],) + dice_values[reroll[0] + 1 :]
        state["avant"] = {"des": list(before), "points": points + _REROLL_COST, "de": reroll[0] + 1}
    if setup.defense is not None:
        notes.insert(0, OPPOSITION_NOTE)
    return result(
        roller_id,
        params,
        resultat=with_handicap(label, setup.handicap),
        reussite=kept >= 2,
        des=groups,
        calcul=calcul,
        notes=notes,
        tirage=drawn,
        etat=state,
        actions=[
            _reroll_offer(setup, dice_values, points),
            veto_offer("la relance", _REROLL_COST) if reroll is not None else veto_offer(None, None),
        ],
        score=score,
        conserves=kept,
        difficulte=setup.difficulty,
        automatique=setup.automatic,
        effet_handicap=setup.handicap,
        points=points,
    )


def play(roller_id: str, setup: Setup, args: Args, dice: Dice) -> dict[str, Any]:
    rolled = () if setup.automatic else tuple(dice.roll(3, 6, "Dés du joueur"))
    return _report(roller_id, setup, args, rolled, args["points"], list(rolled))


def _action_roll(args: Args, dice: Dice) -> dict[str, Any]:
    return play("solaires.action", action_setup(args), args, dice)


# ----------------------------------------------------------------------
# Odds (closed form, exact: odds.py)
# ----------------------------------------------------------------------


def _action_odds(args: Args) -> dict[str, Any]:
    return setup_odds(action_setup(args))


# ----------------------------------------------------------------------
# State of a result, and the reroll (002, « Relancer un dé »)
# ----------------------------------------------------------------------


def _state_of(setup: Setup, dice_values: tuple[int, ...], points: int) -> dict[str, Any]:
    return {
        "difficulte": setup.difficulty,
        "intrinseque": setup.scales[0] if setup.scales else None,
        "interet": setup.scales[1] if setup.scales else None,
        "defense": list(setup.defense) if setup.defense is not None else None,
        "defense_typique": setup.defense_typique,
        "elements": list(setup.elements),
        "typique": setup.typique,
        "alteration": setup.alteration,
        "handicap": setup.handicap,
        "score": setup.score,
        "des": list(dice_values),
        "points": points,
    }


def _read_state(state: Mapping[str, Any], opposition: bool) -> tuple[Setup, tuple[int, ...], int]:
    """Re-check a state sent back by a client (it may be forged)."""
    difficulty = state_int(state, "difficulte", -8, 8)
    elements = state_ints(state, "elements", (1, 2), 1, 3)
    typique = state_bool(state, "typique")
    handicap = state_bool(state, "handicap")
    alteration = state.get("alteration")
    if not isinstance(alteration, str) or alteration not in OUTCOMES:
        raise forged(f"« Altération » doit être stable, adoucie, amplifiée ou instable, reçu {shown(alteration)}")
    if len(elements) == 2 and not typique:
        raise forged("deux éléments sans action typique ne sont pas permis")
    scales = None
    defense = None
    defense_typique = False
    if opposition:
        defense = state_ints(state, "defense", (1, 2), 1, 3)
        defense_typique = state_bool(state, "defense_typique")
        if len(defense) == 2 and not defense_typique:
            raise forged("deux éléments de l’autre personnage sans action typique ne sont pas permis")
        if difficulty != 3 - sum(defense):
            raise forged("la difficulté ne vaut pas 3 moins les éléments de l’autre personnage")
    else:
        if state.get("defense") is not None or state.get("defense_typique"):
            raise forged("les éléments d’un autre personnage n’ont pas leur place hors d’une opposition")
        intr, inter = state.get("intrinseque"), state.get("interet")
        if intr is not None or inter is not None:
            if (
                not (isinstance(intr, str) and isinstance(inter, str))
                or intr not in INTRINSEQUE
                or inter not in INTERET
            ):
                raise forged(f"échelles de difficulté inconnues ({shown(intr)}, {shown(inter)})")
            if difficulty != INTRINSEQUE[intr] + INTERET[inter]:
                raise forged("la difficulté ne correspond pas aux deux échelles")
            scales = (intr, inter)
    setup = Setup(difficulty, elements, typique, alteration, handicap, scales, defense, defense_typique)
    if state.get("score") != setup.score or isinstance(state.get("score"), bool):
        raise forged(f"le score à battre ne vaut pas la difficulté plus les éléments ({setup.score})")
    dice_values = state_ints(state, "des", (0,) if setup.automatic else (3,), 1, 6)
    points = state_int(state, "points", 0, 99)
    return setup, dice_values, points


def _setup_params(setup: Setup, points: int) -> dict[str, Any]:
    """The parameters that rebuild this setup (with the points left), for a share link."""
    params: dict[str, Any] = {}
    if setup.defense is not None:
        params.update(defense=setup.defense, defense_typique=setup.defense_typique)
    elif setup.scales is not None:
        params.update(difficulte=None, intrinseque=setup.scales[0], interet=setup.scales[1])
    else:
        params.update(difficulte=setup.difficulty, intrinseque=DEFAULT_INTRINSEQUE, interet=DEFAULT_INTERET)
    params.update(
        elements=setup.elements,
        typique=setup.typique,
        alteration=setup.alteration,
        handicap=setup.handicap,
        points=points,
    )
    return params


# The follow-ups' bodies are module functions, bound to their roller by ``partial`` (not closures made when
# the module is imported): a test then reaches each line of them as it is when the test runs (mutmut's
# mutants of a closure were never run: bench/README.md, « Mutation testing »).


def _reroll(roller_id: str, state: Mapping[str, Any], args: Args, dice: Dice) -> dict[str, Any]:
    setup, dice_values, points = _read_state(state, roller_id == "solaires.opposition")
    if not dice_values:
        raise RulesError(
            "de",
            "Dé à relancer (de) : aucun dé n’a été lancé (réussite ou échec automatique), il n’y a rien à relancer.",
        )
    if points < _REROLL_COST:
        raise RulesError(
            "points",
            f"Points de personnage (points) : relancer un dé en coûte {_REROLL_COST}, il en reste {points}.",
        )
    index = args["de"] - 1
    new = dice.d(6, f"Dé {args['de']} relancé")
    rolled = dice_values[:index] + (new,) + dice_values[index + 1 :]
    left = points - _REROLL_COST
    return _report(roller_id, setup, _setup_params(setup, left), rolled, left, [new], (index, dice_values[index]))


def _veto(roller_id: str, state: Mapping[str, Any], args: Args, dice: Dice) -> dict[str, Any]:
    setup, dice_values, points = _read_state(state, roller_id == "solaires.opposition")
    before = state.get("avant")
    if before is None:
        raise RulesError(
            "action",
            "Veto : aucune relance à annuler ; un veto suit immédiatement une relance, une seule fois.",
        )
    if not isinstance(before, Mapping):
        raise forged("« Avant la relance » doit donner les dés et les points d’avant")
    old_dice = state_ints(before, "des", (3,), 1, 6)
    old_points = state_int(before, "points", _REROLL_COST, 99)
    index = state_int(before, "de", 1, 3) - 1
    others = [i for i in range(3) if old_dice[i] != dice_values[i]]
    if others not in ([], [index]) or old_points != points + _REROLL_COST:
        raise forged("les dés et les points d’avant la relance ne correspondent pas à une relance")
    return _report(
        roller_id,
        setup,
        _setup_params(setup, old_points),
        old_dice,
        old_points,
        [],
        vetoed=(index, dice_values[index]),
    )


def reroll_action(roller_id: str) -> Action:
    return Action(
        id="relancer",
        label=f"Relancer un dé ({_REROLL_COST} points de personnage, chapitre 002)",
        params=_REROLL_PARAMS,
        run=partial(_reroll, roller_id),
    )


def veto_action(roller_id: str) -> Action:
    return Action(
        id="veto",
        label="Veto sur la relance : le dé d’avant revient et les points sont rendus",
        params=(),
        run=partial(_veto, roller_id),
    )


_REROLL_PARAMS = (
    Param(
        "de",
        "Dé à relancer",
        "int",
        minimum=1,
        maximum=3,
        required=True,
        help="Le premier, deuxième ou troisième dé ; un dé déjà relancé peut l’être encore (002).",
    ),
)


# ----------------------------------------------------------------------
# Parameters shared by solaires.action and solaires.opposition
# ----------------------------------------------------------------------


def element_scores(name: str, label: str, help_: str, group: str) -> Param:
    """One or two element scores of 1 to 3, « 3,2 »: the acting character's, or the other's in an opposition."""
    return Param(
        name, label, "ints", default=(2,), minimum=1, maximum=3, min_items=1, max_items=2, help=help_, group=group
    )


_ELEMENTS = element_scores(
    "elements",
    "Scores des éléments",
    "Un ou deux scores de 1 à 3 (« 3,2 ») ; un second élément seulement si l’action est typique du premier.",
    "Éléments",
)
_TYPIQUE = Param(
    "typique",
    "Action typique du premier élément",
    "bool",
    default=False,
    help="Permet un second élément (000, « Choix des éléments »).",
    group="Éléments",
)
_ALTERATION = Param(
    "alteration",
    "Altération (000) / attitude (002)",
    "choice",
    default="stable",
    choices=(
        Choice("stable", "Stable : aucun effet secondaire"),
        Choice("adoucie", "Adoucie : effets secondaires si le jet est un peu juste"),
        Choice("amplifiee", "Amplifiée : effets secondaires si le jet est extrême"),
        Choice("instable", "Instable : toujours un effet secondaire"),
    ),
    help="Le meneur l’impose (000) ou le joueur la choisit (002) : même tableau.",
)
_HANDICAP = Param(
    "handicap",
    "Un élément est un handicap",
    "bool",
    default=False,
    help="Il apporte son score mais ajoute toujours un effet secondaire néfaste, réussite ou non (002).",
    group="Éléments",
)
_POINTS = Param(
    "points",
    "Points de personnage",
    "int",
    default=2,
    minimum=0,
    maximum=99,
    help="Pour relancer un dé : deux points par relance (002).",
)

# What the acting player brings, the same in an action and an opposition.
PLAYER_PARAMS = (_ELEMENTS, _TYPIQUE, _ALTERATION, _HANDICAP, _POINTS)

ACTION = Roller(
    id="solaires.action",
    title="Solaires : résoudre une action",
    chapter="000, 002",
    summary=(
        "Trois dés contre la difficulté plus un ou deux éléments : chaque dé inférieur ou égal est conservé, "
        "deux dés conservés font une réussite, l’altération donne les effets secondaires."
    ),
    params=(
        Param(
            "difficulte",
            "Difficulté",
            "int",
            minimum=-8,
            maximum=8,
            help=(
                "Vide : la somme des deux échelles ci-dessous. Chiffrée, elle remplace les échelles "
                "(laissez-les alors à Complexe et Neutre) ; une valeur impaire, entre deux paliers, est permise (002)."
            ),
            group="Difficulté",
        ),
        Param(
            "intrinseque",
            "Difficulté intrinsèque",
            "choice",
            default=DEFAULT_INTRINSEQUE,
            choices=tuple(Choice(k, f"{SCALE_NAMES[k]} ({signed(v)})", v) for k, v in INTRINSEQUE.items()),
            group="Difficulté",
        ),
        Param(
            "interet",
            "Intérêt scénaristique",
            "choice",
            default=DEFAULT_INTERET,
            choices=tuple(Choice(k, f"{SCALE_NAMES[k]} ({signed(v)})", v) for k, v in INTERET.items()),
            group="Difficulté",
        ),
        *PLAYER_PARAMS,
    ),
    roll=_action_roll,
    odds=_action_odds,
    check=action_check,
    actions=(reroll_action("solaires.action"), veto_action("solaires.action")),
)
