"""Dés & Lames rules engine: the dice systems of five French rule chapters.

Pure standard library (it runs in a bare Pyodide). One JSON entry point,
:func:`call` / :func:`call_json`, serves the browser, the CLI and the build.
"""

from .api import SYSTEMS, act, all_rollers, call, call_json, get_roller, odds, roll
from .dice import Dice
from .errors import RulesError
from .params import Choice, Param
from .roller import Action, Roller

__version__ = "0.1.0"

__all__ = [
    "SYSTEMS",
    "Action",
    "Choice",
    "Dice",
    "Param",
    "Roller",
    "RulesError",
    "act",
    "all_rollers",
    "call",
    "call_json",
    "get_roller",
    "odds",
    "roll",
]
