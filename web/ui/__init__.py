"""The page's main-thread UI code, run by MicroPython (see web/mpy.toml); main.py boots it."""

try:  # the page's start-up timeline (tests/e2e/test_game_bench.py reads it): MicroPython runs our code
    from pyscript import window

    window.performance.mark("gongzhu-main")
except ImportError:  # CPython (the unit tests import ui.i18n and ui.store)
    pass
