"""Find (and with `--ensure`, install) the Chromium that the browser tests drive through Playwright.

Order of preference:
1. `$GONGZHU_CHROMIUM`, a path to a Chromium/Chrome executable;
2. Playwright's own Chromium, when `playwright install chromium` has put it on this machine;
3. a system Chromium: /usr/bin/chromium (Debian's package), chromium-browser, google-chrome.

`--ensure` installs one when none is found: Debian's `chromium` package through apt-get when
running as root on Debian; otherwise Playwright's own download (`playwright install chromium`),
falling back to apt-get as root. It exits non-zero when still no browser exists, so the
end-to-end tests never get skipped for lack of one. As root with apt-get it also installs a
small Chinese font (fonts-wqy-microhei) when none is present, so screenshots show 拱猪, not boxes.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

# Flags for a system Chromium in containers/CI: no sandbox (root), no GPU, no background traffic.
SYSTEM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SYSTEM_CANDIDATES = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"]


@dataclass
class Browser:
    """How to launch Chromium with Playwright: `chromium.launch(executable_path=..., args=...)`."""

    executable_path: str | None  # None: Playwright's own browser
    args: list[str] = field(default_factory=list)
    source: str = ""

    def launch_kwargs(self) -> dict[str, object]:
        kwargs: dict[str, object] = {"args": list(self.args)}
        if self.executable_path:
            kwargs["executable_path"] = self.executable_path
        return kwargs


def playwright_chromium(playwright: Any = None) -> str | None:
    """The path of Playwright's own Chromium if it is installed, else None.

    Pass the running `Playwright` object when there is one (the sync API cannot nest).
    """
    if playwright is not None:
        path = playwright.chromium.executable_path
    else:
        try:
            from playwright.sync_api import sync_playwright
        except ImportError:
            return None
        with sync_playwright() as p:
            path = p.chromium.executable_path
    return path if path and Path(path).is_file() else None


def _works(path: str) -> bool:
    try:
        run = subprocess.run([path, "--version"], capture_output=True, timeout=30, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return run.returncode == 0


def find_browser(playwright: Any = None) -> Browser | None:
    """The Chromium to use, or None when this machine has none (`playwright`: see playwright_chromium)."""
    explicit = os.environ.get("GONGZHU_CHROMIUM")
    if explicit:
        if not Path(explicit).is_file():
            raise SystemExit(f"browser: GONGZHU_CHROMIUM={explicit} does not exist")
        return Browser(explicit, SYSTEM_FLAGS, "GONGZHU_CHROMIUM")
    own = playwright_chromium(playwright)
    if own:
        # Playwright's build: headless shell defaults; only the sandbox is a problem as root.
        args = ["--no-sandbox"] if hasattr(os, "geteuid") and os.geteuid() == 0 else []
        return Browser(None, args, f"Playwright's Chromium ({own})")
    for name in SYSTEM_CANDIDATES:
        path = shutil.which(name)
        if path and _works(path):
            return Browser(path, SYSTEM_FLAGS, f"system {name} ({path})")
    return None


def launch(playwright: Any, who: str) -> Any:
    """The Chromium that `find_browser` finds, launched headless for the benchmark `who`; exits
    with a message when there is none (`make browser` installs one)."""
    choice = find_browser(playwright)
    if choice is None:
        raise SystemExit(f"{who}: no Chromium found (make browser)")
    return playwright.chromium.launch(headless=True, **choice.launch_kwargs())


def _is_debian() -> bool:
    try:
        text = Path("/etc/os-release").read_text(encoding="utf-8")
    except OSError:
        return False
    fields = dict(line.split("=", 1) for line in text.splitlines() if "=" in line)
    return fields.get("ID", "").strip('"') == "debian"


def _run(cmd: list[str]) -> bool:
    print("browser: $", " ".join(cmd), flush=True)
    try:
        return subprocess.run(cmd, check=False).returncode == 0
    except OSError as exc:
        print(f"browser: {exc}", file=sys.stderr)
        return False


def _can_apt() -> bool:
    return bool(shutil.which("apt-get")) and hasattr(os, "geteuid") and os.geteuid() == 0


def _apt_install(*packages: str) -> bool:
    if not _can_apt():
        return False
    os.environ.setdefault("DEBIAN_FRONTEND", "noninteractive")
    install = ["apt-get", "install", "-y", "-q", "--no-install-recommends", *packages]
    return _run(["apt-get", "update", "-q"]) and _run(install)


def _apt_chromium() -> bool:
    return _apt_install("chromium")


def has_cjk_font() -> bool:
    """True when fontconfig knows a font covering Chinese (or cannot be asked)."""
    if not shutil.which("fc-list"):
        return True
    run = subprocess.run(["fc-list", ":lang=zh", "family"], capture_output=True, text=True, check=False)
    return bool(run.stdout.strip())


def ensure_cjk_font() -> None:
    """Install a small Chinese font where we may (root + apt-get); otherwise just say so."""
    if has_cjk_font():
        return
    if not (_can_apt() and _apt_install("fonts-wqy-microhei")):
        print("browser: no Chinese font installed; screenshots will show boxes for 拱猪", file=sys.stderr)


def _playwright_install() -> bool:
    return _run([sys.executable, "-m", "playwright", "install", "chromium"])


def ensure_browser() -> Browser:
    """Return a browser, installing one if needed; exit with a clear message when impossible."""
    ensure_cjk_font()
    found = find_browser()
    if found:
        return found
    is_root = hasattr(os, "geteuid") and os.geteuid() == 0
    attempts = (
        [_apt_chromium, _playwright_install] if is_root and _is_debian() else [_playwright_install, _apt_chromium]
    )
    for attempt in attempts:
        if attempt():
            found = find_browser()
            if found:
                return found
    raise SystemExit(
        "browser: no Chromium found and none could be installed. Install Debian's `chromium` "
        "(apt-get install chromium), run `.venv/bin/playwright install chromium`, or set "
        "GONGZHU_CHROMIUM=/path/to/chrome. The browser tests cannot run without one."
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Find or install the Chromium for the browser tests.")
    parser.add_argument("--ensure", action="store_true", help="install a Chromium when none is found")
    args = parser.parse_args(argv)
    browser = ensure_browser() if args.ensure else find_browser()
    if browser is None:
        print("browser: none found (run with --ensure to install one)", file=sys.stderr)
        return 1
    print(f"browser: {browser.source}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
