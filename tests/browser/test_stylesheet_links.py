"""The stylesheet links made absolute as <head> is parsed (hooks/site_step/stylesheets.py, ``settle_links``).

The theme's instant navigation makes every relative address of the page absolute once its script has
run; for a stylesheet link that was a new sheet and a restyle of every element of the page. These tests
hold the site to what the change is for: once <body> exists, no stylesheet link changes address and none
comes or goes, on a full load and across an instant navigation, and the pages stay styled.
"""

from __future__ import annotations

import pytest
from conftest import navigate_instantly, theme_settled

pytestmark = pytest.mark.browser

# From before any script: every change to a stylesheet link once <body> exists (the settling script
# runs in <head>, before it).
WATCH = """window.__dlSheets = [];
new MutationObserver((records) => {
  if (!document.body) return;
  for (const r of records) {
    const nodes = [r.target, ...r.addedNodes, ...r.removedNodes];
    for (const node of nodes) {
      if (node instanceof HTMLLinkElement && node.rel === 'stylesheet') window.__dlSheets.push(r.type + ' ' + node.getAttribute('href'));
    }
  }
}).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['href'] });"""
LINKS = "[...document.querySelectorAll('link[rel=stylesheet]')].map((link) => link.getAttribute('href'))"
STYLED = "getComputedStyle(document.querySelector('.dl-roller')).borderLeftStyle"


def test_no_stylesheet_link_changes_once_the_body_exists(watched_phone, server):
    page = watched_phone
    page.goto(server.url + "/simon/resolution/")
    theme_settled(page)
    links = page.evaluate(LINKS)
    assert len(links) == 3 and all(href.startswith(server.url + "/") for href in links), links
    assert page.evaluate("window.__dlSheets") == []
    assert page.evaluate(STYLED) == "solid"  # the joined stylesheet applies
    # an instant navigation (the theme compares the heads' links): the same three, untouched
    navigate_instantly(page, "/feerie/actions/", "feerie")
    assert page.evaluate(LINKS) == links
    assert page.evaluate("window.__dlSheets") == []
    assert page.evaluate(STYLED) == "solid"
