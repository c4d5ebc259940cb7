"""``simon.opposition``: two participants' tests against each other (chapter 003).

Each participant makes a test: if only one succeeds, she wins; otherwise the
successful dice are compared (a 20 counts two, a 1 minus one), then the
overall level of success (die - seuil over the successful dice), then the
meneur decides. Follow-up ``ajouter_de``: a die added after the roll by
either side (heroism points, or the meneur's porte-poisse points).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from ..dice import Dice
from ..errors import RulesError
from ..params import Choice, Param
from ..results import action_offer, group, result
from ..roller import Action, Roller, odds_payload
from .fields import HEROISME_HELP, REUSSITES_HELP, character_params
from .heroism import (
    AFTER_COST,
    BASE_DICE,
    MAX_ADDED,
    Ledger,
    heroism_notes,
    points_line,
    replay_points,
    state_dice,
)
from .odds import side_law
from .seuil import check_character, die_marks, successes, threshold
from .words import NAMES, STEPS, WHO, WON_BY

__all__ = ["OPPOSITION"]

Args = dict[str, Any]


def _opposition_check(args: Args) -> None:
    check_character(args, "_a")
    check_character(args, "_b")
    for s in ("a", "b"):
        points, start, before = args[f"points_{s}"], args[f"points_depart_{s}"], args[f"heroisme_{s}"]
        if points is None:
            continue
        if points > 2 * start:
            raise RulesError(
                f"points_{s}",
                f"Points d'héroïsme{WHO[s]} (points_{s}) : au plus le double des points de départ, "
                f"soit {2 * start}, reçu {points}.",
            )
        if before > points:
            raise RulesError(
                f"heroisme_{s}",
                f"Dés d'héroïsme ou de porte-poisse{WHO[s]} (heroisme_{s}) : chaque dé ajouté avant le jet "
                f"coûte 1 point, il n'en reste que {points}, reçu {before}.",
            )


def _count(values: list[int], seuil: int) -> int:
    return sum(2 if v == 20 else (-1 if v == 1 else (1 if v >= seuil else 0)) for v in values)


def _margin(values: list[int], seuil: int) -> int:
    return sum(v - seuil for v in values if v == 20 or (v != 1 and v >= seuil))


def _side_offer(args: Args, s: str, values: list[int], ledger: Ledger) -> dict[str, Any]:
    tracked = args[f"points_{s}"] is not None
    cost = f"{AFTER_COST} points d'héroïsme" if tracked else f"{AFTER_COST} points de porte-poisse du meneur"
    label = f"Ajouter un dé à {NAMES[s]} ({cost})"
    added = len(values) - BASE_DICE
    if added >= MAX_ADDED:
        return action_offer(
            "ajouter_de",
            label,
            False,
            f"Au plus {MAX_ADDED} dés ajoutés en tout pour {NAMES[s]}, avant et après le jet.",
            parametres={"camp": s},
        )
    if tracked and ledger.points < AFTER_COST:
        return action_offer(
            "ajouter_de",
            label,
            False,
            f"Il faut {AFTER_COST} points d'héroïsme à {NAMES[s]}, il en reste {ledger.points}.",
            parametres={"camp": s},
        )
    return action_offer("ajouter_de", label, True, parametres={"camp": s})


def _opposition_result(args: Args, rolled: dict[str, list[int]], drawn: list[int] | None = None) -> dict[str, Any]:
    sides = {s: (threshold(args, f"_{s}", reussites=args[f"reussites_{s}"]), rolled[s]) for s in ("a", "b")}
    calc: list[str] = []
    ok: dict[str, bool] = {}
    ledgers: dict[str, Ledger] = {}
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
        start, before = args[f"points_{s}"], args[f"heroisme_{s}"]
        tracked = start is not None
        cap = 2 * args[f"points_depart_{s}"]
        ledgers[s] = replay_points(start or 0, cap, before, values, tracked)
        if tracked:
            calc.append(f"{s} : " + points_line(start, ledgers[s]))
            notes += [f"{NAMES[s][0].upper()}{NAMES[s][1:]} : {n}" for n in heroism_notes(values, cap)]
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
        text = f"{NAMES[winner][0].upper()}{NAMES[winner][1:]} l'emporte {WON_BY[step]}"
    elif step == "aucun":
        text = "Aucun ne réussit : l'action de l'acteur (a) échoue"
    else:
        text = "Égalité parfaite : le maître de jeu décide du résultat"
    calc.append(f"Décidé par : {STEPS[step]}")
    if args["heroisme_a"] or args["heroisme_b"]:
        notes.insert(
            0, "Les dés d'héroïsme (ou de porte-poisse du meneur) ajoutés avant le jet coûtent 1 point chacun."
        )
    groups = []
    for s, (th, values) in sides.items():
        before = args[f"heroisme_{s}"]
        groups.append(group(f"Dés de {NAMES[s]} (seuil {th.seuil})", die_marks(values[: BASE_DICE + before], th.seuil)))
        if len(values) > BASE_DICE + before:
            groups.append(
                group(
                    f"Dés ajoutés après le jet par {NAMES[s]} (2 points chacun)",
                    die_marks(values[BASE_DICE + before :], th.seuil),
                )
            )
    followed = {s: args[f"points_{s}"] is not None for s in ("a", "b")}
    return result(
        "simon.opposition",
        args,
        resultat=text,
        reussite=None if step == "meneur" else winner == "a",
        des=groups,
        calcul=calc,
        notes=notes,
        tirage=rolled["a"] + rolled["b"] if drawn is None else drawn,
        etat={"parametres": dict(args), "des_a": list(rolled["a"]), "des_b": list(rolled["b"])},
        actions=[_side_offer(args, s, rolled[s], ledgers[s]) for s in ("a", "b")],
        gagnant=winner,
        etape=step,
        seuil={"a": sides["a"][0].seuil, "b": sides["b"][0].seuil},
        seuil_a=sides["a"][0].seuil,
        seuil_b=sides["b"][0].seuil,
        reussite_a=ok["a"],
        reussite_b=ok["b"],
        points_a=ledgers["a"].points if followed["a"] else None,
        points_b=ledgers["b"].points if followed["b"] else None,
        porte_poisse=sum(ledgers[s].porte_poisse for s in ("a", "b")),
    )


def _opposition_roll(args: Args, dice: Dice) -> dict[str, Any]:
    rolled = {s: dice.roll(BASE_DICE + args[f"heroisme_{s}"], 20) for s in ("a", "b")}
    return _opposition_result(args, rolled)


def _opposition_add_die(state: Mapping[str, Any], action_args: Args, dice: Dice) -> dict[str, Any]:
    raw = state.get("parametres")
    if not isinstance(raw, Mapping):
        raise RulesError("etat", "État : les paramètres du jet précédent manquent.")
    args = OPPOSITION.parse(raw)
    rolled: dict[str, list[int]] = {}
    for s in ("a", "b"):
        before = args[f"heroisme_{s}"]
        values = state_dice(state.get(f"des_{s}"), before, f"de {NAMES[s]}")
        # replays the points (refuses an added die that could not be paid for)
        replay_points(
            args[f"points_{s}"] or 0, 2 * args[f"points_depart_{s}"], before, values, args[f"points_{s}"] is not None
        )
        rolled[s] = list(values)
    s = action_args["camp"]
    values = rolled[s]
    if len(values) - BASE_DICE >= MAX_ADDED:
        raise RulesError(
            "camp",
            f"Camp : au plus {MAX_ADDED} dés ajoutés en tout pour {NAMES[s]}, avant et après le jet ; "
            f"il y en a déjà {len(values) - BASE_DICE}.",
        )
    start = args[f"points_{s}"]
    if start is not None:
        left = replay_points(start, 2 * args[f"points_depart_{s}"], args[f"heroisme_{s}"], values).points
        if left < AFTER_COST:
            raise RulesError(
                "camp",
                f"Camp : il faut {AFTER_COST} points d'héroïsme à {NAMES[s]}, il en reste {left}.",
            )
    new = dice.d(20)
    rolled[s] = values + [new]
    return _opposition_result(args, rolled, [new])


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
        "a l'emporte : seul à réussir": Fraction(w["seul_a"], denominator),
        "a l'emporte aux dés en réussite": Fraction(w["des_a"], denominator),
        "a l'emporte au niveau de réussite": Fraction(w["niveau_a"], denominator),
        "Égalité parfaite : le maître de jeu décide": Fraction(w["meneur"], denominator),
        "b l'emporte au niveau de réussite": Fraction(w["niveau_b"], denominator),
        "b l'emporte aux dés en réussite": Fraction(w["des_b"], denominator),
        "b l'emporte : seul à réussir": Fraction(w["seul_b"], denominator),
        "Aucun ne réussit : l'action de l'acteur échoue": Fraction(fa * fb, denominator),
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
        for p in character_params(s, who, grp)
        + (
            Param(
                "reussites" + s,
                f"Réussites demandées{who}",
                "int",
                default=3,
                minimum=1,
                maximum=8,
                group=grp,
                help=REUSSITES_HELP,
            ),
            Param(
                "heroisme" + s,
                f"Dés d'héroïsme ou de porte-poisse{who}",
                "int",
                default=0,
                minimum=0,
                maximum=3,
                group=grp,
                help=HEROISME_HELP,
            ),
            Param(
                "points" + s,
                f"Points d'héroïsme{who}",
                "int",
                minimum=0,
                maximum=200,
                group=grp,
                help="Le personnage d'un joueur : ses points avant le jet, suivis comme dans un jet contre "
                "le monde (chaque 20 en rapporte un, chaque 1 en coûte un et donne un point de porte-poisse "
                "au meneur). Vide : un personnage du meneur, dont les dés de porte-poisse ne sont pas suivis ici.",
            ),
            Param(
                "points_depart" + s,
                f"Points d'héroïsme de départ{who}",
                "int",
                default=20,
                minimum=1,
                maximum=100,
                group=grp,
                help="20 d'ordinaire ; on ne peut jamais avoir plus du double.",
            ),
        )
    ),
    roll=_opposition_roll,
    odds=_opposition_odds,
    check=_opposition_check,
    actions=(
        Action(
            "ajouter_de",
            "Ajouter un dé après le jet (2 points)",
            (
                Param(
                    "camp",
                    "Camp",
                    "choice",
                    required=True,
                    choices=(Choice("a", "L'acteur (a)"), Choice("b", "Celui qui réagit (b)")),
                    help="Le participant qui ajoute un dé après le jet.",
                ),
            ),
            _opposition_add_die,
        ),
    ),
)
