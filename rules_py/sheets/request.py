"""A roll, odds or follow-up request with sheets, read and checked once: the first of its three steps.

:func:`read` turns the request into one :class:`Request` before anything is played: its roller, its
game's sheet and binding, every sheet checked whole and in one place only, the parameters given once
(no ``null``, no empty value a sheet would fill in silence); for a roll or odds, the parameters filled
from the sheets and checked by the roller; for a follow-up, the revisions its result left the sheets
at, its state brought up to the sheets and its own sheet parameters. Nothing is played and nothing
written here: ``ops.with_sheets`` plays the request (``rules_py/rolling.py``) and ``effects.py``
applies what the result changes, in that order.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..contract import SHEET_KEYS
from ..errors import RulesError
from ..params import given_once, is_empty, parse_params, shown
from ..roller import Roller
from ..rolling import get_roller
from .document import load_game, read_reserve, read_sheet, revision
from .game import Binding, Filling, GameSheet, Sheets, whose

__all__ = ["KEY_LABELS", "Request", "binding_of", "read", "read_sheets"]

#: How an error names each place of a request a sheet fills.
KEY_LABELS = {
    "fiche": "Fiche",
    "fiche_defense": "Fiche de l’autre personnage",
    "fiche_b": "Fiche du camp B",
    "fiches_a": "Fiches de l’équipe A",
    "fiches_b": "Fiches de l’équipe B",
    "reserve": "Réserve du meneur",
}
_MAX_TEAM = 8


@dataclass(frozen=True, slots=True)
class Request:
    """A request with sheets as it will be played: everything in it read and checked."""

    op: str  # "roll", "odds" or "action"
    roller: Roller
    game: GameSheet
    binding: Binding
    sheets: Sheets
    params: dict[str, Any]  # roll, odds: filled from the sheets; action: the follow-up's parameters as given
    args: dict[str, Any] = field(default_factory=dict)  # roll, odds: ``params`` checked by the roller
    sources: list[dict[str, Any]] | None = None  # roll, odds: whence each filled value came (``remplissage``)
    action: Any = None  # action: the follow-up's id, as given (the machinery refuses an unknown one)
    state: Mapping[str, Any] | None = None  # action: the state, brought up to the sheets
    extra: dict[str, Any] = field(default_factory=dict)  # action: its parameters of the sheet only, checked
    dice: Any = None
    seed: Any = None


def binding_of(game: GameSheet, roller_id: str) -> Binding:
    binding = game.binding(roller_id)
    if binding is None:
        raise RulesError("fiche", f"Fiche (fiche) : le lanceur {roller_id} ne prend rien d’une fiche de personnage.")
    return binding


def _team(raw: Any, key: str, game: str) -> tuple[dict[str, Any], ...]:
    if not isinstance(raw, list) or not 1 <= len(raw) <= _MAX_TEAM:
        raise RulesError(
            key, f"{KEY_LABELS[key]} ({key}) : une liste de 1 à {_MAX_TEAM} fiches attendue, reçu {shown(raw)}."
        )
    return tuple(read_sheet(sheet, f"{key}[{i}]", game) for i, sheet in enumerate(raw))


def read_sheets(request: Mapping[str, Any], binding: Binding, game: GameSheet) -> Sheets:
    """The sheets a request carries, each checked, by side; a key the roller does not take is refused."""
    allowed = [
        "fiche",
        *([binding.b_key] if binding.b_key else []),
        *(["fiches_a", "fiches_b"] if binding.teams else []),
    ]
    allowed += ["reserve"] if binding.reserve else []
    for key in SHEET_KEYS:
        if request.get(key) is not None and key not in allowed:
            raise RulesError(
                key,
                f"{KEY_LABELS[key]} ({key}) : le lanceur {binding.roller} ne prend pas ce champ ; "
                f"il prend {', '.join(allowed)}.",
            )
    sides: dict[str, tuple[dict[str, Any], ...]] = {"a": (), "b": ()}
    keys = []
    for side, single, team in (("a", "fiche", "fiches_a"), ("b", binding.b_key, "fiches_b")):
        one = request.get(single) if single else None
        many = request.get(team) if binding.teams else None
        if one is not None and many is not None:
            raise RulesError(team, f"{KEY_LABELS[team]} ({team}) : donnez {single} ou {team}, pas les deux.")
        if one is not None and single is not None:
            sides[side] = (read_sheet(one, single, game.game),)
            keys.append((side, single))
        elif many is not None:
            sides[side] = _team(many, team, game.game)
            keys.append((side, team))
    reserve = read_reserve(request["reserve"], "reserve", game.game) if request.get("reserve") is not None else None
    seen: dict[str, str] = {}
    every = [(f"{k}[{i}]" if k.startswith("fiches_") else k, s) for side, k in keys for i, s in enumerate(sides[side])]
    for key, sheet in every + ([("reserve", reserve)] if reserve else []):
        if sheet["id"] in seen:
            raise RulesError(
                key,
                f"{KEY_LABELS[key.split('[')[0]]} ({key}) : la même fiche ({sheet['nom']}) est déjà donnée "
                f"comme {seen[sheet['id']]} ; une fiche ne tient qu’une place.",
            )
        seen[sheet["id"]] = key
    return Sheets(sides["a"], sides["b"], tuple(keys), reserve)


def _same_revisions(request: Mapping[str, Any], sheets: Sheets) -> None:
    """A follow-up with the revisions its result left the sheets at (``revisions``): each sheet given must be at
    its revision still. A sheet that moved past it (this follow-up already played on that result and written,
    another roll since) or behind it (the result's own changes not written) is refused: never counted twice."""
    given = request.get("revisions")
    if given is None:
        return
    if not isinstance(given, Mapping) or not all(isinstance(v, str) for v in given.values()):
        raise RulesError(
            "revisions",
            f"Révisions (revisions) : un objet des révisions des fiches (« fiche » : « … ») attendu, reçu {shown(given)}.",
        )
    now = {sheets.key(side, i): sheet for side, _ in sheets.keys for i, sheet in enumerate(sheets.side(side))}
    if sheets.reserve is not None:
        now["reserve"] = sheets.reserve
    for key, sheet in now.items():
        if key in given and revision(sheet) != given[key]:
            what = whose(sheet)
            raise RulesError(
                key,
                f"{KEY_LABELS[key.split('[')[0]]} ({key}) : {what} n’est plus celle que laisse l’état donné "
                "(cette suite y est déjà écrite, un autre jet l’a changée depuis, ou l’étape d’avant n’y a pas été "
                "écrite) ; jouez la suite depuis l’état du dernier résultat, rien n’a été changé.",
            )


def _checked_values(filling: Filling, args: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The fill's records with the values the roller checked (« 3,2 » becomes [3, 2])."""
    out = []
    for record in filling.sources:
        value = args.get(record["parametre"], record["valeur"])
        out.append({**record, "valeur": list(value) if isinstance(value, tuple) else value})
    return out


def read(op: str, request: Mapping[str, Any]) -> Request:
    """A ``roll``, ``odds`` or ``action`` request that carries sheets, read and checked whole."""
    roller = get_roller(request.get("roller"))
    game = load_game(roller.id.split(".", 1)[0], "roller")
    binding = binding_of(game, roller.id)
    sheets = read_sheets(request, binding, game)
    own_params = [p for _, ps in binding.action_params for p in ps]
    known = {p.name: p for p in (*roller.params, *binding.sheet_params, *own_params)}
    params = dict(given_once(request.get("params") or {}, roller.id, {name: p.label for name, p in known.items()}))
    for name, value in params.items():  # a sheet would fill an empty value or null in silence: refused first
        if value is None and name in known:
            raise known[name].null()
        if is_empty(value) and name in known and not known[name].may_be_empty:
            raise known[name].empty("un nom de la fiche ou " if name in dict(binding.named) else "")
    dice, seed = request.get("dice"), request.get("seed")
    if op == "action":
        _same_revisions(request, sheets)
        action = request.get("action")
        state = request.get("state")
        if binding.state is not None and isinstance(state, Mapping):
            state = binding.state(state, sheets)
        own = dict(binding.action_params).get(str(action), ())
        extra = {p.name: params[p.name] for p in own if p.name in params}
        params = {k: v for k, v in params.items() if k not in extra}
        extra = parse_params(own, extra, f"{roller.id} / {action}") if own else {}
        return Request(
            op, roller, game, binding, sheets, params, action=action, state=state, extra=extra, dice=dice, seed=seed
        )
    filling = Filling(roller, params, sheets)
    binding.fill(filling)
    args = roller.parse(filling.params)
    return Request(
        op, roller, game, binding, sheets, filling.params, args, _checked_values(filling, args), dice=dice, seed=seed
    )
