"""The terminal font as one glyph sheet that TileGrids index, so text on screen costs a byte a
character and changing it allocates nothing.

On a board terminalio.FONT already is such a sheet, kept in flash. The desktop's terminalio
(Blinka) gives each glyph a bitmap of its own, so there the sheet is drawn once from them.
"""
import array

import terminalio

FIRST = 32          # the sheet's tiles are looked up for ASCII 32..126; anything else shows "?"
COUNT = 95

_sheet = None


def sheet():
    """(bitmap, glyph width, glyph height, tiles): tiles[ord(c) - FIRST] is c's tile."""
    global _sheet
    if _sheet is None:
        font = terminalio.FONT
        w, h = font.get_bounding_box()[:2]
        bitmap = font.bitmap
        tiles = array.array("H", bytes(2 * COUNT))
        if isinstance(bitmap, type):
            bitmap = _draw_sheet(font, w, h)
            for i in range(COUNT):
                tiles[i] = i
        else:
            unknown = font.get_glyph(ord("?")).tile_index
            for i in range(COUNT):
                g = font.get_glyph(FIRST + i)
                tiles[i] = unknown if g is None else g.tile_index
        # Indexing a string makes a one-character string, which the interpreter interns the
        # first time it sees that character: done here for all of them at once, early, so
        # writing text mid-game never grows the string pool (KBs at a time) on the heap.
        for i in range(COUNT):
            "%c" % (FIRST + i)
        _sheet = (bitmap, w, h, tiles)
    return _sheet


def _draw_sheet(font, w, h):
    import displayio
    out = displayio.Bitmap(w * COUNT, h, 2)
    baseline = h + font._font.get_bounding_box()[3]    # rows above the baseline
    for i in range(COUNT):
        g = font.get_glyph(FIRST + i)
        if g is None:
            continue
        top = baseline - g.height - g.dy
        for y in range(g.height):
            for x in range(g.width):
                tx, ty = i * w + g.dx + x, top + y
                if 0 <= tx - i * w < w and 0 <= ty < h and g.bitmap[x, y]:
                    out[tx, ty] = 1
    return out
