"""The solver's bar under the hole: progress while it thinks, then its verdict.

Verdicts differ in shape as well as colour, for colour-blind players: winnable is a solid
green bar, lost a dashed red one, undecided a hollow outline. Only this small bitmap changes.
"""
import displayio

try:
    from micropython import const
except ImportError:
    const = int

W = const(24)
H = const(4)

OFF = const(0)
WINNABLE = const(1)
LOST = const(2)
UNDECIDED = const(3)

_FILL = const(1)
_RED = const(2)
_GREY = const(3)


class Meter:
    def __init__(self, x, y):
        self.bitmap = displayio.Bitmap(W, H, 4)
        pal = displayio.Palette(4)
        pal.make_transparent(0)
        pal[_FILL] = 0x20E040
        pal[_RED] = 0xE02020
        pal[_GREY] = 0xC0C0C0
        self.grid = displayio.TileGrid(self.bitmap, pixel_shader=pal, x=x, y=y)
        self._filled = -1
        self._shown = OFF

    def progress(self, done, total):
        """A grey bar filled to done/total; redraws only the columns that changed."""
        n = W * min(done, total) // total if total else 0
        self._shown = -1
        if self._filled < 0:
            self._paint(0, W, 0)
            self._filled = 0
        if n != self._filled:
            # min/max, not a swapped pair: a tuple would be allocated on every slice
            self._paint(min(n, self._filled), max(n, self._filled),
                        _GREY if n > self._filled else 0)
            self._filled = n

    def show(self, verdict):
        # Repainting an unchanged bar would still mark its pixels for the next refresh.
        if verdict == self._shown:
            return
        self._shown = verdict
        self._filled = -1
        b = self.bitmap
        for x in range(W):
            for y in range(H):
                if verdict == WINNABLE:
                    c = _FILL
                elif verdict == LOST:
                    c = _RED if (x >> 1) & 1 == 0 else 0
                elif verdict == UNDECIDED:
                    c = _GREY if x == 0 or x == W - 1 or y == 0 or y == H - 1 else 0
                else:
                    c = 0
                b[y * W + x] = c

    def _paint(self, lo, hi, c):
        for x in range(lo, hi):
            for y in range(H):
                self.bitmap[y * W + x] = c
