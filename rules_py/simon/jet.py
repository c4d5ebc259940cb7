"""``simon.jet``: a test against the world (chapter 003).

Five d20 (plus the dice added before the roll) against the seuil: the test
succeeds with at least the number of successes asked. A player rolls with
heroism points, the meneur with porte-poisse points (``qui``). Follow-up
``ajouter_de``: a die added after the roll, for two points of the same pool.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from math import comb
from typing import Any

from ..dice import Dice
from ..errors import RulesError
from ..params import echoed
from ..results import action_offer, group, result
from ..roller import Action, Roller, odds_payload, ordered_law
from .fields import character_params, reussites_param
from .heroism import (
    AFTER_COST,
    BASE_DICE,
    MAX_ADDED,
    MENEUR,
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
from .odds import faces
from .seuil import check_character, die_marks, specialisation_notes, successes, threshold
from .words import MIN_SUCCESSES_NOTE, too_many_asked

__all__ = ["JET", "add_die_offer", "points_line", "asked_notes"]

Args = dict[str, Any]


def _jet_check(args: Args) -> None:
    check_character(args)
    check_pool(args)


def points_line(pool: Pool, lines: tuple[str, ...]) -> str:
    """« Points d’héroïsme : 20 - 1 (…) = 19 ; … » or « Points de porte-poisse du meneur : … »."""
    name = pool_name(pool.who)
    return f"{name[0].upper()}{name[1:]} : " + (" ; ".join(lines) if lines else f"{pool.start}, inchangés")


def asked_notes(need: int, dice: int, against_world: bool = True) -> list[str]:
    """The book's advice on fewer than two successes, and more successes asked than dice in hand."""
    notes = []
    if against_world and need < 2:
        notes.append(MIN_SUCCESSES_NOTE)
    if need > dice:
        notes.append(too_many_asked(need, dice) + ".")
    return notes


def add_die_offer(pool: Pool, points: int, added: int, whose: str = "", **extra: Any) -> dict[str, Any]:
    """The follow-up « Ajouter un dé » after a roll, paid from the roller's own pool."""
    label = f"Ajouter un dé{whose} ({AFTER_COST} {pool_name(pool.who)})"
    if added >= MAX_ADDED:
        reason = f"Au plus {MAX_ADDED} dés ajoutés en tout{whose.replace(' à ', ' pour ')}, avant et après le jet."
        return action_offer("ajouter_de", label, False, reason, **extra)
    if points < AFTER_COST:
        owner = " au meneur" if pool.who == MENEUR else whose
        reason = f"Il faut {AFTER_COST} {pool_name(pool.who, True)}{owner}, il en reste {points}."
        return action_offer("ajouter_de", label, False, reason, **extra)
    return action_offer("ajouter_de", label, True, **extra)


def _jet_result(args: Args, values: list[int], drawn: list[int] | None = None) -> dict[str, Any]:
    """The result of a jet from all its dice; ``drawn``: what this step drew (all of them for a roll)."""
    need = args["reussites"]
    th = threshold(args, reussites=need)
    seuil = th.seuil
    before = args["heroisme"]
    after = len(values) - BASE_DICE - before
    pool = pool_of(args)
    side = Side(pool, before, values)
    ledger = replay({"": side})[0][""]
    got = successes(values, seuil)
    success = got >= need
    groups = [group(f"{BASE_DICE} dés", die_marks(values[:BASE_DICE], seuil))]
    if before:
        groups.append(
            group(
                f"{added_word(pool.who)} ajoutés avant le jet (1 point chacun)",
                die_marks(values[BASE_DICE : BASE_DICE + before], seuil),
            )
        )
    if after:
        groups.append(
            group("Dés ajoutés après le jet (2 points chacun)", die_marks(values[BASE_DICE + before :], seuil))
        )
    calc = list(th.lines)
    calc.append(
        f"Dés en réussite (≥ {seuil} ; un 20 réussit toujours, un 1 échoue toujours) : "
        f"{got} sur {len(values)}, {need} requise{'s' if need > 1 else ''}"
    )
    calc.append(points_line(pool, ledger.lines))
    notes = asked_notes(need, len(values)) + specialisation_notes(args) + heroism_notes(side)
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
        actions=[add_die_offer(pool, ledger.points, before + after, parametres={})],
        seuil=seuil,
        notation=th.notation,
        notation_seuil=f"{need}({seuil})",
        expertise=th.expertise,
        niveau_personnage=th.level.label,
        reussites_obtenues=got,
        reussites_requises=need,
        des_ajoutes=before + after,
        qui=pool.who,
        points=ledger.points,
        porte_poisse=ledger.porte_poisse,
    )


def _jet_roll(args: Args, dice: Dice) -> dict[str, Any]:
    return _jet_result(args, dice.roll(BASE_DICE + args["heroisme"], 20, "Dés du jet"))


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
        notes=asked_notes(need, n) + specialisation_notes(args),
    )


def read_state(roller: Roller, state: Mapping[str, Any]) -> tuple[Args, list[int]]:
    """A jet's (or a helper's) parameters and dice sent back with a follow-up, checked again."""
    raw = state.get("parametres")
    if not isinstance(raw, Mapping):
        raise RulesError("etat", "État : les paramètres du jet précédent manquent.")
    args = roller.parse(echoed(raw))
    values = state_dice(state.get("des"), args["heroisme"], "du jet précédent")
    replay({"": Side(pool_of(args), args["heroisme"], values)})  # refuses an added die that could not be paid
    return args, values


def check_add(args: Args, values: list[int]) -> None:
    """Refuse a die added after the roll beyond the three allowed, or without two points of the roller's pool."""
    if len(values) - BASE_DICE >= MAX_ADDED:
        raise RulesError(
            "heroisme",
            f"Ajouter un dé : au plus {MAX_ADDED} dés ajoutés en tout, avant et après le jet ; "
            f"il y en a déjà {len(values) - BASE_DICE}.",
        )
    pool = pool_of(args)
    left = replay({"": Side(pool, args["heroisme"], values)})[0][""].points
    if left < AFTER_COST:
        owner = " au meneur" if pool.who == MENEUR else ""
        raise RulesError(
            "points",
            f"Ajouter un dé : il faut {AFTER_COST} {pool_name(pool.who, True)}{owner}, il en reste {left}.",
        )


def _add_die(state: Mapping[str, Any], _args: Args, dice: Dice) -> dict[str, Any]:
    args, values = read_state(JET, state)
    check_add(args, values)
    new = dice.d(20, "Dé ajouté après le jet")
    return _jet_result(args, values + [new], [new])


JET = Roller(
    id="simon.jet",
    title="Simon Système : jet contre le monde",
    chapter="003",
    summary="Cinq d20 contre un seuil : chaque dé au moins égal au seuil est une réussite "
    "(un 20 réussit toujours, un 1 échoue toujours) ; il faut le nombre de réussites demandé.",
    params=character_params() + (reussites_param(),) + pool_params(),
    roll=_jet_roll,
    odds=_jet_odds,
    check=_jet_check,
    actions=(
        Action("ajouter_de", "Ajouter un dé après le jet (2 points d’héroïsme ou de porte-poisse)", (), _add_die),
    ),
)
