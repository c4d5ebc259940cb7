"""Replace each roller placeholder with the widget, odds computed at build.

``insert_widgets``: for every section ``sections.py`` matched on a page, ask
rules_py (the same package the browser runs) for the roller's parameter description and
the preset's exact odds, replay the book's example when there is one, and render
``templates/widget.html``. A preset or example the rules refuse stops the build with the
page and line.

The Markdown extension (``hooks/page/extension.py``) calls it on the page's HTML once Markdown
is done. The widget carries ``data-search-exclude``: MkDocs' and Zensical's search leave
its form out of the index (they are forms, not the book's text).
"""

from __future__ import annotations

import json
import math
import re
from functools import cache, lru_cache, partial
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, select_autoescape

import rules_py
from hooks.errors import SiteError
from hooks.page.build_cache import cached_html
from hooks.page.sections import PLACEHOLDER
from hooks.page.sheets import picker_places, sheets_page
from hooks.urls import root_of
from rules_py.typography import MINUS, widget_text

# ----------------------------------------------------------------------
# The step
# ----------------------------------------------------------------------


def insert_widgets(html: str, entries: list[dict[str, Any]], src_uri: str, links_from: str) -> str:
    """``html`` with each placeholder of ``entries`` (``sections.mark_sections``) replaced by its widget.

    ``links_from``: where the generator resolves the page's relative links from (``widgets.page_of``).
    """
    for index, entry in enumerate(entries):
        marker = PLACEHOLDER.format(index=index)
        if marker not in html:
            raise SiteError(f"{src_uri}:{entry['line']}: l’emplacement du lanceur a disparu du HTML.")
        widget = cached_html(  # the same entry, page and sources: the same HTML as last build
            # one entry per widget and per way of writing its links (MkDocs' and Zensical's differ)
            "widget-" + re.sub(r"[^\w-]", "_", f"{src_uri}-{index}-{links_from}"),
            [entry, links_from],
            WIDGET_SOURCES,
            partial(render_widget, entry, f"{src_uri}:{entry['line']}", links_from),
        )
        html = html.replace(marker, widget, 1)
    return html


# ----------------------------------------------------------------------
# Helpers
# ----------------------------------------------------------------------


def render_widget(entry: dict[str, Any], where: str, links_from: str = "") -> str:
    """The widget's HTML for one mapped section (``where`` = page:line for errors).

    At rest the widget is one phone screen tall: the preset's fields (those a player
    changes at the table) are shown, the others fold under « Réglages »; the odds are
    one line with a bar, their rows one tap away.
    """
    roller_id = entry["roller"]
    answer = describe(roller_id)
    if not answer["ok"]:
        raise SiteError(f"{where}: {answer['error']}")
    description = answer["result"]
    preset = dict(entry.get("preset") or {})
    odds = rules_py.call({"op": "odds", "roller": roller_id, "params": preset})
    if not odds["ok"]:
        raise SiteError(f"{where}: préréglage refusé par {roller_id} : {odds['error']}")
    # one book example ("example") or several in the same section ("examples", each with a "name")
    examples = [
        _replayed(roller_id, preset, ex, where)
        for ex in ([entry["example"]] if entry.get("example") else entry.get("examples") or [])
    ]
    example = examples[0] if examples else None
    widget_id = f"lanceur-{entry['slug']}"
    choices = _exclusive(roller_id, preset, widget_id)
    modes = {name: (c["name"], k) for c in choices for k, alt in enumerate(c["modes"]) for name in alt["fields"]}
    # the preset's fields, and both alternatives of a choice the preset makes (the other one a tap away)
    at_hand = set(preset) | {
        name
        for c in choices
        if {n for alt in c["modes"] for n in alt["fields"]} & set(preset)
        for alt in c["modes"]
        for name in alt["fields"]
    }
    fields = [_field(p, preset, widget_id, modes, at_hand) for p in description["parametres"]]
    shown = [f for f in fields if f["name"] in at_hand or f["required"]]
    # a shown field of an alternative not chosen is folded: made when the reader chooses it
    # (not under « Réglages »: that is a fold already, and folds do not nest)
    active = {f"{c['name']}:{c['active']}" for c in choices}
    for field in fields:
        field["folded"] = field in shown and bool(field["mode"]) and field["mode"] not in active
    groups: dict[str, list[dict[str, Any]]] = {}  # in order of first appearance
    for field in fields:
        if field not in shown:
            groups.setdefault(field["group"], []).append(field)
    system = roller_id.split(".", 1)[0]
    odds_view = odds_summary(odds["result"])
    scale = scale_view(odds["result"].get("echelle"))
    return (
        TEMPLATES.get_template("widget.html")
        .render(
            id=widget_id,
            roller={
                **description,
                "titre": french_spaces(description["titre"]),
                "resume": french_spaces(description.get("resume") or ""),
            },
            shown=shown,
            shown_choices=[c for c in choices if at_hand & {n for alt in c["modes"] for n in alt["fields"]}],
            folded_choices=[c for c in choices if not at_hand & {n for alt in c["modes"] for n in alt["fields"]}],
            groups=list(groups.items()),
            folded_count=sum(len(g) for g in groups.values()),
            preset=json.dumps(preset, ensure_ascii=False),
            example=example,
            examples=examples,
            example_json=example["json"] if example else "",
            odds=odds_view["rows"],
            success=odds_view["success"],
            success_exact=odds_view["success_exact"],
            success_width=odds_view["success_width"],
            scale=scale,
            notes_url=f"{root_of(links_from)}notes-de-lecture/#{system}",
            system=system,
            sheets=picker_places(roller_id),
            sheets_url=f"{root_of(links_from)}{sheets_page(system)}",
        )
        .strip()
    )


def _exclusive(roller_id: str, preset: dict[str, Any], widget_id: str) -> list[dict[str, Any]]:
    """The roller's exclusive choices, each with its active alternative (the preset's, else the first)."""
    out = []
    for name, label, modes in EXCLUSIVE.get(roller_id, ()):
        active = next((k for k, (_, names) in enumerate(modes) if set(names) & set(preset)), 0)
        out.append(
            {
                "name": name,
                "id": f"{widget_id}-mode-{name}",
                "label": french_spaces(label),
                "active": active,
                "modes": [{"label": french_spaces(text), "fields": list(names)} for text, names in modes],
            }
        )
    return out


def _replayed(roller_id: str, preset: dict[str, Any], example: dict[str, Any], where: str) -> dict[str, Any]:
    """A book example replayed with the book's dice; refused or different from the book: the build stops."""
    example = {
        "params": example.get("params", preset),
        "dice": example.get("dice"),
        "name": example.get("name", ""),
        "result": example.get("result", ""),
        "text": example.get("text", ""),
    }
    replay = rules_py.call({"op": "roll", "roller": roller_id, "params": example["params"], "dice": example["dice"]})
    if not replay["ok"]:
        raise SiteError(f"{where}: exemple du livre refusé par {roller_id} : {replay['error']}")
    # the book's « -4 » is the answer's « −4 » (the minus sign)
    if example["result"].replace(MINUS, "-") not in replay["result"]["resultat"].replace(MINUS, "-"):
        raise SiteError(
            f"{where}: l’exemple du livre donne « {replay['result']['resultat']} », "
            f"le livre dit « {example['result']} »."
        )
    example["outcome"] = french_spaces(replay["result"]["resultat"])
    example["text"] = french_spaces(example["text"])
    example["name"] = french_spaces(example["name"])
    example["json"] = json.dumps({"params": example["params"], "dice": example["dice"]}, ensure_ascii=False)
    return example


@cache
def describe(roller_id: str) -> dict[str, Any]:
    """rules_py's description of a roller (the same for every widget of it: asked once)."""
    return rules_py.call({"op": "describe", "roller": roller_id})


def _field(
    param: dict[str, Any],
    preset: dict[str, Any],
    widget_id: str,
    modes: dict[str, tuple[str, int]] | None = None,
    at_hand: frozenset[str] | set[str] = frozenset(),
) -> dict[str, Any]:
    value = preset.get(param["nom"], param.get("defaut"))
    kind = param["type"]
    if isinstance(value, (list, tuple)):
        text = ",".join(str(v) for v in value)
    elif value is None or isinstance(value, bool):
        text = ""
    else:
        text = str(value)
    # A field shown at rest keeps one short line of help (the rest one tap away): the widget stays one screen tall.
    hint, more = _hint(kind, param, SHORT_SHOWN_HINT if param["nom"] in at_hand else SHORT_HINT)
    mode = (modes or {}).get(param["nom"])
    return {
        "name": param["nom"],
        "label": french_spaces(param["libelle"]),
        "mode": f"{mode[0]}:{mode[1]}" if mode else "",
        "kind": kind,
        "id": f"{widget_id}-{param['nom']}",
        "value": text,
        "checked": value is True,
        "required": param.get("requis", False),
        "min": param.get("min"),
        "max": param.get("max"),
        "choices": [{**c, "libelle": french_spaces(c["libelle"])} for c in param.get("choix", [])],
        "presets": param.get("prereglages", []),
        "hint": french_spaces(hint),
        "hint_more": french_spaces(more),
        "group": param.get("groupe", ""),
        "maxlength": param.get("max_longueur"),
    }


def _hint(kind: str, param: dict[str, Any], short: int = 0) -> tuple[str, str]:
    """The field's help: a short part always shown, the rest folded (<details>) so that it does not bury the form.

    The range of a number comes first; for a list of numbers the sheet's words come first and the
    syntax ("3 valeurs de 0 à 25, séparées par des virgules.") is folded. A field shown at rest
    (``short`` given) keeps only the syntax, or a short first sentence, in view.
    """
    sentences = HINT_SPLIT.split(param["aide"]) if param.get("aide") else []
    syntax = ""
    if kind == "int" and "min" in param:
        syntax = f"De {param['min']} à {param['max']}."
    elif kind == "ints":
        low, high = param["min_elements"], param["max_elements"]
        count = (
            f"Exactement {low} valeurs"
            if low == high
            else f"{max(low, 1)} ou {high} valeurs"
            if high == low + 1
            else f"De {low} à {high} valeurs"
        )
        if high == 1:
            count = "Une valeur"
        syntax = f"{count} de {param.get('min')} à {param.get('max')}, séparées par des virgules."
    if kind == "ints" and not short:
        shown, folded = sentences[:1], sentences[1:] + ([syntax] if syntax else [])
    else:
        shown, folded = ([syntax] if syntax else []), sentences
    while folded and (not shown or len(" ".join(shown + folded[:1])) <= (short or SHORT_HINT)):
        if short and not shown and len(folded[0]) > SHORT_SHOWN_SENTENCE:
            break  # a long first sentence: all of it one tap away
        shown.append(folded.pop(0))
    return " ".join(shown), " ".join(folded)


def odds_summary(odds: dict[str, Any]) -> dict[str, Any]:
    """The odds as shown: rows whose percentages add up to 100 (largest remainder), the success line.

    The same rule as ``percentRows``/``percent`` in ``frontend/browser/dom.js``: the figures in
    the page before Python loads are the ones the browser shows after.
    """
    exact = odds.get("exact", {})
    issues = odds.get("issues", {})
    shown, digits = percent_rows(list(issues.values()))
    rows = [
        {"label": french_spaces(label), "width": f"{p * 100:.2f}%", "percent": text, "exact": exact.get(label, "")}
        for (label, p), text in zip(issues.items(), shown, strict=True)
    ]
    success = odds.get("reussite")
    return {
        "rows": rows,
        "success": percent(success, digits),
        "success_exact": glance_fraction(odds.get("reussite_exacte", "")) if success is not None else "",
        "success_width": f"{success * 100:.2f}%" if success is not None else "",
    }


#: The longest exact fraction the odds' one line shows beside its percentage (« 1625/7776 »); a longer one
#: (« 30537052563/81920000000 ») is noise at a glance, and stays in the rows one tap away.
GLANCE_FRACTION = 9


def glance_fraction(text: str) -> str:
    """The exact success fraction for the odds' one line: itself if it reads at a glance, else nothing.

    The same rule as ``glanceFraction`` in ``frontend/widget/odds.js``."""
    return text if len(text) <= GLANCE_FRACTION else ""


#: How an ordered outcome can be read, and the word before each value.
WAYS = (("exactement", "exactement", ""), ("au_moins", "au moins", "au moins "), ("au_plus", "au plus", "au plus "))


def scale_view(scale: dict[str, Any] | None) -> dict[str, Any] | None:
    """An ordered outcome read three ways (« exactement », « au moins », « au plus »), as shown.

    The same markup and figures as ``scaleView`` in ``frontend/widget/odds.js``: the exact rows'
    percentages add up to 100, the cumulative ones use the same decimals.
    """
    if not scale:
        return None
    texts, digits = percent_rows(scale["exactement"]["probas"])
    ways = []
    for key, word, before in WAYS:
        probas, exact = scale[key]["probas"], scale[key]["exact"]
        shown = texts if key == "exactement" else [percent(p, digits) for p in probas]
        rows = [
            {"label": before + label, "width": f"{p * 100:.2f}%", "percent": text, "exact": fraction}
            for label, p, text, fraction in zip(scale["libelles"], probas, shown, exact, strict=True)
        ]
        ways.append({"key": key, "word": word, "rows": rows})
    return {"title": french_spaces(scale["titre"]), "ways": ways}


def percent_rows(probabilities: list[float]) -> tuple[list[str], int]:
    """Percentages that add up to 100 (largest remainder, ties to the first row), and their decimals.

    One decimal, unless the rounding would show two equal chances differently (5/16 and 5/16 as
    31,3 and 31,2): then two, or three (none fair: one).
    """
    for digits in (1, 2, 3, 1):  # no fair rounding within three decimals: back to one
        units = _largest_remainder(probabilities, 10 ** (digits + 2))
        if all(
            units[i] == units[j] for i, p in enumerate(probabilities) for j, q in enumerate(probabilities) if p == q
        ):
            break
    return [_units(u, p, digits) for u, p in zip(units, probabilities, strict=True)], digits


def _largest_remainder(probabilities: list[float], scale: int) -> list[int]:
    units = [math.floor(p * scale) for p in probabilities]
    left = round(sum(probabilities) * scale) - sum(units)
    order = sorted(range(len(probabilities)), key=lambda i: (-(probabilities[i] * scale - units[i]), i))
    for i in order[: max(0, left)]:
        units[i] += 1
    return units


def percent(p: float | None, digits: int = 1) -> str:
    """One figure, to ``digits`` decimals of a percent (halves to even); a possible outcome never shows as 0."""
    if p is None:
        return ""
    return _units(round(p * 10 ** (digits + 2)), p, digits)


def _units(units: int, p: float, digits: int) -> str:
    scale = 10**digits
    if units == 0 and p > 0:
        return f"<\u00a00,{'0' * (digits - 1)}1\u00a0%"
    if units == 100 * scale and p < 1:
        return f">\u00a099,{'9' * digits}\u00a0%"
    whole, part = divmod(units, scale)
    decimals = f"{part:0{digits}d}".rstrip("0")
    return f"{whole},{decimals}\u00a0%" if decimals else f"{whole}\u00a0%"


#: The widgets' French typography (rules_py.typography.widget_text, the rule browser/dom.js ``fr`` copies),
#: remembered: the widgets of one roller set the same labels, choices and hints again (9,500 calls a build).
french_spaces = lru_cache(maxsize=4096)(widget_text)


# ----------------------------------------------------------------------
# Constants
# ----------------------------------------------------------------------

# Exclusive choices, made explicit in the form (one switch, one alternative's fields at a time):
# roller -> (switch name, its French label, ((alternative's label, its fields), ...)).
EXCLUSIVE = {
    "solaires.action": (
        (
            "difficulte",
            "Difficulté",
            (("chiffrée", ("difficulte",)), ("les deux échelles", ("intrinseque", "interet"))),
        ),
    ),
    "simon.jet": (("test", "Test", (("expertise", ("expertise",)), ("caractéristique", ("caracteristique",)))),),
    "simon.aide": (("test", "Test", (("expertise", ("expertise",)), ("caractéristique", ("caracteristique",)))),),
    "simon.opposition": (
        ("test_a", "Test de l’acteur", (("expertise", ("expertise_a",)), ("caractéristique", ("caracteristique_a",)))),
        (
            "test_b",
            "Test de celui qui réagit",
            (("expertise", ("expertise_b",)), ("caractéristique", ("caracteristique_b",))),
        ),
    ),
    "dcda.confrontation": (
        (
            "equipe_b",
            "L’équipe B",
            (("PNJ d’exemple du site", ("pnj",)), ("vos forces", ("forces_b", "noms_b", "fortune_b", "environnement"))),
        ),
    ),
}
HINT_SPLIT = re.compile(r"(?<=\.)\s+(?=[A-ZÀ-ÖØ-Þ«])")  # end of the first sentence (not "ex. 0,0")
SHORT_HINT = 110  # characters of help always shown under a field
SHORT_SHOWN_HINT = 40  # the same, for the fields shown at rest (one line on a phone)
SHORT_SHOWN_SENTENCE = 48  # a longer first sentence of a field shown at rest is folded whole
WIDGET_SOURCES = (
    Path(__file__),
    Path(__file__).with_name("templates") / "widget.html",
    Path(__file__).with_name("sheets.py"),
)
TEMPLATES = Environment(
    loader=FileSystemLoader(Path(__file__).with_name("templates")),
    autoescape=select_autoescape(default=True),
    trim_blocks=True,
    lstrip_blocks=True,
)
TEMPLATES.filters["fr"] = french_spaces  # a text as the widget's script writes it (browser/dom.js ``fr``)
