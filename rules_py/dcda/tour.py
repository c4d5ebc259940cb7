"""``dcda.tour``: one round between A and B, its roll, its exact odds.

One deck: A's card and B's card come from the same tarot, so a card drawn
for one side is never the other side's card, given or drawn. Order of the
draws (``--dice``): ``carte_a`` then ``carte_b``, each when not given.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..dice import Dice
from ..errors import RulesError
from ..params import Choice, Param, shown
from ..results import die, group, result
from ..roller import Roller, odds_payload, ordered_law
from .cards import CARD_BY_NAME, DECK, SUIT_LABELS, SUITS, Card, describe_cards, draw, finish, parse_domination, resolve
from .fields import (
    DOM_NOTE,
    DOM_PARAM,
    SUIT_CHOICES,
    TABLE_PARAM,
    allowed_text,
    forces_param,
    parse_powers,
    powers_params,
)
from .odds import duel_odds
from .table import ISSUES, issue_notes, parse_table, table_issue
from .words import count

__all__ = ["TOUR", "PARAMS", "check", "roll", "odds"]

Args = dict[str, Any]

_CARD_CHOICES = tuple(Choice(c.name, c.label, c.value) for c in DECK)
_OTHER = {"a": "b", "b": "a"}

PARAMS = (
    forces_param("forces_a", "Forces de A", (3, 3, 3, 3)),
    forces_param(
        "forces_b",
        "Forces de B",
        (3, 3, 3, 7),
        help_="Bâtons, Écus, Coupes, Dagues (jusqu'à 25 pour un environnement) ; par défaut, "
        "Nocturne, le PNJ du livre (Dagues 7, 3 ailleurs).",
    ),
    Param(
        "carte_a",
        "Carte de A",
        "choice",
        default=None,
        choices=_CARD_CHOICES,
        help="Vide : une carte tirée au hasard (dans l'enseigne choisie, s'il y en a une).",
    ),
    Param(
        "carte_b",
        "Carte de B",
        "choice",
        default=None,
        choices=_CARD_CHOICES,
        help="Vide : une carte tirée au hasard (dans l'enseigne choisie, s'il y en a une).",
    ),
    Param("enseigne_a", "Enseigne de A (tirage)", "choice", default=None, choices=SUIT_CHOICES),
    Param("enseigne_b", "Enseigne de B (tirage)", "choice", default=None, choices=SUIT_CHOICES),
    Param("tour", "Tour", "int", default=1, minimum=1, maximum=4),
    *powers_params(team=False),
    DOM_PARAM,
    TABLE_PARAM,
)


def _cards(args: Args, side: str) -> tuple[Card, ...]:
    """The cards side ``side`` may hold: the given card, a suit's pile, or every playable suit,
    without the other side's given card (one deck)."""
    card, suit = args[f"carte_{side}"], args[f"enseigne_{side}"]
    if card is not None:
        return (CARD_BY_NAME[card],)
    other = args[f"carte_{_OTHER[side]}"]
    taken = CARD_BY_NAME[other] if other is not None else None
    suits = (SUITS.index(suit),) if suit is not None else parse_powers(args).allowed
    return tuple(c for c in DECK if c.suit in suits and c != taken)


def check(args: Args) -> None:
    for side in ("a", "b"):
        card, suit = args[f"carte_{side}"], args[f"enseigne_{side}"]
        if card is not None and suit is not None and CARD_BY_NAME[card].suit != SUITS.index(suit):
            raise RulesError(
                f"enseigne_{side}",
                f"Enseigne de {side.upper()} (enseigne_{side}) : la carte {card} n'est pas de l'enseigne "
                f"{SUIT_LABELS[suit]} ; laissez l'enseigne vide ou choisissez une carte de cette enseigne.",
            )
    if args["carte_a"] is not None and args["carte_a"] == args["carte_b"]:
        raise RulesError(
            "carte_b", "Carte de B (carte_b) : les deux cartes viennent du même jeu, elles doivent être différentes."
        )
    powers = parse_powers(args)
    for side in ("a", "b"):
        for name, label in ((f"carte_{side}", "Carte"), (f"enseigne_{side}", "Enseigne")):
            value = args[name]
            if value is None:
                continue
            s = CARD_BY_NAME[value].suit if name.startswith("carte") else SUITS.index(value)
            if s not in powers.allowed:
                raise RulesError(
                    name,
                    f"{label} de {side.upper()} ({name}) : la meneuse ne laisse jouer que {allowed_text(powers)} ; "
                    f"choisissez une carte de l'une de ces enseignes, reçu {shown(value)}.",
                )
    parse_table(args["table"])


def _plan(args: Args) -> str:
    drawn = [side for side in ("a", "b") if args[f"carte_{side}"] is None]
    if not drawn:
        return "ce jet ne tire aucune carte : les deux sont choisies"
    who = "la carte de A puis celle de B" if len(drawn) == 2 else f"la carte de {drawn[0].upper()}"
    return f"ce jet tire {count(len(drawn), 'carte')}, {who}"


def roll(args: Args, dice: Dice) -> dict[str, Any]:
    dom = parse_domination(args["domination"])
    table = parse_table(args["table"])
    powers = parse_powers(args)
    round_ = args["tour"]
    plan = _plan(args)
    picked: dict[str, Card] = {}
    for side in ("a", "b"):
        if args[f"carte_{side}"] is not None:
            picked[side] = CARD_BY_NAME[args[f"carte_{side}"]]
        else:
            cards = [c for c in _cards(args, side) if c not in picked.values()]
            name = draw(dice, [c.name for c in cards], f"la carte de {side.upper()}", describe_cards(cards), plan)
            picked[side] = CARD_BY_NAME[name]
    finish(dice, plan)
    card_a, card_b = picked["a"], picked["b"]
    duel = resolve(card_a, card_b, args["forces_a"], args["forces_b"], powers.bonus_a, powers.bonus_b, dom)
    issue, issue_lines = issue_notes(table, round_, duel.loser_total)
    headline = {"a": "A remporte le tour", "b": "B remporte le tour", None: "Statu quo"}[duel.winner]
    notes = issue_lines + powers.lines() + [DOM_NOTE]
    if issue is not None:
        notes.append("Issue lue dans la table que vous avez saisie (celle de votre fiche), pas dans le texte du jeu.")
    return result(
        "dcda.tour",
        args,
        resultat=headline + (f" — {issue}" if issue else ""),
        reussite={"a": True, "b": False, None: None}[duel.winner],
        des=[
            group("Carte de A", [_card_die(card_a, duel.winner, "a", duel.dominated_a)]),
            group("Carte de B", [_card_die(card_b, duel.winner, "b", duel.dominated_b)]),
        ],
        calcul=list(duel.lines),
        notes=notes,
        tirage=list(dice.drawn),
        gagnant=duel.winner,
        totaux={"a": duel.total_a, "b": duel.total_b},
        force_perdant=duel.loser_total,
        tour=round_,
        issues_possibles=list(ISSUES.values()),
        issue=issue,
        issue_source="table de votre fiche" if issue else None,
    )


def _card_die(card: Card, winner: str | None, side: str, dominated: bool) -> dict[str, Any]:
    if winner is None:
        kept, mark = None, "statu quo"
    else:
        kept = winner == side
        mark = "gagnante" if kept else "perdante"
    if dominated:
        mark += ", dominée"
    out = die(card.name, None, kept, mark)
    out["libelle"] = card.label
    return out


def odds(args: Args) -> dict[str, Any]:
    table = parse_table(args["table"])
    powers = parse_powers(args)
    key = (lambda total: table_issue(table, args["tour"], total)) if table is not None else None
    margins: dict[int, Fraction] = {}
    wa, wb, sq, by_issue = duel_odds(
        _cards(args, "a"),
        _cards(args, "b"),
        args["forces_a"],
        args["forces_b"],
        powers.bonus_a,
        powers.bonus_b,
        parse_domination(args["domination"]),
        key,
        margins,
    )
    notes = [
        "Cartes non choisies : tirées au hasard dans la pile de leur enseigne (ou parmi les lames numérales "
        "des enseignes jouables), dans un seul jeu : une carte choisie ou tirée pour un camp n'est jamais "
        "celle de l'autre.",
    ]
    for side in ("a", "b"):
        other = args[f"carte_{_OTHER[side]}"]
        if args[f"carte_{side}"] is None and other is not None:
            n = len(_cards(args, side))
            notes.append(
                f"{side.upper()} tire sa carte parmi {count(n, 'carte')}, sans le {CARD_BY_NAME[other].label} "
                f"que tient {_OTHER[side].upper()}."
            )
    extra: dict[str, Any] = {
        "notes": notes + parse_powers(args).lines(),
        "echelle": ordered_law("Écart des forces totales (A \u2212 B)", margins, signed=True),
    }
    if table is not None:
        issues = {ISSUES[k]: by_issue.get(k, Fraction(0)) for k in ISSUES}
        issues["Statu quo"] = sq
        extra["issues_table"] = {k: float(v) for k, v in issues.items()}
        extra["exact_table"] = {k: f"{v.numerator}/{v.denominator}" for k, v in issues.items()}
        extra["notes"].append("Chances par issue : d'après la table de votre fiche.")
    return odds_payload({"A remporte le tour": wa, "B remporte le tour": wb, "Statu quo": sq}, wa, **extra)


TOUR = Roller(
    id="dcda.tour",
    title="De Cœur & D'Acier : résoudre un tour",
    chapter="004",
    summary="Deux cartes, deux fiches : force totale, domination des enseignes, gagnante du tour et force de la perdante.",
    params=PARAMS,
    roll=roll,
    odds=odds,
    check=check,
)
