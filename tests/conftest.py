"""Fixtures shared by the fast tests: the site built once per session, by each stack."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import build_site

SITE_URL = "http://127.0.0.1:8000/"


#: The fixtures that build the whole site (about 20 s once per run, per stack): their tests are marked ``site``.
SITE_FIXTURES = {"built_site", "zensical_site", "each_site", "server", "elsewhere"}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """``site``: a test that needs a build of the site (the contributor's loop leaves them out, CONTRIBUTING.md)."""
    for item in items:
        if SITE_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.site)


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``mkdocs build --strict`` of the project as it is (MkDocs + Material), at the default local address."""
    out = tmp_path_factory.mktemp("site")
    build_site(out, SITE_URL)
    return out


@pytest.fixture(scope="session")
def zensical_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The same site from ``bash tools/build.sh zensical`` (Zensical, then the site step), same address."""
    out = tmp_path_factory.mktemp("site-zensical")
    build_site(out, SITE_URL, stack="zensical")
    return out


@pytest.fixture(scope="session", params=["mkdocs", "zensical"])
def each_site(request: pytest.FixtureRequest) -> Path:
    """Each build in turn, for the checks both must pass (the theme's French, typography, links)."""
    return request.getfixturevalue("built_site" if request.param == "mkdocs" else "zensical_site")
