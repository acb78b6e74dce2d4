"""Vendor the browser runtime (PyScript, Pyodide, MicroPython) from node_modules into web/runtime/.

The packages come from npm at the exact versions pinned in package-lock.json (`npm ci`). Only
the files the page loads are copied, so the served tree holds no node_modules and nothing the
site does not use. Run through `make runtime`; `python web/tools/runtime.py --check` exits 1 when
web/runtime/ is missing or stale.
"""

from __future__ import annotations

import argparse
import fnmatch
import json
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NODE_MODULES = ROOT / "node_modules"
RUNTIME = ROOT / "web" / "runtime"
STAMP = RUNTIME / "versions.json"

# Destination folder under web/runtime/ -> (npm package, files to take, files to leave out).
BUNDLES: dict[str, tuple[str, list[str], list[str]]] = {
    # PyScript core: the entry module, its chunks and its stylesheet. core.js always imports
    # the small editor/terminal/game plugin stubs; the CodeMirror and xterm.js chunks they would
    # load for <script type="py-editor"> or `terminal` are never requested by this site.
    "pyscript": (
        "@pyscript/core/dist",
        ["*.js", "*.css"],
        ["codemirror*", "xterm*", "service-worker.js"],
    ),
    # Pyodide: the loader, the interpreter, the standard library and the package lock file.
    "pyodide": (
        "pyodide",
        ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"],
        [],
    ),
    # MicroPython built for PyScript (main thread).
    "micropython": (
        "@micropython/micropython-webassembly-pyscript",
        ["micropython.mjs", "micropython.wasm"],
        [],
    ),
}


def package_version(package_dir: Path) -> str:
    """The version of the npm package that holds `package_dir` (found by walking up to package.json)."""
    for folder in (package_dir, *package_dir.parents):
        manifest = folder / "package.json"
        if manifest.is_file():
            return str(json.loads(manifest.read_text(encoding="utf-8"))["version"])
    raise FileNotFoundError(f"no package.json above {package_dir}")


def planned_files() -> dict[str, Path]:
    """Map each destination path (relative to web/runtime/) to its source in node_modules."""
    plan: dict[str, Path] = {}
    for dest, (package, include, exclude) in BUNDLES.items():
        source_dir = NODE_MODULES / package
        if not source_dir.is_dir():
            raise SystemExit(f"runtime: {source_dir.relative_to(ROOT)} is missing; run `make runtime`.")
        for path in sorted(source_dir.iterdir()):
            name = path.name
            if not path.is_file() or not any(fnmatch.fnmatch(name, pat) for pat in include):
                continue
            if any(fnmatch.fnmatch(name, pat) for pat in exclude):
                continue
            plan[f"{dest}/{name}"] = path
    return plan


def versions() -> dict[str, str]:
    """The npm version of each vendored bundle."""
    return {dest: package_version(NODE_MODULES / package) for dest, (package, _, _) in BUNDLES.items()}


def is_current() -> bool:
    """True when web/runtime/ holds exactly the planned files at the installed versions."""
    if not STAMP.is_file():
        return False
    try:
        recorded = json.loads(STAMP.read_text(encoding="utf-8"))
    except ValueError:
        return False
    plan = planned_files()
    if recorded != {"versions": versions(), "files": sorted(plan)}:
        return False
    return all(
        (RUNTIME / rel).is_file() and (RUNTIME / rel).stat().st_size == src.stat().st_size for rel, src in plan.items()
    )


def vendor() -> None:
    """(Re)build web/runtime/ from node_modules."""
    plan = planned_files()
    if RUNTIME.exists():
        shutil.rmtree(RUNTIME)
    for rel, src in plan.items():
        dest = RUNTIME / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(src, dest)
    STAMP.write_text(json.dumps({"versions": versions(), "files": sorted(plan)}, indent=2) + "\n", encoding="utf-8")
    size = sum(p.stat().st_size for p in plan.values())
    summary = ", ".join(f"{k} {v}" for k, v in versions().items())
    print(f"runtime: vendored {len(plan)} files ({size / 1e6:.1f} MB) into web/runtime/: {summary}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check that web/runtime/ is current")
    parser.add_argument("--force", action="store_true", help="copy even when web/runtime/ looks current")
    args = parser.parse_args(argv)
    if args.check:
        if is_current():
            return 0
        print("runtime: web/runtime/ is missing or stale; run `make runtime`.", file=sys.stderr)
        return 1
    if args.force or not is_current():
        vendor()
    return 0


if __name__ == "__main__":
    sys.exit(main())
