"""Hints for Calculation: the move a good player would make.

It looks only at what the table shows: foundations, waste piles, the turned card, and so the
ranks still face down (never their order). A build comes first, the one after which the most
cards in view follow, from a waste top rather than the turned card. Otherwise the turned card
goes to the waste pile with the best score: a pile is good when its top is wanted just after
the card (best one or two cards after it by the same foundation, so the two come off in
turn), bad when the card covers cards wanted sooner than itself; Kings keep to empty piles.
The score looks one card ahead: for each rank still face down, weighted by its copies, how
well the next card could then be placed, or whether it would build.

hint(g) returns the move (engine.calculation's byte: move_src/move_dst read it), or -1 when
nothing can be done. It allocates nothing.
"""
try:
    from micropython import const
except ImportError:
    const = int

from engine.calculation import PILES, STOCK, WASTE

_KING = const(12)

# The score's weights, tuned by tools/bench/tune_calculation_hint.py on deals 5001-5600 (never on
# the
# deals the bench reports). By index: 0, 1 an empty pile for a King, for another card; 2 a
# King on a King; on any other top, 100 less 3 per unit of harm (_harm), less 4 per card the
# top is wanted after the card (a pile spent early), plus 5 per unit of "in turn": 6, 7 when a
# foundation wants the top one, two cards after the card; 8 the look-ahead, in 16ths of the
# next card's mean score; 9 that score for a next card that builds.
WEIGHTS = [502, 80, 200, 7, 8, 2, 40, 10, 32, 75]

_INV = b"\x01\x07\x09\x0a"      # the inverse of f + 1 modulo 13, for f = 0..3
_undo = bytearray(52)           # moves of a look-ahead, to take back
# Copies of each rank still face down, as the table tells. While k copies of a rank are to
# come they may serve the k foundations that want it soonest, so a card of that rank in view
# counts as wanted by the next one: distance(g, r, _left[r]).
_left = bytearray(13)
_near = bytearray(4)            # one rank's distances, soonest first
_dist = bytearray(13)           # per rank: distance(g, r, _left[r]) for this hint


def distance(g, r, j=0):
    """Cards a foundation must take before it wants rank r, for the (j+1)th foundation to
    want it (or the last): 0 = wanted now, 13 = never."""
    m = 0
    for f in range(PILES):
        k = ((r + 1) * _INV[f] - 1) % 13 - g.flen[f]
        if k >= 0:
            i = m
            while i and _near[i - 1] > k:
                _near[i] = _near[i - 1]
                i -= 1
            _near[i] = k
            m += 1
    return _near[j if j < m else m - 1] if m else 13


def _count(g, c):
    """Fill _left: the copies of each rank that foundations still want, less those in view
    (the waste piles and c, the turned card)."""
    for r in range(13):
        n = 0
        for f in range(PILES):
            if ((r + 1) * _INV[f] - 1) % 13 >= g.flen[f]:
                n += 1
        _left[r] = n
    for w in range(PILES):
        for i in range(g.wlen[w]):
            _left[g.waste[w * 48 + i] >> 2] -= 1
    _left[c >> 2] -= 1


def _visible_build(g, stock_len):
    """A build from a waste top, or from the turned card while it is the one turned (a build
    from the stock comes last in foundation_move, so none is in view once it has gone)."""
    m = g.foundation_move()
    return -1 if m >= 32 and g.stock_len != stock_len else m


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
                    best = m
    return best


def _harm(g, w, d):
    """What laying a card wanted in d covers on waste pile w: every card there wanted
    sooner counts, the more the sooner (13 - its distance)."""
    s = 0
    base = w * 48
    for i in range(g.wlen[w]):
        dx = _dist[g.waste[base + i] >> 2]
        if dx < d:
            s += 13 - dx
    return s


def _in_turn(g, rc, rt):
    """Bonus when some foundation wants rank rt one or two cards after rank rc, so a card of
    rank rc laid on it comes off in turn."""
    best = 0
    for f in range(PILES):
        a = ((rc + 1) * _INV[f] - 1) % 13
        b = ((rt + 1) * _INV[f] - 1) % 13
        if a >= g.flen[f] and 0 < b - a <= 2 and WEIGHTS[5 + b - a] > best:
            best = WEIGHTS[5 + b - a]
    return best


def _pile_score(g, w, r):
    """How good waste pile w is for a card of rank r."""
    n = g.wlen[w]
    if not n:
        return WEIGHTS[0] if r == _KING else WEIGHTS[1]
    t = g.waste[w * 48 + n - 1] >> 2
    if r == _KING and t == _KING:
        return WEIGHTS[2]
    d = _dist[r]
    gap = _dist[t] - d
    return (100 - WEIGHTS[3] * _harm(g, w, d) - (WEIGHTS[4] * gap if gap > 0 else 0)
            + WEIGHTS[5] * _in_turn(g, r, t))


def _outlook(g):
    """The next card's prospects, over the ranks still face down: a build counts
    WEIGHTS[9], else the best pile's score; the mean, weighted by the copies to come."""
    total = 0
    k = 0
    for r in range(13):
        n = _left[r]
        if not n:
            continue
        k += n
        for f in range(PILES):
            if g.needed(f) == r:
                total += n * WEIGHTS[9]
                break
        else:
            best = -100000
            for w in range(PILES):
                s = _pile_score(g, w, r)
                if s > best:
                    best = s
            total += n * best
    return total // k if k else 0


def _best_waste(g, c):
    _count(g, c)
    for r in range(13):
        _dist[r] = distance(g, r, _left[r])
    r = c >> 2
    best = -1
    score = -1000000
    seen_empty = False
    for w in range(PILES):
        if not g.wlen[w]:
            if seen_empty:
                continue            # empty piles are all alike
            seen_empty = True
        s = _pile_score(g, w, r) * 16
        m = ((STOCK - WASTE) << 3) + WASTE + w
        g._apply(m)
        s += WEIGHTS[8] * _outlook(g)
        g._push(STOCK, g._pop(WASTE + w))
        if s > score:
            score = s
            best = m
    return best


def hint(g):
    """The suggested move, or -1 when nothing can be done."""
    h = _best_build(g)
    if h >= 0:
        return h
    c = g.turned()
    if c < 0:
        return -1
    return _best_waste(g, c)
