"""The trimmed standard library the site ships for Pyodide (web/tools/runtime.py, stdlib_keep.txt).

The vendored Pyodide, with the trimmed library, runs the engine worker (web/worker.py) in node:
a hand is played with every level of the ladder, the hint is asked, a puzzle solved, the
benchmark's engine count run. `make test` vendors the runtime; a missing one fails.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
RUNTIME = ROOT / "web" / "runtime" / "pyodide"
FULL = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"

_NODE = """
import fs from "node:fs";
const job = JSON.parse(fs.readFileSync(0, "utf8"));
const { loadPyodide } = await import(job.pyodide);
const py = await loadPyodide();  // the vendored runtime: its python_stdlib.zip is the trimmed one
for (const [dest, src] of job.files) {
  py.FS.mkdirTree(dest.slice(0, dest.lastIndexOf("/")));
  py.FS.writeFile(dest, fs.readFileSync(src));
}
py.runPython(job.code);
"""

PLAY = """
import json, random, sys
sys.path.insert(0, "/app")
import worker

def call(name, *args):
    reply = json.loads(worker.call(name, json.dumps(args)))
    assert "ok" in reply, reply
    return reply["ok"]

rng = random.Random(5)
played = {}
for levels in (["expert", "beginner", "easy", "normal"], ["normal", "hard", "expert", "easy"]):
    view = call("new_match", 11, "classic", levels)
    hinted = False
    while view["phase"] != "done":
        move = view["your_move"]
        if move and not hinted:
            assert call("hint")["en"]
            hinted = True
        if move == "expose":
            view = call("act", "expose", [])["view"]
        elif move == "pass":
            view = call("act", "pass", view["hand"][:3])["view"]
        elif move == "play":
            view = call("act", "play", rng.choice(view["legal"]))["view"]
        else:
            reply = call("advance")
            seat_level = levels[view["bot_next"]]
            played[seat_level] = played.get(seat_level, 0) + 1
            view = reply["view"]
    assert sum(view["breakdown"][s]["total"] for s in range(4)) is not None
from gongzhu.core.deal import deal_hands
from gongzhu.core.cards import card_codes
spec = {"hands": [card_codes(h) for h in deal_hands(7)], "leader": None, "exposed": [], "rules": "classic"}
assert call("embed_solve", spec, [], 1)["best"]
assert call("bench_engine", 0.2)
print(json.dumps({"played": played}))
"""


def test_the_vendored_library_is_trimmed() -> None:
    trimmed = RUNTIME / "python_stdlib.zip"
    if not trimmed.is_file() or not FULL.is_file():
        pytest.fail("the vendored runtime or node_modules is missing: run `make runtime`")
    names = set(zipfile.ZipFile(trimmed).namelist())
    full = set(zipfile.ZipFile(FULL).namelist())
    assert names < full and trimmed.stat().st_size < FULL.stat().st_size / 2
    assert {"random.py", "json/__init__.py", "asyncio/__init__.py", "traceback.py"} <= names
    assert "unittest/__init__.py" not in names and "tkinter/__init__.py" not in names


def test_the_engine_worker_plays_every_level_with_the_trimmed_library() -> None:
    if shutil.which("node") is None or not (RUNTIME / "pyodide.mjs").is_file():
        pytest.fail("node or the vendored Pyodide (make runtime) is missing")
    files = [["/app/worker.py", str(ROOT / "web" / "worker.py")]]
    files += [["/app/" + p.relative_to(ROOT).as_posix(), str(p)] for p in sorted((ROOT / "gongzhu").rglob("*.py"))]
    job = {"pyodide": (RUNTIME / "pyodide.mjs").as_uri(), "files": files, "code": PLAY}
    result = subprocess.run(["node", "--input-type=module", "-e", _NODE], input=json.dumps(job),
                            capture_output=True, text=True, timeout=600, check=False)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    out = json.loads([line for line in result.stdout.splitlines() if line.startswith("{")][-1])
    assert set(out["played"]) == {"beginner", "easy", "normal", "hard", "expert"}, out["played"]
