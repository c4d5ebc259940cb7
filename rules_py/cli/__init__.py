"""The command line's helpers (``python -m rules_py``): its text, its files, its sheet commands.

``rules_py/__main__.py`` parses the command line and runs it; here, one module per job:

- ``text``: the readable French text of rollers, results, odds and follow-ups;
- ``files``: reading a state or a sheet from a file, writing a file whole or not at all;
- ``sheets``: the ``fiche`` command, the sheets given to a roll (``--fiche``…) and ``--ecrire``.

Never shipped to the browser: the site ships rules_py's modules except
``__main__.py`` and this package (hooks/site_step/front_end.py).
"""
