"""A Big Ben move a good player would make, from what a player sees: the foundations, the
piles, the waste and how many cards the reserve holds (never which, nor in what order).

Only the reserve is face down, so between two turns of it the hint plans with the whole truth:
it searches the card moves from here, best first, for the position it likes best (at most
EXPAND positions expanded), and suggests the first move on the way there. Once no card move
leads anywhere better it fills the gaps, or deals, or with the reserve used up suggests
nothing. A position is liked for its cards home (HOME each), less, in each pile, the cards
under its topmost card out of suit sequence, less the waste's cards (each buries the one
under it), and while the reserve lasts, GAP for each gap: a fill lands on a pile, where
cards can be reached, not on the waste. Where a card can go home only the builds are tried, to
every foundation that takes it (a build is never worse than a pile move).

The plan is kept: when the player has made the suggested move, the next hint is the plan's
next move, without a new search. So hint play follows each plan to its end, and each plan
ends liked better than it began: play never comes back to where a plan began.

Nothing is allocated: a position is kept as its parent and the move from there, with its score
and a hash of what a move changes (each place's height, each pile's top); a table of the hashes
finds a position reached twice, and a heap orders the positions not yet expanded. The search
plays its moves on the game itself and takes them back: the game is left as it was.
"""
try:
    from micropython import const
except ImportError:
    const = int

from array import array

from engine.bigben import (
    BASE_RANK,
    FOUND,
    GAPS,
    HOURS,
    OK,
    PMAX,
    RESERVE,
    WASTE,
    size,
)

# The engine's card store (engine/bigben.py keeps these private): pile p's card i at
# p * PMAX + i. tests/test_bigben_hint.py holds it equal.
EXPAND = 200            # positions expanded a search, at most
HOME = 16               # the score of a card home, against one card buried
GAP = 8                 # the score of a gap while the reserve lasts
_NODES = const(360)     # positions kept a search (EXPAND 200 kept at most 287 in 3,627)
_SLOTS = const(512)     # the hash table's slots, a power of two
_DEPTH = const(64)      # moves from here to a position kept, and of a plan



def _zeros(code, n):
    try:
        return array(code, [0]) * n     # one block, no list of zeros first
    except TypeError:       # a MicroPython that cannot repeat an array (the web page's)
        return array(code, [0] * n)


_par = _zeros("H", _NODES)          # a position's parent
_mv = bytearray(2 * _NODES)         # and the move from it: src, dst
_deep = bytearray(_NODES)           # and its moves from here
_sc = _zeros("h", _NODES)           # its score
_heap = _zeros("H", _NODES)         # positions to expand, the best (then the newest) first
# The hashes met (what a move changes: each place's height, each pile's top): slot h & 511
# or the next free one holds bits 9-23 of h, with bit 15 set (0 is a free slot).
_slot = _zeros("H", _SLOTS)
_path = bytearray(2 * _DEPTH)       # the moves from here to the position expanded, last first
_acc = _zeros("H", 52)              # by face: the piles (bits) whose top takes it
_plan = bytearray(2 * _DEPTH)
# The plan and the search, in one list (module globals would grow the module's dictionary):
_LEN = const(0)     # moves in the plan
_NEXT = const(1)    # the plan's move to suggest next
_MADE = const(2)    # the game where it is to be made: its moves made, deal number, hash
_DEAL = const(3)
_HASH = const(4)
_AFTER = const(5)   # the hash once it is made
_BEST = const(6)    # while searching: the best position so far, the heap's size
_HEAPN = const(7)
_KIDS = const(8)    # the positions one move from here are 1 .. _KIDS - 1
_st = [0, 0, -1, -1, -1, -1, 0, 0, 1]
expanded = 0        # positions the last search expanded and kept (tools/bench/bigben_hint.py)
kept = 0
_SUIT_HOUR = b"\x01\x00\x02\x03"   # the first hour of each suit; the others every 4 hours


def _term(p, n, top):
    """A place's share of the hash: its height and, for a pile, its top face."""
    t = ((p * 53 + n) * 211 + top) * 1021 & 0x3FFFF
    return (t ^ (t >> 7)) * 2039 & 0x3FFFFFF


def _top(g, p):
    n = g.n[p]
    return g.cards[p * PMAX + n - 1] >> 1 if p < HOURS and n else 0


def _hash(g):
    h = 0
    for p in range(WASTE + 1):
        h ^= _term(p, g.n[p], _top(g, p))
    return h


def _buried(g, p):
    """Cards under pile p's topmost card out of suit sequence (0 for the waste and the
    foundations: the waste counts by its length)."""
    if p >= HOURS:
        return 0
    cards = g.cards
    base = p * PMAX
    for i in range(g.n[p] - 1, 0, -1):
        a = cards[base + i - 1] >> 1
        b = cards[base + i] >> 1
        if a & 3 != b & 3 or b >> 2 != ((a >> 2) + 12) % 13:
            return i
    return 0


def _score(g):
    s = 0
    for h in range(HOURS):
        s += HOME * g.n[FOUND + h] - _buried(g, h)
        if g.res_len and g.n[h] < 3:
            s += GAP * (3 - g.n[h])
    return s - g.n[WASTE]


def _takes(g, h, f):
    """Whether the foundation of hour h takes face f now."""
    n = g.n[FOUND + h]
    return n < size(h) and (BASE_RANK[h] + n) % 13 == f >> 2


def _builds(g, f):
    """Whether a foundation takes face f now."""
    h = _SUIT_HOUR[f & 3]
    while h < HOURS:
        if _takes(g, h, f):
            return True
        h += 4
    return False


def _new(h):
    """True, h entered, when the table has not met hash h; else False."""
    i = h & (_SLOTS - 1)
    v = (h >> 9) & 0x7FFF | 0x8000
    while _slot[i]:
        if _slot[i] == v:
            return False
        i = (i + 1) & (_SLOTS - 1)
    _slot[i] = v
    return True


def _above(a, b):
    """Position a goes before b in the heap: a better score, or as good and newer."""
    return _sc[a] > _sc[b] or _sc[a] == _sc[b] and a > b


def _push(n, k):
    i = n
    while i:
        up = (i - 1) >> 1
        if not _above(k, _heap[up]):
            break
        _heap[i] = _heap[up]
        i = up
    _heap[i] = k
    return n + 1


def _pop(n):
    """The heap's first position, taken off the heap of n; the heap's new size is n - 1."""
    top = _heap[0]
    n -= 1
    last = _heap[n]
    i = 0
    while True:
        c = 2 * i + 1
        if c >= n:
            break
        if c + 1 < n and _above(_heap[c + 1], _heap[c]):
            c += 1
        if not _above(_heap[c], last):
            break
        _heap[i] = _heap[c]
        i = c
    _heap[i] = last
    return top


def _child(g, k, hk, nodes, src, dst):
    """Position k's child by src -> dst (k is on the game, its hash hk), kept unless it was
    met before; the new count."""
    if nodes >= _NODES or _deep[k] >= _DEPTH:
        return nodes
    b = _buried(g, src) + _buried(g, dst)
    h = hk ^ _term(src, g.n[src], _top(g, src)) ^ _term(dst, g.n[dst], _top(g, dst))
    g.push(dst, g.pop(src))
    h ^= _term(src, g.n[src], _top(g, src)) ^ _term(dst, g.n[dst], _top(g, dst))
    s = _sc[k] + b - _buried(g, src) - _buried(g, dst)
    if dst >= FOUND:
        s += HOME
    if src == WASTE:
        s += 1
    elif g.res_len and g.n[src] < 3:
        s += GAP
    g.push(src, g.pop(dst))
    if not _new(h):
        return nodes
    _par[nodes] = k
    _mv[2 * nodes] = src
    _mv[2 * nodes + 1] = dst
    _deep[nodes] = _deep[k] + 1
    _sc[nodes] = s
    if s > _sc[_st[_BEST]]:
        _st[_BEST] = nodes
    _st[_HEAPN] = _push(_st[_HEAPN], nodes)
    return nodes + 1


def _expand(g, k, nodes):
    """Add the positions one move from position k (now on the game); the new count."""
    hk = _hash(g)
    for f in range(52):
        _acc[f] = 0
    builds = False
    for p in range(WASTE, -1, -1):
        if p < HOURS or p == WASTE:
            if g.n[p] and not builds and _builds(g, g.top(p) >> 1):
                builds = True
            if p < HOURS and g.n[p] >= 3:
                t = g.cards[p * PMAX + g.n[p] - 1] >> 1
                _acc[((t >> 2) + 12) % 13 * 4 + (t & 3)] |= 1 << p
    for src in range(WASTE, -1, -1):
        if FOUND <= src < WASTE or not g.n[src]:
            continue
        f = g.top(src) >> 1
        if builds:          # every foundation that takes it (two of a suit may want one rank)
            h = _SUIT_HOUR[f & 3]
            while h < HOURS:
                if _takes(g, h, f):
                    nodes = _child(g, k, hk, nodes, src, FOUND + h)
                h += 4
            continue
        bits = _acc[f] & ~(1 << src) if src < HOURS else _acc[f]
        dst = 0
        while bits:
            if bits & 1 and not (g.strict and g.check(src, dst) != OK):
                nodes = _child(g, k, hk, nodes, src, dst)
            bits >>= 1
            dst += 1
    return nodes


def _walk(k):
    """The moves from here to position k into _path, last first; their count."""
    d = 0
    while k:
        _path[2 * d] = _mv[2 * k]
        _path[2 * d + 1] = _mv[2 * k + 1]
        d += 1
        k = _par[k]
    return d


def _search(g):
    """The best position found: its index (0: here)."""
    global expanded, kept
    st = _st
    for i in range(_SLOTS):
        _slot[i] = 0
    _new(_hash(g))
    _sc[0] = _score(g)
    _par[0] = _deep[0] = 0
    st[_BEST] = 0
    st[_KIDS] = 1
    _heap[0] = 0
    st[_HEAPN] = 1
    nodes = 1
    expanded = 0
    while st[_HEAPN] and expanded < EXPAND:
        st[_HEAPN] -= 1
        k = _pop(st[_HEAPN] + 1)
        d = _walk(k)
        for i in range(d - 1, -1, -1):
            g.push(_path[2 * i + 1], g.pop(_path[2 * i]))
        nodes = _expand(g, k, nodes)
        for i in range(d):
            g.push(_path[2 * i], g.pop(_path[2 * i + 1]))
        if not expanded:
            st[_KIDS] = nodes
        expanded += 1
    kept = nodes
    return st[_BEST]


def _suggest(g, m):
    """Plan move m, to be made here: kept with the hash once it is made."""
    st = _st
    src = _plan[2 * m]
    dst = _plan[2 * m + 1]
    st[_NEXT] = m
    st[_MADE] = g.moves_made
    st[_DEAL] = g.deal_number
    st[_HASH] = _hash(g)
    g.push(dst, g.pop(src))
    st[_AFTER] = _hash(g)
    g.push(src, g.pop(dst))
    return (src << 5) | dst


def hint(g):
    """The move to make as (src << 5) | dst in engine.bigben's places, or -1 for none."""
    st = _st
    if st[_LEN] and st[_DEAL] == g.deal_number:
        m = st[_NEXT]
        if st[_MADE] == g.moves_made and st[_HASH] == _hash(g):
            return (_plan[2 * m] << 5) | _plan[2 * m + 1]       # asked again
        if st[_MADE] + 1 == g.moves_made and m + 1 < st[_LEN] and st[_AFTER] == _hash(g):
            return _suggest(g, m + 1)                           # the plan's move was made
    st[_LEN] = 0
    best = _search(g)
    if best:
        d = _walk(best)
        for i in range(d):
            _plan[2 * i] = _path[2 * (d - 1 - i)]
            _plan[2 * i + 1] = _path[2 * (d - 1 - i) + 1]
        st[_LEN] = d
        return _suggest(g, 0)
    if g.check(RESERVE, GAPS) == OK:
        return (RESERVE << 5) | GAPS
    if g.check(RESERVE, WASTE) == OK:
        return (RESERVE << 5) | WASTE
    if g.strict:            # a deal waits until no card can move: the best card move, though
        best = 0            # it scores lower (a card moves onto a pile at most once)
        for k in range(1, st[_KIDS]):
            if not best or _sc[k] > _sc[best]:
                best = k
        if best:
            return (_mv[2 * best] << 5) | _mv[2 * best + 1]
    return -1
