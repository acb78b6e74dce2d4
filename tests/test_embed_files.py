"""The embed pages' wiring: every file they load exists, and web/embed/mpy.toml lists what their
MicroPython imports (a missing entry fails only in the browser otherwise)."""

from __future__ import annotations

import ast
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
    table = _files_table()
    for url in table:
        assert (EMBED / url).resolve().is_file(), url
    destinations = set(table.values())
    for path in EMBED.glob("*.py"):
        if path.name not in PAGE_SCRIPTS:
            assert f"./{path.stem}.mpy" in destinations, f"web/embed/mpy.toml lacks {path.name} (precompiled)"


def test_every_gongzhu_module_the_embeds_import_is_listed() -> None:
    destinations = set(_files_table().values())
    needed = {"replay"}
    for path in [*EMBED.glob("*.py"), ROOT / "gongzhu" / "replay.py"]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("gongzhu."):
                needed.add(node.module.split(".")[1])
            if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module:
                needed.add(node.module)
    for module in needed:
        assert f"./gongzhu/{module}.mpy" in destinations, f"web/embed/mpy.toml lacks gongzhu/{module}.mpy"


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
