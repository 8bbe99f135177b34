"""The Black Hole verdict atlas on the board: is deal n winnable, and the k-th winnable deal.

    winnable(n)         True / False for deals 1-32000; None without the atlas file (or n
                        outside 1-32000)
    count()             how many deals 1-32000 are winnable (0 without the file)
    nth_winnable(k)     the k-th winnable deal number (k = 0 .. count() - 1), else 0
    random_winnable(r)  nth_winnable(r % count()): any int r (from the app's own random
                        numbers) picks uniformly among every winnable deal; 0 without the file

The file (blackhole_atlas.bin, made by tools/atlas.py, about 4 KB) is never loaded: each
question opens it, seeks and reads one or two bytes into a buffer made at import, so a call
allocates only what open() costs. It is looked for beside this module (hw/, whether this runs
from .py or .mpy), then in /hw/ and / on the board. Layout: see tools/atlas.py.
"""
try:
    from micropython import const
except ImportError:
    const = int

import os

NAME = "blackhole_atlas.bin"
LAST_DEAL = const(32000)
TABLE_BYTES = const(4001)       # one bit per deal 0..32000
BLOCK_BYTES = const(32)         # a count every 32 bytes (256 deals)
BLOCKS = const(126)             # ceil(TABLE_BYTES / BLOCK_BYTES); counts 0..BLOCKS follow

_b1 = bytearray(1)
_b2 = bytearray(2)
_path = None                    # None: not looked for yet; "": no file


def _here():
    try:
        f = __file__
    except NameError:
        return "/hw/"
    i = f.rfind("/")
    return f[:i + 1] if i >= 0 else ""


def use(path=None):
    """Read the atlas from path from now on (tests, tools); None: look for it again."""
    global _path
    _path = path


def path():
    """The atlas file in use, or "" when there is none."""
    global _path
    if _path is None:
        _path = ""
        for p in (_here() + NAME, "/hw/" + NAME, "/" + NAME):
            try:
                os.stat(p)
            except OSError:
                continue
            _path = p
            break
    return _path


def _open():
    p = path()
    if p:
        try:
            return open(p, "rb")
        except OSError:
            pass
    return None


def winnable(n):
    if n < 1 or n > LAST_DEAL:
        return None
    f = _open()
    if f is None:
        return None
    with f:
        f.seek(n >> 3)
        if f.readinto(_b1) != 1:
            return None
    return (_b1[0] >> (n & 7)) & 1 == 1


def _count_at(f, b):
    f.seek(TABLE_BYTES + 2 * b)
    f.readinto(_b2)
    return _b2[0] | (_b2[1] << 8)


def count():
    f = _open()
    if f is None:
        return 0
    with f:
        return _count_at(f, BLOCKS)


def nth_winnable(k):
    if k < 0:
        return 0
    f = _open()
    if f is None:
        return 0
    with f:
        return _nth(f, k)


def random_winnable(r):
    f = _open()
    if f is None:
        return 0
    with f:
        n = _count_at(f, BLOCKS)
        return _nth(f, r % n) if n else 0


def _nth(f, k):
    if k >= _count_at(f, BLOCKS):
        return 0
    # the last block whose count of winnable deals before it is <= k
    lo = 0
    hi = BLOCKS
    while hi - lo > 1:
        mid = (lo + hi) >> 1
        if _count_at(f, mid) <= k:
            lo = mid
        else:
            hi = mid
    k -= _count_at(f, lo)
    i = lo * BLOCK_BYTES
    f.seek(i)
    while True:
        f.readinto(_b1)
        x = _b1[0]
        for bit in range(8):
            if (x >> bit) & 1:
                if k == 0:
                    return (i << 3) + bit
                k -= 1
        i += 1
