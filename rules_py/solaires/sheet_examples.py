"""Solaires: the book's example characters, as ready-made sheets (CHARACTERS.md).

Perseüs is the whole example of 002 (« Créer un personnage »); Razors, Elya,
Lyra and Downlink are partial sheets, just enough to replay the book's
examples from a sheet. Where the book gives no value, the sheet's notes say
it is the site's choice. The page copies an example (with a new ``id``) when a
player opens it, so the example itself never changes.
"""

from __future__ import annotations

from typing import Any

from ..typography import fr

__all__ = ["EXAMPLES", "PERSEUS_DESCRIPTION"]

#: 002, « Description »: the example's text, as the book gives it (typographic apostrophes).
PERSEUS_DESCRIPTION = (
    "Perseüs est né à Londres le 1er juin 2065 (28 ans) dans les milieux modestes du personnel de Suan "
    "travaillant à la colonisation. Enfant, il a beaucoup rêvé de voyages et son côté rêveur l’a un peu isolé "
    "des autres enfants. Majeur, il rejoint les colonies pour commencer des études de pilote. Il s’engage à 20 "
    "ans, dans la flotte de Suan lorsque l’ONU attaque Mars. Il est abattu lors de son arrivée alors qu’il "
    "transportait des renforts depuis Saturne vers Mars. Il est ramené à la vie par Mars dans un corps "
    "cybernétique. Revanchard, il s’engage dans les forces de Mars et suit un entraînement d’agent furtif, puis "
    "intègre les renseignements martiens et participe à la campagne de Jupiter. Depuis la fin de la guerre, il "
    "travaille en freelance lorsque Mars n’a pas de mission pour lui.\n\n"
    "Perseüs est volontaire, introverti et revanchard. Il préfère agir sans se faire remarquer, en ne laissant "
    "aucune trace et sans prendre de risques inutiles. Son expérience de la mort lui laisse croire que les "
    "Solaires sont à même de vaincre tous les obstacles et qu’ils se passent fort bien d’une entité supérieure.\n\n"
    "L’enveloppe régulière de Perseüs est une enveloppe cybernétique haute de 1m80 avec une masse de 97kg. Il "
    "apparaît comme un homme mince, élancé avec un air un peu froid. Ce corps synthétique à l’apparence humaine, "
    "est souple et a la peau blanche. Son visage arbore des yeux noirs et des cheveux courts d’un bleu presque "
    "noir.\n\n"
    "Sur SolNet, il apparaît d’abord comme une silhouette humanoïde sombre avec une musculature très marquée, "
    "visiblement synthétique. Son corps est composé uniquement d’une ossature argentée sur laquelle sont "
    "attachés des muscles noirs. Des vêtements moulants bleu nuit couvrent le torse et les jambes. L’avatar de "
    "Perseüs a un visage de la même couleur que les vêtements tel un masque à peine humanisé sans cheveux et "
    "aux yeux d’argent."
)


def _el(name: str, category: str, score: int, mark: str | None = None) -> dict[str, Any]:
    return {"nom": name, "categorie": category, "score": score, "marque": mark}


def _sheet(sheet_id: str, name: str, notes: str, elements: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    return {
        "format": 1,
        "jeu": "solaires",
        "id": sheet_id,
        "nom": name,
        "type": extra.pop("type", "pj"),
        "joueuse": extra.pop("joueuse", ""),
        "notes": fr(notes),  # the reader's data is never typeset at the door: set it here
        "modifie": None,
        "pseudonyme": extra.pop("pseudonyme", ""),
        "nom_civil": extra.pop("nom_civil", ""),
        "esprit": extra.pop("esprit", ""),
        "genre": extra.pop("genre", ""),
        "concept": extra.pop("concept", ""),
        "description": extra.pop("description", ""),
        "elements": elements,
        "etats": [],
        "points": 2,
        "points_max": 2,
    }


EXAMPLES: tuple[dict[str, Any], ...] = (
    _sheet(
        "exemple-solaires-perseus",
        "Perseüs",
        "Le personnage d’exemple du livre (002, « Créer un personnage »), en entier. "
        "Il a cinq Microsenseurs et deux Relais SolNet : « (×5) » et « (×2) » sont écrits dans leur nom.",
        [
            _el("Volontaire", "trait", 2),
            _el("Introverti", "trait", 2),
            _el("Revanchard", "trait", 2),
            _el("Avatar Cyber", "trait", 1),
            _el("Cybernétique", "trait", 2),
            _el("Mince", "trait", 2),
            _el("Élancé", "trait", 2),
            _el("Souple", "trait", 2),
            _el("Terrien", "carriere", 2),
            _el("Colon", "carriere", 2),
            _el("Pilote", "carriere", 2),
            _el("Espion martien", "carriere", 3),
            _el("Renseignements martiens", "relation", 2),
            _el("Mars", "relation", 2),
            _el("Suan", "relation", 1),
            _el("Corps cybernétique", "equipement", 2, "cyb"),
            _el("Ordoptique intégré", "equipement", 2, "cyb"),
            _el("Interface progiciel", "equipement", 1, "cyb"),
            _el("Nœud de sauvegarde", "equipement", 2, "cyb"),
            _el("Dispositif gecko", "equipement", 2, "cyb"),
            _el("Console de décryptage intégrée", "equipement", 2, "cyb"),
            _el("Pistolet pulseur silencieux", "equipement", 2),
            _el("Microsenseurs (×5)", "equipement", 1),
            _el("Relais SolNet (×2)", "equipement", 1),
            _el("Kit d’intrusion", "equipement", 1),
            _el("Tenue de camouflage thermo-optique", "equipement", 3),
        ],
        pseudonyme="Perseüs",
        nom_civil="Carl Mordani",
        esprit="esprit humain (Intelligence Naturelle)",
        genre="masculin",
        concept="Espion martien cybernétique",
        description=PERSEUS_DESCRIPTION,
    ),
    _sheet(
        "exemple-solaires-razors",
        "Razors",
        "Fiche partielle, tirée de l’exemple du chapitre 000 (« Un exemple ») : seuls les éléments que "
        "l’exemple utilise y sont. Le livre ne dit pas si les Muscles améliorés sont un implant : « (Cyb) » est "
        "un choix du site (Razors est une cyber-samouraï).",
        [_el("Arts martiaux", "carriere", 3), _el("Muscles améliorés", "equipement", 2, "cyb")],
        joueuse="Sophie",
        concept="Cyber-samouraï",
    ),
    _sheet(
        "exemple-solaires-elya",
        "Elya",
        "Fiche partielle, tirée de l’exemple du chapitre 002 (« Un exemple ») : seuls les éléments que "
        "l’exemple utilise y sont ; « (Cyb) » pour les Muscles améliorés est un choix du site (« la puissance "
        "de ses implants »).",
        [_el("Commando", "carriere", 3), _el("Muscles améliorés", "equipement", 2, "cyb")],
        concept="Cyber-samouraï des Solar Wardner",
    ),
    _sheet(
        "exemple-solaires-lyra",
        "Lyra",
        "Fiche partielle, tirée de l’exemple des jets en opposition (000 et 002) : Thalos attaque Lyra, qui "
        "engage Art-Martiaux (3) et Agile (2).",
        [_el("Art-Martiaux", "carriere", 3), _el("Agile", "trait", 2)],
    ),
    _sheet(
        "exemple-solaires-downlink",
        "Downlink",
        "Fiche partielle, tirée de l’exemple du chapitre 000 (« Choix des éléments ») : le livre ne donne pas "
        "de score à la carrière Decker ni à la Console de décryptage ; 2 et 2 sont un choix du site.",
        [_el("Decker", "carriere", 2), _el("Console de décryptage", "equipement", 2)],
        joueuse="Nicolas",
    ),
)
