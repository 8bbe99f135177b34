"""5x7 glyph art and the routine that inks it into a sprite sheet, shared by both card sheets
(ui/sprites.py for the French deck, ui/amigo_sprites.py for YoYo's)."""
try:
    from micropython import const
except ImportError:
    const = int

TILE = const(8)

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
