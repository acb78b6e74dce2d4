"""Which files make up the static site, and `make site`: copy exactly those into _site/.

One rule (`is_site_file`) decides what the web may see. The dev server (`serve.py`) applies it
to the working tree, so `make play` shows what `make site` deploys; anything else (tests,
node_modules, pyproject.toml, web/tools/ ...) answers 404. All page paths are relative, so
_site/ works at a domain root and under a sub-path such as https://USER.github.io/REPO/.

On top of the copy, `build()` makes the deployable site (`make site`):

* leaves out the PyScript chunks no page can load (`runtime_unused`: the code editor, the
  terminal, the package graph and the zip reader, which this site never asks for, and the
  plugins every page leaves out, `plugins_left_out`);
* adds to the <head> of every page what a published site wants and the dev server does not:
  the Content-Security-Policy (`CSP`), the web app manifest, the theme colour and the service
  worker's registration (web/sw-register.js) -- see `head_tags()`;
* writes sw.js at the root of the site from the template web/sw.js, with the build's version
  (a hash of every file, or `--version`) and the list of files to cache for offline play.
"""

from __future__ import annotations

import argparse
import fnmatch
import hashlib
import json
import re
import shutil
import sys
import tomllib
from pathlib import Path, PurePosixPath

sys.path.insert(0, str(Path(__file__).resolve().parent))
from mpy_compile import OUT as MPY_OUT  # noqa: E402
from mpy_compile import compile_all, write_bundles  # noqa: E402
from mpy_compile import sources as mpy_sources  # noqa: E402
from pyc_compile import ARCHIVE, OUT, PYODIDE  # noqa: E402
from pyc_compile import build as pack_engine  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]

# Files at the top of the repository that the site serves.
TOP_LEVEL = ["*.html", "pyscript.toml", "favicon.*"]
# Folders whose files are served. (The engine, gongzhu/, reaches the Pyodide worker packed in
# web/runtime/gongzhu.zip, see web/tools/pyc_compile.py; the MicroPython pages take the modules
# they share with it precompiled, from web/runtime/mpy/gongzhu/.)
FOLDERS = ["web"]
# Never served: build/dev tooling, caches, tests and the runtime's bookkeeping.
EXCLUDED_DIRS = {"web/tools", "__pycache__", "node_modules", ".mypy_cache", ".ruff_cache", ".pytest_cache"}
# (The Pyodide worker's bytecode, web/runtime/pyc/, is served packed in web/runtime/gongzhu.zip.)
EXCLUDED_NAMES = ["*.pyc", ".*", "test_*", "*_test.*", "*.test.*", "versions.json"]
# Taken by the test suite for the README; not part of the page. web/sw.js is the template of the
# built site's /sw.js (written by `build`), never served from web/.
EXCLUDED_FILES = {"web/screenshot.png", "web/sw.js"}
# Python under web/ that only developers run (web/tools/ is excluded as a whole).
WEB_DEV_PYTHON = ["web/cards/*.py"]


def is_site_file(rel: str) -> bool:
    """True when the repository path `rel` (POSIX, relative) belongs to the site."""
    path = PurePosixPath(rel)
    if not path.parts or path.is_absolute() or ".." in path.parts:
        return False
    excluded = any(fnmatch.fnmatch(path.name, pat) for pat in EXCLUDED_NAMES)
    if excluded or rel in EXCLUDED_FILES:
        return False
    if len(path.parts) == 1:
        return any(fnmatch.fnmatch(path.name, pat) for pat in TOP_LEVEL)
    top = path.parts[0]
    if top not in FOLDERS:
        return False
    for i in range(1, len(path.parts)):
        folder = PurePosixPath(*path.parts[:i])
        if str(folder) in EXCLUDED_DIRS or path.parts[i - 1] in EXCLUDED_DIRS:
            return False
    return not any(fnmatch.fnmatch(rel, pat) for pat in WEB_DEV_PYTHON)


def site_files(root: Path = ROOT) -> list[str]:
    """Every file of the working tree that the site serves, as sorted POSIX paths.

    The sources of the pages' precompiled MicroPython modules are left out, and of their bytecode
    in web/runtime/mpy/ all but what the configs copy (the pages' bundles: `mpy_copied`).
    """
    precompiled = {src.relative_to(root).as_posix() for src in mpy_sources(root).values()}
    copied = mpy_copied(root)
    found = []
    for candidate in [*root.glob("*"), *(p for top in FOLDERS for p in (root / top).rglob("*"))]:
        if candidate.is_file():
            rel = candidate.relative_to(root).as_posix()
            if rel.startswith("web/runtime/mpy/") and rel not in copied:
                continue  # a module that reaches the pages in a bundle
            if is_site_file(rel) and rel not in precompiled:
                found.append(rel)
    return sorted(set(found))


def mpy_copied(root: Path = ROOT) -> set[str]:
    """The files of web/runtime/mpy/ that the MicroPython configs' [files] copy: the pages' bundles,
    unbundle.mpy and any module a config lists on its own (repository paths)."""
    copied = set()
    for config in (root / "web").glob("**/mpy.toml"):
        if "runtime" not in config.relative_to(root).parts:
            for url in tomllib.loads(config.read_text(encoding="utf-8")).get("files", {}):
                copied.add((config.parent / url).resolve().relative_to(root.resolve()).as_posix())
    return copied


# --- the PyScript chunks the site loads ----------------------------------------------------------

PYSCRIPT_DIR = "web/runtime/pyscript/"
# `import("./x.js")` (dynamic) and `from"./x.js"` / `import"./x.js"` (static) between the chunks.
_DYNAMIC_IMPORT = re.compile(r"""\bimport\(\s*["']\./([\w.-]+\.js)["']\s*\)""")
_STATIC_IMPORT = re.compile(r"""(?:\bfrom|\bimport)\s*["']\./([\w.-]+\.js)["']""")
# Chunks that PyScript imports only for features this site does not use, each with the condition
# under which a page would need it after all, and the site's configs it is checked against.
PYSCRIPT_FEATURES = {
    "codemirror*": None,  # <script type="py-editor">: not vendored at all (web/tools/runtime.py)
    "xterm*": None,  # `terminal` scripts: not vendored either
    "pyodide_graph-*": (re.compile(r"^\s*packages\s*=", re.M), "*.toml"),  # a `packages = [...]` config
    # Archives in the [files] of a MicroPython config (mpy.toml); Pyodide unpacks its own.
    "zip-*": (re.compile(r"""\.(?:zip|whl)["']\s*=|=\s*["'][^"']*\.(?:zip|whl)["']"""), "*mpy.toml"),
}
# The editor, terminal and game plugins are always imported (tiny stubs); what they import
# themselves is only loaded when a page has such a script, which no page of this site has.
PYSCRIPT_PLUGIN_STUBS = ["py-editor-*", "py-terminal-*", "py-game-*"]
# The plugins core.js may import: `name:()=>import("./chunk.js")`.
PLUGIN_IMPORT = re.compile(r'"?([\w-]+)"?:\(\)=>import\("\./([\w.-]+\.js)"\)')


def starts_pyscript(html: str) -> bool:
    """Whether a page starts PyScript: its core.js, or web/pyscript.mjs (core.js with the site's plugin)."""
    return "pyscript/core.js" in html or "pyscript.mjs" in html


def page_plugins(page: Path) -> tuple[list[str], list[str]] | None:
    """The `plugins` lists of a PyScript page's two configs: its MicroPython script's (its
    `config` file) and its <py-config>'s (Pyodide's side, whose plugins PyScript loads as it
    starts too); None for a page that does not start PyScript, ([], []) for a config missing."""
    html = page.read_text(encoding="utf-8")
    if not starts_pyscript(html):
        return None
    config = re.search(r'<script type="mpy"[^>]* config="([^"]+)"', html)
    py = re.search(r"<py-config>(.*?)</py-config>", html, re.S)
    mpy = tomllib.loads((page.parent / config.group(1)).read_text(encoding="utf-8")) if config else {}
    return mpy.get("plugins", []), json.loads(py.group(1)).get("plugins", []) if py else []


def plugins_left_out(files: list[str], root: Path = ROOT) -> set[str]:
    """The PyScript plugins that every page of `files` leaves out (``"!name"``) for both
    interpreters. PyScript loads a plugin a page does not name."""
    def off(names: list[str]) -> set[str]:
        return {n[1:] for n in names if n.startswith("!")}

    left: set[str] | None = None
    for rel in files:
        lists = page_plugins(root / rel) if rel.endswith(".html") else None
        if lists is not None:
            page = off(lists[0]) & off(lists[1])
            left = page if left is None else left & page
    return left or set()


def runtime_unused(files: list[str], root: Path = ROOT) -> set[str]:
    """The PyScript chunks among `files` that no page loads (walked from core.js's imports)."""
    chunks = {rel[len(PYSCRIPT_DIR) :]: rel for rel in files if rel.startswith(PYSCRIPT_DIR) and rel.endswith(".js")}
    if "core.js" not in chunks:
        return set()
    configs = {rel: (root / rel).read_text(encoding="utf-8") for rel in files if rel.endswith(".toml")}
    needed_features = {
        pat for pat, condition in PYSCRIPT_FEATURES.items()
        if condition and any(condition[0].search(text) for rel, text in configs.items()
                             if fnmatch.fnmatch(PurePosixPath(rel).name, condition[1]))
    }

    core = next((name for name in chunks if name.startswith("core-")), "")
    core_text = (root / chunks[core]).read_text(encoding="utf-8") if core else ""
    plugins = plugins_left_out(files, root)
    left_out = {chunk for plugin, chunk in PLUGIN_IMPORT.findall(core_text) if plugin in plugins}

    def wanted(name: str) -> bool:
        if name in left_out:
            return False
        for pat in PYSCRIPT_FEATURES:
            if fnmatch.fnmatch(name, pat):
                return pat in needed_features
        return True

    seen: set[str] = set()
    todo = ["core.js"]
    while todo:
        name = todo.pop()
        if name in seen or name not in chunks:
            continue
        seen.add(name)
        text = (root / chunks[name]).read_text(encoding="utf-8")
        todo += _STATIC_IMPORT.findall(text)
        if not any(fnmatch.fnmatch(name, pat) for pat in PYSCRIPT_PLUGIN_STUBS):
            todo += [n for n in _DYNAMIC_IMPORT.findall(text) if wanted(n)]
    return {rel for name, rel in chunks.items() if name not in seen}


# --- what every published page gets in its <head> -------------------------------------------------

# Only the site's own origin. PyScript needs 'unsafe-eval' (polyscript builds its hook functions
# with Function()) and WebAssembly 'wasm-unsafe-eval'; the engine workers are the site's own
# module scripts (web/engine.mjs), never blob: ones. Styles may be inline: the UI positions cards
# with style attributes (a style cannot run code). Not settable in a meta tag: frame-ancestors (the
# embeds are meant to be framed by other sites anyway).
ROOM_SETTINGS = ROOT / "web" / "room.json"


def room_relays(path: Path = ROOM_SETTINGS) -> list[str]:
    """The online rooms' relays (web/room.json): the only other origins a page may connect to."""
    relays = json.loads(path.read_text(encoding="utf-8"))["relays"]
    for url in relays:
        if not re.fullmatch(r"wss://[A-Za-z0-9.-]+(:\d+)?(/[\w./-]*)?", url):
            raise SystemExit(f"site: {path.name}: a relay must be a wss:// address, not {url!r}")
    return list(relays)


# ... and, for the online rooms' signalling, the relays named in web/room.json (WebSocket
# trackers; a relay carries only the connection offers, never game data).
CSP = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval'",
        "worker-src 'self'",
        " ".join(["connect-src 'self'", *room_relays()]),
        "img-src 'self' data: blob:",
        "media-src 'self' data: blob:",
        "style-src 'self' 'unsafe-inline'",
        "font-src 'self'",
        "frame-src 'self'",
        "manifest-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
    ]
)
THEME_COLOR = "#174f2b"


def head_tags(page: str) -> list[tuple[re.Pattern[str], str]]:
    """(already-present test, tag) for each tag added to the page at POSIX path `page` of the site."""
    up = "../" * (len(PurePosixPath(page).parts) - 1)
    return [
        (
            re.compile(r"http-equiv=[\"']?content-security-policy", re.I),
            f'<meta http-equiv="Content-Security-Policy" content="{CSP}">',
        ),
        (re.compile(r"name=[\"']?theme-color", re.I), f'<meta name="theme-color" content="{THEME_COLOR}">'),
        (re.compile(r"rel=[\"']?manifest", re.I), f'<link rel="manifest" href="{up}web/manifest.webmanifest">'),
        (
            re.compile(r"rel=[\"']?apple-touch-icon", re.I),
            f'<link rel="apple-touch-icon" href="{up}web/icons/apple-touch-icon.png">',
        ),
        (re.compile(r"sw-register\.js"), f'<script src="{up}web/sw-register.js" defer></script>'),
    ]


def add_head_tags(html: str, page: str) -> str:
    """`html` with the missing `head_tags` inserted first thing in <head> (after <meta charset>)."""
    tags = [tag for present, tag in head_tags(page) if not present.search(html)]
    if not tags:
        return html
    anchor = re.search(r"<meta\s+charset=[^>]*>", html, re.I) or re.search(r"<head(?:\s[^>]*)?>", html, re.I)
    if anchor is None:
        raise SystemExit(f"site: {page} has no <head>")
    indent = "\n  "
    return html[: anchor.end()] + "".join(indent + tag for tag in tags) + html[anchor.end() :]


# --- the service worker ---------------------------------------------------------------------------

SW_TEMPLATE = "web/sw.js"


def build_version(out: Path, files: list[str]) -> str:
    """A short hash of every file's path and bytes: any change makes a new version."""
    digest = hashlib.sha256()
    for rel in sorted(files):
        digest.update(rel.encode() + b"\0" + (out / rel).read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def write_service_worker(out: Path, files: list[str], version: str, root: Path = ROOT) -> None:
    """sw.js at the site's root: the template with the version and the files to cache filled in."""
    template = (root / SW_TEMPLATE).read_text(encoding="utf-8")
    if '"__BUILD_VERSION__"' not in template or '["__PRECACHE__"]' not in template:
        raise SystemExit(f"site: {SW_TEMPLATE} lacks the __BUILD_VERSION__/__PRECACHE__ placeholders")
    text = template.replace('"__BUILD_VERSION__"', json.dumps(version)).replace(
        '["__PRECACHE__"]', json.dumps(sorted(files), indent=0).replace("\n", "")
    )
    (out / "sw.js").write_text(text, encoding="utf-8")


def build(out: Path, root: Path = ROOT, version: str | None = None) -> list[str]:
    """Build the deployable site into `out` (replacing what it held); return its files (POSIX,
    relative).

    `version` names the build for the service worker's cache (default: a hash of the files). The
    build is written beside `out` and swapped in whole once complete, as a deploy to GitHub Pages
    is: a server of `out` meanwhile serves the previous build, never a half-written one.
    """
    if not (root / "web" / "runtime" / "pyodide" / "pyodide.mjs").is_file():
        raise SystemExit("site: web/runtime/ is missing; run `make runtime` first.")
    new, old = out.with_name(out.name + ".new"), out.with_name(out.name + ".old")
    shutil.rmtree(new, ignore_errors=True)
    files = write_site(new, root, version)
    shutil.rmtree(old, ignore_errors=True)
    if out.exists():
        out.rename(old)
    new.rename(out)
    shutil.rmtree(old, ignore_errors=True)
    return files


def write_site(out: Path, root: Path, version: str | None) -> list[str]:
    """Write the site's files into the new folder `out` (`build`); return them with sw.js."""
    compile_all(root / MPY_OUT.relative_to(ROOT), root)  # the page modules' bytecode, if stale
    write_bundles(root / MPY_OUT.relative_to(ROOT), root)  # and the pages' bundles of it
    out_pyc, runtime, archive = (root / path.relative_to(ROOT) for path in (OUT, PYODIDE, ARCHIVE))
    pack_engine(out_pyc, root, runtime, archive)  # the engine's bytecode and archive, if stale
    files = site_files(root)
    unused = runtime_unused(files, root)
    files = [rel for rel in files if rel not in unused]
    for rel in files:
        dest = out / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        if rel.endswith(".html"):
            dest.write_text(add_head_tags((root / rel).read_text(encoding="utf-8"), rel), encoding="utf-8")
        else:
            shutil.copy2(root / rel, dest)
    write_service_worker(out, files, version or build_version(out, files), root)
    # GitHub Pages: serve files as they are (no Jekyll processing).
    (out / ".nojekyll").write_text("", encoding="utf-8")
    return [*files, "sw.js"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the static site into a folder.")
    parser.add_argument("--out", type=Path, default=ROOT / "_site", help="output folder (default: _site)")
    parser.add_argument("--list", action="store_true", help="only print the files the site holds")
    parser.add_argument("--version", help="the build's name for the offline cache (default: a hash of the files)")
    args = parser.parse_args(argv)
    if args.list:
        files = site_files()
        unused = runtime_unused(files)
        print("\n".join(rel for rel in files if rel not in unused))
        return 0
    files = build(args.out, version=args.version)
    size = sum((args.out / rel).stat().st_size for rel in files)
    version = re.search(r'BUILD_VERSION = "([^"]*)"', (args.out / "sw.js").read_text(encoding="utf-8"))
    print(f"site: {len(files)} files ({size / 1e6:.1f} MB) in {args.out}, version {version and version[1]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
