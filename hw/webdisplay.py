"""The part of displayio (and terminalio) the app uses, for MicroPython's WebAssembly port,
which has neither: Bitmap, Palette, TileGrid, Group and a 160x128 display, composed with
MicroPython's framebuf into one byte a pixel that the page (web/main.js) paints on a canvas.

Only hw/web.py imports this, and only in the browser; the board has the real displayio.

Pixels follow displayio as Blinka draws it on the desktop, which the browser test compares
pixel for pixel: a later layer covers an earlier one, a transparent palette entry shows what
lies under it (black where nothing does), a Group's scale multiplies the pixels of everything
in it and the x, y of its child Groups and TileGrids, and colours pass through the display's
RGB565, as on the board's screen.

The frame holds indices into a colour table (colours()) rather than colours, so a frame is a
byte a pixel: index 127 is never drawn (framebuf's transparent key), so at most 127 colours
are in use at once; past that the table starts again and every palette maps its colours anew.
"""
import array

import framebuf

WIDTH = 160
HEIGHT = 128
_KEY = 127          # palette entries that are transparent map here, and blit skips them
_GS8 = framebuf.GS8

_table = {}         # RGB565 -> index in the frame
_colours = []       # index -> RGB888 as the board's screen shows it (RGB565 widened)
_generation = [0]   # bumps when the table starts again; palettes compare theirs to it


def _reset_table():
    _table.clear()
    del _colours[:]
    _generation[0] += 1
    _index(0)       # index 0 is black: the screen where no layer draws


def _index(rgb):
    """The frame's index for a 24-bit colour, after rounding it to RGB565 as Blinka does."""
    c565 = (rgb >> 19) << 11 | ((rgb >> 10) & 0x3F) << 5 | (rgb >> 3) & 0x1F
    i = _table.get(c565)
    if i is None:
        if len(_colours) == _KEY:
            _reset_table()
            raise _TableFull()
        i = len(_colours)
        _table[c565] = i
        r, g, b = c565 >> 11, (c565 >> 5) & 0x3F, c565 & 0x1F
        _colours.append((r * 255 // 31) << 16 | (g * 255 // 63) << 8 | b * 255 // 31)
    return i


class _TableFull(Exception):
    """The colour table started again mid-frame: the frame is drawn once more."""


def colours():
    """The colour of each index a frame uses, as 0xRRGGBB ints."""
    return _colours


_reset_table()


class Bitmap:
    """A byte a pixel, whatever value_count says: the browser has room, and framebuf blits
    GS8 sheets directly."""

    def __init__(self, width, height, value_count):
        if value_count < 1 or value_count > 256:
            raise ValueError("value_count must be 1..256")
        self.width = width
        self.height = height
        self.value_count = value_count
        self.buf = bytearray(width * height)

    def _at(self, i):
        if isinstance(i, tuple):
            x, y = i
            if not (0 <= x < self.width and 0 <= y < self.height):
                raise IndexError("pixel (%d, %d) outside the bitmap" % (x, y))
            return y * self.width + x
        return i

    def __getitem__(self, i):
        return self.buf[self._at(i)]

    def __setitem__(self, i, value):
        if not 0 <= value < self.value_count:
            raise ValueError("pixel value %d outside 0..%d" % (value, self.value_count - 1))
        self.buf[self._at(i)] = value

    def fill(self, value):
        self.buf[:] = bytes((value,)) * len(self.buf)


class Palette:
    def __init__(self, color_count):
        self._rgb = [0] * color_count
        self._clear = bytearray(color_count)
        self._lut = bytearray(256)      # pixel value -> frame index, built when drawn
        self._lut_fb = framebuf.FrameBuffer(self._lut, 256, 1, _GS8)
        self._gen = -1

    def __len__(self):
        return len(self._rgb)

    def __getitem__(self, i):
        return self._rgb[i]

    def __setitem__(self, i, rgb):
        if isinstance(rgb, (tuple, list)):
            rgb = rgb[0] << 16 | rgb[1] << 8 | rgb[2]
        self._rgb[i] = rgb
        self._gen = -1

    def make_transparent(self, i):
        self._clear[i] = 1
        self._gen = -1

    def make_opaque(self, i):
        self._clear[i] = 0
        self._gen = -1

    def is_transparent(self, i):
        return bool(self._clear[i])

    def lut(self):
        """A framebuf of the frame index of every pixel value; _KEY where transparent."""
        if self._gen != _generation[0]:
            lut = self._lut
            for i in range(256):
                lut[i] = _KEY
            for i in range(len(self._rgb)):
                if not self._clear[i]:
                    lut[i] = _index(self._rgb[i])
            self._gen = _generation[0]
        return self._lut_fb


class _Layer:
    def __init__(self, x, y):
        self.x = x
        self.y = y
        self.hidden = False
        self._parent = None


class TileGrid(_Layer):
    def __init__(self, bitmap, *, pixel_shader, width=1, height=1, tile_width=None,
                 tile_height=None, default_tile=0, x=0, y=0):
        super().__init__(x, y)
        tile_width = bitmap.width if tile_width is None else tile_width
        tile_height = bitmap.height if tile_height is None else tile_height
        if bitmap.width % tile_width or bitmap.height % tile_height:
            raise ValueError("tiles must divide the bitmap evenly")
        self.bitmap = bitmap
        self.pixel_shader = pixel_shader
        self.width = width
        self.height = height
        self.tile_width = tile_width
        self.tile_height = tile_height
        self._count = (bitmap.width // tile_width) * (bitmap.height // tile_height)
        self._tiles = array.array("H", [default_tile] * (width * height))

    def _at(self, i):
        if isinstance(i, tuple):
            x, y = i
            if not (0 <= x < self.width and 0 <= y < self.height):
                raise IndexError("tile (%d, %d) outside the grid" % (x, y))
            return y * self.width + x
        return i

    def __getitem__(self, i):
        return self._tiles[self._at(i)]

    def __setitem__(self, i, tile):
        if not 0 <= tile < self._count:
            raise ValueError("tile %d outside 0..%d" % (tile, self._count - 1))
        self._tiles[self._at(i)] = tile

    def _draw(self, fb, ox, oy, scale):
        bmp = self.bitmap
        src = memoryview(bmp.buf)
        stride = bmp.width
        cols = stride // self.tile_width
        tw, th = self.tile_width, self.tile_height
        lut = self.pixel_shader.lut()
        ox += self.x * scale
        oy += self.y * scale
        tiles = self._tiles
        w = self.width
        for ty in range(self.height):
            for tx in range(w):
                t = tiles[ty * w + tx]
                start = (t // cols) * th * stride + (t % cols) * tw
                x = ox + tx * tw * scale
                y = oy + ty * th * scale
                if scale == 1:
                    fb.blit((src[start:], tw, th, _GS8, stride), x, y, _KEY, lut)
                else:
                    _scaled(fb, bmp.buf, start, stride, tw, th, lut, x, y, scale)


def _scaled(fb, buf, start, stride, tw, th, lut, x, y, scale):
    """One tile at scale: a square a pixel (the felt, YoYo's big card)."""
    for py in range(th):
        row = start + py * stride
        for px in range(tw):
            c = lut.pixel(buf[row + px], 0)
            if c != _KEY:
                fb.fill_rect(x + px * scale, y + py * scale, scale, scale, c)


class Group(_Layer):
    def __init__(self, *, scale=1, x=0, y=0):
        super().__init__(x, y)
        if scale < 1:
            raise ValueError("scale must be at least 1")
        self.scale = scale
        self._layers = []

    def _adopt(self, layer):
        if layer._parent is not None:
            raise ValueError("Layer already in a group")
        layer._parent = self
        return layer

    def append(self, layer):
        self._layers.append(self._adopt(layer))

    def insert(self, index, layer):
        self._layers.insert(index, self._adopt(layer))

    def index(self, layer):
        return self._layers.index(layer)

    def pop(self, index=-1):
        layer = self._layers.pop(index)
        layer._parent = None
        return layer

    def remove(self, layer):
        self.pop(self._layers.index(layer))

    def __len__(self):
        return len(self._layers)

    def __bool__(self):
        return True

    def __getitem__(self, index):
        return self._layers[index]

    def __setitem__(self, index, layer):
        self._adopt(layer)
        self._layers[index]._parent = None
        self._layers[index] = layer

    def __delitem__(self, index):
        self.pop(index)

    def __contains__(self, layer):
        return layer in self._layers

    def _draw(self, fb, ox, oy, scale):
        ox += self.x * scale
        oy += self.y * scale
        scale *= self.scale
        for layer in self._layers:
            if not layer.hidden:
                layer._draw(fb, ox, oy, scale)


class Display:
    """The screen: refresh() draws root_group into frame, a byte a pixel (see colours())."""

    width = WIDTH
    height = HEIGHT

    def __init__(self):
        self.root_group = None
        self.brightness = 1.0
        self.auto_refresh = False
        self.frame = bytearray(WIDTH * HEIGHT)
        self._fb = framebuf.FrameBuffer(self.frame, WIDTH, HEIGHT, _GS8)
        self.refreshes = 0       # the page paints the canvas when this has moved on

    def refresh(self, *, target_frames_per_second=None, minimum_frames_per_second=0):
        for _ in range(2):
            self._fb.fill(0)
            root = self.root_group
            try:
                if root is not None and not root.hidden:
                    root._draw(self._fb, 0, 0, 1)
                break
            except _TableFull:
                pass        # the table started again: every palette maps anew, once
        self.refreshes += 1
        return True


def release_displays():
    pass


class _Glyph:
    def __init__(self, tile_index):
        self.tile_index = tile_index


class Font:
    """terminalio.FONT: the glyph sheet the desktop draws from Blinka's terminal font, made
    by tools/build_web.py into font.bin: the glyph width and height in a byte each, then
    glyphs 32..126 side by side, a byte a pixel."""

    FIRST = 32

    def __init__(self, path):
        with open(path, "rb") as f:
            data = f.read()
        width, height = data[0], data[1]
        data = data[2:]
        count = len(data) // (width * height)
        self._size = (width, height)
        self._count = count
        self.bitmap = Bitmap(width * count, height, 2)
        self.bitmap.buf[:] = data

    def get_bounding_box(self):
        return (self._size[0], self._size[1], 0, 0)

    def get_glyph(self, code):
        i = code - self.FIRST
        return _Glyph(i) if 0 <= i < self._count else None
