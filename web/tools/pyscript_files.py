"""Keep the `[files]` tables of the MicroPython pages' configs in step with the Python sources.

Each MicroPython config (the game's web/mpy.toml, the score keeper's web/keeper/mpy.toml, the
embeds' web/embed/mpy.toml and the quick engine worker's web/quick/mpy.toml, which
web/quick/worker.mjs follows rather than PyScript) copies two files into the interpreter's file
system before its script runs: web/runtime/mpy/unbundle.mpy and the page's
bundle, web/runtime/mpy/<page>.bundle, which web/bundle.mjs unpacks before the script runs (or,
where the browser cannot inflate it, the script's first line, `import unbundle`: web/unbundle.py).
A bundle holds the bytecode web/tools/mpy_compile.py writes into web/runtime/mpy/ (built by
`make runtime`) of every module the page imports (`members`):
- the page's own modules: every .py of its folder but the scripts (web/ui/ but main.py for the
  game, web/keeper/ but main.py, web/embed/ but its three page scripts; none for the worker);
- the modules of the portable core (gongzhu/core/) that its scripts import, directly or through
  each other, and for the keeper and the embeds the game's web/ui/ modules they share, found by
  reading the imports (`engine_modules`);
- on the pages (not the worker), the modules of PyScript's own package that the page loads
  (`pyscript_modules`), which PyScript would otherwise write as source and compile at every
  start (web/pyscript.mjs writes them first).
One bundle is one request where the modules were thirty-odd, each of which PyScript waited for.
(The Pyodide worker's config, pyscript.toml, needs no list: it unpacks the whole engine from one
archive, see web/tools/pyc_compile.py.)

Each config holds a generated block between `# BEGIN generated files` and `# END generated files`
inside its `[files]` table; entries outside the block are kept. `make files` rewrites the blocks;
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
from mpy_compile import PAGES, pyscript_sources  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
BEGIN = "# BEGIN generated files (make files)"
END = "# END generated files"


def page_modules(config: str, root: Path = ROOT) -> list[str]:
    """The page's own modules (repository paths): the .py files of its folder but its scripts."""
    folder = root / PAGE_FOLDERS[config]
    scripts = PAGES.get(folder.name)
    if scripts is None:  # the quick worker: its one script imports only the engine
        return []
    return sorted(p.relative_to(root).as_posix() for p in folder.glob("*.py") if p.name not in scripts)


def _import_names(path: Path, root: Path, top_level: bool = False) -> list[str]:
    """The dotted names the imports of the module at `path` may load: each `import` name, and for
    `from X import a` both X and X.a (relative imports resolved against `path`'s folder under
    `root`). With `top_level`, only the imports that run as the module runs, not those inside a
    function, which may never be called."""
    names: list[str] = []
    todo: list[ast.AST] = [ast.parse(path.read_text(encoding="utf-8"), str(path))]
    while todo:
        node = todo.pop()
        if top_level and isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        todo += ast.iter_child_nodes(node)
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: only inside gongzhu/
                package = path.parent
                for _ in range(node.level - 1):
                    package = package.parent
                base = ".".join([*package.relative_to(root).parts, *([base] if base else [])])
            names += [base] + [f"{base}.{a.name}" for a in node.names]
    return names


def _imported(path: Path, root: Path) -> set[Path]:
    """The files of gongzhu/ and web/ui/ that a module imports (a package's __init__ included)."""
    found: set[Path] = set()
    for name in _import_names(path, root):
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


PAGE_FOLDERS = {"web/mpy.toml": "web/ui", "web/keeper/mpy.toml": "web/keeper", "web/embed/mpy.toml": "web/embed",
                "web/quick/mpy.toml": "web/quick"}
"""Config -> the folder of the page's scripts, whose imports decide the engine modules."""
CONFIGS = {"web/mpy.toml": "game", "web/keeper/mpy.toml": "keeper", "web/embed/mpy.toml": "embed",
           "web/quick/mpy.toml": "quick"}
"""Config -> the name of its bundle (web/runtime/mpy/<name>.bundle)."""
COMPILED = "runtime/mpy/"


def members(config: str, root: Path = ROOT) -> dict[str, str]:
    """What a config's bundle holds: compiled module (under web/runtime/mpy/) -> its path in the
    interpreter's file system, e.g. "ui/render.mpy" -> "ui/render.mpy",
    "keeper/keeper_app.mpy" -> "keeper_app.mpy" (a page's own modules sit beside its script)."""
    result = {}
    own, engine = page_modules(config, root), engine_modules(config, root)
    for rel in own:
        # web/ui/render.py -> ui/render.mpy (imported as ui.render); web/keeper/keeper_app.py -> keeper_app.mpy
        compiled = rel.removeprefix("web/").removesuffix(".py") + ".mpy"
        result[compiled] = compiled if rel.startswith("web/ui/") else compiled.split("/", 1)[1]
    for rel in engine:
        # gongzhu/core/cards.py -> gongzhu/core/cards.mpy; web/ui/dom.py -> ui/dom.mpy
        compiled = rel.removeprefix("web/").removesuffix(".py") + ".mpy"
        result[compiled] = compiled
    for name in pyscript_modules(config, root, own + engine):  # PyScript's own package: pyscript/*.mpy
        result[f"pyscript/{name}.mpy"] = f"pyscript/{name}.mpy"
    return result


def _pyscript_imports(path: Path, root: Path, package: set[str], top_level: bool) -> set[str]:
    """The modules of PyScript's package (`package`: their names) that the module at `path`
    imports (`_import_names`)."""
    found = set()
    for name in _import_names(path, root, top_level):
        if name == "pyscript":
            found.add("__init__")
        elif name.startswith("pyscript.") and name[9:] in package:
            found.update(("__init__", name[9:]))
    return found


def pyscript_modules(config: str, root: Path = ROOT, modules: list[str] | None = None) -> list[str]:
    """The modules of PyScript's package that a page loads (none for the quick worker, which runs
    without PyScript): those `import pyscript` loads as PyScript starts, and those the page's own
    and shared modules import, each with what it imports as it runs. The rest (`pyscript.web`,
    `.fs`, `.media`) stay out of the bundle, and a page that imported one would fail to: import it
    somewhere in the page's modules and it is bundled. `modules`: the page's own and shared modules
    (repository paths), when the caller has them already."""
    if PAGES.get(Path(PAGE_FOLDERS[config]).name) is None:
        return []
    sources = {Path(compiled).stem: path for compiled, path in pyscript_sources(root).items()}
    package = set(sources)
    if modules is None:
        modules = page_modules(config, root) + engine_modules(config, root)
    pages = {root / rel for rel in modules} | set((root / PAGE_FOLDERS[config]).glob("*.py"))  # its scripts too
    todo = set()
    for path in pages:
        todo |= _pyscript_imports(path, root, package, False)
    seen: set[str] = set()
    while todo:
        name = todo.pop()
        if name in package and name not in seen:
            seen.add(name)
            todo |= _pyscript_imports(sources[name], root, package, True)
    return sorted(seen)


def bundles(root: Path = ROOT) -> dict[str, dict[str, str]]:
    """Bundle file name (under web/runtime/mpy/) -> its `members`, for every config."""
    return {f"{name}.bundle": members(config, root) for config, name in CONFIGS.items()}


def entries(config: str, root: Path = ROOT) -> dict[str, str]:
    """The generated `[files]` entries of one config: URL (relative to the config) -> destination."""
    up = "../" * (config.count("/") - 1) or "./"  # from the config's folder to web/
    return {f"{up}{COMPILED}unbundle.mpy": "./unbundle.mpy",
            f"{up}{COMPILED}{CONFIGS[config]}.bundle": "./modules.bundle"}


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
    url_base = Path(config).parent  # the [files] URLs are relative to the config
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
