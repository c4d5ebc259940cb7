"""The command line's readable French text: rollers, parameters, results, odds, follow-ups.

Part of the CLI (``python -m rules_py``), never shipped to the browser: the
site ships rules_py's modules except ``__main__.py`` and this ``cli`` package.
"""

from __future__ import annotations

import shlex
from fractions import Fraction
from typing import Any

from ..typography import reader

__all__ = [
    "percent",
    "value_text",
    "allowed",
    "param_line",
    "text_list",
    "typeset",
    "follow_ups",
    "text_result",
    "text_odds",
]


def percent(p: float, exact: str | None = None, with_chances: bool = True) -> str:
    """« 31,74 % »; a possible but tiny chance is « < 0,01 % », never « 0,00 % », and below 1 % it is also
    said as « 1 chance sur 2 400 » (``with_chances``), never as a fraction of eleven digits (``--json`` keeps
    the exact fractions)."""
    value = Fraction(exact) if exact else Fraction(p)
    if 0 < value < Fraction(1, 10_000):
        text = "< 0,01 %"
    elif Fraction(9_999, 10_000) < value < 1:
        text = "> 99,99 %"
    else:
        text = f"{100 * float(value):.2f} %".replace(".", ",")
    if with_chances and 0 < value < Fraction(1, 100):
        text += f" (1 chance sur {thousands(round(1 / value))})"
    return text


def thousands(n: int) -> str:
    """« 2 400 », « 1 234 567 »: digits in groups of three, a narrow no-break space between."""
    return f"{n:,}".replace(",", "\u202f")


def value_text(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (list, tuple)):
        return ",".join(str(x) for x in v)
    return str(v)


def allowed(p: dict[str, Any]) -> str:
    if "choix" in p:
        return " | ".join(c["valeur"] for c in p["choix"])
    if p["type"] == "bool":
        return "true | false"
    if p["type"] == "text":
        return f"texte (au plus {p.get('max_longueur', 60)} caractères)"
    bounds = f"{p['min']}..{p['max']}" if "min" in p else "entier"
    if p["type"] == "ints":
        lo, hi = p["min_elements"], p["max_elements"]
        count = f"d’exactement {lo}" if lo == hi else (f"d’au plus {hi}" if lo == 0 else f"de {lo} à {hi}")
        return f"liste {count} entiers {bounds}, séparés par des virgules"
    return bounds


def param_line(p: dict[str, Any], indent: str = "    ") -> str:
    default = p.get("defaut")
    extra = ""
    if p.get("requis"):
        extra = " (obligatoire)"
    elif default is not None and not (isinstance(default, (str, list, tuple)) and len(default) == 0):
        extra = f" (défaut : {value_text(default)})"
    return f"{indent}{p['nom']} = {allowed(p)}{extra} — {p['libelle']}"


def text_list(rollers: list[dict[str, Any]], details: bool = False) -> str:
    """The rollers and their parameters; ``details``: each parameter's help below it (one roller's help)."""
    lines = []
    for r in rollers:
        lines.append(f"{r['id']} — {r['titre']}")
        if r.get("resume"):
            lines.append(f"  {r['resume']}")
        for p in r["parametres"]:
            lines.append(param_line(p))
            if details and p.get("aide"):
                lines.append(f"        {p['aide']}")
        if r.get("actions"):
            lines.append("  Suites (commande action, après un jet) :")
            for a in r["actions"]:
                lines.append(f"    {a['id']} — {a['libelle']}")
                for p in a["parametres"]:
                    lines.append(param_line(p, "        "))
                    if details and p.get("aide"):
                        lines.append(f"            {p['aide']}")
    return "\n".join(lines)


def typeset(text: str, prog: str) -> str:
    """French spaces in the CLI's own text (:func:`~rules_py.typography.fr`, as the door does for the
    rules' answers), line by line; a command line to copy is left exactly as it runs."""
    return "\n".join(line if line.lstrip().startswith(prog) else reader(line) for line in text.split("\n"))


def _die_text(d: dict[str, Any]) -> str:
    shown = d.get("libelle") or d["valeur"]
    return f"[{shown}]" + (f" {d['marque']}" if d.get("marque") else "")


# Result fields the text shows in its own way; any other list of French lines is shown as is.
_CONSUMED = {"roller", "parametres", "resultat", "reussite", "des", "calcul", "notes", "tirage", "etat", "actions"}
# a result played from sheets: shown by cli/sheets.py
_CONSUMED |= {"personnage", "personnages", "remplissage", "modifications", "suites_fiche", "fiches_a", "fiches_b"}
_TITLES = {
    "oppositions": "Où en est chaque opposition",
    "issues_possibles": "Issues possibles (Table de confrontation de votre fiche)",
}


def _extra_lines(res: dict[str, Any]) -> list[str]:
    """Standing lines a result carries (a confrontation's oppositions, its outcome…), printed generically."""
    lines: list[str] = []
    for key, value in res.items():
        if key in _CONSUMED or not isinstance(value, list) or not value:
            continue
        texts = [v if isinstance(v, str) else v.get("texte") if isinstance(v, dict) else None for v in value]
        if not all(isinstance(t, str) and t for t in texts):
            continue
        lines.append(f"{_TITLES.get(key, key.replace('_', ' ').capitalize())} :")
        lines += [f"  - {t}" for t in texts]
    for key in ("fin", "bilan", "situation"):  # prose only: « tour4 » is a code, not a sentence
        if isinstance(res.get(key), str) and " " in res[key].strip():
            lines.append(f"{key.capitalize()} : {res[key]}")
    return lines


def _asked_fields(
    offer: dict[str, Any], described: list[dict[str, Any]]
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """(fixed values, fields to ask) of an offer: its ``parametres`` is either its list of
    fields or fixed values for the action's described fields (None: to be asked)."""
    given = offer.get("parametres")
    if isinstance(given, list):
        return {}, [f for f in given if isinstance(f, dict) and "nom" in f]
    fixed = given if isinstance(given, dict) else {}
    asked = [f for f in described if fixed.get(f["nom"]) is None]
    return {k: v for k, v in fixed.items() if v is not None}, asked


def _field_help(f: dict[str, Any], indent: str) -> list[str]:
    optional = "" if f.get("requis") else ", facultatif"
    head = f"{indent}{f['nom']} ({f['libelle']}{optional}) : "
    if "choix" not in f:
        return [head + allowed(f) + (f" — {f['aide']}" if f.get("aide") else "")]
    options = [f"{c['valeur']} = {c['libelle']}" if c["libelle"] != c["valeur"] else c["valeur"] for c in f["choix"]]
    if len(" ; ".join(options)) <= 90:
        return [head + " ; ".join(options)]
    return [head.rstrip()] + [f"{indent}    {o}" for o in options]


def follow_ups(
    res: dict[str, Any],
    prog: str,
    state_file: str,
    described: dict[str, list[dict[str, Any]]],
    extra: tuple[str, ...] = (),
) -> list[str]:
    """The follow-ups possible now, each with its command (``extra``: options to repeat, the sheets'),
    and why the others are not possible."""
    offers = [o for o in res.get("actions") or [] if isinstance(o, dict)]
    possible = [o for o in offers if o.get("possible")]
    impossible = [o for o in offers if not o.get("possible")]
    lines: list[str] = []
    if possible:
        lines.append("Suites possibles maintenant :")
        for o in possible:
            fixed, asked = _asked_fields(o, described.get(o["id"], []))
            words = [*prog.split(), "action", res["roller"], o["id"], "--state", state_file, *extra]
            words += [f"{k}={value_text(v)}" for k, v in fixed.items()]
            command = shlex.join(words) + "".join(
                f" {f['nom']}=…" if f.get("requis") else f" [{f['nom']}=…]" for f in asked
            )
            lines.append(f"  - {o['libelle']}")
            lines.append(f"      {command}")
            for f in asked:
                lines += _field_help(f, "      ")
    if impossible:
        lines.append("Pas possible maintenant :")
        lines += [
            f"  - {o['libelle']} : {o.get('raison') or 'non permis par les règles à ce moment.'}" for o in impossible
        ]
    return lines


def text_result(res: dict[str, Any]) -> list[str]:
    lines = []
    if res.get("reels"):
        lines.append(
            "Cartes réelles (tirées à la table)"
            if str(res.get("roller")).startswith("dcda.")
            else "Dés réels (lancés à la table)"
        )
    for g in res.get("des") or []:
        if g.get("des"):
            lines.append(f"{g['titre']} : " + "  ".join(_die_text(d) for d in g["des"]))
    lines += list(res.get("calcul") or [])
    lines.append(f"Résultat : {res['resultat']}")
    lines += _extra_lines(res)
    lines += [f"Note : {n}" for n in res.get("notes") or []]
    return lines


def text_odds(res: dict[str, Any]) -> str:
    exact = res.get("exact") or {}
    lines = [f"Chances exactes ({res['roller']}) :"]
    for label, p in res["issues"].items():
        lines.append(f"  {label} : {percent(p, exact.get(label))}")
    success = res.get("reussite")
    if success is not None:
        whole = res.get("reussite_exacte")
        same = [label for label in res["issues"] if label == "Réussite" and exact.get(label) == whole]
        if not same:  # never the same label twice
            lines.append(f"Chances de réussite, en tout : {percent(success, whole)}")
    lines += _scale_lines(res.get("echelle"))
    lines += [f"Note : {n}" for n in res.get("notes") or []]
    return "\n".join(lines)


def _scale_lines(scale: dict[str, Any] | None) -> list[str]:
    """An ordered outcome as a table: each value, exactly, at least, at most."""
    if not scale:
        return []
    rows = [[scale["titre"], "exactement", "au moins", "au plus"]]
    for i, label in enumerate(scale["libelles"]):
        rows.append(
            [label]
            + [
                percent(scale[way]["probas"][i], scale[way]["exact"][i], False)
                for way in ("exactement", "au_moins", "au_plus")
            ]
        )
    widths = [max(len(row[c]) for row in rows) for c in range(4)]
    return [""] + [
        "  "
        + "  ".join(
            cell.rjust(w) if c else cell.ljust(w) for c, (cell, w) in enumerate(zip(row, widths, strict=True))
        ).rstrip()
        for row in rows
    ]
