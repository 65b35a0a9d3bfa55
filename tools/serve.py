#!/usr/bin/env python3
"""Serve a folder over HTTP on localhost (standard library only).

Used by ``make play``, the browser tests (e2e/conftest.py) and bench/load_time.py.
Like ``python -m http.server`` but with the MIME types module scripts and WebAssembly need
set explicitly, optional serving under a sub-path (as GitHub Pages does: /REPO/), and
``Cache-Control: no-cache`` so a reload always picks up a rebuilt site (the browser
revalidates every file: 304 when unchanged). ``--cache-control max-age=600`` sends what
GitHub Pages sends instead (bench/load_time.py measures warm visits that way), and
``--gzip`` compresses what GitHub Pages compresses (text, scripts, JSON, SVG, WebAssembly).
"""

from __future__ import annotations

import argparse
import functools
import gzip
import io
import os
import threading
from collections.abc import Callable
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, BinaryIO

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".py": "text/x-python; charset=utf-8",
    ".svg": "image/svg+xml",
}
COMPRESSIBLE = (
    "text/",
    "application/javascript",
    "application/json",
    "application/wasm",
    "image/svg+xml",
)
"""The MIME types (by prefix) GitHub Pages sends gzipped when the browser accepts it; never
zips or unknown types."""


class SiteHandler(SimpleHTTPRequestHandler):
    """Serves ``directory`` at ``prefix`` (e.g. "/" or "/gin-rummy/"); 404 elsewhere.

    ``record``, when given, is called after every response with the request path, the
    status and the body bytes sent (how bench/load_time.py counts a visit's transfer).
    """

    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}

    def __init__(
        self,
        *args: Any,
        prefix: str = "/",
        quiet: bool = True,
        cache_control: str = "no-cache",
        record: Callable[[str, int, int], None] | None = None,
        gzip: bool = False,
        **kwargs: Any,
    ):
        self.prefix = prefix
        self.quiet = quiet
        self.cache_control = cache_control
        self.record = record
        self.gzip = gzip
        self.compressed: bytes | None = None
        self.status = 0
        self.body_bytes = 0
        super().__init__(*args, **kwargs)

    def send_response(self, code: int, message: str | None = None) -> None:
        self.status, self.body_bytes = code, 0
        super().send_response(code, message)

    def copyfile(self, source: BinaryIO, outputfile: BinaryIO) -> None:  # type: ignore[override]
        if self.compressed is not None:
            source = io.BytesIO(self.compressed)
        start = source.tell()
        super().copyfile(source, outputfile)
        self.body_bytes += source.tell() - start

    def send_header(self, keyword: str, value: str) -> None:
        # Only a 200 carries the file: a redirect (a folder without its "/") or a 304 has
        # no body, and announcing the zipped one would leave the client waiting for it.
        if self.compressed is not None and self.status == 200 and keyword == "Content-Length":
            super().send_header("Content-Encoding", "gzip")
            super().send_header("Vary", "Accept-Encoding")
            value = str(len(self.compressed))
        super().send_header(keyword, value)

    def _compress(self) -> None:
        """With ``gzip``, the body to send instead of the file, if GitHub Pages would zip it."""
        self.compressed = None
        if not self.gzip or "gzip" not in self.headers.get("Accept-Encoding", ""):
            return
        file = self.translate_path(self.path)
        if os.path.isdir(file):
            file = os.path.join(file, "index.html")
        kind = self.guess_type(file)
        if os.path.isfile(file) and kind.startswith(COMPRESSIBLE):
            stat = os.stat(file)
            self.compressed = _gzipped(file, stat.st_mtime_ns, stat.st_size)

    def handle_one_request(self) -> None:
        self.status = 0
        super().handle_one_request()
        if self.record is not None and self.status:
            self.record(self.path, self.status, self.body_bytes)

    def send_head(self):  # type: ignore[no-untyped-def]
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        if self.prefix != "/":
            if path == self.prefix.rstrip("/"):
                self.send_response(301)
                self.send_header("Location", self.prefix)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return None
            if not path.startswith(self.prefix):
                self.send_error(404, "Not under " + self.prefix)
                return None
        self._compress()
        return super().send_head()

    def translate_path(self, path: str) -> str:
        if self.prefix != "/" and path.startswith(self.prefix):
            path = "/" + path[len(self.prefix) :]
        return super().translate_path(path)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", self.cache_control)
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        if not self.quiet:
            super().log_message(format, *args)


@functools.lru_cache(maxsize=256)
def _gzipped(file: str, mtime_ns: int, size: int) -> bytes:
    """A file's bytes gzipped, once per version of it (the WebAssembly takes 0.3 s)."""
    with open(file, "rb") as source:
        return gzip.compress(source.read(), compresslevel=6, mtime=0)


def make_server(
    directory: Path | str,
    host: str = "127.0.0.1",
    port: int = 0,
    prefix: str = "/",
    quiet: bool = True,
    cache_control: str = "no-cache",
    record: Callable[[str, int, int], None] | None = None,
    gzip: bool = False,
) -> ThreadingHTTPServer:
    """A server for ``directory`` (port 0 picks a free port: see ``server.server_port``)."""
    if not prefix.startswith("/") or not prefix.endswith("/"):
        raise ValueError("prefix must start and end with '/'")
    handler = functools.partial(
        SiteHandler,
        directory=str(directory),
        prefix=prefix,
        quiet=quiet,
        cache_control=cache_control,
        record=record,
        gzip=gzip,
    )
    server = ThreadingHTTPServer((host, port), handler)
    server.daemon_threads = True
    return server


def serve_in_thread(server: ThreadingHTTPServer) -> threading.Thread:
    thread = threading.Thread(target=server.serve_forever, name="site-server", daemon=True)
    thread.start()
    return thread


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("directory", nargs="?", default="_site")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--prefix", default="/", help="URL sub-path, e.g. /gin-rummy/")
    parser.add_argument(
        "--cache-control",
        default="no-cache",
        help="Cache-Control header of every response (GitHub Pages: max-age=600)",
    )
    parser.add_argument("--gzip", action="store_true", help="compress what GitHub Pages compresses")
    args = parser.parse_args()
    server = make_server(
        args.directory,
        args.host,
        args.port,
        args.prefix,
        quiet=False,
        cache_control=args.cache_control,
        gzip=args.gzip,
    )
    host = "localhost" if args.host in ("127.0.0.1", "localhost") else args.host
    print(
        f"\n  Gin Rummy is served at  http://{host}:{server.server_port}{args.prefix}\n"
        f"  (folder {args.directory}/; press Ctrl+C to stop)\n",
        flush=True,
    )
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
