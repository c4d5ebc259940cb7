"""``python -m hooks.site_step SITE_DIR [--config mkdocs.yml]``: the site step over a built folder."""

import sys

from hooks.site_step import main

sys.exit(main())
