"""`make site`: what _site/ holds, the <head> every page gets, the service worker, the manifest.

Builds once into a temporary folder (a copy of ~15 MB, well under a second). The browser-side
checks (the site under a sub-path, offline play, updates) are in tests/e2e/test_site.py and
tests/e2e/test_offline.py.
"""

from __future__ import annotations

import json
import re
import struct
import zipfile
from html.parser import HTMLParser
from pathlib import Path, PurePosixPath

import pytest
from build_site import (
    CSP,
    add_head_tags,
    build,
    build_version,
    is_site_file,
    plugins_left_out,
    room_relays,
    runtime_unused,
    site_files,
)
from runtime import is_current

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    if not is_current():
        pytest.fail("web/runtime/ is missing or stale: run `make runtime` (make test does)")
    out = tmp_path_factory.mktemp("site") / "_site"
    return out, build(out)


class Tags(HTMLParser):
    """Every start tag of a page as (name, attributes), and the text of inline <script>s."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str]]] = []
        self.inline_js: list[str] = []
        self._in_js = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = {k.lower(): v or "" for k, v in attrs}
        self.tags.append((tag, attributes))
        self._in_js = tag == "script" and "src" not in attributes and attributes.get("type", "") in ("", "module")

    def handle_endtag(self, tag: str) -> None:
        self._in_js = False

    def handle_data(self, data: str) -> None:
        if self._in_js and data.strip():
            self.inline_js.append(data.strip())


def parse(path: Path) -> Tags:
    tags = Tags()
    tags.feed(path.read_text(encoding="utf-8"))
    return tags


def pages(out: Path) -> list[Path]:
    return sorted(out.rglob("*.html"))


def test_site_holds_the_pages_and_nothing_of_the_workshop(site: tuple[Path, list[str]]) -> None:
    out, files = site
    assert {"index.html", "sw.js", "pyscript.toml", "web/manifest.webmanifest", "web/sw-register.js"} <= set(files)
    assert (out / ".nojekyll").is_file()
    assert all((out / f).is_file() for f in files)
    on_disk = {p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()} - {".nojekyll"}
    assert on_disk == set(files)
    for rel in files:
        assert not rel.startswith(("node_modules/", "tests/", "web/tools/", ".")), rel
        # No bytecode of the working tree (the worker's is packed in its archive, web/tools/pyc_compile.py).
        assert "__pycache__" not in rel and not rel.endswith(".pyc"), rel
    assert "web/sw.js" not in files and "web/screenshot.png" not in files
    # The runtime: what the pages load, not the whole npm packages.
    runtime = [f for f in files if f.startswith("web/runtime/")]
    assert "web/runtime/pyodide/pyodide.asm.wasm" in runtime
    assert "web/runtime/micropython/micropython.wasm" in runtime
    assert not [f for f in runtime if re.search(r"codemirror|xterm|storage\.js|versions\.json", f)], runtime
    # The pages' MicroPython modules as bytecode in one bundle a page, not as source nor file by file;
    # the engine for the Pyodide worker as one archive of its sources and bytecode.
    assert {"web/runtime/mpy/game.bundle", "web/runtime/mpy/quick.bundle", "web/runtime/mpy/unbundle.mpy",
            "web/ui/main.py", "web/runtime/gongzhu.zip"} <= set(files)
    assert not {"web/runtime/mpy/ui/render.mpy", "web/runtime/mpy/gongzhu/core/cards.mpy"} & set(files)
    assert not {"web/ui/render.py", "web/keeper/keeper_app.py", "web/embed/kit.py"} & set(files)
    assert not [f for f in files if f.startswith(("gongzhu/", "web/runtime/pyc/"))]
    with zipfile.ZipFile(out / "web" / "runtime" / "gongzhu.zip") as packed:
        assert {"gongzhu/core/cards.py", "gongzhu/core/__pycache__/cards.cpython-314.pyc",
                "gongzhu/core/bots/pimc.py",
                "gongzhu/core/bots/__pycache__/pimc.cpython-314.pyc"} <= set(packed.namelist())


def test_unused_pyscript_chunks_are_left_out() -> None:
    files = site_files()
    unused = {PurePosixPath(f).name for f in runtime_unused(files)}
    assert "storage.js" in unused  # an entry point of its own, never imported by core.js
    # The zip reader is MicroPython's; the Pyodide worker unpacks its archive with Pyodide's own.
    assert any(n.startswith("zip-") for n in unused)
    assert not {"core.js"} & unused
    assert not [n for n in unused if n.startswith("core-")]
    # The plugins every page leaves out for both interpreters (its config and its <py-config>).
    assert plugins_left_out(files) == {"deprecations-manager", "donkey", "py-editor", "py-game", "py-terminal"}
    for plugin in plugins_left_out(files):
        assert any(n.startswith(plugin + "-") for n in unused), plugin
    # PyScript loads the "error" plugin all the same.
    assert [f for f in files if PurePosixPath(f).name.startswith("error-")]
    assert not [n for n in unused if n.startswith("error-")]


def test_every_page_gets_the_policy_manifest_and_offline_first_thing(site: tuple[Path, list[str]]) -> None:
    out, _ = site
    assert pages(out)
    for page in pages(out):
        rel = page.relative_to(out).as_posix()
        up = "../" * rel.count("/")
        tags = parse(page).tags
        names = [t for t, _ in tags]
        # The policy precedes every script and stylesheet, or it would not cover them.
        csp = [
            i
            for i, (t, a) in enumerate(tags)
            if t == "meta" and a.get("http-equiv", "").lower() == "content-security-policy"
        ]
        assert len(csp) == 1, rel
        first_load = min(i for i, (t, a) in enumerate(tags) if t in ("script", "link", "style"))
        assert csp[0] < first_load, rel
        assert tags[csp[0]][1]["content"] == CSP
        assert ("link", {"rel": "manifest", "href": f"{up}web/manifest.webmanifest"}) in tags, rel
        assert ("script", {"src": f"{up}web/sw-register.js", "defer": ""}) in tags, rel
        assert names.count("html") == 1


def test_csp_allows_only_the_sites_origin_and_the_configured_relays() -> None:
    directives = dict(d.split(" ", 1) for d in CSP.split("; "))
    relays = room_relays()
    assert relays and directives["connect-src"].split() == ["'self'", *relays]
    directives["connect-src"] = "'self'"
    assert directives["default-src"] == "'self'"
    assert directives["object-src"] == "'none'"
    for name, value in directives.items():
        for source in value.split():
            assert source in (
                "'self'",
                "'none'",
                "'unsafe-eval'",
                "'wasm-unsafe-eval'",
                "'unsafe-inline'",
                "blob:",
                "data:",
            ), (
                name,
                source,
            )
    assert "'unsafe-inline'" not in directives["script-src"]
    assert "http" not in CSP and "*" not in CSP and "ws://" not in CSP


def test_pages_have_no_inline_code_and_outside_links_are_noopener(site: tuple[Path, list[str]]) -> None:
    out, _ = site
    for page in pages(out):
        rel = page.relative_to(out).as_posix()
        parsed = parse(page)
        assert not parsed.inline_js, f"{rel}: inline JavaScript is blocked by the CSP; use a file"
        for tag, attrs in parsed.tags:
            handlers = [a for a in attrs if a.startswith("on")]
            assert not handlers, f"{rel}: <{tag} {handlers[0]}=…> is blocked by the CSP; use addEventListener"
            for attr in ("src", "href"):
                value = attrs.get(attr, "")
                root_absolute = value.startswith("/") and not value.startswith("//")
                assert not root_absolute, f"{rel}: <{tag} {attr}={value!r}> is root-absolute; it breaks under /REPO/"
            href = attrs.get("href", "")
            if tag in ("a", "area") and re.match(r"(?i)^(https?:)?//", href):
                assert "noopener" in attrs.get("rel", "").split(), f"{rel}: outside link {href} lacks rel=noopener"
            if tag in ("script", "link", "img", "iframe", "source", "audio", "video"):
                src = attrs.get("src") or (href if tag == "link" else "")
                assert not re.match(r"(?i)^(https?:)?//", src), f"{rel}: <{tag}> loads from another origin: {src}"


def test_add_head_tags_is_idempotent_and_relative_to_the_page() -> None:
    html = '<!doctype html><html><head><meta charset="utf-8"><title>x</title></head><body></body></html>'
    once = add_head_tags(html, "web/embed/replay.html")
    assert add_head_tags(once, "web/embed/replay.html") == once
    assert 'href="../../web/manifest.webmanifest"' in once
    assert once.index("Content-Security-Policy") > once.index("charset") and once.index(
        "Content-Security-Policy"
    ) < once.index("<title>")
    no_charset = add_head_tags("<html><head><title>x</title></head></html>", "a.html")
    assert no_charset.index("Content-Security-Policy") < no_charset.index("<title>")


def test_service_worker_caches_exactly_the_site_under_the_builds_version(site: tuple[Path, list[str]]) -> None:
    out, files = site
    sw = (out / "sw.js").read_text(encoding="utf-8")
    assert "__BUILD_VERSION__" not in sw and "__PRECACHE__" not in sw
    version = re.search(r'const BUILD_VERSION = "([0-9a-f]{16})";', sw)
    assert version, "sw.js has no build version"
    precache = json.loads(re.search(r"const PRECACHE = (\[.*?\]);", sw, re.S)[1])  # type: ignore[index]
    assert sorted(precache) == sorted(f for f in files if f != "sw.js")
    assert version[1] == build_version(out, [f for f in files if f != "sw.js"])
    # The dev server never serves the template (a stale service worker would haunt development).
    assert not is_site_file("web/sw.js")


def test_version_follows_the_content(site: tuple[Path, list[str]], tmp_path: Path) -> None:
    out, files = site
    base = [f for f in files if f != "sw.js"]
    same = build_version(out, base)
    (tmp_path / "index.html").write_text("x", encoding="utf-8")
    assert build_version(tmp_path, ["index.html"]) != same
    named = tmp_path / "named"
    build(named, version="release-2")
    assert 'const BUILD_VERSION = "release-2";' in (named / "sw.js").read_text(encoding="utf-8")


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_manifest_makes_the_site_installable(site: tuple[Path, list[str]]) -> None:
    out, _ = site
    manifest_path = out / "web" / "manifest.webmanifest"
    manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    for key in ("name", "short_name", "start_url", "scope", "display", "icons", "theme_color", "background_color"):
        assert manifest.get(key), key
    assert manifest["display"] in ("standalone", "fullscreen", "minimal-ui")
    # start_url and scope resolve to the site's root, wherever the site is deployed.
    assert (manifest_path.parent / manifest["start_url"]).resolve() == out.resolve()
    assert (manifest_path.parent / manifest["scope"]).resolve() == out.resolve()
    sizes = {}
    for icon in manifest["icons"]:
        path = manifest_path.parent / icon["src"]
        assert path.is_file(), icon
        if icon["type"] == "image/png":
            w, h = png_size(path)
            assert icon["sizes"] == f"{w}x{h}", icon
            sizes.setdefault(icon.get("purpose", "any"), set()).add(w)
    assert {192, 512} <= sizes["any"] and 512 in sizes["maskable"]
