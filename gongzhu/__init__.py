"""Gong Zhu (拱猪, "Chase the Pig"): the rules engine, bots and command line, in pure Python."""

__version__ = "0.1.0"
