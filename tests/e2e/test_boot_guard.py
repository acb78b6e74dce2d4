"""The harness itself: the page guard catches what must fail a browser test."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import BrowserContext

from tests.e2e.harness import PageGuard

BROKEN_PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>broken</title>
<link rel="icon" href="data:,"></head><body>
<img src="missing.png" alt="">
<script>
  console.warn("a warning is fine");
  console.error("something went wrong");
  fetch("http://127.0.0.2:9/elsewhere").catch(() => {});
  setTimeout(() => { throw new Error("uncaught boom"); }, 0);
  setTimeout(() => document.documentElement.classList.add("done"), 300);
</script></body></html>
"""


def test_guard_reports_404_console_errors_page_errors_and_other_origins(
    context: BrowserContext, serve: Callable[..., str], tmp_path: Path
) -> None:
    (tmp_path / "index.html").write_text(BROKEN_PAGE, encoding="utf-8")
    url = serve(tmp_path)
    guard = PageGuard()
    tab = guard.new_tab(context)
    tab.goto(url)
    tab.wait_for_selector("html.done", state="attached")
    tab.wait_for_timeout(300)

    assert guard.origin == url.rstrip("/")
    problems = "\n".join(guard.problems)
    assert "HTTP 404" in problems and "missing.png" in problems
    assert "console error: something went wrong" in problems
    assert "uncaught page error" in problems and "uncaught boom" in problems
    assert "request to another origin: GET http://127.0.0.2:9/elsewhere" in problems
    assert "a warning is fine" not in problems
    assert any("warning: a warning is fine" in line for line in guard.console)


def test_guard_allow_accepts_expected_errors() -> None:
    guard = PageGuard("http://127.0.0.1:1")
    guard.allow(r"expected")
    guard._add("console error: expected failure")
    guard._add("console error: surprise")
    assert guard.problems == ["console error: surprise"]
