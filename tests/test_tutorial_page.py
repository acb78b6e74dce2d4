"""The tutorial's page logic under CPython (web/ui/tutorial.py): `?lesson=N`, the progress record
(a corrupt one falls back safely) and when the first visit's offer is made."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))

from ui import i18n, tutorial  # noqa: E402
from ui.embedded import MemoryStorage  # noqa: E402
from ui.store import SAVE_KEY, SETTINGS_KEY  # noqa: E402

from gongzhu.core import lessons  # noqa: E402


def storage(**items: str) -> MemoryStorage:
    s = MemoryStorage()
    for key, value in items.items():
        s.setItem(key, value)
    return s


def test_the_page_knows_as_many_lessons_as_the_engine() -> None:
    assert tutorial.COUNT == lessons.COUNT


@pytest.mark.parametrize(("search", "expected"), [
    ("?lesson=1", (1, None)), ("?lang=zh&lesson=6", (6, None)), ("?lesson=%206%20", (6, None)),
    ("?lesson=0", (None, "0")), ("?lesson=7", (None, "7")), ("?lesson=", (None, "")),
    ("?lesson=%3Cimg%3E", (None, "<img>")), ("?lesson=" + "9" * 99, (None, "9" * 40)), ("", (None, None)),
])
def test_lesson_in_the_url(search: str, expected: tuple[object, object]) -> None:
    assert tutorial.url_lesson(search) == expected


def test_moving_to_another_lesson_keeps_the_language_and_drops_a_shared_deal() -> None:
    assert tutorial.with_lesson("?lesson=1&lang=zh&colours=4", 2) == "?lang=zh&colours=4&lesson=2"
    assert tutorial.with_lesson("?seed=9&rules=fast", 1) == "?lesson=1"
    assert tutorial.game_link("?lesson=3&lang=zh") == "index.html?lang=zh"
    assert tutorial.game_link("?lesson=3&lang=%3Cb%3E") == "index.html"


def test_the_helps_link_opens_the_first_lesson_not_done_in_the_pages_language() -> None:
    assert tutorial.lesson_link("", {"done": []}) == "index.html?lesson=1"
    assert tutorial.lesson_link("?lang=zh&seed=9", {"done": [1, 2, 4]}) == "index.html?lang=zh&lesson=3"
    assert tutorial.lesson_link("?lesson=6", {"done": [1, 2, 3, 4, 5, 6]}) == "index.html?lesson=1"


def test_progress_is_remembered_and_a_corrupt_record_falls_back() -> None:
    s = storage()
    progress, problem = tutorial.load_progress(s)
    assert progress == {"v": 1, "done": [], "offered": False} and problem is None
    assert tutorial.mark_done(s, progress, 3) is True
    assert tutorial.mark_done(s, progress, 3) is False
    tutorial.mark_done(s, progress, 1)
    assert tutorial.load_progress(s) == ({"v": 1, "done": [1, 3], "offered": True}, None)
    # Unknown lessons and odd values are dropped; a record that is not one is reported and replaced.
    s.setItem(tutorial.PROGRESS_KEY, json.dumps({"v": 1, "done": [2, 2, 9, "4", True, 5], "offered": 1}))
    assert tutorial.load_progress(s) == ({"v": 1, "done": [2, 5], "offered": False}, None)
    for broken in ("{oops", "[]", '{"v": 2, "done": []}', '{"v": 1, "done": "1,2"}', "null"):
        s.setItem(tutorial.PROGRESS_KEY, broken)
        progress, problem = tutorial.load_progress(s)
        assert problem == "tutorial_corrupt", broken
        assert progress["done"] == []
    assert "tutorial_corrupt" in i18n.STRINGS and "bad_lesson" in i18n.STRINGS


def test_the_offer_is_for_a_first_visit_only() -> None:
    assert tutorial.first_visit(storage(), "") is True
    assert tutorial.first_visit(storage(), "?seed=4") is True
    assert tutorial.first_visit(storage(), "?embed=1") is False  # a blog's reader, in a frame
    assert tutorial.first_visit(storage(), "?lesson=2") is False  # already in the tutorial
    for key in (SETTINGS_KEY, SAVE_KEY, tutorial.PROGRESS_KEY):
        assert tutorial.first_visit(storage(**{key: "{}"}), "") is False, key
