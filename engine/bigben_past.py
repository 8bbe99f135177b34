"""The position a Big Ben save holds once its game has passed the 240 moves the history's ring
keeps: imported only then (engine/bigben.py's save() and restore()), so the rules stay small
for every shorter game. It imports nothing of the engine, which imports it: it reads the game
through its fields and public methods, and restore() hands it the figures of the layout."""


def rewind(g):
    """Undo g to the ring's oldest move; the bytes its position takes there: the reserve's
    length, then each place's height (g.n has one a place) and the cards not in the
    reserve."""
    while g.undo():
        pass
    return 1 + len(g.n) + len(g.layout) - g.res_len


def write(g, out, k):
    out[k] = g.res_len
    k += 1
    for p in range(len(g.n)):
        out[k] = g.n[p]
        k += 1
        for i in range(g.n[p]):
            out[k] = g.card(p, i)
            k += 1


def read(g, data, at, end, found, pile_max, res, size):
    """Lay out the position in data[at:end] on g, whose layout is the save's deal: a base for
    each hour first, the reserve from res on, bottom first. Places are the piles (below
    found, one an hour), the foundations by hour, then the waste (g.n has a height for each).
    False when the position is impossible: a height out of bounds (a pile's pile_max,
    foundation h's size(h), the reserve's size for the waste), a foundation not running up in
    suit from its base, a card twice."""
    deck = len(g.layout)
    room = deck - res
    waste = len(g.n) - 1
    g.res_len = data[at]
    if g.res_len > room:
        return False
    seen = bytearray(deck)
    for i in range(g.res_len):
        seen[g.layout[res + i]] = 1
    k = at + 1
    for p in range(waste + 1):
        n = data[k]
        h = p - found
        if k + n >= end or n > (pile_max if h < 0 else room if p == waste else size(h)) or \
                0 <= h and p < waste and not n:
            return False
        g.n[p] = 0
        for i in range(n):
            c = data[k + 1 + i]
            if c >= deck or seen[c] or 0 <= h and p < waste and (
                    c >> 1 & 3 != g.layout[h] >> 1 & 3 or c >> 3 != ((g.layout[h] >> 3) + i) % 13):
                return False
            seen[c] = 1
            g.push(p, c)
        k += 1 + n
    return k == end
