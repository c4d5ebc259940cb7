"""What the rules allow after a roll, in the real browser: a reroll paid with character
points (Solaires 002), a heroism die added after the roll (Simon 003), a De Cœur & D'Acier
confrontation played round by round (004), and the link that reproduces a roll."""

from __future__ import annotations

import re

import pytest
from conftest import RECORD

from rules_py import call

pytestmark = pytest.mark.browser


def new_result(page, widget, before: str | None):
    """Wait until the widget shows an answer after ``before`` (its ``data-answer``: a follow-up keeps the roll's
    number); return the new one's."""
    page.wait_for_function(
        "([el, before]) => { const n = el.querySelector('.dl-roller__result')?.dataset.answer;"
        " return n && n !== before && el.querySelector('.dl-outcome, .dl-error'); }",
        arg=[widget.element_handle(), before],
        timeout=60_000,
    )
    assert widget.locator(".dl-roller__result .dl-error").count() == 0, widget.locator(".dl-error").inner_text()
    return widget.locator(".dl-roller__result").get_attribute("data-answer")


def roll_number(widget) -> str:
    return widget.locator(".dl-roller__result").get_attribute("data-roll")


def razors_then_reroll(page, server):
    """The book's Razors example (4, 6, 2), then the first die rerolled: (widget, first, second)."""
    page.goto(server.url + "/solaires/resoudre-une-action/")
    widget = page.locator(".dl-roller", has=page.locator(".dl-roller__example", has_text="Razors"))
    widget.scroll_into_view_if_needed()
    widget.locator(".dl-example").click()
    first = new_result(page, widget, None)
    assert "Échec avec contrepartie positive" in widget.locator(".dl-roller__result .dl-outcome").inner_text()
    reroll = widget.locator("form.dl-action", has=page.locator("button", has_text="Relancer"))
    reroll.locator('select[name="de"]').select_option("1")  # the book's 4, discarded
    assert reroll.locator('select[name="de"] option[value="1"]').inner_text() == "Dé 1\u00a0: 4 (écarté)"
    reroll.locator("button").click()
    return widget, first, new_result(page, widget, first)


def test_reroll_with_character_points(page, server):
    widget, first, second = razors_then_reroll(page, server)
    values = [v for v in widget.locator(".dl-roller__result .dl-die__value").all_inner_texts()]
    assert values[1:3] == ["6", "2"]  # the other two dice stay
    assert "il en reste 0" in widget.locator(".dl-roller__result .dl-calc").text_content()
    # two points were spent: a second reroll is refused, its reason said where its button was (not folded)
    assert (
        widget.locator(".dl-roller__result form.dl-action", has=page.locator("button", has_text="Relancer")).count()
        == 0
    )
    reason = widget.locator(".dl-roller__result .dl-action-unpaid", has_text="Relancer")
    assert reason.is_visible() and "il en reste 0" in reason.inner_text()
    assert widget.locator(".dl-roller__result .dl-actions-off .dl-action--off", has_text="Relancer").count() == 0
    # the reroll is the same roll, one step on: « Jet n° 1 », named as its follow-up
    assert roll_number(widget) == "1" and int(second) == int(first) + 1
    head = widget.locator(".dl-roller__result .dl-roll-head").inner_text()
    assert "Jet n° 1" in head and "suite\u00a0: Relancer un dé" in head, head
    # the book's example stays on screen, smaller, under the reroll
    assert widget.locator(".dl-roller__earlier .dl-result--old").count() == 1
    assert "Échec avec contrepartie positive" in widget.locator(".dl-roller__earlier .dl-outcome").inner_text()


def test_a_heroism_die_after_the_roll(page, server):
    page.goto(server.url + "/simon/resolution/")
    widget = page.locator('[data-roller="simon.jet"]', has=page.locator('input[name="heroisme"][value="1"]'))
    widget.scroll_into_view_if_needed()
    widget.locator("button.dl-roll").click()
    first = new_result(page, widget, None)
    assert widget.locator(".dl-roller__result .dl-die").count() == 6  # five d20 + one heroism die bought before
    widget.locator("form.dl-action button", has_text="Ajouter un dé").click()
    new_result(page, widget, first)
    assert widget.locator(".dl-roller__result .dl-die").count() == 7
    # 2 points after the roll
    assert "\u2212 2 (dé ajouté après le jet)" in widget.locator(".dl-roller__result .dl-calc").text_content()


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
            assert len(options) == 4 and all(re.fullmatch(r"\d+ (de|d’) ?\w+", o) for o in options), options
            selects.nth(i).select_option(index=len(options) - i)  # pick one of the four cards
        play.locator("button").click()
        number = new_result(page, widget, number)
        assert f"Tour {k}" in widget.locator(".dl-roller__result .dl-calc").text_content()
        assert re.search(r"remporte le tour|Statu quo|statu quo", widget.locator(".dl-roller__result").inner_text())
        if widget.locator("form.dl-action button", has_text="Jouer le tour 2").count() == 0:
            break  # the rules ended it (e.g. nobody must go on): fine, one round was played


def test_a_follow_up_drawn_again_once_described_keeps_the_cards_chosen(page, server):
    """A result drawn before the roller's description came (restored on Back, or answered first) is
    drawn again when it comes: the cards already chosen in its follow-up stay chosen."""
    page.goto(server.url + "/dcda/confrontation/")
    widget = page.locator('[data-roller="dcda.confrontation"]').first
    widget.scroll_into_view_if_needed()
    widget.locator("button.dl-roll").click()
    new_result(page, widget, None)
    selects = widget.locator("form.dl-action", has=page.locator("button", has_text="Jouer le tour 1")).locator("select")
    for i in range(selects.count()):
        selects.nth(i).select_option(index=selects.nth(i).locator("option").count() - 1 - i)
    chosen = [selects.nth(i).input_value() for i in range(selects.count())]
    assert all(chosen) and len(chosen) == 2
    before = widget.locator("form.dl-action").first.element_handle()
    widget.evaluate("(el) => el.dlWidget.redrawDescribed()")
    assert not before.evaluate("(form) => form.isConnected")  # drawn again...
    assert [selects.nth(i).input_value() for i in range(selects.count())] == chosen  # ...the cards kept


def test_the_share_link_reproduces_the_roll(page, server):
    page.goto(server.url + "/feerie/actions/")
    widget = page.locator('[data-roller="feerie.action"]').first
    widget.scroll_into_view_if_needed()
    widget.locator("button.dl-roll").click()
    new_result(page, widget, None)
    dice = widget.locator(".dl-roller__result .dl-die__value").all_inner_texts()
    outcome = widget.locator(".dl-roller__result .dl-outcome").inner_text()
    href = widget.locator(".dl-roller__result .dl-share a").get_attribute("href")
    page.goto(href)
    again = page.locator(f"#{widget.get_attribute('id')}")
    new_result(page, again, None)
    assert again.locator(".dl-roller__result .dl-die__value").all_inner_texts() == dice
    assert again.locator(".dl-roller__result .dl-outcome").inner_text() == outcome
    # forced dice never look like a fresh roll
    assert (
        again.locator(".dl-roller__result .dl-roll-source").inner_text() == "Jet partagé\u00a0: dés imposés par le lien"
    )
    # and the same link read by rules_py itself gives the same outcome
    from urllib.parse import parse_qs, urlsplit

    query = {k: v[0] for k, v in parse_qs(urlsplit(href).query).items()}
    query.pop("lanceur")
    replay = call({"op": "roll", "roller": "feerie.action", "dice": query.pop("des"), "params": query})
    plain = lambda text: text.replace("\u00a0", " ").replace("\u202f", " ")  # noqa: E731
    assert replay["ok"] and plain(replay["result"]["resultat"]) in plain(outcome)


def test_a_share_link_to_this_page_replays_in_place_the_engine_kept(page, server):
    """Tapped on the page it points to (Material's instant navigation would leave the page as it is)."""
    page.goto(server.url + "/feerie/actions/")
    widget = page.locator('[data-roller="feerie.action"]').nth(1)
    widget.scroll_into_view_if_needed()
    widget.locator("button.dl-roll").click()
    first = new_result(page, widget, None)
    dice = widget.locator(".dl-roller__result .dl-die__value").all_inner_texts()
    outcome = widget.locator(".dl-roller__result .dl-outcome").inner_text()
    page.evaluate("window.__samePage = true")
    widget.locator(".dl-roller__result .dl-share a").click()
    second = new_result(page, widget, first)
    assert int(second) == int(first) + 1 and roll_number(widget) == "2"  # a new roll, replayed
    assert widget.locator(".dl-roller__result .dl-die__value").all_inner_texts() == dice
    assert widget.locator(".dl-roller__result .dl-outcome").inner_text() == outcome
    assert "Jet partagé" in widget.locator(".dl-roller__result .dl-roll-source").inner_text()
    assert page.evaluate("window.__samePage === true"), "the page was loaded again"
    assert f"lanceur={widget.get_attribute('id')}" in page.url  # the address is the link's, to share on
    assert widget.locator(".dl-roller__earlier .dl-outcome").count() >= 1  # the first roll stays beside it


def test_the_share_link_carries_the_follow_ups(page, server):
    """A reroll after the book's example: the link replays the roll, then the reroll, same dice."""
    widget, _, _ = razors_then_reroll(page, server)
    dice = widget.locator(".dl-roller__result .dl-die__value").all_inner_texts()
    calc = widget.locator(".dl-roller__result .dl-calc").text_content()
    link = widget.locator(".dl-roller__result .dl-share a")
    assert "sa suite" in link.inner_text()
    page.goto(link.get_attribute("href"))
    again = page.locator(f"#{widget.get_attribute('id')}")
    page.wait_for_function(  # the roll (n° 1), then the reroll (the same roll, its first step)
        "el => el.querySelector('.dl-roller__result')?.dataset.answer === '2' && el.querySelector('.dl-outcome')",
        arg=again.element_handle(),
        timeout=60_000,
    )
    assert again.locator(".dl-roller__result .dl-die__value").all_inner_texts() == dice
    assert again.locator(".dl-roller__result .dl-calc").text_content() == calc


def test_a_garbled_follow_up_in_a_link_is_refused_in_french(page, server):
    page.goto(server.url + "/solaires/resoudre-une-action/")
    widget_id = page.locator('[data-roller="solaires.action"]').first.get_attribute("id")
    for suite in ('{"not": "a list"}', "[{]", '[{"action": "relancer", "params": [1]}]'):
        page.goto(f"{server.url}/solaires/resoudre-une-action/?lanceur={widget_id}&des=4,6,2&suite={suite}#{widget_id}")
        error = page.locator(f"#{widget_id} .dl-roller__result .dl-error")
        error.wait_for(timeout=30_000)
        assert "Lien invalide\u00a0: la suite du jet (suite) est illisible" in error.inner_text()
    # a well-formed step the rules refuse gets the rules' own French sentence
    page.goto(
        f"{server.url}/solaires/resoudre-une-action/?lanceur={widget_id}&des=4,6,2"
        f'&suite=[{{"action":"relancer","params":{{"de":"9"}},"dice":[1]}}]#{widget_id}'
    )
    error = page.locator(f"#{widget_id} .dl-roller__result .dl-error")
    error.wait_for(timeout=60_000)
    assert "Dé à relancer" in error.inner_text() and "(de)" not in error.inner_text()


# ----------------------------------------------------------------------
# The second audit: links that give a parameter twice or an order the text refuses, the veto, a
# helper's die after the roll, the meneur's porte-poisse die
# ----------------------------------------------------------------------


def refused_by_link(page, server, path: str, roller: str, query: str) -> str:
    page.goto(server.url + path)
    widget_id = page.locator(f'[data-roller="{roller}"]').first.get_attribute("id")
    page.goto(f"{server.url}{path}?lanceur={widget_id}&{query}#{widget_id}")
    error = page.locator(f"#{widget_id} .dl-roller__result .dl-error")
    error.wait_for(timeout=60_000)
    assert page.locator(f"#{widget_id} .dl-roller__result .dl-outcome").count() == 0  # nothing rolled
    return error.inner_text()


def test_a_link_giving_a_parameter_twice_is_refused_naming_it(page, server):
    said = refused_by_link(page, server, "/feerie/actions/", "feerie.action", "element=2&element=3&des=4,4,4,1,1")
    assert (
        said
        == "Score de l’élément\u00a0: donné deux fois («\u00a02\u00a0» puis «\u00a03\u00a0»)\u202f; donnez-le une seule fois."
    )
    said = refused_by_link(page, server, "/feerie/actions/", "feerie.action", "element=2&des=4,4,1,1&des=1,1,1,1")
    assert said.startswith("Lien invalide\u00a0: «\u00a0des\u00a0» est donné plusieurs fois")


def test_a_link_naming_a_domination_order_against_the_text_gets_the_sentence(page, server):
    said = refused_by_link(
        page, server, "/dcda/confrontation/", "dcda.tour", "domination=batons>ecus>dagues>coupes&des=5-batons,5-ecus"
    )
    assert said.startswith("Cercle de domination\u00a0: cet ordre contredit le texte, «\u00a0les bâtons dominent")


def test_a_veto_after_a_use_of_character_points(page, server):
    page.goto(server.url + "/solaires/regles/points-de-personnage/")
    widget = page.locator('[data-roller="solaires.points"]').first
    widget.scroll_into_view_if_needed()
    widget.locator("button.dl-roll").click()
    first = new_result(page, widget, None)
    spend = widget.locator("form.dl-action", has=page.locator("button", has_text="Dépenser"))
    spend.locator('select[name="utilisation"]').select_option("description-consequences")
    spend.locator("button").click()
    second = new_result(page, widget, first)
    assert "1 point de personnage" in widget.locator(".dl-roller__result .dl-outcome").inner_text()
    widget.locator("form.dl-action button", has_text="Veto sur").click()
    new_result(page, widget, second)
    assert "2 points de personnage" in widget.locator(".dl-roller__result .dl-outcome").inner_text()
    assert widget.locator(".dl-roller__result form.dl-action button", has_text="Veto sur").count() == 0  # once


def test_a_helper_adds_a_die_after_the_roll(page, server):
    page.goto(server.url + "/simon/resolution/")
    widget = page.locator('[data-roller="simon.aide"]').first
    widget.scroll_into_view_if_needed()
    widget.locator("button.dl-roll").click()
    first = new_result(page, widget, None)
    assert widget.locator(".dl-roller__result .dl-die").count() == 5
    widget.locator("form.dl-action button", has_text="Ajouter un dé (2 points d’héroïsme)").click()
    new_result(page, widget, first)
    assert widget.locator(".dl-roller__result .dl-die").count() == 6
    assert "\u2212 2 (dé ajouté après le jet)" in widget.locator(".dl-roller__result .dl-calc").text_content()


def test_the_meneurs_side_spends_porte_poisse(page, server):
    page.goto(server.url + "/simon/resolution/")
    widget = page.locator('[data-roller="simon.opposition"]').first
    widget.scroll_into_view_if_needed()
    assert widget.locator('select[name="qui_b"]').input_value() == "meneur"  # the margoulin, the meneur's
    widget.locator("button.dl-roll").click()
    new_result(page, widget, None)
    buttons = widget.locator(".dl-roller__result form.dl-action button").all_inner_texts()
    assert any("à celui qui réagit (b) (2 points de porte-poisse du meneur)" in b for b in buttons), buttons
    assert any("à l’acteur (a) (2 points d’héroïsme)" in b for b in buttons), buttons
    calc = widget.locator(".dl-roller__result .dl-calc").text_content()
    assert "b\u00a0: Points de porte-poisse du meneur" in calc and "b\u00a0: Points d’héroïsme" not in calc


# Holds the page's engine boot (its « boot » message to the worker) until window.__release().
HOLD_BOOT = """
const post = Worker.prototype.postMessage;
const held = [];
window.__release = () => { window.__held = false; held.splice(0).forEach((send) => send()); };
window.__held = true;
Worker.prototype.postMessage = function (message, ...rest) {
  if (window.__held && message && message.type === "boot") return void held.push(() => post.call(this, message, ...rest));
  return post.call(this, message, ...rest);
};
"""


def test_a_tap_waiting_for_the_engine_keeps_its_notice_until_its_own_answer(page, server):
    """Back on a page with results kept from before, a tap while the engine starts says « Jet n° 2 demandé »;
    the roller's description, which comes first, must not draw the kept results in its place (the tap's
    answer then replaced their follow-up forms under the reader's fingers: a card chosen, then lost)."""
    page.goto(server.url + "/dcda/confrontation/")
    widget = page.locator('[data-roller="dcda.confrontation"]').first
    widget.scroll_into_view_if_needed()
    widget.locator("button.dl-roll").click()
    new_result(page, widget, None)
    page.add_init_script(HOLD_BOOT)
    page.reload()
    widget.scroll_into_view_if_needed()
    widget.evaluate("(el) => el.dlWidget")  # awake: the kept result drawn, the engine asked for (held)
    page.wait_for_function("() => globalThis.desEtLames.runtime.state.name === 'loading'")
    assert widget.locator(".dl-roller__result").get_attribute("data-roll") == "1"
    kept = widget.locator(".dl-roller__result").get_attribute("data-answer")
    page.evaluate(RECORD, widget.locator(".dl-roller__result").element_handle())
    widget.locator("button.dl-roll").click()
    assert "Jet n° 2 demandé" in widget.locator(".dl-roller__result .dl-pending").inner_text()
    page.evaluate("window.__release()")
    new_result(page, widget, kept)
    renders = page.evaluate("window.__renders")
    asked = next(i for i, render in enumerate(renders) if render["pending"])
    between = renders[asked : next(i for i, r in enumerate(renders) if r["roll"] == "2" and r["outcome"])]
    assert all(render["pending"] for render in between), renders  # the notice, until roll 2 is drawn
