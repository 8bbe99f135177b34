# A PyBadge around the real CircuitPython interpreter (tests/cpy.py): stand-ins for exactly the
# modules the board has built in and the unix port lacks (board, keypad, terminalio, fontio,
# microcontroller, supervisor, digitalio, neopixel_write, audioio, and displayio's TileGrid
# and Group), each holding on the heap what the board's C object holds there. Everything else
# is the real thing: displayio.Bitmap and Palette, audiocore, array, and any library on the
# path. A test prepends this text to its driver script; the driver presses keys with press(k)
# and moves the clock with wait(ms). Stand-ins are made before anything is measured, as the
# board's own objects exist before code.py starts.
import gc
import sys
import time as _real_time

import displayio as _real_displayio


class _Mod:
    pass


def _module(name, **attrs):
    m = _Mod()
    for k in attrs:
        setattr(m, k, attrs[k])
    sys.modules[name] = m
    return m


# -- displayio: the real Bitmap and Palette; TileGrid and Group hold their cells and children
# on the heap as the board's do (one byte a cell, two past 255 tiles).
class TileGrid:
    def __init__(self, bitmap, pixel_shader=None, width=1, height=1, tile_width=None,
                 tile_height=None, default_tile=0, x=0, y=0):
        self.bitmap = bitmap
        self.pixel_shader = pixel_shader
        self.width = width
        self.height = height
        self.tile_width = tile_width or bitmap.width
        self.tile_height = tile_height or bitmap.height
        tiles = (bitmap.width // self.tile_width) * (bitmap.height // self.tile_height)
        self._wide = tiles > 255
        self._cells = bytearray(width * height * (2 if self._wide else 1))
        self.x = x
        self.y = y
        self.hidden = False
        self.flip_x = self.flip_y = self.transpose_xy = False

    def __setitem__(self, i, v):
        if not isinstance(i, int):
            raise TypeError("index cells by int: grid[x, y] builds a tuple per call")
        if self._wide:
            self._cells[2 * i] = v & 255
            self._cells[2 * i + 1] = v >> 8
        else:
            self._cells[i] = v

    def __getitem__(self, i):
        if self._wide:
            return self._cells[2 * i] | self._cells[2 * i + 1] << 8
        return self._cells[i]


class Group:
    # Attributes behind properties, as on the C type: the text library's Label subclasses
    # Group and overrides some of them.
    def __init__(self, scale=1, x=0, y=0):
        self._items = []
        self._g = [scale, x, y, False]

    def _get(i):
        def put(self, v):
            self._g[i] = v
        return property(lambda self: self._g[i], put)

    scale = _get(0)
    x = _get(1)
    y = _get(2)
    hidden = _get(3)

    def append(self, o):
        self._items.append(o)

    def insert(self, i, o):
        self._items.insert(i, o)

    def remove(self, o):
        self._items.remove(o)

    def pop(self, i=-1):
        return self._items.pop(i)

    def index(self, o):
        return self._items.index(o)

    def __len__(self):
        return len(self._items)

    def __getitem__(self, i):
        return self._items[i]

    def __setitem__(self, i, o):
        self._items[i] = o


displayio = _module("displayio", Bitmap=_real_displayio.Bitmap, Palette=_real_displayio.Palette,
                    ColorConverter=_real_displayio.ColorConverter, TileGrid=TileGrid,
                    Group=Group)


# -- the terminal font lives in the board's flash: its glyph sheet is made here, before
# measuring, as a real Bitmap of 6x12 glyphs for ASCII 32..126 in order.
class _Glyph:
    def __init__(self, i):
        self.tile_index = i
        self.width = 6
        self.height = 12
        self.dx = 0
        self.dy = -2
        self.shift_x = 6
        self.shift_y = 0
        self.bitmap = _FONT_SHEET


_FONT_SHEET = _real_displayio.Bitmap(6 * 95, 12, 2)


class _BuiltinFont:
    bitmap = _FONT_SHEET

    def get_bounding_box(self):
        return (6, 12)

    def get_glyph(self, c):
        if 32 <= c < 127:
            return _Glyph(c - 32)
        return None


fontio = _module("fontio", BuiltinFont=_BuiltinFont, Glyph=_Glyph)
terminalio = _module("terminalio", FONT=_BuiltinFont())


# -- the clock: supervisor.ticks_ms() wraps at 2**29 like the board's; time.sleep() moves it
# instead of waiting.
class _Clock:
    now = 12345


def _ticks_ms():
    return _Clock.now & 0x1FFFFFFF


def _sleep(s):
    _Clock.now += int(s * 1000)


class ReloadRequested(BaseException):
    """The firmware's reload: the program ends here; a harness starts the next one."""


def _reload():
    raise ReloadRequested()


supervisor = _module("supervisor", ticks_ms=_ticks_ms, runtime=_Mod(), reload=_reload)
_module("time", sleep=_sleep, monotonic=getattr(_real_time, "monotonic", None),
        monotonic_ns=getattr(_real_time, "monotonic_ns", None), time=_real_time.time,
        localtime=_real_time.localtime)


def wait(ms):
    _Clock.now += ms


# -- board, pins and the display
class _Pin:
    def __init__(self, name):
        self.name = name


class _I2C:
    def try_lock(self):
        return True

    def unlock(self):
        pass

    def scan(self):
        return [0x19]       # the PyBadge's accelerometer answers: five NeoPixels


class _Display:
    width = 160
    height = 128
    auto_refresh = True
    brightness = 1.0
    root_group = None
    refreshes = 0

    def refresh(self, target_frames_per_second=None, minimum_frames_per_second=0):
        _Display.refreshes += 1
        return True


_board = _module("board", board_id="pybadge", DISPLAY=_Display(), I2C=_I2C)
for _n in ("BUTTON_CLOCK", "BUTTON_OUT", "BUTTON_LATCH", "NEOPIXEL", "SPEAKER",
           "SPEAKER_ENABLE", "LIGHT", "A6", "JOYSTICK_X", "JOYSTICK_Y"):
    setattr(_board, _n, _Pin(_n))


# -- keys: the shift register's events, filled by press()
class _Event:
    def __init__(self, key_number=0, pressed=True):
        self.key_number = key_number
        self.pressed = pressed
        self.released = not pressed


class _EventQueue:
    def __init__(self):
        self.pending = []

    def get_into(self, event):
        if not self.pending:
            return False
        k, down = self.pending.pop(0)
        event.key_number = k
        event.pressed = down
        event.released = not down
        return True

    def get(self):
        if not self.pending:
            return None
        k, down = self.pending.pop(0)
        return _Event(k, down)

    def clear(self):
        self.pending = []

    def __len__(self):
        return len(self.pending)


_EVENTS = _EventQueue()


class _ShiftRegisterKeys:
    def __init__(self, clock=None, data=None, latch=None, key_count=8,
                 value_when_pressed=True, **kw):
        self.key_count = key_count
        self.events = _EVENTS


keypad = _module("keypad", ShiftRegisterKeys=_ShiftRegisterKeys, Event=_Event)


def queue_key(k):
    _EVENTS.pending.append((k, True))
    _EVENTS.pending.append((k, False))


# -- the rest of the board's built-ins the backends touch
class _DigitalInOut:
    def __init__(self, pin):
        self.pin = pin
        self.value = False
        self.direction = None

    def switch_to_output(self, value=False, drive_mode=None):
        self.value = value

    def switch_to_input(self, pull=None):
        pass

    def deinit(self):
        pass


_direction = _Mod()
_direction.INPUT = 0
_direction.OUTPUT = 1
_pull = _Mod()
_pull.UP = 1
_pull.DOWN = 2
digitalio = _module("digitalio", DigitalInOut=_DigitalInOut, Direction=_direction, Pull=_pull)
_PIXELS = []


def _neopixel_write(pin, buf):
    _PIXELS.append(len(buf))
    if len(_PIXELS) > 4:
        _PIXELS.pop(0)


_module("neopixel_write", neopixel_write=_neopixel_write)


class _AudioOut:
    def __init__(self, pin, **kw):
        self.playing = False

    def play(self, sample, loop=False):
        self.playing = True

    def stop(self):
        self.playing = False


_module("audioio", AudioOut=_AudioOut)


class _Nvm:
    def __init__(self):
        self.data = bytearray(8192)

    def __len__(self):
        return 8192

    def __getitem__(self, k):
        return self.data[k]

    def __setitem__(self, k, v):
        self.data[k] = v


microcontroller = _module("microcontroller", nvm=_Nvm(), cpu=_Mod())


class _AnalogIn:
    def __init__(self, pin):
        self.value = 32767


_module("analogio", AnalogIn=_AnalogIn)

import os as _os  # noqa: E402


def seed_bytes(n):
    return _os.urandom(n)


def _largest():
    lo, hi = 0, gc.mem_free()
    while hi - lo > 16:
        mid = (lo + hi) // 2
        try:
            b = bytearray(mid)
            b = None
            lo = mid
        except MemoryError:
            hi = mid
    # The collector is conservative: a stale pointer to the last big trial, left in the C
    # stack, would keep it alive. One small allocation at the same depth overwrites it.
    b = bytearray(16)
    b = None  # noqa: F841 # the write is the point
    return lo


def fill_heap_leaving(n):
    """Leave exactly n bytes free in one unbroken run, as on a fresh board: every hole the
    harness left below it is plugged, and everything above n is held by one block. Returns
    what must stay referenced, and the free bytes and largest run it achieved."""
    gc.collect()
    holes = gc.mem_free() - _largest()
    plugs = [None] * (holes // 16 + 64)
    gc.collect()
    largest = _largest()
    if largest < n + 64:
        raise SystemExit("heap too small for the size under test: %d < %d" % (largest, n))
    held = bytearray(largest - n - 16)
    # Plugs until no more than n is free. Each plug takes the same bytes and nothing else here
    # allocates or frees, so the plugs that surely leave more than n go in without reading
    # gc.mem_free(), which walks the whole heap's table: read after every plug, as it was, it
    # cost a sixth of a second a program. The plugs and where they land are the same, and no
    # local is added (holes and largest are reused), as the collector also scans this frame.
    i = 0
    holes = gc.mem_free()
    while holes > n and i < len(plugs):
        plugs[i] = (i, i)
        i += 1
        largest = holes - gc.mem_free()     # what a plug took, unless the collector ran
        holes -= largest
        largest = (holes - n - 1) // largest if largest > 0 else 0
        while largest > 0 and i < len(plugs):
            plugs[i] = (i, i)
            i += 1
            largest -= 1
        holes = gc.mem_free()
    return (held, plugs), gc.mem_free(), _largest()


def fill_heap_areas(n):
    """Leave n bytes free laid out as CircuitPython 10 grows its heap on a board: areas of 8,
    8, 16, 32 and 64 KB, then the rest, each losing 3 % to the collector's tables, in the
    order the allocator searches them. No object can span two areas, so a held block parts
    each area from the next; it is 256 B, larger than any hole the harness leaves below,
    so that first fit puts it at the end of the area just made. Returns what must stay
    referenced."""
    sizes = []
    left = n
    for kb in (8, 8, 16, 32, 64):
        size = kb * 1024 * 97 // 100
        if left - size < 1024:
            break
        sizes.append(size)
        left -= size
    held = fill_heap_leaving(n + 256 * len(sizes))
    spans = [None] * 8
    walls = [None] * 8
    gc.collect()
    for i in range(len(sizes)):
        spans[i] = bytearray(sizes[i] - 16)     # the array's own object takes a block too
        walls[i] = (i,) * 62
    for i in range(len(sizes)):     # item by item: a stale pointer to the list must not keep them
        spans[i] = None
    gc.collect()
    return held, walls
