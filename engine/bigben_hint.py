"""A Big Ben move a good player would make, with its reason, from what a player sees: the
foundations, the piles, the waste and how many cards the reserve holds (never which).

Foundation builds come first (the waste's card first, as the next deal buries it). Otherwise
each legal card move is tried on the game itself and taken back: the move, then every build
it lets follow, and the position scored: cards on the foundations, less each card that a
card out of suit sequence buries, the more the sooner a foundation wants it. The best move
is hinted. Filling the gaps waits until no card can move (a pile emptied first takes three
new cards, not one: on deals 1-200 this wins 8 games where filling at once wins 2), and a
deal comes only when nothing else is allowed. Nothing is allocated:
a trial's moves go in one small buffer, kept with the module.
"""
try:
    from micropython import const
except ImportError:
    const = int

from engine.bigben import BASE_RANK, FOUND, GAPS, HOURS, OK, RESERVE, WASTE, size

_BUILD_WASTE = const(0)
_BUILD = const(1)
FILL = const(2)
FREE = const(3)
_UNBURY = const(4)
SAVE = const(5)
_SHIFT = const(6)
DEAL = const(7)

TEXTS = ("Builds from the waste", "Builds on its hour", "Fills the gaps",
         "Frees a card to build", "Uncovers a wanted card", "Saves the waste card",
         "Least harm: must move", "Nothing else: deal")

# The engine's card store (engine/bigben.py keeps these private): pile p's card i at
# p * _PMAX + i, the waste's at _WASTE_AT + i. tests/test_bigben_hint.py holds them equal.
_PMAX = const(25)
_WASTE_AT = const(408)
_TRIAL = const(40)          # moves one trial may make: the move and the builds it frees
_BUILT = const(64)          # score of one card on a foundation against burial costs

_trail = bytearray(2 * _TRIAL)
_next = bytearray(HOURS)    # by hour: the rank its foundation takes next, 13 when complete
_room = bytearray(HOURS)    # by hour: how many cards it still takes


def text(reason):
    return TEXTS[reason]


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
        at = _WASTE_AT if p == HOURS else p * _PMAX
        n = g.n[WASTE if p == HOURS else p]
        buried = False
        for i in range(n - 1, 0, -1):
            c = cards[at + i - 1]
            # a card on its next lower in suit leaves first, as the foundation wants
            if p == HOURS or cards[at + i] >> 1 != (c >> 1) - 4 and not (
                    c >> 3 == 0 and cards[at + i] >> 3 == 12 and
                    (c >> 1) & 3 == (cards[at + i] >> 1) & 3):
                buried = True
            if buried:
                s -= 14 - _need(c)
    for h in range(HOURS):
        s += _BUILT * (size(h) - _room[h])
    return s


def _do(g, k, src, dst):
    g._push(dst, g._pop(src))
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
        g._push(_trail[2 * k], g._pop(_trail[2 * k + 1]))
    _wants(g)
    return s


def hint(g):
    """Best move as (reason << 10) | (src << 5) | dst, or -1 when none is legal."""
    _wants(g)
    best = -1
    top = -1 << 20
    for src in range(WASTE, -1, -1):
        if FOUND <= src < WASTE or not g.n[src]:
            continue
        h = _target(g.top(src))
        if h >= 0 and g.check(src, FOUND + h) == OK:
            if src == WASTE:
                return (_BUILD_WASTE << 10) | (src << 5) | (FOUND + h)
            s = _trial(g, src, FOUND + h)
            if s > top:
                top = s
                best = (_BUILD << 10) | (src << 5) | (FOUND + h)
    if best >= 0:
        return best
    now = _score(g)
    for src in range(WASTE, -1, -1):
        if FOUND <= src < WASTE or not g.n[src]:
            continue
        for dst in range(HOURS):
            if g.check(src, dst) != OK:
                continue
            s = _trial(g, src, dst)
            if s > top:
                top = s
                best = (src << 5) | dst
    if best < 0 and g.check(RESERVE, GAPS) == OK:
        return (FILL << 10) | (RESERVE << 5) | GAPS
    if best >= 0:
        why = (FREE if top >= now + _BUILT else SAVE if best >> 5 == WASTE else
               _UNBURY if top > now else _SHIFT)
        return (why << 10) | best
    if g.check(RESERVE, WASTE) == OK:
        return (DEAL << 10) | (RESERVE << 5) | WASTE
    return -1
