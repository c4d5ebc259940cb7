"""What the rules allow after a roll, in the real browser: a reroll paid with character
points (Solaires 002), a heroism die added after the roll (Simon 003), a De Cœur & D'Acier
confrontation played round by round (004), and the link that reproduces a roll."""

from __future__ import annotations

import re

import pytest

from rules_py import call

pytestmark = pytest.mark.browser


def new_result(page, widget, before: str | None):
    """Wait until the widget shows a result numbered after ``before``; return its number."""
    page.wait_for_function(
        "([el, before]) => { const n = el.querySelector('.dl-roller__result')?.dataset.roll;"
        " return n && n !== before && el.querySelector('.dl-outcome, .dl-error'); }",
        arg=[widget.element_handle(), before],
        timeout=60_000,
    )
    assert widget.locator(".dl-roller__result .dl-error").count() == 0, widget.locator(".dl-error").inner_text()
    return widget.locator(".dl-roller__result").get_attribute("data-roll")


def test_reroll_with_character_points(page, server):
    page.goto(server.url + "/solaires/resoudre-une-action/")
    widget = page.locator(".dl-roller", has=page.locator(".dl-roller__example", has_text="Razors"))
    widget.scroll_into_view_if_needed()
    widget.locator(".dl-example").click()
    first = new_result(page, widget, None)
    assert "Échec avec contrepartie positive" in widget.locator(".dl-outcome").inner_text()
    reroll = widget.locator("form.dl-action", has=page.locator("button", has_text="Relancer"))
    reroll.locator('select[name="de"]').select_option("1")  # the book's 4, discarded
    assert reroll.locator('select[name="de"] option[value="1"]').inner_text() == "Dé 1 : 4 (écarté)"
    reroll.locator("button").click()
    second = new_result(page, widget, first)
    values = [v for v in widget.locator(".dl-die__value").all_inner_texts()]
    assert values[1:3] == ["6", "2"]  # the other two dice stay
    assert "il en reste 0" in widget.locator(".dl-calc").inner_text()
    # two points were spent: a second reroll is refused, with the reason in French
    off = widget.locator(".dl-action--off", has=page.locator("button", has_text="Relancer"))
    assert off.locator("button").is_disabled()
    assert "point" in off.inner_text()
    assert int(second) == int(first) + 1


def test_a_heroism_die_after_the_roll(page, server):
    page.goto(server.url + "/simon/resolution/")
    widget = page.locator('[data-roller="simon.jet"]', has=page.locator('input[name="heroisme"][value="1"]'))
    widget.scroll_into_view_if_needed()
    widget.locator("button.dl-roll").click()
    first = new_result(page, widget, None)
    assert widget.locator(".dl-die").count() == 6  # five d20 + one heroism die bought before
    widget.locator("form.dl-action button", has_text="Ajouter un dé").click()
    new_result(page, widget, first)
    assert widget.locator(".dl-die").count() == 7
    assert "- 2 (dé ajouté après le jet)" in widget.locator(".dl-calc").inner_text()  # 2 points after the roll


def test_a_confrontation_round_by_round(page, server):
    page.goto(server.url + "/dcda/confrontation/")
    widget = page.locator('[data-roller="dcda.confrontation"]').first
    widget.scroll_into_view_if_needed()
    widget.locator("button.dl-roll").click()
    number = new_result(page, widget, None)
    for k in (1, 2):
        play = widget.locator("form.dl-action", has=page.locator("button", has_text=f"Jouer le tour {k}"))
        selects = play.locator("select")
        assert selects.count() == 2  # one card to choose per participant: A and Nocturne
        for i in range(selects.count()):
            options = selects.nth(i).locator("option:not([value=''])").all_inner_texts()
            assert len(options) == 4 and all(re.fullmatch(r"\d+ (de|d') ?\w+", o) for o in options), options
            selects.nth(i).select_option(index=len(options) - i)  # pick one of the four cards
        play.locator("button").click()
        number = new_result(page, widget, number)
        assert f"Tour {k}" in widget.locator(".dl-calc").inner_text()
        assert re.search(r"remporte le tour|Statu quo|statu quo", widget.locator(".dl-roller__result").inner_text())
        if widget.locator("form.dl-action button", has_text="Jouer le tour 2").count() == 0:
            break  # the rules ended it (e.g. nobody must go on): fine, one round was played


def test_the_share_link_reproduces_the_roll(page, server):
    page.goto(server.url + "/feerie/actions/")
    widget = page.locator('[data-roller="feerie.action"]').first
    widget.scroll_into_view_if_needed()
    widget.locator("button.dl-roll").click()
    new_result(page, widget, None)
    dice = widget.locator(".dl-die__value").all_inner_texts()
    outcome = widget.locator(".dl-outcome").inner_text()
    href = widget.locator(".dl-share a").get_attribute("href")
    page.goto(href)
    again = page.locator(f"#{widget.get_attribute('id')}")
    new_result(page, again, None)
    assert again.locator(".dl-die__value").all_inner_texts() == dice
    assert again.locator(".dl-outcome").inner_text() == outcome
    # and the same link read by rules_py itself gives the same outcome
    from urllib.parse import parse_qs, urlsplit

    query = {k: v[0] for k, v in parse_qs(urlsplit(href).query).items()}
    query.pop("lanceur")
    replay = call({"op": "roll", "roller": "feerie.action", "dice": query.pop("des"), "params": query})
    assert replay["ok"] and replay["result"]["resultat"] in outcome
