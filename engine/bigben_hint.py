"""A Big Ben move a good player would make, from what a player sees: the foundations, the
piles, the waste and how many cards the reserve holds (never which, nor in what order).

Builds come first, the waste's card first (the next deal buries it), else the build that
leaves the best position. Otherwise every card move is tried on the game and taken back: the
move, then every build it lets follow, and the position scored: cards home, less each card
that lies under a card out of suit sequence, the more the sooner a foundation wants it, and
while the reserve lasts each gap a little (a fill shows a new card for each). A move from
pile to pile is hinted only when it raises that score, a move from the waste only
when it does not lower it: so hint play never comes back to a position (cards home never
fall, the reserve never grows, the waste shrinks only by such a move, and at equal heights
each pile move raises the score). Failing such a move the gaps are filled, else a card is
dealt. Nothing is allocated: a trial's moves go in one small buffer kept with the module.
"""
try:
    from micropython import const
except ImportError:
    const = int

from engine.bigben import BASE_RANK, FOUND, GAPS, HOURS, OK, PMAX, RESERVE, WASTE, WASTE_AT, size

# The engine's card store (engine/bigben.py keeps these private): pile p's card i at
# p * PMAX + i, the waste's at WASTE_AT + i. tests/test_bigben_hint.py holds them equal.
_TRIAL = const(40)          # moves one trial may make: the move and the builds it frees
_BUILT = const(64)          # score of one card on a foundation against burial costs
_GAP = const(10)            # score of a gap while the reserve lasts: a fill shows a new card

_trail = bytearray(2 * _TRIAL)
_next = bytearray(HOURS)    # by hour: the rank its foundation takes next, 13 when complete
_room = bytearray(HOURS)    # by hour: how many cards it still takes


def _wants(g):
    for h in range(HOURS):
        n = g.n[FOUND + h]
        _room[h] = size(h) - n
        _next[h] = (BASE_RANK[h] + n) % 13 if _room[h] else 13


def _need(c):
    """How many cards the nearest foundation of c's suit takes before c (0: c builds now),
    or 13 when none will take it."""
    r = c >> 3
    h = b"\x01\x00\x02\x03"[(c >> 1) & 3]
    best = 13
    while h < HOURS:
        if _room[h]:
            d = (r - _next[h]) % 13
            if d < _room[h] and d < best:
                best = d
        h += 4
    return best


def _target(c):
    """The hour whose foundation takes c now, or -1."""
    r = c >> 3
    h = b"\x01\x00\x02\x03"[(c >> 1) & 3]
    while h < HOURS:
        if _next[h] == r:
            return h
        h += 4
    return -1


def _score(g):
    cards = g.cards
    s = 0
    for p in range(HOURS + 1):
        at = WASTE_AT if p == HOURS else p * PMAX
        n = g.n[WASTE if p == HOURS else p]
        buried = False
        for i in range(n - 1, 0, -1):
            c = cards[at + i - 1]
            # a card on its next lower in suit leaves first, as the foundation wants
            if p == HOURS or cards[at + i] >> 1 != (c >> 1) - 4 and not (
                    c >> 3 == 0 and cards[at + i] >> 3 == 12 and
                    (c >> 1) & 3 == (cards[at + i] >> 1) & 3):
                buried = True
            if buried:              # the sooner wanted, the dearer
                d = 14 - _need(c)
                s -= d * d >> 2
    for h in range(HOURS):
        s += _BUILT * (size(h) - _room[h])
        if g.res_len and g.n[h] < 3:
            s += _GAP * (3 - g.n[h])
    return s


def _do(g, k, src, dst):
    g.push(dst, g.pop(src))
    if dst >= FOUND:
        h = dst - FOUND
        _room[h] -= 1
        _next[h] = (_next[h] + 1) % 13 if _room[h] else 13
    _trail[2 * k] = src
    _trail[2 * k + 1] = dst
    return k + 1


def _trial(g, src, dst):
    """Score after src -> dst and every build that follows; the game is left as it was."""
    k = _do(g, 0, src, dst)
    moved = True
    while moved and k < _TRIAL:
        moved = False
        for p in range(WASTE, -1, -1):
            if FOUND <= p < WASTE or not g.n[p] or k >= _TRIAL:
                continue
            h = _target(g.top(p))
            if h >= 0:
                k = _do(g, k, p, FOUND + h)
                moved = True
    s = _score(g)
    while k:
        k -= 1
        g.push(_trail[2 * k], g.pop(_trail[2 * k + 1]))
    _wants(g)
    return s


def hint(g):
    """The move to make as (src << 5) | dst in engine.bigben's places, or -1 for none."""
    _wants(g)
    best = -1
    top = -1 << 20
    for src in range(WASTE, -1, -1):
        if FOUND <= src < WASTE or not g.n[src]:
            continue
        h = _target(g.top(src))
        if h >= 0 and g.check(src, FOUND + h) == OK:
            if src == WASTE:
                return (src << 5) | (FOUND + h)
            s = _trial(g, src, FOUND + h)
            if s > top:
                top = s
                best = (src << 5) | (FOUND + h)
    if best >= 0:
        return best
    now = _score(g)
    forced = -1
    for src in range(WASTE, -1, -1):
        if FOUND <= src < WASTE or not g.n[src]:
            continue
        for dst in range(HOURS):
            if g.check(src, dst) != OK:
                continue
            s = _trial(g, src, dst)
            if forced < 0:
                forced = (src << 5) | dst
            if (s > now or src == WASTE and s == now) and s > top:
                top = s
                best = (src << 5) | dst
    if best >= 0:
        return best
    if g.check(RESERVE, GAPS) == OK:
        return (RESERVE << 5) | GAPS
    if g.check(RESERVE, WASTE) == OK:
        return (RESERVE << 5) | WASTE
    if g.strict:            # a deal waits until no card can move; a card moves onto a pile
        return forced       # at most once, so the game ends
    return -1
