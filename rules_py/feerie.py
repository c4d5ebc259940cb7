"""Système Féerie, a dice pool of « efforts » (chapter 001).

Each side rolls d6; every 4, 5 or 6 is an effort. The player succeeds only
with strictly more efforts than the GM. An effort has probability exactly
1/2, so the odds are closed-form binomials: with X ~ B(n, 1/2) and
Y ~ B(m, 1/2), X - Y + m = X + (m - Y) ~ B(n + m, 1/2), hence
P(X - Y = d) = C(n + m, d + m) / 2^(n + m).
"""

from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import Any

from .dice import Dice
from .errors import RulesError
from .params import Choice, Param
from .results import die, group, result
from .roller import Roller, odds_payload, ordered_law

__all__ = ["ROLLERS"]

Args = dict[str, Any]


# ======================================================================
# Shared pieces
# ======================================================================


def _efforts(rolled: list[int]) -> int:
    return sum(v >= 4 for v in rolled)


def _marked(rolled: list[int]) -> list[dict[str, Any]]:
    return [die(v, 6, v >= 4, "effort" if v >= 4 else "sans effort") for v in rolled]


def _difference(n: int, m: int) -> dict[int, Fraction]:
    """Exact law of (efforts of n dice) - (efforts of m dice), p = 1/2."""
    total = 2 ** (n + m)
    return {d: Fraction(comb(n + m, d + m), total) for d in range(-m, n + 1)}


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n > 1 else ''}"


def _assistant_dice(ordinary: int, one_die: bool) -> int:
    """An assistant rolls half its ordinary dice, rounded up, at most 2 (or 1)."""
    return min((ordinary + 1) // 2, 1 if one_die else 2)


_ASSISTANT_LABELS = {
    "assistants": "Dés ordinaires des assistants",
    "assistants_a": "Dés ordinaires des assistants du camp A",
    "assistants_b": "Dés ordinaires des assistants du camp B",
}


def _check_assistants(args: Args, name: str) -> None:
    if args["un_seul_assistant"] and len(args[name]) > 1:
        raise RulesError(
            name,
            f"{_ASSISTANT_LABELS[name]} ({name}) : la variante « un seul assistant » n'en permet qu'un, "
            f"reçu {len(args[name])}.",
        )


def _pertinence_check(args: Args) -> None:
    if args["pertinence"] == "inapproprie":
        raise RulesError(
            "pertinence",
            "Pertinence de l'élément (pertinence) : un élément inapproprié est refusé par le meneur, "
            "car l'action n'a aucun rapport avec lui ou il serait un handicap ; choisissez un autre élément.",
        )


def _final_difficulty(args: Args) -> int:
    return max(0, int(args["difficulte"]) + _INTERET[args["interet"]])


def _difficulty_lines(args: Args) -> list[str]:
    shift = _INTERET[args["interet"]]
    final = _final_difficulty(args)
    if shift == 0:
        return [f"Difficulté : {final}"]
    raw = args["difficulte"] + shift
    line = f"Difficulté : {args['difficulte']} {'+' if shift > 0 else '-'} 1 (intérêt scénaristique) = {raw}"
    if raw < 0:
        line += " → 0 (jamais moins de 0)"
    return [line]


def _initiator_dice(args: Args) -> int:
    return int(args["element"]) + _PERTINENCE[args["pertinence"]]


def _initiator_line(args: Args) -> str:
    bonus = _PERTINENCE[args["pertinence"]]
    label = next(c.label for c in _PERTINENCE_CHOICES if c.value == args["pertinence"])
    return f"Dés du joueur : élément {args['element']} + {bonus} ({label}) = {args['element'] + bonus}"


_MAY_ADD = "le meneur peut ajouter un effet secondaire"


def _verdict(diff: int, players: int) -> tuple[str, bool]:
    """The outcome, flagging the book's side-effect cases without a direction the text does not give."""
    if diff >= 2:
        return f"Réussite avec plusieurs efforts excédentaires : {_MAY_ADD}", True
    if diff == 1:
        return "Réussite", True
    if diff == 0:
        return f"Échec par égalité : {_MAY_ADD}", False
    if players == 0:
        return f"Échec complet, aucun effort : {_MAY_ADD}", False
    return "Échec", False


#: 001, « Conséquences de l'action » (verbatim).
_SIDE_EFFECT_NOTE = (
    "Le meneur « peut aussi choisir d'ajouter des effets secondaires si l'action échoue avec une égalité "
    "ou si le personnage l'emporte avec plusieurs efforts excédentaires » (001, « Conséquences de l'action »)."
)
#: 001, « Définir l'action » (verbatim).
_MISS_NOTE = (
    "Le meneur « peut faire intervenir des effets supplémentaires qui pourraient survenirs si l'action réussi "
    "de beaucoup, échoue de justesse ou rate complètement » (001, « Définir l'action ») : ici, aucun effort."
)


def _action_odds_from(n: int, m: int) -> dict[str, Any]:
    law = _difference(n, m)
    p2 = sum((p for d, p in law.items() if d >= 2), Fraction(0))
    p1 = law.get(1, Fraction(0))
    p0 = law.get(0, Fraction(0))
    # a complete miss: no effort among the n dice while the GM has at least one (else it is a tie)
    p_miss = Fraction(1, 2**n) * (1 - Fraction(1, 2**m))
    pneg = sum((p for d, p in law.items() if d < 0), Fraction(0)) - p_miss
    issues = {
        "Réussite avec plusieurs efforts excédentaires": p2,
        "Réussite": p1,
        "Échec par égalité": p0,
        "Échec": pneg,
        "Échec complet, aucun effort": p_miss,
    }
    margin = ordered_law("Marge d'efforts (joueurs \u2212 meneur)", law, signed=True)
    return odds_payload(issues, p2 + p1, des_joueurs=n, des_meneur=m, echelle=margin)


def _players_vs_gm(
    roller_id: str,
    args: Args,
    dice: Dice,
    assistants: tuple[int, ...],
    one_die: bool,
    extra_notes: list[str],
) -> dict[str, Any]:
    n0 = _initiator_dice(args)
    helpers = [_assistant_dice(a, one_die) for a in assistants]
    gm = _final_difficulty(args)
    rolled = dice.roll(n0, 6)
    helper_rolls = [dice.roll(k, 6) for k in helpers]
    gm_rolled = dice.roll(gm, 6)
    players = _efforts(rolled) + sum(_efforts(r) for r in helper_rolls)
    gm_efforts = _efforts(gm_rolled)
    text, success = _verdict(players - gm_efforts, players)
    calc = _difficulty_lines(args) + [_initiator_line(args)]
    cap = 1 if one_die else 2
    for i, (ordinary, k) in enumerate(zip(assistants, helpers, strict=True), 1):
        calc.append(
            f"Assistant {i} : {_plural(ordinary, 'dé')} d'ordinaire → moitié arrondie au supérieur, au plus {cap} : {k}"
        )
    effort_parts = [str(_efforts(rolled))] + [str(_efforts(r)) for r in helper_rolls]
    if helpers:
        calc.append(f"Efforts des joueurs : {' + '.join(effort_parts)} = {players}")
    else:
        calc.append(f"Efforts du joueur : {players}")
    calc.append(f"Efforts du meneur : {gm_efforts}")
    calc.append(
        f"{players} {'>' if players > gm_efforts else ('=' if players == gm_efforts else '<')} {gm_efforts} : "
        + ("réussite (strictement plus d'efforts)" if success else "échec (il faut strictement plus d'efforts)")
    )
    groups = [group("Dés du joueur" + (" (initiateur)" if assistants else ""), _marked(rolled))]
    groups += [group(f"Dés de l'assistant {i}", _marked(r)) for i, r in enumerate(helper_rolls, 1)]
    groups.append(group("Dés du meneur", _marked(gm_rolled)))
    notes = list(extra_notes)
    if players - gm_efforts == 0 or players - gm_efforts >= 2:
        notes.append(_SIDE_EFFECT_NOTE)
    elif players == 0:
        notes.append(_MISS_NOTE)
    figures: dict[str, Any] = {}
    if assistants:
        figures["efforts_assistants"] = [_efforts(r) for r in helper_rolls]
        figures["des_assistants"] = helpers
    return result(
        roller_id,
        args,
        resultat=text,
        reussite=success,
        des=groups,
        calcul=calc,
        notes=notes,
        tirage=dice.drawn,
        difficulte=gm,
        des_joueur=n0,
        efforts_joueur=_efforts(rolled),
        efforts_joueurs=players,
        efforts_meneur=gm_efforts,
        excedent=players - gm_efforts,
        **figures,
    )


# ======================================================================
# feerie.action
# ======================================================================


def _action_roll(args: Args, dice: Dice) -> dict[str, Any]:
    return _players_vs_gm("feerie.action", args, dice, (), False, [])


def _action_odds(args: Args) -> dict[str, Any]:
    return _action_odds_from(_initiator_dice(args), _final_difficulty(args))


# ======================================================================
# feerie.collaboration
# ======================================================================

_TYPO_NOTE = (
    "Le texte écrit « les initiateurs ne lanceront que la moitié des dés » : il faut lire "
    "« les assistants » (coquille du texte)."
)


def _collaboration_check(args: Args) -> None:
    _pertinence_check(args)
    _check_assistants(args, "assistants")


def _collaboration_roll(args: Args, dice: Dice) -> dict[str, Any]:
    return _players_vs_gm(
        "feerie.collaboration", args, dice, args["assistants"], args["un_de_par_assistant"], [_TYPO_NOTE]
    )


def _collaboration_odds(args: Args) -> dict[str, Any]:
    n = _initiator_dice(args) + sum(_assistant_dice(a, args["un_de_par_assistant"]) for a in args["assistants"])
    return _action_odds_from(n, _final_difficulty(args))


# ======================================================================
# feerie.opposition
# ======================================================================


def _opposition_check(args: Args) -> None:
    _check_assistants(args, "assistants_a")
    _check_assistants(args, "assistants_b")


def _side_dice(args: Args, side: str) -> tuple[int, list[int], int]:
    """(initiator dice, assistants' dice, advantage dice) of camp ``side``."""
    one = args["un_de_par_assistant"]
    helpers = [_assistant_dice(a, one) for a in args[f"assistants_{side}"]]
    bonus = args["avantage"] if args["avantage_camp"] == side else 0
    return args[f"des_{side}"], helpers, bonus


def _opposition_roll(args: Args, dice: Dice) -> dict[str, Any]:
    groups: list[dict[str, Any]] = []
    calc: list[str] = []
    totals: dict[str, int] = {}
    cap = 1 if args["un_de_par_assistant"] else 2
    for side in ("a", "b"):
        n0, helpers, bonus = _side_dice(args, side)
        r0 = dice.roll(n0, 6)
        rh = [dice.roll(k, 6) for k in helpers]
        rb = dice.roll(bonus, 6)
        groups.append(group(f"Camp {side.upper()} : initiateur", _marked(r0)))
        groups += [group(f"Camp {side.upper()} : assistant {i}", _marked(r)) for i, r in enumerate(rh, 1)]
        if bonus:
            groups.append(group(f"Camp {side.upper()} : dés d'avantage", _marked(rb)))
        dice_parts = [str(n0)] + [str(k) for k in helpers] + ([str(bonus)] if bonus else [])
        n_total = n0 + sum(helpers) + bonus
        detail = (
            f"Camp {side.upper()} : "
            + (f"{' + '.join(dice_parts)} = " if len(dice_parts) > 1 else "")
            + _plural(n_total, "dé")
        )
        if helpers:
            detail += f" (assistants : moitié arrondie au supérieur, au plus {cap})"
        if bonus:
            detail += f" ({_plural(bonus, 'dé')} d'avantage)"
        calc.append(detail)
        parts = [_efforts(r0)] + [_efforts(r) for r in rh] + ([_efforts(rb)] if bonus else [])
        totals[side] = sum(parts)
        calc.append(
            f"Efforts du camp {side.upper()} : "
            + (f"{' + '.join(map(str, parts))} = {totals[side]}" if len(parts) > 1 else str(totals[side]))
        )
    a, b = totals["a"], totals["b"]
    if a > b:
        winner, text = "a", "Le camp A l'emporte"
    elif b > a:
        winner, text = "b", "Le camp B l'emporte"
    else:
        winner, text = None, "Échec mutuel ou blocage (le meneur choisit)"
    calc.append(f"{a} {'>' if a > b else ('<' if a < b else '=')} {b}")
    notes = []
    if winner is None:
        notes.append(
            "En cas d'égalité, le meneur décide s'il s'agit d'un échec mutuel ou d'un blocage "
            "de la situation qui demandera de nouvelles actions pour avancer."
        )
    if args["avantage"] and (args["assistants_a"] or args["assistants_b"]):
        notes.append("Le livre prévient : cumuler l'avantage avec la collaboration peut se montrer trop efficace.")
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
    law = _difference(n, m)
    pa = sum((p for d, p in law.items() if d > 0), Fraction(0))
    pb = sum((p for d, p in law.items() if d < 0), Fraction(0))
    issues = {
        "Le camp A l'emporte": pa,
        "Échec mutuel ou blocage (le meneur choisit)": law[0],
        "Le camp B l'emporte": pb,
    }
    margin = ordered_law("Marge d'efforts (camp A \u2212 camp B)", law, signed=True)
    return odds_payload(issues, pa, des_a=n, des_b=m, echelle=margin)


# ======================================================================
# Constant data
# ======================================================================

_PERTINENCE_CHOICES = (
    Choice("inapproprie", "Inapproprié (Non)", None),
    Choice("connexe", "Connexe (Pas de bonus)", 0),
    Choice("typique", "Typique (+1 dé)", 1),
    Choice("specifique", "Spécifique (+2 dés)", 2),
)
_PERTINENCE = {"inapproprie": 0, "connexe": 0, "typique": 1, "specifique": 2}
_INTERET = {"reussite": -1, "neutre": 0, "echec": 1}

_DIFFICULTY_SCALE = (
    ("0", "0 : tout le monde peut tenter sa chance"),
    ("1", "1 : il vaut mieux s’y connaître un peu"),
    ("2", "2 : difficile même pour un professionnel"),
    ("3", "3 : même un spécialiste peut s’y casser les dents"),
    ("4", "4 : même un maître serait facilement mis en déroute"),
    ("5", "5 : personne ne devrait essayer ça seul"),
    ("6", "6 : deux ou trois spécialistes ne seraient pas de trop"),
    ("7", "7 : un travail pour une équipe de trois ou quatre spécialistes"),
)

_NPC_SCALE = (
    ("1", "PNJ 1 : ce n'est pas du tout le domaine du personnage"),
    ("2", "PNJ 2 : il possède des compétences connexes"),
    ("3", "PNJ 3 : c'est un professionnel ou quelqu'un de plutôt doué dans ce domaine"),
    ("4", "PNJ 4 : c'est un expert spécialisé dans ce domaine"),
    ("5", "PNJ 5 : c'est un maître incontesté dans ce domaine spécifique"),
)
_MINION_SCALE = (
    ("1", "Sbires 1 : un sbire au rabais"),
    ("2", "Sbires 2 : quelques sbires au rabais ou un sbire médiocre"),
    ("3", "Sbires 3 : un groupe conséquent de sbires au rabais, quelques sbires médiocres ou un sbire de qualité"),
    (
        "4",
        "Sbires 4 : une armée de sbires au rabais, un groupe conséquent de sbires médiocres, quelques sbires de qualité",
    ),
    ("5", "Sbires 5 : une armée de sbires médiocres, un groupe conséquent de sbires de qualité"),
    ("6", "Sbires 6 : une armée de sbires de qualité"),
)

_ELEMENT = Param(
    "element",
    "Score de l'élément",
    "int",
    default=2,
    minimum=0,
    maximum=10,
    help="Le joueur lance autant de dés que le score de l'élément, plus l'éventuel bonus de pertinence.",
)
_PERTINENCE_PARAM = Param(
    "pertinence",
    "Pertinence de l'élément",
    "choice",
    default="connexe",
    choices=_PERTINENCE_CHOICES,
    help="Bonus de pertinence accordé par le meneur ; un élément inapproprié est refusé.",
)
_DIFFICULTE = Param(
    "difficulte",
    "Difficulté",
    "int",
    default=2,
    minimum=0,
    maximum=10,
    help=(
        "Le meneur lance autant de dés que la difficulté. Échelle du livre (0 à 7) : "
        + " ; ".join(label for _, label in _DIFFICULTY_SCALE)
        + "."
    ),
    preset_labels=_DIFFICULTY_SCALE,
)
_INTERET_PARAM = Param(
    "interet",
    "Intérêt scénaristique",
    "choice",
    default="neutre",
    choices=(
        Choice("reussite", "La réussite est plus intéressante (-1)", -1),
        Choice("neutre", "Neutre (0)", 0),
        Choice("echec", "L'échec est plus intéressant (+1)", 1),
    ),
    help="Modifie la difficulté de 1 ; elle ne descend jamais sous 0.",
)


def _assistants_param(name: str, label: str, group_name: str = "") -> Param:
    return Param(
        name,
        label,
        "ints",
        default=(),
        minimum=0,
        maximum=10,
        min_items=0,
        max_items=6,
        group=group_name,
        help=(
            "Le nombre de dés que chaque assistant lancerait d'ordinaire, séparés par des virgules (« 3,2 ») ; "
            "un assistant lance la moitié de ses dés, arrondie au supérieur, au plus 2. "
            "(Le texte écrit « les initiateurs » : c'est une coquille pour « les assistants ».)"
        ),
    )


_ONE_HELPER = Param(
    "un_seul_assistant",
    "Variante stricte : un seul assistant",
    "bool",
    default=False,
    help="Recommandée par le livre si votre jeu ne met pas l'accent sur l'entraide.",
)
_ONE_DIE = Param(
    "un_de_par_assistant",
    "Variante stricte : un dé par assistant",
    "bool",
    default=False,
    help="Les assistants lancent au plus 1 dé (au lieu de 2).",
)

ACTION = Roller(
    id="feerie.action",
    title="Système Féerie : résoudre une action",
    chapter="001",
    summary="Le joueur lance élément + bonus de pertinence d6, le meneur autant de d6 que la difficulté : "
    "chaque 4, 5 ou 6 est un effort, il faut strictement plus d'efforts que le meneur.",
    params=(_ELEMENT, _PERTINENCE_PARAM, _DIFFICULTE, _INTERET_PARAM),
    roll=_action_roll,
    odds=_action_odds,
    check=_pertinence_check,
)

COLLABORATION = Roller(
    id="feerie.collaboration",
    title="Système Féerie : action collaborative",
    chapter="001",
    summary="L'initiateur lance ses dés comme d'habitude, chaque assistant la moitié des siens (au plus 2) ; "
    "tous les efforts des joueurs s'additionnent contre ceux du meneur.",
    params=(
        _ELEMENT,
        _PERTINENCE_PARAM,
        _DIFFICULTE,
        _INTERET_PARAM,
        _assistants_param("assistants", "Dés ordinaires des assistants"),
        _ONE_HELPER,
        _ONE_DIE,
    ),
    roll=_collaboration_roll,
    odds=_collaboration_odds,
    check=_collaboration_check,
)

OPPOSITION = Roller(
    id="feerie.opposition",
    title="Système Féerie : actions en opposition",
    chapter="001",
    summary="Chaque camp lance ses dés, éventuellement avec des assistants et des dés d'avantage : "
    "le camp qui produit le plus d'efforts l'emporte.",
    params=(
        Param(
            "des_a",
            "Dés de l'initiateur du camp A",
            "int",
            default=3,
            minimum=0,
            maximum=10,
            group="Camp A",
            help="Élément + bonus de pertinence de l'initiateur du camp A.",
        ),
        _assistants_param("assistants_a", "Dés ordinaires des assistants du camp A", "Camp A"),
        Param(
            "des_b",
            "Dés de l'initiateur du camp B",
            "int",
            default=3,
            minimum=0,
            maximum=10,
            group="Camp B",
            help="Élément + bonus de pertinence, ou pour un PNJ sans fiche l'échelle du livre "
            "(1 à 5), ou pour des sbires l'échelle des sbires (1 à 6).",
            preset_labels=_NPC_SCALE + _MINION_SCALE,
        ),
        _assistants_param("assistants_b", "Dés ordinaires des assistants du camp B", "Camp B"),
        Param(
            "avantage",
            "Dés bonus d'avantage",
            "int",
            default=0,
            minimum=0,
            maximum=2,
            preset_labels=(
                ("0", "0 : aucun avantage"),
                ("1", "1 : un avantage significatif"),
                ("2", "2 : un avantage décisif"),
            ),
            help="Accordés à l'ensemble du camp, non à chacun de ses membres.",
        ),
        Param(
            "avantage_camp",
            "Camp qui a l'avantage",
            "choice",
            default="a",
            choices=(Choice("a", "Camp A"), Choice("b", "Camp B")),
        ),
        _ONE_HELPER,
        _ONE_DIE,
    ),
    roll=_opposition_roll,
    odds=_opposition_odds,
    check=_opposition_check,
)

ROLLERS = (ACTION, COLLABORATION, OPPOSITION)
