"""The engine worker's Pyodide restored from a memory snapshot on return visits (web/pyodide-start.mjs).

A first visit starts Pyodide as usual and, a few seconds later, a background worker saves the
started interpreter in Cache Storage; a return visit restores it instead of initialising CPython
again. These tests reload the real game in the real browser and read how the worker started
from its console line ("gongzhu worker: Pyodide started (restored) in … ms").
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from tests.e2e.harness import (
    SNAPSHOT_CACHE,
    PageGuard,
    pyodide_starts,
    wait_for_snapshot,
    wait_ready,
    wait_search_ready,
)
from tests.e2e.test_site import play_a_hand, seed_settings

# Search bots at two seats: the match moves to the Pyodide worker, which then plays them.
SEARCH_BOTS = seed_settings(levels=["beginner", "hard", "beginner", "expert"])

# Two Pyodides restored on the page's own thread from the module the worker uses: what each
# draws from `random`, and the interpreter's sys.path.
RESTORE_TWICE = """async () => {
    const start = await import("./web/pyodide-start.mjs");
    const runs = [];
    for (const _ of [1, 2]) {
        const pyodide = await start.loadPyodide();
        runs.push({
            how: globalThis.gongzhuPyodideStart.how,
            random: pyodide.runPython("import random; random.random()"),
            emptyPathEntries: pyodide.runPython("import sys; sys.path.count('')"),
        });
    }
    return runs;
}"""


def test_a_return_visit_restores_the_snapshot_and_plays(page: Page, page_guard: PageGuard, site_url: str) -> None:
    page.add_init_script(SEARCH_BOTS)
    page.goto(site_url)
    wait_ready(page)
    entry = wait_for_snapshot(page)
    assert entry["url"].endswith(".bin") and "/web/runtime/pyodide/snapshot-" in entry["url"], entry
    assert entry["bytes"] == entry["header"] > 10_000_000, entry  # the interpreter's whole memory
    assert pyodide_starts(page_guard.console) == ["plain"]

    page.reload()
    wait_ready(page)
    wait_search_ready(page)
    assert pyodide_starts(page_guard.console) == ["plain", "restored"]
    play_a_hand(page)  # the restored interpreter runs the engine and the search bots

    # Each restore reseeds random (else every visit would draw the snapshot's numbers), and keeps
    # one "" on sys.path.
    runs = page.evaluate(RESTORE_TWICE)
    assert [run["how"] for run in runs] == ["restored", "restored"], runs
    assert runs[0]["random"] != runs[1]["random"], runs
    assert [run["emptyPathEntries"] for run in runs] == [1, 1], runs


# A snapshot cut short (its size disagrees with the size it was saved with), and one of the right
# size whose content is not Pyodide's (Pyodide refuses it).
DAMAGES = {  # the body that replaces a snapshot of `bytes` bytes
    "cut short": "new Uint8Array(bytes / 2)",
    "not a snapshot": "new Uint8Array(bytes).fill(7)",
}


@pytest.mark.parametrize("damage", DAMAGES)
def test_a_damaged_snapshot_is_dropped_and_saved_again(
    page: Page, page_guard: PageGuard, site_url: str, damage: str
) -> None:
    page.goto(site_url)
    wait_ready(page)
    good = wait_for_snapshot(page)
    page.evaluate(
        f"""async ([name, url, bytes]) => {{
            const cache = await caches.open(name);
            const headers = {{"x-snapshot-bytes": String(bytes)}};
            await cache.put(url, new Response({DAMAGES[damage]}, {{headers}}));
        }}""",
        [SNAPSHOT_CACHE, good["url"], good["bytes"]],
    )

    page.reload()
    wait_ready(page)  # the game starts all the same
    wait_search_ready(page)
    assert pyodide_starts(page_guard.console) == ["plain", "fallback"]
    warnings = [line for line in page_guard.console if "snapshot could not be used" in line]
    assert len(warnings) == 1 and "warning" in warnings[0], page_guard.console
    assert page.locator("button[data-card]").count() > 0

    # The damaged snapshot was deleted, a sound one saved in its place, and it is used next time.
    assert wait_for_snapshot(page) == good
    page.reload()
    wait_ready(page)
    wait_search_ready(page)
    assert pyodide_starts(page_guard.console) == ["plain", "fallback", "restored"]
