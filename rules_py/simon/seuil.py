"""Simon Système: the scale of qualification, the seuil of a test, and a d20 against it (chapter 003).

The seuil comes from the character's level of qualification (from its
expertise, or from a characteristic), shifted by the number of levels
between it and the level the test requires, plus a modifier. A die succeeds
when it is >= the seuil; a 20 (critical success) always succeeds and a 1
(critical failure) always fails, whatever the seuil.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from ..errors import RulesError
from ..results import die
from ..typography import MINUS
from .words import SPECIALISATION_WARNING, de, levels

__all__ = [
    "Level",
    "LEVELS",
    "CARACTERISTIQUES",
    "level_of",
    "Threshold",
    "threshold",
    "check_character",
    "specialisation_notes",
    "die_marks",
    "successes",
]

Args = dict[str, Any]


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

CARACTERISTIQUES = {
    "tres-faible": ("Très faible", 1),
    "faible": ("Faible", 2),
    "normale": ("Normale", 4),
    "au-dessus": ("Au-dessus de la normale", 5),
    "heroique": ("Héroïque", 9),
}


def level_of(expertise: int) -> int:
    """Index in :data:`LEVELS` of an expertise value (the table of 003; below 0, after the malus of a
    missing specialised competence, the lowest level, Incompétent)."""
    return max((i for i, lv in enumerate(LEVELS) if expertise >= lv.min_expertise), default=0)


_FROM = _LEVEL_INDEX["connaisseur"]
SPECIALISATION_STEP = 3  # 003: « un malus de -3 cumulatif » from a Connaisseur test upward


def specialisation_malus(required: str) -> int:
    """The malus on the expertise for a missing specialised competence (003): -3 per level from Connaisseur."""
    return SPECIALISATION_STEP * max(0, _LEVEL_INDEX[required] - _FROM + 1)


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
        label, expertise = CARACTERISTIQUES[carac]
        lines.append(f"Caractéristique {label} : valeur d’expertise {expertise}")
    required = args["niveau" + suffix]
    if args["specialisation_absente" + suffix] and required is not None:
        malus = specialisation_malus(required)
        label = LEVELS[_LEVEL_INDEX[required]].label
        if malus:
            lines.append(
                f"Compétence spécialisée absente, test de niveau {label} : expertise {expertise} - {malus} "
                f"(-{SPECIALISATION_STEP} par niveau à partir de Connaisseur) = {expertise - malus}"
            )
            expertise -= malus
        else:
            lines.append(
                f"Compétence spécialisée absente : aucun malus pour un test de niveau {label} (sous Connaisseur)"
            )
    idx = level_of(expertise)
    own = LEVELS[idx]
    lines.append(f"Expertise {expertise} : niveau {own.label}, seuil de réussite {own.seuil}")
    mod = args["modificateur" + suffix]
    # « 3(Débutant+2) », « 3(Débutant−2) »: the minus sign written here (after a letter, the exits cannot tell
    # a minus from a hyphen)
    mod_text = f"+{mod}" if mod > 0 else f"{MINUS}{-mod}" if mod else ""

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
            parts.append(f"- {gap} ({levels(gap)} au-dessus {de(req.label)})")
        elif gap < 0:
            parts.append(f"+ {-gap} ({levels(-gap)} sous {req.label})")
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


def check_character(args: Args, suffix: str = "") -> None:
    e, c = "expertise" + suffix, "caracteristique" + suffix
    who = {"_a": " (acteur, a)", "_b": " (celui qui réagit, b)"}.get(suffix, "")
    spec = "specialisation_absente" + suffix
    if args[spec] and args[c] is not None:
        raise RulesError(
            spec,
            f"Compétence spécialisée absente{who} ({spec}) : un test de caractéristique n’utilise pas de compétence ; "
            "décochez cette option ou donnez la valeur d’expertise.",
        )
    if args[spec] and args["niveau" + suffix] is None:
        raise RulesError(
            spec,
            f"Compétence spécialisée absente{who} ({spec}) : le malus dépend du niveau requis par le test "
            "(-3 par niveau à partir de Connaisseur) ; choisissez ce niveau.",
        )
    if args[e] is not None and args[c] is not None:
        raise RulesError(
            c,
            f"Test de caractéristique{who} ({c}) : donnez soit la valeur d’expertise, soit la caractéristique, "
            "pas les deux.",
        )
    if args[e] is None and args[c] is None:
        raise RulesError(
            e,
            f"Valeur d’expertise{who} ({e}) : donnez la valeur d’expertise du personnage (un entier de 0 à 40) "
            "ou sa caractéristique.",
        )


def specialisation_notes(args: Args, suffix: str = "") -> list[str]:
    """The chapter's warning, beside a result that applied the rule of a missing specialised competence."""
    return [SPECIALISATION_WARNING] if args["specialisation_absente" + suffix] else []


def _category(value: int, seuil: int) -> str:
    if value == 1:
        return "raté critique"
    if value == 20:
        return "réussite critique"
    return "réussite" if value >= seuil else "échec"


def die_marks(values: list[int], seuil: int) -> list[dict[str, Any]]:
    out = []
    for v in values:
        cat = _category(v, seuil)
        out.append(die(v, 20, cat in ("réussite", "réussite critique"), cat))
    return out


def successes(values: list[int], seuil: int) -> int:
    return sum(_category(v, seuil) in ("réussite", "réussite critique") for v in values)
