"""Fences around the engine: no browser imports in gongzhu/; cards, deal, scoring and options run
under MicroPython (the page's main thread), checked statically and for real in MicroPython's
WebAssembly build under node (which `make test` installs: a missing one fails, never skips)."""

from __future__ import annotations

import ast
import json
import shutil
import subprocess
from pathlib import Path

import pytest

import gongzhu

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "gongzhu"
PORTABLE = [name + ".py" for name in gongzhu.PORTABLE]
MICROPYTHON_STDLIB = {"json", "sys"}  # what the portable modules may import from MicroPython's library
MICROPYTHON = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript" / "micropython.mjs"


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_nothing_in_gongzhu_imports_the_browser():
    for path in sorted(PACKAGE.rglob("*.py")):
        bad = _imports(path) & {"js", "pyscript", "pyodide", "pyodide_js"}
        assert not bad, f"{path.relative_to(ROOT)} imports {bad}"


def test_engine_uses_only_the_standard_library():
    import sys

    for path in sorted(PACKAGE.glob("*.py")):
        for name in _imports(path):
            assert name in sys.stdlib_module_names or name == "gongzhu", f"{path.name} imports {name}"


@pytest.mark.parametrize("name", PORTABLE)
def test_portable_modules_avoid_what_micropython_lacks(name):
    tree = ast.parse((PACKAGE / name).read_text())
    # Imports: each other (relative) and json/sys; nothing from typing, dataclasses or __future__.
    for node in tree.body:
        if isinstance(node, ast.Import):
            assert {a.name for a in node.names} <= MICROPYTHON_STDLIB, ast.dump(node)
        elif isinstance(node, ast.ImportFrom):
            assert node.level == 1, ast.dump(node)
    for node in ast.walk(tree):
        assert not isinstance(node, ast.NamedExpr), "walrus"
        if isinstance(node, ast.Attribute):
            assert node.attr not in ("bit_count", "bit_length"), "int." + node.attr


def test_pages_load_only_portable_engine_modules():
    """Each MicroPython page's mpy.toml names engine modules from gongzhu.PORTABLE alone."""
    import tomllib

    for config in ("web/mpy.toml", "web/keeper/mpy.toml", "web/embed/mpy.toml"):
        files = tomllib.loads((ROOT / config).read_text(encoding="utf-8"))["files"]
        engine = {dest.split("/")[-1].removesuffix(".mpy") for dest in files.values() if "/gongzhu/" in dest}
        assert engine and engine <= {"__init__", *gongzhu.PORTABLE}, (config, engine)


MP_RUNNER = """
import { loadMicroPython } from %(mp)s;
import fs from "node:fs";
let out = "";
const mp = await loadMicroPython({ heapsize: 16 * 1024 * 1024, stdout: (t) => { out += t + "\\n"; },
                                   stderr: (t) => { out += t + "\\n"; } });
mp.FS.mkdir("/gongzhu");
for (const f of %(files)s) mp.FS.writeFile("/gongzhu/" + f, fs.readFileSync(%(pkg)s + "/" + f));
try { mp.runPython(%(code)s); } catch (e) { console.log(out); console.error(String(e)); process.exit(1); }
console.log(out);
"""

MP_CODE = """
import sys, json
sys.path.insert(0, "/")
from gongzhu import cards, deal, options, scoring, replay, keeper
vectors = json.loads(%(vectors)s)
for v in vectors["deals"]:
    got = [cards.card_codes(h) for h in deal.deal_hands(v["seed"])]
    assert got == v["hands"], v["seed"]
for v in vectors["hand_seeds"]:
    assert deal.hand_seed(v["match_seed"], v["hand"]) == v["seed"]
assert cards.parse_card("Q\\u2660") == cards.PIG and cards.parse_card("10c") == cards.TRANSFORMER
try:
    cards.parse_card("1S")
    raise AssertionError("no error")
except ValueError as e:
    assert "'1S'" in str(e)
for captured, exposed, total in json.loads(%(worked)s):  # RULES.md's worked examples
    assert scoring.score_pile(captured, exposed).total == total, captured
rp = options.RuleSet(preset="round-points")
assert scoring.score_pile("TC 3H", rules=rp).total == 50
assert scoring.score_pile("QS KH", exposed="AH", rules={"heart_values": "pips"}).total == -180
s = scoring.score_pile("QS KH QH 8H", exposed="AH")
assert s.text("zh")[-1] == "\\u672c\\u5c40\\u5f97\\u5206\\uff1a-260"
assert json.dumps(s.to_dict())
assert options.resolve(preset="fast")["target"] == 500
print("MICROPYTHON-OK", sys.implementation.name)
"""


def test_portable_modules_run_under_micropython():
    if not MICROPYTHON.exists() or shutil.which("node") is None:
        pytest.fail("MicroPython's WebAssembly build (node_modules) or node is missing: run `make tools`")
    vectors = (ROOT / "tests" / "deal_vectors.json").read_text()
    from tests.worked_examples import WORKED

    code = MP_CODE % {"vectors": json.dumps(vectors), "worked": json.dumps(json.dumps(WORKED))}
    runner = MP_RUNNER % {"mp": json.dumps(MICROPYTHON.as_uri()), "files": json.dumps(["__init__.py"] + PORTABLE),
                          "pkg": json.dumps(str(PACKAGE)), "code": json.dumps(code)}
    r = subprocess.run(["node", "--input-type=module", "-e", runner], capture_output=True, text=True,
                       timeout=120, check=False)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "MICROPYTHON-OK micropython" in r.stdout
