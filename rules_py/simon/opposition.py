"""``simon.opposition``: two participants' tests against each other (chapter 003).

Each participant makes a test: if only one succeeds, she wins; otherwise the
successful dice are compared (a 20 counts two, a 1 minus one), then the
overall level of success (die - seuil over the successful dice), then the
meneur decides. Each side says who rolls it (``qui_a``, ``qui_b``): a player
with heroism points, the meneur with porte-poisse points; the sides the
meneur rolls share one pool, which also receives the players' 1s. Follow-up
``ajouter_de``: a die added after the roll by either side, from its pool.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from ..dice import Dice
from ..errors import RulesError
from ..params import Choice, Param, echoed
from ..results import group, result
from ..roller import Action, Roller, odds_payload
from .fields import character_params, reussites_param
from .heroism import (
    AFTER_COST,
    BASE_DICE,
    MAX_ADDED,
    MENEUR,
    MENEUR_START,
    Ledger,
    Pool,
    Side,
    added_word,
    check_pool,
    heroism_notes,
    pool_name,
    pool_of,
    pool_params,
    replay,
    state_dice,
)
from .jet import add_die_offer, asked_notes, points_line
from .odds import side_law
from .seuil import check_character, die_marks, specialisation_notes, successes, threshold
from .words import NAMES, STEPS, WHO, WON_BY

__all__ = ["OPPOSITION"]

Args = dict[str, Any]


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _opposition_check(args: Args) -> None:
    check_character(args, "_a")
    check_character(args, "_b")
    both = args["qui_a"] == MENEUR and args["qui_b"] == MENEUR
    if both and None not in (args["points_a"], args["points_b"]) and args["points_a"] != args["points_b"]:
        raise RulesError(
            "points_b",
            f"Points d’héroïsme ou de porte-poisse{WHO['b']} (points_b) : les deux participants sont joués par le "
            "meneur, qui n’a qu’une réserve de porte-poisse ; donnez-la une fois (points_a), "
            f"reçu {args['points_a']} et {args['points_b']}.",
        )
    pools = _pools(args)
    spent = args["heroisme_a"] + args["heroisme_b"] if both else None
    for side in ("a", "b"):
        check_pool(args, f"_{side}", WHO[side], pools[side], spent)


def _pools(args: Args) -> dict[str, Pool]:
    """Each side's pool; the sides the meneur rolls share one (its points given on either side)."""
    pools = {s: pool_of(args, f"_{s}") for s in ("a", "b")}
    if pools["a"].who == MENEUR and pools["b"].who == MENEUR:
        given = [args[f"points_{s}"] for s in ("a", "b") if args[f"points_{s}"] is not None]
        shared = Pool(MENEUR, given[0] if given else MENEUR_START, None)
        pools = {"a": shared, "b": shared}
    return pools


def _count(values: list[int], seuil: int) -> int:
    return sum(2 if v == 20 else (-1 if v == 1 else (1 if v >= seuil else 0)) for v in values)


def _margin(values: list[int], seuil: int) -> int:
    return sum(v - seuil for v in values if v == 20 or (v != 1 and v >= seuil))


def _sides(args: Args, rolled: dict[str, list[int]]) -> dict[str, Side]:
    pools = _pools(args)
    return {s: Side(pools[s], args[f"heroisme_{s}"], rolled[s], NAMES[s]) for s in ("a", "b")}


def _opposition_result(
    args: Args, rolled: dict[str, list[int]], order: list[str], drawn: list[int] | None = None
) -> dict[str, Any]:
    sides = {s: (threshold(args, f"_{s}", reussites=args[f"reussites_{s}"]), rolled[s]) for s in ("a", "b")}
    accounts = _sides(args, rolled)
    ledgers, meneur = replay(accounts, order)
    calc: list[str] = []
    ok: dict[str, bool] = {}
    notes: list[str] = []
    for s, (th, values) in sides.items():
        got = successes(values, th.seuil)
        need = args[f"reussites_{s}"]
        ok[s] = got >= need
        calc += [f"{s} : {line}" for line in th.lines]
        calc.append(
            f"{s} : {got} dé{'s' if got > 1 else ''} en réussite sur {len(values)}, "
            f"{need} requise{'s' if need > 1 else ''} : " + ("réussite" if ok[s] else "échec")
        )
        own = asked_notes(need, len(values), against_world=False)
        own += specialisation_notes(args, f"_{s}") + heroism_notes(accounts[s])
        notes += [f"{_cap(NAMES[s])} : {n[:1].lower()}{n[1:]}" for n in own]
    if meneur is not None and all(side.pool.who == MENEUR for side in accounts.values()):
        calc.append("a et b : " + points_line(accounts["a"].pool, meneur.lines))
    else:
        for s in ("a", "b"):
            calc.append(f"{s} : " + points_line(accounts[s].pool, ledgers[s].lines))
    winner: str | None
    if ok["a"] != ok["b"]:
        winner, step = ("a" if ok["a"] else "b"), "seul"
    elif not ok["a"]:
        winner, step = None, "aucun"
    else:
        ca, cb = (_count(v, th.seuil) for th, v in sides.values())
        calc.append(f"Dés en réussite (20 = 2, 1 = -1) : a {ca}, b {cb}")
        if ca != cb:
            winner, step = ("a" if ca > cb else "b"), "des"
        else:
            ma, mb = (_margin(v, th.seuil) for th, v in sides.values())
            calc.append(f"Niveau global de réussite (somme de dé - seuil) : a {ma}, b {mb}")
            if ma != mb:
                winner, step = ("a" if ma > mb else "b"), "niveau"
            else:
                winner, step = None, "meneur"
    if winner:
        text = f"{_cap(NAMES[winner])} l’emporte {WON_BY[step]}"
    elif step == "aucun":
        text = "Aucun ne réussit : l’action de l’acteur (a) échoue"
    else:
        text = "Égalité parfaite : le maître de jeu décide du résultat"
    calc.append(f"Décidé par : {STEPS[step]}")
    groups = []
    for s, (th, values) in sides.items():
        before = args[f"heroisme_{s}"]
        groups.append(group(f"Dés de {NAMES[s]} (seuil {th.seuil})", die_marks(values[:BASE_DICE], th.seuil)))
        if before:
            word = added_word(accounts[s].pool.who)
            groups.append(
                group(
                    f"{word} ajoutés avant le jet par {NAMES[s]} (1 point chacun)",
                    die_marks(values[BASE_DICE : BASE_DICE + before], th.seuil),
                )
            )
        if len(values) > BASE_DICE + before:
            groups.append(
                group(
                    f"Dés ajoutés après le jet par {NAMES[s]} (2 points chacun)",
                    die_marks(values[BASE_DICE + before :], th.seuil),
                )
            )
    return result(
        "simon.opposition",
        args,
        resultat=text,
        reussite=None if step == "meneur" else winner == "a",
        des=groups,
        calcul=calc,
        notes=notes,
        tirage=rolled["a"] + rolled["b"] if drawn is None else drawn,
        etat={
            "parametres": dict(args),
            "des_a": list(rolled["a"]),
            "des_b": list(rolled["b"]),
            "ajouts": list(order),
        },
        actions=[_side_offer(accounts[s], ledgers[s], s) for s in ("a", "b")],
        gagnant=winner,
        etape=step,
        seuil={"a": sides["a"][0].seuil, "b": sides["b"][0].seuil},
        seuil_a=sides["a"][0].seuil,
        seuil_b=sides["b"][0].seuil,
        reussite_a=ok["a"],
        reussite_b=ok["b"],
        qui_a=accounts["a"].pool.who,
        qui_b=accounts["b"].pool.who,
        points_a=ledgers["a"].points,
        points_b=ledgers["b"].points,
        porte_poisse=sum(ledgers[s].porte_poisse for s in ("a", "b") if accounts[s].pool.who != MENEUR),
    )


def _side_offer(side: Side, ledger: Ledger, s: str) -> dict[str, Any]:
    return add_die_offer(
        side.pool, ledger.points, len(side.values) - BASE_DICE, f" à {NAMES[s]}", parametres={"camp": s}
    )


def _opposition_roll(args: Args, dice: Dice) -> dict[str, Any]:
    rolled = {s: dice.roll(BASE_DICE + args[f"heroisme_{s}"], 20, f"Dés de {NAMES[s]}") for s in ("a", "b")}
    return _opposition_result(args, rolled, [])


def _read_order(state: Mapping[str, Any], args: Args, rolled: dict[str, list[int]]) -> list[str]:
    """The side of each die added after the roll, in order, checked against the dice."""
    order = state.get("ajouts", [])
    extra = {s: len(rolled[s]) - BASE_DICE - args[f"heroisme_{s}"] for s in ("a", "b")}
    if (
        not isinstance(order, list)
        or any(side not in ("a", "b") for side in order)
        or any(order.count(s) != extra[s] for s in ("a", "b"))
    ):
        raise RulesError(
            "etat",
            "État : l’ordre des dés ajoutés après le jet (ajouts) ne correspond pas aux dés de chaque participant.",
        )
    return list(order)


def _opposition_add_die(state: Mapping[str, Any], action_args: Args, dice: Dice) -> dict[str, Any]:
    raw = state.get("parametres")
    if not isinstance(raw, Mapping):
        raise RulesError("etat", "État : les paramètres du jet précédent manquent.")
    args = OPPOSITION.parse(echoed(raw))
    rolled = {s: state_dice(state.get(f"des_{s}"), args[f"heroisme_{s}"], f"de {NAMES[s]}") for s in ("a", "b")}
    order = _read_order(state, args, rolled)
    sides = _sides(args, rolled)
    ledgers, _ = replay(sides, order)  # refuses an added die that could not be paid for
    s = action_args["camp"]
    if len(rolled[s]) - BASE_DICE >= MAX_ADDED:
        raise RulesError(
            "camp",
            f"Camp : au plus {MAX_ADDED} dés ajoutés en tout pour {NAMES[s]}, avant et après le jet ; "
            f"il y en a déjà {len(rolled[s]) - BASE_DICE}.",
        )
    pool = sides[s].pool
    if ledgers[s].points < AFTER_COST:
        owner = "au meneur" if pool.who == MENEUR else f"à {NAMES[s]}"
        raise RulesError(
            "camp",
            f"Camp : il faut {AFTER_COST} {pool_name(pool.who, True)} {owner}, il en reste {ledgers[s].points}.",
        )
    new = dice.d(20, f"Dé ajouté après le jet de {NAMES[s]}")
    rolled[s] = rolled[s] + [new]
    return _opposition_result(args, rolled, order + [s], [new])


def _opposition_odds(args: Args) -> dict[str, Any]:
    na, nb = BASE_DICE + args["heroisme_a"], BASE_DICE + args["heroisme_b"]
    fa, la = side_law(na, threshold(args, "_a").seuil, args["reussites_a"])
    fb, lb = side_law(nb, threshold(args, "_b").seuil, args["reussites_b"])
    ta, tb = 20**na, 20**nb
    sa, sb = ta - fa, tb - fb
    w = dict.fromkeys(("seul_a", "des_a", "niveau_a", "meneur", "niveau_b", "des_b", "seul_b"), 0)
    w["seul_a"], w["seul_b"] = sa * fb, fa * sb
    totals_b = {c: sum(m.values()) for c, m in lb.items()}
    for ca, ma in la.items():
        total_a = sum(ma.values())
        below = sum(t for c, t in totals_b.items() if c < ca)
        above = sum(t for c, t in totals_b.items() if c > ca)
        w["des_a"] += total_a * below
        w["des_b"] += total_a * above
        mb = lb.get(ca)
        if not mb:
            continue
        keys = sorted(set(ma) | set(mb))
        cum_b = 0  # weight of b's margins strictly below the current key
        total_b = totals_b[ca]
        for k in keys:
            wa, wb = ma.get(k, 0), mb.get(k, 0)
            if wa:
                w["niveau_a"] += wa * cum_b
                w["meneur"] += wa * wb
                w["niveau_b"] += wa * (total_b - cum_b - wb)
            cum_b += wb
    denominator = ta * tb
    issues = {
        "a l’emporte : seul à réussir": Fraction(w["seul_a"], denominator),
        "a l’emporte aux dés en réussite": Fraction(w["des_a"], denominator),
        "a l’emporte au niveau de réussite": Fraction(w["niveau_a"], denominator),
        "Égalité parfaite : le maître de jeu décide": Fraction(w["meneur"], denominator),
        "b l’emporte au niveau de réussite": Fraction(w["niveau_b"], denominator),
        "b l’emporte aux dés en réussite": Fraction(w["des_b"], denominator),
        "b l’emporte : seul à réussir": Fraction(w["seul_b"], denominator),
        "Aucun ne réussit : l’action de l’acteur échoue": Fraction(fa * fb, denominator),
    }
    p_a = Fraction(w["seul_a"] + w["des_a"] + w["niveau_a"], denominator)
    return odds_payload(issues, p_a)


OPPOSITION = Roller(
    id="simon.opposition",
    title="Simon Système : jets en opposition",
    chapter="003",
    summary="Chaque participant fait son jet : si un seul réussit, il gagne ; sinon on compare les dés en "
    "réussite, puis le niveau global de réussite, puis le maître de jeu décide.",
    params=tuple(
        p
        for s, who, grp in (
            ("_a", " (acteur, a)", "Acteur (a)"),
            ("_b", " (celui qui réagit, b)", "Celui qui réagit (b)"),
        )
        for p in character_params(s, who, grp) + (reussites_param(s, who, grp),) + pool_params(s, who, grp)
    ),
    roll=_opposition_roll,
    odds=_opposition_odds,
    check=_opposition_check,
    actions=(
        Action(
            "ajouter_de",
            "Ajouter un dé après le jet (2 points d’héroïsme ou de porte-poisse)",
            (
                Param(
                    "camp",
                    "Camp",
                    "choice",
                    required=True,
                    choices=(Choice("a", "L’acteur (a)"), Choice("b", "Celui qui réagit (b)")),
                    help="Le participant qui ajoute un dé après le jet.",
                ),
            ),
            _opposition_add_die,
        ),
    ),
)
