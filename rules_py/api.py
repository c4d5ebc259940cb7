"""The one JSON-in/JSON-out entry point, for the browser, the CLI and the build.

Request (a dict, or its JSON text for :func:`call_json`)::

    {"op": "list"}
    {"op": "describe", "roller": "solaires.action"}
    {"op": "roll",   "roller": ID, "params": {name: value}, "dice": [4, 6, 2] | "4,6,2", "seed": N}
    {"op": "odds",   "roller": ID, "params": {name: value}}
    {"op": "action", "roller": ID, "action": ACTION_ID, "state": {...},
                     "params": {name: value}, "dice": ..., "seed": ...}
    {"op": "draws",  ...a roll's request, or with "action" (and "state") a follow-up's, or with "suite"
                     (and "fiche") a sheet follow-up's (« Tirer une nouvelle fortune »)...,
                     "dice": [the values entered so far]}

``roll``, ``action`` and ``sheet_followup`` may say ``"reels": true``: ``dice`` are the faces of the reader's own dice, or the
cards she drew from her own tarot (« Entrer mes dés », « Entrer mes cartes »; the CLI's ``--reels``). They
are checked and played exactly as forced dice (a refused one is said « Dés entrés », « Cartes entrées »),
and the result carries ``"reels": true``. ``draws`` tells what a roll or a follow-up draws, played with the
values entered so far (a value it refuses is refused in the roll's words): ``{"roller", "action",
"tirages": [{"type": "de", "faces": 6, "groupe": "Dés du meneur"} | {"type": "carte", "libelle": "la
carte de Bâtons d’Aube", "permises": [names], "cartes": [{"valeur": "7-dagues", "libelle", "enseigne"?,
"permise"}]}], "donnes": how many values were given, "complet": all of them given}``. The draw right
after the values given is exact (a card among those left in the deck); those after it are counted with
stand-ins before them: ask again after each card (``cartes``: the whole suit, or the 22 major arcana,
each said still in the deck or not).

Values may be JSON-typed or text as typed by a reader (``"3,2"``, ``"true"``); ``null`` is no
value (refused, naming the parameter: RULES.md), and a parameter left out takes its default.
:func:`call_json` reads its text with :func:`rules_py.json_text.loads` (at most 40 MB, 64 levels
deep, a key given twice refused by name).

Answer: ``{"ok": true, "result": {...}}`` or ``{"ok": false, "error":
"<one French sentence>", "field": "<parameter name>"}``.

A roll (or action) result holds at least:

- ``roller``, ``parametres`` (the checked parameters, for a share link),
- ``resultat``: the outcome as the book words it; ``reussite``: true, false or null,
- ``des``: groups ``{"titre", "des": [{"valeur", "faces", "garde", "marque"}]}``
  (``garde`` true/false/null; ``marque`` a French word: "conservé", "écarté",
  "réussite critique"…; ``faces`` null for a card),
- ``calcul``: the arithmetic, step by step, in French; ``notes``: French remarks,
- ``tirage``: every die or card drawn, in order (``--dice`` replays it),
- ``etat`` and ``actions``: the state and the follow-ups the rules allow now
  (``[{"id", "libelle", "possible", "raison"?, "parametres"}]``),
- the roller's own figures (``score``, ``conserves``, ``difficulte``, ``seuil``,
  ``modificateur``, ``gagnant``…).

Odds: ``{"reussite": float|null, "issues": {label: float}, "exact": {label: "p/q"}}``.

Character sheets (« Mes personnages »; the fields of each game's sheet are
in its ``sheet.py``, the machinery in ``rules_py/sheets/``)
---------------------------------------------------------------------------

A sheet is one JSON object: ``{"format": 1, "jeu": "solaires"|"feerie"|"simon"|
"dcda", "id", "nom", "type": "pj"|"pnj", "joueuse", "notes", "modifie": ISO 8601
or null, ...its game's fields}`` (at most 64 KB; texts at most 2,000
characters, names 1 to 60). ``op: "sheet_schema"`` describes every field.
Simon keeps beside its sheets one « Réserve du meneur » per table:
``{"format": 1, "jeu": "simon", "id", "type": "reserve", "nom",
"porte_poisse": 10, "notes", "modifie"}``. Sheets are the reader's data: the
answers give them back normalised (defaults filled in, choices as their
values, texts trimmed) but never typeset, and never change ``modifie`` (the
writer, the page or the CLI's ``--ecrire``, sets it). A wrong sheet is one
French sentence whose ``field`` is its path in the request
(``fiche.elements[3].score``, ``fiches_b[1].forces.dagues``, ``reserve.porte_poisse``).

``roll``, ``odds`` and ``action`` may carry sheets (a request without any is
answered exactly as before)::

    {"op": "roll", "roller": ID, "params": {...}, "dice": ..., "seed": ...,
     "fiche": SHEET,              # the acting character (side A)
     "fiche_defense": SHEET,      # solaires.opposition: the other character
     "fiche_b": SHEET,            # simon.opposition, feerie.opposition, dcda.tour, dcda.confrontation: side B
     "fiches_a": [SHEET, ...],    # dcda.confrontation: team A (instead of fiche), up to 8
     "fiches_b": [SHEET, ...],    # dcda.confrontation: team B (instead of fiche_b)
     "reserve": RESERVE}          # Simon: the Réserve du meneur

Which keys each roller takes is in ``sheet_schema`` (``lanceurs[].fiches``); another
is refused, and so is a roller that reads no sheet (``solaires.environnement``).
The roller's parameters the sheets hold are filled from them; ``params`` may
name the sheets' things instead of numbers: ``elements=Pilote,Volontaire``
(Solaires, elements and états), ``defense=…`` (from ``fiche_defense``),
``competence=Langue étrangère`` and ``caracteristique_liee=INT`` (Simon; gives
``expertise``), ``caracteristique=CON``, ``element=bavard``, ``des_a=…``,
``relation_a=Ma sœur,-`` (DC&DA, one per participant, gives ``niveau_a``); Féerie's
assistants may be ``{"fiche": SHEET, "element": "bavard"}`` items of
``assistants``. Names are matched without regard to case, accents or
surrounding spaces; an explicit number still wins. For ``action``, the
sheets are those after the previous step (the result's), a Solaires
follow-up spends the points the sheet holds now, and ``params`` may carry the
follow-up's own sheet parameters (``suites_parametres_fiche``); the result's
``etat`` may keep what the sheets' next step needs (``fiche_element``: the
element a use of points added or changed; ``fiche_modifications``: those changes,
which a veto undoes exactly). The answer is the roller's
result, unchanged, plus:

- ``personnage``: the acting character's name (null without ``fiche``);
  ``personnages``: ``[{"cible", "fiche_id", "nom", "type"}]``, every sheet given;
- ``remplissage`` (roll, odds): whence each filled value came:
  ``[{"parametre", "valeur", "source": "fiche"|"requete", "fiche": KEY, "texte",
  "valeur_fiche"?}]`` (``requete``: the request's explicit value won over the sheet's);
- (roll, action) each sheet given, under its own key, *after* the result's
  effects (``fiche``, ``fiche_b``, ``fiches_a``…, ``reserve``), and
  ``modifications``, the changes made::

      {"cible": "fiche"|"fiches_b[1]"|"reserve", "fiche_id", "personnage",
       "champ": "points"|"heroisme.points"|"fortune"|"etats"|…, "libelle",
       "avant", "apres", "raison",
       "ecart": -2 | "valeur": 5 | "ajout": {...} | "retrait": "Nom"}

  ``ecart`` is a difference (re-applied as a difference, kept within the
  rules' bounds), ``valeur`` a new value, ``ajout``/``retrait`` an item of a list
  (an ``ajout`` puts the item in the place of the item of the same name, ``avant``
  then holding that item; changes of a list carry the item's place, ``rang``);
- (roll, action) ``revisions``: ``{"fiche": "3f0c…", "fiches_b[1]": …, "reserve": …}``, the revision each
  sheet is at after the result (a fingerprint of its content, ``modifie`` aside). An ``action`` request
  may give back its state's ``revisions``: each sheet it carries must then be at that revision still,
  or the follow-up is refused in one sentence naming the sheet (it was played on that result already
  and written, another roll changed the sheet since, or the result's changes were not written). The
  CLI's ``--ecrire`` gives them; the page, which plays a follow-up only on the last result, does not;
- ``suites_fiche``: follow-ups on a sheet itself the result offers (« Ajouter un
  état », « Tirer une nouvelle fortune »): ``[{"id", "libelle", "cible",
  "fiche_id", "personnage", "parametres": [...]}]``, played with ``sheet_followup``.

The sheet operations::

    {"op": "sheet_check", "fiche": SHEET}        -> {"jeu", "personnage", "fiche": normalised}
    {"op": "sheet_check", "reserve": RESERVE}    -> {"reserve": normalised}
    {"op": "sheet_read", "contenu": OBJECT|TEXT} -> {"fiches": [...], "reserves": [...], "brouillons": [...]}
        a file's content: one sheet, one Réserve, or a backup of any format this site knows
        (rules_py/sheets/backup.py: {"format": 2, "date", "fiches", "reserves", "brouillons"}; format 1
        and the page's {"fiches"} of then are read); every object checked (an id twice is refused),
        or one French sentence; a draft's sheet is kept as typed (it is checked when it is saved)
    {"op": "sheet_export", "fiches": [...], "reserves"?: [...], "brouillons"?: [...], "date"?: ISO}
        -> {"contenu": the sheet (one) or a backup, "fichier": "perseus.json" | "mes-personnages-simon.json"
            (one game) | "des-et-lames-sauvegarde.json"}
    {"op": "sheet_examples", "jeu": JEU}         -> {"jeu", "fiches": [the book's examples], "reserve": RESERVE|null}
    {"op": "sheet_new", "jeu": JEU, "exemple"?: ID|NOM, "objet"?: "reserve", "seed"?: N}
        -> {"fiche": a blank sheet or a copy of an example, with a new random id} | {"reserve": ...}
    {"op": "sheet_schema", "jeu": JEU}
        -> {"jeu", "titre", "format", "limites", "champs": [FIELD], "lanceurs": [{"lanceur", "fiches",
            "places": [{"cle", "libelle", "equipe"}], "prend": [{"parametre", "depuis"}],
            "noms": [{"parametre", "libelle"}] (the parameters chosen by name on the sheet),
            "assistants": [{"parametre", "libelle"}] (whose items may be {"fiche", "element"}),
            "parametres_fiche": [PARAM + "donne"?: the roller's parameter it gives],
            "suites_parametres_fiche": {action: [PARAM]} (a follow-up's parameters of the sheet only:
            solaires.points' depenser takes the element a use that alters the character adds), "ecrit": [...]}],
            "suites": [...], "reserve": {"libelle", "champs"}|null,
            "exemples": [{"id", "nom", "type", "notes": where it comes from}], "modifiables": {...},
            "sauvegarde": {"format", "cles": {format: [top-level keys]}, "max_objets", "max_imbrication",
                           "max_octets_brouillon",
                           "brouillon": [FIELD]} (the backup, for the page that writes and reads it alone)}
        FIELD: {"nom", "libelle", "type": text|name|int|choice|bool|list|object|date|id, "requis",
                "defaut", "vide_permis"?, "min"?, "max"?, "max_longueur"?, "lignes"?, "choix"?,
                "champs"? (an object's, a list item's), "valeurs"? (a list of plain values),
                "element"?, "max_elements"?, "noms_uniques"?, "aide"? (the book's sentence),
                "source"?, "lien"? (its section on the site), "decision"? (the site's),
                "suggestions"?, "exemple"?, "echelles"?, "echelle_selon"?, "motif"? (an id's or a date's
                pattern, a regular expression the whole value matches)}
    {"op": "sheet_choices", "roller": ID, "fiche": SHEET, ...}
        -> {"roller", "personnage", "choix": {parameter: [{"valeur", "libelle": "Pilote (2)",
            "nombre", "groupe"?}]}, "libelles": {parameter: "Élément"}, "remplissage": [...],
            "parametres_fiche": [...]}
    {"op": "sheet_apply", "fiche"|"reserve": NEWER, "modifications": [...], "inverse"?: true}
        -> {"fiche"|"reserve": after, "personnage", "modifications": as they landed}
        the same changes applied to a newer copy (the page's compare-and-swap: another tab
        changed the sheet meanwhile), or undone (``inverse``); changes of another fiche_id are skipped
    {"op": "sheet_followup", "suite": ID, "fiche": SHEET, "params": {...}, "dice"?, "seed"?}
        -> {"personnage", "resultat", "fiche": after, "modifications", "tirage"}
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from .contract import OPS, SHEET_KEYS, SHEET_OPS
from .dice import Probe
from .errors import RulesError
from .json_text import loads
from .params import RepeatedKeys, shown, twice_sentence
from .rolling import SYSTEMS, act, all_rollers, get_roller, odds, roll
from .typography import fr, reader

__all__ = [
    "SYSTEMS",
    "SHEET_OPS",
    "SHEET_KEYS",
    "call",
    "call_json",
    "get_roller",
    "all_rollers",
    "roll",
    "odds",
    "act",
]

# The door reads a request and dispatches it once: a request with sheets (or a sheet operation) to the
# sheets' layer (rules_py/sheets/ops.py), any other to the rollers' machinery (rules_py/rolling.py); both
# lie below it and never call back up. ``get_roller``, ``roll``, ``odds`` and ``act`` are the machinery's,
# named here too for Python callers (the build hooks, the tests).


def call(request: Any) -> dict[str, Any]:
    """Serve one request; never raises (bad input becomes a French error).

    Every French text of the answer gets French typography here, at the door
    (:func:`typeset`), so the browser, the CLI and the build show the same spaces.
    """
    try:
        return {"ok": True, "result": typeset(_dispatch(request))}
    except RulesError as err:
        return {"ok": False, "error": reader(str(err)), "field": err.field}
    except RecursionError:  # absurdly nested JSON
        return {"ok": False, "error": "Requête trop imbriquée.", "field": "requete"}


def call_json(text: str) -> str:
    """:func:`call` on JSON text, answering JSON text (the browser's door).

    The text is read by :func:`rules_py.json_text.loads` (its length, its depth, a key given twice
    kept to be refused by name); the answer is plain UTF-8 JSON even if a value held half of a
    surrogate pair (escaped then, as JSON allows)."""
    try:
        request = loads(text, "Requête", "requete")
    except RulesError as err:
        answer: dict[str, Any] = {"ok": False, "error": reader(str(err)), "field": err.field}
    else:
        answer = call(request)
    out = json.dumps(answer, ensure_ascii=False)
    try:
        out.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate: \udxxx, which every JSON reader reads back
        out = json.dumps(answer, ensure_ascii=True)
    return out


def _refuse_own(value: Any, where: str) -> None:
    """Refuse a field given twice in one JSON object of a request, naming it."""
    if isinstance(value, RepeatedKeys) and value.repeated:
        name, values = next(iter(value.repeated.items()))
        raise RulesError(name[:40], twice_sentence(name, values, f"{where}, champ {shown(name)}"))


def _refuse_repeated(value: Any, where: str) -> None:
    """:func:`_refuse_own` on a value and everything it holds (a state sent back)."""
    _refuse_own(value, where)
    if isinstance(value, Mapping):
        for item in value.values():
            _refuse_repeated(item, where)
    elif isinstance(value, list):
        for item in value:
            _refuse_repeated(item, where)


# Keys whose values are identifiers or data given back to the engine, never typeset:
# parameter names and choice values, roller and action ids, cards, the state,
# the checked parameters (a mapping under "parametres", for a share link).
_IDENTIFIERS = frozenset(
    {
        "id",
        "roller",
        "nom",
        "valeur",
        "type",
        "defaut",
        "field",
        "etat",
        "tirage",
        "participants",
        "participant",
        "gagnant",
        "etape",
        "fin",
        "enseignes",
        "a",
        "b",
        # sheets are the reader's data, given back as they are (rules_py/sheets)
        *SHEET_KEYS,
        "fiches",
        "reserves",
        "brouillons",
        "contenu",
        "personnage",
        "avant",
        "apres",
        "ajout",
        "retrait",
        "valeur_fiche",
        "cible",
        "fiche_id",
        "revisions",
        # patterns and keys of the sheets' schema (the page matches values against them)
        "motif",
        "cles",
        # the draws of a roll (op "draws"): the cards a reader may enter, by name
        "permises",
        "enseigne",
    }
)
# Mappings whose keys are labels (the odds: ``issues`` and ``exact`` keep the same keys).
_LABEL_KEYS = frozenset({"issues", "exact"})


def typeset(value: Any, key: str | None = None) -> Any:
    """``value`` with :func:`~rules_py.typography.reader` on every French text (the minus sign, French spaces);
    identifiers untouched, and the odds' outcome labels (keys the page matches) get the spaces only."""
    if key in _IDENTIFIERS:
        return value
    if isinstance(value, str):
        return reader(value)
    if isinstance(value, Mapping):
        if key == "parametres":  # the checked parameters (a list under "parametres" describes them)
            return value
        relabel = fr if key in _LABEL_KEYS else (lambda k: k)
        return {relabel(k): typeset(v, k) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [typeset(v) for v in value]
    return value


def _carries_sheets(request: Mapping[str, Any]) -> bool:
    """A sheet in the request, or in its parameters (Féerie's assistants: ``[{"fiche": …, "element": …}]``)."""
    if any(request.get(k) is not None for k in SHEET_KEYS):
        return True
    params = request.get("params")
    if isinstance(params, list):  # [name, value] pairs (the command line, a share link)
        values = [p[1] for p in params if isinstance(p, (list, tuple)) and len(p) == 2]
    else:
        values = list(params.values()) if isinstance(params, Mapping) else []
    return any(isinstance(v, list) and any(isinstance(x, Mapping) for x in v) for v in values)


def _dispatch(request: Any) -> Any:
    if not isinstance(request, Mapping):
        raise RulesError("requete", "Requête invalide : un objet JSON est attendu.")
    _refuse_own(request, "Requête")  # its parameters are checked with the roller's, by their labels
    _refuse_repeated(request.get("state"), "État (etat)")
    for key in (*SHEET_KEYS, "contenu", "modifications", "fiches", "reserves", "revisions"):  # a field named twice
        _refuse_repeated(request.get(key), f"Fiche ({key})" if key in SHEET_KEYS else key.capitalize())
    op = request.get("op")
    if _reels(request):
        with _entered():
            return {**_dispatch({k: v for k, v in request.items() if k != "reels"}), "reels": True}
    if op in SHEET_OPS or (op in ("roll", "odds", "action") and _carries_sheets(request)):
        from .sheets import ops as sheet_ops  # only a request with sheets needs them (and the browser their files)

        return sheet_ops.serve(op, request)
    if op not in OPS:
        raise RulesError("op", f"Opération inconnue {shown(op)} : les opérations sont {', '.join(OPS + SHEET_OPS)}.")
    if op == "list":
        return [r.describe() for r in all_rollers()]
    roller_id = request.get("roller")
    if op == "describe":
        return get_roller(roller_id).describe()
    params = request.get("params") or {}
    if op == "draws":
        return _draws(request)
    if op == "roll":
        return roll(roller_id, params, request.get("dice"), request.get("seed"))
    if op == "odds":
        return odds(roller_id, params)
    return act(roller_id, request.get("action"), request.get("state"), params, request.get("dice"), request.get("seed"))


def _reels(request: Mapping[str, Any]) -> bool:
    """``reels``: the dice of this roll or follow-up were entered by hand, from the reader's own dice or cards."""
    value = request.get("reels", False)
    if value is False or value is None:
        return False
    if value is not True:
        raise RulesError("reels", f"Dés réels (reels) : true ou false attendu, reçu {shown(value)}.")
    if request.get("op") not in ("roll", "action", "sheet_followup"):
        raise RulesError(
            "reels",
            "Dés réels (reels) : seuls un jet (roll), sa suite (action) et la suite d’une fiche (sheet_followup) "
            "se jouent avec des dés réels.",
        )
    if request.get("dice") is None:
        raise RulesError(
            "des", "Dés réels : les faces des dés (ou les cartes) de la table sont attendues, aucune n’est donnée."
        )
    if request.get("seed") is not None:
        raise RulesError("seed", "Graine (seed) : sans effet avec des dés réels, qui fixent déjà le jet.")
    return True


def _draws(request: Mapping[str, Any]) -> dict[str, Any]:
    """What a roll (or, with ``action``, a follow-up) draws, played with the values entered so far (``dice``).

    The page's « Entrer mes dés » asks it before each value it needs: the same request as the roll's (its
    parameters, its sheets, its state), answered ``{"roller", "action", "tirages": [...], "donnes", "complet"}``
    (:class:`rules_py.dice.Probe`). A value entered that the roll refuses is refused here in the same words."""
    if request.get("seed") is not None:
        raise RulesError("seed", "Graine (seed) : sans objet pour les tirages d’un jet.")
    probe = Probe(request.get("dice"))
    action = request.get("action")
    op = "action" if action is not None else "sheet_followup" if request.get("suite") is not None else "roll"
    played = {**request, "op": op, "dice": probe}
    with _entered():
        answer = _dispatch(played)
    return {"roller": answer.get("roller"), "action": action, **probe.report()}


@contextmanager
def _entered() -> Iterator[None]:
    """A refused value entered by hand is said « entered », not « imposed » (the link's and the CLI's word)."""
    try:
        yield
    except RulesError as err:
        if err.field == "des":
            for imposed, entered in (("Dés imposés", "Dés entrés"), ("Cartes imposées", "Cartes entrées")):
                if err.message.startswith(imposed):
                    raise RulesError("des", entered + err.message[len(imposed) :]) from None
        raise
