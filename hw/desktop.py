"""Desktop backend: the 160x128 display in a scaled pygame window, keyboard as buttons,
saves in a file standing in for the board's NVM.

Keys: arrows = D-pad, Z or A = A, X or B = B, Enter = Start, Space or Backspace = Select.
"""
import os
import time

import displayio
import pygame
from blinka_displayio_pygamedisplay import PyGameDisplay

from hw import TICKS_MASK, keys
from hw.repeat import Repeater
from hw.stores import FileStore

WIDTH = 160
HEIGHT = 128

KEYMAP = {
    pygame.K_LEFT: keys.LEFT, pygame.K_RIGHT: keys.RIGHT, pygame.K_UP: keys.UP,
    pygame.K_DOWN: keys.DOWN, pygame.K_z: keys.A, pygame.K_a: keys.A, pygame.K_x: keys.B,
    pygame.K_b: keys.B, pygame.K_RETURN: keys.START, pygame.K_KP_ENTER: keys.START,
    pygame.K_SPACE: keys.SELECT, pygame.K_BACKSPACE: keys.SELECT,
}


class ScaledDisplay(PyGameDisplay):
    """Renders at the board's 160x128 into an offscreen surface and shows it scaled up."""

    # Blinka's background thread can look at a display before it is set up.
    _pygame_screen = None

    def __init__(self, scale):
        self.scale = scale
        displayio.release_displays()     # Blinka keeps one display; this window is it
        super().__init__(width=WIDTH, height=HEIGHT, auto_refresh=False,
                         caption="Pocket Patience")

    def _initialize(self, init_sequence):
        pygame.init()
        pygame.display.set_caption(self._caption)
        self._window = pygame.display.set_mode((WIDTH * self.scale, HEIGHT * self.scale))
        self._pygame_screen = pygame.Surface((WIDTH, HEIGHT))
        self.brightness_level = 1.0

    def _refresh_display(self):
        super()._refresh_display()
        frame = pygame.transform.scale(self._pygame_screen, self._window.get_size())
        if self.brightness_level < 1.0:
            shade = pygame.Surface(frame.get_size())
            shade.set_alpha(int(255 * (1.0 - self.brightness_level)))
            frame.blit(shade, (0, 0))
        self._window.blit(frame, (0, 0))
        pygame.display.flip()

    def save_png(self, path):
        pygame.image.save(self._pygame_screen, path)


class KeyboardKeys:
    def __init__(self, clock):
        self.repeat = Repeater(clock)

    def poll(self):
        for event in pygame.event.get((pygame.KEYDOWN, pygame.KEYUP, pygame.QUIT)):
            if event.type == pygame.QUIT:
                raise SystemExit(0)
            key = KEYMAP.get(event.key, keys.NONE)
            if key == keys.NONE:
                continue
            if event.type == pygame.KEYDOWN:
                return self.repeat.pressed(key)
            self.repeat.released(key)
        return self.repeat.poll()


class Clock:
    def ms(self):
        return (time.monotonic_ns() // 1_000_000) & TICKS_MASK


class Sound:
    """Square-wave beeps through pygame.mixer when there is an audio device, else silence."""

    def __init__(self):
        self.muted = False
        try:
            pygame.mixer.init(frequency=22050, size=-16, channels=1)
            self._ok = True
        except pygame.error:
            self._ok = False

    def beep(self, hz, ms):
        if self.muted or not self._ok:
            return
        n = 22050 * ms // 1000
        period = max(2, 22050 // max(1, hz))
        wave = bytearray()
        for i in range(n):
            v = 6000 if (i % period) < period // 2 else -6000
            wave += v.to_bytes(2, "little", signed=True)
        pygame.mixer.Sound(buffer=bytes(wave)).play()

    def play(self, notes):
        for hz, ms in notes:
            self.beep(hz, ms)
            time.sleep(ms / 1000)


class NoLights:
    count = 0
    brightness = 0.0


class Hardware:
    name = "desktop"

    def __init__(self, scale=4, storage_path=None):
        self.display = ScaledDisplay(scale)
        self.clock = Clock()
        self.keys = KeyboardKeys(self.clock)
        self.sound = Sound()
        self.lights = NoLights()
        path = storage_path or os.path.join(os.path.expanduser("~"), ".pocket-patience",
                                            "nvm.bin")
        self.storage = FileStore(path)

    def set_brightness(self, value):
        self.display.brightness_level = max(0.1, value)
