"""Solaires, 3d6 « dés conservés » (chapters 000 and 002).

Roll three d6 against a score: a die is kept when it is <= the score.

- ``solaires.action``: score à battre = difficulty + one or two elements;
  2 or 3 kept dice is a success, and the 4x4 table (kept dice x altération,
  called « attitude » in 002) gives the side effect. Follow-up ``relancer``:
  reroll one die for two character points (002).
- ``solaires.opposition`` (optional rule): the difficulty is 3 minus the
  defender's elements, then as ``solaires.action``.
- ``solaires.environnement`` (optional rule): the GM's 3d6 against 2, 3 or 4.
- ``solaires.points``: the character-point tracker of 002, without dice.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import Any

from .dice import Dice
from .errors import RulesError
from .params import Choice, Param, describe_params, shown
from .results import action_offer, die, group, result
from .roller import Action, Roller, odds_payload, ordered_law

__all__ = ["ROLLERS", "OUTCOMES", "kept_counts", "outcome"]

Args = dict[str, Any]


# ======================================================================
# Shared: kept dice and the book's 4x4 table
# ======================================================================


def kept_counts(score: int) -> tuple[int, int, int, int]:
    """How many of the 216 rolls of 3d6 keep 0, 1, 2, 3 dice (<= ``score``).

    Closed form: each die is kept with probability s/6 (s clamped to 0..6),
    so C(3, k) s^k (6 - s)^(3 - k) of the 216 rolls keep k dice. A score
    <= 0 or >= 6 gives 0 or 3 kept dice for sure, as 000 rules for the
    automatic cases.
    """
    s = min(max(score, 0), 6)
    c0, c1, c2, c3 = (comb(3, k) * s**k * (6 - s) ** (3 - k) for k in range(4))
    return c0, c1, c2, c3


def outcome(kept: int, alteration: str) -> str:
    """The book's words for ``kept`` dice under ``alteration`` (000 and 002 tables)."""
    return OUTCOMES[alteration][kept]


def _kept_marks(dice: list[int] | tuple[int, ...], score: int, rerolled: int | None = None) -> list[dict[str, Any]]:
    out = []
    for i, v in enumerate(dice):
        mark = "conservé" if v <= score else "écarté"
        if i == rerolled:
            mark += " (relancé)"
        out.append(die(v, 6, v <= score, mark))
    return out


def _dice_word(n: int) -> str:
    return f"{n} dé{'s' if n > 1 else ''} conservé{'s' if n > 1 else ''}"


# ======================================================================
# solaires.action and solaires.opposition: one resolution
# ======================================================================


@dataclass(frozen=True, slots=True)
class Setup:
    """Everything a Solaires action needs once its difficulty is known.

    ``scales`` holds (intrinseque, interet) when the difficulty came from
    the two scales, ``defense`` the defender's elements in an opposition;
    both None when the difficulty was given as a number.
    """

    difficulty: int
    elements: tuple[int, ...]
    typique: bool
    alteration: str
    handicap: bool
    scales: tuple[str, str] | None = None
    defense: tuple[int, ...] | None = None

    @property
    def score(self) -> int:
        return self.difficulty + sum(self.elements)

    @property
    def automatic(self) -> bool:
        return not 1 <= self.score <= 5


def _check_elements(elements: tuple[int, ...], typique: bool) -> None:
    if len(elements) == 2 and not typique:
        raise RulesError(
            "elements",
            "Scores des éléments (elements) : un second élément n'est permis que si l'action est typique "
            "du premier (« Action typique du premier élément »), "
            f"reçu {shown(','.join(map(str, elements)))}.",
        )


def _action_check(args: Args) -> None:
    scales_changed = args["intrinseque"] != _DEFAULT_INTRINSEQUE or args["interet"] != _DEFAULT_INTERET
    if args["difficulte"] is not None and scales_changed:
        raise RulesError(
            "difficulte",
            "Difficulté (difficulte) : donnez soit une difficulté chiffrée, soit les deux échelles "
            "(« Difficulté intrinsèque » et « Intérêt scénaristique »), pas les deux à la fois.",
        )
    _check_elements(args["elements"], args["typique"])


def _opposition_check(args: Args) -> None:
    _check_elements(args["elements"], args["typique"])


def _action_setup(args: Args) -> Setup:
    common = dict(
        elements=tuple(args["elements"]),
        typique=args["typique"],
        alteration=args["alteration"],
        handicap=args["handicap"],
    )
    if args["difficulte"] is not None:
        return Setup(difficulty=args["difficulte"], **common)
    scales = (args["intrinseque"], args["interet"])
    return Setup(difficulty=_INTRINSEQUE[scales[0]] + _INTERET[scales[1]], scales=scales, **common)


def _opposition_setup(args: Args) -> Setup:
    defense = tuple(args["defense"])
    return Setup(
        difficulty=3 - sum(defense),
        elements=tuple(args["elements"]),
        typique=args["typique"],
        alteration=args["alteration"],
        handicap=args["handicap"],
        defense=defense,
    )


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def _difficulty_line(setup: Setup) -> str:
    if setup.scales is not None:
        intr, inter = setup.scales
        return (
            f"Difficulté : {_SCALE_NAMES[intr]} ({_signed(_INTRINSEQUE[intr])}) + "
            f"{_SCALE_NAMES[inter]} ({_signed(_INTERET[inter])}) = {setup.difficulty}"
        )
    if setup.defense is not None:
        return f"Difficulté : 3 - ({' + '.join(map(str, setup.defense))}) = {setup.difficulty}"
    return f"Difficulté : {setup.difficulty}"


def _score_line(setup: Setup) -> str:
    terms = " + ".join([str(setup.difficulty), *map(str, setup.elements)])
    return f"Score à battre : {terms} = {setup.score}"


def _automatic_note(setup: Setup, label: str) -> str:
    fails = setup.score <= 0
    agree = "sans effet secondaire" in label
    return (
        f"Pas de jet : un score à battre de {setup.score} "
        + ("(0 ou moins) fait échouer" if fails else "(6 ou plus) fait réussir")
        + " l'action d'office. Chapitre 000, « Résolution de l'action » : « "
        + _QUOTE_RESOLUTION
        + " » ; "
        "mais « Difficulté » : « "
        + _QUOTE_DIFFICULTE
        + " » "
        + (
            "Ici les deux phrases donnent le même résultat."
            if agree
            else "Ce lanceur suit « Résolution de l'action » ; le meneur peut retenir l'autre phrase "
            "et ne pas appliquer l'effet secondaire."
        )
    )


def with_handicap(label: str, handicap: bool) -> str:
    """The outcome with the handicap's added harmful side effect (002, « Handicaps »)."""
    if not handicap:
        return label
    if label.endswith("sans effet secondaire"):
        return f"{label} dû à l'attitude, mais un effet secondaire néfaste dû au handicap"
    return f"{label}, plus un effet secondaire néfaste dû au handicap"


_HANDICAP_NOTE = (
    "Handicap (002) : l'élément défavorable apporte bien son score, mais il déclenche toujours "
    "un effet secondaire néfaste en plus de celui de l'attitude, que l'action réussisse ou non."
)

_REROLL_COST = 2

_OPPOSITION_NOTE = (
    "Jet en opposition : seul l'agresseur lance les dés ; s'il réussit, il l'emporte, "
    "sinon c'est le défenseur qui l'emporte."
)


def _prevails(success: bool) -> str:
    return " : l'agresseur l'emporte" if success else " : le défenseur l'emporte"


def _reroll_offer(setup: Setup, dice_values: tuple[int, ...], points: int) -> dict[str, Any]:
    if not dice_values:
        possible, reason = False, "Aucun dé n'a été lancé (résultat automatique) : il n'y a rien à relancer."
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
) -> dict[str, Any]:
    """The result of a Solaires action from its setup and its three dice (none if automatic)."""
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
            f"Pas de jet : {'réussite' if kept == 3 else 'échec'} automatique, l'altération s'applique "
            f"comme si {'les trois dés étaient conservés' if kept == 3 else 'les trois dés étaient écartés'}"
        )
        notes.append(_automatic_note(setup, label))
    else:
        if reroll is not None:
            index, old = reroll
            calcul.append(
                f"Relance du dé {index + 1} : {old} → {dice_values[index]} "
                f"({_REROLL_COST} points de personnage dépensés, il en reste {points})"
            )
        calcul.append(f"Dés conservés (≤ {score}) : {kept} sur 3")
        groups.append(group("Dés du joueur", _kept_marks(dice_values, score, reroll[0] if reroll else None)))
        if reroll is not None:
            groups.append(group("Dé remplacé", [die(reroll[1], 6, None, "remplacé")]))
    calcul.append(f"{_ALTERATION_NAMES[setup.alteration]}, {_dice_word(kept)} : {label}")
    if setup.handicap:
        calcul.append("Handicap : un effet secondaire néfaste s'ajoute, que l'action réussisse ou non")
        notes.append(_HANDICAP_NOTE)
    state = _state_of(setup, dice_values, points)
    if setup.defense is not None:
        notes.insert(0, _OPPOSITION_NOTE)
    return result(
        roller_id,
        params,
        resultat=with_handicap(label, setup.handicap) + (_prevails(kept >= 2) if setup.defense is not None else ""),
        reussite=kept >= 2,
        des=groups,
        calcul=calcul,
        notes=notes,
        tirage=drawn,
        etat=state,
        actions=[_reroll_offer(setup, dice_values, points)],
        score=score,
        conserves=kept,
        difficulte=setup.difficulty,
        automatique=setup.automatic,
        effet_handicap=setup.handicap,
        points=points,
        # opposition (000/002): the aggressor (a) wins on a success, the defender (b) on a failure
        **({"gagnant": "a" if kept >= 2 else "b"} if setup.defense is not None else {}),
    )


def _play(roller_id: str, setup: Setup, args: Args, dice: Dice) -> dict[str, Any]:
    rolled = () if setup.automatic else tuple(dice.roll(3, 6))
    return _report(roller_id, setup, args, rolled, args["points"], list(rolled))


def _action_roll(args: Args, dice: Dice) -> dict[str, Any]:
    return _play("solaires.action", _action_setup(args), args, dice)


def _opposition_roll(args: Args, dice: Dice) -> dict[str, Any]:
    return _play("solaires.opposition", _opposition_setup(args), args, dice)


# ----------------------------------------------------------------------
# Odds (closed form, exact)
# ----------------------------------------------------------------------


def _kept_law(counts: Sequence[int]) -> dict[str, Any]:
    return ordered_law("Dés conservés", {k: Fraction(c, 216) for k, c in enumerate(counts)})


def _setup_odds(setup: Setup) -> dict[str, Any]:
    counts = kept_counts(setup.score)
    issues: dict[str, Fraction] = {}
    for kept in (3, 2, 1, 0):
        label = with_handicap(outcome(kept, setup.alteration), setup.handicap)
        issues[label] = issues.get(label, Fraction(0)) + Fraction(counts[kept], 216)
    notes = []
    if setup.automatic:
        notes.append(_automatic_note(setup, outcome(3 if setup.score >= 6 else 0, setup.alteration)))
    if setup.handicap:
        notes.append(_HANDICAP_NOTE)
    return odds_payload(
        issues,
        Fraction(counts[2] + counts[3], 216),
        conserves={str(k): counts[k] / 216 for k in (3, 2, 1, 0)},
        echelle=_kept_law(counts),
        score=setup.score,
        difficulte=setup.difficulty,
        automatique=setup.automatic,
        notes=notes,
    )


def _action_odds(args: Args) -> dict[str, Any]:
    return _setup_odds(_action_setup(args))


def _opposition_odds(args: Args) -> dict[str, Any]:
    return _setup_odds(_opposition_setup(args))


# ----------------------------------------------------------------------
# State of a result, and the reroll (002, « Relancer un dé »)
# ----------------------------------------------------------------------


def _state_of(setup: Setup, dice_values: tuple[int, ...], points: int) -> dict[str, Any]:
    return {
        "difficulte": setup.difficulty,
        "intrinseque": setup.scales[0] if setup.scales else None,
        "interet": setup.scales[1] if setup.scales else None,
        "defense": list(setup.defense) if setup.defense is not None else None,
        "elements": list(setup.elements),
        "typique": setup.typique,
        "alteration": setup.alteration,
        "handicap": setup.handicap,
        "score": setup.score,
        "des": list(dice_values),
        "points": points,
    }


def _forged(what: str) -> RulesError:
    return RulesError("etat", f"État (etat) : {what} ; relancez les dés depuis le formulaire.")


_STATE_LABELS = {
    "difficulte": "Difficulté",
    "elements": "Scores des éléments",
    "typique": "Action typique du premier élément",
    "handicap": "Un élément est un handicap",
    "alteration": "Altération",
    "defense": "Éléments du défenseur",
    "des": "Dés",
    "points": "Points de personnage",
    "maximum": "Maximum de points",
    "score": "Score à battre",
}


def _state_int(state: Mapping[str, Any], key: str, lo: int, hi: int) -> int:
    value = state.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise _forged(f"« {_STATE_LABELS[key]} » doit être un entier de {lo} à {hi}, reçu {shown(value)}")
    return value


def _state_bool(state: Mapping[str, Any], key: str) -> bool:
    value = state.get(key)
    if not isinstance(value, bool):
        raise _forged(f"« {_STATE_LABELS[key]} » doit valoir true ou false, reçu {shown(value)}")
    return value


def _state_ints(state: Mapping[str, Any], key: str, sizes: tuple[int, ...], lo: int, hi: int) -> tuple[int, ...]:
    value = state.get(key)
    if (
        not isinstance(value, (list, tuple))
        or len(value) not in sizes
        or any(isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi for v in value)
    ):
        sizes_text = " ou ".join(map(str, sizes))
        raise _forged(
            f"« {_STATE_LABELS[key]} » doit être une liste de {sizes_text} entiers de {lo} à {hi}, reçu {shown(value)}"
        )
    return tuple(value)


def _read_state(state: Mapping[str, Any], opposition: bool) -> tuple[Setup, tuple[int, ...], int]:
    """Re-check a state sent back by a client (it may be forged)."""
    difficulty = _state_int(state, "difficulte", -8, 8)
    elements = _state_ints(state, "elements", (1, 2), 1, 3)
    typique = _state_bool(state, "typique")
    handicap = _state_bool(state, "handicap")
    alteration = state.get("alteration")
    if not isinstance(alteration, str) or alteration not in OUTCOMES:
        raise _forged(f"« Altération » doit être stable, adoucie, amplifiée ou instable, reçu {shown(alteration)}")
    if len(elements) == 2 and not typique:
        raise _forged("deux éléments sans action typique ne sont pas permis")
    scales = None
    defense = None
    if opposition:
        defense = _state_ints(state, "defense", (1, 2), 1, 3)
        if difficulty != 3 - sum(defense):
            raise _forged("la difficulté ne vaut pas 3 moins la défense")
    else:
        if state.get("defense") is not None:
            raise _forged("une défense n'a pas sa place hors d'une opposition")
        intr, inter = state.get("intrinseque"), state.get("interet")
        if intr is not None or inter is not None:
            if (
                not (isinstance(intr, str) and isinstance(inter, str))
                or intr not in _INTRINSEQUE
                or inter not in _INTERET
            ):
                raise _forged(f"échelles de difficulté inconnues ({shown(intr)}, {shown(inter)})")
            if difficulty != _INTRINSEQUE[intr] + _INTERET[inter]:
                raise _forged("la difficulté ne correspond pas aux deux échelles")
            scales = (intr, inter)
    setup = Setup(difficulty, elements, typique, alteration, handicap, scales, defense)
    if state.get("score") != setup.score or isinstance(state.get("score"), bool):
        raise _forged(f"le score à battre ne vaut pas la difficulté plus les éléments ({setup.score})")
    dice_values = _state_ints(state, "des", (0,) if setup.automatic else (3,), 1, 6)
    points = _state_int(state, "points", 0, 99)
    return setup, dice_values, points


def _setup_params(setup: Setup, points: int) -> dict[str, Any]:
    """The parameters that rebuild this setup (with the points left), for a share link."""
    params: dict[str, Any] = {}
    if setup.defense is not None:
        params["defense"] = setup.defense
    elif setup.scales is not None:
        params.update(difficulte=None, intrinseque=setup.scales[0], interet=setup.scales[1])
    else:
        params.update(difficulte=setup.difficulty, intrinseque=_DEFAULT_INTRINSEQUE, interet=_DEFAULT_INTERET)
    params.update(
        elements=setup.elements,
        typique=setup.typique,
        alteration=setup.alteration,
        handicap=setup.handicap,
        points=points,
    )
    return params


def _reroll_action(roller_id: str) -> Action:
    opposition = roller_id == "solaires.opposition"

    def run(state: Mapping[str, Any], args: Args, dice: Dice) -> dict[str, Any]:
        setup, dice_values, points = _read_state(state, opposition)
        if not dice_values:
            raise RulesError(
                "de",
                "Dé à relancer (de) : aucun dé n'a été lancé (réussite ou échec automatique), il n'y a rien à relancer.",
            )
        if points < _REROLL_COST:
            raise RulesError(
                "points",
                f"Points de personnage (points) : relancer un dé en coûte {_REROLL_COST}, il en reste {points}.",
            )
        index = args["de"] - 1
        new = dice.d(6)
        rolled = dice_values[:index] + (new,) + dice_values[index + 1 :]
        left = points - _REROLL_COST
        return _report(roller_id, setup, _setup_params(setup, left), rolled, left, [new], (index, dice_values[index]))

    return Action(
        id="relancer",
        label=f"Relancer un dé ({_REROLL_COST} points de personnage, chapitre 002)",
        params=_REROLL_PARAMS,
        run=run,
    )


_REROLL_PARAMS = (
    Param(
        "de",
        "Dé à relancer",
        "int",
        minimum=1,
        maximum=3,
        required=True,
        help="Le premier, deuxième ou troisième dé ; un dé déjà relancé peut l'être encore (002).",
    ),
)


# ======================================================================
# solaires.environnement (optional rule, 000 and 002)
# ======================================================================


def _environnement_roll(args: Args, dice: Dice) -> dict[str, Any]:
    score = _PREFERENCE[args["preference"]]
    rolled = dice.roll(3, 6)
    kept = sum(v <= score for v in rolled)
    favourable = kept >= 2
    notes = []
    if kept in (0, 3):
        notes.append(
            "Les trois dés sont de même nature ("
            + ("tous conservés" if kept == 3 else "tous écartés")
            + ") : le meneur peut ajouter des effets supplémentaires."
        )
    return result(
        "solaires.environnement",
        args,
        resultat="Favorable aux joueurs" if favourable else "Défavorable aux joueurs",
        reussite=favourable,
        des=[group("Dés du meneur", _kept_marks(rolled, score))],
        calcul=[
            f"Score à ne pas dépasser : {score}",
            f"Dés conservés (≤ {score}) : {kept}",
        ],
        notes=notes,
        tirage=rolled,
        score=score,
        conserves=kept,
        meme_nature=kept in (0, 3),
    )


def _environnement_odds(args: Args) -> dict[str, Any]:
    score = _PREFERENCE[args["preference"]]
    p = [Fraction(c, 216) for c in kept_counts(score)]
    issues = {
        "Favorable, trois dés conservés": p[3],
        "Favorable": p[2],
        "Défavorable": p[1],
        "Défavorable, trois dés écartés": p[0],
    }
    return odds_payload(issues, p[2] + p[3], echelle=_kept_law(kept_counts(score)))


# ======================================================================
# solaires.points: the character-point tracker (002, « Points de personnage »)
# ======================================================================


def _points_state(state: Mapping[str, Any]) -> tuple[int, int]:
    points, maximum = _state_int(state, "points", 0, 99), _state_int(state, "maximum", 2, 99)
    if points > maximum:
        raise _forged(f"les points ({points}) dépassent le maximum ({maximum})")
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
    cheapest = min(cost for _, _, cost in _USES)
    uses = [
        {"valeur": value, "libelle": label, "cout_min": cost, "possible": cost <= points}
        for value, label, cost in _USES
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
    label, minimum = _USE_LABELS[use], _USE_COSTS[use]
    cost = minimum if args["cout"] is None else args["cout"]
    if points < _CHEAPEST:
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


# ======================================================================
# Data (the book's words)
# ======================================================================

#: 000 « Altération » / 002 « Résolution de l'action »: outcome by kept dice 0..3.
OUTCOMES: dict[str, tuple[str, str, str, str]] = {
    "stable": (
        "Échec sans effet secondaire",
        "Échec sans effet secondaire",
        "Réussite sans effet secondaire",
        "Réussite sans effet secondaire",
    ),
    "adoucie": (
        "Échec sans effet secondaire",
        "Échec avec contrepartie positive",
        "Réussite avec contrepartie négative",
        "Réussite sans effet secondaire",
    ),
    "amplifiee": (
        "Échec avec effet secondaire négatif",
        "Échec sans effet secondaire",
        "Réussite sans effet secondaire",
        "Réussite avec effet secondaire positif",
    ),
    "instable": (
        "Échec avec effet secondaire négatif",
        "Échec avec contrepartie positive",
        "Réussite avec contrepartie négative",
        "Réussite avec effet secondaire positif",
    ),
}

_ALTERATION_NAMES = {
    "stable": "Stable",
    "adoucie": "Adoucie",
    "amplifiee": "Amplifiée",
    "instable": "Instable",
}

_INTRINSEQUE = {"simple": 4, "ardue": 2, "complexe": 0, "dementielle": -2, "insensee": -4}
_INTERET = {
    "devrait-reussir": 4,
    "reussite-interessante": 2,
    "neutre": 0,
    "echec-interessant": -2,
    "devrait-echouer": -4,
}
_SCALE_NAMES = {
    "simple": "Simple",
    "ardue": "Ardue",
    "complexe": "Complexe",
    "dementielle": "Démentielle",
    "insensee": "Insensée",
    "devrait-reussir": "Devrait réussir",
    "reussite-interessante": "Réussite intéressante",
    "neutre": "Neutre",
    "echec-interessant": "Échec intéressant",
    "devrait-echouer": "Devrait échouer",
}
_DEFAULT_INTRINSEQUE = "complexe"
_DEFAULT_INTERET = "neutre"

#: 000, verbatim (the two sentences on automatic results).
_QUOTE_RESOLUTION = (
    "Dans ces deux cas, il n’est pas nécessaire de lancer les dés et on applique l’altération "
    "comme si tous les dés ont été, respectivement, écartés ou conservés."
)
_QUOTE_DIFFICULTE = (
    "elle échoue (ou réussit) automatiquement sans Effet secondaire. Ce sera aussi le cas si le "
    "score à battre par le joueur supérieur est à 5 ou inférieur à 1."
)

_PREFERENCE = {"defaveur": 2, "neutre": 3, "faveur": 4}

#: 002 « Utilisations »: (value, the book's name, minimum cost).
_USES = (
    ("description-consequences", "Description des conséquences d'une action", 1),
    ("modification-cosmetique", "Modification cosmétique", 1),
    ("relancer-de", "Relancer un dé", 2),
    ("lien-element", "Lien d'élément scénaristique", 2),
    ("creation-element", "Création d'élément scénaristique", 3),
    ("flashback", "Flashback", 2),
    ("evenement-inattendu", "Événement inattendu", 4),
    ("question-meneur", "Question au meneur", 2),
)
_USE_LABELS = {value: label for value, label, _ in _USES}
#: The uses whose cost 002 words as exact (« pour un point », « pour deux points »); the GM may still raise it.
_EXACT_COST = ("description-consequences", "modification-cosmetique", "relancer-de")


def _cost_text(value: str, cost: int) -> str:
    return f"{cost} point{'s' if cost > 1 else ''}" + ("" if value in _EXACT_COST else " ou plus")


_USE_COSTS = {value: cost for value, _, cost in _USES}
_CHEAPEST = min(_USE_COSTS.values())

_SPEND_PARAMS = (
    Param(
        "utilisation",
        "Utilisation",
        "choice",
        required=True,
        choices=tuple(Choice(value, f"{label} ({_cost_text(value, cost)})", cost) for value, label, cost in _USES),
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


# ----------------------------------------------------------------------
# Parameters shared by solaires.action and solaires.opposition
# ----------------------------------------------------------------------

_ELEMENTS = Param(
    "elements",
    "Scores des éléments",
    "ints",
    default=(2,),
    minimum=1,
    maximum=3,
    min_items=1,
    max_items=2,
    help="Un ou deux scores de 1 à 3 (« 3,2 ») ; un second élément seulement si l'action est typique du premier.",
    group="Éléments",
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
    help="Le meneur l'impose (000) ou le joueur la choisit (002) : même tableau.",
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
_PLAYER_PARAMS = (_ELEMENTS, _TYPIQUE, _ALTERATION, _HANDICAP, _POINTS)

ACTION = Roller(
    id="solaires.action",
    title="Solaires : résoudre une action",
    chapter="000, 002",
    summary=(
        "Trois dés contre la difficulté plus un ou deux éléments : chaque dé inférieur ou égal est conservé, "
        "deux dés conservés font une réussite, l'altération donne les effets secondaires."
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
            default=_DEFAULT_INTRINSEQUE,
            choices=tuple(Choice(k, f"{_SCALE_NAMES[k]} ({_signed(v)})", v) for k, v in _INTRINSEQUE.items()),
            group="Difficulté",
        ),
        Param(
            "interet",
            "Intérêt scénaristique",
            "choice",
            default=_DEFAULT_INTERET,
            choices=tuple(Choice(k, f"{_SCALE_NAMES[k]} ({_signed(v)})", v) for k, v in _INTERET.items()),
            group="Difficulté",
        ),
        *_PLAYER_PARAMS,
    ),
    roll=_action_roll,
    odds=_action_odds,
    check=_action_check,
    actions=(_reroll_action("solaires.action"),),
)

OPPOSITION = Roller(
    id="solaires.opposition",
    title="Solaires : jet en opposition (règle optionnelle)",
    chapter="000, 002",
    summary=(
        "Seul l'agresseur lance les dés, contre une difficulté de trois moins les éléments engagés par le défenseur ; "
        "le reste suit la résolution d'une action."
    ),
    params=(
        Param(
            "defense",
            "Éléments du défenseur",
            "ints",
            default=(2,),
            minimum=1,
            maximum=3,
            min_items=1,
            max_items=2,
            help="Un ou deux scores de 1 à 3 (« 3,2 ») : la difficulté vaut 3 moins leur somme.",
            group="Défenseur",
        ),
        *_PLAYER_PARAMS,
    ),
    roll=_opposition_roll,
    odds=_opposition_odds,
    check=_opposition_check,
    actions=(_reroll_action("solaires.opposition"),),
)

ENVIRONNEMENT = Roller(
    id="solaires.environnement",
    title="Solaires : aléatoire dans l'environnement",
    chapter="000, 002",
    summary="Le meneur lance trois dés contre 2, 3 ou 4 : au moins deux dés conservés, c'est favorable aux joueurs.",
    params=(
        Param(
            "preference",
            "Préférence du meneur",
            "choice",
            default="neutre",
            choices=(
                Choice("defaveur", "Plutôt en défaveur des PJ (2)", 2),
                Choice("neutre", "Aucune préférence (3)", 3),
                Choice("faveur", "Plutôt en faveur des PJ (4)", 4),
            ),
        ),
    ),
    roll=_environnement_roll,
    odds=_environnement_odds,
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

ROLLERS = (ACTION, OPPOSITION, ENVIRONNEMENT, POINTS)
