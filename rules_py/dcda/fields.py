"""De Cœur & D’Acier: the parameters both rollers share, and the meneuse's powers.

004, « Les enseignes et le cercle de domination »: « Les meneuses peuvent
annoncer, au début d’une confrontation, un bonus ou un malus à appliquer à
l’usage d’une enseigne spécifique … De même, elles peuvent interdire ou
obliger l’usage d’une ou plusieurs enseignes. » The bonus applies to every
participant who plays that suit, unless the meneuse keeps it for one side or
for named participants (``bonus_pour``); it is added even to a dominated card
(the card alone, plus or minus the bonus). The suits forbidden or required
leave the suits that may be played, which must not be none. A character's
force is 0..10; only an environment's goes up to 25 (« La force de chaque
enseigne de l’environnement peut monter jusqu’à 25 ! »).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..errors import RulesError
from ..params import Choice, Param, shown
from .cards import (
    DEFAULT_DOMINATION,
    DOMINATION_TEXT,
    SUIT_LABELS,
    SUITS,
    dom_label,
    domination_orders,
    fold,
    refused_orders,
    slabel,
    suit_of,
)
from .table import TABLE_HELP
from .words import join_and, join_or

__all__ = [
    "DOM_PARAM",
    "TABLE_PARAM",
    "DOM_NOTE",
    "SUIT_CHOICES",
    "forces_param",
    "check_forces",
    "CHARACTER_MAX",
    "ENVIRONMENT_MAX",
    "ENVIRONMENT_QUOTE",
    "powers_params",
    "Powers",
    "parse_powers",
    "allowed_text",
]

Args = dict[str, Any]

SUIT_CHOICES = tuple(Choice(s, SUIT_LABELS[s]) for s in SUITS)

_ALLOWED_ORDERS = " et ".join(domination_orders())
DOM_PARAM = Param(
    "domination",
    "Cercle de domination",
    "choice",
    default=DEFAULT_DOMINATION,
    choices=tuple(
        Choice(o, dom_label(o) + (" (déduit du texte)" if o == DEFAULT_DOMINATION else "")) for o in domination_orders()
    ),
    refused=tuple(
        (o, f"cet ordre contredit le texte, « {DOMINATION_TEXT} » ; les ordres permis sont {_ALLOWED_ORDERS}")
        for o in refused_orders()
    ),
    help=f"Le texte dit seulement « {DOMINATION_TEXT} » : l’ordre "
    "Bâtons > Dagues > Écus > Coupes est déduit des saisons et moments du jour des enseignes. "
    "La meneuse peut choisir l’autre ordre où les bâtons dominent les dagues.",
)
TABLE_PARAM = Param("table", "Table de confrontation de votre fiche", "text", default=None, help=TABLE_HELP)
DOM_NOTE = (
    f"Cercle de domination : le texte dit seulement « {DOMINATION_TEXT} » ; "
    "l’ordre Bâtons > Dagues > Écus > Coupes > Bâtons est déduit des saisons et des moments du jour "
    "des enseignes, la meneuse peut choisir l’autre ordre où les bâtons dominent les dagues."
)

CHARACTER_MAX = 10
ENVIRONMENT_MAX = 25
#: 004, « La confrontation contre l’environnement » (verbatim).
ENVIRONMENT_QUOTE = "La force de chaque enseigne de l’environnement peut monter jusqu’à 25 !"

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
        or "Forces de la fiche dans l’ordre Bâtons, Écus, Coupes, Dagues, de 0 à 10 (jusqu’à 25 pour un environnement).",
    )


def check_forces(args: Args, name: str, label: str, environment: bool, switch: str) -> None:
    """A character's force is 0..10; only an environment's goes up to 25 (004), refused naming the field."""
    forces = args[name]
    if forces is None or environment or max(forces) <= CHARACTER_MAX:
        return
    raise RulesError(
        name,
        f"{label} ({name}) : une force de personnage va de 0 à {CHARACTER_MAX} ; seul un environnement monte "
        f"jusqu’à {ENVIRONMENT_MAX} (« {ENVIRONMENT_QUOTE} »), {switch}, "
        f"reçu {shown(','.join(map(str, forces)))}.",
    )


def powers_params(team: bool) -> tuple[Param, ...]:
    """``bonus``, ``bonus_pour``, ``enseignes_interdites``, ``enseignes_imposees``.

    ``bonus_pour`` is a choice of side in a round (``dcda.tour``); in a confrontation, a text that also
    names participants (« Nocturne,b2 »).
    """
    side = "L’équipe {}" if team else "{}"
    sides = (
        Choice("deux", "Les deux camps"),
        Choice("a", side.format("A") + " seulement"),
        Choice("b", side.format("B") + " seulement"),
    )
    why = (
        "La meneuse peut réserver son bonus ou son malus à un camp"
        + (" ou à des participantes" if team else "")
        + " ; il s’ajoute même à une carte dominée. Vide : chaque participante qui joue l’enseigne."
    )
    target = (
        Param(
            "bonus_pour",
            "Bonus ou malus pour",
            "text",
            default=None,
            group=_POWERS,
            help="deux, a, b, ou les participantes séparées par des virgules (a1, b2 ou leur nom : « Nocturne,b2 »). "
            + why,
        )
        if team
        else Param("bonus_pour", "Bonus ou malus pour", "choice", default=None, group=_POWERS, choices=sides, help=why)
    )
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
        target,
        Param(
            "enseignes_interdites",
            "Enseignes interdites par la meneuse",
            "text",
            default=None,
            group=_POWERS,
            help="Personne ne peut les jouer. Séparées par des virgules : bâtons, écus, coupes, dagues.",
        ),
        Param(
            "enseignes_imposees",
            "Enseignes imposées par la meneuse",
            "text",
            default=None,
            group=_POWERS,
            help="Chacune doit jouer l’une d’elles (une seule : chacune la joue). Séparées par des virgules : "
            "bâtons, écus, coupes, dagues.",
        ),
    )


_NONE = (0, 0, 0, 0)
BOTH = ("a", "b")


class Powers(NamedTuple):
    """What the meneuse announced: her bonus, who gets it, the suits that may be played.

    ``targets`` holds the sides (``"a"``, ``"b"``) or the participants' ids (``"a1"``, ``"b2"``) who get
    the bonus; ``names`` the participants' names for the announcement.
    """

    bonus_: tuple[int, int, int, int]
    targets: tuple[str, ...]
    forbidden: tuple[int, ...]
    required: tuple[int, ...]
    names: tuple[str, ...] = ()

    @property
    def allowed(self) -> tuple[int, ...]:
        return tuple(s for s in range(4) if s not in self.forbidden and (not self.required or s in self.required))

    def bonus(self, side: str, member: str = "") -> tuple[int, int, int, int]:
        """The bonus of a participant of side ``side`` (``member``: her id), or none."""
        return self.bonus_ if side in self.targets or (member and member in self.targets) else _NONE

    @property
    def bonus_a(self) -> tuple[int, int, int, int]:
        return self.bonus("a")

    @property
    def bonus_b(self) -> tuple[int, int, int, int]:
        return self.bonus("b")

    def lines(self, name_a: str = "A", name_b: str = "B") -> list[str]:
        """The announcement, in French (nothing when the meneuse announced nothing)."""
        out = []
        if any(self.bonus_):
            if self.targets == BOTH:
                who = "les deux camps"
            elif self.targets == ("a",):
                who = name_a
            elif self.targets == ("b",):
                who = name_b
            else:
                who = join_and(self.names)
            out.append(
                f"Bonus/malus de la meneuse pour {who} : "
                + ", ".join(f"{slabel(s)} {self.bonus_[s]:+d}" for s in range(4) if self.bonus_[s])
            )
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
                f"(bâtons, écus, coupes, dagues), reçu {shown(raw)}.",
            )
        if s in out:  # one suit named twice: a typo, never counted twice
            raise RulesError(name, f"{label} ({name}) : {slabel(s)} est nommée deux fois, reçu {shown(raw)}.")
        out.append(s)
    return tuple(sorted(out))


def _targets(args: Args, members: dict[str, str] | None) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Who gets the bonus (sides or participants' ids) and their names, from ``bonus_pour``.

    ``members`` maps each participant's id to her name (a confrontation): then ``bonus_pour`` may name
    participants by id or by name, matched without regard to case or accents.
    """
    raw = args["bonus_pour"]
    words = [w.strip() for w in (raw or "").split(",") if w.strip()]
    if not words or [fold(w) for w in words] == ["deux"]:
        return BOTH, ()
    if len(words) == 1 and fold(words[0]) in BOTH:
        return (fold(words[0]),), ()
    by_word = {fold(k): k for k in members or {}} | {fold(v): k for k, v in (members or {}).items()}
    ids: list[str] = []
    for word in words:
        found = by_word.get(fold(word))
        if found is None:
            known = ", ".join(f"{k} ({v})" if fold(v) != k else k for k, v in (members or {}).items())
            raise RulesError(
                "bonus_pour",
                "Bonus ou malus pour (bonus_pour) : deux, a, b, ou des participantes séparées par des virgules"
                + (f" parmi {known}" if known else "")
                + f", reçu {shown(raw)}.",
            )
        if found in ids:  # one participant named twice (« Aube,aube »)
            raise RulesError(
                "bonus_pour",
                f"Bonus ou malus pour (bonus_pour) : {(members or {}).get(found, found)} est nommée deux fois, "
                f"reçu {shown(raw)}.",
            )
        ids.append(found)
    return tuple(ids), tuple((members or {})[i] for i in ids)


def parse_powers(args: Args, members: dict[str, str] | None = None) -> Powers:
    """The meneuse's powers from the parameters; a choice that leaves no suit to play is refused.

    ``members``: the participants of a confrontation (id -> name), whom ``bonus_pour`` may name.
    """
    bonus = tuple(args["bonus"] or _NONE)
    targets, names = _targets(args, members)
    if args["bonus_pour"] is not None and args["bonus_pour"].strip() and not any(bonus):
        raise RulesError(
            "bonus_pour",
            "Bonus ou malus pour (bonus_pour) : la meneuse n’a annoncé ni bonus ni malus (bonus) ; "
            f"il n’y a rien à réserver, reçu {shown(args['bonus_pour'])}.",
        )
    forbidden = _suits(args, "enseignes_interdites", "Enseignes interdites par la meneuse")
    required = _suits(args, "enseignes_imposees", "Enseignes imposées par la meneuse")
    powers = Powers((bonus[0], bonus[1], bonus[2], bonus[3]), targets, forbidden, required, names)
    if not powers.allowed:
        if len(forbidden) == 4:
            why = "les quatre enseignes sont interdites"
        else:
            why = f"elles interdisent toutes les enseignes imposées ({join_and(slabel(s) for s in required)})"
        raise RulesError(
            "enseignes_interdites",
            f"Enseignes interdites par la meneuse (enseignes_interdites) : {why} ; il faut qu’au moins une "
            f"enseigne reste jouable, reçu {shown(args['enseignes_interdites'])}.",
        )
    return powers


def allowed_text(powers: Powers) -> str:
    """« Bâtons, Écus ou Coupes »."""
    return join_or(slabel(s) for s in powers.allowed)
