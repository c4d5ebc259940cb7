"""« L’écran du meneur » as it first shows: the empty table, written by the build.

``insert_table_screen`` (the Markdown extension's last step, ``hooks.page.extension``) fills a table page's
``<div class="dl-table" data-jeu="…">`` with the screen a device that has received nothing shows:
« La table : les fiches reçues (0) », « Demandes et réponses » with « Demander un jet » folded, no roll
received, the paste form, the meneur's own sheets (none) and the book's Réserve. ``rollers/table/screen.js`` takes these elements as they are and changes only what the
device holds (a count, a list, the Réserve kept): the page is laid out once, at the parse, and what follows
the screen (« Les lanceurs de la table ») no longer moves when the script comes (it was held 100vh, then
moved up: a layout shift of 0.06–0.10 on a phone). Without scripting, the screen is hidden and the
page's own sentence says why (table.css).
"""

from __future__ import annotations

import html
import re

from hooks.errors import SiteError
from hooks.page.sheets import sheets_page, widgets_config
from hooks.urls import relative_url
from rules_py.typography import fr

__all__ = ["insert_table_screen", "table_screen"]

# The table page's placeholder (docs/<game>/table.md), its attributes as insert_sheets left them, up to its
# own sentence for a browser without scripting.
_TABLE = re.compile(r'(<div class="dl-table" data-jeu="([a-z]+)"[^>]*>)(\s*<p class="dl-table__noscript">)')


def _text(text: str) -> str:
    return html.escape(fr(text), quote=False)


def table_screen(game: str, links_from: str) -> str:
    """The empty table's elements, in the order ``screen.js`` keeps them; ``links_from``: where the generator
    resolves the page's relative links from (``widgets.page_of``)."""
    sheets = relative_url(sheets_page(game), links_from)
    reserve = widgets_config()["reserves"].get(game)
    reserve_line = (
        f'<p class="dl-table__reserve"><strong>{_text(reserve["nom"])}</strong>'
        + _text(
            f" : {reserve['porte_poisse']} points de porte-poisse (celle du livre : pas encore tenue sur cet appareil)."
        )
        + "</p>"
        if reserve
        else ""
    )
    # What the meneuse uses in play first (the party, her requests and their answers, the last rolls), then the
    # paste form and her own sheets.
    return (
        '<p class="dl-table__message" role="status"></p><div class="dl-table__received"></div>'
        '<section class="dl-table__party" aria-labelledby="dl-table-equipe">'
        f'<h2 id="dl-table-equipe">{_text("La table : les fiches reçues")} (<span class="dl-table__count">0</span>)</h2>'
        '<p class="dl-table__none">'
        + _text(
            "Aucune fiche reçue pour l’instant : sur son téléphone, chaque joueuse ouvre sa fiche dans « Mes personnages » "
            "et touche « Montrer ma fiche au meneur » ; vous lisez son code QR avec l’appareil photo."
        )
        + "</p></section>"
        '<section class="dl-table__requests" aria-labelledby="dl-table-demandes">'
        '<h2 id="dl-table-demandes">Demandes et réponses</h2>'
        '<details class="dl-table__ask"><summary>Demander un jet</summary></details>'
        '<p class="dl-table__none">'
        + _text(
            "Aucune demande : « Demander un jet » en fait un lien pour une joueuse ou toute la table, avec les valeurs "
            "que vous fixez ; sa réponse revient ici."
        )
        + "</p></section>"
        '<section class="dl-table__rolls" aria-labelledby="dl-table-jets"><h2 id="dl-table-jets">Les derniers jets reçus</h2>'
        f'<p class="dl-table__none">{_text("Aucun jet reçu : sous un résultat, « Montrer ce jet » en fait un lien pour vous.")}</p>'
        "</section>"
        '<form class="dl-table__paste" novalidate="">'
        f'<label for="dl-table-coller">{_text("Coller un lien de la table (reçu par message, ou copié d’un autre navigateur)")}</label>'
        '<input type="url" id="dl-table-coller" class="dl-table__paste-field" autocomplete="off" placeholder="https://…#table=2.…">'
        '<button type="submit" class="md-button">Ouvrir ce lien</button></form>'
        '<section class="dl-table__own" aria-labelledby="dl-table-vos-fiches">'
        '<h2 id="dl-table-vos-fiches">Vos fiches et vos PNJ (<span class="dl-table__count">0</span>)</h2>'
        f"{reserve_line}"
        f'<p class="dl-table__where">Les vôtres se font et se changent dans <a href="{html.escape(sheets)}">Mes personnages</a>.</p>'
        "</section>"
    )


def insert_table_screen(text: str, links_from: str) -> str:
    """``text`` (a page's HTML) with the empty table in its ``dl-table`` placeholder, before its no-script sentence
    (a placeholder without that sentence stops the build: the page's script needs the screen to bind)."""
    text, screens = _TABLE.subn(lambda m: m.group(1) + table_screen(m.group(2), links_from) + m.group(3), text)
    if screens != text.count('<div class="dl-table"'):
        raise SiteError(
            f"{links_from or '/'} : « L’écran du meneur » attend "
            '<div class="dl-table" data-jeu="…"><p class="dl-table__noscript">…</p></div>.'
        )
    return text
