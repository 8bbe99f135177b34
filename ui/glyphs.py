"""5x7 glyph art and the routine that inks it into a sprite sheet, shared by both card sheets
(ui/deck.py for the French deck, ui/yoyo_amigo/sprites.py for YoYo's), and the felt every
table lies on."""
import displayio

try:
    from micropython import const
except ImportError:
    const = int

TILE = const(8)


def grid(group, sheet, w, h, x, y):
    """A TileGrid of w x h tiles of sheet (bitmap, palette) at (x, y), added to group."""
    g = displayio.TileGrid(sheet[0], pixel_shader=sheet[1], width=w, height=h, tile_width=TILE,
                           tile_height=TILE, x=x, y=y)
    group.append(g)
    return g

# '#' = ink, rows split by '|'.
DIGITS = (
    " ### |#   #|#  ##|# # #|##  #|#   #| ### ",
    "  #  | ##  |  #  |  #  |  #  |  #  | ### ",
    " ### |#   #|    #|  ## | #   |#    |#####",
    "#### |    #|    #| ### |    #|    #|#### ",
    "#   #|#   #|#   #|#####|    #|    #|    #",
    "#####|#    |#### |    #|    #|#   #| ### ",
    " ### |#    |#### |#   #|#   #|#   #| ### ",
    "#####|    #|   # |  #  | #   | #   | #   ",
    " ### |#   #|#   #| ### |#   #|#   #| ### ",
    " ### |#   #|#   #| ####|    #|    #| ### ",
)


def draw_glyph(bmp, tile, art, colour, dx, dy):
    """Draw art into the sheet's tile, offset by (dx, dy) pixels; blanks stay as they are."""
    rows = art.split("|")
    y0 = tile * TILE + dy
    for y in range(len(rows)):
        row = rows[y]
        for x in range(len(row)):
            if row[x] == "#":
                bmp[dx + x, y0 + y] = colour


def felt(rgb):
    """One colour over the whole screen: a 20x16 bitmap scaled by 8 costs 64 bytes of pixels,
    where a 160x128 one would cost 2.5 KB."""
    bmp = displayio.Bitmap(20, 16, 1)
    pal = displayio.Palette(1)
    pal[0] = rgb
    g = displayio.Group(scale=8)
    g.append(displayio.TileGrid(bmp, pixel_shader=pal))
    return g
