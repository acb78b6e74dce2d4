"""Which files make up the static site, and `make site`: copy exactly those into _site/.

One rule (`is_site_file`) decides what the web may see. The dev server (`serve.py`) applies it
to the working tree, so `make play` shows what `make site` deploys; anything else (tests,
node_modules, pyproject.toml, web/tools/ ...) answers 404. All page paths are relative, so
_site/ works at a domain root and under a sub-path such as https://USER.github.io/REPO/.
"""

from __future__ import annotations

import argparse
import fnmatch
import shutil
import sys
from pathlib import Path, PurePosixPath

ROOT = Path(__file__).resolve().parents[2]

# Files at the top of the repository that the site serves.
TOP_LEVEL = ["*.html", "pyscript.toml", "favicon.*"]
# Folders whose files are served, with the patterns left out everywhere inside them.
FOLDERS = {
    "gongzhu": ["*"],  # only *.py below, see SUFFIXES
    "web": ["*"],
}
SUFFIXES = {"gongzhu": {".py"}}
# Never served: build/dev tooling, caches, tests and the runtime's bookkeeping.
EXCLUDED_DIRS = {"web/tools", "__pycache__", "node_modules", ".mypy_cache", ".ruff_cache", ".pytest_cache"}
EXCLUDED_NAMES = ["*.pyc", ".*", "test_*", "*_test.*", "*.test.*", "versions.json"]
# Taken by the test suite for the README; not part of the page.
EXCLUDED_FILES = {"web/screenshot.png"}
# Python under web/ that only developers run (web/tools/ is excluded as a whole).
WEB_DEV_PYTHON = ["web/cards/*.py"]


def is_site_file(rel: str) -> bool:
    """True when the repository path `rel` (POSIX, relative) belongs to the site."""
    path = PurePosixPath(rel)
    if not path.parts or path.is_absolute() or ".." in path.parts:
        return False
    if any(fnmatch.fnmatch(path.name, pat) for pat in EXCLUDED_NAMES) or rel in EXCLUDED_FILES:
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
    if any(fnmatch.fnmatch(rel, pat) for pat in WEB_DEV_PYTHON):
        return False
    suffixes = SUFFIXES.get(top)
    return suffixes is None or path.suffix in suffixes


def site_files(root: Path = ROOT) -> list[str]:
    """Every file of the working tree that the site serves, as sorted POSIX paths."""
    found = []
    for candidate in [*root.glob("*"), *(p for top in FOLDERS for p in (root / top).rglob("*"))]:
        if candidate.is_file():
            rel = candidate.relative_to(root).as_posix()
            if is_site_file(rel):
                found.append(rel)
    return sorted(set(found))


def build(out: Path, root: Path = ROOT) -> list[str]:
    """Copy the site into `out` (emptied first) and return the copied paths."""
    if not (root / "web" / "runtime" / "pyodide" / "pyodide.mjs").is_file():
        raise SystemExit("site: web/runtime/ is missing; run `make runtime` first.")
    if out.exists():
        shutil.rmtree(out)
    files = site_files(root)
    for rel in files:
        dest = out / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(root / rel, dest)
    # GitHub Pages: serve files as they are (no Jekyll processing).
    (out / ".nojekyll").write_text("", encoding="utf-8")
    return files


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the static site into a folder.")
    parser.add_argument("--out", type=Path, default=ROOT / "_site", help="output folder (default: _site)")
    parser.add_argument("--list", action="store_true", help="only print the files the site holds")
    args = parser.parse_args(argv)
    if args.list:
        print("\n".join(site_files()))
        return 0
    files = build(args.out)
    size = sum((args.out / rel).stat().st_size for rel in files)
    print(f"site: {len(files)} files ({size / 1e6:.1f} MB) in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
