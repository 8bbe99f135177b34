"""Test and headless backend: scripted keys, a clock you advance, in-memory or file storage,
a sound log, logged lights, and a display that counts what each refresh redraws.

Rendering pixels is the slow part of Blinka's displayio, so the display only counts dirty
areas unless `render` is set; save_png() and pixel() render the whole screen on demand.
"""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import busdisplay
import displayio
import pygame
from blinka_displayio_pygamedisplay import Area, PyGameDisplay

from hw import base
from hw.base import TICKS_MASK
from hw.stores import FileStore, MemoryStore

WIDTH = 160
HEIGHT = 128

# A scripted entry is a key code plus one of these; a bare code is a tap.
_HOLD = 0x100
_RELEASE = 0x200


class CountingDisplay(PyGameDisplay):
    """160x128 displayio display that counts the pixels each refresh marks dirty:
    last_dirty_pixels (the last refresh), total_dirty_pixels and refreshes (since creation)."""

    # Blinka's background thread can look at a display being released or not yet set up.
    _pygame_screen = None

    def __init__(self, render=False):
        # Blinka keeps one display at a time: a new stub board replaces the last one.
        displayio.release_displays()
        super().__init__(width=WIDTH, height=HEIGHT, auto_refresh=False)
        self.render = render
        self.last_dirty_pixels = 0
        self.total_dirty_pixels = 0
        self.refreshes = 0
        self._counting = True

    def _refresh_display(self):
        self.last_dirty_pixels = 0
        self.refreshes += 1
        if self.render:
            return super()._refresh_display()
        # Skips PyGameDisplay's window flip, which only matters when pixels were drawn.
        return busdisplay.BusDisplay._refresh_display(self)

    def _get_refresh_areas(self):
        # PyGameDisplay redraws the whole window every time; the board redraws only what
        # changed, which is what a budget on dirty pixels has to see.
        return busdisplay.BusDisplay._get_refresh_areas(self)

    def _refresh_area(self, area):
        if self._counting:
            clipped = Area()
            if self._core.clip_area(area, clipped):
                self.last_dirty_pixels += clipped.size()
                self.total_dirty_pixels += clipped.size()
        if self.render:
            return super()._refresh_area(area)
        return True

    def _render_all(self):
        """Draw the whole current screen into the pygame surface, without counting it."""
        rendering = self.render
        self.render = True
        self._counting = False
        self._core.full_refresh = True
        try:
            busdisplay.BusDisplay._refresh_display(self)
        finally:
            self.render = rendering
            self._counting = True
        return self._pygame_screen

    def save_png(self, path):
        pygame.image.save(self._render_all(), path)

    def pixel(self, x, y):
        """The colour at (x, y) on the current screen as 0xRRGGBB."""
        c = self._render_all().get_at((x, y))
        return (c.r << 16) | (c.g << 8) | c.b


class ScriptedKeys:
    """Keys the test queues: press(k) is a tap; hold(k) ... release(k) holds a direction,
    which repeats as the stub clock advances, as on the boards."""

    def __init__(self, clock):
        self.queue = []
        self.repeat = base.Repeater(clock)

    def press(self, key):
        self.queue.append(key)

    def hold(self, key):
        self.queue.append(key | _HOLD)

    def release(self, key):
        self.queue.append(key | _RELEASE)

    def poll(self):
        while self.queue:
            entry = self.queue.pop(0)
            key = entry & 0xFF
            if entry & _RELEASE:
                self.repeat.released(key)
                continue
            self.repeat.pressed(key)
            if not entry & _HOLD:
                self.repeat.released(key)
            return key
        return self.repeat.poll()


class SoundLog(base.Silent):
    """Records every (hz, ms) it would have played while not muted, in log."""

    def __init__(self):
        super().__init__()
        self.log = []

    def beep(self, hz, ms):
        if not self.muted:
            self.log.append((hz, ms))


class LightLog:
    """NeoPixels as a list of 0xRRGGBB ints; shown counts show() calls."""

    def __init__(self, count):
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
    """Milliseconds that move only when a test calls advance(ms)."""

    def __init__(self):
        self.now = 0

    def ms(self):
        return self.now

    def advance(self, ms):
        self.now = (self.now + ms) & TICKS_MASK


class Hardware(base.Hardware):
    """storage: a raw store to share between runs; storage_path: keep it in a file instead;
    render: draw pixels on every refresh; lights: how many NeoPixels (0 for none)."""

    def __init__(self, storage=None, storage_path=None, render=False, lights=5):
        clock = ManualClock()
        if storage is None:
            storage = FileStore(storage_path) if storage_path else MemoryStore()
        super().__init__("stub", CountingDisplay(render), ScriptedKeys(clock), SoundLog(),
                         LightLog(lights) if lights else base.NoLights(), storage, clock)
