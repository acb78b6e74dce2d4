"""Shared test configuration for the whole suite.

* `ROOT` / the `repo_root` fixture: the repository folder.
* Tests under tests/e2e/ get the `e2e` marker automatically (`pytest -m "not e2e"` runs the
  fast part alone; `make test` runs everything and never skips the browser tests).
* pyproject.toml puts the repository root and web/tools/ on sys.path: tests import
  `tests.e2e.harness`, `serve`, `build_site`, `runtime`, `browser`, `pyscript_files`.
* Hypothesis: no per-example deadline (the 2-core CI machine is shared, timing is noise); with
  CI set, examples are derandomized so a CI failure reproduces (`HYPOTHESIS_PROFILE` overrides).
* `own_bot`: the name of a module of a user's own bots (`OWN_BOT`: `play`, `reckless`) in the
  current folder, for the CLI's and the arena's `module:function` bots.
* test-artifacts/ (git-ignored) receives screenshots and logs of failed browser tests;
  `item.rep_setup` / `item.rep_call` are set so fixtures can see a test's outcome.

The browser fixtures (`site_url`, `browser`, `page`, `booted_page`, ...) live in
tests/e2e/conftest.py; read its docstring to write a page test.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Generator
from pathlib import Path

import pytest
from hypothesis import settings

ROOT = Path(__file__).resolve().parents[1]

settings.register_profile("dev", deadline=None)
settings.register_profile("ci", deadline=None, derandomize=True, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev"))


OWN_BOT = '''
def play(view, rng):
    """Plays its lowest legal card, exposes nothing, passes its first cards."""
    if view["phase"] == "play":
        return view["legal"][0]
    if view["phase"] == "pass":
        return view["hand"][: view["passing"]["count"]]
    return []


def reckless(view, rng):
    """Plays the first card of its hand, legal or not."""
    return view["hand"][0] if view["phase"] == "play" else []
'''


@pytest.fixture
def own_bot(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """The name of a module of bots of a user's own (``OWN_BOT``) in the current folder, as a
    user would write one next to the repository: not on sys.path until the CLI looks there."""
    name = "own_bot_" + request.node.originalname  # one module per test: imports are cached
    (tmp_path / f"{name}.py").write_text(OWN_BOT, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in ("", str(tmp_path))])
    monkeypatch.delitem(sys.modules, name, raising=False)
    return name


@pytest.fixture(scope="session")
def repo_root() -> Path:
    """The repository's root folder."""
    return ROOT


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    e2e_dir = ROOT / "tests" / "e2e"
    for item in items:
        if e2e_dir in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.e2e)


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """Record each phase's report on the item (`item.rep_call.failed`) for fixtures' teardown."""
    report = yield
    setattr(item, f"rep_{report.when}", report)
    return report
