"""MkDocs' side of the site step: once the pages are written, ``hooks.site_step.finish_site``.

The pages' widgets, odds, heading ids, typography and mends come from the Markdown
extension (``hooks.widgets``, in mkdocs.yml's ``markdown_extensions``); this hook only
runs, after MkDocs and its search plugin have written every file, the step a Zensical
build runs after Zensical: the same code, over the same built folder.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hooks.site_step import finish_site


def on_post_build(config: Any) -> None:
    finish_site(
        Path(config["site_dir"]), site_name=config["site_name"], site_description=config.get("site_description") or ""
    )
