"""Hints for Calculation: the move a good player would make, with a few words of why.

It looks only at what the table shows (foundations, waste piles, the turned card) and never
at the face-down stock. Building on a foundation always comes first, choosing the move that
lets the most visible cards follow. Otherwise the turned card goes to a waste pile, where
the rule is to bury nothing needed soon: a card is best laid on one wanted later than
itself, and Kings, wanted last of all, keep a pile of their own.

hint(g) returns -1 (nothing to do) or why * 64 + move; move_src/move_dst in
engine.calculation read the move from it (they ignore the why), text(h) says why.
"""
try:
    from micropython import const
except ImportError:
    const = int

from engine.calculation import PILES, STOCK, WASTE

KING = const(12)

H_BUILD = const(0)          # + foundation f: four texts
H_KINGS = const(4)
H_KING_PILE = const(5)
H_LATER = const(6)
H_EMPTY = const(7)
H_LEAST = const(8)

TEXTS = (
    "Builds on the Ace pile",
    "Builds on the 2s pile",
    "Builds on the 3s pile",
    "Builds on the 4s pile",
    "Keeps a pile for Kings",
    "Starts a pile for Kings",
    "On a card needed later",
    "Buries nothing",
    "Covers the least needed",
)

_INV = b"\x01\x07\x09\x0a"      # the inverse of f + 1 modulo 13, for f = 0..3
_undo = bytearray(52)           # moves of a look-ahead, to take back


def legal_moves(g, out):
    """Write every legal move of game g into out (24 bytes or more); return how many."""
    k = 0
    for src in range(WASTE, STOCK + 1):
        for dst in range(STOCK):
            if not g.check(src, dst):
                out[k] = ((src - WASTE) << 3) | dst
                k += 1
    return k


def text(h):
    return TEXTS[h >> 6] if h >= 0 else ""


def distance(g, r):
    """Cards some foundation takes before it wants rank r: 0 = wanted now; 13 = never."""
    best = 13
    for f in range(PILES):
        n = g.flen[f]
        k = ((r + 1) * _INV[f] - 1) % 13
        if n <= k < n + best:
            best = k - n
    return best


def _visible_build(g, stock_len):
    """A build from a waste top, or from the turned card while it is the one turned."""
    for src in range(WASTE, STOCK + 1):
        c = g.top(src)
        if c >= 0 and (src < STOCK or g.stock_len == stock_len):
            for f in range(PILES):
                if not g.check(src, f):
                    return ((src - WASTE) << 3) | f
    return -1


def _follow(g, stock_len):
    """How many visible cards build one after another from here (the position is kept).
    Cards turned meanwhile are not looked at: they are still face down."""
    k = 0
    m = _visible_build(g, stock_len)
    while m >= 0:
        g._apply(m)
        _undo[k] = m
        k += 1
        m = _visible_build(g, stock_len)
    n = k
    while k:
        k -= 1
        m = _undo[k]
        g._push(((m >> 3) & 7) + WASTE, g._pop(m & 7))
    return n


def _best_build(g):
    best = -1
    score = -1
    n = g.stock_len             # once the turned card has gone, the rest stays unseen
    for src in range(WASTE, STOCK + 1):
        c = g.top(src)
        if c < 0:
            continue
        for f in range(PILES):
            if not g.check(src, f):
                m = ((src - WASTE) << 3) | f
                g._apply(m)
                s = _follow(g, n) * 4 + (2 if src < STOCK else 0)
                g._push(src, g._pop(f))
                if s > score:
                    score = s
                    best = (H_BUILD + f) * 64 + m
    return best


def _harm(g, w, d):
    """What laying a card wanted in d covers on waste pile w: every card there wanted
    sooner counts, the more the sooner (13 - its distance)."""
    s = 0
    base = w * 48
    for i in range(g.wlen[w]):
        dx = distance(g, g.waste[base + i] >> 2)
        if dx < d:
            s += 13 - dx
    return s


def _in_turn(g, rc, rt):
    """Bonus when some foundation wants rank rt one (20) or two (10) cards after rank rc,
    so a card of rank rc laid on it comes off in turn."""
    best = 0
    for f in range(PILES):
        a = ((rc + 1) * _INV[f] - 1) % 13
        b = ((rt + 1) * _INV[f] - 1) % 13
        if a >= g.flen[f] and 0 < b - a <= 2 and 30 - 10 * (b - a) > best:
            best = 30 - 10 * (b - a)
    return best


def _best_waste(g, c):
    r = c >> 2
    d = distance(g, r)
    best = -1
    score = -100000
    for w in range(PILES):
        t = g.top(WASTE + w)
        if t < 0:
            s = 100 if r == KING else 60
            why = H_KING_PILE if r == KING else H_EMPTY
        elif r == KING and (t >> 2) == KING:
            s = 200
            why = H_KINGS
        else:
            harm = _harm(g, w, d)
            gap = distance(g, t >> 2) - d
            s = 100 - 5 * harm - (2 * gap if gap > 0 else 0) + _in_turn(g, r, t >> 2)
            why = H_LEAST if harm else H_LATER
        if s > score:
            score = s
            best = why * 64 + ((STOCK - WASTE) << 3) + WASTE + w
    return best


def hint(g):
    """The suggested move with its reason (why * 64 + move), or -1 when nothing can be done."""
    h = _best_build(g)
    if h >= 0:
        return h
    c = g.turned()
    if c < 0:
        return -1
    return _best_waste(g, c)
