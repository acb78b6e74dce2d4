"""Fences around the engine: no browser imports in gongzhu/; the portable core (gongzhu/core/)
avoids what MicroPython lacks, checked statically, and runs under MicroPython's WebAssembly build
in node exactly as under CPython: the same deals, legal cards, scores, JSON and bot decisions
(tests/core_runs.py, run in both).  `make test` builds the runtime; a missing one fails."""

from __future__ import annotations

import ast
import json
import random
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tests import core_runs
from tests.micropython import run_micropython

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "gongzhu"
CORE = sorted(p.relative_to(PACKAGE / "core").as_posix() for p in (PACKAGE / "core").rglob("*.py"))
MICROPYTHON_STDLIB = {"json", "sys"}  # what core modules may import from MicroPython's library


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

    for path in sorted(PACKAGE.rglob("*.py")):
        for name in _imports(path):
            assert name in sys.stdlib_module_names or name == "gongzhu", f"{path.name} imports {name}"


@pytest.mark.parametrize("name", CORE)
def test_core_modules_avoid_what_micropython_lacks(name):
    """Each core module imports only the core and json/sys (``portable`` alone picks standard
    modules and methods by runtime, and runs under MicroPython below).  No walrus, no
    int.bit_count/bit_length, no dataclasses or typing."""
    tree = ast.parse((PACKAGE / "core" / name).read_text())
    if name == "portable.py":
        return
    for node in tree.body:
        if isinstance(node, ast.Import):
            assert {a.name for a in node.names} <= MICROPYTHON_STDLIB, ast.dump(node)
        elif isinstance(node, ast.ImportFrom):
            assert node.level >= 1, ast.dump(node)
    for node in ast.walk(tree):
        assert not isinstance(node, ast.NamedExpr), "walrus"
        if isinstance(node, ast.Attribute):
            assert node.attr not in ("bit_count", "bit_length"), "int." + node.attr
        if isinstance(node, ast.keyword):
            assert node.arg != "strict", "zip(strict=) (MicroPython's zip takes no keywords)"


def test_pages_load_only_core_modules():
    """Each MicroPython page's bundle (web/tools/pyscript_files.py) holds engine modules of
    gongzhu/core/ alone (and the package's __init__, which imports nothing there)."""
    from pyscript_files import members

    for config in ("web/mpy.toml", "web/keeper/mpy.toml", "web/embed/mpy.toml", "web/quick/mpy.toml"):
        engine = [dest for dest in members(config).values() if dest.startswith("gongzhu/")]
        assert engine, config
        for dest in engine:
            assert dest.startswith("gongzhu/core/") or dest == "gongzhu/__init__.mpy", (config, dest)


MP_CHECKS = """
import json
from gongzhu.core import cards, deal, options, rules, scoring
vectors = json.loads(%(vectors)s)
for v in vectors["deals"]:
    got = [cards.card_codes(h) for h in deal.deal_hands(v["seed"])]
    assert got == v["hands"], v["seed"]
for v in vectors["hand_seeds"]:
    assert deal.hand_seed(v["match_seed"], v["hand"]) == v["seed"]
assert cards.parse_card("Q\u2660") == cards.PIG and cards.parse_card("10c") == cards.TRANSFORMER
try:
    cards.parse_card("1S")
    raise AssertionError("no error")
except ValueError as e:
    assert "'1S'" in str(e)
for captured, exposed, total in json.loads(%(worked)s):  # RULES.md's worked examples
    assert scoring.score_pile(captured, exposed).total == total, captured
rp = rules.get_rules("round-points")
assert scoring.score_pile("TC 3H", rules=rp).total == 50
assert scoring.score_pile("QS KH", exposed="AH", rules={"heart_values": "pips"}).total == -180
s = scoring.score_pile("QS KH QH 8H", exposed="AH")
assert s.text("zh")[-1] == "\u672c\u5c40\u5f97\u5206\uff1a-260"
assert json.dumps(s.to_dict())
assert options.resolve(preset="fast")["target"] == 500
try:
    rp.target = 5
    raise AssertionError("rules changed")
except AttributeError:
    pass
assert rp.replace(target=500).target == 500 and rp.target == 1000
print("MICROPYTHON-OK", sys.implementation.name)
"""


def test_deals_and_worked_examples_under_micropython():
    vectors = (ROOT / "tests" / "deal_vectors.json").read_text()
    from tests.worked_examples import WORKED

    code = MP_CHECKS % {"vectors": json.dumps(vectors), "worked": json.dumps(json.dumps(WORKED))}
    assert "MICROPYTHON-OK micropython" in run_micropython(code)


def test_the_bit_counts_of_masks_are_exact_under_micropython():
    """MicroPython's stand-ins for int.bit_length and int.bit_count (``portable``), on its own
    ints: every single bit and run of low bits up to 2**60 (past the float's 53 bits), and random
    52-bit masks, as CPython counts them."""
    rng = random.Random(27)
    masks = [0] + [1 << k for k in range(61)] + [(1 << k) - 1 for k in range(1, 61)]
    masks += [rng.getrandbits(52) for _ in range(300)]
    code = ("from gongzhu.core.portable import bit_length, popcount\nimport json\n"
            "print(json.dumps([[bit_length(m), popcount(m)] for m in %r]))\n" % masks)
    assert json.loads(run_micropython(code)) == [[m.bit_length(), m.bit_count()] for m in masks]


def _runs_in_micropython(kind: str, first: int, count: int) -> list[str]:
    code = "import core_runs\ncore_runs.main([%r, %d, %d])\n" % (kind, first, count)
    out = run_micropython(code, {"/core_runs.py": ROOT / "tests" / "core_runs.py"})
    return [line for line in out.split("\n") if line.startswith("[")]


def _same_lines(cpython: list[str], micropython: list[str]) -> None:
    assert len(micropython) == len(cpython), (len(cpython), len(micropython))
    for a, b in zip(cpython, micropython, strict=True):
        assert a == b, "CPython:\n%s\nMicroPython:\n%s" % (a[:2000], b[:2000])


def test_2000_random_hands_are_the_same_under_micropython():
    """The same deals, legal cards at every play, views, scores and byte-identical JSON."""
    # Two MicroPython processes of 1,000 hands each, side by side (the machine's two cores).
    with ThreadPoolExecutor(2) as pool:
        halves = [pool.submit(_runs_in_micropython, "hands", first, 1000) for first in (0, 1000)]
        cpython = core_runs.random_hands(0, 2000)
        micropython = halves[0].result() + halves[1].result()
    assert len(cpython) == 2000 and len({str(json.loads(line)[3]) for line in cpython}) > 100  # scores vary
    _same_lines(cpython, micropython)


def test_the_normal_bot_decides_the_same_under_micropython():
    cpython = core_runs.normal_decisions(0, 40)
    phases = {json.loads(line)[1] for line in cpython}
    assert phases == {"pass", "expose", "play"} and len(cpython) >= 30
    _same_lines(cpython, _runs_in_micropython("normal", 0, 40))


def test_the_playout_layer_plays_the_same_under_micropython():
    cpython = core_runs.playouts(0, 500)
    assert len({str(json.loads(line)[1]) for line in cpython}) > 100
    _same_lines(cpython, _runs_in_micropython("playouts", 0, 500))


def test_the_last_tricks_solve_the_same_under_micropython():
    cpython = core_runs.solves(0, 60)
    assert len({str(json.loads(line)[2]) for line in cpython}) > 40  # the solved outcomes vary
    _same_lines(cpython, _runs_in_micropython("solves", 0, 60))


def test_claims_and_take_backs_are_the_same_under_micropython():
    cpython = core_runs.comforts(0, 120)
    assert sum('"take_back"' in line for line in cpython) > 20
    assert sum('"forced"' in line for line in cpython) > 20
    _same_lines(cpython, _runs_in_micropython("comforts", 0, 120))
