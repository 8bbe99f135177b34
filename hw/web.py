"""Browser backend, for MicroPython's WebAssembly port: the screen on a canvas (through
hw/webdisplay.py, which stands in for displayio and terminalio), keys from the keyboard and
the page's buttons, saves in the browser's local storage, beeps through Web Audio, and the
five NeoPixels as dots under the screen. web/main.py builds it; the board never imports it.

The page (web/main.js) owns the loop: it hands keys to key() as they come and calls the
app's step() on a timer, so nothing here waits or sleeps. Keys: arrows = D-pad, Z or A = A,
X or B = B, Enter = Start, Space or Backspace = Select, as on the desktop.
"""
import binascii
import sys
import time

import js

from hw import TICKS_MASK, base, webdisplay
from hw.stores import MemoryStore

SAVE_KEY = "pocket-patience-nvm"    # the local storage item holding the board's NVM
LIGHTS = 5


class PageKeys:
    """Presses and releases the page reported, taken one at a time like the desktop's
    pygame events, so none is lost between polls."""

    def __init__(self, clock):
        self.repeat = base.Repeater(clock)
        self.events = []        # (key, down)

    def poll(self):
        while self.events:
            key, down = self.events.pop(0)
            if down:
                return self.repeat.pressed(key)
            self.repeat.released(key)
        return self.repeat.poll()


class Clock:
    def ms(self):
        return time.ticks_ms() & TICKS_MASK


class PageSound(base.Silent):
    """Square-wave beeps the page plays; a melody is handed over whole, so its notes keep
    their rhythm without the app waiting them out."""

    def beep(self, hz, ms):
        if not self.muted and hz > 0:
            js.ppSound("%d:%d" % (hz, ms))

    def play(self, notes):
        if not self.muted:
            js.ppSound(",".join("%d:%d" % (hz, ms) for hz, ms in notes))


class PageLights:
    """The NeoPixels as dots under the canvas; like the board, nothing shows until show()."""
    count = LIGHTS

    def __init__(self):
        self.pixels = [0] * LIGHTS
        self.brightness = 1.0

    def set(self, i, rgb):
        self.pixels[i] = rgb

    def fill(self, rgb):
        for i in range(LIGHTS):
            self.pixels[i] = rgb

    def show(self):
        # brightness 0: off while the screen is dark, as the board's (hw/base.py)
        js.ppLights(",".join("%06x" % (p if self.brightness else 0) for p in self.pixels))


class LocalStore(MemoryStore):
    """The board's NVM kept in the browser's local storage, in hex in one item (the VM's
    base64 is written in Python and takes seconds; its hex is native)."""

    def __init__(self, size=8192):
        super().__init__(size)
        saved = js.localStorage.getItem(SAVE_KEY)
        if saved:
            try:
                data = binascii.unhexlify(saved)
            except ValueError:
                # cut short or written by something else: damaged slots, so the player is
                # told (hw/storage.py), never a blank board that says nothing
                data = b"\xa5" * 16
            self.data[0:len(data)] = data[:size]

    def write(self, offset, data):
        super().write(offset, data)
        js.localStorage.setItem(SAVE_KEY, binascii.hexlify(self.data).decode())


class Hardware(base.Hardware):
    def __init__(self):
        # The app imports displayio and terminalio by those names, as on the board.
        sys.modules["displayio"] = webdisplay
        sys.modules["terminalio"] = webdisplay
        webdisplay.FONT = webdisplay.Font(__file__.rsplit("/", 1)[0] + "/font.bin")
        clock = Clock()
        super().__init__("web", webdisplay.Display(), PageKeys(clock), PageSound(),
                         PageLights(), LocalStore(), clock)

    def key(self, key, down):
        self.keys.events.append((key, down))
