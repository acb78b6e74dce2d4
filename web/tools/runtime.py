"""Vendor the browser runtime from node_modules into web/runtime/: PyScript, Pyodide, MicroPython, Trystero, QR codes.

The packages come from npm at the exact versions pinned in package-lock.json (`npm ci`). Only
the files the page loads are copied, so the served tree holds no node_modules and nothing the
site does not use. Run through `make runtime`; `python web/tools/runtime.py --check` exits 1 when
web/runtime/ is missing or stale.

Pyodide's standard library is trimmed on the way (`trim_stdlib`) to the modules listed in
web/tools/stdlib_keep.txt (written by web/tools/stdlib_used.py): what the engine worker loads,
about a third of the archive.
"""

from __future__ import annotations

import argparse
import fnmatch
import hashlib
import json
import shutil
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NODE_MODULES = ROOT / "node_modules"
RUNTIME = ROOT / "web" / "runtime"
STAMP = RUNTIME / "versions.json"
STDLIB = "pyodide/python_stdlib.zip"
KEEP = Path(__file__).resolve().parent / "stdlib_keep.txt"

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
    # Online rooms (web/room.mjs): Trystero's WebTorrent-tracker signalling and WebRTC data
    # channels, its core, and the QR code of a room's link.
    "trystero": ("@trystero-p2p/torrent/dist", ["index.mjs"], []),
    "trystero-core": ("@trystero-p2p/core/dist", ["*.mjs"], []),
    "qrcode": ("qrcode-generator/dist", ["qrcode.mjs"], []),
}

# Changes made on the way, destination -> [(text, replacement)]; vendoring stops when a text is no
# longer there. Bare module names, which the browser cannot resolve without an import map (an inline
# script), become the vendored path. And a passive peer (a room's host, web/room.mjs) stays passive
# once peers arrive: it keeps announcing without offers of its own. Trystero's torrent strategy
# makes it active at the first offer it answers; from then on it holds offers (made for the whole
# swarm, never withdrawn while anyone is connected), and a peer holding offers ignores the offers of
# every peer whose id sorts after its own, waiting instead for that peer to answer one of its
# offers, which reach it only at its next announce: 10 s to 2 min later. And only a passive peer
# answers offers: a room is a star, each guest linked to the host alone. (A guest re-sends its
# offers at every announce, each to a peer the tracker picks at random; were another guest to answer
# one of them first, the host's answer to it would be dropped, and the host would ignore that
# guest's offers until its own answer timed out, 23 s later.) So a guest keeps only the three offers
# an announce carries ready (Trystero prepares 20 peer connections), and the host, which makes no
# offers, prepares none (Trystero would prepare 20 at its first guest).
#
# And PyScript, before a MicroPython page's script, runs a generated script that writes its own
# Python package into the file system as source (about 30 kB) and imports it, which MicroPython
# compiles on the main thread at every start. On the pages that load web/pyscript.mjs, that module
# writes the package precompiled (web/tools/mpy_compile.py puts it in each page's bundle), and
# PyScript's main thread only imports it: `codeFor` asks the function that web/pyscript.mjs
# registers as `globalThis[Symbol.for("gongzhu.pyscript-stdlib")]` for the code to run instead,
# handing it the original (its fallback).
# Workers, Pyodide and pages without web/pyscript.mjs keep PyScript's own code.
#
# And a link that ended is told in the console as a warning, not an error. A data channel's error
# event fires only as the channel closes abnormally: the other page left the room or went
# (Chromium reports "User-Initiated Abort, reason=Close called", or on a loaded machine a bare
# OperationError). The room treats it as the peer leaving, which the page tells the player and plays
# on from; every guest's page that goes would otherwise log an error on the host's, which is nothing
# wrong. peer.mjs tags those errors; its other failures (an offer or a signal that could not be
# applied) stay errors.
#
# And a link no room uses any more is closed at once. Trystero keeps such a link for two minutes,
# to carry another room between the same two pages, and hands it to the next attempt to link them.
# A page holds one room, so that never helps; and after a failed password handshake (one lost
# message is enough) the host's next attempt went through the kept link, which the guest's side had
# already given up: every attempt failed the same way until one of the pages was reloaded. Closed,
# the link is made anew, with a fresh handshake on both sides.
PEER_ERROR = b"console.error(`${libName} peer error:`, err);"
PEER_CLOSED = b"(err?.linkEnded ? console.warn : console.error)(`${libName} peer error:`, err);"
CHANNEL_ERROR = b'channel.onerror = ({ error }) => handlers.error?.(toError(error, "data channel error"));'
CHANNEL_ENDED = (b"channel.onerror = ({ error }) => handlers.error?.("
                 b'Object.assign(toError(error, "data channel error"), { linkEnded: true }));')
REWRITES: dict[str, list[tuple[bytes, bytes]]] = {
    "pyscript/core-C9KDLldu.js": [
        (b'Bo=(e,t)=>{const n="mpy"===t?Ao.replace(bo,""):Ao,',
         b'Bo=(e,t)=>{const n="mpy"===t?(e===vo&&globalThis[Symbol.for("gongzhu.pyscript-stdlib")]'
         b'?.(Ao.replace(bo,""))||Ao.replace(bo,"")):Ao,'),
    ],
    "trystero/index.mjs": [
        (b'from "@trystero-p2p/core"', b'from "../trystero-core/index.mjs"'),
        (b"announce: (client, rootTopic) => {", b"announce: (client, rootTopic, _selfTopic, _extra, context) => {"),
        (b"state.isActive = true;", b"state.isActive = !context?.isPassive;"),
        (b"if (data.offer && data.peer_id && data.offer_id) onMessage(",
         b"if (data.offer && data.peer_id && data.offer_id && context?.isPassive) onMessage("),
    ],
    "trystero-core/offer-pool.mjs": [(b"const poolSize = 20;", b"const poolSize = 3;")],
    "trystero-core/strategy.mjs": [
        (b"if (!pool.isActive) pool.warmup();", b"if (!isPassive && !pool.isActive) pool.warmup();"),
        (b"const sharedPeerIdleMsDefault = 123333;", b"const sharedPeerIdleMsDefault = 0;"),
    ],
    "trystero-core/peer.mjs": [(CHANNEL_ERROR, CHANNEL_ENDED)],
    "trystero-core/room.mjs": [(PEER_ERROR, PEER_CLOSED)],
    "trystero-core/shared-peer.mjs": [(PEER_ERROR, PEER_CLOSED)],
}


def check_rewrites(plan: dict[str, Path]) -> None:
    """Stop when a file REWRITES names is not vendored (a new version renamed a chunk)."""
    missing = sorted(set(REWRITES) - set(plan))
    if missing:
        raise SystemExit(f"runtime: REWRITES names {', '.join(missing)}, which is no longer vendored; update it")


def vendored_bytes(rel: str, src: Path) -> bytes:
    """The bytes `src` is vendored as at `rel` (with its REWRITES applied)."""
    data = src.read_bytes()
    for old, new in REWRITES.get(rel, []):
        if old not in data:
            raise SystemExit(f"runtime: {src} no longer holds {old!r}; update REWRITES")
        data = data.replace(old, new)
    return data


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
    """The npm version of each vendored bundle, and the trimmed library's list (by its hash)."""
    found = {dest: package_version(NODE_MODULES / package) for dest, (package, _, _) in BUNDLES.items()}
    found["stdlib_keep"] = hashlib.sha256(KEEP.read_bytes()).hexdigest()[:16]
    return found


def kept_modules() -> set[str]:
    """The modules of web/tools/stdlib_keep.txt."""
    lines = KEEP.read_text(encoding="utf-8").splitlines()
    return {line.strip() for line in lines if line.strip() and not line.startswith("#")}


def module_of(entry: str) -> str:
    """The module an entry of the library's archive holds: "asyncio/events.py" -> "asyncio.events",
    "json/__init__.py" and the folder "json/" -> "json"."""
    parts = entry.rstrip("/").removesuffix(".py").split("/")
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def trim_stdlib(source: Path, dest: Path) -> tuple[int, int]:
    """Write `source` (Pyodide's python_stdlib.zip) to `dest` with only the kept modules' files
    (and the folders above them); returns the sizes before and after."""
    keep = kept_modules()
    with zipfile.ZipFile(source) as full, zipfile.ZipFile(dest, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
        for info in full.infolist():
            name = module_of(info.filename)
            folder = info.filename.endswith("/")
            if name in keep or (folder and any(k == name or k.startswith(name + ".") for k in keep)):
                out.writestr(info, full.read(info))
    return source.stat().st_size, dest.stat().st_size


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
        (RUNTIME / rel).is_file()
        and (rel == STDLIB or (RUNTIME / rel).stat().st_size == (
            len(vendored_bytes(rel, src)) if rel in REWRITES else src.stat().st_size))
        for rel, src in plan.items()
    )


def vendor() -> None:
    """(Re)build web/runtime/ from node_modules."""
    plan = planned_files()
    check_rewrites(plan)
    if RUNTIME.exists():
        shutil.rmtree(RUNTIME)
    for rel, src in plan.items():
        dest = RUNTIME / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        if rel == STDLIB:
            before, after = trim_stdlib(src, dest)
            print(f"runtime: Pyodide's standard library trimmed from {before / 1e6:.2f} MB to {after / 1e6:.2f} MB")
        elif rel in REWRITES:
            dest.write_bytes(vendored_bytes(rel, src))
        else:
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
