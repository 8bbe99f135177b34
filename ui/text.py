"""Text rows: a TileGrid over the terminal font's glyph sheet (hw/font.py), one cell a
character. Writing new words changes tile indices only, so it allocates nothing and never
scatters bitmaps over the heap; a row holds its width in bytes and no more."""
import displayio

from hw import font

try:
    from micropython import const
except ImportError:
    const = int

CHAR_W = const(6)
_CHAR_H = const(12)
_palettes = {}


def palette(rgb):
    """One two-colour palette per colour, shared by every row drawn in it."""
    p = _palettes.get(rgb)
    if p is None:
        p = displayio.Palette(2)
        p.make_transparent(0)
        p[1] = rgb
        _palettes[rgb] = p
    return p


def row(chars, x, y, rgb=0xFFFFFF):
    """A row of `chars` blank characters with its top left corner at (x, y)."""
    bitmap, w, h, tiles = font.sheet()
    g = displayio.TileGrid(bitmap, pixel_shader=palette(rgb), width=chars, height=1,
                           tile_width=w, tile_height=h, default_tile=tiles[0], x=x, y=y)
    write(g, "")
    return g


def write(grid, text):
    """Put text in the row, blanks after it; what does not fit is cut (callers lay text out
    to fit: tests/test_text_fit.py holds them to it). text is a str, or the ASCII bytes of a
    line made in place (YoYo's news: ui/yoyo_amigo/log.py)."""
    tiles = font.sheet()[3]
    n = grid.width
    m = len(text)
    made = not isinstance(text, str)
    for i in range(n):
        c = (text[i] if made else ord(text[i])) - font.FIRST if i < m else 0
        grid[i] = tiles[c] if 0 <= c < font.COUNT else tiles[31]


def put(grid, at, words):
    """words into the row from cell at, the other cells kept; returns the cell after them. A
    line put together from constants and characters of constants allocates nothing."""
    tiles = font.sheet()[3]
    for i in range(len(words)):
        c = ord(words[i]) - font.FIRST
        grid[at + i] = tiles[c] if 0 <= c < font.COUNT else tiles[31]
    return at + len(words)


def number(grid, at, width, value, left=False):
    """value in decimal into cells at .. at + width - 1 of the row, right-aligned (left: from
    at), blanks in the other cells: a counter in the font, on the text line beside its
    label, digits a character apart. Tiles are set from the value, no string is made, so a
    counter changing every move allocates nothing; only cells that change are set, as a set
    tile is redrawn even if it is the same."""
    tiles = font.sheet()[3]
    end = at + width - 1
    last = end                          # the cell of the last digit
    if left:
        last = at
        v = value
        while v >= 10:
            v //= 10
            last += 1
    for i in range(end, at - 1, -1):
        if i <= last and (value or i == last):
            t = tiles[16 + value % 10]      # "0" is 16 past " "
            value //= 10
        else:
            t = tiles[0]
        if grid[i] != t:
            grid[i] = t
