"""« La table » both ways, and links a table can trust (issue 51), with the network cut.

Two phones after a first visit, offline: the player's (390×844, dark) and the meneuse's (360×740, light: the
other way round from tests/browser/test_table.py, so that the screenshots show both schemes at both sizes),
touch, joined by links as the camera app opens them (the meneuse's phone pastes the later ones in the same
tab: « Coller un lien »); every QR code drawn is read back (zxing-cpp) to the same link, at version 20 or
below. One story walks a request with a difficulty answered by a roll (then answered again, and the roll
numbers' gap), a secret Simon roll, a second phone for a known character, and the links a player may forge.
The pure parts (signatures, the sealed roll, what a roll may say, the sizes) are tested in Node:
tests/test_table_links.py. Screenshots of each step go to SHOTS (light and dark, both sizes), looked at by
whoever changes these pages.
"""

from __future__ import annotations

import base64
import json
import zlib
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from test_a11y import axe_check, report
from test_table import (
    JET,
    MENEUSE,
    PLAYER,
    adopt,
    one_sentence,
    phone,
    propose_scene,
    qr_read,
    reserve_of,
    roll,
    shot,
    shown_link,
    stored_table,
    table_link,
    table_message,
    visited_once,
)

pytestmark = pytest.mark.browser

TABLE_JET = "lanceur-un-jet-contre-le-monde"  # « Un jet contre le monde » on /simon/table/
PASTE = "Coller un lien de la table (reçu par message, ou copié d’un autre navigateur)"


@pytest.fixture
def errors():
    found: list[str] = []
    yield found
    assert found == [], found


def read_back(page) -> str:
    """The dialog's link, once its QR code is read back to it (version 20 at most); the dialog closed."""
    link = shown_link(page)
    text, version, _ = qr_read(page)
    assert text == link and version <= 20, (version, len(link))
    return link


def close_dialog(page) -> None:
    page.locator("dialog.dl-table-show[open]").get_by_role("button", name="Fermer").tap()


def plain(text: str) -> str:
    """French typography's no-break spaces as plain ones."""
    return text.replace("\u00a0", " ").replace("\u202f", " ")


def received(page, link: str, said: str) -> str:
    """``link`` pasted in « Coller un lien » (the same tab: its engine is up); the table's sentence (its spaces
    plain) once it says ``said``."""
    page.get_by_label(PASTE).fill(link)
    page.get_by_role("button", name="Ouvrir ce lien").tap()
    try:
        page.wait_for_function(
            """(said) => document.querySelector('.dl-table__message')?.textContent
                 .replace(/[\u00a0\u202f]/g, ' ').includes(said)""",
            arg=said,
            timeout=60_000,
        )
    except PlaywrightTimeout:
        raise AssertionError(f"{said!r} not in {table_message(page)!r}") from None
    return plain(table_message(page))


def ask(hers, who: str, title: str, niveau: str, secret: bool = False) -> str:
    """« Demander un jet » for ``who`` (« Toute la table » or a character), « Un jet contre le monde », its
    « Niveau requis » changed to ``niveau`` in the roller below; the request's link, its QR code read back."""
    fold = hers.locator(".dl-table__ask")
    if fold.get_attribute("open") is None:
        fold.locator("summary").tap()
    hers.locator("#dl-table-demande-qui option", has_text=who).wait_for(state="attached")
    hers.locator("#dl-table-demande-qui").select_option(label=who)
    hers.locator("#dl-table-demande-lanceur").select_option(TABLE_JET)
    hers.locator(f"#{TABLE_JET} [name=niveau]").select_option(niveau)
    hers.locator("#dl-table-demande-titre").fill(title)
    hers.locator("#dl-table-demande-secret").set_checked(secret)
    fixed = hers.locator("#dl-table-demande-fixe").inner_text()
    assert "Niveau requis par le test" in fixed, fixed
    hers.get_by_role("button", name="Demander ce jet").tap()
    return read_back(hers)


def fragment_text(link: str) -> str:
    """What anyone who holds a table link reads of it: its record unpacked (format 2: before its key and signature)."""
    data = urlsplit(link).fragment.split(".")[1]
    return zlib.decompress(base64.urlsafe_b64decode(data + "=" * (-len(data) % 4)), -15).decode()


def test_requests_secret_rolls_and_trusted_links_with_the_network_cut(browser, server, errors):
    player = phone(browser, PLAYER, errors, scheme="dark", service_workers="allow")
    meneuse = phone(browser, MENEUSE, errors, service_workers="allow")
    try:
        visited_once(player, server)
        visited_once(meneuse, server)
        player.set_offline(True)
        meneuse.set_offline(True)
        walk_the_table(player, meneuse, browser, server, errors)
    finally:
        player.close()
        meneuse.close()


def walk_the_table(player, meneuse, browser, server, errors) -> None:
    # Her sheet, signed by her phone: the meneuse's table keeps its key.
    mine = player.new_page()
    adopt(mine, server, "simon", "Ysil")
    mine.get_by_role("button", name="Montrer ma fiche au meneur").tap()
    link = read_back(mine)
    assert urlsplit(link).fragment.startswith("table=2.")
    close_dialog(mine)
    hers = meneuse.new_page()
    hers.goto(link)
    hers.locator(".dl-table__party .dl-table__card", has_text="Ysil").wait_for()
    [copy] = stored_table(hers)["recues"]
    assert copy["cle_publique"] and "non signé" not in table_message(hers)
    # The screen opens on play: « Comment ça marche » folded (her phone saw the page before), the party first.
    assert hers.locator("details.dl-table-how").get_attribute("open") is None
    shot(hers, "20-meneuse-fiche-signee")

    # A request with a difficulty: « Expert », for Ysil.
    request = ask(hers, "Ysil", "Crocheter la serrure", niveau="expert")
    shot(hers, "21-meneuse-demande-qr")
    close_dialog(hers)
    mine.goto(request)
    mine.wait_for_function(
        "() => /Crocheter la serrure/.test(document.querySelector('.dl-table-request')?.textContent)"
    )
    widget = mine.locator(f"#{TABLE_JET}")
    niveau = widget.locator("[name=niveau]")
    assert niveau.input_value() == "expert" and niveau.get_attribute("aria-readonly") == "true"
    assert widget.locator(".dl-field--fixe label").inner_text().endswith("(fixé par le meneur)")
    assert mine.evaluate(
        f"() => [...document.querySelector('#{TABLE_JET} [name=niveau]').options].every((o) => o.disabled === (o.value !== 'expert'))"
    )
    mine.wait_for_function(  # her own Ysil, chosen for her
        f"() => document.querySelector('#{TABLE_JET}-fiche-fiche')?.selectedOptions[0]?.textContent.startsWith('Ysil')"
    )
    shot(mine, "22-joueuse-demande-ouverte")
    assert report(axe_check(mine), "une demande ouverte, ses valeurs fixées") == []

    # Roll n° 1 answers it; n° 2 is not shown; n° 3 answers it again.
    answers = []
    for number in (1, 2, 3):
        roll(mine, TABLE_JET)
        assert widget.locator(".dl-roller__result .dl-outcome").count() == 1
        if number == 2:
            continue
        widget.locator(".dl-roller__result").get_by_role("button", name="Montrer ce jet").tap()
        answers.append(read_back(mine))
        close_dialog(mine)
    said = received(hers, answers[0], "en réponse à votre demande « Crocheter la serrure »")
    assert one_sentence(said), said
    assert "jet n° 1 de son téléphone" in hers.locator(".dl-table__roll").inner_text()
    outcome = hers.locator(".dl-table__roll .dl-outcome").inner_text()
    received(hers, answers[0], "déjà dans votre table")  # the same link again: answered once
    said = received(hers, answers[1], "deuxième réponse")
    assert "compté nulle part" in said
    notes = hers.locator(".dl-table__roll .dl-table__roll-notes").inner_text()
    assert "jet n° 3 de son téléphone" in notes and "1 jet non montré avant celui-ci" in notes, notes
    answered = hers.locator(".dl-table__request", has_text="Crocheter la serrure")
    answered.locator(".dl-table__answers li").nth(1).wait_for()  # the list is drawn again after the message
    lines = answered.locator(".dl-table__answers li").all_inner_texts()
    assert len(lines) == 2 and lines[0].startswith("Réponse de Ysil") and outcome.split("\n")[-1] in lines[0], lines
    assert lines[1].startswith("Deuxième réponse de Ysil") and "comptée nulle part" in lines[1], lines
    answered.scroll_into_view_if_needed()
    shot(hers, "23-meneuse-demande-repondue")
    assert report(axe_check(hers), "l’écran du meneur, une demande et ses réponses") == []

    # A secret Simon roll: its outcome on the meneuse's phone only.
    # Its level set back by hand to the page's own (« Débutant »): still hers, fixed (it was dropped as unchanged).
    secret = ask(hers, "Ysil", "Entendre les gardes", niveau="debutant", secret=True)
    close_dialog(hers)
    mine = player.new_page()  # opened by her camera app: a tab of its own
    mine.goto(secret)
    widget = mine.locator(f"#{TABLE_JET}")
    mine.wait_for_function(f"() => document.querySelector('#{TABLE_JET} .dl-table-request__secret')")
    mine.wait_for_function(
        f"() => document.querySelector('#{TABLE_JET}-fiche-fiche')?.selectedOptions[0]?.textContent.startsWith('Ysil')"
    )
    widget.locator(".dl-roller__form button[type=submit]").first.tap()
    sealed = read_back(mine)
    assert mine.locator("dialog.dl-table-show h2").inner_text() == "Jet secret envoyé au meneur"
    shot(mine, "24-joueuse-jet-secret-qr")
    close_dialog(mine)
    assert "jet secret envoyé au meneur" in widget.locator(".dl-roller__result").inner_text()
    assert widget.locator(".dl-roller__result :is(.dl-outcome, .dl-die, .dl-result__detail)").count() == 0
    shot(mine, "25-joueuse-jet-secret-envoye")
    said = received(hers, sealed, "Jet secret de Ysil reçu")
    shot(hers, "26-meneuse-jet-secret-recu")
    drawn = hers.locator(".dl-table__roll")
    assert drawn.locator(".dl-outcome").count() == 1 and drawn.locator(".dl-die").count() >= 5
    hers.evaluate("() => document.querySelector('.dl-table__roll details')?.setAttribute('open', '')")
    told = [line for line in drawn.inner_text().splitlines() if "Dés en réussite" in line]
    dice = drawn.locator(".dl-die__value").all_inner_texts()
    assert told, drawn.inner_text()
    page_text = mine.evaluate("() => document.body.textContent")
    assert not any(line in page_text for line in told), told
    record = fragment_text(sealed)
    assert "Ysil" not in record and ",".join(dice) not in record and "Dés en réussite" not in record, record
    assert json.loads(record)[0] == "x"

    # Her roll as the meneur's (« Qui lance » : le meneur, a die of porte-poisse): refused, nothing counted.
    before = (reserve_of(hers), len(stored_table(hers)["jets"]))
    mine.goto(f"{server.url}/simon/resolution/#{JET}")
    rules = mine.locator(f"#{JET}")
    settings = rules.locator("details", has=mine.locator("summary", has_text="Réglages")).first
    if settings.get_attribute("open") is None:
        settings.locator("summary").first.tap()
    rules.locator("[name=qui]").select_option("meneur")
    rules.locator("[name=heroisme]").fill("1")
    roll(mine, JET)
    rules.locator(".dl-roller__result").get_by_role("button", name="Montrer ce jet").tap()
    forged = read_back(mine)
    said = received(hers, forged, "rien n’a été compté")
    assert "jet du meneur" in said and one_sentence(said), (said, fragment_text(forged))
    assert (reserve_of(hers), len(stored_table(hers)["jets"])) == before

    # An old link (format 1, unsigned) from a phone the table does not know, of dice entered by hand (« Entrer
    # mes dés »: r: 1): taken, said unsigned, « dés réels » on her screen; the same id with other dice: refused,
    # and the screen draws the dice counted; an unknown roller: one sentence.
    entered = {"l": "jet", "p": {"expertise": "9"}, "r": 1}
    honest = table_link(server, "simon", ["j", "simon", "Qw3-Er5_", 7, {**entered, "d": [3, 4, 5, 6, 7]}])
    said = received(hers, honest, "lien non signé")
    assert one_sentence(said), said
    head = hers.locator(".dl-table__roll .dl-roll-head").inner_text()
    listed = hers.locator('.dl-table__roll-list li[data-roll-id="Qw3-Er5_.7"]').inner_text()
    assert "dés réels" in head and "dés réels" in listed, (head, listed)
    again = table_link(server, "simon", ["j", "simon", "Qw3-Er5_", 7, {**entered, "d": [20, 20, 20, 20, 19]}])
    said = received(hers, again, "avec d’autres dés")
    assert one_sentence(said), said
    assert hers.locator(".dl-table__roll .dl-die__value").all_inner_texts() == ["3", "4", "5", "6", "7"]
    shot(hers, "27-meneuse-meme-jet-autres-des")
    held = stored_table(hers)
    for body, said in (
        ({"l": "inconnu", "p": {}, "d": [3, 4, 5]}, "Lanceur inconnu"),  # (« erreur interne » and a traceback before)
        ({"l": "jet", "p": {"expertise": "9"}, "d": [3, 4, 5, 6, 21]}, "est un d20, de 1 à 20"),
        ({"l": "jet", "p": {"expertise": "9"}, "d": [3, 4, 5, 6, 7], "s": [{"a": "ajouter_de"}] * 61}, "au plus 60"),
    ):
        text = received(hers, table_link(server, "simon", ["j", "simon", "Qw3-Er5_", 8, body]), said)
        assert one_sentence(text) and "rien n’a été compté" in text, text
    assert stored_table(hers) == held
    # Ysil's sheet from a second phone (another key): refused, until the meneuse accepts the new phone.
    other = phone(browser, PLAYER, errors)
    try:
        theirs = other.new_page()
        adopt(theirs, server, "simon", "Ysil")
        theirs.get_by_role("button", name="Montrer ma fiche au meneur").tap()
        second = read_back(theirs)
        shot(theirs, "28-second-telephone-qr")
        scene = propose_scene(theirs, server, "Une autre meneuse")
        assert qr_read(theirs)[0] == scene
    finally:
        other.close()
    # ... and a scene from it, on the player's phone, which knows her meneuse's key from her requests
    mine.goto(scene)
    mine.wait_for_function(
        "() => /que celui de votre meneur/.test(document.querySelector('.dl-table__message')?.textContent)"
    )
    assert mine.locator(".dl-table-scene").count() == 0  # nothing set

    received(hers, second, "signé par un autre appareil")
    said = plain(hers.locator(".dl-table__message > span").first.inner_text())  # its button after it
    assert one_sentence(said) and "touchez « Accepter ce nouvel appareil »" in said, said
    assert stored_table(hers)["recues"] == held["recues"]
    shot(hers, "29-meneuse-autre-appareil-refuse")
    hers.get_by_role("button", name="Accepter ce nouvel appareil").tap()
    hers.wait_for_function(
        "() => /à jour dans votre table/.test(document.querySelector('.dl-table__message')?.textContent)"
    )
    [kept] = stored_table(hers)["recues"]
    assert kept["fiche"]["nom"] == "Ysil" and kept["cle_publique"] not in (None, copy["cle_publique"])
    # and her first phone is now the stranger: its old answer is refused
    said = received(hers, answers[1], "signé par un autre appareil")
    shot(hers, "30-meneuse-nouvel-appareil-accepte")
