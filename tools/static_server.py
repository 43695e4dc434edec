"""The static host the tests, the measuring commands and `python3 build.py serve` use: dist/ as a
real static host or CDN serves it (its .br or .gz copies), cross-origin isolated or, ``plain``, as
the biggest free static host does (gzip only, no COOP/COEP header)."""

from __future__ import annotations

import contextlib
import functools
import http.server
import os
import threading
from pathlib import Path
from typing import ClassVar

# Cross-origin isolation: what lets PyScript give the page's Python, run in a worker, the DOM
# (SharedArrayBuffer; boot.js keeps Python on the page's thread without it). PyScript also
# feature-tests `new SharedArrayBuffer(...)` on load, which Chromium reports as deprecated
# (Lighthouse: best practices 0.82) unless the page is isolated. Every file is same-origin, so
# nothing is blocked. dist/_headers says the same to static hosts
# that read that file (Netlify, Cloudflare Pages).
ISOLATION = {
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Embedder-Policy": "require-corp",
}


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files, sent as their .br or .gz copy when the browser accepts that encoding (as a
    real static host or CDN does), with the file's own type and `Vary: Accept-Encoding`; and
    cross-origin isolated (ISOLATION)."""

    isolated = True

    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".toml": "text/plain",
        ".py": "text/plain",
        ".webmanifest": "application/manifest+json",
        ".whl": "application/zip",
    }
    ENCODINGS: ClassVar[tuple[tuple[str, str], ...]] = (("br", ".br"), ("gzip", ".gz"))

    def send_head(self):  # type: ignore[no-untyped-def]
        self.encoding: str | None = None
        self.vary = False
        path = super().translate_path(self.path)
        if os.path.isdir(path) and self.path.split("?")[0].endswith("/"):
            path = os.path.join(path, "index.html")
        accepted = accepted_encodings(self.headers.get("Accept-Encoding", ""))
        for encoding, suffix in self.ENCODINGS:
            if os.path.isfile(path + suffix):
                self.vary = True
                if encoding in accepted and not self.encoding:
                    self.encoding, self.plain = encoding, path
        return super().send_head()

    def translate_path(self, path: str) -> str:
        if self.encoding:
            return self.plain + dict(self.ENCODINGS)[self.encoding]
        return super().translate_path(path)

    def guess_type(self, path: str | os.PathLike[str]) -> str:
        return super().guess_type(self.plain if self.encoding else path)

    def end_headers(self) -> None:
        for name, value in ISOLATION.items() if self.isolated else ():
            self.send_header(name, value)
        if getattr(self, "encoding", None):
            self.send_header("Content-Encoding", self.encoding)
        if getattr(self, "vary", False):
            self.send_header("Vary", "Accept-Encoding")
        super().end_headers()

    def log_message(self, format: str, *args) -> None:
        if os.environ.get("CHKOBBA_SERVER_LOG"):
            super().log_message(format, *args)


def accepted_encodings(header: str) -> set[str]:
    """The codings an Accept-Encoding header allows ("br;q=0" refuses br)."""
    accepted = set()
    for part in header.split(","):
        name, _, params = part.strip().partition(";")
        q = params.strip().removeprefix("q=") if params.strip().startswith("q=") else "1"
        with contextlib.suppress(ValueError):
            if float(q) > 0:
                accepted.add(name.strip().lower())
    return accepted


class PlainHandler(Handler):
    """As the biggest free static host serves a site: the .gz copies (no brotli), and no
    header a page could ask for (no COOP/COEP)."""

    isolated = False
    ENCODINGS = (("gzip", ".gz"),)


def make_server(
    directory: Path, port: int, host: str = "127.0.0.1", plain: bool = False
) -> http.server.ThreadingHTTPServer:
    """A server of ``directory`` (not yet serving)."""
    handler = functools.partial(PlainHandler if plain else Handler, directory=str(directory))
    server = http.server.ThreadingHTTPServer((host, port), handler)
    server.daemon_threads = True
    return server


def start_server(
    directory: Path, port: int = 0, plain: bool = False
) -> tuple[http.server.ThreadingHTTPServer, str]:
    """Serve ``directory`` from a background thread (``plain``: as a plain host); returns the
    server and its base URL."""
    server = make_server(directory, port, plain=plain)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"
