"""The build's one error: a sentence naming the place (file and line) and what is wrong.

Under MkDocs it is a ``PluginError``, which MkDocs prints without a traceback and
which stops ``mkdocs build --strict``; under any other generator (Zensical, plain
Python-Markdown) a plain exception that stops the build all the same.
"""

from __future__ import annotations

try:
    from mkdocs.exceptions import PluginError as _Base
except ImportError:  # Zensical, plain Python-Markdown: MkDocs is not installed
    _Base = Exception  # type: ignore[assignment,misc]

__all__ = ["SiteError"]


class SiteError(_Base):
    """A build error (a missing heading, a preset the rules refuse, a wrong book example…)."""
