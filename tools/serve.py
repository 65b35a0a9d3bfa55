#!/usr/bin/env python3
"""Serve a folder over HTTP on localhost (standard library only).

Used by ``make play``, the browser tests (e2e/conftest.py) and bench/load_time.py.
Like ``python -m http.server`` but with the MIME types module scripts and WebAssembly need
set explicitly, optional serving under a sub-path (as GitHub Pages does: /REPO/), and
``Cache-Control: no-cache`` so a reload always picks up a rebuilt site.
"""

from __future__ import annotations

import argparse
import functools
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

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


class SiteHandler(SimpleHTTPRequestHandler):
    """Serves ``directory`` at ``prefix`` (e.g. "/" or "/gin-rummy/"); 404 elsewhere."""

    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}

    def __init__(self, *args: Any, prefix: str = "/", quiet: bool = True, **kwargs: Any):
        self.prefix = prefix
        self.quiet = quiet
        super().__init__(*args, **kwargs)

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
        return super().send_head()

    def translate_path(self, path: str) -> str:
        if self.prefix != "/" and path.startswith(self.prefix):
            path = "/" + path[len(self.prefix) :]
        return super().translate_path(path)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        if not self.quiet:
            super().log_message(format, *args)


def make_server(
    directory: Path | str,
    host: str = "127.0.0.1",
    port: int = 0,
    prefix: str = "/",
    quiet: bool = True,
) -> ThreadingHTTPServer:
    """A server for ``directory`` (port 0 picks a free port: see ``server.server_port``)."""
    if not prefix.startswith("/") or not prefix.endswith("/"):
        raise ValueError("prefix must start and end with '/'")
    handler = functools.partial(SiteHandler, directory=str(directory), prefix=prefix, quiet=quiet)
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
    args = parser.parse_args()
    server = make_server(args.directory, args.host, args.port, args.prefix, quiet=False)
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
