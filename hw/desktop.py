"""Desktop backend: the 160x128 display in a scaled pygame window, keyboard as buttons,
saves in a file standing in for the board's NVM, beeps through pygame.mixer when there is an
audio device, and optionally the NeoPixels as dots under the screen.

Keys: arrows = D-pad, Z or A = A, X or B = B, Enter = Start, Space or Backspace = Select.
"""
import array
import os
import time

import displayio
import pygame
from blinka_displayio_pygamedisplay import PyGameDisplay

from hw import base, keys
from hw.base import TICKS_MASK
from hw.stores import FileStore

WIDTH = 160
HEIGHT = 128
STRIP = 8            # height of the lights strip under the screen, in board pixels
DEFAULT_SAVE = os.path.join(os.path.expanduser("~"), ".pocket-patience", "nvm.bin")

KEYMAP = {
    pygame.K_LEFT: keys.LEFT, pygame.K_RIGHT: keys.RIGHT, pygame.K_UP: keys.UP,
    pygame.K_DOWN: keys.DOWN, pygame.K_z: keys.A, pygame.K_a: keys.A, pygame.K_x: keys.B,
    pygame.K_b: keys.B, pygame.K_RETURN: keys.START, pygame.K_KP_ENTER: keys.START,
    pygame.K_SPACE: keys.SELECT, pygame.K_BACKSPACE: keys.SELECT,
}

# The window manager asks for these when the window was covered or moved; with
# auto_refresh off nothing else would repaint it.
_REPAINT = (pygame.WINDOWSHOWN, pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED,
            pygame.WINDOWMAXIMIZED, pygame.WINDOWSIZECHANGED)


class ScaledDisplay(PyGameDisplay):
    """Renders at the board's 160x128 into an offscreen surface and shows it scaled up, with
    room below for `lights` dots when there are any."""

    # Blinka's background thread can look at a display before it is set up.
    _pygame_screen = None
    _dark = False

    def __init__(self, scale, lights=0):
        self.scale = scale
        self.lights = [0] * lights
        displayio.release_displays()     # Blinka keeps one display; this window is it
        super().__init__(width=WIDTH, height=HEIGHT, auto_refresh=False,
                         caption="Pocket Patience")

    def _initialize(self, init_sequence):
        pygame.init()
        pygame.display.set_caption(self._caption)
        strip = STRIP if self.lights else 0
        self._window = pygame.display.set_mode((WIDTH * self.scale,
                                                (HEIGHT + strip) * self.scale))
        self._pygame_screen = pygame.Surface((WIDTH, HEIGHT))

    def _refresh_display(self):
        super()._refresh_display()
        self.present()

    def present(self):
        """Show the last rendered frame, dimmed to the brightness, and the lights."""
        s = self.scale
        frame = pygame.transform.scale(self._pygame_screen, (WIDTH * s, HEIGHT * s))
        level = self.brightness
        if level < 1.0:
            # dimmed as the backlight would be, never below a tenth while lit; dark (the
            # board's backlight off when no key came for minutes) is black, the title says why
            shade = pygame.Surface(frame.get_size())
            shade.set_alpha(255 if level <= 0 else int(255 * (1.0 - max(0.1, level))))
            frame.blit(shade, (0, 0))
        if (level <= 0) != self._dark:
            self._dark = level <= 0
            pygame.display.set_caption(self._caption + (" (screen off: any key wakes it)"
                                                        if self._dark else ""))
        self._window.blit(frame, (0, 0))
        n = len(self.lights)
        for i in range(n):
            centre = ((2 * i + 1) * WIDTH * s // (2 * n), (HEIGHT * 2 + STRIP) * s // 2)
            rgb = self.lights[i] or 0x202020     # an unlit pixel still shows where it is
            colour = pygame.Color(rgb >> 16, (rgb >> 8) & 0xFF, rgb & 0xFF)
            pygame.draw.circle(self._window, colour, centre, 3 * s)
        pygame.display.flip()

    def save_png(self, path):
        pygame.image.save(self._pygame_screen, path)


class WindowLights:
    """NeoPixels drawn as dots under the screen; like the board, nothing shows until show()."""

    def __init__(self, display):
        self._display = display
        self.count = len(display.lights)
        self.pixels = [0] * self.count
        self.brightness = 1.0

    def set(self, i, rgb):
        self.pixels[i] = rgb

    def fill(self, rgb):
        for i in range(self.count):
            self.pixels[i] = rgb

    def show(self):
        # brightness 0 is the board's NeoPixels off while the screen is dark (hw/base.py)
        self._display.lights[:] = self.pixels if self.brightness else [0] * self.count
        self._display.present()


class KeyboardKeys:
    """Takes pygame's events one at a time, so none is lost between polls."""

    def __init__(self, clock, display):
        self.repeat = base.Repeater(clock)
        self._display = display

    def poll(self):
        while True:
            event = pygame.event.poll()
            kind = event.type
            if kind == pygame.NOEVENT:
                return self.repeat.poll()
            if kind == pygame.QUIT:
                raise SystemExit(0)
            if kind == pygame.KEYDOWN or kind == pygame.KEYUP:
                key = KEYMAP.get(event.key, keys.NONE)
                if key == keys.NONE:
                    continue
                if kind == pygame.KEYDOWN:
                    return self.repeat.pressed(key)
                self.repeat.released(key)
            elif kind in _REPAINT:
                self._display.present()


class Clock:
    def ms(self):
        return (time.monotonic_ns() // 1_000_000) & TICKS_MASK


class Sound(base.Silent):
    """Square-wave beeps through pygame.mixer; silent when there is no audio device. A beep
    returns at once; play() waits out each note so a melody keeps its rhythm."""

    AMPLITUDE = 6000

    def __init__(self):
        super().__init__()
        try:
            pygame.mixer.init(frequency=22050, size=-16, channels=1)
            self._rate, _, self._channels = pygame.mixer.get_init()
        except pygame.error:
            self._rate = 0

    def beep(self, hz, ms):
        if self.muted or not self._rate or hz <= 0:
            return
        period = max(2, self._rate // hz)
        half = period // 2
        cycle = array.array("h", ([self.AMPLITUDE] * half + [-self.AMPLITUDE] * (period - half)))
        if self._channels > 1:
            cycle = array.array("h", [v for v in cycle for _ in range(self._channels)])
        count = max(1, self._rate * ms // 1000 // period)
        pygame.mixer.Sound(buffer=cycle.tobytes() * count).play()

    def play(self, notes):
        for hz, ms in notes:
            self.beep(hz, ms)
            time.sleep(ms / 1000)


class Hardware(base.Hardware):
    """scale: window pixels per board pixel; storage_path: the NVM file (default
    ~/.pocket-patience/nvm.bin); lights: NeoPixel dots under the screen (0 for none)."""

    def __init__(self, scale=4, storage_path=None, lights=0):
        display = ScaledDisplay(scale, lights)
        clock = Clock()
        super().__init__("desktop", display, KeyboardKeys(clock, display), Sound(),
                         WindowLights(display) if lights else base.NoLights(),
                         FileStore(storage_path or DEFAULT_SAVE), clock)
