"""Where the Chromium (or Chrome) that drives the browser tests is.

The ``CHROMIUM`` environment variable when it is set, else the first of the
usual names on ``PATH``: Debian's ``chromium``, Ubuntu's ``chromium-browser``,
Google's ``google-chrome`` / ``google-chrome-stable`` (GitHub's Ubuntu runners
have all of them). ``tools/setup.sh`` runs this file to know whether it must
install Debian's package; the browser tests and the benchmark import it.

    python tests/browser/chromium.py   # prints the path, or exits 1
"""

from __future__ import annotations

import os
import shutil
import sys

NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")


def find_chromium() -> str | None:
    """The browser's executable path, or None when there is none."""
    given = os.environ.get("CHROMIUM", "").strip()
    if given:
        return shutil.which(given)  # a path or a name; None when it is not executable
    for name in NAMES:
        found = shutil.which(name)
        if found:
            return found
    return None


if __name__ == "__main__":
    path = find_chromium()
    if path is None:
        sys.exit(1)
    print(path)
