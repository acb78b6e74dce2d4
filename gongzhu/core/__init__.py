"""The portable core of Gong Zhu: every module in this folder runs unchanged under CPython,
Pyodide and MicroPython 1.27 (the pages' main thread), and this folder is the list of them.

What MicroPython lacks (``typing``, ``dataclasses``, ``from __future__``, ``random.Random``,
``int.bit_count`` and ``bit_length``, ordered dicts for JSON) is provided once, in
``portable``; tests/test_engine_fence.py checks every module here statically and runs them
under MicroPython's WebAssembly build in node.

- ``cards``: cards as ints 0-51 and sets of cards as bitmasks, their names and notation.
- ``deal``: the one seeded shuffle every runtime deals with.
- ``options`` and ``rules``: the house-rule options and the frozen ``Rules``.
- ``scoring``: a captured pile's score, match totals, places and round points.
- ``hand`` and ``match``: a hand and a match, their per-seat views and JSON.
- ``replay``: the notation of shared hands and embeds; ``keeper``: the score keeper's sheet.
- ``fast``: the playout layer; ``bots``: the beginner, easy and normal bots.
- ``portable`` and ``prng``: what MicroPython lacks, once.
"""
