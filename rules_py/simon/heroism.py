"""Simon Système's pools: the players' heroism and the meneur's porte-poisse (003, « Dés d’héroïsme et de porte-poisse »).

Every roll says who rolls (``qui``): a player spends and wins heroism points,
the meneur spends porte-poisse points (« Les points de dés porte-poisse
fonctionne exactement comme les points de dés d’héroïsme, sauf qu’il concerne
les jets que le maître de jeu ferra »). A die added before the roll costs 1
point, after it 2 points; at most 3 dice are added in all.

A player starts with 20 points (``points_depart``) and never holds more than
twice that; the dice of one throw count together, whatever the order they are
listed in: points + (number of 20) - (number of 1), then kept within 0 and
the cap; each 1 of a player gives the meneur one porte-poisse point, even at
0. The meneur starts with 10 points and has no cap (the cap is a
character's); the meneur's own 20s and 1s change no pool: the gain and loss
rule speaks of « la part d’un joueur ».

:func:`replay` keeps the accounts of one roll (a jet, a helper, or the two
sides of an opposition, one of whom may be the meneur, whose pool then also
receives the player's 1s), in the order things happened; :func:`state_dice`
reads back the dice of a roll and of those added since.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from ..errors import RulesError
from ..params import Choice, Param, shown

__all__ = [
    "BASE_DICE",
    "MAX_ADDED",
    "AFTER_COST",
    "JOUEUR",
    "MENEUR",
    "PLAYER_START",
    "MENEUR_START",
    "Pool",
    "Side",
    "Ledger",
    "pool_params",
    "pool_of",
    "check_pool",
    "replay",
    "pool_name",
    "added_word",
    "heroism_notes",
    "plural",
    "state_dice",
]

BASE_DICE = 5
MAX_ADDED = 3
AFTER_COST = 2
JOUEUR, MENEUR = "joueur", "meneur"
PLAYER_START = 20  # 003: « chaque joueur commence avec 20 points de dés d’héroïsme »
MENEUR_START = 10  # 003: « Le maître de jeu lui commence avec 10 points de dés porte-poisse »


class Pool(NamedTuple):
    """Who rolls and the pool they spend: a player's heroism (capped) or the meneur's porte-poisse."""

    who: str  # JOUEUR | MENEUR
    start: int  # points before the roll
    cap: int | None  # twice the starting points for a player; None for the meneur


class Side(NamedTuple):
    """One participant's dice in a roll: the pool, the dice added before, all the dice (added ones last)."""

    pool: Pool
    before: int
    values: list[int]
    name: str = ""  # « l’acteur (a) » in an opposition, "" alone


class Ledger(NamedTuple):
    points: int  # the pool after the roll
    porte_poisse: int  # porte-poisse points this side's 1s give the meneur (a player's only)
    lines: tuple[str, ...]


def pool_name(who: str, short: bool = False) -> str:
    """« points d’héroïsme » / « points de porte-poisse du meneur »."""
    if who == MENEUR:
        return "points de porte-poisse" if short else "points de porte-poisse du meneur"
    return "points d’héroïsme"


def added_word(who: str) -> str:
    """« Dés d’héroïsme » / « Dés de porte-poisse »: the dice a pool buys."""
    return "Dés de porte-poisse" if who == MENEUR else "Dés d’héroïsme"


def pool_params(suffix: str = "", who: str = "", group: str = "") -> tuple[Param, ...]:
    """``qui``, ``heroisme``, ``points``, ``points_depart`` (with ``suffix`` "_a"/"_b" in an opposition)."""
    return (
        Param(
            "qui" + suffix,
            f"Qui lance{who}",
            "choice",
            default=JOUEUR,
            choices=(
                Choice(JOUEUR, "Un joueur (points d’héroïsme)"),
                Choice(MENEUR, "Le meneur (points de porte-poisse)"),
            ),
            group=group,
            help="Le joueur dépense ses points d’héroïsme, le meneur ses points de porte-poisse, "
            "qui « fonctionne exactement comme » eux pour ses jets (003).",
        ),
        Param(
            "heroisme" + suffix,
            f"Dés d’héroïsme ou de porte-poisse avant le jet{who}",
            "int",
            default=0,
            minimum=0,
            maximum=MAX_ADDED,
            group=group,
            help="Dés ajoutés avant le jet, 1 point chacun ; au plus 3 dés ajoutés en tout, avant et après.",
        ),
        Param(
            "points" + suffix,
            f"Points d’héroïsme ou de porte-poisse{who}",
            "int",
            minimum=0,
            maximum=200,
            group=group,
            help=f"Avant le jet. Vide : les points de départ du joueur ({PLAYER_START} d’ordinaire), "
            f"ou les {MENEUR_START} points de porte-poisse du meneur en début de partie. "
            "Chaque 20 d’un joueur lui en rapporte un, chaque 1 lui en coûte un et en donne un au meneur.",
        ),
        Param(
            "points_depart" + suffix,
            f"Points d’héroïsme de départ{who}",
            "int",
            minimum=1,
            maximum=100,
            group=group,
            help=f"Vide : {PLAYER_START}. Un personnage n’en a jamais plus du double ; "
            "le meneur n’a pas de plafond (laissez vide).",
        ),
    )


def pool_of(args: Mapping[str, Any], suffix: str = "") -> Pool:
    """The pool of checked parameters (``qui``, ``points``, ``points_depart``), defaults filled in."""
    if args["qui" + suffix] == MENEUR:
        points = args["points" + suffix]
        return Pool(MENEUR, MENEUR_START if points is None else points, None)
    depart = args["points_depart" + suffix] or PLAYER_START
    points = args["points" + suffix]
    return Pool(JOUEUR, depart if points is None else points, 2 * depart)


def check_pool(
    args: Mapping[str, Any], suffix: str = "", who: str = "", pool: Pool | None = None, spent: int | None = None
) -> None:
    """Refuse a pool the rules do not allow, naming the field (``pool`` and ``spent``: the pool and the
    dice bought before the roll, when two sides share the meneur's pool)."""
    pool = pool or pool_of(args, suffix)
    depart, points = "points_depart" + suffix, "points" + suffix
    if pool.who == MENEUR and args[depart] is not None:
        raise RulesError(
            depart,
            f"Points d’héroïsme de départ{who} ({depart}) : le meneur n’a pas de points d’héroïsme, et sa réserve "
            f"de porte-poisse n’a pas de plafond ; laissez ce champ vide, reçu {args[depart]}.",
        )
    if pool.cap is not None and pool.start > pool.cap:
        raise RulesError(
            points,
            f"Points d’héroïsme ou de porte-poisse{who} ({points}) : un personnage a au plus le double de ses "
            f"points de départ, soit {pool.cap}, reçu {pool.start}.",
        )
    before = args["heroisme" + suffix] if spent is None else spent
    if before > pool.start:
        heroisme = "heroisme" + suffix
        raise RulesError(
            heroisme,
            f"Dés d’héroïsme ou de porte-poisse avant le jet{who} ({heroisme}) : chaque dé ajouté avant le jet "
            f"coûte 1 {_point(pool.who)}, il n’en reste que {pool.start}, reçu {before}.",
        )


def _point(who: str) -> str:
    return "point de porte-poisse" if who == MENEUR else "point d’héroïsme"


def plural(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def _dice_word(n: int) -> str:
    return f"{n} dé{'s' if n > 1 else ''}"


class _Account:
    """One pool while a roll is replayed: its points and the arithmetic of each change."""

    def __init__(self, pool: Pool) -> None:
        self.pool = pool
        self.points = pool.start
        self.lines: list[str] = []

    def pay(self, cost: int, why: str) -> None:
        if cost > self.points:
            raise RulesError("etat", "État : un dé ajouté n’a pas pu être payé.")
        self.lines.append(f"{self.points} - {cost} ({why}) = {self.points - cost}")
        self.points -= cost

    def count(self, crits: int, fumbles: int) -> None:
        """A player's own 20s and 1s of one throw, counted together, kept within 0 and the cap."""
        if not crits and not fumbles:
            return
        raw = self.points + crits - fumbles
        new = max(raw, 0) if self.pool.cap is None else min(max(raw, 0), self.pool.cap)
        terms = [str(self.points)]
        if crits:
            terms.append(f"+ {crits} ({'réussite critique' if crits == 1 else 'réussites critiques'})")
        if fumbles:
            terms.append(f"- {fumbles} ({'raté critique' if fumbles == 1 else 'ratés critiques'})")
        line = " ".join(terms) + f" = {raw}"
        if new > raw:
            line += ", jamais sous 0 : 0"
        elif new < raw:
            line += f", au plus le double des points de départ : {new}"
        self.lines.append(line)
        self.points = new

    def gain(self, fumbles: int, whose: str) -> None:
        """The meneur's porte-poisse from a player's 1s."""
        if fumbles:
            what = "raté critique" if fumbles == 1 else "ratés critiques"
            self.lines.append(f"{self.points} + {fumbles} ({what} {whose}) = {self.points + fumbles}")
            self.points += fumbles


def replay(sides: Mapping[str, Side], order: Sequence[str] = ()) -> tuple[dict[str, Ledger], Ledger | None]:
    """The accounts of one roll, replayed in the order things happened (refuses an unaffordable history).

    The dice added before the roll are paid first; then the first throw (five dice plus those added
    before it) counts as one: a player's 20s and 1s are added together, kept within 0 and the cap,
    and each 1 gives the meneur a porte-poisse point. Each die added after the roll (``order``: the
    side of each, in order; alone, the side's own extra dice) is a throw of its own, paid for first
    (2 points). The sides rolled by the meneur share one pool. Returns each side's ledger and the
    meneur's (None when nobody rolls for the meneur).
    """
    meneur: _Account | None = None
    accounts: dict[str, _Account] = {}
    for key, side in sides.items():
        if side.pool.who == MENEUR:
            meneur = meneur or _Account(side.pool)
            accounts[key] = meneur
        else:
            accounts[key] = _Account(side.pool)
    gained = dict.fromkeys(sides, 0)
    for key, side in sides.items():
        if side.before:
            added = "ajouté" + ("s" if side.before > 1 else "")
            accounts[key].pay(side.before, f"{_dice_word(side.before)} {added} avant le jet{_by(side)}")
    for key, side in sides.items():
        _throw(accounts[key], meneur, side, side.values[: BASE_DICE + side.before], gained, key)
    extra = {key: list(side.values[BASE_DICE + side.before :]) for key, side in sides.items()}
    if not order and len(sides) == 1:
        order = [next(iter(sides))] * len(next(iter(extra.values())))
    for key in order:
        side = sides[key]
        die = extra[key].pop(0)
        accounts[key].pay(AFTER_COST, f"dé ajouté après le jet{_by(side)}")
        _throw(accounts[key], meneur, side, [die], gained, key)
    ledgers = {
        key: Ledger(accounts[key].points, gained[key], tuple(accounts[key].lines))
        for key in sides
        if accounts[key] is not meneur
    }
    if meneur is not None:
        total = Ledger(meneur.points, 0, tuple(meneur.lines))
        ledgers.update({key: total for key, side in sides.items() if side.pool.who == MENEUR})
    return ledgers, (Ledger(meneur.points, 0, tuple(meneur.lines)) if meneur is not None else None)


def _by(side: Side) -> str:
    return f" par {side.name}" if side.name else ""


def _throw(
    account: _Account, meneur: _Account | None, side: Side, dice: list[int], gained: dict[str, int], key: str
) -> None:
    if side.pool.who == MENEUR:
        return  # the meneur's 20s and 1s change no pool
    fumbles = dice.count(1)
    account.count(dice.count(20), fumbles)
    gained[key] += fumbles
    if meneur is not None:
        meneur.gain(fumbles, f"de {side.name}" if side.name else "du joueur")


def heroism_notes(side: Side) -> list[str]:
    """What the side's 20s and 1s did to the pools, with the rule, in one note (nothing without them)."""
    values = side.values
    crits, fumbles = values.count(20), values.count(1)
    if not crits and not fumbles:
        return []
    if side.pool.who == MENEUR:
        return [
            "Les réussites et ratés critiques du meneur ne changent aucune réserve : le chapitre ne fait gagner "
            "ou perdre des points que sur « la part d’un joueur » (003, « Gain et Perte de points »)."
        ]
    parts = []
    if crits:
        parts.append(
            f"{plural(crits, 'réussite critique', 'réussites critiques')} : "
            f"+{crits} point{'s' if crits > 1 else ''} d’héroïsme"
        )
    if fumbles:
        parts.append(
            f"{plural(fumbles, 'raté critique', 'ratés critiques')} : "
            f"-{fumbles} point{'s' if fumbles > 1 else ''} d’héroïsme et "
            f"+{fumbles} point{'s' if fumbles > 1 else ''} de porte-poisse pour le meneur"
        )
    rule = (
        "Les dés d’un même lancer comptent ensemble, dans n’importe quel ordre ; "
        f"le total reste entre 0 et {side.pool.cap} (le double des points de départ)"
    )
    if fumbles:
        rule += (
            f", et le meneur gagne {'son point' if fumbles == 1 else 'ses points'} de porte-poisse "
            "même si le personnage est à 0"
        )
    return [" ; ".join(parts) + ". " + rule + "."]


def state_dice(values: Any, before: int, whose: str) -> list[int]:
    """A previous roll's dice read from its state: its own dice plus those added since, each 1 to 20."""
    if (
        not isinstance(values, list)
        or not BASE_DICE + before <= len(values) <= BASE_DICE + MAX_ADDED
        or not all(isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 20 for v in values)
    ):
        raise RulesError(
            "etat",
            f"État : les dés {whose} doivent être de {BASE_DICE + before} à "
            f"{BASE_DICE + MAX_ADDED} valeurs de 1 à 20, reçu {shown(values)}.",
        )
    return list(values)
