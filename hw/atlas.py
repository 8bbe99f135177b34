"""Verdict atlases on the board: is deal n winnable, and the k-th winnable deal.

    winnable(n)         True / False for deals 1-32000; None without the atlas file (or n
                        outside 1-32000)
    count()             how many deals 1-32000 are winnable (0 without the file)
    nth_winnable(k)     the k-th winnable deal number (k = 0 .. count() - 1), else 0
    random_winnable(r)  nth_winnable(r % count()): any int r (from the app's own random
                        numbers) picks uniformly among every winnable deal; 0 without the file

Each takes last the name of the game's atlas file, all of one layout: BLACK_HOLE (every deal
decided, made by tools/atlas/blackhole.py), CALCULATION and BIG_BEN (deals each game's
full-information search won). A file (about 4 KB) is never loaded: each question opens it,
seeks and reads one or two bytes into a buffer made at import, so a call allocates only what
open() costs. It is looked for beside this module (hw/, whether this runs from .py or .mpy),
then in /hw/ and / on the board. Layout: see tools/atlas/blackhole.py.
"""
try:
    from micropython import const
except ImportError:
    const = int

import os

BLACK_HOLE = "blackhole_atlas.bin"
CALCULATION = "calculation_atlas.bin"
BIG_BEN = "bigben_atlas.bin"
LAST_DEAL = const(32000)
TABLE_BYTES = const(4001)       # one bit per deal 0..32000
BLOCK_BYTES = const(32)         # a count every 32 bytes (256 deals)
BLOCKS = const(126)             # ceil(TABLE_BYTES / BLOCK_BYTES); counts 0..BLOCKS follow

_b1 = bytearray(1)
_b2 = bytearray(2)
_paths = {}                     # name: the file in use, "" for none; absent: not looked for


def _here():
    try:
        f = __file__
    except NameError:
        return "/hw/"
    i = f.rfind("/")
    return f[:i + 1] if i >= 0 else ""


def use(path, name):
    """Read atlas name from path from now on (tests, tools); None: look for it again."""
    if path is None:
        _paths.pop(name, None)
    else:
        _paths[name] = path


def path(name):
    """The file in use for atlas name, or "" when there is none."""
    p = _paths.get(name)
    if p is None:
        p = ""
        for where in (_here(), "/hw/", "/"):
            try:
                os.stat(where + name)
            except OSError:
                continue
            p = where + name
            break
        _paths[name] = p
    return p


def _open(name):
    p = path(name)
    if p:
        try:
            return open(p, "rb")
        except OSError:
            pass
    return None


def winnable(n, name):
    if n < 1 or n > LAST_DEAL:
        return None
    f = _open(name)
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


def count(name):
    f = _open(name)
    if f is None:
        return 0
    with f:
        return _count_at(f, BLOCKS)


def nth_winnable(k, name):
    if k < 0:
        return 0
    f = _open(name)
    if f is None:
        return 0
    with f:
        return _nth(f, k)


def random_winnable(r, name):
    f = _open(name)
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
