"""The page's main-thread UI code, run by MicroPython (see web/mpy.toml); main.py boots it."""
