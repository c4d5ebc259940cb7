"""Every roller in the real browser: Chromium, the built site, Pyodide from localhost."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

ENV_PAGE = "/solaires/resoudre-une-action/"


def roll_and_wait(widget):
    widget.locator("button.dl-roll").click()
    widget.locator(".dl-outcome").wait_for(timeout=60_000)


def test_environment_roller_rolls_through_the_worker(page, server):
    page.goto(server.url + ENV_PAGE)
    widget = page.locator('[data-roller="solaires.environnement"]').first
    widget.scroll_into_view_if_needed()
    roll_and_wait(widget)
    assert widget.locator(".dl-die").count() == 3
    assert widget.locator(".dl-outcome").inner_text().strip() != ""
    assert widget.locator(".dl-roller__result").get_attribute("aria-live") == "polite"
