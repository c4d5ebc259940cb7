"""De Cœur & D'Acier: the parameters both rollers share, and the meneuse's powers.

004, « Les enseignes et le cercle de domination »: « Les meneuses peuvent
annoncer, au début d'une confrontation, un bonus ou un malus à appliquer à
l'usage d'une enseigne spécifique … De même, elles peuvent interdire ou
obliger l'usage d'une ou plusieurs enseignes. » The bonus applies to both
sides or to one; the suits forbidden or required leave the suits that may be
played, which must not be none.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..errors import RulesError
from ..params import Choice, Param, shown
from .cards import DEFAULT_DOMINATION, SUIT_LABELS, SUITS, dom_label, domination_orders, fold, slabel, suit_of
from .table import TABLE_HELP
from .words import join_and, join_or

__all__ = [
    "DOM_PARAM",
    "TABLE_PARAM",
    "DOM_NOTE",
    "SUIT_CHOICES",
    "forces_param",
    "powers_params",
    "Powers",
    "parse_powers",
    "allowed_text",
]

Args = dict[str, Any]

SUIT_CHOICES = tuple(Choice(s, SUIT_LABELS[s]) for s in SUITS)

DOM_PARAM = Param(
    "domination",
    "Cercle de domination",
    "choice",
    default=DEFAULT_DOMINATION,
    choices=tuple(
        Choice(o, dom_label(o) + (" (déduit du texte)" if o == DEFAULT_DOMINATION else "")) for o in domination_orders()
    ),
    help="Le texte dit seulement « les bâtons dominent les dagues et ainsi de suite » : l'ordre "
    "Bâtons > Dagues > Écus > Coupes est déduit des saisons et moments du jour des enseignes. "
    "La meneuse peut en choisir un autre.",
)
TABLE_PARAM = Param("table", "Table de confrontation de votre fiche", "text", default=None, help=TABLE_HELP)
DOM_NOTE = (
    "Cercle de domination : le texte dit seulement « les bâtons dominent les dagues et ainsi de suite » ; "
    "l'ordre Bâtons > Dagues > Écus > Coupes > Bâtons est déduit des saisons et des moments du jour "
    "des enseignes, la meneuse peut le changer."
)

_POWERS = "Pouvoirs de la meneuse"


def forces_param(name: str, label: str, default: Any, max_items: int = 4, help_: str = "") -> Param:
    return Param(
        name,
        label,
        "ints",
        default=default,
        minimum=0,
        maximum=25,
        min_items=4,
        max_items=max_items,
        help=help_
        or "Forces de la fiche dans l'ordre Bâtons, Écus, Coupes, Dagues (jusqu'à 25 pour un environnement).",
    )


def powers_params(team: bool) -> tuple[Param, ...]:
    """``bonus``, ``bonus_pour``, ``enseignes_interdites``, ``enseignes_imposees``."""
    side = "L'équipe {}" if team else "{}"
    return (
        Param(
            "bonus",
            "Bonus ou malus par enseigne",
            "ints",
            default=None,
            minimum=-10,
            maximum=10,
            min_items=4,
            max_items=4,
            group=_POWERS,
            help="Annoncé par la meneuse, ajouté à la force totale : Bâtons, Écus, Coupes, Dagues (ex. 0,0,2,-1). "
            "Vide : aucun.",
        ),
        Param(
            "bonus_pour",
            "Bonus ou malus pour",
            "choice",
            default=None,
            group=_POWERS,
            choices=(
                Choice("deux", "Les deux camps"),
                Choice("a", side.format("A") + " seulement"),
                Choice("b", side.format("B") + " seulement"),
            ),
            help="La meneuse peut réserver son bonus ou son malus à un seul camp. Vide : les deux camps.",
        ),
        Param(
            "enseignes_interdites",
            "Enseignes interdites par la meneuse",
            "text",
            default=None,
            group=_POWERS,
            help="Personne ne peut les jouer. Séparées par des virgules : batons, ecus, coupes, dagues.",
        ),
        Param(
            "enseignes_imposees",
            "Enseignes imposées par la meneuse",
            "text",
            default=None,
            group=_POWERS,
            help="Chacune doit jouer l'une d'elles (une seule : chacune la joue). Séparées par des virgules : "
            "batons, ecus, coupes, dagues.",
        ),
    )


class Powers(NamedTuple):
    """What the meneuse announced: the bonus of each side, the suits that may be played."""

    bonus_a: tuple[int, int, int, int]
    bonus_b: tuple[int, int, int, int]
    forbidden: tuple[int, ...]
    required: tuple[int, ...]

    @property
    def allowed(self) -> tuple[int, ...]:
        return tuple(s for s in range(4) if s not in self.forbidden and (not self.required or s in self.required))

    def bonus(self, side: str) -> tuple[int, int, int, int]:
        return self.bonus_a if side == "a" else self.bonus_b

    def lines(self, name_a: str = "A", name_b: str = "B") -> list[str]:
        """The announcement, in French (nothing when the meneuse announced nothing)."""
        out = []
        for bonus, who in ((self.bonus_a, name_a), (self.bonus_b, name_b)):
            if any(bonus):
                out.append(
                    f"Bonus/malus de la meneuse pour {who} : "
                    + ", ".join(f"{slabel(s)} {bonus[s]:+d}" for s in range(4) if bonus[s])
                )
        if self.bonus_a == self.bonus_b and len(out) == 2:
            out = [out[0].replace(f" pour {name_a} :", " pour les deux camps :")]
        if self.forbidden:
            out.append("Enseignes interdites par la meneuse : " + join_and(slabel(s) for s in self.forbidden))
        if self.required:
            out.append("Enseignes imposées par la meneuse : " + join_and(slabel(s) for s in self.required))
        if self.forbidden or self.required:
            out.append("Enseignes jouables : " + join_and(slabel(s) for s in self.allowed))
        return out


def _suits(args: Args, name: str, label: str) -> tuple[int, ...]:
    raw = args[name]
    if raw is None or not raw.strip():
        return ()
    out: list[int] = []
    for word in raw.split(","):
        if not word.strip() or fold(word) in ("-", "aucune"):
            continue
        s = suit_of(word)
        if s is None:
            raise RulesError(
                name,
                f"{label} ({name}) : des enseignes séparées par des virgules "
                f"(batons, ecus, coupes, dagues), reçu {shown(raw)}.",
            )
        if s not in out:
            out.append(s)
    return tuple(sorted(out))


def parse_powers(args: Args) -> Powers:
    """The meneuse's powers from the parameters; a choice that leaves no suit to play is refused."""
    bonus = tuple(args["bonus"] or (0, 0, 0, 0))
    zero = (0, 0, 0, 0)
    who = args["bonus_pour"]
    forbidden = _suits(args, "enseignes_interdites", "Enseignes interdites par la meneuse")
    required = _suits(args, "enseignes_imposees", "Enseignes imposées par la meneuse")
    powers = Powers(bonus if who != "b" else zero, bonus if who != "a" else zero, forbidden, required)
    if not powers.allowed:
        if len(forbidden) == 4:
            why = "les quatre enseignes sont interdites"
        else:
            why = f"elles interdisent toutes les enseignes imposées ({join_and(slabel(s) for s in required)})"
        raise RulesError(
            "enseignes_interdites",
            f"Enseignes interdites par la meneuse (enseignes_interdites) : {why} ; il faut qu'au moins une "
            f"enseigne reste jouable, reçu {shown(args['enseignes_interdites'])}.",
        )
    return powers


def allowed_text(powers: Powers) -> str:
    """« Bâtons, Écus ou Coupes »."""
    return join_or(slabel(s) for s in powers.allowed)
