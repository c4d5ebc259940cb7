"""Simon Système (chapter 003): 5d20 against a seuil, counting successes.

A die succeeds when it is >= the seuil; a 20 (critical success) always
succeeds and a 1 (critical failure) always fails, whatever the seuil. The
seuil comes from the character's level of qualification (from its
expertise), shifted by the number of levels between it and the level the
test requires, plus a modifier.

Odds are exact: a die falls in one of four categories (critical failure,
plain failure, success with a margin, critical success), so a roll is a
multinomial over category counts, and the margins of the successful dice
are convolutions of a uniform range (never an enumeration of 20^n rolls).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from math import comb
from typing import Any, NamedTuple

from .dice import Dice
from .errors import RulesError
from .params import Choice, Param, shown
from .results import action_offer, die, group, result
from .roller import Action, Roller, odds_payload, ordered_law
from .simon_heroism import (
    AFTER_COST,
    BASE_DICE,
    MAX_ADDED,
    Ledger,
    heroism_notes,
    points_line,
    replay_points,
)
from .simon_odds import faces, side_law

__all__ = ["ROLLERS", "Level", "LEVELS", "level_of", "Threshold", "threshold"]

Args = dict[str, Any]


# ======================================================================
# The scale of qualification and the seuil
# ======================================================================


class Level(NamedTuple):
    value: str  # contract value of ``niveau``
    label: str  # the book's word
    seuil: int
    min_expertise: int


LEVELS = (
    Level("incompetent", "Incompétent", 16, 0),
    Level("amateur", "Amateur", 14, 1),
    Level("debutant", "Débutant", 13, 2),
    Level("connaisseur", "Connaisseur", 12, 3),
    Level("professionnel", "Professionnel", 11, 5),
    Level("expert", "Expert", 10, 9),
    Level("maitre", "Maître", 9, 14),
    Level("grand-maitre", "Grand Maître", 8, 17),
)
_LEVEL_INDEX = {lv.value: i for i, lv in enumerate(LEVELS)}

_CARACTERISTIQUES = {
    "tres-faible": ("Très faible", 1),
    "faible": ("Faible", 2),
    "normale": ("Normale", 4),
    "au-dessus": ("Au dessus de la Normale", 5),
    "heroique": ("Héroïque", 9),
}


def level_of(expertise: int) -> int:
    """Index in :data:`LEVELS` of an expertise value (the table of 003)."""
    return max(i for i, lv in enumerate(LEVELS) if expertise >= lv.min_expertise)


class Threshold(NamedTuple):
    seuil: int
    expertise: int
    level: Level
    notation: str  # "3(Débutant+2)"
    lines: tuple[str, ...]  # the arithmetic, in French


def threshold(args: Mapping[str, Any], suffix: str = "", reussites: int | None = None) -> Threshold:
    """The seuil of a test from checked parameters (``expertise`` or ``caracteristique``, ``niveau``,
    ``modificateur``; ``suffix`` "_a"/"_b" for an opposition)."""
    expertise, carac = args["expertise" + suffix], args["caracteristique" + suffix]
    lines = []
    if carac is not None:
        label, expertise = _CARACTERISTIQUES[carac]
        lines.append(f"Caractéristique {label} : valeur d'expertise {expertise}")
    idx = level_of(expertise)
    own = LEVELS[idx]
    lines.append(f"Expertise {expertise} : niveau {own.label}, seuil de réussite {own.seuil}")
    mod = args["modificateur" + suffix]
    required = args["niveau" + suffix]
    mod_text = f"{mod:+d}" if mod else ""

    def notation_of(label: str) -> str:
        return f"de niveau {label}{mod_text}" if reussites is None else f"{reussites}({label}{mod_text})"

    if required is None:
        seuil = own.seuil + mod
        notation = notation_of(own.label)
        arithmetic = f"{own.seuil} {'+' if mod >= 0 else '-'} {abs(mod)} = {seuil}" if mod else f"{seuil}"
        lines.append(f"Test sur le niveau du personnage, {notation} : seuil {arithmetic}")
    else:
        ridx = _LEVEL_INDEX[required]
        req = LEVELS[ridx]
        gap = idx - ridx  # > 0: more competent than required
        seuil = own.seuil - gap + mod
        notation = notation_of(req.label)
        parts = [str(own.seuil)]
        if gap > 0:
            parts.append(f"- {gap} ({_levels(gap)} au-dessus {_de(req.label)})")
        elif gap < 0:
            parts.append(f"+ {-gap} ({_levels(-gap)} sous {req.label})")
        if mod:
            parts.append(f"{'+' if mod > 0 else '-'} {abs(mod)} (modificateur)")
        arithmetic = " ".join(parts) + (f" = {seuil}" if len(parts) > 1 else "")
        lines.append(f"Test {notation} : seuil {arithmetic}")
    if reussites is not None:
        lines.append(f"Soit {notation} = {reussites}({seuil})")
    if seuil > 20:
        lines.append("Seuil au-delà de 20 : seul un 20 (réussite critique) réussit.")
    elif seuil < 2:
        lines.append("Seuil sous 2 : tout dé réussit, sauf un 1 (raté critique).")
    return Threshold(seuil, expertise, own, notation, tuple(lines))


def _de(word: str) -> str:
    """« de Débutant », « d'Incompétent », « d'Expert »."""
    return f"d'{word}" if word[:1].lower() in "aeiouyéèêâîôh" else f"de {word}"


def _levels(n: int) -> str:
    return f"{n} niveau{'x' if n > 1 else ''}"


def _check_character(args: Args, suffix: str = "") -> None:
    e, c = "expertise" + suffix, "caracteristique" + suffix
    who = {"_a": " (acteur, a)", "_b": " (celui qui réagit, b)"}.get(suffix, "")
    if args[e] is not None and args[c] is not None:
        raise RulesError(
            c,
            f"Test de caractéristique{who} ({c}) : donnez soit la valeur d'expertise, soit la caractéristique, "
            "pas les deux.",
        )
    if args[e] is None and args[c] is None:
        raise RulesError(
            e,
            f"Valeur d'expertise{who} ({e}) : donnez la valeur d'expertise du personnage (un entier de 0 à 40) "
            "ou sa caractéristique.",
        )


def _category(value: int, seuil: int) -> str:
    if value == 1:
        return "raté critique"
    if value == 20:
        return "réussite critique"
    return "réussite" if value >= seuil else "échec"


def _die_marks(values: list[int], seuil: int) -> list[dict[str, Any]]:
    out = []
    for v in values:
        cat = _category(v, seuil)
        out.append(die(v, 20, cat in ("réussite", "réussite critique"), cat))
    return out


def _successes(values: list[int], seuil: int) -> int:
    return sum(_category(v, seuil) in ("réussite", "réussite critique") for v in values)


# ======================================================================
# simon.jet
# ======================================================================


def _jet_check(args: Args) -> None:
    _check_character(args)
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
    got = _successes(values, seuil)
    success = got >= need
    groups = [group(f"{BASE_DICE} dés", _die_marks(values[:BASE_DICE], seuil))]
    if before:
        groups.append(
            group(
                "Dés d'héroïsme ajoutés avant le jet (1 point chacun)",
                _die_marks(values[BASE_DICE : BASE_DICE + before], seuil),
            )
        )
    if after:
        groups.append(
            group("Dés ajoutés après le jet (2 points chacun)", _die_marks(values[BASE_DICE + before :], seuil))
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


def _state_dice(values: Any, before: int, whose: str) -> list[int]:
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


def _add_die(state: Mapping[str, Any], _args: Args, dice: Dice) -> dict[str, Any]:
    raw = state.get("parametres")
    if not isinstance(raw, Mapping):
        raise RulesError("etat", "État : les paramètres du jet précédent manquent.")
    args = JET.parse(raw)
    before = args["heroisme"]
    values = _state_dice(state.get("des"), before, "du jet précédent")
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


# ======================================================================
# simon.aide
# ======================================================================


def _aide_effect(value: int, seuil: int) -> int:
    if value == 1:
        return 2
    if value == 20:
        return -2
    if value >= seuil:
        return -1
    return 1 if seuil - value > 5 else 0


_AIDE_WORDS = {2: "raté critique", -2: "réussite critique", -1: "réussite", 1: "raté de plus de 5", 0: "raté"}


def _aide_roll(args: Args, dice: Dice) -> dict[str, Any]:
    th = threshold(args)
    seuil = th.seuil
    values = dice.roll(BASE_DICE, 20)
    effects = [_aide_effect(v, seuil) for v in values]
    total = sum(effects)
    marks = [
        die(v, 20, e < 0, f"{_AIDE_WORDS[e]} ({e:+d})" if e else "raté (sans effet)")
        for v, e in zip(values, effects, strict=True)
    ]
    shown_effects = "".join(f"{e:+d}" for e in effects if e)
    calc = list(th.lines)
    calc.append(f"Modificateur pour l'acteur principal : {shown_effects or '0'} = {_signed(total)}")
    notes = ["Le modificateur s'ajoute au seuil de l'acteur principal ; plusieurs aides s'additionnent."]
    if 20 in values or 1 in values:
        notes.append(
            "Les réussites et ratés critiques de l'aide comptent aussi pour ses points d'héroïsme "
            "et les points de porte-poisse du meneur."
        )
    return result(
        "simon.aide",
        args,
        resultat=f"Modificateur {_signed(total)} au seuil de l'acteur principal",
        reussite=None,
        des=[group("Dés de l'aide", marks)],
        calcul=calc,
        notes=notes,
        tirage=values,
        seuil=seuil,
        modificateur=total,
        effets=effects,
    )


def _signed(n: int) -> str:
    return f"{n:+d}" if n else "0"


def _aide_odds(args: Args) -> dict[str, Any]:
    seuil = threshold(args).seuil
    per_face: dict[int, int] = {}
    for v in range(1, 21):
        e = _aide_effect(v, seuil)
        per_face[e] = per_face.get(e, 0) + 1
    law = {0: 1}
    for _ in range(BASE_DICE):
        nxt: dict[int, int] = {}
        for s, w in law.items():
            for e, k in per_face.items():
                nxt[s + e] = nxt.get(s + e, 0) + w * k
        law = nxt
    total = 20**BASE_DICE
    issues = {_signed(m): Fraction(law[m], total) for m in sorted(law)}
    mean = Fraction(sum(m * w for m, w in law.items()), total)
    return odds_payload(
        issues,
        None,
        seuil=seuil,
        esperance=float(mean),
        esperance_exacte=f"{mean.numerator}/{mean.denominator}",
        echelle=ordered_law(
            "Modificateur au seuil de l'acteur principal", {m: Fraction(w, total) for m, w in law.items()}, signed=True
        ),
    )


# ======================================================================
# simon.opposition
# ======================================================================

_STEPS = {
    "seul": "un seul participant réussit son jet",
    "des": "nombre de dés en réussite (un 20 compte deux, un 1 compte moins un)",
    "niveau": "niveau global de réussite (somme de dé - seuil sur les dés en réussite)",
    "meneur": "égalité parfaite : le maître de jeu décide",
    "aucun": "aucun participant ne réussit : l'action de l'acteur échoue",
}


_WON_BY = {"seul": ": seul à réussir son jet", "des": "aux dés en réussite", "niveau": "au niveau global de réussite"}


def _opposition_check(args: Args) -> None:
    _check_character(args, "_a")
    _check_character(args, "_b")
    for s in ("a", "b"):
        points, start, before = args[f"points_{s}"], args[f"points_depart_{s}"], args[f"heroisme_{s}"]
        if points is None:
            continue
        if points > 2 * start:
            raise RulesError(
                f"points_{s}",
                f"Points d'héroïsme{_WHO[s]} (points_{s}) : au plus le double des points de départ, "
                f"soit {2 * start}, reçu {points}.",
            )
        if before > points:
            raise RulesError(
                f"heroisme_{s}",
                f"Dés d'héroïsme ou de porte-poisse{_WHO[s]} (heroisme_{s}) : chaque dé ajouté avant le jet "
                f"coûte 1 point, il n'en reste que {points}, reçu {before}.",
            )


_WHO = {"a": " (acteur, a)", "b": " (celui qui réagit, b)"}
_NAMES = {"a": "l'acteur (a)", "b": "celui qui réagit (b)"}


def _count(values: list[int], seuil: int) -> int:
    return sum(2 if v == 20 else (-1 if v == 1 else (1 if v >= seuil else 0)) for v in values)


def _margin(values: list[int], seuil: int) -> int:
    return sum(v - seuil for v in values if v == 20 or (v != 1 and v >= seuil))


def _side_offer(args: Args, s: str, values: list[int], ledger: Ledger) -> dict[str, Any]:
    tracked = args[f"points_{s}"] is not None
    cost = f"{AFTER_COST} points d'héroïsme" if tracked else f"{AFTER_COST} points de porte-poisse du meneur"
    label = f"Ajouter un dé à {_NAMES[s]} ({cost})"
    added = len(values) - BASE_DICE
    if added >= MAX_ADDED:
        return action_offer(
            "ajouter_de",
            label,
            False,
            f"Au plus {MAX_ADDED} dés ajoutés en tout pour {_NAMES[s]}, avant et après le jet.",
            parametres={"camp": s},
        )
    if tracked and ledger.points < AFTER_COST:
        return action_offer(
            "ajouter_de",
            label,
            False,
            f"Il faut {AFTER_COST} points d'héroïsme à {_NAMES[s]}, il en reste {ledger.points}.",
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
        got = _successes(values, th.seuil)
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
            notes += [f"{_NAMES[s][0].upper()}{_NAMES[s][1:]} : {n}" for n in heroism_notes(values, cap)]
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
        text = f"{_NAMES[winner][0].upper()}{_NAMES[winner][1:]} l'emporte {_WON_BY[step]}"
    elif step == "aucun":
        text = "Aucun ne réussit : l'action de l'acteur (a) échoue"
    else:
        text = "Égalité parfaite : le maître de jeu décide du résultat"
    calc.append(f"Décidé par : {_STEPS[step]}")
    if args["heroisme_a"] or args["heroisme_b"]:
        notes.insert(
            0, "Les dés d'héroïsme (ou de porte-poisse du meneur) ajoutés avant le jet coûtent 1 point chacun."
        )
    groups = []
    for s, (th, values) in sides.items():
        before = args[f"heroisme_{s}"]
        groups.append(
            group(f"Dés de {_NAMES[s]} (seuil {th.seuil})", _die_marks(values[: BASE_DICE + before], th.seuil))
        )
        if len(values) > BASE_DICE + before:
            groups.append(
                group(
                    f"Dés ajoutés après le jet par {_NAMES[s]} (2 points chacun)",
                    _die_marks(values[BASE_DICE + before :], th.seuil),
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
        values = _state_dice(state.get(f"des_{s}"), before, f"de {_NAMES[s]}")
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
            f"Camp : au plus {MAX_ADDED} dés ajoutés en tout pour {_NAMES[s]}, avant et après le jet ; "
            f"il y en a déjà {len(values) - BASE_DICE}.",
        )
    start = args[f"points_{s}"]
    if start is not None:
        left = replay_points(start, 2 * args[f"points_depart_{s}"], args[f"heroisme_{s}"], values).points
        if left < AFTER_COST:
            raise RulesError(
                "camp",
                f"Camp : il faut {AFTER_COST} points d'héroïsme à {_NAMES[s]}, il en reste {left}.",
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


# ======================================================================
# Constant data: parameters and rollers
# ======================================================================

_LEVEL_CHOICES = tuple(Choice(lv.value, f"{lv.label} (seuil {lv.seuil})", lv.seuil) for lv in LEVELS)
_CARAC_CHOICES = tuple(
    Choice(value, f"{label} (expertise {exp}, {LEVELS[level_of(exp)].label})", exp)
    for value, (label, exp) in _CARACTERISTIQUES.items()
)


def _character_params(suffix: str = "", who: str = "", group_name: str = "") -> tuple[Param, ...]:
    return (
        Param(
            "expertise" + suffix,
            f"Valeur d'expertise{who}",
            "int",
            minimum=0,
            maximum=40,
            group=group_name,
            help="Valeur de la compétence plus les modificateurs de caractéristique et de circonstance "
            "(0 Incompétent, 1 Amateur, 2 Débutant, 3-4 Connaisseur, 5-8 Professionnel, 9-13 Expert, "
            "14-16 Maître, 17 et plus Grand Maître).",
        ),
        Param(
            "caracteristique" + suffix,
            f"Ou test de caractéristique{who}",
            "choice",
            choices=_CARAC_CHOICES,
            group=group_name,
            help="Pour un test en rapport avec une seule caractéristique, à la place de l'expertise.",
        ),
        Param(
            "niveau" + suffix,
            f"Niveau requis par le test{who}",
            "choice",
            choices=_LEVEL_CHOICES,
            group=group_name,
            help="Sans niveau requis, le seuil est celui du niveau du personnage (test de caractéristique).",
        ),
        Param(
            "modificateur" + suffix,
            f"Modificateur de difficulté{who}",
            "int",
            default=0,
            minimum=-20,
            maximum=20,
            group=group_name,
            help="S'ajoute au seuil, par exemple 3(Débutant+2).",
        ),
    )


_REUSSITES_HELP = "Nombre de dés en réussite demandés (contre le monde, au moins deux)."
_HEROISME_HELP = "Dés ajoutés avant le jet, 1 point chacun ; au plus 3 dés ajoutés en tout, avant et après."

JET = Roller(
    id="simon.jet",
    title="Simon Système : jet contre le monde",
    chapter="003",
    summary="Cinq d20 contre un seuil : chaque dé au moins égal au seuil est une réussite "
    "(un 20 réussit toujours, un 1 échoue toujours) ; il faut le nombre de réussites demandé.",
    params=_character_params()
    + (
        Param("reussites", "Réussites demandées", "int", default=3, minimum=1, maximum=8, help=_REUSSITES_HELP),
        Param("heroisme", "Dés d'héroïsme avant le jet", "int", default=0, minimum=0, maximum=3, help=_HEROISME_HELP),
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

AIDE = Roller(
    id="simon.aide",
    title="Simon Système : aider ses camarades",
    chapter="003",
    summary="L'aide lance cinq d20 avant l'acteur principal : chaque réussite baisse son seuil de 1, "
    "chaque réussite critique de 2, chaque raté de plus de 5 le monte de 1, chaque raté critique de 2.",
    params=_character_params(),
    roll=_aide_roll,
    odds=_aide_odds,
    check=_check_character,
)

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
        for p in _character_params(s, who, grp)
        + (
            Param(
                "reussites" + s,
                f"Réussites demandées{who}",
                "int",
                default=3,
                minimum=1,
                maximum=8,
                group=grp,
                help=_REUSSITES_HELP,
            ),
            Param(
                "heroisme" + s,
                f"Dés d'héroïsme ou de porte-poisse{who}",
                "int",
                default=0,
                minimum=0,
                maximum=3,
                group=grp,
                help=_HEROISME_HELP,
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

ROLLERS = (JET, AIDE, OPPOSITION)
