"""Run Python code under MicroPython's WebAssembly build (the pages' runtime) in node.

``run_micropython(code)`` copies the ``gongzhu`` package (and any ``files``) into MicroPython's
file system, runs ``code`` there and returns what it printed; a failure raises with MicroPython's
traceback.  The runtime is the one `make runtime` vendors from npm (web/runtime/micropython/):
a missing runtime or node fails the test that asks, never skips it.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
RUNTIME = ROOT / "web" / "runtime" / "micropython" / "micropython.mjs"

_RUNNER = """
import { loadMicroPython } from %(runtime)s;
import fs from "node:fs";
const out = [];
const mp = await loadMicroPython({ heapsize: 64 * 1024 * 1024,
                                   stdout: (t) => out.push(t), stderr: (t) => out.push(t) });
const files = JSON.parse(fs.readFileSync(0, "utf8"));
for (const [dest, src] of files) {
  const parts = dest.split("/").filter(Boolean);
  for (let i = 1; i < parts.length; i++) {
    const dir = "/" + parts.slice(0, i).join("/");
    try { mp.FS.mkdir(dir); } catch (e) { /* exists */ }
  }
  mp.FS.writeFile(dest, fs.readFileSync(src));
}
try { mp.runPython(%(code)s); }
catch (e) { console.log(out.join("\\n")); console.error(String(e)); process.exit(1); }
console.log(out.join("\\n"));
"""


def run_micropython(code: str, files: dict[str, Path] | None = None, timeout: int = 300) -> str:
    """Run ``code`` under MicroPython with gongzhu/ (and ``files``: destination -> source) on
    its path at /; return its output."""
    if not RUNTIME.is_file() or shutil.which("node") is None:
        pytest.fail("MicroPython's WebAssembly build (web/runtime/, `make runtime`) or node is missing")
    copies = [("/" + p.relative_to(ROOT).as_posix(), str(p)) for p in sorted((ROOT / "gongzhu").rglob("*.py"))]
    copies += [(dest, str(src)) for dest, src in (files or {}).items()]
    runner = _RUNNER % {"runtime": json.dumps(RUNTIME.as_uri()),
                        "code": json.dumps("import sys\nsys.path.insert(0, '/')\n" + code)}
    r = subprocess.run(["node", "--input-type=module", "-e", runner], input=json.dumps(copies),
                       capture_output=True, text=True, timeout=timeout, check=False)
    assert r.returncode == 0, (r.stdout[-4000:] + r.stderr)
    return r.stdout
