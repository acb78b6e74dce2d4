"""Keep the `[files]` tables of the MicroPython pages' configs in step with the Python sources.

PyScript copies each `[files]` entry into the interpreter's file system before the script runs,
as the bytecode web/tools/mpy_compile.py writes into web/runtime/mpy/ (built by `make runtime`):
- web/mpy.toml (the game's main thread) lists every module of web/ui/ except main.py (the
  `src` of the script tag);
- every config (the game's, web/keeper/mpy.toml, web/embed/mpy.toml, and web/quick/mpy.toml,
  the quick engine worker's) lists the modules of the
  portable core (gongzhu/core/) that its page imports, directly or through each other, and the
  keeper's and the embeds' the game's web/ui/ modules they share, found by reading the imports
  (`engine_modules`).
(The Pyodide worker's config, pyscript.toml, needs no list: it unpacks the whole engine from one
archive, see web/tools/pyc_compile.py.)

Each file holds a generated block between `# BEGIN generated files` and `# END generated files`
inside its `[files]` table; entries outside the block are kept (the keeper's and the embeds'
own modules). `make files` rewrites the blocks;
`python web/tools/pyscript_files.py --check` (and tests/test_skeleton.py) fails when an entry
is missing or points at a file that does not exist.
"""

from __future__ import annotations

import argparse
import ast
import sys
import tomllib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
ROOT = Path(__file__).resolve().parents[2]
BEGIN = "# BEGIN generated files (make files)"
END = "# END generated files"


def ui_modules(root: Path = ROOT) -> list[str]:
    """Every .py file of web/ui/ but main.py, relative to the repository."""
    ui = root / "web" / "ui"
    return sorted(
        p.relative_to(root).as_posix() for p in ui.rglob("*.py") if p.name != "main.py" and "__pycache__" not in p.parts
    )


def no_modules(root: Path = ROOT) -> list[str]:
    """A page whose own modules are listed by hand."""
    return []


def _imported(path: Path, root: Path) -> set[Path]:
    """The files of gongzhu/ and web/ui/ that a module imports (a package's __init__ included)."""
    found: set[Path] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: only inside gongzhu/
                package = path.parent
                for _ in range(node.level - 1):
                    package = package.parent
                base = ".".join([*package.relative_to(root).parts, *([base] if base else [])])
            names = [base] + [f"{base}.{a.name}" for a in node.names]
        else:
            continue
        for name in names:
            parts = name.split(".")
            if parts[0] == "ui":
                parts = ["web", *parts]
            elif parts[0] != "gongzhu":
                continue
            for i in range(1, len(parts) + 1):  # each package on the way, then the module
                folder = root.joinpath(*parts[:i])
                for candidate in (folder / "__init__.py", folder.with_suffix(".py")):
                    if candidate.is_file():
                        found.add(candidate)
    return found


def engine_modules(config: str, root: Path = ROOT) -> list[str]:
    """The gongzhu modules a page imports, directly or through each other (repository paths),
    and for the keeper and the embeds the game's web/ui/ modules they share: what its config
    must fetch from web/runtime/mpy/ besides the page's own modules."""
    todo = sorted((root / PAGE_FOLDERS[config]).glob("*.py"))
    seen: set[Path] = set()
    while todo:
        path = todo.pop()
        if path not in seen:
            seen.add(path)
            # gongzhu/__init__.py's re-exports are skipped on MicroPython.
            if path != root / "gongzhu" / "__init__.py":
                todo += sorted(_imported(path, root) - seen)
    shared = ("gongzhu",) if PAGE_FOLDERS[config] == "web/ui" else ("gongzhu", "web/ui")
    return sorted(p.relative_to(root).as_posix() for p in seen if p.relative_to(root).as_posix().startswith(shared))


# config file -> (how to list the page's own modules it copies, the folder its [files] URLs are
# relative to); every config also copies the gongzhu modules its page imports (engine_modules).
CONFIGS = {
    "web/mpy.toml": (ui_modules, "web/"),
    "web/keeper/mpy.toml": (no_modules, "web/keeper/"),
    "web/embed/mpy.toml": (no_modules, "web/embed/"),
    "web/quick/mpy.toml": (no_modules, "web/quick/"),
}
PAGE_FOLDERS = {"web/mpy.toml": "web/ui", "web/keeper/mpy.toml": "web/keeper", "web/embed/mpy.toml": "web/embed",
                "web/quick/mpy.toml": "web/quick"}
"""Config -> the folder of the page's scripts, whose imports decide the engine modules."""
COMPILED = "runtime/mpy/"


def entries(config: str, root: Path = ROOT) -> dict[str, str]:
    """The generated `[files]` entries of one config: URL (relative to the config) -> destination."""
    lister, url_base = CONFIGS[config]
    up = "../" * (url_base.count("/") - 1) or "./"
    result = {}
    for rel in lister(root):
        # web/ui/render.py -> ./runtime/mpy/ui/render.mpy, copied to ./ui/render.mpy
        inside = rel.removeprefix("web/").removesuffix(".py") + ".mpy"
        result[f"{up}{COMPILED}{inside}"] = f"./{inside}"
    for rel in engine_modules(config, root):
        # gongzhu/core/cards.py -> ./runtime/mpy/gongzhu/core/cards.mpy, copied to ./gongzhu/core/cards.mpy
        inside = rel.removeprefix("web/").removesuffix(".py") + ".mpy"
        result[f"{up}{COMPILED}{inside}"] = f"./{inside}"
    return result


def render_block(config: str, root: Path = ROOT) -> str:
    lines = [BEGIN]
    lines += [f'"{url}" = "{dest}"' for url, dest in entries(config, root).items()]
    lines.append(END)
    return "\n".join(lines)


def updated_text(config: str, text: str, root: Path = ROOT) -> str:
    """`text` (a config's content) with its generated block replaced (or added to [files]).

    Hand-written lines duplicating a generated entry are dropped (TOML forbids duplicate keys).
    """
    generated = entries(config, root)
    block = render_block(config, root)
    if BEGIN in text and END in text:
        head, rest = text.split(BEGIN, 1)
        _, tail = rest.split(END, 1)
    elif "\n[files]\n" in text:
        head, tail = text.split("\n[files]\n", 1)
        head += "\n[files]\n"
        tail = tail.lstrip("\n")
        tail = "\n" + tail if tail else "\n"
    else:
        head, tail = text.rstrip("\n") + "\n\n[files]\n", "\n"

    def keep(line: str) -> bool:
        key = line.split("=", 1)[0].strip().strip('"')
        return not ("=" in line and key in generated)

    tail = "\n".join(line for line in tail.split("\n") if keep(line))
    return head + block + tail


def problems(config: str, root: Path = ROOT) -> list[str]:
    """What is wrong with a config's [files] table (empty list when it is complete)."""
    path = root / config
    table = tomllib.loads(path.read_text(encoding="utf-8")).get("files", {})
    url_base = CONFIGS[config][1]
    found = []
    for url in entries(config, root):
        if url not in table:
            found.append(f"{config}: [files] lacks {url!r}; run `make files`")
    for url in table:
        if "{" in url or url.startswith(("http:", "https:")):
            continue
        target = root / url_base / url
        if not target.resolve().is_file():
            found.append(
                f"{config}: [files] lists {url!r} but {target.relative_to(root)} does not exist; run `make files`"
            )
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Generate or check the [files] tables of the PyScript configs.")
    parser.add_argument("--check", action="store_true", help="report missing/stale entries instead of writing")
    args = parser.parse_args(argv)
    status = 0
    for config in CONFIGS:
        path = ROOT / config
        if args.check:
            for problem in problems(config):
                print(problem, file=sys.stderr)
                status = 1
            continue
        text = path.read_text(encoding="utf-8")
        new = updated_text(config, text)
        if new != text:
            path.write_text(new, encoding="utf-8")
            print(f"files: updated {config}")
    return status


if __name__ == "__main__":
    sys.exit(main())
