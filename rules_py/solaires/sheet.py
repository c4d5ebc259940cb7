"""Solaires: the character sheet (002 « Créer un personnage », « Points de personnage »).

Its fields (identity, elements with their category and mark, états, character
points), its checks, what each roller takes from it (elements and états by
name, the points), and what a result writes back (a reroll's two points, the
follow-ups of ``solaires.points``; « Ajouter un état » is offered next to an
action's outcome, nothing is added without the player's tap). The example
characters are in ``sheet_examples``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..dice import Dice
from ..errors import RulesError
from ..games import TITLES
from ..params import Choice, Param
from ..sheets.changes import intent, read_changes, undoing
from ..sheets.fields import NAME_MAX, Field, name_key
from ..sheets.game import Binding, Filling, Followup, GameSheet, Outcome, Sheets, whose
from ..sheets.names import Kind, Named
from .sheet_examples import EXAMPLES

__all__ = ["SHEET", "CATEGORIES", "LEVEL_WORDS"]

Sheet = dict[str, Any]

_PAGE = "solaires/regles/creer-un-personnage/"
_POINTS_PAGE = "solaires/regles/points-de-personnage/"

#: 002 « Éléments »: the four categories, with their plural for the widget's groups.
CATEGORIES = {
    "carriere": ("Carrière", "Carrières"),
    "trait": ("Trait", "Traits"),
    "relation": ("Relation", "Relations"),
    "equipement": ("Équipement", "Équipement"),
}
#: 002 « Éléments » and « Etats »: the words of scores 1, 2 and 3.
LEVEL_WORDS = {
    "carriere": ("Débutant", "Professionnel", "Expert"),
    "trait": ("Léger", "Important", "Extrême"),
    "relation": ("Connaissance", "Allié", "Ami"),
    "equipement": ("Standard", "Amélioré ou intégré", "À la pointe"),
    "etat": ("Léger", "Important", "Extrême"),
}
_MARKS = {"log": "Log", "org": "Org", "psi": "Psi", "cyb": "Cyb"}

_NAME = Field("nom", "Nom", "name", required=True, length=NAME_MAX)

FIELDS = (
    Field(
        "pseudonyme",
        "Pseudonyme",
        "text",
        default="",
        length=NAME_MAX,
        help="Son pseudonyme : il s’agit de la façon dont le personnage est couramment appelé.",
        source="002, « Identité »",
        link=_PAGE + "#identite",
    ),
    Field(
        "nom_civil",
        "Nom civil",
        "text",
        default="",
        length=NAME_MAX,
        help="Le nom est un concept administratif regroupant ce que nous connaissons comme « premier prénom, nom ».",
        source="002, « Identité »",
        link=_PAGE + "#identite",
    ),
    Field(
        "esprit",
        "Type d’esprit",
        "text",
        default="",
        length=NAME_MAX,
        help="Le type d’esprit désigne la nature même de l’esprit du personnage (qui a souvent plus d’importance "
        "que l’enveloppe du point de vue légal dans la société des Solaires).",
        source="002, « Identité »",
        link=_PAGE + "#identite",
        suggestions=("Intelligence Naturelle", "IAF", "IP", "Intelligence Infomorphisée"),
    ),
    Field(
        "genre",
        "Genre",
        "text",
        default="",
        length=NAME_MAX,
        help="Les valeurs les plus représentées restent : neutre, masculin, féminin, mixte, fluide, indéfini, etc.",
        source="002, « Identité »",
        link=_PAGE + "#identite",
        suggestions=("neutre", "masculin", "féminin", "mixte", "fluide", "indéfini"),
    ),
    Field(
        "concept",
        "Concept",
        "text",
        default="",
        length=300,
        help="Le concept est une idée de personnage résumée en une phrase qui donne la nature et la fonction "
        "du personnage.",
        source="002, « Concept »",
        link=_PAGE + "#concept",
        placeholder="Espion martien cybernétique",
    ),
    Field(
        "description",
        "Description",
        "text",
        default="",
        lines=True,
        help="Idéalement, la description devrait répondre à chacune de ces questions par un paragraphe :",
        source="002, « Description »",
        link=_PAGE + "#description",
        placeholder="Quelle est son histoire ? D’où vient-il ? Où est-il ?\n"
        "Quel est son caractère ? Comment agit-il ?\n"
        "En quoi croit-il ? Quelles sont ses valeurs et ses croyances ?\n"
        "A quoi ressemble-t-il physiquement (s’il dispose d’une enveloppe physique) ?\n"
        "A quoi ressemble-t-il sur SolNet ?",
    ),
    Field(
        "elements",
        "Éléments",
        "list",
        default=[],
        item="Élément",
        named=True,
        help="De plus, il n’y a pas de limite au nombre d’éléments que peut posséder un personnage en dehors du "
        "bon sens.",
        source="002, « Éléments »",
        link=_PAGE + "#elements",
        fields=(
            _NAME,
            Field(
                "categorie",
                "Catégorie",
                "choice",
                required=True,
                choices=tuple(Choice(k, v[0]) for k, v in CATEGORIES.items()),
                help="Commencez par surligner et reporter toutes les informations importantes de la description et "
                "recopiez-les dans les catégories correspondantes :",
                source="002, « Éléments »",
                link=_PAGE + "#elements",
            ),
            Field(
                "score",
                "Score",
                "int",
                required=True,
                minimum=1,
                maximum=3,
                help="Dans un second temps, vous allez attribuer un score - compris entre 1 et 3 - à ces éléments et "
                "les évaluant à partir des correspondances suivantes :",
                source="002, « Éléments »",
                link=_PAGE + "#elements",
                scales=tuple((k, LEVEL_WORDS[k]) for k in CATEGORIES),
                scale_key="categorie",
            ),
            Field(
                "marque",
                "Marque",
                "choice",
                nullable=True,
                choices=tuple(Choice(k, v) for k, v in _MARKS.items()),
                help="Pour éviter de confondre l’équipement intégré, les modifications, et les implants avec "
                "l’équipement, nous conseillons d’annoter ces premiers éléments avec les abréviations suivantes :",
                source="002, « Équipement »",
                link=_PAGE + "#equipement",
                decided="Pour un équipement seulement ; montrée « (Cyb) » après le nom.",
            ),
        ),
    ),
    Field(
        "etats",
        "États",
        "list",
        default=[],
        item="État",
        named=True,
        help="Au cours de la partie, votre personnage pourra acquérir ou subir diverses altérations : les états.",
        source="002, « États »",
        link=_PAGE + "#etats",
        decided="Un état peut être choisi comme élément d’une action ; il compte alors comme un handicap, sauf "
        "si le joueur dit le contraire (« Un élément est un handicap » : non).",
        fields=(
            _NAME,
            Field(
                "score",
                "Score",
                "int",
                required=True,
                minimum=1,
                maximum=3,
                help="Ils sont eux aussi chiffré de 1 à 3 de la même manière que les traits : Léger (1), "
                "Important (2), Extrême (3).",
                source="002, « États »",
                link=_PAGE + "#etats",
                scales=(("", LEVEL_WORDS["etat"]),),
            ),
        ),
    ),
    Field(
        "points",
        "Points de personnage",
        "int",
        default=2,
        minimum=0,
        maximum=99,
        help="À la création, chaque joueur se voit attribuer deux points de personnage et son maximum de point de "
        "personnage est fixé à deux.",
        source="002, « Acquisition et récupération »",
        link=_POINTS_PAGE + "#acquisition-et-recuperation",
    ),
    Field(
        "points_max",
        "Maximum de points de personnage",
        "int",
        default=2,
        minimum=2,
        maximum=99,
        help="Dans le cas d’une série, à la fin d’un épisode, chaque joueur voit son maximum de points de personnage "
        "augmenter d’un et récupère deux points de personnage.",
        source="002, « Acquisition et récupération »",
        link=_POINTS_PAGE + "#acquisition-et-recuperation",
    ),
)


def _check(sheet: Sheet, key: str) -> None:
    for i, el in enumerate(sheet["elements"]):
        if el["marque"] is not None and el["categorie"] != "equipement":
            raise RulesError(
                f"{key}.elements[{i}].marque",
                f"Élément {i + 1} « {el['nom']} », Marque ({key}.elements[{i}].marque) : seul un équipement porte "
                f"une marque (Log, Org, Psi, Cyb), reçu « {el['marque']} » pour un élément de catégorie "
                f"{CATEGORIES[el['categorie']][0]}.",
            )
    names = {name_key(el["nom"]): el["nom"] for el in sheet["elements"]}
    for i, state in enumerate(sheet["etats"]):
        if name_key(state["nom"]) in names:
            raise RulesError(
                f"{key}.etats[{i}].nom",
                f"État {i + 1} « {state['nom']} », Nom ({key}.etats[{i}].nom) : un élément porte déjà ce nom "
                f"(« {names[name_key(state['nom'])]} ») ; chaque nom est unique sur la fiche.",
            )
    if sheet["points"] > sheet["points_max"]:
        raise RulesError(
            f"{key}.points",
            f"Points de personnage ({key}.points) : au plus le maximum de points ({sheet['points_max']}), "
            f"reçu {sheet['points']} ; une récupération ne dépasse jamais le maximum (002).",
        )


def _bounds(sheet: Mapping[str, Any], path: str) -> tuple[int, int]:
    if path == "points":
        return 0, int(sheet["points_max"])
    return 2, 99


# ----------------------------------------------------------------------
# From the sheet to the rollers
# ----------------------------------------------------------------------

_KIND = Kind("d’élément ni d’état", "ses éléments et états", "elle n’a aucun élément ni état")


def element_label(el: Mapping[str, Any]) -> str:
    mark = f" ({_MARKS[el['marque']]})" if el.get("marque") else ""
    return f"{el['nom']}{mark}"


def _named(sheet: Sheet) -> list[Named]:
    out = [
        Named(el["nom"], el["score"], f"{element_label(el)} ({el['score']})", CATEGORIES[el["categorie"]][1])
        for el in sheet["elements"]
    ]
    out += [Named(st["nom"], st["score"], f"{st['nom']} ({st['score']})", "États") for st in sheet["etats"]]
    return out


def _states(sheet: Sheet) -> set[str]:
    return {name_key(st["nom"]) for st in sheet["etats"]}


def _fill_elements(f: Filling, name: str, side: str, label: str, handicap: bool) -> None:
    sheet = f.sheets.one(side)
    if sheet is None:
        return
    key = f.sheets.key(side)
    resolved = f.names(name, _named(sheet), label, sheet, key, _KIND)
    if resolved is None or all(isinstance(r, int) for r in resolved):
        return
    numbers = [r.number if isinstance(r, Named) else r for r in resolved]
    f.params[name] = numbers
    words = " + ".join(r.label if isinstance(r, Named) else f"{r} (valeur donnée)" for r in resolved)
    f.note(name, numbers, f"{label} : {words}, de {whose(sheet)}", key)
    states = [r for r in resolved if isinstance(r, Named) and name_key(r.name) in _states(sheet)]
    if handicap and states and f.has("handicap"):
        if f.given("handicap"):
            f.note(
                "handicap",
                f.params["handicap"],
                "Un élément est un handicap : la valeur donnée l’emporte",
                key,
                "requete",
            )
        else:
            f.params["handicap"] = True
            f.note(
                "handicap",
                True,
                f"Un élément est un handicap : oui, « {states[0].name} » est un état de la fiche "
                "(choix du site ; « Un élément est un handicap » : non, pour s’en passer)",
                key,
            )


def _fill_action(f: Filling) -> None:
    _fill_elements(f, "elements", "a", "Scores des éléments", True)
    sheet = f.sheets.one("a")
    if sheet is not None:
        f.take("points", sheet["points"], "Points de personnage", sheet, f.sheets.key("a"))


def _fill_opposition(f: Filling) -> None:
    _fill_action(f)
    _fill_elements(f, "defense", "b", "Éléments de l’autre personnage", False)


def _fill_points(f: Filling) -> None:
    sheet = f.sheets.one("a")
    if sheet is not None:
        key = f.sheets.key("a")
        f.take("points", sheet["points"], "Points de personnage", sheet, key)
        f.take("maximum", sheet["points_max"], "Maximum de points", sheet, key)


def _choices_action(sheets: Sheets) -> dict[str, list[dict[str, Any]]]:
    sheet = sheets.one("a")
    out = {"elements": [n.choice() for n in _named(sheet)]} if sheet else {}
    other = sheets.one("b")
    if other is not None:
        out["defense"] = [n.choice() for n in _named(other)]
    return out


def _choices_points(sheets: Sheets) -> dict[str, list[dict[str, Any]]]:
    return {}


# ----------------------------------------------------------------------
# What a result writes back
# ----------------------------------------------------------------------


def _points_intents(outcome: Outcome, key: str) -> list[tuple[str, dict[str, Any]]]:
    """The points a follow-up spent or won: the result's against the state it was played on."""
    state, result = outcome.state or {}, outcome.result
    lines = [line for line in result.get("calcul", []) if isinstance(line, str)]
    reason = " ; ".join([line for line in lines if line.startswith("Relance du dé")] or lines)
    out = []
    for field, label, res_key in (
        ("points_max", "Maximum de points de personnage", "maximum"),
        ("points", "Points de personnage", "points"),
    ):
        before, after = state.get(res_key), result.get(res_key)
        if isinstance(before, int) and isinstance(after, int) and after != before:
            out.append((key, intent(field, label, reason, ecart=after - before)))
    return out


def _effects_action(outcome: Outcome) -> list[tuple[str, dict[str, Any]]]:
    if outcome.op != "action" or outcome.sheets.one("a") is None:
        return []
    return _points_intents(outcome, outcome.sheets.key("a"))


def _new_element(outcome: Outcome) -> dict[str, Any] | None:
    """The element a use of points that alters the character adds (002, « Coût et veto »), checked."""
    spent = outcome.result.get("depense")
    altering = spent.get("alteration_personnage", 0) if isinstance(spent, Mapping) else 0
    extra = outcome.extra
    if outcome.action != "depenser" or outcome.sheets.one("a") is None:
        return None
    if not altering:
        if extra.get("element") is not None:
            raise RulesError(
                "element",
                "Nouvel élément (element) : seule une dépense qui altère le personnage (alteration_personnage=1 ou 2) "
                "l’ajoute à sa fiche.",
            )
        return None
    missing = [name for name in ("element", "element_categorie", "element_score") if extra.get(name) is None]
    if missing:
        raise RulesError(
            missing[0],
            "Nouvel élément (element, element_categorie, element_score) : une dépense qui altère le personnage "
            "ajoute l’élément à sa fiche dans la même écriture ; donnez son nom, sa catégorie et son score.",
        )
    sheet = outcome.sheets.one("a") or {}
    same = [el["nom"] for el in sheet.get("elements", []) if name_key(el["nom"]) == name_key(extra["element"])]
    return {
        "nom": same[0] if same else extra["element"],  # an element of the sheet keeps its name as written there
        "categorie": extra["element_categorie"],
        "score": extra["element_score"],
        "marque": extra.get("element_marque"),
    }


def _effects_points(outcome: Outcome) -> list[tuple[str, dict[str, Any]]]:
    out = _effects_action(outcome)
    key = outcome.sheets.key("a")
    element = _new_element(outcome)
    if element is not None:
        sheet = outcome.sheets.one("a") or {}
        known = any(name_key(el["nom"]) == name_key(element["nom"]) for el in sheet.get("elements", []))
        done = "score changé" if known else "élément ajouté"
        reason = f"{element_label(element)} ({element['score']}) : {done} par une dépense qui altère le personnage"
        out.append((key, intent("elements", "Éléments", reason, ajout=element)))
    if outcome.action == "veto":
        out += [(key, one) for one in _vetoed_elements(outcome)]
    return out


def _vetoed_elements(outcome: Outcome) -> list[dict[str, Any]]:
    """A veto undoes what the use of points changed on the sheet's elements, exactly (the state keeps those changes:
    an element added is taken away, an element whose score changed gets its score back, in its place)."""
    sheet, state = outcome.sheets.one("a"), outcome.state or {}
    if sheet is None:
        return []
    made = state.get("fiche_modifications")
    if isinstance(made, list):
        mine = [c for c in made if isinstance(c, Mapping) and c.get("fiche_id") == sheet["id"]]
        where = "etat.fiche_modifications"
        return read_changes(undoing(mine, where, "Veto"), {"elements": _WRITABLE["elements"]}, where)
    gone = state.get("fiche_element")  # a state kept by an earlier version: the element's name only
    if isinstance(gone, str):
        return [intent("elements", "Éléments", f"Veto : « {gone} » n’est pas ajouté", retrait=gone)]
    return []


def _state_out_points(outcome: Outcome, changes: list[dict[str, Any]]) -> dict[str, Any]:
    """After a use that altered the character, the state keeps the element and what it changed: a veto undoes it."""
    element = _new_element(outcome)
    if element is None:
        return {}
    made = [c for c in changes if c["champ"] == "elements" and c["cible"] == outcome.sheets.key("a")]
    return {"fiche_element": element["nom"], "fiche_modifications": made}


def _state_action(state: Mapping[str, Any], sheets: Sheets) -> Mapping[str, Any]:
    """A reroll spends the points the sheet holds now (another roll may have spent some since)."""
    sheet = sheets.one("a")
    return state if sheet is None or "points" not in state else {**state, "points": sheet["points"]}


def _state_points(state: Mapping[str, Any], sheets: Sheets) -> Mapping[str, Any]:
    sheet = sheets.one("a")
    return state if sheet is None else {**state, "points": sheet["points"], "maximum": sheet["points_max"]}


def _followups_action(outcome: Outcome) -> list[dict[str, Any]]:
    sheet = outcome.sheets.one("a")
    if sheet is None:
        return []
    return [ADD_STATE.offer(sheet, outcome.sheets.key("a"), f"Ajouter un état à {sheet['nom']}")]


def _add_state(sheet: Sheet, args: dict[str, Any], dice: Dice) -> tuple[list[dict[str, Any]], str]:
    name, score = args["nom"], args["score"]
    words = LEVEL_WORDS["etat"][score - 1]
    again = name_key(name) in _states(sheet)
    line = f"{sheet['nom']} {'passe à' if again else 'gagne'} l’état « {name} » ({words}, {score})"
    return [intent("etats", "États", line, ajout={"nom": name, "score": score})], line


ADD_STATE = Followup(
    "ajouter_etat",
    "Ajouter un état",
    (
        Param("nom", "Nom de l’état", "text", required=True, help="« En état de choc », « Pensée altérée »… (002)."),
        Param(
            "score",
            "Score de l’état",
            "int",
            required=True,
            minimum=1,
            maximum=3,
            help="Léger (1), Important (2), Extrême (3) ; un état du même nom prend ce score.",
        ),
    ),
    _add_state,
)

_ELEMENT_PARAMS = (
    Param(
        "element",
        "Nouvel élément",
        "text",
        help="Avec une altération du personnage : le nom de l’élément que la dépense lui ajoute (ou dont elle "
        "change le score).",
    ),
    Param(
        "element_categorie",
        "Catégorie du nouvel élément",
        "choice",
        choices=tuple(Choice(k, v[0]) for k, v in CATEGORIES.items()),
    ),
    Param("element_score", "Score du nouvel élément", "int", minimum=1, maximum=3),
    Param(
        "element_marque", "Marque du nouvel élément", "choice", choices=tuple(Choice(k, v) for k, v in _MARKS.items())
    ),
)

_WRITABLE = {
    "points": ("Points de personnage", ("ecart", "valeur")),
    "points_max": ("Maximum de points de personnage", ("ecart", "valeur")),
    "etats": ("États", ("ajout", "retrait")),
    "elements": ("Éléments", ("ajout", "retrait")),
}

_ELEMENTS_TAKE = (
    "elements",
    "un ou deux éléments ou états de la fiche, par leur nom (« elements=Pilote,Volontaire ») ; "
    "un état compte comme un handicap, sauf si le joueur dit le contraire",
)
_POINTS_TAKE = ("points", "les points de personnage de la fiche")

SHEET = GameSheet(
    game="solaires",
    title=TITLES["solaires"],
    fields=FIELDS,
    examples=EXAMPLES,
    check=_check,
    bounds=_bounds,
    writable=_WRITABLE,
    followups=(ADD_STATE,),
    bindings=(
        Binding(
            "solaires.action",
            _fill_action,
            _choices_action,
            _effects_action,
            takes=(_ELEMENTS_TAKE, _POINTS_TAKE),
            writes=("relancer : les deux points de la relance",),
            followups=_followups_action,
            state=_state_action,
            named=(("elements", "Élément"),),
        ),
        Binding(
            "solaires.opposition",
            _fill_opposition,
            _choices_action,
            _effects_action,
            b_key="fiche_defense",
            takes=(
                _ELEMENTS_TAKE,
                ("defense", "un ou deux éléments de la fiche de l’autre personnage (fiche_defense), par leur nom"),
                _POINTS_TAKE,
            ),
            writes=("relancer : les deux points de la relance",),
            followups=_followups_action,
            state=_state_action,
            places=(("fiche", "Personnage qui agit"), ("fiche_defense", "L’autre personnage")),
            named=(("elements", "Élément"), ("defense", "Élément de l’autre personnage")),
        ),
        Binding(
            "solaires.points",
            _fill_points,
            _choices_points,
            _effects_points,
            takes=(_POINTS_TAKE, ("maximum", "le maximum de points de la fiche")),
            writes=(
                "fin de scène, fin d’épisode, dépenses : les points et le maximum",
                "une dépense qui altère le personnage : l’élément ajouté (un veto le retire)",
            ),
            state=_state_points,
            action_params=(("depenser", _ELEMENT_PARAMS),),
            state_out=_state_out_points,
        ),
    ),
)
