"""The doctests of every module of the portable core that has them."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["cards", "deal", "options", "scoring", "rules", "hand", "match", "portable", "prng", "replay", "keeper",
           "puzzle"]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    module = importlib.import_module(f"gongzhu.core.{name}")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0
