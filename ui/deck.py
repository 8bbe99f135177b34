"""The card sprite sheet: one 8x8-tile Bitmap drawn once at start-up from glyph strings.

Cards are TileGrids over this sheet, so showing another card changes tile indices and never
draws pixels. Red and black ranks are separate tiles because a TileGrid has one palette.
A fan cell is 3 tiles wide: a covered card shows one strip row [rank][suit][edge]; the top
card shows a strip row and a foot row [left][suit][right].
"""
import displayio

from engine.cards import is_red
from ui.glyphs import DIGITS, TILE, draw_glyph

try:
    from micropython import const
except ImportError:
    const = int


FELT = const(0)
WHITE = const(1)
INK = const(2)
RED = const(3)
EDGE = const(4)
HOLE = const(5)
CURSOR = const(6)
DIM = const(7)

# The one table of rank names the games' words take: each rank as its card shows it, but the
# Ace by its name, as "A" alone would read as the key A. Here, not in engine/cards.py, where
# the rules' heap budgets would carry it.
RANK_NAMES = ("Ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")

COLOURS = (0x0B5D2A, 0xFFFFFF, 0x000000, 0xD01010, 0x808080, 0x000000, 0xFFD800, 0x2E8B4F)

# 5x7 glyphs, '#' = ink; "10" squeezed into the same 5 columns (a stroke for the 1, a
# narrow 0) so every rank is one tile, a pixel clear of the card's left edge.
_RANKS = (" ### |#   #|#   #|#####|#   #|#   #|#   #",) + DIGITS[2:] + (
    " #  # |## # #| # # #| # # #| # # #| # # #| #  # ",
    "  ###|    #|    #|    #|#   #|#   #| ### ",
    " ### |#   #|#   #|#   #|# # #|#  # | ## #",
    "#   #|#  # |# #  |##   |# #  |#  # |#   #",
)
_SUITS = (   # clubs, diamonds, hearts, spades
    "  ###  |  ###  |## # ##|#######|## # ##|   #   |  ###  ",
    "   #   |  ###  | ##### |#######| ##### |  ###  |   #   ",
    " ## ## |#######|#######| ##### |  ###  |   #   |       ",
    "   #   |  ###  | ##### |#######|#######| # # # |  ###  ",
)

# Tile indices in the sheet.
BLANK = const(0)
RANK_BLACK = const(1)     # + rank
RANK_RED = const(14)      # + rank
SUIT = const(27)          # + suit, strip row
SUIT_FOOT = const(31)     # + suit, foot row
_STRIP_EDGE = const(35)
_FOOT_LEFT = const(36)
_FOOT_RIGHT = const(37)
_SLOT_TOP_LEFT = const(38)
_SLOT_TOP = const(39)
_SLOT_TOP_RIGHT = const(40)
_SLOT_FOOT_LEFT = const(41)
_SLOT_FOOT = const(42)
_SLOT_FOOT_RIGHT = const(43)
DIGIT = const(44)         # + 0..9, white on felt, for counters that change every move
GAP_TOP = const(54)       # a gap in a pile (Big Ben): an outline a tile wide, two tall
GAP_FOOT = const(55)
NUM_TILES = const(56)


def _card_tile(bmp, tile, top, left, right, bottom):
    """White tile with grey card edges on the sides asked for."""
    y0 = tile * TILE
    for y in range(TILE):
        for x in range(TILE):
            edge = ((top and y == 0) or (bottom and y == TILE - 1) or
                    (left and x == 0) or (right and x == TILE - 1))
            bmp[x, y0 + y] = EDGE if edge else WHITE


def _slot_tile(bmp, tile, top, left, right, bottom):
    """A piece of an empty place's outline, its lines a pixel in from the card's edges and
    not past its corners (a frame on the card's edges stays a pixel clear of them)."""
    y0 = tile * TILE
    for y in range(TILE):
        for x in range(TILE):
            if ((top and y == 1) or (bottom and y == TILE - 2) or
                    (left and x == 1) or (right and x == TILE - 2)) and \
                    not (top and y < 1 or bottom and y > TILE - 2 or
                         left and x < 1 or right and x > TILE - 2):
                bmp[x, y0 + y] = DIM


def build():
    """Return (bitmap, palette) for the whole sheet: 8 px wide, NUM_TILES tiles tall."""
    bmp = displayio.Bitmap(TILE, TILE * NUM_TILES, len(COLOURS))
    pal = displayio.Palette(len(COLOURS))
    for i in range(len(COLOURS)):
        pal[i] = COLOURS[i]
    for r in range(13):
        for base, ink in ((RANK_BLACK, INK), (RANK_RED, RED)):
            _card_tile(bmp, base + r, True, True, False, False)
            draw_glyph(bmp, base + r, _RANKS[r], ink, 2 if r != 9 else 1, 1)
    for s in range(4):
        ink = RED if is_red(s) else INK
        _card_tile(bmp, SUIT + s, True, False, False, False)
        draw_glyph(bmp, SUIT + s, _SUITS[s], ink, 0, 1)
        _card_tile(bmp, SUIT_FOOT + s, False, False, False, True)
        draw_glyph(bmp, SUIT_FOOT + s, _SUITS[s], ink, 0, 0)
    _card_tile(bmp, _STRIP_EDGE, True, False, True, False)
    _card_tile(bmp, _FOOT_LEFT, False, True, False, True)
    _card_tile(bmp, _FOOT_RIGHT, False, False, True, True)
    _slot_tile(bmp, _SLOT_TOP_LEFT, True, True, False, False)
    _slot_tile(bmp, _SLOT_TOP, True, False, False, False)
    _slot_tile(bmp, _SLOT_TOP_RIGHT, True, False, True, False)
    _slot_tile(bmp, _SLOT_FOOT_LEFT, False, True, False, True)
    _slot_tile(bmp, _SLOT_FOOT, False, False, False, True)
    _slot_tile(bmp, _SLOT_FOOT_RIGHT, False, False, True, True)
    for d in range(10):
        draw_glyph(bmp, DIGIT + d, DIGITS[d], WHITE, 1, 0)
    _slot_tile(bmp, GAP_TOP, True, True, True, False)
    _slot_tile(bmp, GAP_FOOT, False, True, True, True)
    pal.make_transparent(FELT)
    return bmp, pal


def rank_tile(card):
    """The tile of a card's rank, in its suit's colour."""
    return (RANK_RED if is_red(card) else RANK_BLACK) + (card >> 2)


# Tiles are set by int index (y * width + x): under MicroPython grid[x, y] builds a tuple on
# the heap for every cell, and these run on every move.
def set_card(grid, col, row, card, covered):
    """Draw card (rank*4+suit) at tile (col,row); a covered card is one strip row."""
    s = card & 3
    i = row * grid.width + col
    grid[i] = rank_tile(card)
    grid[i + 1] = SUIT + s
    grid[i + 2] = _STRIP_EDGE
    if not covered:
        i += grid.width
        grid[i] = _FOOT_LEFT
        grid[i + 1] = SUIT_FOOT + s
        grid[i + 2] = _FOOT_RIGHT


def set_slot(grid, col, row):
    """An empty place: a dim outline one card tall."""
    i = row * grid.width + col
    grid[i] = _SLOT_TOP_LEFT
    grid[i + 1] = _SLOT_TOP
    grid[i + 2] = _SLOT_TOP_RIGHT
    i += grid.width
    grid[i] = _SLOT_FOOT_LEFT
    grid[i + 1] = _SLOT_FOOT
    grid[i + 2] = _SLOT_FOOT_RIGHT


def set_number(grid, col, row, width, value):
    """Right-aligned decimal in `width` tiles, blank-padded; no allocation."""
    base = row * grid.width
    for i in range(col + width - 1, col - 1, -1):
        if value or i == col + width - 1:
            grid[base + i] = DIGIT + value % 10
            value //= 10
        else:
            grid[base + i] = BLANK


def clear(grid, col, row, width, height):
    for y in range(row, row + height):
        base = y * grid.width
        for x in range(col, col + width):
            grid[base + x] = BLANK


def frame(group, w, h, colour):
    """A cursor's outline: a one-pixel frame w x h in COLOURS[colour], clear inside, a
    TileGrid added to group."""
    bmp = displayio.Bitmap(w, h, 2)
    for x in range(w):
        bmp[x, 0] = bmp[x, h - 1] = 1
    for y in range(h):
        bmp[0, y] = bmp[w - 1, y] = 1
    pal = displayio.Palette(2)
    pal[1] = COLOURS[colour]
    pal.make_transparent(0)
    g = displayio.TileGrid(bmp, pixel_shader=pal)
    group.append(g)
    return g


def a_rank(r):
    """Rank r in a sentence: "an Ace", "a 2", "an 8", "a J"."""
    return ("an " if r == 0 or r == 7 else "a ") + RANK_NAMES[r]
