"""Generate the SVG card faces and backs in web/cards/ (stdlib only, deterministic).

Run ``python web/cards/generate.py`` to (re)write the files next to this script,
``python web/cards/generate.py --check`` to verify the committed files match, or
``python web/cards/generate.py --sheet /tmp/sheet.html`` for a contact sheet to look at
(``chromium --headless --screenshot=/tmp/sheet.png --window-size=1400,1000 file:///tmp/sheet.html``).

Every card is drawn here from scratch: no fonts (ranks are stroked paths), no
external references, no scripts. Cards are 250x350 (5:7) with rounded corners.
File names are card codes: rank ``AKQJT98765432`` + suit ``SHDC`` (``QS.svg``),
plus ``back.svg`` (= red) and ``back-red.svg``, ``back-blue.svg``, ``back-green.svg``.
``four/`` holds the diamonds and clubs of the four-colour deck (spades black, hearts red,
diamonds blue, clubs green; its spades and hearts are the usual files).
All ids inside a file are prefixed with its code (``f`` and the code in ``four/``), so the
SVGs may also be inlined.
"""

import sys
from pathlib import Path

RANKS = "AKQJT98765432"
SUITS = "SHDC"
W, H = 250, 350
RED = "#c8102e"
BLACK = "#1b1b1f"
BLUE = "#1850b8"
GREEN = "#11703a"
FOUR_COLOURS = {"S": BLACK, "H": RED, "D": BLUE, "C": GREEN}
"""The four-colour deck's suit colours (each at least 4.5:1 on the card's white)."""
FOUR_TINTS = {"D": ("#edf2fc", "#203f86"), "C": ("#ecf6ef", "#17492b")}
"""The four-colour deck's court panel tint and robe, for diamonds and clubs."""
GOLD = "#e2a823"
GOLD_DARK = "#a8770c"
BACK_COLOURS = {  # name: (base, lattice, frame)
    "red": ("#a8232c", "#c2434b", "#f4d9a8"),
    "blue": ("#1d4880", "#325f9e", "#d7e3f4"),
    "green": ("#1d6342", "#2f7d57", "#d8eedc"),
}
DEFAULT_BACK = "red"

# Suit pips, centred on (0, 0) in a 100x100 box.
def _circle(cx, cy, r):
    return f"M{cx - r} {cy}a{r} {r} 0 1 0 {2 * r} 0a{r} {r} 0 1 0 {-2 * r} 0Z"


PIPS = {
    "H": "M0 45C-30 22-50 2-50-18C-50-36-38-46-24-46C-12-46-4-38 0-28"
         "C4-38 12-46 24-46C38-46 50-36 50-18C50 2 30 22 0 45Z",
    "S": "M0-48C-12-30-50-12-50 12C-50 26-40 36-26 36C-16 36-8 31-4 25"
         "C-5 35-9 42-16 48H16C9 42 5 35 4 25C8 31 16 36 26 36"
         "C40 36 50 26 50 12C50-12 12-30 0-48Z",
    "D": "M0-50C10-32 24-16 40 0C24 16 10 32 0 50C-10 32-24 16-40 0C-24-16-10-32 0-50Z",
    "C": _circle(0, -24, 22) + _circle(-25, 11, 22) + _circle(25, 11, 22)
         + _circle(0, 4, 11) + "M-4 14C-5 32-9 40-17 48H17C9 40 5 32 4 14Z",
}

# Rank glyphs: stroked centre lines in a 40x60 box (the "10" is 48 wide).
GLYPHS = {
    "A": "M2 60L20 0L38 60M8 41H32",
    "K": "M4 0V60M36 0L4 38M15 27L37 60",
    "Q": "M20 0C31 0 38 13 38 30C38 47 31 60 20 60C9 60 2 47 2 30C2 13 9 0 20 0ZM24 45L38 62",
    "J": "M16 0H37M31 0V43C31 54 25 60 17 60C9 60 4 55 3 48",
    "T": "M2 9L11 1V60M34 0C42 0 46 13 46 30C46 47 42 60 34 60"
         "C26 60 22 47 22 30C22 13 26 0 34 0Z",
    "9": "M37 21C37 33 30 40 20 40C10 40 3 33 3 20C3 8 10 0 20 0C30 0 37 8 37 21"
         "V40C37 52 31 60 20 60C13 60 7 57 4 51",
    "8": "M20 28C11 28 5 22 5 14C5 6 11 0 20 0C29 0 35 6 35 14C35 22 29 28 20 28Z"
         "M20 28C30 28 37 35 37 44C37 53 30 60 20 60C10 60 3 53 3 44C3 35 10 28 20 28Z",
    "7": "M2 0H38L15 60",
    "6": "M3 39C3 27 10 20 20 20C30 20 37 27 37 40C37 52 30 60 20 60C10 60 3 52 3 39"
         "V20C3 8 9 0 20 0C27 0 33 3 36 9",
    "5": "M35 0H7L4 28C8 24 13 22 20 22C30 22 38 29 38 41C38 53 30 60 19 60C11 60 5 56 2 50",
    "4": "M28 60V0L2 42H40",
    "3": "M4 8C8 3 13 0 20 0C29 0 35 6 35 15C35 24 29 29 18 29"
         "C30 29 38 35 38 45C38 54 30 60 20 60C12 60 6 57 2 51",
    "2": "M3 15C3 6 10 0 20 0C30 0 37 7 37 16C37 25 32 30 24 37L3 60H39",
}
GLYPH_WIDTH = {"T": 46}

# Pip positions for number cards: (x, y) with y > 175 drawn upside down.
_L, _C, _R = 93, 125, 157
_T, _B, _M = 66, 284, 175
_Q1, _Q3 = _T + (_B - _T) / 3, _T + 2 * (_B - _T) / 3
LAYOUTS = {
    "2": [(_C, _T), (_C, _B)],
    "3": [(_C, _T), (_C, _M), (_C, _B)],
    "4": [(x, y) for y in (_T, _B) for x in (_L, _R)],
    "5": [(x, y) for y in (_T, _B) for x in (_L, _R)] + [(_C, _M)],
    "6": [(x, y) for y in (_T, _M, _B) for x in (_L, _R)],
    "7": [(x, y) for y in (_T, _M, _B) for x in (_L, _R)] + [(_C, (_T + _M) / 2)],
    "8": [(x, y) for y in (_T, _M, _B) for x in (_L, _R)]
         + [(_C, (_T + _M) / 2), (_C, (_M + _B) / 2)],
    "9": [(x, y) for y in (_T, _Q1, _Q3, _B) for x in (_L, _R)] + [(_C, _M)],
    "T": [(x, y) for y in (_T, _Q1, _Q3, _B) for x in (_L, _R)]
         + [(_C, (_T + _Q1) / 2), (_C, (_Q3 + _B) / 2)],
}

NAMES = {"A": "Ace", "K": "King", "Q": "Queen", "J": "Jack", "T": "10"}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def _n(x):
    """Format a number compactly (at most one decimal)."""
    x = round(x, 1)
    return str(int(x)) if x == int(x) else str(x)


def colour(suit, four=False):
    """A suit's ink: red and black, or the four-colour deck's."""
    if four:
        return FOUR_COLOURS[suit]
    return RED if suit in "HD" else BLACK


def pip(uid, x, y, s, flip=None):
    """A <use> of the suit pip at (x, y), scale s; flipped when below the middle."""
    if flip is None:
        flip = y > _M
    rot = "rotate(180)" if flip else ""
    return f'<use href="#{uid}p" transform="translate({_n(x)} {_n(y)}){rot}scale({s})"/>'


def _open(title):
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" '
            f'width="{W}" height="{H}" role="img"><title>{title}</title>')


def frame(fill="#fffdf9", stroke="#b9b4aa"):
    return (f'<rect x="1.5" y="1.5" width="{W - 3}" height="{H - 3}" rx="16" '
            f'fill="{fill}" stroke="{stroke}" stroke-width="3"/>')


def glyph_path(text_id, rank, col, width=9):
    return (f'<path id="{text_id}" d="{GLYPHS[rank]}" fill="none" stroke="{col}" '
            f'stroke-width="{width}" stroke-linecap="round" stroke-linejoin="round"/>')


# Small badges under the corner index of the special cards, so they are
# recognisable even when only the left strip of a card shows in a fanned hand.
BADGES = {
    "QS": '<circle cx="37" cy="152" r="17" fill="#f6adbf" stroke="#d66a86" stroke-width="2.5"/>'
          '<ellipse cx="37" cy="156" rx="9" ry="6.5" fill="#f08aa4" stroke="#d66a86" stroke-width="2"/>'
          '<circle cx="33.5" cy="156" r="1.8" fill="#a8435f"/><circle cx="40.5" cy="156" r="1.8" '
          'fill="#a8435f"/><circle cx="31" cy="146" r="2" fill="#2b1a20"/>'
          '<circle cx="43" cy="146" r="2" fill="#2b1a20"/>',
    "JD": '<g fill="#fff" stroke="#9a9a90" stroke-width="2">' + "".join(
          f'<circle cx="{37 + dx}" cy="{152 + dy}" r="7"/>'
          for dx, dy in ((0, -12), (10, -6), (11, 5), (6, 13), (-6, 13), (-11, 5), (-10, -6)))
          + '<circle cx="37" cy="152" r="12" stroke="none"/></g>'
          '<ellipse cx="37" cy="155" rx="6" ry="8.5" fill="#2e2b2b"/>'
          '<ellipse cx="29" cy="150" rx="5" ry="2.5" fill="#2e2b2b"/>'
          '<ellipse cx="45" cy="150" rx="5" ry="2.5" fill="#2e2b2b"/>',
    "TC": f'<circle cx="37" cy="152" r="17" fill="{GOLD}" stroke="{GOLD_DARK}" stroke-width="2"/>'
          f'<path d="M40 138L28 155H37L33 167L46 149H37Z" fill="#fff" stroke="{BLACK}" '
          f'stroke-width="1.8" stroke-linejoin="round"/>',
    "AH": f'<path d="M37 135L41.7 145.5L53 146.7L44.5 154.4L46.9 165.6L37 159.9L27.1 165.6'
          f'L29.5 154.4L21 146.7L32.3 145.5Z" fill="{GOLD}" stroke="{GOLD_DARK}" stroke-width="2" '
          f'stroke-linejoin="round"/>',
}


def badge(code):
    """The special card's corner badge (drawn around (37, 152), shown 1.2x at (37, 157))."""
    if code not in BADGES:
        return ""
    return f'<g transform="translate(37 157)scale(1.2)translate(-37 -152)">{BADGES[code]}</g>'


def index(uid, rank, col, code=None):
    """The corner index (rank over suit), top-left and rotated bottom-right."""
    gw = GLYPH_WIDTH.get(rank, 40)
    x = 37 - gw / 2
    return (f'<g id="{uid}i"><g transform="translate({_n(x)} 15)">'
            + glyph_path(f"{uid}r", rank, col) + "</g>"
            + pip(uid, 37, 108, 0.42, flip=False) + badge(code or uid) + "</g>"
            f'<use href="#{uid}i" transform="rotate(180 125 175)"/>')


def defs(uid, suit, four=False):
    return f'<defs><path id="{uid}p" d="{PIPS[suit]}" fill="{colour(suit, four)}"/></defs>'


# --- court cards ------------------------------------------------------------

PANEL = (66, 26, 118, 298)  # x, y, w, h of the framed centre of courts/specials


def panel(fill, stroke):
    x, y, w, h = PANEL
    return (f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="10" fill="{fill}" '
            f'stroke="{stroke}" stroke-width="2"/>')


def crown(rank):
    """Headgear over a head centred at (125, 100)."""
    if rank == "K":  # three-pointed crown with orbs
        return (f'<path d="M99 76L97 48L111 62L125 40L139 62L153 48L151 76Z" fill="{GOLD}" '
                f'stroke="{GOLD_DARK}" stroke-width="2" stroke-linejoin="round"/>'
                f'<circle cx="97" cy="46" r="4" fill="{GOLD}"/><circle cx="125" cy="38" r="5" '
                f'fill="{GOLD}"/><circle cx="153" cy="46" r="4" fill="{GOLD}"/>'
                f'<rect x="98" y="70" width="54" height="8" rx="2" fill="{GOLD_DARK}"/>')
    if rank == "Q":  # rounded tiara with a jewel
        return (f'<path d="M101 78C99 66 101 56 106 50C110 58 117 60 125 46C133 60 140 58 144 50'
                f'C149 56 151 66 149 78Z" fill="{GOLD}" stroke="{GOLD_DARK}" stroke-width="2" '
                f'stroke-linejoin="round"/><circle cx="125" cy="66" r="5" fill="#fff"/>'
                f'<circle cx="106" cy="47" r="3.5" fill="{GOLD}"/>'
                f'<circle cx="144" cy="47" r="3.5" fill="{GOLD}"/>')
    # Jack: a cap with a feather
    return (f'<path d="M150 66C156 50 162 40 170 34C166 48 160 60 152 72Z" fill="#fff" '
            f'stroke="{GOLD_DARK}" stroke-width="2" stroke-linejoin="round"/>'
            f'<path d="M97 80C97 60 110 52 126 52C142 52 154 60 154 80Z" fill="{GOLD}" '
            f'stroke="{GOLD_DARK}" stroke-width="2" stroke-linejoin="round"/>'
            f'<rect x="94" y="74" width="62" height="8" rx="4" fill="{GOLD_DARK}"/>')


def court_half(uid, rank, suit, four=False):
    """The upper half of a double-ended court figure (head, headgear, robe)."""
    robe = RED if suit in "HD" else "#26324a"
    if four and suit in FOUR_TINTS:
        robe = FOUR_TINTS[suit][1]
    hair = {"K": "#e9e4dc", "Q": "#5b3a29", "J": "#9a6a3a"}[rank]
    out = []
    if rank == "Q":  # long hair behind the face
        out.append(f'<path d="M97 86C95 116 99 130 106 136H144C151 130 155 116 153 86Z" fill="{hair}"/>')
    # robe / shoulders, cut at the centre line
    out.append('<path d="M106 124H144L125 170Z" fill="#fff"/>')
    out.append(f'<path d="M66 175V142C78 134 94 128 108 124L125 160L142 124C156 128 172 134 184 142'
               f'V175Z" fill="{robe}"/>')
    out.append(f'<path d="M108 124L125 160L142 124" fill="none" stroke="{GOLD}" stroke-width="4" '
               f'stroke-linejoin="round"/>')
    # head
    out.append('<circle cx="125" cy="100" r="25" fill="#f6d6b8"/>')
    if rank == "K":  # beard
        out.append(f'<path d="M102 100C102 124 112 134 125 134C138 134 148 124 148 100'
                   f'C142 112 108 112 102 100Z" fill="{hair}" stroke="#c9c1b4" stroke-width="1.5"/>')
    if rank == "J":  # short hair
        out.append(f'<path d="M100 92C100 84 104 80 108 80H142C146 80 150 84 150 92'
                   f'C146 88 104 88 100 92Z" fill="{hair}"/>')
    out.append('<circle cx="116" cy="98" r="2.6" fill="#3a2a22"/>'
               '<circle cx="134" cy="98" r="2.6" fill="#3a2a22"/>')
    out.append(crown(rank))
    out.append(pip(uid, 87, 56, 0.24, flip=False))
    return "".join(out)


def court(uid, rank, suit, four=False):
    tint = "#fbeef0" if suit in "HD" else "#eef1f6"
    if four and suit in FOUR_TINTS:
        tint = FOUR_TINTS[suit][0]
    edge = colour(suit, four)
    half = f'<g id="{uid}h">{court_half(uid, rank, suit, four)}</g>'
    x, y, w, h = PANEL
    return (panel(tint, edge)
            + f'<clipPath id="{uid}k"><rect x="{x}" y="{y}" width="{w}" height="{h}" rx="10"/></clipPath>'
            + f'<g clip-path="url(#{uid}k)">{half}'
            + f'<use href="#{uid}h" transform="rotate(180 125 175)"/></g>'
            + f'<rect x="{x}" y="169" width="{w}" height="12" fill="{GOLD}"/>'
            + f'<path d="M{x} 169H{x + w}M{x} 181H{x + w}" stroke="{GOLD_DARK}" stroke-width="1.5"/>'
            + pip(uid, 125, 175, 0.09, flip=False)
            + f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="10" fill="none" '
              f'stroke="{edge}" stroke-width="2"/>')


# --- the four special cards -------------------------------------------------

def pig(uid):
    """Q♠: the pig (猪) — a pink pig face wearing the queen's crown."""
    pink, line = "#f6adbf", "#d66a86"
    return (panel("#fde7ed", "#e58ba2")
            + pip(uid, 125, 62, 0.3, flip=False) + pip(uid, 125, 290, 0.3, flip=True)
            + f'<path d="M80 140L74 96L112 124Z" fill="{pink}" stroke="{line}" stroke-width="3" '
              f'stroke-linejoin="round"/>'
            + f'<path d="M170 140L176 96L138 124Z" fill="{pink}" stroke="{line}" stroke-width="3" '
              f'stroke-linejoin="round"/>'
            + f'<ellipse cx="125" cy="180" rx="54" ry="48" fill="{pink}" stroke="{line}" stroke-width="3"/>'
            + '<circle cx="94" cy="194" r="9" fill="#f58aa6" opacity=".6"/>'
              '<circle cx="156" cy="194" r="9" fill="#f58aa6" opacity=".6"/>'
            + '<circle cx="105" cy="166" r="6.5" fill="#2b1a20"/><circle cx="145" cy="166" r="6.5" '
              'fill="#2b1a20"/><circle cx="107" cy="164" r="2" fill="#fff"/>'
              '<circle cx="147" cy="164" r="2" fill="#fff"/>'
            + f'<ellipse cx="125" cy="196" rx="24" ry="16" fill="#f08aa4" stroke="{line}" stroke-width="3"/>'
            + '<ellipse cx="116" cy="196" rx="4.5" ry="7" fill="#a8435f"/>'
              '<ellipse cx="134" cy="196" rx="4.5" ry="7" fill="#a8435f"/>'
            + f'<path d="M105 136L103 112L114 124L125 106L136 124L147 112L145 136Z" fill="{GOLD}" '
              f'stroke="{GOLD_DARK}" stroke-width="2" stroke-linejoin="round"/>')


def sheep(uid):
    """J♦: the sheep (羊) — a black-faced sheep in a cloud of wool."""
    wool = "".join(
        f'<circle cx="{_n(125 + 50 * dx)}" cy="{_n(170 + 52 * dy)}" r="20"/>'
        for dx, dy in ((-.9, -.55), (-.45, -.95), (0, -1.05), (.45, -.95), (.9, -.55), (1, 0),
                       (.9, .55), (.45, .95), (0, 1.05), (-.45, .95), (-.9, .55), (-1, 0)))
    face = "#2e2b2b"
    return (panel("#e9f4e2", "#8cbf7a")
            + pip(uid, 125, 58, 0.3, flip=False) + pip(uid, 125, 292, 0.3, flip=True)
            + '<g transform="translate(125 172)scale(.8)translate(-125 -172)">'
            + f'<g fill="#fff" stroke="#b9b9b0" stroke-width="2.5">{wool}'
              f'<circle cx="125" cy="170" r="48" stroke="none"/></g>'
            + f'<ellipse cx="84" cy="156" rx="22" ry="9" transform="rotate(-20 84 156)" fill="{face}"/>'
            + f'<ellipse cx="166" cy="156" rx="22" ry="9" transform="rotate(20 166 156)" fill="{face}"/>'
            + f'<path d="M125 136C142 136 150 150 150 172C150 196 140 212 125 212'
              f'C110 212 100 196 100 172C100 150 108 136 125 136Z" fill="{face}"/>'
            + '<g fill="#fff" stroke="#b9b9b0" stroke-width="2"><circle cx="112" cy="134" r="11"/>'
              '<circle cx="138" cy="134" r="11"/><circle cx="125" cy="128" r="12"/></g>'
            + '<circle cx="113" cy="165" r="6" fill="#fff"/><circle cx="137" cy="165" r="6" fill="#fff"/>'
              '<circle cx="114" cy="166" r="3" fill="#111"/><circle cx="136" cy="166" r="3" fill="#111"/>'
            + '<path d="M117 196Q125 202 133 196" fill="none" stroke="#d9d0c8" stroke-width="2.5" '
              'stroke-linecap="round"/>'
            + '<ellipse cx="119" cy="188" rx="2.5" ry="3" fill="#d9d0c8"/>'
              '<ellipse cx="131" cy="188" rx="2.5" ry="3" fill="#d9d0c8"/></g>')


def transformer(uid):
    """10♣: the transformer (变压器) — a lightning badge and a big ×2."""
    return (panel("#fff5d1", "#e2b93b")
            + pip(uid, 125, 58, 0.3, flip=False) + pip(uid, 125, 292, 0.3, flip=True)
            + f'<circle cx="125" cy="134" r="44" fill="{GOLD}" stroke="{GOLD_DARK}" stroke-width="3"/>'
            + f'<path d="M132 98L104 140H124L116 172L146 126H126Z" fill="#fff" stroke="{BLACK}" '
              f'stroke-width="3.5" stroke-linejoin="round"/>'
            + f'<path d="M88 202L114 234M114 202L88 234" stroke="{BLACK}" stroke-width="9" '
              f'stroke-linecap="round"/>'
            + '<g transform="translate(124 190)scale(.92)">'
            + f'<path d="{GLYPHS["2"]}" fill="none" stroke="{BLACK}" stroke-width="10" '
              f'stroke-linecap="round" stroke-linejoin="round"/></g>')


def ace_of_hearts(uid):
    """A♥: emphasised — a large heart in a golden sunburst ring."""
    rays = "".join(
        f'<path d="M{_n(125 + 60 * c)} {_n(175 + 60 * s)}L{_n(125 + 66 * c)} {_n(175 + 66 * s)}"/>'
        for c, s in ((1, 0), (.866, .5), (.5, .866), (0, 1), (-.5, .866), (-.866, .5), (-1, 0),
                     (-.866, -.5), (-.5, -.866), (0, -1), (.5, -.866), (.866, -.5)))
    return ('<circle cx="125" cy="175" r="68" fill="#fde4e8"/>'
            + f'<g stroke="#f3b5bf" stroke-width="5" stroke-linecap="round">{rays}</g>'
            + f'<circle cx="125" cy="175" r="56" fill="#fff5f6" stroke="{GOLD}" stroke-width="5"/>'
            + f'<circle cx="125" cy="175" r="50" fill="none" stroke="{RED}" stroke-width="1.5"/>'
            + pip(uid, 125, 178, 0.72, flip=False))


SPECIALS = {"QS": pig, "JD": sheep, "TC": transformer, "AH": ace_of_hearts}


def face_svg(code, four=False):
    """The SVG text of one face, e.g. face_svg("QS"); ``four``: in the four-colour deck."""
    rank, suit = code
    uid = "f" + code if four else code
    col = colour(suit, four)
    name = NAMES.get(rank, rank)
    title = f"{name} of {SUIT_NAMES[suit]}"
    body = [_open(title), defs(uid, suit, four), frame(), index(uid, rank, col, code)]
    if code in SPECIALS:
        body.append(SPECIALS[code](uid))
    elif rank == "A":
        body.append(pip(uid, 125, 175, 1.0, flip=False))
    elif rank in "KQJ":
        body.append(court(uid, rank, suit, four))
    else:
        s = 0.38 if rank in "9T" else 0.42
        body.extend(pip(uid, x, y, s) for x, y in LAYOUTS[rank])
    body.append("</svg>\n")
    return "".join(body)


def back_svg(name):
    """The SVG text of a card back in one of BACK_COLOURS."""
    base, lattice, trim = BACK_COLOURS[name]
    uid = "b" + name[0]
    return (_open(f"Card back ({name})")
            + f'<defs><pattern id="{uid}l" width="18" height="18" patternUnits="userSpaceOnUse" '
              f'patternTransform="rotate(45)"><path d="M0 9H18M9 0V18" stroke="{lattice}" '
              f'stroke-width="2.5"/><circle cx="9" cy="9" r="2.6" fill="{trim}" opacity=".55"/>'
              f'</pattern></defs>'
            + frame(fill="#fffdf9", stroke="#b9b4aa")
            + f'<rect x="12" y="12" width="{W - 24}" height="{H - 24}" rx="9" fill="{base}"/>'
            + f'<rect x="12" y="12" width="{W - 24}" height="{H - 24}" rx="9" fill="url(#{uid}l)"/>'
            + f'<rect x="21" y="21" width="{W - 42}" height="{H - 42}" rx="6" fill="none" '
              f'stroke="{trim}" stroke-width="2.5"/>'
            + f'<circle cx="125" cy="175" r="44" fill="{base}" stroke="{trim}" stroke-width="3"/>'
            + f'<circle cx="125" cy="175" r="36" fill="none" stroke="{trim}" stroke-width="1.2"/>'
            # a pig's snout as the house emblem
            + f'<ellipse cx="125" cy="175" rx="22" ry="16" fill="none" stroke="{trim}" stroke-width="4"/>'
            + f'<ellipse cx="117" cy="175" rx="4" ry="6.5" fill="{trim}"/>'
              f'<ellipse cx="133" cy="175" rx="4" ry="6.5" fill="{trim}"/>'
            + "</svg>\n")


def all_files():
    """Map each file name in web/cards/ to its generated SVG text."""
    files = {f"{r}{s}.svg": face_svg(r + s) for s in SUITS for r in RANKS}
    for name in BACK_COLOURS:
        files[f"back-{name}.svg"] = back_svg(name)
    files["back.svg"] = back_svg(DEFAULT_BACK)
    for s in FOUR_COLOURS:
        if FOUR_COLOURS[s] != colour(s):  # the suits the four-colour deck draws differently
            for r in RANKS:
                files[f"four/{r}{s}.svg"] = face_svg(r + s, four=True)
    return files


def contact_sheet(cards_dir):
    """HTML showing every card, and phone-fan mock-ups, for checking the art by eye."""
    src = Path(cards_dir).resolve().as_uri()
    rows = ["".join(f'<img src="{src}/{r}{s}.svg" width="104">' for r in RANKS) for s in SUITS]
    rows.append("".join(f'<img src="{src}/back-{n}.svg" width="104">' for n in BACK_COLOURS))
    hand = ["AS", "QS", "7S", "3S", "AH", "KH", "TH", "5H", "2H", "JD", "9D", "TC", "4C"]
    for width, strip in ((60, 22), (90, 30)):
        rows.append("".join(
            f'<img src="{src}/{c}.svg" style="width:{width}px;margin-right:{strip - width}px;'
            f'filter:drop-shadow(-1px 0 1px rgba(0,0,0,.3))">' for c in hand))
    body = "".join(f'<div style="display:flex;gap:2px;margin:4px">{r}</div>' for r in rows)
    return f'<!doctype html><body style="margin:8px;background:#2d6a4f">{body}</body>\n'


def main(argv):
    here = Path(__file__).resolve().parent
    if "--sheet" in argv:  # e.g. --sheet /tmp/sheet.html, then screenshot it with Chromium
        Path(argv[argv.index("--sheet") + 1]).write_text(contact_sheet(here), encoding="utf-8")
        return 0
    check = "--check" in argv
    stale = []
    for name, text in all_files().items():
        path = here / name
        if check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(name)
        else:
            path.parent.mkdir(exist_ok=True)
            path.write_text(text, encoding="utf-8", newline="\n")
    if stale:
        print("out of date:", " ".join(stale))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
