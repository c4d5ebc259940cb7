"""Fixtures shared by the fast tests: the site built once per session."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import build_site


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``mkdocs build --strict`` of the project as it is, at the default local address."""
    out = tmp_path_factory.mktemp("site")
    build_site(out, "http://127.0.0.1:8000/")
    return out
