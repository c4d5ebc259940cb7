"""The Markdown extension, run on every page by both generators (``hooks.page.extension``).

It turns a rule section into a live roller with its build-time odds (``sections``,
``rollers``), writes the « Probabilités » tables, the sheets' schema and the empty
« L’écran du meneur » where a page asks for them, every heading's id, the book's
tables' blocks, French typography and the page's accessibility mends.
"""
