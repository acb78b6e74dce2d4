"""Find the standard-library modules the Pyodide worker needs, for the trimmed library `make runtime` ships.

Pyodide's standard library (python_stdlib.zip, 2.5 MB compressed) is most of what a first visit
downloads for the hard bots; the engine uses a small part of it. This script writes
web/tools/stdlib_keep.txt, the modules web/tools/runtime.py keeps when it vendors Pyodide:

* what the worker really loads in the browser: a copy of the built site (with Pyodide's whole
  library) serves the game; a hand is played with the beginner, easy, hard and expert bots, the
  hint is asked, a puzzle is solved and a replay checked; then the worker lists the modules of
  `sys.modules` that came from the library's archive (PyScript's and Pyodide's own start-up
  included);
* what web/worker.py and the modules of gongzhu/ import when they are loaded (the arena of the
  benchmark page too), followed through the library's own sources;
* a few modules Python needs to report an error (traceback and what it loads).

    .venv/bin/python web/tools/stdlib_used.py        # rewrite web/tools/stdlib_keep.txt, then `make runtime`

Run it after a new Pyodide or a new import in the engine: tests/test_trimmed_stdlib.py plays every
level with the trimmed library in node, and the browser tests run the whole site with it.
"""

from __future__ import annotations

import json
import re
import shutil
import sys
import tempfile
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from browser import launch  # noqa: E402
from build_site import ROOT, build  # noqa: E402
from runtime import module_of  # noqa: E402
from serve import start_server  # noqa: E402

FULL_STDLIB = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"
KEEP = Path(__file__).resolve().parent / "stdlib_keep.txt"
ALWAYS = ["traceback", "linecache", "tokenize", "token", "textwrap", "warnings", "codeop", "contextlib"]
"""Modules kept whatever the runs show: what Python and Pyodide use to report an error."""
WHOLE = ("pyodide", "_pyodide")
"""Packages kept whole: Pyodide's own, whose modules its JavaScript side may import at any time (but
not everything those import: its console's debugger and test helpers are never used here)."""

PROBE = '''

def _stdlib_used():
    """The modules loaded from the standard library (added by web/tools/stdlib_used.py)."""
    import sys

    lib = "/lib/python%d%d.zip/" % sys.version_info[:2]
    files = {name: str(getattr(module, "__file__", None) or "") for name, module in list(sys.modules.items())}
    return sorted(name for name, file in files.items() if file.startswith(lib))


API["stdlib_used"] = _stdlib_used
'''
ASK = """async (module) => JSON.parse(await (await (await import(module)).ready("full")).sync.call("stdlib_used")).ok"""
SETTINGS = {"v": 1, "lang": "en", "levels": ["beginner", "easy", "hard", "expert"], "speed": "instant",
            "sound": False}


def archive_modules(archive: Path = FULL_STDLIB) -> dict[str, str]:
    """Module name -> the archive's entry that holds it (a package: its __init__.py)."""
    return {module_of(name): name for name in zipfile.ZipFile(archive).namelist() if name.endswith(".py")}


_IMPORT = re.compile(r"^(\s*)(?:import\s+([\w., ]+)|from\s+(\.*)([\w.]*)\s+import\s+(\([^)]*\)|[\w., *]+))", re.M)


def imported_at_load(source: str, package: str) -> set[str]:
    """The modules a module's source imports when it is loaded (`package`: its package, for
    relative imports); `from m import x` names both m and m.x (x may be a submodule).

    Read line by line rather than parsed: the library is Pyodide's Python, newer than this
    machine's. An import counts unless it is inside a function or a class (those run on demand).
    """
    names: set[str] = set()
    # The column-0 statements that open a function or a class, by their line's start offset.
    bodies = [m.start() for m in re.finditer(r"^(?:async\s+def|def|class|@)\b", source, re.M)]
    tops = [m.start() for m in re.finditer(r"^\S", source, re.M)]
    for m in _IMPORT.finditer(source):
        indent, plain, dots, base, what = m.groups()
        if indent:
            header = max((t for t in tops if t < m.start()), default=-1)
            if header in bodies:
                continue
        if plain:
            names |= {part.split(" as ")[0].strip() for part in plain.split(",")}
            continue
        if dots:
            parts = package.split(".") if package else []
            parts = parts[:len(parts) - len(dots) + 1]
            base = ".".join(parts + ([base] if base else []))
        names.add(base)
        for part in what.strip("()").replace("\n", " ").split(","):
            alias = part.split(" as ")[0].strip()
            if alias and alias != "*":
                names.add(f"{base}.{alias}")
    return names


def load_closure(roots: set[str], known: dict[str, str]) -> set[str]:
    """`roots` and every module of the archive that loading them loads, read from the archive's
    own sources (Pyodide's Python, not this machine's)."""
    archive = zipfile.ZipFile(FULL_STDLIB)
    seen: set[str] = set()
    todo = sorted(roots)
    while todo:
        name = todo.pop()
        parts = name.split(".")
        for i in range(1, len(parts) + 1):  # the packages above it load first
            module = ".".join(parts[:i])
            if module in seen or module not in known:
                continue
            seen.add(module)
            entry = known[module]
            package = module if entry.endswith("__init__.py") else module.rpartition(".")[0]
            todo += sorted(imported_at_load(archive.read(entry).decode("utf-8"), package) - seen)
    return seen


def static_imports(known: dict[str, str]) -> set[str]:
    """The library modules that web/worker.py and the gongzhu modules it can reach (the command
    line's aside) load with them: their top-level imports, followed through the library."""
    scripts = [ROOT / "web" / "worker.py"]
    scripts += [p for p in sorted((ROOT / "gongzhu").rglob("*.py")) if p.name not in ("cli.py", "__main__.py")]
    roots = set().union(*(imported_at_load(p.read_text(encoding="utf-8"), "") for p in scripts))
    return load_closure({name for name in roots if not name.startswith("gongzhu")}, known)


def play(page: object) -> None:
    """Play the human's part of a hand at the table (pass nothing special, expose nothing)."""
    from playwright.sync_api import Page

    assert isinstance(page, Page)
    page.wait_for_selector("html.search-ready", state="attached", timeout=180_000)
    page.locator('[data-action="hint"]:not([disabled])').first.click(timeout=60_000)
    page.wait_for_function("document.querySelector('#prompt-hint').textContent.length > 0", timeout=60_000)
    for _ in range(2000):
        if page.locator('[data-testid="hand-summary"]').is_visible():
            return
        for action in ("expose-confirm", "pass-confirm"):
            button = page.locator(f'[data-action="{action}"]')
            if button.count() and button.is_visible() and button.is_enabled():
                button.click()
        legal = page.locator("#hand.mode-play .card.legal")
        if legal.count():
            legal.last.click(position={"x": 6, "y": 20}, timeout=5000)
        page.wait_for_timeout(100)
    raise SystemExit("stdlib_used: the hand did not finish")


def used_in_browser() -> set[str]:
    """The modules the worker loaded from the archive while the game, a puzzle and a replay ran."""
    from playwright.sync_api import sync_playwright

    site = Path(tempfile.mkdtemp(prefix="gongzhu-stdlib-")) / "_site"
    build(site)
    shutil.copyfile(FULL_STDLIB, site / "web" / "runtime" / "pyodide" / "python_stdlib.zip")
    worker = site / "web" / "worker.py"
    worker.write_text(worker.read_text(encoding="utf-8").replace('\n__export__', PROBE + '\n__export__'),
                      encoding="utf-8")
    server, url = start_server(directory=site)
    found: set[str] = set()
    try:
        with sync_playwright() as p:
            browser = launch(p, "stdlib_used")
            context = browser.new_context(service_workers="block")
            context.add_init_script(f"localStorage.setItem('gongzhu.settings', {json.dumps(json.dumps(SETTINGS))})")
            page = context.new_page()
            page.goto(url + "?seed=11")
            play(page)
            found |= set(page.evaluate(ASK, url + "web/engine.mjs"))
            page.goto(url + "web/embed/puzzle.html?seed=7&moves=2S")
            page.wait_for_selector("html.engine-ready", state="attached", timeout=60_000)
            page.locator(".choices button[aria-disabled=false]").first.click()
            page.wait_for_selector("html.solved", state="attached", timeout=180_000)
            found |= set(page.evaluate(ASK, url + "web/engine.mjs"))
            browser.close()
    finally:
        server.shutdown()
        shutil.rmtree(site.parent, ignore_errors=True)
    return found


def main() -> int:
    if not FULL_STDLIB.is_file():
        raise SystemExit(f"stdlib_used: {FULL_STDLIB.relative_to(ROOT)} is missing (npm ci)")
    known = archive_modules()
    seen = used_in_browser()
    print(f"stdlib_used: the worker loaded {len(seen)} modules from the archive")
    wanted = seen | static_imports(known) | load_closure(set(ALWAYS), known)
    wanted |= {name for name in known if name.split(".")[0] in WHOLE}  # (not what their parts import)
    # (Each comes with the packages above it: they are in sys.modules, and load_closure adds them.)
    lines = sorted(name for name in wanted if name in known)
    KEEP.write_text(
        "# Standard-library modules the trimmed Pyodide library keeps (written by web/tools/stdlib_used.py).\n"
        + "\n".join(lines) + "\n", encoding="utf-8")
    size = sum(zipfile.ZipFile(FULL_STDLIB).getinfo(known[m]).compress_size for m in lines)
    print(f"stdlib_used: {len(lines)} of {len(known)} modules kept ({size / 1e6:.2f} MB of "
          f"{FULL_STDLIB.stat().st_size / 1e6:.2f} MB compressed) in {KEEP.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
