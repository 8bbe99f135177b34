"""The position a Big Ben save holds once its game has passed the 240 moves the history's ring
keeps: imported only then (engine/bigben.py's save() and restore()), so the rules stay small
for every shorter game. It reads the game through its fields and public methods. The figures
below are engine/bigben.py's, copied because importing the engine would close an import
circle (the engine imports this module); tests/test_bigben_rules.py holds them equal."""
try:
    from micropython import const
except ImportError:
    const = int

_DECK = const(104)
_PLACES = const(25)     # piles 0-11, foundations 12-23, the waste 24
_RES = const(48)        # the reserve in the layout, bottom first
_PMAX = const(25)
_RES_SIZE = const(56)


def rewind(g):
    """Undo g to the ring's oldest move; the bytes its position takes there: the reserve's
    length, then each place's height and cards."""
    while g.undo():
        pass
    return 1 + _PLACES + _DECK - g.res_len


def write(g, out, k):
    out[k] = g.res_len
    k += 1
    for p in range(_PLACES):
        out[k] = g.n[p]
        k += 1
        for i in range(g.n[p]):
            out[k] = g.card(p, i)
            k += 1


def read(g, data, at, end, base_rank, hour_suit):
    """Lay out the position in data[at:end] on g (whose layout is the save's deal); False when
    it is impossible: a height out of bounds, a foundation not running up in suit from its
    base, a card twice (the reserve being the deal's bottom res_len cards)."""
    g.res_len = data[at]
    if g.res_len > _RES_SIZE:
        return False
    seen = bytearray(_DECK)
    for i in range(g.res_len):
        seen[g.layout[_RES + i]] = 1
    k = at + 1
    for p in range(_PLACES):
        n = data[k]
        h = p - 12
        if k + n >= end or n > (_PMAX if h < 0 else _RES_SIZE if h == 12 else
                                8 if h == 0 or h > 8 else 9) or 0 <= h < 12 and not n:
            return False
        g.n[p] = 0
        for i in range(n):
            c = data[k + 1 + i]
            if c >= _DECK or seen[c] or 0 <= h < 12 and (
                    c >> 1 & 3 != hour_suit[h] or c >> 3 != (base_rank[h] + i) % 13):
                return False
            seen[c] = 1
            g.push(p, c)
        k += 1 + n
    return k == end
