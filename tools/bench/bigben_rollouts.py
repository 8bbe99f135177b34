"""Big Ben's hint with rollouts (issue 37): measured, and NOT the board's hint, which stays
engine/bigben_hint.py's heuristic. On held-out deals 1001-2000 this won 26 (2.6 %) against the
heuristic's 28 (docs/performance.md, "Issue 37"), for up to 4.4 s of board time a hint and
3.7 KB more heap. It is written as device code (bytearrays, small ints, nothing allocated per
rollout, no recursion), so it could move to engine/ if a better policy made it pay.

Where the heuristic's move is not a build and more than one move is open (moves onto piles,
the fill or the deal, or once the reserve is used up, stopping), each move is played out K
times, each time with the unseen cards in a new random order, by a cheap policy: builds (the
waste's card first), the waste's card onto a pile, a pile's card off one a foundation wants,
the gaps filled, a card dealt. The most cards home in all (a win counts 100 more) wins, the
heuristic's choice with a head start of _LEAD cards a rollout; every move is played out on the
same orders, so only the move differs.

No peeking: the unseen cards are found by elimination from what the player sees (the piles,
the foundations, the waste), as faces in increasing order, and the generator is seeded from
the piles' tops and the heights; the reserve's real order never reaches a rollout
(tests/test_bigben_hint.py reshuffles it).

    python tools/bench/bigben_rollouts.py 3001 3300  # hint play of those deals: won, home
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

try:
    from micropython import const
except ImportError:
    const = int

from engine.bigben import (
    BASE_RANK,
    FOUND,
    GAPS,
    HOUR_SUIT,
    HOURS,
    OK,
    PMAX,
    RES_SIZE,
    RESERVE,
    WASTE,
    WASTE_AT,
    size,
)
from engine.bigben_hint import hint as plain

_WIN = const(100)           # a won rollout's bonus over its cards home
_NONE = const(31)           # no first move: the policy's own
_K = const(16)              # rollouts a move, at most
_BUDGET = const(64)         # rollouts a hint, at most
_LEAD = const(2)            # the heuristic's head start, in cards home a rollout
_CANDS = const(24)          # moves weighed at most

_c = bytearray(WASTE_AT + RES_SIZE)  # the game's card store, played on
_n = bytearray(WASTE + 1)       # its heights: piles, foundations, the waste
_u = bytearray(56)              # the unseen cards (face * 2), in increasing order
_r = bytearray(56)              # this rollout's reserve, dealt from the end
_want = bytearray(52)           # by face: 1 + the hour whose foundation takes it now, else 0
_st = [None, 0, 0, _NONE, 0]    # the game, unseen count, generator, first move's src, dst
_cand = bytearray(2 * _CANDS)   # the moves weighed, (src, dst) pairs


def load(g):
    """Rollouts from game g's position: the unseen set by elimination, and the seed."""
    seen = _want                # scratch here: each face's copies seen
    for f in range(52):
        seen[f] = 0
    cards = g.cards
    x = g.n[WASTE]
    for p in range(WASTE + 1):
        k = g.n[p]
        at = p * PMAX if p < FOUND else WASTE_AT
        if p < FOUND:
            x = (x * 31 + k * 104 + (cards[at + k - 1] if k else 0)) % 65521
        elif p < WASTE:
            x = (x * 7 + k) % 65521
            for i in range(k):      # a foundation runs up in suit from its base
                seen[((BASE_RANK[p - FOUND] + i) % 13) * 4 + HOUR_SUIT[p - FOUND]] += 1
            continue
        for i in range(k):
            seen[cards[at + i] >> 1] += 1
    u = 0
    for f in range(52):
        while seen[f] < 2:
            _u[u] = f * 2
            u += 1
            seen[f] += 1
    _st[0] = g
    _st[1] = u
    _st[2] = x
    _st[3] = _NONE


def seed(x=-1):
    """The generator's state; with x, set it (the same orders for each move weighed)."""
    if x >= 0:
        _st[2] = x
    return _st[2]


def first(src, dst):
    """Each rollout's first move, in the engine's places: a card onto a pile, the fill
    (RESERVE, GAPS) or the deal (RESERVE, WASTE) with the rollout's own cards, or none."""
    _st[3] = src
    _st[4] = dst


def _reset():
    g = _st[0]
    _c[:] = g.cards             # whole-buffer copies: no allocation, one memcpy each
    _n[:] = g.n
    for f in range(52):
        _want[f] = 0
    for h in range(HOURS):
        k = _n[FOUND + h]
        if k < size(h):
            _want[((BASE_RANK[h] + k) % 13) * 4 + HOUR_SUIT[h]] = h + 1
    # a new order of the unseen cards (Fisher-Yates on a 16-bit generator: small ints only)
    x = _st[2]
    _r[:] = _u
    for i in range(_st[1] - 1, 0, -1):
        x = (x * 75 + 74) % 65537
        j = x % (i + 1)
        t = _r[i]
        _r[i] = _r[j]
        _r[j] = t
    _st[2] = x


def _home(f, home):
    """Face f goes home: its foundation's next card is wanted, and f again when another
    foundation of its suit waits for it too (the second pack's copy)."""
    h = _want[f] - 1
    k = _n[FOUND + h] + 1
    _n[FOUND + h] = k
    _want[f] = 0
    if k < size(h):
        _want[((BASE_RANK[h] + k) % 13) * 4 + HOUR_SUIT[h]] = h + 1
    h = b"\x01\x00\x02\x03"[f & 3]      # the suit's first hour, then every fourth
    while h < HOURS:
        k = _n[FOUND + h]
        if k < size(h) and ((BASE_RANK[h] + k) % 13) * 4 + HOUR_SUIT[h] == f:
            _want[f] = h + 1
        h += 4
    return home + 1


def rollout():
    """Play the position out once with a new order of the unseen cards: the score."""
    _reset()
    c = _c
    n = _n
    r = _r
    want = _want
    rn = _st[1]
    home = 0
    for h in range(HOURS):
        home += n[FOUND + h]
    wn = n[WASTE]
    src = _st[3]
    if src < RESERVE:           # a card onto a pile
        dst = _st[4]
        at = WASTE_AT if src == WASTE else src * PMAX
        k = wn if src == WASTE else n[src]
        n[src] = k - 1
        if src == WASTE:
            wn -= 1
        c[dst * PMAX + n[dst]] = c[at + k - 1]
        n[dst] += 1
    forced = src == RESERVE
    while True:
        if not forced:
            moved = True        # builds, the waste's card first, until none
            while moved:
                moved = False
                while wn and want[c[WASTE_AT + wn - 1] >> 1]:
                    wn -= 1
                    home = _home(c[WASTE_AT + wn] >> 1, home)
                for h in range(HOURS):
                    k = n[h]
                    while k and want[c[h * PMAX + k - 1] >> 1]:
                        k -= 1
                        home = _home(c[h * PMAX + k] >> 1, home)
                        moved = True
                    n[h] = k
            # the waste's card onto a pile, else a pile's card off one a foundation wants
            s = -1
            if wn:
                s = WASTE
                t = c[WASTE_AT + wn - 1] >> 1
                t = t + 4 if t < 48 else t - 48     # one rank up: a King onto an Ace
                for h in range(HOURS):
                    k = n[h]
                    if k >= 3 and c[h * PMAX + k - 1] >> 1 == t:
                        c[h * PMAX + k] = c[WASTE_AT + wn - 1]
                        n[h] = k + 1
                        wn -= 1
                        s = -2
                        break
            if s != -2:
                for s in range(HOURS):
                    k = n[s]
                    if k < 2 or not want[c[s * PMAX + k - 2] >> 1]:
                        continue
                    t = c[s * PMAX + k - 1] >> 1
                    t = t + 4 if t < 48 else t - 48
                    for h in range(HOURS):
                        j = n[h]
                        if h != s and j >= 3 and c[h * PMAX + j - 1] >> 1 == t:
                            c[h * PMAX + j] = c[s * PMAX + k - 1]
                            n[h] = j + 1
                            n[s] = k - 1
                            s = -2
                            break
                    if s == -2:
                        break
            if s == -2:
                continue
        if not rn:
            break
        gaps = False            # the gaps filled, 12 o'clock first, else a card dealt
        if not forced or _st[4] == GAPS:
            for h in range(HOURS):
                k = n[h]
                while k < 3 and rn:
                    rn -= 1
                    c[h * PMAX + k] = r[rn]
                    k += 1
                    gaps = True
                n[h] = k
        if not gaps:
            rn -= 1
            c[WASTE_AT + wn] = r[rn]
            wn += 1
        forced = False
    return home + _WIN if home == 104 else home


def _wanted(g, c):
    """Whether a foundation takes card c now."""
    h = b"\x01\x00\x02\x03"[(c >> 1) & 3]
    while h < HOURS:
        k = g.n[FOUND + h]
        if k < size(h) and (BASE_RANK[h] + k) % 13 == c >> 3:
            return True
        h += 4
    return False


def candidates(g, h0):
    """Into _cand as (src, dst) pairs, h0 first: every move onto a pile but shuttles (a card
    from one card to another of the same face, unless a foundation takes the one it uncovers),
    then the fill, the deal, or none (_NONE) once the reserve is used up. Their count."""
    if h0 < 0:
        _cand[0] = _cand[1] = _NONE
    else:
        _cand[0] = h0 >> 5
        _cand[1] = h0 & 31
    n = 1
    for src in range(WASTE, -1, -1):
        if FOUND <= src < WASTE or not g.n[src]:
            continue
        k = g.n[src]
        for dst in range(HOURS):
            if n >= _CANDS or g.check(src, dst) != OK or (src << 5) | dst == h0:
                continue
            if src < HOURS and k > 1:
                u = g.card(src, k - 2)
                if u >> 1 == g.top(dst) >> 1 and not _wanted(g, u):
                    continue
            _cand[2 * n] = src
            _cand[2 * n + 1] = dst
            n += 1
    m = (RESERVE << 5) | (GAPS if g.gaps() else WASTE)
    if not g.res_len:
        m = -1
    if m != h0 and n < _CANDS:
        _cand[2 * n] = RESERVE if m >= 0 else _NONE
        _cand[2 * n + 1] = m & 31 if m >= 0 else _NONE
        n += 1
    return n


def hint(g, per_move=_K, budget=_BUDGET, lead=_LEAD):
    """The move as (src << 5) | dst in engine.bigben's places, or -1 for none."""
    h0 = plain(g)
    if g.strict or h0 >= 0 and h0 >> 5 != RESERVE and h0 & 31 >= FOUND:
        return h0
    n = candidates(g, h0)
    if n < 2:
        return h0
    k = per_move
    if n * k > budget:
        k = budget // n
    if not g.res_len:
        k = 1                       # nothing unseen: one playout tells all
    load(g)
    x = seed()
    best = -1
    top = -1
    for i in range(n):
        src = _cand[2 * i]
        dst = _cand[2 * i + 1]
        first(src, dst)
        seed(x)                     # the same orders for every move: only the move differs
        s = 0
        for _ in range(k):
            s += rollout()
        if i == 0:
            s += lead * k
        if s > top:
            top = s
            best = -1 if src == _NONE else (src << 5) | dst
    return best


def main(argv=None):
    import argparse

    from engine.bigben import BigBen
    from tools.bench.interval import wilson
    ap = argparse.ArgumentParser(prog="tools/bench/bigben_rollouts.py", description=doc_line())
    ap.add_argument("first", type=int)
    ap.add_argument("last", type=int)
    ap.add_argument("--per-move", type=int, default=_K)
    ap.add_argument("--budget", type=int, default=_BUDGET)
    ap.add_argument("--lead", type=int, default=_LEAD)
    args = ap.parse_args(argv)
    won = home = 0
    g = BigBen()
    for d in range(args.first, args.last + 1):
        g.new_deal(d)
        h = hint(g, args.per_move, args.budget, args.lead)
        while h >= 0:
            g.play((h >> 5) & 31, h & 31)
            h = hint(g, args.per_move, args.budget, args.lead)
        won += g.is_won()
        home += g.on_foundations()
    total = args.last - args.first + 1
    lo, hi = wilson(won, total)
    print("won %d of %d (%.1f %%, %.1f-%.1f), %.1f cards home on average"
          % (won, total, 100.0 * won / total, 100 * lo, 100 * hi, home / total))
    return 0


def doc_line():
    return __doc__.split("\n")[0]


if __name__ == "__main__":
    raise SystemExit(main())
