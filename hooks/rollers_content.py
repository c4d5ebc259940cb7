"""Replace each roller placeholder with the widget, odds computed at build.

on_post_page: for every section ``rollers_markdown.py`` matched on this
page, ask rules_py (the same package the browser runs) for the roller's
parameter description and the preset's exact odds, replay the book's example
when there is one, and render ``templates/widget.html``. A preset or example
the rules refuse stops ``mkdocs build --strict`` with the page and line.

The widgets go into the finished page (``on_post_page``), not into
``page.content``: the search index never parses them (they are forms, not
the book's text), which keeps the build within 1.3x of the plain site.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, select_autoescape
from mkdocs.exceptions import PluginError

import rules_py


# ----------------------------------------------------------------------
# The event
# ----------------------------------------------------------------------

def on_post_page(output: str, page, config) -> str | None:
    html = output
    entries = page.meta.get("_rollers")
    if not entries:
        return None
    for index, entry in enumerate(entries):
        marker = PLACEHOLDER.format(index=index)
        if marker not in html:
            raise PluginError(f"{page.file.src_uri}:{entry['line']}: l'emplacement du lanceur a disparu du HTML.")
        html = html.replace(marker, render_widget(entry, f"{page.file.src_uri}:{entry['line']}"), 1)
    return html


# ----------------------------------------------------------------------
# Helpers
# ----------------------------------------------------------------------

def render_widget(entry: dict[str, Any], where: str) -> str:
    """The widget's HTML for one mapped section (``where`` = page:line for errors)."""
    roller_id = entry["roller"]
    answer = describe(roller_id)
    if not answer["ok"]:
        raise PluginError(f"{where}: {answer['error']}")
    description = answer["result"]
    preset = dict(entry.get("preset") or {})
    odds = rules_py.call({"op": "odds", "roller": roller_id, "params": preset})
    if not odds["ok"]:
        raise PluginError(f"{where}: préréglage refusé par {roller_id} : {odds['error']}")
    # one book example ("example") or several in the same section ("examples", each with a "name")
    examples = [_replayed(roller_id, preset, ex, where) for ex in ([entry["example"]] if entry.get("example") else entry.get("examples") or [])]
    example = examples[0] if examples else None
    widget_id = f"lanceur-{entry['slug']}"
    fields = [_field(p, preset, widget_id) for p in description["parametres"]]
    groups: dict[str, list[dict[str, Any]]] = {}  # in order of first appearance
    for field in fields:
        groups.setdefault(field["group"], []).append(field)
    return TEMPLATES.get_template("widget.html").render(
        id=widget_id,
        roller=description,
        groups=list(groups.items()),
        preset=json.dumps(preset, ensure_ascii=False),
        example=example,
        examples=examples,
        example_json=example["json"] if example else "",
        odds=_odds_rows(odds["result"]),
        success=_percent(odds["result"].get("reussite")),
    ).strip()


def _replayed(roller_id: str, preset: dict[str, Any], example: dict[str, Any], where: str) -> dict[str, Any]:
    """A book example replayed with the book's dice; refused or different from the book: the build stops."""
    example = {"params": example.get("params", preset), "dice": example.get("dice"), "name": example.get("name", ""),
               "result": example.get("result", ""), "text": example.get("text", "")}
    replay = rules_py.call({"op": "roll", "roller": roller_id, "params": example["params"], "dice": example["dice"]})
    if not replay["ok"]:
        raise PluginError(f"{where}: exemple du livre refusé par {roller_id} : {replay['error']}")
    if example["result"] not in replay["result"]["resultat"]:
        raise PluginError(
            f"{where}: l'exemple du livre donne « {replay['result']['resultat']} », "
            f"le livre dit « {example['result']} »."
        )
    example["outcome"] = replay["result"]["resultat"]
    example["json"] = json.dumps({"params": example["params"], "dice": example["dice"]}, ensure_ascii=False)
    return example


@lru_cache(maxsize=None)
def describe(roller_id: str) -> dict[str, Any]:
    """rules_py's description of a roller (the same for every widget of it: asked once)."""
    return rules_py.call({"op": "describe", "roller": roller_id})


def _field(param: dict[str, Any], preset: dict[str, Any], widget_id: str) -> dict[str, Any]:
    value = preset.get(param["nom"], param.get("defaut"))
    kind = param["type"]
    if isinstance(value, (list, tuple)):
        text = ",".join(str(v) for v in value)
    elif value is None or isinstance(value, bool):
        text = ""
    else:
        text = str(value)
    hint, more = _hint(kind, param)
    return {
        "name": param["nom"],
        "label": param["libelle"],
        "kind": kind,
        "id": f"{widget_id}-{param['nom']}",
        "value": text,
        "checked": value is True,
        "required": param.get("requis", False),
        "min": param.get("min"),
        "max": param.get("max"),
        "choices": param.get("choix", []),
        "presets": param.get("prereglages", []),
        "hint": hint,
        "hint_more": more,
        "group": param.get("groupe", ""),
        "maxlength": param.get("max_longueur"),
    }


def _hint(kind: str, param: dict[str, Any]) -> tuple[str, str]:
    """The field's help: a short part always shown, the rest folded (<details>) so that it does not bury the form.

    The range of a number comes first; for a list of numbers the sheet's words come first and the
    syntax ("3 valeur(s) de 0 à 25, séparées par des virgules.") is folded.
    """
    sentences = HINT_SPLIT.split(param["aide"]) if param.get("aide") else []
    syntax = ""
    if kind == "int" and "min" in param:
        syntax = f"De {param['min']} à {param['max']}."
    elif kind == "ints":
        count = param["min_elements"] if param["min_elements"] == param["max_elements"] else f"{param['min_elements']} à {param['max_elements']}"
        syntax = f"{count} valeur(s) de {param.get('min')} à {param.get('max')}, séparées par des virgules."
    if kind == "ints":
        shown, folded = sentences[:1], sentences[1:] + ([syntax] if syntax else [])
    else:
        shown, folded = ([syntax] if syntax else []), sentences
    while folded and (not shown or len(" ".join(shown + folded[:1])) <= SHORT_HINT):
        shown.append(folded.pop(0))
    return " ".join(shown), " ".join(folded)


def _odds_rows(odds: dict[str, Any]) -> list[dict[str, str]]:
    exact = odds.get("exact", {})
    return [
        {"label": label, "width": f"{p * 100:.2f}%", "percent": _percent(p), "exact": exact.get(label, "")}
        for label, p in odds.get("issues", {}).items()
    ]


def _percent(p: float | None) -> str:
    if p is None:
        return ""
    text = f"{p * 100:.1f}".rstrip("0").rstrip(".")
    return text.replace(".", ",") + "\u00a0%"


# ----------------------------------------------------------------------
# Constants
# ----------------------------------------------------------------------

PLACEHOLDER = "<!-- des-et-lames:roller {index} -->"
HINT_SPLIT = re.compile(r"(?<=\.)\s+(?=[A-ZÀ-ÖØ-Þ«])")  # end of the first sentence (not "ex. 0,0")
SHORT_HINT = 110  # characters of help always shown under a field
TEMPLATES = Environment(
    loader=FileSystemLoader(Path(__file__).with_name("templates")),
    autoescape=select_autoescape(default=True),
    trim_blocks=True,
    lstrip_blocks=True,
)
