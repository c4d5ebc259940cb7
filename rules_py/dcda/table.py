"""De Cœur & D'Acier: the four outcomes and the reader's own « Table de confrontation ».

The outcome of a round is read on the character sheet's table, by round and
by the loser's total force. That table is not in the text: the rollers show
the loser's total and the round, list the four outcomes of the book, and pick
one only from a table the reader types in (``table``), saying it is hers.
"""

from __future__ import annotations

import re

from ..errors import RulesError
from ..params import shown

__all__ = ["ISSUES", "TABLE_HELP", "parse_table", "table_issue", "issue_notes"]

#: The four outcomes of the book, by the letter of the ``table`` format.
ISSUES = {
    "M": "Le perdant meurt / l'obstacle disparaît.",
    "Q": "La confrontation provoque la mort de quelqu'un.",
    "S": "La gagnante doit choisir quelque chose à sacrifier.",
    "C": "La joueuse perdante impose une condition à la victoire.",
}

TABLE_HELP = (
    "La table de votre fiche, si vous voulez que l'issue soit choisie pour vous (rien n'est inventé : "
    "sans elle, les quatre issues sont listées). Quatre tours séparés par « / » ; pour chaque tour, "
    "une lettre d'issue, puis éventuellement un seuil et une autre lettre, etc. : la première lettre "
    "vaut jusqu'à ce seuil inclus (force totale de la perdante), la suivante au-delà. "
    "Lettres : M le perdant meurt / l'obstacle disparaît, Q la mort de quelqu'un, S un sacrifice, "
    "C une condition. Exemple : « C4S8Q/C5S/S6Q/Q4M »."
)
_TOKEN = re.compile(r"-?\d+|[A-Za-z]")

# one round of the reader's table: its outcome letters, then its thresholds (one fewer)
Round = tuple[tuple[str, ...], tuple[int, ...]]
# the four rounds
Table = tuple[Round, ...]


def parse_table(text: str | None, field: str = "table") -> Table | None:
    """Four rounds, each ``(letters, thresholds)``; None when no table is given."""
    if text is None or not text.strip():
        return None
    where = "Table de confrontation (" + field + ")"
    example = "format attendu : quatre tours séparés par « / », par exemple « C4S8Q/C5S/S6Q/Q4M »"
    compact = "".join(text.split())
    segments = compact.split("/")
    if len(segments) != 4:
        raise RulesError(field, f"{where} : {example} (il faut exactement quatre tours), reçu {shown(text)}.")
    rounds: list[Round] = []
    for k, seg in enumerate(segments, 1):
        tokens = _TOKEN.findall(seg)
        if not seg or "".join(tokens) != seg or len(tokens) % 2 == 0:
            raise RulesError(field, f"{where} : tour {k} illisible ; {example}, reçu {shown(text)}.")
        letters: list[str] = []
        limits: list[int] = []
        for i, tok in enumerate(tokens):
            if i % 2 == 0:
                if tok.upper() not in ISSUES:
                    raise RulesError(
                        field,
                        f"{where} : tour {k}, lettre {shown(tok)} inconnue : les lettres sont M, Q, S, C ; reçu {shown(text)}.",
                    )
                letters.append(tok.upper())
            else:
                if not tok.lstrip("-").isdecimal():
                    raise RulesError(field, f"{where} : tour {k} illisible ; {example}, reçu {shown(text)}.")
                value = int(tok)
                if not -99 <= value <= 99 or (limits and value <= limits[-1]):
                    raise RulesError(
                        field,
                        f"{where} : tour {k}, les seuils doivent croître strictement (de -99 à 99), reçu {shown(text)}.",
                    )
                limits.append(value)
        rounds.append((tuple(letters), tuple(limits)))
    return tuple(rounds)


def table_issue(table: Table, round_: int, loser_total: int) -> str:
    letters, limits = table[round_ - 1]
    for letter, limit in zip(letters, limits, strict=False):  # one more letter than limits
        if loser_total <= limit:
            return letter
    return letters[-1]


def issue_notes(
    table: Table | None, round_: int, loser_total: int | None, who: str = ""
) -> tuple[str | None, list[str]]:
    """The outcome picked from the reader's table (or None) and the lines telling it."""
    if loser_total is None:
        return None, [f"{who}Statu quo : personne ne perd ce tour, il n'y a pas d'issue à lire."]
    if table is None:
        return None, [
            f"{who}Force totale de la perdante : {loser_total}, au tour {round_}. Lisez l'issue dans la Table de "
            "confrontation de votre fiche (elle n'est pas dans le texte) ; les quatre issues possibles : "
            + " ; ".join(f"« {text.rstrip('.')} »" for text in ISSUES.values())
            + "."
        ]
    letter = table_issue(table, round_, loser_total)
    return ISSUES[letter], [
        f"{who}Force totale de la perdante : {loser_total}, au tour {round_}. "
        f"Selon la table de votre fiche : {ISSUES[letter]}"
    ]
