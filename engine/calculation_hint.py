"""Hints for Calculation: the move a good player would make.

It looks only at what the table shows: foundations, waste piles, the turned card, and so the
ranks still face down (never their order). A build comes first, the one after which the most
cards in view follow, from a waste top rather than the turned card. Otherwise the turned card
goes to a waste pile, chosen in two steps.

The heuristic (heuristic(g)) scores each pile: a pile is good when its top is wanted just after
the card (best one or two cards after it by the same foundation, so the two come off in turn),
bad when the card covers cards wanted sooner than itself; Kings keep to empty piles. The score
looks one card ahead: for each rank still face down, weighted by its copies, how well the next
card could then be placed, or whether it would build.

Then rollouts (issue 37): for each pile the card could go to (empty piles are all alike; a card
with one place to go takes none), a quick policy plays the rest of the game out over random
orders of the face-down ranks, the same orders for every pile; the pile whose rollouts end with
the most cards home (a win counts WIN more) is the hint, the heuristic's pile starting HEAD
cards a rollout ahead. Piles that fall clearly behind stop being sampled (_race), and the work
per hint is capped at BUDGET cards played, about 3.6 s of a PyBadge's time at most. The
orders are drawn from a seed made of what the table shows, so a reshuffled stock gives the same
hint.

hint(g) returns the move (engine.calculation's byte: move_src/move_dst read it), or -1 when
nothing can be done. The app thinks ahead: begin(g), then think(SLICE) a pass while the player
looks at the table, and finish(ASK) when the hint is asked, so that an ask that comes before
the thinking has ended waits for ASK cards at most; thought out to the end, it is hint(g). None
of them allocates, and think() is not even given the game.
"""
try:
    from micropython import const
except ImportError:
    const = int

from engine.calculation import PILES, ROOM, STOCK, WASTE, move_dst, move_src

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
            _left[g.waste[w * ROOM + i] >> 2] -= 1
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
        g.apply(m)
        _undo[k] = m
        k += 1
        m = _visible_build(g, stock_len)
    n = k
    while k:
        k -= 1
        m = _undo[k]
        g.push(((m >> 3) & 7) + WASTE, g.pop(m & 7))
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
                g.apply(m)
                s = _follow(g, n) * 4 + (2 if src < STOCK else 0)
                g.push(src, g.pop(f))
                if s > score:
                    score = s
                    best = m
    return best


def _harm(g, w, d):
    """What laying a card wanted in d covers on waste pile w: every card there wanted
    sooner counts, the more the sooner (13 - its distance)."""
    s = 0
    base = w * ROOM
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
    t = g.waste[w * ROOM + n - 1] >> 2
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
        g.apply(m)
        s += WEIGHTS[8] * _outlook(g)
        g.push(STOCK, g.pop(WASTE + w))
        if s > score:
            score = s
            best = m
    return best



# -- rollouts: where the turned card goes, by playing on over the cards still face down -------
# A rollout deals the face-down ranks in a random order and lets a quick policy play them out
# (build whenever a card fits, else the pile a simple score likes); each candidate pile is
# played on the same orders, so their totals differ by the choice alone. Everything is ranks
# (suits never matter here) in bytearrays made once; a rollout allocates nothing. The tables,
# the rollout's position and roll() are public: tools/bench/tune_calculation_hint.py plays
# the rollout's player on a deal's real order to tune POLICY.

SEQ = bytearray(56)             # f * 14 + k: the rank foundation f takes as its card k; 13 after
_DT = bytearray(728)            # (f * 14 + n) * 13 + r: cards before f wants rank r, n home; 13
IT = bytearray(169)             # r * 13 + t: rank r laid on t comes off one or two before it
_PICK = b"\x00\x00\x01\x01\x02\x02\x02\x02\x03\x03\x03\x03\x03\x03\x03\x03"   # highest bit
roll_fl = bytearray(4)          # the rollout's foundations: cards home
roll_want = bytearray(14)       # per rank, the foundations that want it now (bits); 13: none
_pile = bytearray(PILES * ROOM)     # waste pile w at w * ROOM, ranks, bottom first
roll_plen = bytearray(4)
roll_left = bytearray(13)       # copies of each rank not yet turned in the rollout
_D = bytearray(13)              # per rank, distance() as the rollout stands
_bfl = bytearray(4)             # the position the rollouts start from
_bwant = bytearray(14)
_bpile = bytearray(PILES * ROOM)
_bplen = bytearray(4)
_bleft = bytearray(13)
roll_order = bytearray(ROOM)    # the face-down ranks, dealt in a random order per sample
_total = [0, 0, 0, 0]           # per waste pile, the sum of its rollouts' scores
_dead = bytearray(4)            # candidates no longer sampled (1), not a candidate (2)
_v = [0, 0, 0, 0]               # this sample's scores
_sq = [0] * 16                  # a * 4 + b (a <= b): the sum of the products of their scores

# Per rollout policy: 0, 1 an empty pile for a King, for another card; 2 a King on a King;
# else 100 less 3 per unit of harm, less 4 per card the top is wanted after the card, plus
# 5 per unit of "in turn" (6, 7 as in WEIGHTS).
POLICY = [502, 80, 200, 7, 6, 2, 40, 6]
# Sampling: the most work per hint, in cards played in rollouts; samples at most; the heuristic's
# own choice starts HEAD cards ahead per sample; a win counts WIN besides its 52 cards.
BUDGET = 7000
SAMPLES = 256
# Thinking ahead (begin/think/finish): a slice between keys plays about SLICE cards (about
# 50 ms of a PyBadge's time); an ask that finds the hint unfinished plays at most ASK cards
# more, so a cold ask waits about 1.5 s at the median (tools/bench/calculation_hint.py).
SLICE = 120
ASK = 3500
HEAD = 2
WIN = 100
samples = 0         # the last hint's samples (0: no rollouts), for the bench's clock
FIRST = 16          # samples before the race drops a candidate, then every 4
Z2 = 4              # the square of the margin, in standard errors, that drops one


def _tables():
    for f in range(PILES):
        for k in range(13):
            SEQ[f * 14 + k] = ((k + 1) * (f + 1) - 1) % 13
        SEQ[f * 14 + 13] = 13
        for n in range(14):
            for r in range(13):
                k = ((r + 1) * _INV[f] - 1) % 13 - n
                _DT[(f * 14 + n) * 13 + r] = k if 0 <= k and n < 13 else 13
    for r in range(13):
        for t in range(13):
            best = 0
            for f in range(PILES):
                a = ((r + 1) * _INV[f] - 1) % 13
                d = ((t + 1) * _INV[f] - 1) % 13 - a
                if 0 < d <= 2 and POLICY[5 + d] > best:
                    best = POLICY[5 + d]
            IT[r * 13 + t] = best


_tables()
del _tables                     # its code is not kept


def roll(n):
    """Play roll_order[0:n] from the rollout's position; the cards home at the end."""
    fl = roll_fl
    want = roll_want
    pile = _pile
    plen = roll_plen
    seq = SEQ
    it = IT
    dt = _DT
    dd = _D
    order = roll_order
    left = roll_left
    p = POLICY
    w0 = p[0]
    w1 = p[1]
    w2 = p[2]
    w3 = p[3]
    w4 = p[4]
    w5 = p[5]
    stale = True                # dd wants working out again: a foundation has grown
    i = 0
    while i < n:
        r = order[i]
        i += 1
        left[r] -= 1
        m = want[r]
        if m:
            while True:                     # home, then every waste top wanted in turn
                f = _PICK[m]
                if m & (m - 1):
                    # two foundations want it: the one whose next card is a waste top
                    g = 3
                    while g >= 0:
                        if m >> g & 1:
                            t = seq[g * 14 + fl[g] + 1]
                            if (t == (pile[plen[0] - 1] if plen[0] else 13)
                                    or t == (pile[47 + plen[1]] if plen[1] else 13)
                                    or t == (pile[95 + plen[2]] if plen[2] else 13)
                                    or t == (pile[143 + plen[3]] if plen[3] else 13)):
                                f = g
                                break
                        g -= 1
                want[r] = m & ~(1 << f)
                k = fl[f] + 1
                fl[f] = k
                t = seq[f * 14 + k]
                if t < 13:
                    want[t] |= 1 << f
                r = 13
                for w in range(PILES):
                    k = plen[w]
                    if k:
                        t = pile[w * ROOM + k - 1]
                        if want[t]:
                            plen[w] = k - 1
                            r = t
                            break
                if r == 13:
                    break
                m = want[r]
            stale = True
            continue
        # distance() of every rank once a foundation has grown, else of r alone (one copy
        # fewer to come): the (j+1)th soonest foundation to want it, j its copies still to
        # come, by a sorting network over the four foundations
        if stale:
            stale = False
            b0 = fl[0] * 13
            b1 = 182 + fl[1] * 13
            b2 = 364 + fl[2] * 13
            b3 = 546 + fl[3] * 13
            x = 12
            y = -1
        else:
            x = r
            y = r - 1
        while x > y:
            a0 = dt[b0 + x]
            a1 = dt[b1 + x]
            a2 = dt[b2 + x]
            a3 = dt[b3 + x]
            if a0 > a1:
                a0, a1 = a1, a0
            if a2 > a3:
                a2, a3 = a3, a2
            if a0 > a2:
                a0, a2 = a2, a0
            j = left[x]
            if j:
                if a1 > a3:
                    a1, a3 = a3, a1
                if a1 > a2:
                    a1, a2 = a2, a1
                if j == 1:
                    a0 = a1 if a1 < 13 else a0
                elif j == 2:
                    a0 = a2 if a2 < 13 else a1 if a1 < 13 else a0
                else:
                    a0 = a3 if a3 < 13 else a2 if a2 < 13 else a1 if a1 < 13 else a0
            dd[x] = a0
            x -= 1
        dr = dd[r]
        best = -100000
        bw = 0
        for w in range(PILES):
            k = plen[w]
            if not k:
                s = w0 if r == _KING else w1
            else:
                base = w * ROOM
                t = pile[base + k - 1]
                if t == _KING and r == _KING:
                    s = w2
                else:
                    h = 0
                    for j in range(base, base + k):
                        x = dd[pile[j]]
                        if x < dr:
                            h += 13 - x
                    x = dd[t] - dr
                    s = 100 - w3 * h - (w4 * x if x > 0 else 0) + w5 * it[r * 13 + t]
            if s > best:
                best = s
                bw = w
        k = plen[bw]
        pile[bw * ROOM + k] = r
        plen[bw] = k + 1
    return fl[0] + fl[1] + fl[2] + fl[3]


def _seed(g):
    """A seed from what the table shows (never the face-down order): the same position
    samples the same orders, so it gets the same advice."""
    h = g.turned() + 1
    for f in range(PILES):
        h = ((h & 0xFFFFF) * 31 + g.flen[f]) & 0x3FFFFFFF
    for w in range(PILES):
        base = w * ROOM
        for i in range(g.wlen[w]):
            h = ((h & 0xFFFFF) * 31 + g.waste[base + i]) & 0x3FFFFFFF
        h = ((h & 0xFFFFF) * 31 + 53) & 0x3FFFFFFF
    return h


# -- a hint in slices: one sampling, kept between calls (issue 37) -----------------------------
# begin(g) sets the sampling up for g's position, think(cards) plays about that many cards of
# rollouts, finish(more) plays on to the end but at most `more` cards further; hint(g) is
# begin then finish. Every call goes on from where the last stopped, so a hint thought out in
# slices between keys is the hint asked cold with the same cap, to the move. Its state is one
# list (module globals would grow the module's dictionary), by these indices:
_ANSWER = const(0)  # the move, once the sampling has ended (or needed none)
_W = const(1)       # the next candidate of this sample's order; -1 a new order first; -2 done
_N = const(2)       # face-down cards, dealt per sample
_OW = const(3)      # the heuristic's waste pile, HEAD cards ahead
_RC = const(4)      # the turned card's rank
_X = const(5)       # the generator's state
_WORK = const(6)    # cards played in rollouts, in whole samples
_DONE = const(7)    # samples played
_ALIVE = const(8)   # candidates still sampled
_CAP = const(9)     # the most cards of rollouts this hint may play
_st = [-1, -2, 0, 0, 0, 0, 0, 0, 0, 0]


def begin(g):
    """Set up the hint of g's position; True when it is decided already (a build, one place
    to go, nothing to do: finish() returns it at once), else think() and finish() play its
    rollouts."""
    global samples
    samples = 0
    st = _st
    st[_W] = -2
    st[_WORK] = st[_DONE] = 0
    st[_CAP] = BUDGET
    h = heuristic(g)
    st[_ANSWER] = h
    if h < 0 or move_src(h) != STOCK or move_dst(h) < WASTE:
        return True
    # _left holds the face-down copies of each rank (_count, run by _best_waste)
    n = 0
    for r in range(13):
        k = _left[r]
        _bleft[r] = k
        while k:
            roll_order[n] = r
            n += 1
            k -= 1
    for f in range(PILES):
        _bfl[f] = g.flen[f]
    for r in range(14):
        _bwant[r] = 0
    for f in range(PILES):
        if g.flen[f] < 13:
            _bwant[SEQ[f * 14 + g.flen[f]]] |= 1 << f
    seen_empty = False
    alive = 0
    for w in range(PILES):
        k = g.wlen[w]
        _bplen[w] = k
        base = w * ROOM
        for i in range(k):
            _bpile[base + i] = g.waste[base + i] >> 2
        _total[w] = 0
        _dead[w] = 2
        if not k:
            if seen_empty:
                continue
            seen_empty = True
        _dead[w] = 0
        alive += 1
    if alive < 2 or n == 0:
        return True
    for i in range(16):
        _sq[i] = 0
    st[_W] = -1
    st[_N] = n
    st[_OW] = (h & 7) - WASTE
    st[_RC] = g.turned() >> 2
    st[_X] = _seed(g) % 65537
    st[_ALIVE] = alive
    return False


def think(cards):
    """Rollouts until about `cards` more cards are played (at least one rollout), or the
    sampling ends; True once it has (finish() returns the move at once). None allocates."""
    global samples
    st = _st
    w = st[_W]
    if w < -1:
        return True
    n = st[_N]
    ow = st[_OW]
    x = st[_X]
    work = st[_WORK]
    done = st[_DONE]
    alive = st[_ALIVE]
    spent = 0
    while True:
        if w == PILES:                  # the sample is played: pair its scores, race
            for w in range(PILES):
                if not _dead[w]:
                    for u in range(w, PILES):
                        if not _dead[u]:
                            _sq[w * 4 + u] += _v[w] * _v[u]
            work += n * alive
            done += 1
            if done >= FIRST and not done & 3:
                alive = _race(ow)
            w = -1
        if w < 0:
            if alive < 2 or done >= SAMPLES or work + n * alive > st[_CAP]:
                w = -2                      # the sampling has ended
                break
            if spent and spent + n > cards:
                break
            i = n - 1                       # a new order, Fisher-Yates
            while i > 0:
                x = (x * 75 + 74) % 65537   # ZX81's generator: small ints, no allocation
                j = (x * (i + 1)) // 65537
                r = roll_order[i]
                roll_order[i] = roll_order[j]
                roll_order[j] = r
                i -= 1
            w = 0
        if _dead[w]:
            w += 1
            continue
        if spent and spent + n > cards:
            break
        roll_fl[:] = _bfl
        roll_want[:] = _bwant
        _pile[:] = _bpile
        roll_plen[:] = _bplen
        roll_left[:] = _bleft
        k = roll_plen[w]
        _pile[w * ROOM + k] = st[_RC]
        roll_plen[w] = k + 1
        s = roll(n)
        if s == 52:
            s += WIN
        if w == ow:
            s += HEAD
        _v[w] = s
        _total[w] += s
        spent += n
        w += 1
    st[_X] = x
    st[_WORK] = work
    st[_DONE] = done
    st[_ALIVE] = alive
    st[_W] = w
    if w > -2:
        return False                    # the slice is used up
    best = ow
    for w in range(PILES):
        if not _dead[w] and _total[w] > _total[best]:
            best = w
    st[_ANSWER] = ((STOCK - WASTE) << 3) + WASTE + best
    samples = done
    return True


def finish(more):
    """The move, after at most `more` cards more of rollouts (fewer if BUDGET comes first)."""
    st = _st
    if st[_WORK] + more < st[_CAP]:
        st[_CAP] = st[_WORK] + more
    think(1 << 29)
    return st[_ANSWER]


def _race(ow):
    """Drop each candidate the leader beats by more than Z standard errors of their
    difference (per sample, over the same orders); how many remain."""
    lead = ow if not _dead[ow] else -1
    for w in range(PILES):
        if not _dead[w] and (lead < 0 or _total[w] > _total[lead]):
            lead = w
    alive = 1
    for w in range(PILES):
        if _dead[w] or w == lead:
            continue
        d = _total[lead] - _total[w]
        a = w if w < lead else lead
        b = lead + w - a
        s2 = _sq[lead * 5] - 2 * _sq[a * 4 + b] + _sq[w * 5]
        if d > 20000 or d > 0 and d * d > Z2 * s2:
            _dead[w] = 1
        else:
            alive += 1
    return alive


def heuristic(g):
    """The heuristic alone (a build, else the best-scored pile one card ahead), in a few
    hundred microseconds: the rollouts' own choice and their policy's model."""
    h = _best_build(g)
    if h >= 0:
        return h
    c = g.turned()
    return _best_waste(g, c) if c >= 0 else -1


def hint(g):
    """The suggested move at the full BUDGET, or -1 when nothing can be done."""
    begin(g)
    return finish(BUDGET)
