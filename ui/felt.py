"""The table's background, shared by every game's screen."""
import displayio


def felt(rgb):
    """One colour over the whole screen: a 20x16 bitmap scaled by 8 costs 64 bytes of pixels,
    where a 160x128 one would cost 2.5 KB."""
    bmp = displayio.Bitmap(20, 16, 1)
    pal = displayio.Palette(1)
    pal[0] = rgb
    g = displayio.Group(scale=8)
    g.append(displayio.TileGrid(bmp, pixel_shader=pal))
    return g
