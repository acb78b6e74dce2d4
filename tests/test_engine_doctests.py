"""The doctests of the engine's primitives (cards, deal, options, scoring, rules, hand, match)."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["cards", "deal", "options", "scoring", "rules", "hand", "match"]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    module = importlib.import_module(f"gongzhu.{name}")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0
