"""The players' own dice (issue 51), on a phone (390×844, touch): « Entrer mes dés » and « Entrer mes cartes ».

- Simon Système, from Ysil's sheet: the five faces and a heroism die given by taps, the outcome and what is
  written on her sheet are the command line's with the same faces (``--dice … --reels --ecrire``); the die
  added after the roll is asked for the same way; the result, the journal and the share link say « dés réels »
  (« Montrer ce jet »'s record: tests/test_real_dice.py, in Node); « Valider » is in view at 360×740, axe
  finds nothing in the pad, and the pad's bundle was fetched at the tap, not with the page.
- De Cœur & D'Acier: a confrontation played with real cards, one deck (a card in a hand greyed out for the
  others), its hands and its first round the engine's with the same cards.

Screenshots (light, dark; 390×844, 360×740) go to ``$DES_ET_LAMES_SHOTS/real-dice`` when that is set."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from test_a11y import axe_check, report
from test_sheet_story import STORE, adopt, answered, choose

import rules_py

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
SMALL = {"width": 360, "height": 740}
SHOTS = os.environ.get("DES_ET_LAMES_SHOTS")


def shot(page, name: str) -> None:
    """Both sizes, light and dark, of what the page shows now (only when asked: $DES_ET_LAMES_SHOTS)."""
    if not SHOTS:
        return
    folder = Path(SHOTS) / "real-dice"
    folder.mkdir(parents=True, exist_ok=True)
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        for size in (PHONE, SMALL):
            page.set_viewport_size(size)
            page.screenshot(path=str(folder / f"{name}-{scheme}-{size['width']}.png"))
    page.emulate_media(color_scheme="light")
    page.set_viewport_size(PHONE)


def pad_open(page):
    pad = page.locator("dialog.dl-pad[open]")
    pad.locator(".dl-pad__key").first.wait_for()
    return pad


def settled(page) -> None:
    """The pad has its engine's answer (after a card, the cards left)."""
    page.wait_for_function("() => !document.querySelector('dialog.dl-pad[aria-busy]')")


def valider_in_view_at_360(page, pad) -> None:
    page.set_viewport_size(SMALL)
    box = pad.get_by_role("button", name="Valider").bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= SMALL["height"], box
    page.set_viewport_size(PHONE)


def cli(*args: str) -> dict:
    done = subprocess.run(
        [sys.executable, "-m", "rules_py", *args, "--json"], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def device_sheet(page, name: str) -> dict:
    return next(r["fiche"] for r in page.evaluate(STORE, "fiches") if r["fiche"]["nom"] == name)


def test_a_simon_roll_of_real_dice_from_a_sheet_writes_what_the_cli_writes(phone, server, tmp_path):
    adopt(phone, server, "simon", "Ysil")
    before = device_sheet(phone, "Ysil")
    asked: list[str] = []
    phone.on("request", lambda request: asked.append(request.url))
    phone.goto(server.url + "/simon/resolution/")
    widget = phone.locator(".dl-roller[data-roller='simon.jet']").first
    widget.scroll_into_view_if_needed()
    choose(widget, "Ysil")
    widget.evaluate("(el) => el.dlWidget.formKit.writeForm(el.querySelector('form'), { heroisme: '1' })")
    assert not any("/dice-pad.js" in url for url in asked)  # the pad's bundle comes at the first tap only
    widget.get_by_role("button", name="Entrer mes dés").tap()
    pad = pad_open(phone)
    assert sum("/dice-pad.js" in url for url in asked) == 1  # fetched by the tap, once
    # the number of dice is the engine's: five, and the heroism die asked before the roll
    assert pad.locator(".dl-pad__slot").count() == 6
    faces = [20, 20, 7, 13, 12, 9]
    for n, face in enumerate(faces, 1):
        pad.get_by_role("button", name=f"Face {face} du dé {n}", exact=True).tap()
    assert pad.locator(".dl-pad__slot-value").all_inner_texts() == [str(f) for f in faces]
    valider_in_view_at_360(phone, pad)
    violations = axe_check(phone)
    assert violations == [], "\n".join(report(violations, "pad"))
    shot(phone, "01-simon-dés-entrés")
    last = widget.locator(".dl-roller__result").get_attribute("data-answer")
    pad.get_by_role("button", name="Valider").tap()
    answered(widget, last)
    result = widget.evaluate("(el) => el.dlWidget.lastResult")
    assert result["reels"] is True and result["tirage"] == faces
    assert "dés réels" in widget.locator(".dl-roller__result .dl-roll-head").inner_text()
    # the command line, with the sheet as it was and the same faces, says and writes the same
    file = tmp_path / "ysil.json"
    file.write_text(json.dumps(before, ensure_ascii=False), encoding="utf-8")
    params = [
        f"{k}={','.join(map(str, v)) if isinstance(v, list) else str(v).lower() if isinstance(v, bool) else v}"
        for k, v in result["parametres"].items()
        if v is not None
    ]
    state = tmp_path / "jet.json"
    dice = ",".join(map(str, faces))
    mine = cli(
        "roll", "simon.jet", *params, "--fiche", str(file), "--dice", dice, "--reels", "--ecrire", "--save", str(state)
    )
    assert (mine["resultat"], mine["des"], mine["modifications"]) == (
        result["resultat"],
        result["des"],
        result["modifications"],
    )
    heroism = json.loads(file.read_text(encoding="utf-8"))["heroisme"]
    assert device_sheet(phone, "Ysil")["heroisme"] == heroism != before["heroisme"]
    # the die added after the roll: its face asked the same way
    form = widget.locator(".dl-roller__result form.dl-action", has_text="Ajouter un dé")
    last = widget.locator(".dl-roller__result").get_attribute("data-answer")
    form.locator("button[type=submit]").tap()
    pad = pad_open(phone)
    assert pad.locator(".dl-pad__slot").count() == 1
    pad.get_by_role("button", name="Face 17 du dé 1", exact=True).tap()
    shot(phone, "02-simon-dé-ajouté")
    pad.get_by_role("button", name="Valider").tap()
    answered(widget, last)
    step = widget.evaluate("(el) => el.dlWidget.lastResult")
    theirs = cli(
        "action",
        "simon.jet",
        "ajouter_de",
        "--state",
        str(state),
        "--fiche",
        str(file),
        "--dice",
        "17",
        "--reels",
        "--ecrire",
    )
    assert step["reels"] is True and (step["resultat"], step["modifications"]) == (
        theirs["resultat"],
        theirs["modifications"],
    )
    assert device_sheet(phone, "Ysil")["heroisme"] == json.loads(file.read_text(encoding="utf-8"))["heroisme"]
    head = widget.locator(".dl-roller__result .dl-roll-head").inner_text()
    assert "dés réels" in head and "Ajouter un dé" in head
    shot(phone, "03-simon-résultat")
    # the journal and the share link keep it
    journal = json.loads(phone.evaluate("localStorage.getItem('des-et-lames:journal')"))["entries"]
    assert [e.get("reels") for e in journal[-2:]] == [True, True]
    assert "reels=1" in widget.locator(".dl-roller__result .dl-share a").get_attribute("href")


def test_a_confrontation_played_with_real_cards_one_deck(phone, server):
    phone.goto(server.url + "/dcda/confrontation/")
    widget = phone.locator(".dl-roller[data-roller='dcda.confrontation']").first
    widget.scroll_into_view_if_needed()
    widget.get_by_role("button", name="Entrer mes cartes").tap()
    pad = pad_open(phone)
    hands = ["3 de Bâtons", "4 d’Écus", "5 de Coupes", "6 de Dagues", "7 de Bâtons", "8 d’Écus", "9 de Coupes"]
    for k, card in enumerate(hands):
        if k == 4:  # Nocturne's Bâtons: A holds the 3, greyed out and said so
            out = pad.get_by_role("button", name="3 de Bâtons (déjà sortie du paquet)")
            assert out.is_disabled()
            shot(phone, "04-dcda-carte-grisée")
        pad.get_by_role("button", name=card, exact=True).tap()
        settled(phone)
    pad.get_by_role("button", name="10 de Dagues", exact=True).tap()
    settled(phone)
    valider_in_view_at_360(phone, pad)
    last = widget.locator(".dl-roller__result").get_attribute("data-answer")
    pad.get_by_role("button", name="Valider").tap()
    answered(widget, last)
    cards = ["3-batons", "4-ecus", "5-coupes", "6-dagues", "7-batons", "8-ecus", "9-coupes", "10-dagues"]
    result = widget.evaluate("(el) => el.dlWidget.lastResult")
    given = {k: v for k, v in result["parametres"].items() if v is not None}  # the echo's nulls: no value (refused)
    engine = rules_py.call(
        {"op": "roll", "roller": "dcda.confrontation", "params": given, "dice": cards, "reels": True}
    )["result"]
    assert result["reels"] is True and result["tirage"] == cards and result["etat"] == engine["etat"]
    assert "cartes réelles" in widget.locator(".dl-roller__result .dl-roll-head").inner_text()
    # round 1 with real cards: each participant who played draws one of her suit, asked by taps
    res = widget.locator(".dl-roller__result")
    res.locator("select").nth(0).select_option(label="6 de Dagues")
    res.locator("select").nth(1).select_option(label="7 de Bâtons")
    last = res.get_attribute("data-answer")
    res.get_by_role("button", name="Jouer le tour 1").tap()
    pad = pad_open(phone)
    pad.get_by_role("button", name="2 de Dagues", exact=True).tap()
    settled(phone)
    assert pad.get_by_role("button", name="3 de Bâtons (déjà sortie du paquet)").is_disabled()
    pad.get_by_role("button", name="1 de Bâtons", exact=True).tap()
    settled(phone)
    shot(phone, "05-dcda-tour")
    pad.get_by_role("button", name="Valider").tap()
    answered(widget, last)
    step = widget.evaluate("(el) => el.dlWidget.lastResult")
    chosen = widget.evaluate("(el) => el.dlWidget.lastRoll.steps[0]")
    assert chosen["dice"] == ["2-dagues", "1-batons"]
    played = rules_py.call(
        {
            "op": "action",
            "roller": "dcda.confrontation",
            "action": "jouer",
            "state": engine["etat"],
            "params": chosen["params"],
            "dice": chosen["dice"],
            "reels": True,
        }
    )["result"]
    assert step["reels"] is True and (step["resultat"], step["etat"]) == (played["resultat"], played["etat"])
    assert "cartes réelles" in res.locator(".dl-roll-head").inner_text()
