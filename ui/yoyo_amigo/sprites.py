"""YoYo's sprite sheet: one 8x8-tile Bitmap drawn once at start-up from glyph strings.

A card is 2x3 tiles (16x24 px): the value two rows tall, its digits drawn twice as tall as the
font's (14 px, readable at arm's length), over a mark row [letter][mark]. Colour never
stands alone: blue cards carry B and an up triangle, red cards R and a down triangle, yellow
cards Y and their action's glyph (skip: a no-entry disc, take: a plus, pass: an arrow left,
chaos: a star). Faces are drawn per colour because a tile has one background.
"""
import displayio

from ui.glyphs import DIGITS, TILE, draw_glyph

try:
    from micropython import const
except ImportError:
    const = int


FELT = const(0)
WHITE = const(1)
INK = const(2)
_BLUE = const(3)
RED = const(4)
_YELLOW = const(5)
EDGE = const(6)
GOLD = const(7)
DIM = const(8)

COLOURS = (0x0B5D2A, 0xFFFFFF, 0x000000, 0x2050E0, 0xD01818, 0xF0C810, 0x202020, 0xFFD800,
           0x2E8B4F)

# Felt glyphs, in tile order from COMMA: the call's punctuation and words, arrows, marks.
_FELT_GLYPHS = (
    "     |     |     |     |     | ##  |  #  | #   ",      # comma
    "     |     |     |     |     |## ##|## ##",            # two dots
    "     |     |#   #|#   #|#   #|#  ##| ## #",            # u
    "     |     |#### |#   #|#   #|#### |#    |#    ",      # p
    "    #|    #| ####|#   #|#   #|#   #| ####",            # d
    "     |     | ### |#   #|#   #|#   #| ### ",            # o
    "     |     |#   #|#   #|# # #|# # #| # # ",            # w
    "     |     |# ## |##  #|#   #|#   #|#   #",            # n
    " ### |#   #|    #|   # |  #  |     |  #  ",            # ?
    "   # |  #  | #   |#    | #   |  #  |   # ",            # <
    " #   |  #  |   # |    #|   # |  #  | #   ",            # >
    "   #   |  ###  | # # # |#  #  #|   #   |   #   |   #   ",   # arrow up
    "   #   |   #   |   #   |#  #  #| # # # |  ###  |   #   ",   # arrow down
    "       |       |       |       |       |       |#######|#######",   # cursor bar
    "     |  #  |  #  |#####|  #  |  #  ",                  # + (chosen 10th or later)
)
# Mark-row glyphs on a card: letters, then the direction triangles, then the four actions
# in the engine's order (0 skip, 1 take cards, 2 pass left, 3 chaos).
_LETTERS = ("#### |#   #|#### |#   #|#   #|#### ",
            "#### |#   #|#### |# #  |#  # |#   #",
            "#   #| # # |  #  |  #  |  #  |  #  ")
_TRI_UP = "  #  |  #  | ### | ### |#####|#####"
_TRI_DOWN = "#####|#####| ### | ### |  #  |  #  "
_ACTIONS = (" ### |#####|     |#####| ### |     ",
            "  #  |  #  |#####|  #  |  #  |     ",
            "  #  | #   |#####| #   |  #  |     ",
            "# # #| ### |#####| ### |# # #|     ")

BLANK = const(0)
DIGIT = const(1)          # + 0..9, white on felt
COMMA = const(11)
DOTS = const(12)
LET_U = const(13)
LET_P = const(14)
LET_D = const(15)
LET_O = const(16)
LET_W = const(17)
LET_N = const(18)
ASK = const(19)
MORE_LEFT = const(20)
MORE_RIGHT = const(21)
ARROW_UP = const(22)
ARROW_DOWN = const(23)
CURSOR = const(24)
PLUS = const(25)
_SLOT = const(26)          # + 0..5: empty pile outline, TL TR, ML MR, BL BR
_FACE = const(32)          # + colour * FACE_TILES: a card's four kinds of tile, below
_FACE_TILES = const(32)
_F_TENS = const(0)         # + 2 * (0..2) (0 is blank): the top half, the bottom half after it
_F_ONES = const(6)         # + 2 * (0..9), the same way
_F_LETTER = const(26)
_F_MARK = const(27)        # + 0 (triangle) or action 0..3
NUM_TILES = const(128)


def _face(bmp, tile, bg, left, edge_y):
    """A card tile in colour bg; the card's outline on its outer sides only: the left or right
    edge, and the row edge_y (0 top, 7 bottom, -1 none)."""
    y0 = tile * TILE
    for y in range(TILE):
        for x in range(TILE):
            edge = (x == 0) if left else (x == TILE - 1)
            bmp[x, y0 + y] = EDGE if edge or y == edge_y else bg


def _tall(bmp, tile, art, colour, dx):
    """A digit twice as tall as its art over two tiles, tile and the one after it."""
    rows = art.split("|")
    y0 = tile * TILE + 1
    for y in range(len(rows)):
        for x in range(len(rows[y])):
            if rows[y][x] == "#":
                bmp[dx + x, y0 + 2 * y] = colour
                bmp[dx + x, y0 + 2 * y + 1] = colour


def build():
    """(bitmap, palette) for the whole sheet: 8 px wide, NUM_TILES tiles tall."""
    bmp = displayio.Bitmap(TILE, TILE * NUM_TILES, len(COLOURS))
    pal = displayio.Palette(len(COLOURS))
    for i in range(len(COLOURS)):
        pal[i] = COLOURS[i]
    for d in range(10):
        draw_glyph(bmp, DIGIT + d, DIGITS[d], WHITE, 1, 0)
    for i in range(len(_FELT_GLYPHS)):
        draw_glyph(bmp, COMMA + i, _FELT_GLYPHS[i], GOLD if COMMA + i == CURSOR else WHITE,
               0 if COMMA + i in (ARROW_UP, ARROW_DOWN, CURSOR) else 1, 0)
    for i in range(6):
        y0 = (_SLOT + i) * TILE
        x = 1 if i & 1 == 0 else TILE - 2
        for k in range(TILE):
            if i < 2 or i >= 4:         # the top or bottom line, from the corner in
                bmp[k if i & 1 == 0 else TILE - 1 - k, y0 + (1 if i < 2 else TILE - 2)] = \
                    DIM if k else 0
            if (i >= 2 and i < 4) or (i < 2 and k) or (i >= 4 and k < TILE - 1):
                bmp[x, y0 + k] = DIM
    for c in range(3):
        bg = (_BLUE, RED, _YELLOW)[c]
        ink = INK if c == 2 else WHITE
        base = _FACE + c * _FACE_TILES
        for t in range(3):
            _face(bmp, base + _F_TENS + 2 * t, bg, True, 0)
            _face(bmp, base + _F_TENS + 2 * t + 1, bg, True, -1)
            if t:
                _tall(bmp, base + _F_TENS + 2 * t, DIGITS[t], ink, 2)
        for d in range(10):
            _face(bmp, base + _F_ONES + 2 * d, bg, False, 0)
            _face(bmp, base + _F_ONES + 2 * d + 1, bg, False, -1)
            _tall(bmp, base + _F_ONES + 2 * d, DIGITS[d], ink, 1)
        _face(bmp, base + _F_LETTER, bg, True, TILE - 1)
        draw_glyph(bmp, base + _F_LETTER, _LETTERS[c], ink, 2, 0)
        marks = (_TRI_UP,) if c == 0 else (_TRI_DOWN,) if c == 1 else _ACTIONS
        for m in range(len(marks)):
            _face(bmp, base + _F_MARK + m, bg, False, TILE - 1)
            draw_glyph(bmp, base + _F_MARK + m, marks[m], ink, 1, 0)
    pal.make_transparent(FELT)
    return bmp, pal


def put(grid, col, row, tile):
    """Set one cell only when it changes: the board redraws every cell written, even
    with the same tile, and the hand row is rewritten after every move. The cell goes by
    its int index: grid[x, y] would make a tuple on the heap at every call."""
    i = row * grid.width + col
    if grid[i] != tile:
        grid[i] = tile


def set_card(grid, col, row, card):
    """Card byte (kind << 5 | value, as engine.amigo) as 2x3 tiles at (col, row)."""
    k = card >> 5
    c = k if k < 2 else 2
    v = card & 31
    base = _FACE + c * _FACE_TILES
    t = base + _F_TENS + 2 * (v // 10)
    o = base + _F_ONES + 2 * (v % 10)
    put(grid, col, row, t)
    put(grid, col + 1, row, o)
    put(grid, col, row + 1, t + 1)
    put(grid, col + 1, row + 1, o + 1)
    put(grid, col, row + 2, base + _F_LETTER)
    put(grid, col + 1, row + 2, base + _F_MARK + (k - 2 if k >= 2 else 0))


def tile_card(grid, col, row):
    """The card drawn at (col, row) by set_card, or -1: the tiles read back, for tests."""
    w = grid.width
    t = grid[row * w + col] - _FACE
    if t < 0 or t >= 3 * _FACE_TILES:
        return -1
    c = t // _FACE_TILES
    v = 5 * (t % _FACE_TILES - _F_TENS) + \
        (grid[row * w + col + 1] - _FACE - c * _FACE_TILES - _F_ONES) // 2
    k = grid[(row + 2) * w + col + 1] - _FACE - c * _FACE_TILES - _F_MARK
    return (c if c < 2 else 2 + k) << 5 | v


def set_slot(grid, col, row):
    """The empty pile's outline, as big as a card."""
    for i in range(6):
        put(grid, col + (i & 1), row + i // 2, _SLOT + i)


def set_number(grid, col, row, width, value):
    """Right-aligned decimal in `width` tiles, blank-padded; no allocation."""
    for i in range(col + width - 1, col - 1, -1):
        if value or i == col + width - 1:
            put(grid, i, row, DIGIT + value % 10)
            value //= 10
        else:
            put(grid, i, row, BLANK)


def clear(grid, col, row, width, height):
    for y in range(row, row + height):
        for x in range(col, col + width):
            put(grid, x, y, BLANK)
