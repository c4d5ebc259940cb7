"""Simon Système: the character sheet, and the « Réserve du meneur » kept beside it (chapter 003).

A sheet holds the character's caractéristiques (a level each), compétences
(a value, attached to caractéristiques), the modifier each level gives, and
heroism (points and their start). From it a roller takes ``expertise`` (a
compétence's value plus the best modifier of its caractéristiques:
« Langue étrangère 5 + 2 (INT au-dessus de la normale) = 7 »), a
caractéristique's level, and the heroism points. A result writes back the
heroism spent and won (+1 per 20, -1 per 1, within 0 and twice the start)
and, for a player's character, each 1 as one porte-poisse point in the
Réserve du meneur (one object per table, start 10, no cap).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import RulesError
from ..games import TITLES
from ..params import Choice, Param, fold, shown
from ..sheets.fields import NAME_MAX, Field, name_key
from ..sheets.game import Binding, Filling, GameSheet, Sheets, whose
from ..sheets.names import Kind, Named, find
from ..typography import fr
from .heroism import JOUEUR, MENEUR
from .seuil import CARACTERISTIQUES, LEVELS, level_of
from .sheet_writeback import effects_jet, effects_opposition

__all__ = ["SHEET", "LEVEL_WORDS", "DEFAULT_MODIFIERS", "expertise_of"]

Sheet = dict[str, Any]

_PAGE = "simon/resolution/"
#: The levels of a caractéristique, as the sentences say them.
LEVEL_WORDS = {
    "tres-faible": "très faible",
    "faible": "faible",
    "normale": "normale",
    "au-dessus": "au-dessus de la normale",
    "heroique": "héroïque",
}
#: 003 gives « au dessus de la normale » +2 and « normale » 0; the others are the site's defaults.
DEFAULT_MODIFIERS = {"tres-faible": -2, "faible": -1, "normale": 0, "au-dessus": 2, "heroique": 4}
_LEVEL_CHOICES = tuple(Choice(k, label) for k, (label, _) in CARACTERISTIQUES.items())

_NAME = Field("nom", "Nom", "name", required=True, length=NAME_MAX)
_EXPERTISE_MAX = 40  # simon.jet's « expertise »

FIELDS = (
    Field(
        "peuple",
        "Peuple",
        "text",
        default="",
        length=NAME_MAX,
        placeholder="l’elfe, le nain…",
        source="003, exemples (Ysil l’elfe, Urlk le nain)",
    ),
    Field(
        "caracteristiques",
        "Caractéristiques",
        "list",
        default=[
            {"nom": "Intelligence", "abreviation": "INT", "niveau": "normale"},
            {"nom": "Connaissance", "abreviation": "CO", "niveau": "normale"},
            {"nom": "Constitution", "abreviation": "CON", "niveau": "normale"},
        ],
        item="Caractéristique",
        max_items=30,
        named=True,
        help="On utilise alors le tableau suivant pour définir un niveau de qualification à partir de la valeur de "
        "la caractéristique à tester.",
        source="003, « Test en rapport avec uniquement une caractéristique »",
        link=_PAGE + "#test-en-rapport-avec-uniquement-une-caracteristique",
        decided="Le livre nomme INT, CO et CON dans ses exemples ; la fiche permet d’en ajouter d’autres.",
        fields=(
            _NAME,
            Field("abreviation", "Abréviation", "name", required=True, length=10, placeholder="INT"),
            Field("niveau", "Niveau", "choice", required=True, choices=_LEVEL_CHOICES),
        ),
    ),
    Field(
        "competences",
        "Compétences",
        "list",
        default=[],
        item="Compétence",
        named=True,
        help="La valeur d’expertise se calcule trés simplement, c’est la valeur de la compétence que l’on veut  "
        "tester à laquelle on applique les modificateurs de caractéristiques ainsi que les modificateurs de "
        "circonstance si il y a lieu.",
        source="003, « Valeur d’expertise »",
        link=_PAGE + "#valeur-dexpertise",
        fields=(
            _NAME,
            Field("valeur", "Valeur", "int", required=True, minimum=0, maximum=40),
            Field(
                "caracteristiques",
                "Caractéristiques rattachées",
                "list",
                default=[],
                item="Caractéristique rattachée",
                max_items=10,
                of=Field("abreviation", "Abréviation", "name", required=True, length=NAME_MAX),
                help="Langue étrangère est rattachée à l’intelligence ou la connaissance.",
                source="003, « Valeur d’expertise »",
                link=_PAGE + "#valeur-dexpertise",
                decided="Par leur abréviation ou leur nom (gardées par leur abréviation) ; la meilleure donne son "
                "modificateur, sauf si le joueur en nomme une.",
            ),
        ),
    ),
    Field(
        "modificateurs",
        "Modificateurs de compétence par niveau de caractéristique",
        "object",
        default=dict(DEFAULT_MODIFIERS),
        help="Sa valeur de compétence Langue étrangère est 5, sa valeur d’expertise finale, grâce au modificateur "
        "de +2 donné par son intelligence au desuss de la normale est donc 7, soit un niveau Professionnel.",
        source="003, « Valeur d’expertise »",
        link=_PAGE + "#valeur-dexpertise",
        decided="Le livre donne +2 (au-dessus de la normale) et 0 (normale) ; très faible \u22122, faible \u22121 et "
        "héroïque +4 sont des valeurs du site, que le meneur peut changer.",
        fields=tuple(
            Field(k, f"Modificateur d’une caractéristique {LEVEL_WORDS[k]}", "int", default=v, minimum=-10, maximum=10)
            for k, v in DEFAULT_MODIFIERS.items()
        ),
    ),
    Field(
        "heroisme",
        "Héroïsme",
        "object",
        default={"points": 20, "depart": 20},
        help="En début de partie, chaque joueur commence avec 20 points de dés d’héroïsme. Vous pouvez diminuer ou "
        "augmenter cette valeur suivant si vous voulez corser ou simplifier la partie.",
        source="003, « Dés d’héroïsme et de porte-poisse »",
        link=_PAGE + "#des-dheroisme-et-de-porte-poisse",
        fields=(
            Field("points", "Points d’héroïsme", "int", default=20, minimum=0, maximum=200),
            Field(
                "depart",
                "Points d’héroïsme de départ",
                "int",
                default=20,
                minimum=1,
                maximum=100,
                help="Toutefois un personnage ne peut avoir plus de deux fois la valeur de départ de ses points "
                "d’héroïsme, soit 40 si vous n’avez pas modifié les choses.",
                source="003, « Gain et Perte de points de dés d’héroïsme. »",
                link=_PAGE + "#gain-et-perte-de-points-de-des-dheroisme",
            ),
        ),
    ),
)

RESERVE_FIELDS = (
    Field("type", "Type", "choice", required=True, choices=(Choice("reserve", "Réserve du meneur"),)),
    Field("nom", "Nom", "text", default="Réserve du meneur", length=NAME_MAX, placeholder="La table du jeudi"),
    Field(
        "porte_poisse",
        "Points de porte-poisse",
        "int",
        default=10,
        minimum=0,
        maximum=9999,
        help="Le maître de jeu lui commence avec 10 points de dés porte-poisse.",
        source="003, « Dés d’héroïsme et de porte-poisse »",
        link=_PAGE + "#des-dheroisme-et-de-porte-poisse",
        decided="Sans plafond : le plafond du livre (le double du départ) est celui d’« un personnage ».",
    ),
    Field("notes", "Notes", "text", default="", lines=True),
)


def _check(sheet: Sheet, key: str) -> None:
    abbreviations: dict[str, str] = {}
    names: dict[str, str] = {}  # a caractéristique's name (« constitution ») → its abbreviation
    for i, c in enumerate(sheet["caracteristiques"]):
        k = name_key(c["abreviation"])
        if k in abbreviations:
            raise RulesError(
                f"{key}.caracteristiques[{i}].abreviation",
                f"Caractéristique {i + 1} « {c['nom']} », Abréviation ({key}.caracteristiques[{i}].abreviation) : "
                f"chaque abréviation est unique, « {abbreviations[k]} » existe déjà.",
            )
        abbreviations[k] = c["abreviation"]
        names[name_key(c["nom"])] = c["abreviation"]
    for i, comp in enumerate(sheet["competences"]):
        for j, abbr in enumerate(comp["caracteristiques"]):
            found = abbreviations.get(name_key(abbr)) or names.get(name_key(abbr))
            if found is None:
                where = f"{key}.competences[{i}].caracteristiques[{j}]"
                known = ", ".join(f"{c['abreviation']} ({c['nom']})" for c in sheet["caracteristiques"]) or "aucune"
                raise RulesError(
                    where,
                    f"Compétence {i + 1} « {comp['nom']} », Caractéristiques rattachées ({where}) : "
                    f"une caractéristique de la fiche, par son abréviation ou son nom, attendue ({known}), "
                    f"reçu {shown(abbr)}.",
                )
            comp["caracteristiques"][j] = found
        if len({name_key(a) for a in comp["caracteristiques"]}) < len(comp["caracteristiques"]):
            where = f"{key}.competences[{i}].caracteristiques"
            raise RulesError(
                where,
                f"Compétence {i + 1} « {comp['nom']} », Caractéristiques rattachées ({where}) : chaque "
                f"caractéristique une seule fois, reçu {', '.join(comp['caracteristiques'])}.",
            )
    hero = sheet["heroisme"]
    if hero["points"] > 2 * hero["depart"]:
        raise RulesError(
            f"{key}.heroisme.points",
            f"Points d’héroïsme ({key}.heroisme.points) : au plus le double des points de départ, soit "
            f"{2 * hero['depart']}, reçu {hero['points']}.",
        )


def _bounds(sheet: Mapping[str, Any], path: str) -> tuple[int, int]:
    if path == "heroisme.points":
        return 0, 2 * int(sheet["heroisme"]["depart"])
    return 0, 9999  # the Réserve's porte-poisse: no cap (003 caps « un personnage »)


# ----------------------------------------------------------------------
# From the sheet to the rollers
# ----------------------------------------------------------------------

_COMPETENCE = Kind("de compétence", "ses compétences", "elle n’a aucune compétence")
_CARACTERISTIQUE = Kind("de caractéristique", "ses caractéristiques", "elle n’a aucune caractéristique")


def _carac_named(sheet: Sheet) -> list[Named]:
    out = []
    for c in sheet["caracteristiques"]:
        label, expertise = CARACTERISTIQUES[c["niveau"]]
        text = f"{c['nom']} ({c['abreviation']}) : {label}"
        out.append(Named(c["nom"], expertise, text, "Caractéristiques", c["niveau"]))
        out.append(Named(c["abreviation"], expertise, text, "", c["niveau"]))
    return out


def _carac_by_abbr(sheet: Sheet, abbr: str) -> Mapping[str, Any]:
    return next(c for c in sheet["caracteristiques"] if name_key(c["abreviation"]) == name_key(abbr))


def expertise_of(sheet: Sheet, comp: Mapping[str, Any], linked: str | None, field: str) -> tuple[int, str]:
    """A compétence's expertise: its value plus the best modifier of its caractéristiques (or the one named)."""
    attached = [_carac_by_abbr(sheet, a) for a in comp["caracteristiques"]]
    if linked is not None:
        chosen = [c for c in attached if name_key(linked) in (name_key(c["abreviation"]), name_key(c["nom"]))]
        if not chosen:
            names = ", ".join(c["abreviation"] for c in attached) or "aucune"
            raise RulesError(
                field,
                f"Caractéristique liée ({field}) : « {comp['nom']} » est rattachée à {names} sur {whose(sheet)}, "
                f"reçu {shown(linked)}.",
            )
        attached = chosen
    if not attached:
        return comp["valeur"], f"{comp['nom']} {comp['valeur']}"
    mods = sheet["modificateurs"]
    best = max(attached, key=lambda c: mods[c["niveau"]])
    mod = mods[best["niveau"]]
    total = max(comp["valeur"] + mod, 0)
    sign = "+" if mod >= 0 else "-"
    text = f"{comp['nom']} {comp['valeur']} {sign} {abs(mod)} ({best['abreviation']} {LEVEL_WORDS[best['niveau']]}) = {total}"
    if total > _EXPERTISE_MAX:  # the same level (Grand Maître from 17): the roller reads at most 40
        text += f", soit {_EXPERTISE_MAX} pour le lanceur (Grand Maître dès 17)"
    return min(total, _EXPERTISE_MAX), text


def _competence_named(sheet: Sheet) -> list[Named]:
    out = []
    for comp in sheet["competences"]:
        expertise, text = expertise_of(sheet, comp, None, "competence")
        level = LEVELS[level_of(expertise)].label
        out.append(Named(comp["nom"], expertise, f"{text} ({level})", "Compétences"))
    return out


def _is_level_word(raw: Any) -> bool:
    return isinstance(raw, str) and fold(raw) in CARACTERISTIQUES


def _fill_side(f: Filling, side: str, suffix: str) -> None:
    sheet = f.sheets.one(side)
    comp_name = f.pop("competence" + suffix)
    linked = f.pop("caracteristique_liee" + suffix)
    if sheet is None:
        if comp_name is not None or linked is not None:
            name = "competence" + suffix if comp_name is not None else "caracteristique_liee" + suffix
            raise RulesError(name, f"Compétence ({name}) : nommer une compétence demande une fiche (fiche).")
        return
    key = f.sheets.key(side)
    expertise_name, carac_name = "expertise" + suffix, "caracteristique" + suffix
    if comp_name is not None:
        if f.given(carac_name):
            raise RulesError(
                "competence" + suffix,
                f"Compétence (competence{suffix}) : donnez soit une compétence, soit une caractéristique, pas les deux.",
            )
        items = [Named(c["nom"], c["valeur"], c["nom"]) for c in sheet["competences"]]
        found = find(items, str(comp_name), "competence" + suffix, "Compétence", whose(sheet), _COMPETENCE)
        comp = next(c for c in sheet["competences"] if c["nom"] == found.name)
        expertise, text = expertise_of(sheet, comp, linked, "caracteristique_liee" + suffix)
        f.take(expertise_name, expertise, "Valeur d’expertise", sheet, key, text)
    elif linked is not None:
        raise RulesError(
            "caracteristique_liee" + suffix,
            f"Caractéristique liée (caracteristique_liee{suffix}) : elle choisit le modificateur d’une compétence "
            f"(competence{suffix}=…).",
        )
    carac = f.params.get(carac_name)
    if f.given(carac_name) and not _is_level_word(carac):
        found = find(
            _carac_named(sheet), str(carac), carac_name, "Test de caractéristique", whose(sheet), _CARACTERISTIQUE
        )
        f.params[carac_name] = found.value
        f.note(carac_name, found.value, f"Test de caractéristique : {found.label}, de {whose(sheet)}", key)
    _fill_who(f, suffix, sheet, key)
    if sheet["type"] == "pj":
        f.take("points" + suffix, sheet["heroisme"]["points"], "Points d’héroïsme", sheet, key)
        f.take("points_depart" + suffix, sheet["heroisme"]["depart"], "Points d’héroïsme de départ", sheet, key)
    elif f.sheets.reserve is not None and f.has("qui" + suffix):  # the meneur's porte-poisse, from the Réserve
        reserve = f.sheets.reserve
        f.take("points" + suffix, reserve["porte_poisse"], "Points de porte-poisse", reserve, "reserve")


def _fill_who(f: Filling, suffix: str, sheet: Sheet, key: str) -> None:
    """Who rolls is the sheet's: a PJ's dice are a player's (heroism), a PNJ's the meneur's (porte-poisse,
    RULES.md). A ``qui`` that says otherwise is refused, naming the conflict: never half of each."""
    name = "qui" + suffix
    if not f.has(name):
        return
    pnj = sheet["type"] == "pnj"
    wanted = MENEUR if pnj else JOUEUR
    if not f.given(name):
        f.params[name] = wanted
        who = f"le meneur ({sheet['nom']} est un PNJ)" if pnj else f"un joueur ({sheet['nom']} est un PJ)"
        f.note(name, wanted, f"Qui lance : {who}", key)
        return
    param = next(p for p in f.roller.params if p.name == name)
    given = param.parse(f.params[name])
    if given != wanted:
        dice = (
            "ceux du meneur (ses points de porte-poisse)"
            if pnj
            else "ceux de sa joueuse ou son joueur (ses points d’héroïsme)"
        )
        other = "PJ" if pnj else "PNJ"
        raise RulesError(
            name,
            f"{param.where} : « {given} » contredit {whose(sheet)}, un {'PNJ' if pnj else 'PJ'}, dont les dés sont "
            f"{dice} ; gardez « {wanted} » ou choisissez la fiche d’un {other}.",
        )


def _fill_one(f: Filling) -> None:
    _fill_side(f, "a", "")


def _fill_two(f: Filling) -> None:
    _fill_side(f, "a", "_a")
    _fill_side(f, "b", "_b")


def _side_choices(sheet: Sheet | None, suffix: str) -> dict[str, list[dict[str, Any]]]:
    if sheet is None:
        return {}
    caracs = [n.choice() for n in _carac_named(sheet) if n.group]
    return {
        "competence" + suffix: [n.choice() for n in _competence_named(sheet)],
        "caracteristique" + suffix: caracs,
        "caracteristique_liee" + suffix: caracs,
    }


def _choices_one(sheets: Sheets) -> dict[str, list[dict[str, Any]]]:
    return _side_choices(sheets.one("a"), "")


def _choices_two(sheets: Sheets) -> dict[str, list[dict[str, Any]]]:
    return {**_side_choices(sheets.one("a"), "_a"), **_side_choices(sheets.one("b"), "_b")}


_COMPETENCE_PARAM = Param(
    "competence",
    "Compétence",
    "text",
    help="Une compétence de la fiche, par son nom : sa valeur plus le meilleur modificateur de ses "
    "caractéristiques rattachées donne la valeur d’expertise.",
)
_LINKED_PARAM = Param(
    "caracteristique_liee",
    "Caractéristique liée",
    "text",
    help="Une des caractéristiques rattachées à la compétence (son abréviation) : son modificateur remplace "
    "le meilleur.",
)


def _suffixed(param: Param, suffix: str, who: str) -> Param:
    return Param(param.name + suffix, param.label + who, param.kind, help=param.help)


_TAKES = (
    ("expertise", "competence=NOM : la valeur de la compétence plus le meilleur modificateur de ses caractéristiques"),
    ("caracteristique", "une caractéristique de la fiche, par son nom ou son abréviation (CON) : son niveau"),
    ("qui", "qui lance : un joueur pour un PJ, le meneur pour un PNJ"),
    ("points", "les points d’héroïsme de la fiche (un PJ)"),
    ("points_depart", "les points d’héroïsme de départ de la fiche (un PJ)"),
)
_NAMED = (
    ("competence", "Compétence"),
    ("caracteristique", "Caractéristique"),
    ("caracteristique_liee", "Caractéristique liée"),
)
_GIVES = (("competence", "expertise"), ("caracteristique_liee", "expertise"))
_WRITES = (
    "les points d’héroïsme dépensés et gagnés (+1 par 20, -1 par 1, entre 0 et le double du départ)",
    "chaque 1 d’un PJ : +1 point de porte-poisse dans la Réserve du meneur",
)


def _example(
    sheet_id: str,
    name: str,
    people: str,
    notes: str,
    caracs: list[tuple[str, str, str]],
    comps: list[tuple[str, int, list[str]]],
) -> Sheet:
    return {
        "format": 1,
        "jeu": "simon",
        "id": sheet_id,
        "nom": name,
        "type": "pj",
        "joueuse": "",
        "notes": fr(notes),  # the reader's data is never typeset at the door: set it here
        "modifie": None,
        "peuple": people,
        "caracteristiques": [{"nom": n, "abreviation": a, "niveau": lv} for n, a, lv in caracs],
        "competences": [{"nom": n, "valeur": v, "caracteristiques": c} for n, v, c in comps],
        "modificateurs": dict(DEFAULT_MODIFIERS),
        "heroisme": {"points": 20, "depart": 20},
    }


EXAMPLES = (
    _example(
        "exemple-simon-ysil",
        "Ysil",
        "l’elfe",
        "D’après les exemples du chapitre 003 : INT au-dessus de la normale, CO et CON normales, Langue étrangère 5 "
        "(rattachée à l’intelligence ou la connaissance). Négociation 3 (« Connaisseuse ») : le livre ne la "
        "rattache à aucune caractéristique, la fiche non plus. Très faible \u22122, faible \u22121 et héroïque +4 sont des "
        "modificateurs du site.",
        [("Intelligence", "INT", "au-dessus"), ("Connaissance", "CO", "normale"), ("Constitution", "CON", "normale")],
        [("Langue étrangère", 5, ["INT", "CO"]), ("Négociation", 3, [])],
    ),
    _example(
        "exemple-simon-urlk",
        "Urlk",
        "le nain",
        "D’après les exemples du chapitre 003 : un négociant amateur (Négociation 1). Le +2 de l’exemple du "
        "marchand volé est une circonstance du jet (modificateur=2), pas une valeur de la fiche ; le livre ne "
        "donne pas ses caractéristiques.",
        [],
        [("Négociation", 1, [])],
    ),
)

SHEET = GameSheet(
    game="simon",
    title=TITLES["simon"],
    fields=FIELDS,
    examples=EXAMPLES,
    check=_check,
    bounds=_bounds,
    writable={"heroisme.points": ("Points d’héroïsme", ("ecart", "valeur"))},
    reserve_fields=RESERVE_FIELDS,
    reserve_label="Réserve du meneur",
    reserve_writable={"porte_poisse": ("Points de porte-poisse", ("ecart", "valeur"))},
    reserve_example={
        "format": 1,
        "jeu": "simon",
        "id": "exemple-simon-reserve",
        "type": "reserve",
        "nom": "Réserve du meneur",
        "porte_poisse": 10,
        "notes": "",
        "modifie": None,
    },
    bindings=(
        Binding(
            "simon.jet",
            _fill_one,
            _choices_one,
            effects_jet,
            reserve=True,
            sheet_params=(_COMPETENCE_PARAM, _LINKED_PARAM),
            takes=_TAKES,
            writes=_WRITES,
            named=_NAMED,
            gives=_GIVES,
        ),
        Binding(
            "simon.aide",
            _fill_one,
            _choices_one,
            effects_jet,
            reserve=True,
            sheet_params=(_COMPETENCE_PARAM, _LINKED_PARAM),
            takes=_TAKES[:3],
            named=_NAMED,
            gives=_GIVES,
        ),
        Binding(
            "simon.opposition",
            _fill_two,
            _choices_two,
            effects_opposition,
            b_key="fiche_b",
            reserve=True,
            sheet_params=tuple(
                _suffixed(p, s, who)
                for s, who in (("_a", " (acteur, a)"), ("_b", " (celui qui réagit, b)"))
                for p in (_COMPETENCE_PARAM, _LINKED_PARAM)
            ),
            takes=tuple((f"{p}_{s}", f"{text} (fiche de {s})") for s in "ab" for p, text in _TAKES),
            writes=_WRITES,
            places=(("fiche", "Acteur (a)"), ("fiche_b", "Celui qui réagit (b)")),
            named=tuple((f"{p}_{s}", f"{label} ({s})") for s in "ab" for p, label in _NAMED),
            gives=tuple((f"{p}_{s}", f"{g}_{s}") for s in "ab" for p, g in _GIVES),
        ),
    ),
)
