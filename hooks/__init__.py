"""The site's build, the same for every Python-Markdown site generator.

- ``hooks.widgets``: the Markdown extension (``markdown_extensions`` in mkdocs.yml): a rule
  section's live roller, the probability tables, the headings' ids, French typography and
  the accessibility mends of the page's own content.
- ``hooks.site_step``: what happens once per site, over the built files: the rollers'
  front-end, ``rules_py``, the cut standard library, the web app manifest, the theme's
  text set in French, and last the service worker with every file's hash.
- ``hooks.build``: one build command per stack (``bash tools/build.sh mkdocs|zensical DIR``).

MkDocs runs the extension and, through ``hooks/mkdocs_site.py`` (a hook), the site step;
a Zensical build runs the extension, then ``hooks.build`` runs the same site step.
``dev_reload.py`` and ``dev_pyodide.py`` are MkDocs hooks for ``mkdocs serve`` only.
"""
