"""The court cards' figures (the kings, queens and jacks of the four suits), drawn here as SVG:
double-ended busts in the traditional manner, each half the other turned about the card's
centre, split by a diagonal; the king crowned and bearded with a sceptre, the queen crowned on
long hair with a flower, the jack in a plumed cap with a halberd; each dressed in its suit's
colour (red, or black) with gold and a second colour, the suit's symbol on a gold roundel.

Bold flat shapes, few details: a card on a phone's table is about 44 to 60 px wide, its figure
a third of that. Drawn by this program alone (no outside art): the same bytes on every run.
Same licence as the rest of the repository.

build.py appends the figures to dist/static/style.css, one rule a card, each an SVG in a data:
URL (the art travels with the stylesheet: painted with the first frame, no request of its own,
and the tutorial boards, which adopt the same sheet in their shadow roots, show it too):

    python tools/court_art.py STYLE_CSS      append the rules to STYLE_CSS
    python tools/court_art.py --svg DIR      write the 12 figures as DIR/KH.svg... (to look at)
    python tools/court_art.py --size CSS     what the figures add to a built CSS (brotli, as
                                             build.py compresses: .venv/bin/python for brotli)

web/shared/cards.py marks a court card's figure <span class="court" data-c="KH">.
"""

from __future__ import annotations

import sys
from pathlib import Path

RANKS = "KQJ"
SUITS = "HDSC"
CODES = tuple(rank + suit for rank in RANKS for suit in SUITS)
# The whole figure is 100 x 280 (each half 100 x 140); style.css stretches it over .court.
WIDTH, HEIGHT = 100, 280

INK = "#1b1b1f"
GOLD = "#e9b949"
OCHRE = "#a8731a"
SKIN = "#f7d4b0"
WHITE = "#fffdf6"
STEEL = "#aab4c0"
RED = "#c4122f"
BLACK = "#1b1b1f"
BLUE = "#1f4e9c"
GREEN = "#23734a"
HAIR = {"K": "#6b3a1a", "Q": "#4a2a14", "J": "#c7862a"}

# The suit symbols of web/game/index.html (a 100 x 100 box), the same shapes as the corner indices.
SUIT_PATHS = {
    "H": "M50 92C22 68 4 52 4 31 4 15 16 5 29 5c10 0 17 6 21 15 4-9 11-15 21-15 13 0 25 10 25 "
    "26 0 21-18 37-46 61z",
    "D": "M50 3C61 21 74 36 89 50 74 64 61 79 50 97 39 79 26 64 11 50 26 36 39 21 50 3z",
    "S": "M50 4C37 24 6 40 6 61c0 13 10 22 22 22 8 0 14-3 19-9-1 10-5 17-13 21h32c-8-4-12-11-"
    "13-21 5 6 11 9 19 9 12 0 22-9 22-22C94 40 63 24 50 4z",
    "C": "M50 7a20 20 0 1 1 0 40 20 20 0 1 1 0-40zM26 39a20 20 0 1 1 0 40 20 20 0 1 1 0-40zM74 "
    "39a20 20 0 1 1 0 40 20 20 0 1 1 0-40zM42 40h16v16H42zM47 62c-1 14-5 24-14 33h34c-9-9-13-"
    "19-14-33z",
}
# Each suit's dress: the suit's colour, and a second colour for the sleeves, cap and jewels.
DRESS = {"H": (RED, BLUE), "D": (RED, GREEN), "S": (BLACK, BLUE), "C": (BLACK, GREEN)}
# The heads, drawn larger than life: what tells a king from a queen or a jack on a small card.
HEAD = '<g transform="matrix(1.2 0 0 1.2 -10 -4)">'  # x 1.2 about (50, 20)


def emblem(suit: str, x: float, y: float, r: float) -> str:
    """The suit's symbol on a gold roundel centred at (x, y), of radius r."""
    colour = RED if suit in "HD" else BLACK
    size = r * 1.25
    scale = size / 100
    return (
        f'<circle cx="{x}" cy="{y}" r="{r}" fill="{GOLD}" stroke="{INK}" stroke-width="2"/>'
        f'<path transform="translate({x - size / 2:g} {y - size / 2:g}) scale({scale:g})" '
        f'fill="{colour}" d="{SUIT_PATHS[suit]}"/>'
    )


def jewels(points: str, r: float, fill: str, width: float) -> str:
    """Ringed jewels of radius r at the space-separated "x,y" points (a crown's tips)."""
    return "".join(
        f'<circle cx="{x}" cy="{y}" r="{r}" fill="{fill}" stroke="{INK}" stroke-width="{width}"/>'
        for x, y in (point.split(",") for point in points.split())
    )


def face(cy: int, lips: str = "#b4323c") -> str:
    """Eyes and a mouth on a face centred at (50, cy)."""
    return (
        f'<ellipse cx="50" cy="{cy}" rx="15" ry="18" fill="{SKIN}" stroke="{INK}" '
        'stroke-width="2"/>'
        f'<circle cx="44" cy="{cy - 2}" r="2.2" fill="{INK}"/>'
        f'<circle cx="56" cy="{cy - 2}" r="2.2" fill="{INK}"/>'
        f'<path d="M46 {cy + 9}q4 3 8 0" fill="none" stroke="{lips}" stroke-width="2.4" '
        'stroke-linecap="round"/>'
    )


def king(suit: str) -> str:
    main, second = DRESS[suit]
    hair = HAIR["K"]
    return (
        # the robe, its ermine collar
        f'<path d="M0 160V116c0-20 14-28 32-32l18 6 18-6c18 4 32 12 32 32v44z" fill="{main}" '
        f'stroke="{INK}" stroke-width="2"/>'
        f'<path d="M40 88 50 160 60 88z" fill="{second}"/>'
        f'<path d="M14 92c18 14 54 14 72 0l-8-10c-14 10-42 10-56 0z" fill="{WHITE}" '
        f'stroke="{INK}" stroke-width="2"/>'
        f'<path d="M26 92v4M38 96v4M62 96v4M74 92v4" stroke="{INK}" stroke-width="3"/>'
        + emblem(suit, 50, 122, 13)
        # the sceptre, in his hand
        + f'<path d="M86 150V46" stroke="{INK}" stroke-width="7"/>'
        f'<path d="M86 150V46" stroke="{GOLD}" stroke-width="3.5"/>'
        f'<circle cx="86" cy="40" r="7" fill="{GOLD}" stroke="{INK}" stroke-width="2"/>'
        f'<path d="M86 25v8M82 29h8" stroke="{INK}" stroke-width="2.5"/>'
        f'<circle cx="85" cy="112" r="7" fill="{SKIN}" stroke="{INK}" stroke-width="2"/>'
        # hair, face, beard
        + HEAD
        + f'<ellipse cx="50" cy="54" rx="21" ry="20" fill="{hair}"/>'
        + face(54)
        + f'<path d="M34 58c0 20 8 34 16 40 8-6 16-20 16-40-4 10-10 13-16 13s-12-3-16-13z" '
        f'fill="{hair}" stroke="{INK}" stroke-width="1.5"/>'
        f'<path d="M40 65q10-7 20 0-10 3-20 0z" fill="{hair}"/>'
        # the crown
        f'<path d="M30 40 28 10l11 13 11-17 11 17 11-13-2 30z" fill="{GOLD}" stroke="{INK}" '
        'stroke-width="2" stroke-linejoin="round"/>'
        + jewels("28,10 50,6 72,10", 3.5, GOLD, 1.5)
        + f'<circle cx="50" cy="33" r="3.5" fill="{second}"/></g>'
    )


def queen(suit: str) -> str:
    main, second = DRESS[suit]
    hair = HAIR["Q"]
    return (
        # the gown, puffed sleeves, the neckline and a necklace
        f'<path d="M0 160v-42c0-20 14-28 30-32l20 20 20-20c16 4 30 12 30 32v42z" fill="{main}" '
        f'stroke="{INK}" stroke-width="2"/>'
        f'<circle cx="14" cy="104" r="13" fill="{second}" stroke="{INK}" stroke-width="2"/>'
        f'<circle cx="86" cy="104" r="13" fill="{second}" stroke="{INK}" stroke-width="2"/>'
        f'<path d="M41 70h18l2 16-11 20-11-20z" fill="{SKIN}"/>'
        f'<path d="M38 88q12 12 24 0" fill="none" stroke="{GOLD}" stroke-width="3"/>'
        + emblem(suit, 50, 128, 11)
        + HEAD
        # long hair, falling on the shoulders
        + f'<path d="M27 56c-2-22 9-32 23-32s25 10 23 32l7 40c-10 6-19-2-19-12V68H39v16c0 10-9 '
        f'18-19 12z" fill="{hair}" stroke="{INK}" stroke-width="1.5"/>'
        + face(54)
        # cheeks
        + '<circle cx="41" cy="60" r="3" fill="#f2a0a0"/>'
        '<circle cx="59" cy="60" r="3" fill="#f2a0a0"/>'
        # the crown: lower than a king's, pearled, set on her hair
        f'<path d="M33 38V22l8 7 9-13 9 13 8-7v16z" fill="{GOLD}" stroke="{INK}" '
        'stroke-width="2" stroke-linejoin="round"/>'
        + jewels("33,21 50,15 67,21", 2.8, WHITE, 1.2)
        + f'<circle cx="50" cy="32" r="3" fill="{second}"/></g>'
        # the flower, in her hand
        f'<path d="M13 146V84" stroke="{GREEN}" stroke-width="3"/>'
        f'<circle cx="13" cy="80" r="9" fill="{WHITE}" stroke="{INK}" stroke-width="2"/>'
        f'<circle cx="13" cy="80" r="4" fill="{GOLD}"/>'
        f'<circle cx="15" cy="118" r="6.5" fill="{SKIN}" stroke="{INK}" stroke-width="2"/>'
    )


def jack(suit: str) -> str:
    main, second = DRESS[suit]
    hair = HAIR["J"]
    return (
        # the halberd, behind him
        f'<path d="M14 160V26" stroke="{INK}" stroke-width="6"/>'
        f'<path d="M14 160V26" stroke="{OCHRE}" stroke-width="3"/>'
        f'<path d="M11 28 14 8l3 20zM14 34l14-6c3 10 3 20 0 28l-14-6z" fill="{STEEL}" '
        f'stroke="{INK}" stroke-width="2" stroke-linejoin="round"/>'
        # the doublet, a white collar
        f'<path d="M0 160V116c0-20 14-28 32-32h36c18 4 32 12 32 32v44z" fill="{main}" '
        f'stroke="{INK}" stroke-width="2"/>'
        f'<path d="M30 90v70M70 90v70" stroke="{second}" stroke-width="7"/>'
        f'<path d="M32 82q18 16 36 0l-4-8q-14 10-28 0z" fill="{WHITE}" stroke="{INK}" '
        'stroke-width="2"/>'
        + emblem(suit, 50, 122, 12)
        + f'<circle cx="16" cy="112" r="6.5" fill="{SKIN}" stroke="{INK}" stroke-width="2"/>'
        # short curled hair, the face
        + HEAD
        + f'<path d="M31 50c-4 18 0 28 8 28h22c8 0 12-10 8-28z" fill="{hair}" stroke="{INK}" '
        'stroke-width="1.5"/>'
        + face(56)
        # the cap, tilted, and its plume
        + f'<path d="M66 30c6-16 20-24 32-20-10 4-18 12-22 24z" fill="{WHITE}" stroke="{INK}" '
        'stroke-width="2" stroke-linejoin="round"/>'
        f'<path d="M24 44c0-16 14-26 30-26 14 0 26 8 26 22z" fill="{second}" stroke="{INK}" '
        'stroke-width="2"/>'
        f'<path d="M22 44l58-6 1 7-58 6z" fill="{GOLD}" stroke="{INK}" stroke-width="2" '
        'stroke-linejoin="round"/></g>'
    )


DRAW = {"K": king, "Q": queen, "J": jack}


def figure(code: str) -> str:
    """The figure of the court card ``code`` (KH, QS, JD...), an SVG document."""
    rank, suit = code[0], code[1]
    half = DRAW[rank](suit)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        'preserveAspectRatio="none">'
        '<clipPath id="c"><path d="M0 0h100v128L0 152z"/></clipPath>'
        f'<g id="h" clip-path="url(#c)">{half}</g>'
        f'<use href="#h" transform="rotate(180 50 140)"/>'
        f'<path d="M0 152 100 128" stroke="{OCHRE}" stroke-width="3"/>'
        "</svg>"
    )


def data_url(svg: str) -> str:
    """``svg`` as a data: URL for CSS: URL-encoded (smaller than base64, and compresses)."""
    for char, code in (("%", "%25"), ("#", "%23"), ("<", "%3C"), (">", "%3E"), ('"', "'")):
        svg = svg.replace(char, code)
    return f'url("data:image/svg+xml,{svg}")'


HEADING = "/* The court cards' figures: tools/court_art.py, appended by build.py */"


def css() -> str:
    """The rules that dress each court card in its figure."""
    lines = [HEADING]
    for code in CODES:
        lines.append(f'.court[data-c="{code}"]{{background-image:{data_url(figure(code))}}}')
    return "\n".join(lines) + "\n"


def sizes(path: Path) -> str:
    """The built stylesheet ``path`` with and without the figures, raw and brotli (quality 11,
    as build.py compresses dist/)."""
    import brotli

    text = path.read_text()
    if HEADING not in text:
        return f"{path}: no figures in it (build.py appends them)"
    without = text[: text.index(HEADING)].rstrip("\n") + "\n"

    def size(css_text: str) -> int:
        return len(brotli.compress(css_text.encode(), quality=11))

    added, packed = len(text) - len(without), size(text) - size(without)
    return (
        f"{path}: {len(text)} B, brotli {size(text)} B; without the figures {len(without)} B, "
        f"brotli {size(without)} B: the figures add {added} B, {packed} B brotli"
    )


def main(argv: list[str]) -> int:
    if len(argv) == 2 and argv[0] == "--size":
        print(sizes(Path(argv[1])))
        return 0
    if len(argv) == 2 and argv[0] == "--svg":
        out = Path(argv[1])
        out.mkdir(parents=True, exist_ok=True)
        for code in CODES:
            (out / f"{code}.svg").write_text(figure(code))
        return 0
    if len(argv) == 1:
        path = Path(argv[0])
        path.write_text(path.read_text() + "\n" + css())
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
