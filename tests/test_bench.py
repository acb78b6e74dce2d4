"""``python -m gongzhu bench``: the JSON line and a sanity floor (the real figure is in docs/PERFORMANCE.md)."""

from __future__ import annotations

import json
import subprocess
import sys


def test_bench_json_last_line():
    r = subprocess.run([sys.executable, "-m", "gongzhu", "bench", "--seconds", "0.5", "--json"],
                       capture_output=True, text=True, check=True)
    figures = json.loads(r.stdout.strip().splitlines()[-1])
    assert set(figures) >= {"hands_per_second", "peak_memory_mb", "wall_hands_per_second", "cpu_seconds"}
    # A floor far below the 25,000 target, so a busy test machine does not fail the suite.
    assert figures["hands_per_second"] > 2000
    assert 0 < figures["peak_memory_mb"] < 200


def test_bench_human_output():
    r = subprocess.run([sys.executable, "-m", "gongzhu", "bench", "--seconds", "0.3", "--rules", "round-points"],
                       capture_output=True, text=True, check=True)
    lines = r.stdout.strip().splitlines()
    assert "random-playout hands per second on one core" in lines[0]
    assert "wall-clock" in lines[1]
    assert "peak memory" in lines[2]
    json.loads(lines[-1])
