"""Precompile the engine (gongzhu/) to the Pyodide worker's bytecode, and pack it for the worker.

The worker imports gongzhu from source at every start, and compiling its modules in
WebAssembly was more than half of that import (in Node, on the vendored Pyodide: 303 ms from
source, 126 ms with these files), all of it on the way to the first playable deal. The .pyc
files go to web/runtime/pyc/; then web/runtime/gongzhu.zip packs every module's source with its
.pyc in `__pycache__/` under Python's own name for it, where the import system finds it.
pyscript.toml's `[files]` has the worker unpack that one archive (`"./web/runtime/gongzhu.zip" =
"./*"`): one download instead of a request per file, which the worker spent 0.1-0.2 s waiting
for after Pyodide had started.

The files are compiled by the vendored Pyodide itself, run by Node (its Python is 3.14; the
machine's may be older, and bytecode differs between versions), as *checked-hash* pycs:
Python hashes the source it finds beside a .pyc and compiles the source instead when they
differ, so a stale .pyc can cost time, never run old code. (A .pyc of another Python version is
ignored the same way.)

    python web/tools/pyc_compile.py           # compile (and pack) when a .pyc is missing or stale
    python web/tools/pyc_compile.py --check   # exit 1 when a .pyc or the archive is missing or stale

Run by `make runtime` (so by `make play`, `make site` and `make test`) and by the site build.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from mpy_compile import command, replacing  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "web" / "runtime" / "pyc"
PREFIX = OUT.relative_to(ROOT).as_posix() + "/"
"""Where the .pyc files are, relative to the repository and to the site ("web/runtime/pyc/")."""
PYODIDE = ROOT / "web" / "runtime" / "pyodide" / "pyodide.mjs"
FULL_STDLIB = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"
CACHE_TAG = "cpython-314"
"""`sys.implementation.cache_tag` of the vendored Pyodide (checked when compiling)."""
ARCHIVE = ROOT / "web" / "runtime" / "gongzhu.zip"
"""What the worker unpacks (pyscript.toml's [files]): gongzhu/'s sources and their bytecode."""

# Node: load the vendored Pyodide, compile the sources it is given on stdin (JSON: the Pyodide
# URL and [source path, .pyc path] pairs), write the .pyc files, print the cache tag.
_NODE = """
import fs from "node:fs";
const job = JSON.parse(fs.readFileSync(0, "utf8"));
const { loadPyodide } = await import(job.pyodide);
// Pyodide's whole standard library (the site ships a trimmed one, without py_compile).
const py = await loadPyodide({ stdLibURL: job.stdlib });
py.FS.mkdirTree("/src");
job.files.forEach(([src], i) => py.FS.writeFile(`/src/${i}.py`, fs.readFileSync(src)));
py.globals.set("names", py.toPy(job.files.map(([src]) => src)));
const tag = py.runPython(`
import py_compile, sys
for i, name in enumerate(names):
    py_compile.compile(f"/src/{i}.py", cfile=f"/src/{i}.pyc", dfile=name, doraise=True,
                       invalidation_mode=py_compile.PycInvalidationMode.CHECKED_HASH)
sys.implementation.cache_tag
`);
job.files.forEach(([, out], i) => fs.writeFileSync(out, py.FS.readFile(`/src/${i}.pyc`)));
console.log(tag);
"""


def sources(root: Path = ROOT) -> dict[str, Path]:
    """.pyc path under web/runtime/pyc/ (e.g. "gongzhu/bots/pimc.pyc") -> its source file."""
    return {
        p.relative_to(root).with_suffix(".pyc").as_posix(): p
        for p in sorted((root / "gongzhu").rglob("*.py"))
        if "__pycache__" not in p.parts
    }


def worker_path(rel: str) -> str:
    """Where the worker's import system looks for a module's .pyc: "gongzhu/bots/pimc.pyc" ->
    "gongzhu/bots/__pycache__/pimc.cpython-314.pyc"."""
    folder, _, name = rel.rpartition("/")
    return f"{folder}/__pycache__/{name[:-4]}.{CACHE_TAG}.pyc"


def stale(out: Path = OUT, root: Path = ROOT, runtime: Path = PYODIDE) -> list[str]:
    """The modules whose .pyc is missing or older than its source (or than the vendored Pyodide)."""
    floor = runtime.stat().st_mtime if runtime.is_file() else 0.0
    return [
        rel for rel, src in sources(root).items()
        if not (out / rel).is_file() or (out / rel).stat().st_mtime < max(src.stat().st_mtime, floor)
    ]


def archive_members(out: Path = OUT, root: Path = ROOT) -> dict[str, Path]:
    """Name in the archive -> file: each module's source, and its .pyc where one was built."""
    members = {}
    for rel, src in sources(root).items():
        members[rel[:-4] + ".py"] = src
        if (out / rel).is_file():
            members[worker_path(rel)] = out / rel
    return dict(sorted(members.items()))


def archive_stale(out: Path = OUT, root: Path = ROOT, archive: Path = ARCHIVE) -> bool:
    """True when the archive is missing, lacks or has a file too many, or is older than one."""
    if not archive.is_file():
        return True
    members = archive_members(out, root)
    with zipfile.ZipFile(archive) as packed:
        if packed.namelist() != list(members):
            return True
    built = archive.stat().st_mtime
    return any(path.stat().st_mtime > built for path in members.values())


def pack(out: Path = OUT, root: Path = ROOT, archive: Path = ARCHIVE) -> None:
    """Write the archive: the same bytes for the same files (sorted, fixed dates), so a rebuilt
    site keeps its version (web/tools/build_site.py hashes the files); replaced in one step."""
    archive.parent.mkdir(parents=True, exist_ok=True)
    with replacing(archive) as temp, zipfile.ZipFile(temp, "w", zipfile.ZIP_DEFLATED) as packed:
        for name, path in archive_members(out, root).items():
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            packed.writestr(info, path.read_bytes(), zipfile.ZIP_DEFLATED)


def outdated(out: Path = OUT, root: Path = ROOT, runtime: Path = PYODIDE, archive: Path = ARCHIVE) -> list[str]:
    """The stale .pyc files, and the archive when it needs packing again."""
    todo = stale(out, root, runtime)
    return todo + [archive.name] if todo or archive_stale(out, root, archive) else todo


def build(out: Path = OUT, root: Path = ROOT, runtime: Path = PYODIDE, archive: Path = ARCHIVE) -> list[str]:
    """Compile the stale modules and pack the archive when it is out of date; return what was done."""
    done = compile_all(out, root, runtime)
    if done or archive_stale(out, root, archive):
        pack(out, root, archive)
        done = [*done, archive.name]
    return done


def compile_all(out: Path = OUT, root: Path = ROOT, runtime: Path = PYODIDE) -> list[str]:
    """Compile every module when one is stale (one Node run); return the ones that were stale."""
    todo = stale(out, root, runtime)
    if not todo:
        return []
    node = shutil.which("node")
    if node is None:
        raise SystemExit("pyc_compile: Node.js is needed to run the vendored Pyodide (apt-get install nodejs)")
    if not runtime.is_file():
        raise SystemExit("pyc_compile: web/runtime/ is missing; run `make runtime`")
    table = sources(root)
    for rel in table:
        (out / rel).parent.mkdir(parents=True, exist_ok=True)
    job = {"pyodide": runtime.resolve().as_uri(), "stdlib": str(FULL_STDLIB),
           "files": [[str(src), str(out / rel)] for rel, src in table.items()]}
    run = subprocess.run([node, "--input-type=module", "-e", _NODE], input=json.dumps(job),
                         capture_output=True, text=True)
    if run.returncode != 0:
        raise SystemExit(f"pyc_compile: compiling in Pyodide failed:\n{(run.stderr or run.stdout).strip()}")
    tag = run.stdout.strip().splitlines()[-1]
    if tag != CACHE_TAG:
        raise SystemExit(f"pyc_compile: the vendored Pyodide's cache tag is {tag!r}, not {CACHE_TAG!r}: "
                         "update CACHE_TAG in web/tools/pyc_compile.py and run `make files`")
    return todo


def main(argv: list[str] | None = None) -> int:
    return command(argv, __doc__, "pyc_compile", outdated, build,
                   lambda done: f"compiled {len(sources())} gongzhu modules for Pyodide and packed "
                                f"{ARCHIVE.relative_to(ROOT).as_posix()}")


if __name__ == "__main__":
    sys.exit(main())
