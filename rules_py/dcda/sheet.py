"""De Cœur & D’Acier: the character sheet (chapter 004).

004 refers to a two-page sheet that is not in the text: page 1 holds the
forces per suit, the domination arrows and the « Table de confrontation »;
page 2 the relations and values. A sheet here holds the forces (0 to 10 for a
character; up to 25 for an environment, a PNJ sheet marked so), the
favourite suit, the fortune (a major arcana, or null when not drawn yet), the
relations and values (levels 0 to 4; 3 and 4 are exalted) and the sheet's own
table. Rollers take them from the sheets of each side; a relation at stake is
named (``relation_a=Ma sœur``) for its level. A result writes back a fortune:
drawn at the start of a confrontation for an exalted participant who has
none, and after a Tempérance a new one to draw (« Tirer une nouvelle
fortune »); a relation's level is never changed by a roll.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..dice import Dice
from ..errors import RulesError
from ..games import TITLES
from ..params import Choice, Param, shown
from ..sheets.changes import intent
from ..sheets.fields import NAME_MAX, Field
from ..sheets.game import Binding, Filling, Followup, GameSheet, Outcome, Sheets, of, whose
from ..sheets.names import Kind, Named, find
from ..typography import fr
from .cards import ARCANA_DECK, ARCANA_MAY, SUIT_LABELS, SUITS, arcana_label, draw, finish
from .table import parse_table

__all__ = ["SHEET", "NEW_FORTUNE"]

Sheet = dict[str, Any]

_PAGE = "dcda/confrontation/"
_CHARACTER_MAX = 10
_ENVIRONMENT_MAX = 25
_NAMES_MAX = 60  # the roller's « noms » field: 60 characters in all
_NAME_MAX = 20  # and 20 for each name

FIELDS = (
    Field(
        "forces",
        "Forces",
        "object",
        default={s: 3 for s in SUITS},
        help="Pour calculer sa force totale, chaque participante additionne à la force de la carte qu’elle a jouée "
        "la force de l’enseigne correspondante inscrite sur sa fiche de personnage.",
        source="004, « Vérifier les enseignes et calculer la force totale »",
        link=_PAGE + "#verifier-les-enseignes-et-calculer-la-force-totale",
        decided="De 0 à 10 pour un personnage, l’échelle des cartes ; jusqu’à 25 pour un environnement seulement.",
        fields=tuple(
            Field(s, f"Force en {SUIT_LABELS[s]}", "int", required=True, minimum=0, maximum=_ENVIRONMENT_MAX)
            for s in SUITS
        ),
    ),
    Field(
        "environnement",
        "Environnement",
        "bool",
        default=False,
        help="La force de chaque enseigne de l’environnement peut monter jusqu’à 25 !",
        source="004, « La confrontation contre l’environnement »",
        link=_PAGE + "#la-confrontation-contre-lenvironnement",
        decided="Une fiche de PNJ seulement ; un environnement n’a ni fortune ni relation engagée.",
    ),
    Field(
        "predilection",
        "Enseigne de prédilection",
        "choice",
        nullable=True,
        choices=tuple(Choice(s, SUIT_LABELS[s]) for s in SUITS),
        help="Au début d’un tour et après que toutes les participantes ont constitué leur main, si la carte piochée "
        "dans son enseigne de prédilection ne lui convient pas, chaque participante peut remplacer cette carte.",
        source="004, « Enseigne de prédilection et repioche »",
        link=_PAGE + "#enseigne-de-predilection-et-repioche",
    ),
    Field(
        "fortune",
        "Fortune",
        "int",
        nullable=True,
        minimum=0,
        maximum=21,
        help="Si une Tempérance a lieu, les meneuses décrivent l’événement miraculeux qui survient et font tirer "
        "une nouvelle fortune à la joueuse concernée.",
        source="004, « Exaltation et Tempérances »",
        link=_PAGE + "#exaltation-et-temperances",
        decided="Une lame majeure, de 0 (Le Mat) à 21 (Le Monde) ; vide tant qu’elle n’est pas tirée.",
        # Named as the results name it (« XIV — Tempérance »): the page shows the word alone,
        # as it says its number (sheets/page/form.js, namesItsNumber).
        scales=(("", tuple(arcana_label(i) for i in range(22))),),
    ),
    Field(
        "relations_valeurs",
        "Relations et valeurs",
        "list",
        default=[],
        item="Relation ou valeur",
        named=True,
        help="Les relations et les valeurs notées sur la page 2 de la fiche de personnage influencent le cours des "
        "confrontations.",
        source="004, « Relations et valeurs »",
        link=_PAGE + "#relations-et-valeurs",
        fields=(
            Field("nom", "Nom", "name", required=True, length=NAME_MAX, placeholder="Ma sœur"),
            Field(
                "niveau",
                "Niveau",
                "int",
                required=True,
                minimum=0,
                maximum=4,
                help="Les niveaux 3 et 4 correspondent à des sentiments exaltés (symbolisés par des flammes sur les "
                "fiches de personnages).",
                source="004, « Exaltation et Tempérances »",
                link=_PAGE + "#exaltation-et-temperances",
                scales=(("", ("Niveau 0", "Niveau 1", "Niveau 2", "Niveau 3, exalté", "Niveau 4, exalté")),),
            ),
        ),
    ),
    Field(
        "table_confrontation",
        "Table de confrontation",
        "text",
        nullable=True,
        length=NAME_MAX,
        help="Reportez-vous au cadre Table de confrontation sur la page 1 de la fiche de personnage pour déterminer "
        "quelle conséquence s’applique en fonction du tour en cours.",
        source="004, « Résoudre un tour »",
        link=_PAGE + "#resoudre-un-tour",
        decided="Dans la notation des lanceurs (« C4S8Q/C5S/S6Q/Q4M ») ; elle n’est pas dans le texte, "
        "chaque fiche a la sienne.",
        placeholder="C4S8Q/C5S/S6Q/Q4M",
    ),
)


def _check(sheet: Sheet, key: str) -> None:
    if sheet["environnement"]:
        if sheet["type"] != "pnj":
            raise RulesError(
                f"{key}.environnement",
                f"Environnement ({key}.environnement) : seule une fiche de PNJ peut être un environnement.",
            )
        for field, label, value in (
            ("fortune", "Fortune", sheet["fortune"]),
            ("relations_valeurs", "Relations et valeurs", sheet["relations_valeurs"]),
        ):
            if value:
                raise RulesError(
                    f"{key}.{field}",
                    f"{label} ({key}.{field}) : un environnement n’a ni fortune ni relation ou valeur engagée.",
                )
    else:
        for s in SUITS:
            if sheet["forces"][s] > _CHARACTER_MAX:
                raise RulesError(
                    f"{key}.forces.{s}",
                    f"Force en {SUIT_LABELS[s]} ({key}.forces.{s}) : un entier de 0 à {_CHARACTER_MAX} attendu pour un "
                    f"personnage, reçu {sheet['forces'][s]} ; jusqu’à 25 pour un environnement seulement "
                    "(« La force de chaque enseigne de l’environnement peut monter jusqu’à 25 ! »).",
                )
    if sheet["table_confrontation"] is not None:
        parse_table(sheet["table_confrontation"], f"{key}.table_confrontation")


# ----------------------------------------------------------------------
# From the sheets to the rollers
# ----------------------------------------------------------------------

_RELATION = Kind("de relation ni de valeur", "ses relations et valeurs", "elle n’a aucune relation ni valeur")


def _forces(sheet: Sheet) -> list[int]:
    return [sheet["forces"][s] for s in SUITS]


def _forces_text(sheet: Sheet) -> str:
    return ", ".join(f"{SUIT_LABELS[s]} {sheet['forces'][s]}" for s in SUITS)


def _relations(sheet: Sheet) -> list[Named]:
    return [
        Named(
            r["nom"],
            r["niveau"],
            f"{r['nom']} ({r['niveau']}{', exaltée' if r['niveau'] >= 3 else ''})",
            "Relations et valeurs",
        )
        for r in sheet["relations_valeurs"]
    ]


def _table(f: Filling) -> None:
    for side in ("a", "b"):
        for i, sheet in enumerate(f.sheets.side(side)):
            if sheet["table_confrontation"]:  # an empty table is no table
                f.take("table", sheet["table_confrontation"], "Table de confrontation", sheet, f.sheets.key(side, i))
                return


def _fill_tour(f: Filling) -> None:
    for side in ("a", "b"):
        sheet = f.sheets.one(side)
        if sheet is None:
            continue
        key = f.sheets.key(side)
        f.take(f"forces_{side}", _forces(sheet), f"Forces de {side.upper()}", sheet, key, _forces_text(sheet))
        if sheet["environnement"] and f.has("environnement"):
            f.take("environnement", side, "Environnement", sheet, key)
    _table(f)


def _short_names(names: list[str]) -> list[str]:
    """The names as the roller reads them: no comma, 20 characters each, 60 in all."""
    clean = [" ".join(n.replace(",", " ").split()) for n in names]
    room = min(_NAME_MAX, (_NAMES_MAX - (len(clean) - 1)) // len(clean))
    return [n if len(n) <= room else n[: room - 1].rstrip() + "…" for n in clean]


def _fill_team(f: Filling, side: str) -> None:
    sheets = f.sheets.side(side)
    if not sheets:
        f.pop(f"relation_{side}")
        return
    key = dict(f.sheets.keys)[side]
    team = f"l’équipe {side.upper()}"
    forces = [x for sheet in sheets for x in _forces(sheet)]
    f.take(
        f"forces_{side}",
        forces,
        f"Forces de {team}",
        sheets[0],
        key,
        " ; ".join(f"{s['nom']} : {_forces_text(s)}" for s in sheets),
    )
    names = _short_names([s["nom"] for s in sheets])
    typed = f.given(f"noms_{side}")
    f.take(f"noms_{side}", ",".join(names), f"Noms de {team}", sheets[0], key)
    if names != [s["nom"] for s in sheets] and not typed:
        f.note(
            f"noms_{side}",
            ",".join(names),
            "Noms raccourcis pour le lanceur (sans virgule, 20 caractères chacun, 60 en tout)",
            key,
        )
    if any(s["predilection"] for s in sheets):
        favs = ",".join(s["predilection"] or "-" for s in sheets)
        f.take(f"predilection_{side}", favs, f"Enseignes de prédilection de {team}", sheets[0], key)
    if not (len(sheets) == 1 and sheets[0]["environnement"]):
        fortunes = [s["fortune"] if s["fortune"] is not None else -1 for s in sheets]
        f.take(
            f"fortune_{side}",
            fortunes,
            f"Fortunes de {team}",
            sheets[0],
            key,
            ", ".join(arcana_label(x) if x >= 0 else "à tirer" for x in fortunes),
        )
    relations = f.pop(f"relation_{side}")
    if relations is not None:
        items = relations if isinstance(relations, list) else str(relations).split(",")
        if len(items) != len(sheets):
            raise RulesError(
                f"relation_{side}",
                f"Relation ou valeur engagée (relation_{side}) : une par participante de {team} ({len(sheets)}), "
                f"séparées par des virgules (« - » pour aucune), reçu {shown(relations)}.",
            )
        levels, words = [], []
        for sheet, item in zip(sheets, items, strict=True):
            if not isinstance(item, str) or item.strip() in ("", "-"):
                levels.append(0)
                words.append(f"{sheet['nom']} : aucune")
                continue
            found = find(
                _relations(sheet), item, f"relation_{side}", "Relation ou valeur engagée", whose(sheet), _RELATION
            )
            levels.append(found.number)
            words.append(f"{sheet['nom']} : {found.label}")
        f.take(f"niveau_{side}", levels, f"Niveaux de {team}", sheets[0], key, " ; ".join(words))
    if side == "b" and len(sheets) == 1 and sheets[0]["environnement"]:
        f.take("environnement", True, "L’équipe B est un environnement", sheets[0], key, "oui")


def _fill_confrontation(f: Filling) -> None:
    if f.sheets.b and f.given("pnj"):
        raise RulesError("pnj", "PNJ (pnj) : l’équipe B vient déjà de fiches ; ne choisissez pas de PNJ.")
    _fill_team(f, "a")
    _fill_team(f, "b")
    _table(f)


def _choices_tour(sheets: Sheets) -> dict[str, list[dict[str, Any]]]:
    return {}


def _choices_confrontation(sheets: Sheets) -> dict[str, list[dict[str, Any]]]:
    out = {}
    for side in ("a", "b"):
        team = sheets.side(side)
        if team:
            out[f"relation_{side}"] = [
                {**n.choice(), "participante": i + 1, "personnage": s["nom"]}
                for i, s in enumerate(team)
                for n in _relations(s)
            ]
    return out


# ----------------------------------------------------------------------
# What a confrontation writes back: fortunes
# ----------------------------------------------------------------------


def _counts(state: Any, sheets: Sheets) -> dict[str, int]:
    """How many participants each team of a confrontation's state has; its sheets must be as many."""
    params = state.get("parametres") if isinstance(state, Mapping) else None
    counts = {"a": 1, "b": 1}
    for side in ("a", "b"):
        forces = params.get(f"forces_{side}") if isinstance(params, Mapping) else None
        counts[side] = len(forces) // 4 if isinstance(forces, list) else 1
        team = sheets.side(side)
        if team and len(team) != counts[side]:
            key = dict(sheets.keys)[side]
            raise RulesError(
                key,
                f"Fiches de l’équipe {side.upper()} ({key}) : {len(team)} fiche{'s' if len(team) > 1 else ''} pour "
                f"{counts[side]} participante{'s' if counts[side] > 1 else ''} ; donnez les fiches de la confrontation, "
                "dans son ordre.",
            )
    return counts


def _state_confrontation(state: Mapping[str, Any], sheets: Sheets) -> Mapping[str, Any]:
    """A follow-up's sheets are checked against its state before it is played."""
    _counts(state, sheets)
    return state


def _members(outcome: Outcome) -> list[tuple[str, Sheet] | None]:
    """Each participant's (request key, sheet), in the confrontation's order (a1…, b1…); None when typed."""
    counts = _counts(outcome.result.get("etat"), outcome.sheets)
    out: list[tuple[str, Sheet] | None] = []
    for side in ("a", "b"):
        team = outcome.sheets.side(side)
        out += [(outcome.sheets.key(side, i), team[i]) if team else None for i in range(counts[side])]
    return out


def _effects_confrontation(outcome: Outcome) -> list[tuple[str, dict[str, Any]]]:
    members = _members(outcome)
    state = outcome.result.get("etat")
    if not members or not isinstance(state, Mapping):
        return []
    out = []
    fortunes = state.get("fortunes") or []
    if outcome.op == "roll":
        for member, fortune in zip(members, fortunes, strict=False):
            if member is not None and member[1]["fortune"] is None and isinstance(fortune, int):
                key, sheet = member
                text = f"Fortune {of(sheet['nom'])} tirée au début de la confrontation : {arcana_label(fortune)}"
                out.append((key, intent("fortune", "Fortune", text, valeur=fortune)))
    temperance = state.get("temperance")
    if outcome.op == "action" and outcome.action == "exaltation" and isinstance(temperance, list):
        member = members[temperance[0]] if 0 <= temperance[0] < len(members) else None
        if member is not None:
            key, sheet = member
            text = f"Tempérance : la fortune {of(sheet['nom'])} est à tirer de nouveau"
            out.append((key, intent("fortune", "Fortune", text, valeur=None)))
    return out


def _followups_confrontation(outcome: Outcome) -> list[dict[str, Any]]:
    state = outcome.result.get("etat")
    temperance = state.get("temperance") if isinstance(state, Mapping) else None
    if outcome.op != "action" or outcome.action != "exaltation" or not isinstance(temperance, list):
        return []
    members = _members(outcome)
    member = members[temperance[0]] if 0 <= temperance[0] < len(members) else None
    if member is None:
        return []
    key, sheet = member
    return [NEW_FORTUNE.offer(sheet, key, f"Tirer une nouvelle fortune pour {sheet['nom']}")]


def _new_fortune(sheet: Sheet, args: dict[str, Any], dice: Dice) -> tuple[list[dict[str, Any]], str]:
    if sheet["environnement"]:
        raise RulesError("fiche", "Fiche (fiche) : un environnement n’a pas de fortune.")
    fortune = args["fortune"]
    if fortune is None:
        plan = "ce tirage tire 1 lame majeure (la nouvelle fortune)"
        fortune = int(draw(dice, ARCANA_DECK, f"la nouvelle fortune {of(sheet['nom'])}", ARCANA_MAY, plan))
        finish(dice, plan)
        how = "tirée"
    else:
        how = "choisie"
    line = f"Nouvelle fortune {of(sheet['nom'])} ({how}) : {arcana_label(fortune)}"
    return [intent("fortune", "Fortune", line, valeur=fortune)], line


NEW_FORTUNE = Followup(
    "nouvelle_fortune",
    "Tirer une nouvelle fortune",
    (
        Param(
            "fortune",
            "Nouvelle fortune",
            "int",
            minimum=0,
            maximum=21,
            help="Vide : tirée au hasard parmi les 22 lames majeures ; sinon, la lame tirée à la table.",
        ),
    ),
    _new_fortune,
)


def _example() -> Sheet:
    return {
        "format": 1,
        "jeu": "dcda",
        "id": "exemple-dcda-nocturne",
        "nom": "Nocturne",
        "type": "pnj",
        "joueuse": "",
        "notes": fr("Un exemple de PNJ du site, pas du livre : le chapitre 004 n’a aucun personnage d’exemple."),
        "modifie": None,
        "forces": {"batons": 3, "ecus": 3, "coupes": 3, "dagues": 7},
        "environnement": False,
        "predilection": None,
        "fortune": 17,
        "relations_valeurs": [],
        "table_confrontation": None,
    }


def _bounds(sheet: Mapping[str, Any], path: str) -> tuple[int, int]:
    return 0, 21


_TEAM_TAKES = (
    ("forces_a", "les forces des fiches de l’équipe A (fiche ou fiches_a), dans l’ordre"),
    ("noms_a", "les noms des fiches"),
    ("predilection_a", "les enseignes de prédilection des fiches"),
    ("fortune_a", "les fortunes des fiches (-1 : à tirer)"),
    ("niveau_a", "relation_a=NOM[,NOM…] : le niveau de la relation ou valeur engagée, une par fiche"),
    (
        "forces_b",
        "de même pour l’équipe B (fiche_b ou fiches_b) ; la fiche d’un environnement en fait un environnement",
    ),
    ("table", "la Table de confrontation de la première fiche qui en a une"),
)

SHEET = GameSheet(
    game="dcda",
    title=TITLES["dcda"],
    fields=FIELDS,
    examples=(_example(),),
    check=_check,
    bounds=_bounds,
    writable={"fortune": ("Fortune", ("valeur",))},
    followups=(NEW_FORTUNE,),
    bindings=(
        Binding(
            "dcda.tour",
            _fill_tour,
            _choices_tour,
            b_key="fiche_b",
            takes=(
                ("forces_a", "les forces de la fiche de A (fiche)"),
                ("forces_b", "les forces de la fiche de B (fiche_b)"),
                ("table", "la Table de confrontation de la fiche de A, sinon de B"),
            ),
            places=(("fiche", "A"), ("fiche_b", "B")),
        ),
        Binding(
            "dcda.confrontation",
            _fill_confrontation,
            _choices_confrontation,
            _effects_confrontation,
            b_key="fiche_b",
            teams=True,
            sheet_params=(
                Param(
                    "relation_a",
                    "Relation ou valeur engagée (A)",
                    "text",
                    help="Une par participante de l’équipe A, par son nom sur sa fiche, séparées par des virgules "
                    "(« - » pour aucune) : donne son niveau.",
                ),
                Param("relation_b", "Relation ou valeur engagée (B)", "text", help="De même pour l’équipe B."),
            ),
            takes=_TEAM_TAKES,
            writes=(
                "la fortune tirée au début pour une participante exaltée qui n’en a pas",
                "après une Tempérance : la fortune est à tirer de nouveau (suite « Tirer une nouvelle fortune »)",
            ),
            followups=_followups_confrontation,
            state=_state_confrontation,
            places=(("fiche", "Participante (A)"), ("fiche_b", "Adversaire (B)")),
            named=(("relation_a", "Relation ou valeur engagée (A)"), ("relation_b", "Relation ou valeur engagée (B)")),
            gives=(("relation_a", "niveau_a"), ("relation_b", "niveau_b")),
        ),
    ),
)
