"""Estimate what a displayio tree costs on the board, from the sizes CircuitPython's source gives.

Bitmap: bits per pixel is the smallest of 1, 2, 4, 8, 16 holding value_count - 1, rows padded
to 32 bits. Palette: about 16 bytes a colour. TileGrid: about 100 bytes plus a byte a cell
(two past 255 tiles). Group: about 50 bytes plus 4 a child. Shared bitmaps and palettes are
counted once. Run it to print the table for the Black Hole screen.
"""
import os
import sys

# Appended: the repo's code.py must not shadow the standard library's `code` module.
sys.path.append(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))


def bitmap_bytes(bmp):
    # Blinka's Bitmap keeps the depth CircuitPython would pick for its value_count.
    bpp = bmp._bits_per_value
    words = (bmp.width * bpp + 31) // 32
    return words * 4 * bmp.height


def tree_bytes(root):
    """{'bitmaps': n, 'palettes': n, 'tilegrids': n, 'groups': n} for everything under root."""
    import displayio
    seen = set()
    cost = {"bitmaps": 0, "palettes": 0, "tilegrids": 0, "groups": 0}

    def once(obj):
        if id(obj) in seen:
            return False
        seen.add(id(obj))
        return True

    stack = [root]
    while stack:
        node = stack.pop()
        if isinstance(node, displayio.Group):
            cost["groups"] += 50 + 4 * len(node)
            stack.extend(node)
        elif isinstance(node, displayio.TileGrid):
            cells = node.width * node.height
            tiles = (node.bitmap.width // node.tile_width) * \
                (node.bitmap.height // node.tile_height)
            cost["tilegrids"] += 100 + cells * (2 if tiles > 255 else 1)
            if once(node.bitmap):
                cost["bitmaps"] += bitmap_bytes(node.bitmap)
            shader = node.pixel_shader
            if isinstance(shader, displayio.Palette) and once(shader):
                cost["palettes"] += 16 * len(shader)
    return cost


def main():
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from hw import stub
    from ui.blackhole.table import BlackHoleApp
    from ui.persist import Persist, Settings
    hw = stub.Hardware()
    app = BlackHoleApp(hw, 1, Persist(hw.storage), Settings())
    table = tree_bytes(app.root)
    print("displayio memory of the Black Hole screen (estimate, bytes)")
    for k, v in table.items():
        print("  %-10s %6d" % (k, v))
    print("  %-10s %6d   (budget 16384)" % ("total", sum(table.values())))


if __name__ == "__main__":
    main()
