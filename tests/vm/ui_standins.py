# Stand-ins for displayio, the terminal font and the board, so a game's app runs under
# MicroPython 1.27 (tests/mpvm.py) and its heap can be measured apart from displayio's own
# memory (tools/bench/ui_budget.py counts that). A test prepends this text to its driver script.
# A TileGrid stand-in keeps its cells in a bytearray, so a tuple index fails as it should:
# on the board grid[x, y] builds a tuple on the heap for every cell.
import gc
import sys


class _Bitmap:
    def __init__(self, w, h, n):
        self.width = w
        self.height = h

    def __setitem__(self, k, v):
        pass


class _Palette:
    def __init__(self, n):
        self.n = n

    def __setitem__(self, k, v):
        pass

    def make_transparent(self, i):
        pass


class _TileGrid:
    def __init__(self, bmp, pixel_shader=None, width=1, height=1, tile_width=8,
                 tile_height=8, default_tile=0, x=0, y=0):
        self.x = x
        self.y = y
        self.hidden = False
        self.width = width
        self.cells = bytearray(width * height)

    def __setitem__(self, i, v):
        self.cells[i] = v

    def __getitem__(self, i):
        return self.cells[i]


class _Group:
    def __init__(self, scale=1, x=0, y=0):
        self.items = []
        self.hidden = False
        self.x = x
        self.y = y

    def append(self, o):
        self.items.append(o)


class displayio:
    Bitmap = _Bitmap
    Palette = _Palette
    TileGrid = _TileGrid
    Group = _Group


class _Glyph:
    def __init__(self, i):
        self.tile_index = i


class _Font:
    # the board's terminal font: a glyph sheet in flash, ASCII from tile 0
    bitmap = _Bitmap(6 * 95, 12, 2)

    def get_bounding_box(self):
        return (6, 12)

    def get_glyph(self, c):
        return _Glyph(c - 32) if 32 <= c < 127 else None


class terminalio:
    FONT = _Font()


class _Repeat:
    hold_b = False


class _Keys:
    def __init__(self):
        self.queue = []
        self.repeat = _Repeat()

    def poll(self):
        return self.queue.pop(0) if self.queue else -1


class _Clock:
    now = 0

    def ms(self):
        return self.now


class _Sound:
    muted = False

    def beep(self, hz, ms):
        pass

    def play(self, notes):
        pass


class _Lights:
    count = 0


class _Display:
    root_group = None

    def refresh(self):
        pass


class _Raw:
    size = 8192

    def __init__(self):
        self.data = bytearray(8192)

    def read(self, o, n):
        return bytes(self.data[o:o + n])

    def write(self, o, d):
        self.data[o:o + len(d)] = d


class _Hw:
    def __init__(self):
        self.keys = _Keys()
        self.clock = _Clock()
        self.sound = _Sound()
        self.lights = _Lights()
        self.display = _Display()
        self.storage = _Raw()

    power = 0       # lit, and lit it stays: the screen's power (hw/base.py) is not measured here

    def set_brightness(self, level):
        pass

    def poll(self):
        return self.keys.poll()

    def wake(self):
        pass


sys.modules["displayio"] = displayio
sys.modules["terminalio"] = terminalio

import hw.keys  # noqa: E402
import ui.persist  # noqa: E402
import ui.textview  # noqa: E402
import engine.crc  # noqa: E402
import engine.rng  # noqa: E402
hw_ = _Hw()
settings = ui.persist.Settings()
persist = ui.persist.Persist(hw_.storage)
persist.load(settings)


def heap():
    return gc.mem_alloc()


def scrub(n=48):
    # Overwrites the C stack the compiler of an import just used: a stale pointer left there
    # would keep its parse tree alive through the next collection (the GC is conservative).
    a = b = c = d = e = f = 0
    return scrub(n - 1) + a + b + c + d + e + f if n else 0


class _NoGc:
    # collecting inside a function traps this VM build (tests/mpvm.py); the board collects
    @staticmethod
    def collect():
        pass
