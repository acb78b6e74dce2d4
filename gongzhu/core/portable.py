"""What the core needs that MicroPython 1.27 lacks or spells differently, chosen once at import.

On CPython and Pyodide each name is the standard library's own (as fast as a method call); on
MicroPython it is a small stand-in that gives the same results:

- ``bit_length(m)`` and ``popcount(m)``: ``int.bit_length`` and ``int.bit_count`` of a mask >= 0;
- ``Random``: ``random.Random`` (``prng.MersenneTwister`` on MicroPython, number for number);
- ``combinations``: ``itertools.combinations``; ``clock()`` and ``cpu_clock()``: seconds of
  wall and CPU time, for search budgets and benchmarks (CPU time is wall time on MicroPython);
- ``dumps(data)``: JSON with sorted keys, UTF-8 as is, byte-identical in every runtime
  (MicroPython's dicts do not keep insertion order);
- ``Any``, ``Callable``, ``Iterable``, ``Mapping``, ``Sequence``: the ``typing`` names the
  annotations and type aliases use (MicroPython never evaluates annotations; there each is a
  placeholder that only takes subscripts).

>>> bit_length(0b1010), popcount(0b1011)
(4, 3)
>>> dumps({"b": [1, "猪"], "a": None})
'{"a": null, "b": [1, "猪"]}'
"""

import json
import sys
from math import frexp

MICROPYTHON = sys.implementation.name == "micropython"


# MicroPython's stand-ins, defined everywhere so that CPython's tests compare them with the
# standard library's (tests/test_prng.py).


def mp_bit_length(m):
    """``int.bit_length`` of a mask m >= 0.

    Below 2**53 (every card mask) it is the binary exponent of ``m`` as a float, which holds it
    exactly; MicroPython finds it about five times as fast as it writes out ``bin(m)``, and the
    search bots ask for it on most cards they play out."""
    if m < 9007199254740992:
        return frexp(m)[1]
    return len(bin(m)) - 2


def mp_popcount(m):
    """``int.bit_count`` of a mask m >= 0."""
    return bin(m).count("1")


def mp_combinations(items, r):
    """``itertools.combinations(items, r)`` as a list, in the same order."""
    items = list(items)
    if r == 0:
        return [()]
    out = []
    for i in range(len(items) - r + 1):
        for rest in mp_combinations(items[i + 1:], r - 1):
            out.append((items[i],) + rest)
    return out


def mp_sorted_keys(data):
    """``data`` with every dict an ordered dict of sorted keys (MicroPython's json.dumps keeps
    an OrderedDict's order; its plain dicts have none)."""
    if isinstance(data, dict):
        from collections import OrderedDict

        out = OrderedDict()
        for k in sorted(data):
            out[k] = mp_sorted_keys(data[k])
        return out
    if isinstance(data, (list, tuple)):
        return [mp_sorted_keys(v) for v in data]
    return data


TYPE_CHECKING = False  # what type checkers take as True: they check the CPython branch

if TYPE_CHECKING or not MICROPYTHON:
    from itertools import combinations
    from random import Random
    from time import perf_counter as clock
    from time import process_time as cpu_clock
    from typing import Any, Callable, Iterable, Mapping, Sequence

    bit_length = int.bit_length
    popcount = int.bit_count

    def dumps(data: Any) -> str:
        """JSON text of ``data`` with every dict's keys sorted."""
        return json.dumps(data, ensure_ascii=False, sort_keys=True)

else:
    import time

    from .prng import MersenneTwister as Random

    class _Annotation:
        """Stands for a typing name: subscripting it (``Callable[[int], int]``) gives itself."""

        def __getitem__(self, item):
            return self

    Any = Callable = Iterable = Mapping = Sequence = _Annotation()
    bit_length = mp_bit_length
    popcount = mp_popcount
    combinations = mp_combinations

    def clock():
        """Seconds on a monotonic clock."""
        return time.ticks_ms() / 1000.0

    cpu_clock = clock

    def dumps(data):
        """JSON text of ``data`` with every dict's keys sorted."""
        return json.dumps(mp_sorted_keys(data))

__all__ = ["MICROPYTHON", "Any", "Callable", "Iterable", "Mapping", "Random", "Sequence",
           "bit_length", "clock", "combinations", "cpu_clock", "dumps", "popcount"]
