"""YoYo's sprite sheet: one 8x8-tile Bitmap drawn once at start-up from glyph strings.

A card is 2x2 tiles: a value row [tens][ones] and a mark row [letter][mark]. Colour never
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
BLUE = const(3)
RED = const(4)
YELLOW = const(5)
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
SLOT = const(26)          # + 0..3: empty pile outline, TL TR BL BR
FACE = const(30)          # + colour * FACE_TILES: a card's four kinds of tile, below
FACE_TILES = const(18)
F_TENS = const(0)         # + 0..2 (0 is blank)
F_ONES = const(3)         # + 0..9
F_LETTER = const(13)
F_MARK = const(14)        # + 0 (triangle) or action 0..3
NUM_TILES = const(84)


def _face(bmp, tile, bg, left, top):
    """A card tile in colour bg; the card's outline on its outer sides only."""
    y0 = tile * TILE
    for y in range(TILE):
        for x in range(TILE):
            edge = (x == 0) if left else (x == TILE - 1)
            edge = edge or (y == 0 if top else y == TILE - 1)
            bmp[x, y0 + y] = EDGE if edge else bg


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
    for i in range(4):
        y0 = (SLOT + i) * TILE
        for k in range(1, TILE):
            bmp[k if i & 1 == 0 else TILE - 1 - k, y0 + (1 if i < 2 else TILE - 2)] = DIM
            bmp[1 if i & 1 == 0 else TILE - 2, y0 + (k if i < 2 else TILE - 1 - k)] = DIM
    for c in range(3):
        bg = (BLUE, RED, YELLOW)[c]
        ink = INK if c == 2 else WHITE
        base = FACE + c * FACE_TILES
        for t in range(3):
            _face(bmp, base + F_TENS + t, bg, True, True)
            if t:
                draw_glyph(bmp, base + F_TENS + t, DIGITS[t], ink, 2, 1)
        for d in range(10):
            _face(bmp, base + F_ONES + d, bg, False, True)
            draw_glyph(bmp, base + F_ONES + d, DIGITS[d], ink, 1, 1)
        _face(bmp, base + F_LETTER, bg, True, False)
        draw_glyph(bmp, base + F_LETTER, _LETTERS[c], ink, 2, 1)
        marks = (_TRI_UP,) if c == 0 else (_TRI_DOWN,) if c == 1 else _ACTIONS
        for m in range(len(marks)):
            _face(bmp, base + F_MARK + m, bg, False, False)
            draw_glyph(bmp, base + F_MARK + m, marks[m], ink, 1, 1)
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
    """Card byte (kind << 5 | value, as engine.amigo) as 2x2 tiles at (col, row)."""
    k = card >> 5
    c = k if k < 2 else 2
    v = card & 31
    base = FACE + c * FACE_TILES
    put(grid, col, row, base + F_TENS + v // 10)
    put(grid, col + 1, row, base + F_ONES + v % 10)
    put(grid, col, row + 1, base + F_LETTER)
    put(grid, col + 1, row + 1, base + F_MARK + (k - 2 if k >= 2 else 0))


def tile_card(grid, col, row):
    """The card drawn at (col, row) by set_card, or -1: the tiles read back, for tests."""
    w = grid.width
    t = grid[row * w + col] - FACE
    if t < 0 or t >= 3 * FACE_TILES:
        return -1
    c = t // FACE_TILES
    v = 10 * (t % FACE_TILES - F_TENS) + grid[row * w + col + 1] - FACE - c * FACE_TILES - \
        F_ONES
    k = grid[(row + 1) * w + col + 1] - FACE - c * FACE_TILES - F_MARK
    return (c if c < 2 else 2 + k) << 5 | v


def set_slot(grid, col, row):
    put(grid, col, row, SLOT)
    put(grid, col + 1, row, SLOT + 1)
    put(grid, col, row + 1, SLOT + 2)
    put(grid, col + 1, row + 1, SLOT + 3)


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
