"""The embed pages' wiring: every file they load exists, and web/embed/mpy.toml lists their own
modules (the engine modules they import are generated and checked by web/tools/pyscript_files.py,
tests/test_skeleton.py)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from build_site import is_site_file

ROOT = Path(__file__).resolve().parents[1]
EMBED = ROOT / "web" / "embed"
PAGE_SCRIPTS = {"calculator.py", "replay.py", "puzzle.py"}


def _files_table() -> dict[str, str]:
    return tomllib.loads((EMBED / "mpy.toml").read_text(encoding="utf-8"))["files"]


def test_mpy_config_lists_existing_files_and_every_embed_module() -> None:
    from pyscript_files import members

    table = _files_table()
    for url in table:
        assert (EMBED / url).resolve().is_file(), url
    destinations = set(members("web/embed/mpy.toml").values())  # the bundle the config copies
    for path in EMBED.glob("*.py"):
        if path.name not in PAGE_SCRIPTS:
            assert f"{path.stem}.mpy" in destinations, f"web/embed/mpy.toml's bundle lacks {path.name} (precompiled)"


def test_pages_load_only_files_of_the_site() -> None:
    pages = [*EMBED.glob("*.html"), ROOT / "embed.html"]
    for page in pages:
        text = page.read_text(encoding="utf-8")
        for ref in re.findall(r'(?:src|href|config)="([^"#?]+)"', text):
            if ref.startswith(("http:", "https:", "data:")):
                raise AssertionError(f"{page.name} loads {ref} from another origin")
            target = (page.parent / ref).resolve()
            rel = target.relative_to(ROOT).as_posix()
            assert target.is_file() or rel.startswith("web/runtime/"), f"{page.name}: {ref} is missing"
            assert is_site_file(rel), f"{page.name}: {ref} is not part of the built site"
