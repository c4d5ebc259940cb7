"""MkDocs' hooks for ``mkdocs serve`` only (listed in mkdocs.yml): live rebuilds, a local Pyodide."""
