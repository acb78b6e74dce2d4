"""The portable generator (gongzhu/core/prng.py) draws exactly what random.Random draws."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gongzhu.core.prng import MersenneTwister


@given(st.integers(min_value=-(2**80), max_value=2**80))
def test_every_method_the_core_uses_matches_random_random(seed: int) -> None:
    ours, theirs = MersenneTwister(seed), random.Random(seed)
    for _ in range(3):
        assert ours.random() == theirs.random()
    for k in (0, 1, 5, 31, 32, 33, 64, 100):
        assert ours.getrandbits(k) == theirs.getrandbits(k)
    for n in (1, 13, 16):
        assert ours.randbytes(n) == theirs.randbytes(n)
    for n in (1, 2, 3, 7, 52, 1000, 2**40):
        assert ours.randrange(n) == theirs.randrange(n)
    assert ours.randrange(5, 9) == theirs.randrange(5, 9) and ours.randint(-3, 3) == theirs.randint(-3, 3)
    a, b = list(range(40)), list(range(40))
    ours.shuffle(a)
    theirs.shuffle(b)
    assert a == b
    assert ours.choice("abcdefg") == theirs.choice("abcdefg")
    assert ours.sample(list(range(13)), 3) == theirs.sample(list(range(13)), 3)
    assert ours.sample(list(range(1000)), 10) == theirs.sample(list(range(1000)), 10)


def test_a_long_stream_and_a_saved_state() -> None:
    ours, theirs = MersenneTwister(2026), random.Random(2026)
    assert [ours.random() for _ in range(2000)] == [theirs.random() for _ in range(2000)]  # past a twist
    twin = MersenneTwister(0)
    twin.setstate(ours.getstate())
    assert [twin.getrandbits(32) for _ in range(5)] == [ours.getrandbits(32) for _ in range(5)]


def test_bad_arguments_are_refused_as_random_refuses_them() -> None:
    with pytest.raises(TypeError, match="integer seed"):
        MersenneTwister("seed")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        MersenneTwister(1).randrange(0)
    with pytest.raises(IndexError):
        MersenneTwister(1).choice([])
    with pytest.raises(ValueError):
        MersenneTwister(1).sample([1, 2], 3)


def test_micropythons_stand_ins_match_the_standard_library() -> None:
    import itertools
    import json

    from gongzhu.core import portable

    rng = random.Random(5)
    for m in [0, 1, 2, 3, 1 << 51, (1 << 52) - 1, 1 << 64, *[rng.getrandbits(52) for _ in range(200)]]:
        assert portable.mp_bit_length(m) == m.bit_length() and portable.mp_popcount(m) == m.bit_count()
    for n in range(7):
        for r in range(n + 1):
            assert portable.mp_combinations(range(n), r) == list(itertools.combinations(range(n), r))
    data = {"b": [1, {"z": None, "a": (2, "猪")}], "a": True}
    assert json.dumps(portable.mp_sorted_keys(data), ensure_ascii=False) == portable.dumps(data)
