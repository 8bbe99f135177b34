"""The position a Big Ben save holds once its game has passed the 240 moves the history's ring
keeps: imported only then (engine/bigben.py's save() and restore()), so the rules stay small
for every shorter game. It reads the game through its fields and public methods and the
layout's constants."""
from engine.bigben import DECK, PMAX, RES, RES_SIZE, WASTE, size


def rewind(g):
    """Undo g to the ring's oldest move; the bytes its position takes there: the reserve's
    length, then each place's height and cards."""
    while g.undo():
        pass
    return 1 + (WASTE + 1) + DECK - g.res_len


def write(g, out, k):
    out[k] = g.res_len
    k += 1
    for p in range((WASTE + 1)):
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
    if g.res_len > RES_SIZE:
        return False
    seen = bytearray(DECK)
    for i in range(g.res_len):
        seen[g.layout[RES + i]] = 1
    k = at + 1
    for p in range((WASTE + 1)):
        n = data[k]
        h = p - 12
        if k + n >= end or n > (PMAX if h < 0 else RES_SIZE if p == WASTE else
                                size(h)) or 0 <= h < 12 and not n:
            return False
        g.n[p] = 0
        for i in range(n):
            c = data[k + 1 + i]
            if c >= DECK or seen[c] or 0 <= h < 12 and (
                    c >> 1 & 3 != hour_suit[h] or c >> 3 != (base_rank[h] + i) % 13):
                return False
            seen[c] = 1
            g.push(p, c)
        k += 1 + n
    return k == end
