"""Tests for the card art in web/cards/: complete, valid, self-contained, reproducible."""

import importlib.util
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

CARDS = Path(__file__).resolve().parent.parent / "web" / "cards"
SVG = "{http://www.w3.org/2000/svg}"
FACES = [r + s for s in "SHDC" for r in "AKQJT98765432"]
BACKS = ["back", "back-red", "back-blue", "back-green"]
FOUR = ["four/" + r + s for s in "DC" for r in "AKQJT98765432"]  # the four-colour deck's own
ALL = FACES + BACKS + FOUR


def load_generator():
    spec = importlib.util.spec_from_file_location("card_generator", CARDS / "generate.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_all_files_exist():
    missing = [n for n in ALL if not (CARDS / f"{n}.svg").is_file()]
    assert not missing
    assert len(FACES) == 52
    assert (CARDS / "LICENSE.md").is_file()


@pytest.mark.parametrize("name", ALL)
def test_svg_is_valid_and_self_contained(name):
    text = (CARDS / f"{name}.svg").read_text(encoding="utf-8")
    root = ET.fromstring(text)
    assert root.tag == SVG + "svg"
    assert root.get("viewBox") == "0 0 250 350"
    lowered = text.lower()
    # Nothing may be fetched from anywhere: no scripts, no external links, no fonts.
    assert "<script" not in lowered
    assert "<foreignobject" not in lowered
    assert "@import" not in lowered and "@font-face" not in lowered
    assert "javascript:" not in lowered
    assert not re.search(r"\bon[a-z]+\s*=", lowered), "no event handler attributes"
    # The only URL-like strings allowed are the SVG namespace and in-file references.
    for match in re.finditer(r"https?://[^\"' )]+", text):
        assert match.group(0) == "http://www.w3.org/2000/svg"
    for element in root.iter():
        for key, value in element.attrib.items():
            if key.endswith("href"):
                assert value.startswith("#"), f"{key}={value} must be an in-file reference"
            for url in re.findall(r"url\(([^)]*)\)", value):
                assert url.startswith("#"), f"url({url}) must be an in-file reference"
    # Every in-file reference resolves.
    ids = {e.get("id") for e in root.iter() if e.get("id")}
    refs = set(re.findall(r'(?:href="|url\()#([^")]+)', text))
    assert refs <= ids


def test_titles_name_the_cards():
    root = ET.fromstring((CARDS / "QS.svg").read_text(encoding="utf-8"))
    assert root.find(SVG + "title").text == "Queen of spades"
    root = ET.fromstring((CARDS / "TC.svg").read_text(encoding="utf-8"))
    assert root.find(SVG + "title").text == "10 of clubs"


def test_ids_are_unique_across_files_so_cards_can_be_inlined():
    seen = {}
    for name in ALL:
        if name == "back":  # an alias of the default back colour
            continue
        root = ET.fromstring((CARDS / f"{name}.svg").read_text(encoding="utf-8"))
        for e in root.iter():
            if e.get("id"):
                assert e.get("id") not in seen, (name, seen.get(e.get("id")))
                seen[e.get("id")] = name


def test_sizes_are_small():
    sizes = {n: (CARDS / f"{n}.svg").stat().st_size for n in ALL}
    numbers = [n for n in FACES if n[0] in "98765432"]
    assert max(sizes[n] for n in numbers) < 3000
    assert max(sizes.values()) < 8000
    total = sum(p.stat().st_size for p in CARDS.iterdir() if p.is_file())
    assert total < 250_000


def test_generator_reproduces_committed_files():
    files = load_generator().all_files()
    assert sorted(files) == sorted(f"{n}.svg" for n in ALL)
    for name, text in files.items():
        assert (CARDS / name).read_text(encoding="utf-8") == text, f"{name} is out of date"


def test_no_stray_svgs():
    on_disk = {p.relative_to(CARDS).as_posix() for p in CARDS.rglob("*.svg")}
    assert on_disk == {f"{n}.svg" for n in ALL}


def test_the_four_colour_deck_draws_each_suit_in_its_colour():
    generator = load_generator()
    colours = {"S": "#1b1b1f", "H": "#c8102e", "D": "#1850b8", "C": "#11703a"}
    assert generator.FOUR_COLOURS == colours
    for suit, ink in colours.items():
        for rank in "AK9":
            name = ("four/" if suit in "DC" else "") + rank + suit + ".svg"
            pip = ET.fromstring((CARDS / name).read_text(encoding="utf-8")).find(f"{SVG}defs/{SVG}path")
            assert pip.get("fill") == ink, name
    # The usual deck is unchanged: red diamonds, black clubs.
    assert 'fill="#c8102e"' in (CARDS / "9D.svg").read_text(encoding="utf-8")
    assert 'fill="#1b1b1f"' in (CARDS / "9C.svg").read_text(encoding="utf-8")


def contrast(a: str, b: str) -> float:
    """The WCAG contrast ratio of two #rrggbb colours."""
    def luminance(c: str) -> float:
        channels = [int(c[i:i + 2], 16) / 255 for i in (1, 3, 5)]
        lin = [x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4 for x in channels]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_the_four_colours_read_on_the_card():
    for ink in load_generator().FOUR_COLOURS.values():
        assert contrast(ink, "#fffdf9") >= 4.5, ink


def test_the_css_fans_of_backs_use_the_backs_colours():
    # web/style.css draws the small fans of face-down cards itself, in each back's colours.
    css = (CARDS.parent / "style.css").read_text(encoding="utf-8")
    for name, (base, lattice, frame) in load_generator().BACK_COLOURS.items():
        rule = re.search(r'html\[data-back="' + name + r'"\] \{([^}]*)\}', css)
        assert rule, name
        assert f"--back-base: {base};" in rule.group(1)
        assert f"--back-lattice: {lattice};" in rule.group(1)
        assert f"--back-frame: {frame};" in rule.group(1)
