"""``dcda.confrontation``: its parameters and the set-up they describe.

The participants (« participantes ») of team A and team B, up to eight a side
(004 sets no cap; RULES.md: the table's realistic sizes), and at most ten in
all: each one holds a card of every suit, and a suit's pile has ten cards.
The oppositions: one participant alone faces every member of the other team;
team against team, each member of A names her adversaries in B.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..errors import RulesError
from ..params import Choice, Param, parse_params, shown
from .cards import fold, parse_domination, suit_of
from .fields import DOM_PARAM, TABLE_PARAM, Powers, check_forces, forces_param, parse_powers, powers_params
from .table import Table, parse_table
from .words import count, de

__all__ = ["NOCTURNE", "NOCTURNE_WORDS", "MAX_SIDE", "MAX_TOTAL", "Member", "Setup", "PARAMS", "setup", "parse_args"]

Args = dict[str, Any]

#: The site's own example NPC (004 has no example character): « Nocturne », dagues 7 and 3 in every other
#: suit, fortune XVII L’Étoile. Pages and results call her an example of the site, never the book's.
NOCTURNE = {"nom": "Nocturne", "forces": (3, 3, 3, 7), "fortune": 17}
NOCTURNE_WORDS = "Nocturne, le PNJ d’exemple du site (le chapitre n’a pas de personnage d’exemple)"
_PNJ = {"nocturne": NOCTURNE}

MAX_SIDE = 8
MAX_TOTAL = 10  # ten cards in each suit's pile, one in every hand


@dataclass(frozen=True, slots=True)
class Member:
    id: str  # "a1", "b2"
    side: str  # "a" or "b"
    name: str
    forces: tuple[int, int, int, int]
    favourite: int | None  # suit index
    level: int  # relation/value level engaged, 0..4
    fortune: int | None  # major arcana, None when to be drawn / irrelevant
    environment: bool = False
    npc: bool = False  # played by the meneuse

    @property
    def of(self) -> str:
        """« de Nocturne », « d’Eli », « de l’environnement »."""
        return de(self.name)


@dataclass(frozen=True, slots=True)
class Setup:
    members: tuple[Member, ...]
    pairs: tuple[tuple[int, int], ...]  # oppositions (index in a, index in members of b)
    dom: tuple[int, ...]
    powers: Powers
    table: Table | None

    def exalted(self, i: int) -> bool:
        return self.members[i].level >= 3

    def bonus(self, i: int) -> tuple[int, int, int, int]:
        return self.powers.bonus(self.members[i].side, self.members[i].id)


def _text_list(args: Args, name: str, label: str, n: int) -> list[str] | None:
    raw = args[name]
    if raw is None or not raw.strip():
        return None
    items = [p.strip() for p in raw.split(",")]
    if len(items) != n:
        what = "une valeur" if n == 1 else f"{n} valeurs séparées par des virgules"
        raise RulesError(name, f"{label} ({name}) : {what}, une par participante, reçu {shown(raw)}.")
    return items


def _side(args: Args, side: str) -> list[Member]:
    forces = args[f"forces_{side}"]
    team = side.upper()
    env = side == "b" and args["environnement"]
    if len(forces) % 4:
        raise RulesError(
            f"forces_{side}",
            f"Forces de l’équipe {team} (forces_{side}) : quatre forces par participante (Bâtons, Écus, Coupes, Dagues), soit un multiple de 4 entre 4 et {4 * MAX_SIDE} entiers, reçu {len(forces)}.",
        )
    n = len(forces) // 4
    if env and n != 1:
        raise RulesError(
            "forces_b", "Forces de l’équipe B (forces_b) : un environnement a une seule main, donc quatre forces."
        )
    names = _text_list(args, f"noms_{side}", f"Noms de l’équipe {team}", n)
    if names is not None:
        for nm in names:
            if not nm or len(nm) > 20:
                raise RulesError(
                    f"noms_{side}",
                    f"Noms de l’équipe {team} (noms_{side}) : chaque nom a de 1 à 20 caractères, reçu {shown(args[f'noms_{side}'])}.",
                )
    favs = _text_list(args, f"predilection_{side}", f"Enseignes de prédilection de l’équipe {team}", n)
    fav_idx: list[int | None] = [None] * n
    if favs is not None:
        for k, word in enumerate(favs):
            if word in ("-", "") or fold(word) == "aucune":
                continue
            s = suit_of(word)
            if s is None:
                raise RulesError(
                    f"predilection_{side}",
                    f"Enseignes de prédilection de l’équipe {team} (predilection_{side}) : bâtons, écus, coupes, dagues ou « - », séparés par des virgules, reçu {shown(args[f'predilection_{side}'])}.",
                )
            fav_idx[k] = s
    levels = args[f"niveau_{side}"]
    fortunes = args[f"fortune_{side}"]
    for pname, values in ((f"niveau_{side}", levels), (f"fortune_{side}", fortunes)):
        if values is not None and len(values) != n:
            word = "Niveaux" if pname.startswith("niveau") else "Fortunes"
            raise RulesError(
                pname,
                f"{word} de l’équipe {team} ({pname}) : {count(n, 'entier')}, un par participante, reçu {len(values)}.",
            )
    if env and (any(levels or ()) or any(f >= 0 for f in fortunes or ())):
        pname = "niveau_b" if any(levels or ()) else "fortune_b"
        raise RulesError(
            pname,
            f"{'Niveaux' if pname == 'niveau_b' else 'Fortunes'} de l’équipe B ({pname}) : un environnement n’a ni relation/valeur engagée ni fortune.",
        )
    default_names = ["l’environnement"] if env else [team] if n == 1 else [f"{team}{k + 1}" for k in range(n)]
    npc = side == "b" and (env or args["_pnj"])
    return [
        Member(
            id=f"{side}{k + 1}",
            side=side,
            name=(names or default_names)[k],
            forces=tuple(forces[4 * k : 4 * k + 4]),
            favourite=fav_idx[k],
            level=levels[k] if levels else 0,
            fortune=fortunes[k] if fortunes and fortunes[k] >= 0 else None,
            environment=env,
            npc=bool(npc),
        )
        for k in range(n)
    ]


def _pairs(args: Args, n_a: int, n_b: int) -> tuple[tuple[int, int], ...]:
    raw = args["adversaires"]
    if n_a == 1 or n_b == 1:
        if raw is not None and raw.strip():
            raise RulesError(
                "adversaires",
                "Adversaires (adversaires) : seulement pour une confrontation équipe contre équipe ; une participante seule affronte chaque membre de l’équipe adverse.",
            )
        return tuple((i, j) for i in range(n_a) for j in range(n_b))
    if raw is None or not raw.strip():
        if n_a != n_b:
            raise RulesError(
                "adversaires",
                "Adversaires (adversaires) : en équipe contre équipe de tailles différentes, indiquez pour chaque membre de A le ou les numéros de ses adversaires dans B (ex. « 1+2,2 »).",
            )
        return tuple((i, i) for i in range(n_a))
    what = f"pour chacun des {n_a} membres de A, le ou les numéros (1 à {n_b}) de ses adversaires dans B, joints par « + » et séparés par des virgules (ex. « 1+2,2 »)"
    items = [p.strip() for p in raw.split(",")]
    if len(items) != n_a:
        raise RulesError("adversaires", f"Adversaires (adversaires) : {what}, reçu {shown(raw)}.")
    pairs = []
    for i, item in enumerate(items):
        nums = [p.strip() for p in item.split("+")]
        if not all(p.isdecimal() and 1 <= int(p) <= n_b for p in nums) or len(set(nums)) != len(nums):
            raise RulesError("adversaires", f"Adversaires (adversaires) : {what}, reçu {shown(raw)}.")
        pairs += [(i, int(p) - 1) for p in nums]
    if {j for _, j in pairs} != set(range(n_b)):
        raise RulesError(
            "adversaires",
            f"Adversaires (adversaires) : chaque membre de B doit avoir au moins un adversaire, reçu {shown(raw)}.",
        )
    return tuple(sorted(pairs))


def setup(args: Args) -> Setup:
    """The participants and oppositions of checked parameters (cross-field rules refused in French)."""
    if args["pnj"] is not None:
        if args["environnement"]:
            raise RulesError("pnj", "PNJ (pnj) : un PNJ n’est pas un environnement ; choisissez l’un ou l’autre.")
        for name in ("forces_b", "noms_b", "fortune_b"):
            if args[name] is not None:
                raise RulesError(
                    "pnj",
                    f"PNJ (pnj) : la fiche du PNJ fixe déjà {name} ; laissez ce champ vide ou ne choisissez pas de PNJ.",
                )
    preset = _PNJ[args["pnj"]] if args["pnj"] is not None else (NOCTURNE if args["forces_b"] is None else None)
    args = {**args, "_pnj": preset is not None}
    if preset is not None:
        args.update(forces_b=preset["forces"], noms_b=preset["nom"], fortune_b=(preset["fortune"],))
    check_forces(args, "forces_a", "Forces de l’équipe A", False, "et l’équipe A n’en est jamais un")
    check_forces(
        args, "forces_b", "Forces de l’équipe B", args["environnement"], "cochez « L’équipe B est un environnement »"
    )
    side_a, side_b = _side(args, "a"), _side(args, "b")
    if len(side_a) + len(side_b) > MAX_TOTAL:
        field = "forces_b" if len(side_b) > len(side_a) else "forces_a"
        raise RulesError(
            field,
            f"Forces de l’équipe {field[-1].upper()} ({field}) : au plus {MAX_TOTAL} participantes en tout "
            f"(chaque pile d’enseigne a dix cartes, une dans chaque main), reçu {len(side_a)} contre {len(side_b)}.",
        )
    members = tuple(side_a + side_b)
    names = [fold(m.name) for m in members]
    if len(set(names)) != len(names):
        field = "noms_b" if args["noms_a"] is None else "noms_a"
        raise RulesError(
            field,
            f"Noms de l’équipe {field[-1].upper()} ({field}) : chaque participante doit avoir un nom différent des autres (noms reçus : {', '.join(m.name for m in members)}).",
        )
    n_a = len(side_a)
    pairs = tuple((i, n_a + j) for i, j in _pairs(args, n_a, len(side_b)))
    powers = parse_powers(args, {m.id: m.name for m in members})
    return Setup(members, pairs, parse_domination(args["domination"]), powers, parse_table(args["table"]))


def _side_params(side: str) -> tuple[Param, ...]:
    team = side.upper()
    return (
        forces_param(
            f"forces_{side}",
            f"Forces de l’équipe {team}",
            (3, 3, 3, 3) if side == "a" else None,
            4 * MAX_SIDE,
            help_=f"Quatre forces par participante, dans l’ordre Bâtons, Écus, Coupes, Dagues ({MAX_SIDE} participantes "
            f"au plus par équipe, {MAX_TOTAL} en tout"
            + (" ; vide : Nocturne, le PNJ d’exemple du site" if side == "b" else "")
            + ") ; de 0 à 10 pour un personnage, jusqu’à 25 pour un environnement.",
        ),
        Param(
            f"noms_{side}",
            f"Noms de l’équipe {team}",
            "text",
            default=None,
            group=f"Équipe {team}",
            help="Séparés par des virgules.",
        ),
        Param(
            f"predilection_{side}",
            f"Enseignes de prédilection de l’équipe {team}",
            "text",
            default=None,
            group=f"Équipe {team}",
            help="Une par participante, séparées par des virgules (bâtons, écus, coupes, dagues ou « - »).",
        ),
        Param(
            f"niveau_{side}",
            f"Niveaux de relation/valeur engagés ({team})",
            "ints",
            default=None,
            minimum=0,
            maximum=4,
            min_items=1,
            max_items=MAX_SIDE,
            group=f"Équipe {team}",
            help="Un par participante, de 0 à 4.",
        ),
        Param(
            f"fortune_{side}",
            f"Fortunes de l’équipe {team}",
            "ints",
            default=None,
            minimum=-1,
            maximum=21,
            min_items=1,
            max_items=MAX_SIDE,
            group=f"Équipe {team}",
            help="Lame majeure de 0 (Le Mat) à 21 (Le Monde), une par participante ; -1 : inconnue "
            "(tirée au début si le personnage est exalté).",
        ),
    )


PARAMS = (
    *_side_params("a"),
    *_side_params("b"),
    Param(
        "pnj",
        "PNJ d’exemple du site (équipe B)",
        "choice",
        default=None,
        choices=(Choice("nocturne", "Nocturne (Dagues 7, 3 ailleurs ; fortune XVII — L’Étoile)"),),
        help="Une fiche toute faite par le site pour l’équipe B (le chapitre n’a pas de personnage d’exemple) ; "
        "c’est aussi l’adversaire par défaut.",
    ),
    Param(
        "environnement",
        "L’équipe B est un environnement",
        "bool",
        default=False,
        help="Sa force peut monter jusqu’à 25 dans chaque enseigne (004) ; un personnage reste de 0 à 10.",
    ),
    Param(
        "adversaires",
        "Adversaires (équipe contre équipe)",
        "text",
        default=None,
        help="Pour chaque membre de A, le ou les numéros de ses adversaires dans B : « 1+2,2 ». "
        "Par défaut, chacune affronte celle de même rang.",
    ),
    *powers_params(team=True),
    DOM_PARAM,
    TABLE_PARAM,
)


def parse_args(raw: Mapping[str, Any]) -> Args:
    """The checked parameters (and their set-up checked too)."""
    args = parse_params(PARAMS, raw, "dcda.confrontation")
    setup(args)
    return args
