"""Keep the `[files]` table of web/mpy.toml in step with the Python sources.

PyScript copies each `[files]` entry into the interpreter's file system before the script runs:
web/mpy.toml (the MicroPython main thread's config) must list every module of web/ui/ except
main.py (the `src` of the script tag), as the bytecode web/tools/mpy_compile.py writes into
web/runtime/mpy/ (built by `make runtime`). (The Pyodide worker's config, pyscript.toml, needs no
list: it unpacks the whole engine from one archive, see web/tools/pyc_compile.py.)

The file holds a generated block between `# BEGIN generated files` and `# END generated files`
inside its `[files]` table; entries outside the block are kept (e.g. the MicroPython-compatible
gongzhu modules a page adds to web/mpy.toml by hand). `make files` rewrites the blocks;
`python web/tools/pyscript_files.py --check` (and tests/test_skeleton.py) fails when an entry
is missing or points at a file that does not exist.
"""

from __future__ import annotations

import argparse
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


# config file -> (how to list the modules it needs, the folder its [files] URLs are relative to)
CONFIGS = {
    "web/mpy.toml": (ui_modules, "web/"),
}
COMPILED = "runtime/mpy/"


def entries(config: str, root: Path = ROOT) -> dict[str, str]:
    """The generated `[files]` entries of one config: URL (relative to the config) -> destination."""
    lister, url_base = CONFIGS[config]
    result = {}
    for rel in lister(root):
        # web/ui/render.py -> ./runtime/mpy/ui/render.mpy, copied to ./ui/render.mpy
        inside = rel.removeprefix(url_base).removesuffix(".py") + ".mpy"
        result[f"./{COMPILED}{inside}"] = f"./{inside}"
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
    elif "[files]" in text:
        head, tail = text.split("[files]", 1)
        head += "[files]\n"
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
