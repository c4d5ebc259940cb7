"""The site's build, the same for every Python-Markdown site generator, in folders by when it runs.

- ``hooks.page``: the Markdown extension (``markdown_extensions`` in mkdocs.yml), run on every
  page: a rule section's live roller, the probability tables, the headings' ids, French
  typography and the accessibility mends of the page's own content.
- ``hooks.site_step``: run once per site, over the built folder: the front end (``frontend/``),
  ``rules_py``, the cut standard library, the web app manifest, the theme's text set in French,
  each page's policy, and last the service worker with every file's hash. MkDocs runs it from
  its hook ``hooks/site_step/mkdocs_hook.py``; after Zensical, ``hooks.build`` runs it.
- ``hooks.serve``: MkDocs hooks for ``mkdocs serve`` only (live rebuilds, a local Pyodide).
- ``hooks.build``: one build command per stack (``bash tools/build.sh mkdocs|zensical DIR``).
- ``errors``, ``urls``, ``typography``: what the page and the site step both use.
"""
