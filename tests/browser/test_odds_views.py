"""The odds read three ways (« exactement », « au moins », « au plus ») beside a roller:
pre-rendered for the preset and switched by CSS alone (no JavaScript), then kept in step
with the form by the engine, the reader's choice kept."""

from __future__ import annotations

import pytest

from rules_py import odds

pytestmark = pytest.mark.browser

FEERIE = "/feerie/actions/"
SIMON = "/simon/resolution/"


def visible_rows(widget) -> list[str]:
    """The rows of the list on screen, « label | value »."""
    return widget.evaluate(
        """(el) => [...el.querySelectorAll('.dl-scale__rows')].filter((ul) => ul.offsetParent !== null)
        .flatMap((ul) => [...ul.querySelectorAll('.dl-scale__row')].map((li) =>
          [...li.children].map((c) => c.innerText.trim()).filter(Boolean).join(' | ')))"""
    )


def percents(scale: dict, way: str) -> list[float]:
    return [round(p * 100, 1) for p in scale[way]["probas"]]


def shown_percents(rows: list[str]) -> list[float]:
    out = []
    for row in rows:
        value = row.split(" | ")[1].split("%")[0].replace("\u00a0", " ").strip().replace(",", ".")
        out.append(float(value.lstrip("<> ")))
    return out


def test_without_javascript_the_radios_switch_the_list_and_the_fractions(browser, server):
    context = browser.new_context(viewport={"width": 390, "height": 844}, java_script_enabled=False, locale="fr-FR")
    try:
        page = context.new_page()
        page.goto(server.url + FEERIE)
        widget = page.locator(".dl-roller[data-roller='feerie.action']").first
        widget.locator("details.dl-roller__odds > summary").click()
        want = odds("feerie.action", {"element": 2, "pertinence": "typique", "difficulte": 2})["echelle"]
        assert widget.locator(".dl-scale__title").inner_text().startswith("Marge d’efforts")
        exactly = visible_rows(widget)
        assert [r.split(" | ")[0] for r in exactly] == want["libelles"]
        assert shown_percents(exactly) == pytest.approx(percents(want, "exactement"), abs=0.11)
        assert "/" not in " ".join(exactly)  # the fractions one tap away
        widget.locator("label.dl-scale__way", has_text="au moins").click()
        at_least = visible_rows(widget)
        assert [r.split(" | ")[0] for r in at_least] == ["au moins " + v for v in want["libelles"]]
        assert shown_percents(at_least) == pytest.approx(percents(want, "au_moins"), abs=0.11)
        assert shown_percents(at_least)[0] == 100
        widget.locator("label.dl-scale__way", has_text="au plus").click()
        at_most = visible_rows(widget)
        assert shown_percents(at_most)[-1] == 100 and at_most[0].startswith("au plus ")
        widget.locator("label.dl-scale__way", has_text="fractions exactes").click()
        assert all(f"({x})" in row for row, x in zip(visible_rows(widget), want["au_plus"]["exact"], strict=True))
        # the bars follow the choice: the last « au plus » bar is full
        widths = widget.evaluate(
            """(el) => [...el.querySelectorAll('.dl-scale__rows[data-way="au_plus"] .dl-odds__bar > span')]
            .map((s) => s.getBoundingClientRect().width / s.parentElement.getBoundingClientRect().width)"""
        )
        assert widths[-1] == pytest.approx(1, abs=0.01) and widths[0] < 0.5
    finally:
        context.close()


def test_without_javascript_every_fold_opens_in_place(browser, server):
    """What the page folds for a reader with JavaScript (made when opened) is plain markup without it:
    « Réglages » and the fields of an alternative not chosen, a variant of a probability table."""
    context = browser.new_context(viewport={"width": 360, "height": 740}, java_script_enabled=False, locale="fr-FR")
    try:
        page = context.new_page()
        page.goto(server.url + "/dcda/confrontation/")
        widget = page.locator(".dl-roller[data-roller='dcda.confrontation']").first
        assert widget.locator("input[name='forces_b']").is_visible()  # the other alternative, shown
        assert not widget.locator("input[name='table']").is_visible()
        widget.locator("details.dl-roller__settings > summary").click()
        assert widget.locator("input[name='table']").is_visible()
        page.goto(server.url + "/probabilites/simon/")
        folded = page.locator("#simon-heroisme-2")
        assert not folded.locator("td").first.is_visible()
        folded.locator("summary").click()
        assert folded.locator("td").count() == 19 * 5 and folded.locator("td a").first.is_visible()
    finally:
        context.close()


def test_the_engine_keeps_the_views_in_step_with_the_form_and_the_choice_stays(page, server):
    page.goto(server.url + SIMON)
    widget = page.locator(".dl-roller[data-roller='simon.jet']").first
    widget.scroll_into_view_if_needed()
    widget.locator("details.dl-roller__odds > summary").click()
    assert len(visible_rows(widget)) == 6  # five dice: 0 to 5 successes
    widget.locator("label.dl-scale__way", has_text="au moins").click()
    # more heroism dice: the engine answers, the lists grow, « au moins » is still the one shown
    widget.locator("details.dl-roller__settings > summary").click()
    field = widget.locator("input[name='heroisme']")
    field.fill("2")
    page.wait_for_function(
        "(el) => el.querySelectorAll('.dl-scale__rows[data-way=\"au_moins\"] .dl-scale__row').length === 8",
        arg=widget.element_handle(),
        timeout=90_000,
    )
    rows = visible_rows(widget)
    assert [r.split(" | ")[0] for r in rows] == [f"au moins {k}" for k in range(8)]
    want = odds("simon.jet", {"expertise": 2, "niveau": "debutant", "heroisme": 2})["echelle"]
    assert shown_percents(rows) == pytest.approx(percents(want, "au_moins"), abs=0.11)
    assert widget.locator("input[value='au_moins']").is_checked()


@pytest.mark.parametrize("scheme", ["default", "slate"])
def test_the_views_open_pass_axe_in_both_schemes(browser, server, scheme):
    from test_a11y import axe_check, report

    context = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True, locale="fr-FR")
    context.route("**/*", lambda route: route.continue_() if "127.0.0.1" in route.request.url else route.abort())
    try:
        page = context.new_page()
        page.goto(server.url + FEERIE)
        page.evaluate(f"document.body.setAttribute('data-md-color-scheme', '{scheme}')")
        for widget in page.locator(".dl-roller").all():
            widget.locator("details.dl-roller__odds > summary").click()
            if widget.locator(".dl-scale").count():
                widget.locator("label.dl-scale__way", has_text="au plus").click()
                widget.locator("label.dl-scale__way", has_text="fractions exactes").click()
        assert page.locator(".dl-scale__fraction:visible").count() > 10
        violations = axe_check(page)
        assert violations == [], "\n".join(report(violations, f"{FEERIE} ({scheme})"))
    finally:
        context.close()
