"""Draw the app icons (web/icons/*.png) from web/icons/icon.svg with the test suite's Chromium.

    .venv/bin/python web/tools/icons.py

The PNGs are committed (the build does not need a browser); rerun after editing icon.svg.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from browser import find_browser  # noqa: E402

ICONS = Path(__file__).resolve().parents[2] / "web" / "icons"
# file name -> pixel size (the manifest lists 192/512 "any" and 512 "maskable"; iOS wants 180).
SIZES = {"icon-192.png": 192, "icon-512.png": 512, "apple-touch-icon.png": 180}


def main() -> int:
    from playwright.sync_api import sync_playwright

    svg = (ICONS / "icon.svg").read_text(encoding="utf-8")
    with sync_playwright() as p:
        choice = find_browser(p)
        if choice is None:
            print("icons: no Chromium found", file=sys.stderr)
            return 1
        browser = p.chromium.launch(headless=True, **choice.launch_kwargs())  # type: ignore[arg-type]
        for name, size in SIZES.items():
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(
                f"<style>html,body{{margin:0;background:transparent}}svg{{display:block;width:{size}px;"
                f"height:{size}px}}</style>{svg}"
            )
            page.screenshot(path=str(ICONS / name), omit_background=True)
            page.close()
            print(f"icons: wrote web/icons/{name} ({size}x{size})")
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
