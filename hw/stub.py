"""Test and headless backend: scripted keys, a clock you advance, in-memory or file storage,
a sound log, five logged lights, and a display that counts what each refresh redraws.

Rendering pixels is the slow part of Blinka's displayio, so the display only counts dirty
areas unless `render` is set; save_png() renders the whole screen on demand.
"""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import busdisplay  # noqa: E402
import displayio  # noqa: E402
import pygame  # noqa: E402
from blinka_displayio_pygamedisplay import Area, PyGameDisplay  # noqa: E402

from hw import TICKS_MASK  # noqa: E402
from hw.keys import NONE  # noqa: E402
from hw.stores import FileStore, MemoryStore  # noqa: E402

WIDTH = 160
HEIGHT = 128


class CountingDisplay(PyGameDisplay):
    # Blinka's background thread can look at a display being released or not yet set up.
    _pygame_screen = None

    def __init__(self, render=False):
        # Blinka keeps one display at a time: a new stub board replaces the last one.
        displayio.release_displays()
        super().__init__(width=WIDTH, height=HEIGHT, auto_refresh=False)
        self.render = render
        self.last_dirty_pixels = 0
        self.refreshes = 0

    def _refresh_display(self):
        self.last_dirty_pixels = 0
        self.refreshes += 1
        return super()._refresh_display()

    def _get_refresh_areas(self):
        # PyGameDisplay redraws the whole window every time; the board redraws only what
        # changed, which is what a budget on dirty pixels has to see.
        return busdisplay.BusDisplay._get_refresh_areas(self)

    def _refresh_area(self, area):
        clipped = Area()
        if self._core.clip_area(area, clipped):
            self.last_dirty_pixels += clipped.size()
        if self.render:
            return super()._refresh_area(area)
        return True

    def save_png(self, path):
        rendering = self.render
        self.render = True
        self._core.full_refresh = True
        super()._refresh_display()
        self.render = rendering
        pygame.image.save(pygame.display.get_surface(), path)


class ScriptedKeys:
    def __init__(self):
        self.queue = []

    def press(self, key):
        self.queue.append(key)

    def poll(self):
        return self.queue.pop(0) if self.queue else NONE


class SoundLog:
    def __init__(self):
        self.muted = False
        self.log = []

    def beep(self, hz, ms):
        if not self.muted:
            self.log.append((hz, ms))

    def play(self, notes):
        for hz, ms in notes:
            self.beep(hz, ms)


class LightLog:
    def __init__(self, count=5):
        self.count = count
        self.pixels = [0] * count
        self.brightness = 0.2
        self.shown = 0

    def set(self, i, rgb):
        self.pixels[i] = rgb

    def fill(self, rgb):
        for i in range(self.count):
            self.pixels[i] = rgb

    def show(self):
        self.shown += 1


class ManualClock:
    def __init__(self):
        self.now = 0

    def ms(self):
        return self.now

    def advance(self, ms):
        self.now = (self.now + ms) & TICKS_MASK


class Hardware:
    name = "stub"

    def __init__(self, storage=None, storage_path=None, render=False, lights=5):
        self.display = CountingDisplay(render=render)
        self.keys = ScriptedKeys()
        self.sound = SoundLog()
        self.lights = LightLog(lights)
        self.clock = ManualClock()
        if storage is not None:
            self.storage = storage
        elif storage_path:
            self.storage = FileStore(storage_path)
        else:
            self.storage = MemoryStore()
        self.brightness = 1.0

    def set_brightness(self, value):
        self.brightness = value
