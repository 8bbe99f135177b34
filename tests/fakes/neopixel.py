"""Fake `neopixel`: NeoPixel keeps its colours in a list and counts show() calls."""

instances = []


class NeoPixel:
    def __init__(self, pin, n, *, bpp=3, brightness=1.0, auto_write=True, pixel_order=None):
        self.pin = pin
        self.n = n
        self.brightness = brightness
        self.auto_write = auto_write
        self.pixels = [0] * n
        self.shows = 0
        instances.append(self)

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        return self.pixels[i]

    def __setitem__(self, i, colour):
        self.pixels[i] = colour
        if self.auto_write:
            self.show()

    def fill(self, colour):
        for i in range(self.n):
            self.pixels[i] = colour
        if self.auto_write:
            self.show()

    def show(self):
        self.shows += 1
