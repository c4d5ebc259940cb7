"""A phone network on loopback: the tests' server, with gzip, a capped link and latency.

``ThrottledServer(site)`` serves the built site and ``/pyodide/`` (node_modules)
like conftest's ``Handler``, but as a CDN and a phone would see it:

- responses are gzipped when the browser asks (``.zip`` files are sent as they
  are: already deflated), with ``Cache-Control: max-age`` like the CDN;
- the files ``slow(path)`` selects (default: ``/pyodide/`` and the site's
  ``python_stdlib.zip``, the engine) share one link of ``rate`` bytes/s, and
  wait ``latency`` seconds before their first byte;
- ``stall`` holds paths whose body does not come (headers sent, then silence),
  ``refuse`` paths answered 503;
- ``sent`` counts the encoded bytes of every response body, by path, and
  ``requests`` lists every path asked (the worker's and the service worker's
  requests included, which the page's DevTools session does not see);
  ``timeline`` gives each request's path with the times (``time.monotonic``)
  it came and its body ended (None while it is under way), and the URL asked
  (its query: the worker's files carry ``?v=``, the service worker's copies not).

``slow=every_file`` shapes the whole site, as a phone sees GitHub Pages.

Used by tests/browser/test_network.py and bench/run.py.
"""

from __future__ import annotations

import functools
import gzip
import mimetypes
import threading
import time
from collections import Counter
from pathlib import Path
from urllib.parse import urlsplit

from conftest import Faults, Handler, QuietServer

PHONE_RATE = 1_600_000 / 8  # 1.6 Mbit/s, in bytes per second
PHONE_LATENCY = 0.3  # seconds before the first byte
CHUNK = 8192


def engine_files(path: str) -> bool:
    return path.startswith("/pyodide/") or path.endswith("/python_stdlib.zip")


def every_file(path: str) -> bool:
    return True


class Link:
    """One shared link: every chunk waits its turn at ``rate`` bytes/s (None: no cap)."""

    def __init__(self, rate: float | None):
        self.rate = rate
        self.lock = threading.Lock()
        self.free_at = 0.0

    def send(self, n: int) -> None:
        if not self.rate:
            return
        with self.lock:
            now = time.monotonic()
            start = max(now, self.free_at)
            self.free_at = start + n / self.rate
            wait = self.free_at - now
        time.sleep(wait)


class ThrottledHandler(Handler):
    def __init__(self, *args, owner: ThrottledServer, **kwargs):
        self.owner = owner
        super().__init__(*args, **kwargs)

    def do_GET(self):
        path = urlsplit(self.path).path
        owner = self.owner
        owner.requests.append(path)
        entry = [path, time.monotonic(), None, self.path]
        owner.timeline.append(entry)
        try:
            self.serve(path, owner)
        finally:
            entry[2] = time.monotonic()

    def serve(self, path: str, owner: ThrottledServer) -> None:
        local = Path(self.translate_path(self.path))
        if local.is_dir():
            local = local / "index.html"
        if not local.is_file():
            self.send_error(404)
            return
        if path in owner.refuse:
            self.send_error(503)
            return
        slow = owner.slow(path)
        if slow and owner.latency:
            time.sleep(owner.latency)
        body, encoding = owner.body(local, "gzip" in self.headers.get("Accept-Encoding", ""))
        kind = (
            self.extensions_map.get(local.suffix) or mimetypes.guess_type(local.name)[0] or "application/octet-stream"
        )
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "max-age=3600")
        if encoding:
            self.send_header("Content-Encoding", encoding)
        if path.startswith("/pyodide/"):
            self.send_header("Access-Control-Allow-Origin", "*")
        self.end_headers()
        try:
            while path in owner.stall:  # headers sent, then nothing: a stalled download
                time.sleep(0.1)
            for i in range(0, len(body), CHUNK):
                chunk = body[i : i + CHUNK]
                if slow:
                    owner.link.send(len(chunk))
                self.wfile.write(chunk)
                owner.count(path, len(chunk))
        except (BrokenPipeError, ConnectionResetError):
            pass


class ThrottledServer:
    def __init__(self, site: Path, rate: float | None = PHONE_RATE, latency: float = PHONE_LATENCY, slow=engine_files):
        self.site = site
        self.link = Link(rate)
        self.latency = latency
        self.slow = slow
        self.requests: list[str] = []
        self.timeline: list[list] = []  # [path, came, ended or None, URL asked], in the order they came
        self.stall: set[str] = set()  # paths whose body never comes (until removed)
        self.refuse: set[str] = set()  # paths answered 503 (until removed)
        self.sent: Counter[str] = Counter()
        self._lock = threading.Lock()
        self._gzipped: dict[Path, bytes] = {}
        handler = functools.partial(ThrottledHandler, site=site, faults=Faults(), owner=self)
        self.httpd = QuietServer(("127.0.0.1", 0), handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def body(self, local: Path, gzip_ok: bool) -> tuple[bytes, str | None]:
        if not gzip_ok or local.suffix == ".zip":
            return local.read_bytes(), None
        with self._lock:
            if local not in self._gzipped:
                self._gzipped[local] = gzip.compress(local.read_bytes(), compresslevel=6)
            return self._gzipped[local], "gzip"

    def count(self, path: str, n: int) -> None:
        with self._lock:
            self.sent[path] += n

    def reset(self) -> None:
        with self._lock:
            self.requests.clear()
            self.timeline.clear()
            self.sent.clear()
            self.stall.clear()
            self.refuse.clear()

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
