"""web/deal.mjs deals exactly like gongzhu/deal.py: the shared test vectors, checked under node."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from gongzhu.cards import card_codes
from gongzhu.deal import deal_hands

ROOT = Path(__file__).resolve().parents[1]
VECTORS = json.loads((ROOT / "tests" / "deal_vectors.json").read_text())

SCRIPT = """
import { dealHands, handSeed, cardCode } from %s;
const input = JSON.parse(process.argv[1]);
const out = {
  deals: input.deals.map((s) => dealHands(s).map((h) => h.map(cardCode))),
  handSeeds: input.handSeeds.map(([m, n]) => handSeed(m, n).toString()),
};
console.log(JSON.stringify(out));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_js_deal_matches_python_vectors():
    # Seeds travel as decimal strings: JSON numbers above 2**53 would lose precision in JS.
    seeds = [str(v["seed"]) for v in VECTORS["deals"]] + [str(s) for s in range(40)]
    hand_seeds = [[str(v["match_seed"]), v["hand"]] for v in VECTORS["hand_seeds"]]
    script = SCRIPT % json.dumps((ROOT / "web" / "deal.mjs").as_uri())
    r = subprocess.run(["node", "--input-type=module", "-e", script,
                        json.dumps({"deals": seeds, "handSeeds": hand_seeds})],
                       capture_output=True, text=True, check=True, timeout=60)
    out = json.loads(r.stdout)
    expected = [v["hands"] for v in VECTORS["deals"]] + [
        [card_codes(h) for h in deal_hands(s)] for s in range(40)]
    assert out["deals"] == expected
    assert out["handSeeds"] == [str(v["seed"]) for v in VECTORS["hand_seeds"]]
