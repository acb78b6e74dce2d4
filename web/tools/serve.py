"""The development server behind `make play` and the browser tests.

Serves the working tree on localhost, restricted to the files of the site (the rule in
build_site.py), or any built folder (`--dir _site`), optionally under a sub-path (`--prefix /REPO/`)
as GitHub Pages does. Sends correct MIME types for .wasm/.mjs/.toml/.py and `no-cache`, and
compresses with gzip what GitHub Pages compresses (html, js, mjs, json, css, svg and wasm, to a
browser that accepts it), so local timings and byte counts match the hosted site. So that an
edit shows on reload: serving the working tree, it also recompiles a page module's bytecode
(web/runtime/mpy/, see mpy_compile.py) older than its source before sending it or a page's
bundle of them, writes the bundle again when it changed, and packs the
worker's engine archive again (web/runtime/gongzhu.zip, see pyc_compile.py) when a module of
gongzhu/ changed.

    python web/tools/serve.py [--port 8765] [--host 127.0.0.1] [--dir _site] [--prefix /gongzhu/]

Tests import `start_server()` to run the same server in a thread on a free port.
"""

from __future__ import annotations

import argparse
import email.utils
import errno
import gzip
import http.server
import io
import mimetypes
import os
import sys
import threading
import urllib.parse
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from build_site import ROOT, is_site_file  # noqa: E402
from mpy_compile import OUT as MPY_OUT  # noqa: E402
from mpy_compile import compile_all, sources, stale, write_bundles  # noqa: E402
from pyc_compile import ARCHIVE, archive_stale, pack  # noqa: E402

MPY_PREFIX = MPY_OUT.relative_to(ROOT).as_posix() + "/"
ARCHIVE_PATH = ARCHIVE.relative_to(ROOT).as_posix()
_compiling = threading.Lock()
_bundled: list[object] = [None]  # the sources' state when the bundles were last made current


def refresh_bundles() -> None:
    """Compile the stale modules and write the bundles again, unless no Python file of the pages
    changed since the last time: the modules, and the scripts, whose imports decide what a bundle
    holds (reading them all takes most of a second)."""
    files = {*sources().values(), *ROOT.glob("web/*/*.py")}
    state = sorted((str(path), path.stat().st_mtime_ns) for path in files)
    if state != _bundled[0]:
        compile_all()
        write_bundles()
        _bundled[0] = state


def warm_bundles() -> None:
    """Make the bundles current now rather than at the first page's request, which would wait most
    of a second for it (a benchmark's first round, a player's first load after `make play`)."""
    with _compiling:
        try:
            refresh_bundles()
        except SystemExit:
            pass  # a syntax error in a page's module: the bundle's request says so (send_head)


MIME_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".css": "text/css",
    ".html": "text/html",
    ".json": "application/json",
    ".toml": "text/plain",
    ".py": "text/plain",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".webmanifest": "application/manifest+json",
}


# What GitHub Pages sends compressed (gzip), by file ending.
COMPRESSED = {".html", ".js", ".mjs", ".json", ".css", ".svg", ".wasm"}
_gzipped: dict[str, tuple[tuple[int, int], bytes]] = {}  # path -> ((mtime, size), its gzip), made once
_gzipping = threading.Lock()


def gzipped(path: str) -> bytes:
    """The file at `path` compressed with gzip (kept while the file is unchanged)."""
    st = os.stat(path)
    key = (st.st_mtime_ns, st.st_size)
    with _gzipping:
        cached = _gzipped.get(path)
        if cached is None or cached[0] != key:
            with open(path, "rb") as f:
                cached = (key, gzip.compress(f.read(), compresslevel=6, mtime=0))
            _gzipped[path] = cached
    return cached[1]


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with explicit MIME types, an optional URL prefix and an optional file filter."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}

    def __init__(
        self, *args: object, directory: str, prefix: str, only_site: bool, quiet: bool, **kwargs: object
    ) -> None:
        self.prefix = prefix
        self.only_site = only_site
        self.quiet = quiet
        super().__init__(*args, directory=directory, **kwargs)  # type: ignore[arg-type]

    def send_head(self):  # type: ignore[no-untyped-def]
        path = urllib.parse.urlsplit(self.path).path
        if self.prefix != "/":
            if path == self.prefix.rstrip("/"):
                self.send_response(301)
                self.send_header("Location", self.prefix)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return None
            if not path.startswith(self.prefix):
                self.send_error(404, "Outside the site prefix")
                return None
            path = "/" + path[len(self.prefix) :]
        rel = urllib.parse.unquote(path).lstrip("/")
        if rel == "" or rel.endswith("/"):
            rel += "index.html"
        if self.only_site and not is_site_file(rel):
            self.send_error(404, "Not part of the site")
            return None
        if self.only_site and rel.startswith(MPY_PREFIX):
            module = rel[len(MPY_PREFIX):]
            with _compiling:
                try:
                    if module.endswith(".bundle"):
                        refresh_bundles()
                    elif module in stale():
                        compile_all(only=[module])
                except SystemExit as exc:  # a syntax error in the source: say so instead of serving old code
                    self.send_error(500, str(exc))
                    return None
        if self.only_site and rel == ARCHIVE_PATH:
            # A module edited or added since `make runtime`: pack the sources again. Its .pyc is
            # stale or missing until then, which is harmless: Python checks a .pyc against the
            # source beside it and compiles the source instead.
            with _compiling:
                if archive_stale():
                    pack()
        self.path = "/" + urllib.parse.quote(rel)
        if Path(rel).suffix.lower() in COMPRESSED and "gzip" in self.headers.get("Accept-Encoding", ""):
            return self.send_gzipped()
        return super().send_head()

    def send_gzipped(self):  # type: ignore[no-untyped-def]
        """The file at self.path, compressed, as GitHub Pages sends it (the 404s as usual)."""
        path = self.translate_path(self.path)
        if not os.path.isfile(path):
            return super().send_head()
        modified = int(os.stat(path).st_mtime)
        since = self.headers.get("If-Modified-Since")
        if since:
            try:
                if email.utils.parsedate_to_datetime(since).timestamp() >= modified:
                    self.send_response(304)
                    self.end_headers()
                    return None
            except (TypeError, ValueError, IndexError, OverflowError):
                pass
        body = gzipped(path)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(modified))
        self.end_headers()
        return io.BytesIO(body)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def guess_type(self, path: str | os.PathLike[str]) -> str:
        return (
            MIME_TYPES.get(Path(path).suffix.lower())
            or mimetypes.guess_type(str(path))[0]
            or "application/octet-stream"
        )

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        if not self.quiet:
            super().log_message(format, *args)


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    # A port whose last server has just stopped is free again at once: its closed connections wait
    # a minute (TIME_WAIT), and without SO_REUSEADDR `make play` run again would call it busy. A port
    # another server listens on is still refused (Linux, macOS); on Windows SO_REUSEADDR would share
    # it, so there it stays off.
    allow_reuse_address = os.name != "nt"


def make_server(
    port: int = 0, host: str = "127.0.0.1", directory: Path | None = None, prefix: str = "/", quiet: bool = False
) -> Server:
    """Bind the server (port 0 = any free port). `directory=None` serves the working tree, filtered to the site."""
    prefix = "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"
    handler = partial(
        SiteHandler,
        directory=str(directory or ROOT),
        prefix=prefix,
        only_site=directory is None,
        quiet=quiet,
    )
    return Server((host, port), handler)


def start_server(
    port: int = 0, host: str = "127.0.0.1", directory: Path | None = None, prefix: str = "/"
) -> tuple[Server, str]:
    """Run the server in a daemon thread, the working tree's bundles made current first; return it
    and its base URL (ending in the prefix)."""
    server = make_server(port, host, directory, prefix, quiet=True)
    if directory is None:
        warm_bundles()
    threading.Thread(target=server.serve_forever, name="site-server", daemon=True).start()
    bound_host, bound_port = server.server_address[:2]
    norm = "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"
    return server, f"http://{bound_host}:{bound_port}{norm}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Serve the Gong Zhu site on localhost.")
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT") or 8765))
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument(
        "--dir", type=Path, default=None, help="serve this built folder (e.g. _site) instead of the working tree"
    )
    parser.add_argument("--prefix", default="/", help="serve under this sub-path, e.g. /gongzhu/")
    args = parser.parse_args(argv)
    try:
        server = make_server(args.port, args.host, args.dir, args.prefix)
    except OSError as exc:
        if exc.errno == errno.EADDRINUSE:
            print(
                f"play: port {args.port} is already in use. Pick another one: make play PORT={args.port + 1}",
                file=sys.stderr,
            )
        else:
            print(f"play: cannot listen on {args.host}:{args.port}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    if args.dir is None:
        threading.Thread(target=warm_bundles, name="warm-bundles", daemon=True).start()
    host, port = server.server_address[:2]
    prefix = "/" + args.prefix.strip("/") + "/" if args.prefix.strip("/") else "/"
    print(
        f"Serving Gong Zhu at http://{'localhost' if host == '127.0.0.1' else host}:{port}{prefix}  (Ctrl+C to stop)",
        flush=True,
    )
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("\nstopped.")
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
