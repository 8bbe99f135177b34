"""Black Hole solver that fits a microcontroller: sliced, iterative, fixed memory.

    s = Solver(slots)      # every buffer is allocated here, never during a search
    s.begin(game)          # copy the position of a BlackHole game (the game is not changed)
    r = s.run(budget)      # at most `budget` more nodes: WON, NOWIN or BUSY (call again)
    s.nodes                # nodes searched since begin
    s.line, s.line_len     # after WON: the winning line as fan numbers from the begun position

A position is the 17 fan heights plus the hole's top rank (the cards never move inside a fan).
Depth-first search with an explicit stack in bytearrays; a node is one move played.

Pruning, all sound (a pruned position can never be won):
- Dead table: positions proved lost are remembered in a fixed table (an array of 4-byte
  words): `buckets` (a prime) buckets of two slots. The 38-bit key (top rank, 17 two-bit
  heights) is split into two small ints; its bucket is key mod buckets and a slot holds
  (key // buckets) * 7 + class, so a hit is exact (never a false "lost"). The class (1..7)
  says how big a search proved the position lost (size classes of 8x). A bucket keeps the
  entry with the biggest search in its first slot and the newest of the rest in its second:
  long proofs keep the positions that were expensive to prove, which is what lets a no-win
  proof finish in a 12 KB table (deal 400: about 1 M nodes, 30 M when the newest two won).
- Walk count: the remaining ranks must admit a +-1 walk round the 13-rank cycle that starts
  at the hole's rank, lands on each rank exactly as often as it has cards left and ends on a
  rank that is the bottom card of some fan (an Euler path on the cycle: on an odd cycle the
  edge multiplicities are fixed by the degrees; a move lowers one edge's by one, so they are
  kept move by move and a node looks at them only when one is nearly used up).
- Walk order: those multiplicities also order the walk. An edge crossed once splits the
  ranks into a part played wholly before the other; beyond an edge crossed twice the ranks
  are played in one stretch. A fan whose cards must come off in an order the walk cannot
  give (a card of a later part above one of an earlier, or a card outside a one-stretch
  part between two inside it) makes that end of the walk impossible. On deals 1-200's played
  positions this halves the nodes and decides 664 of 682 within 5,000 nodes instead of 632.
- Equal ranks: a playable card alone in its fan is never played while another playable card
  of the same rank exists (swapping the two plays in any winning line keeps it legal), and of
  two fans of the same height whose cards match rank for rank only the lower is played from
  (swapping the two fans' roles in a winning line keeps it legal).
A node's moves come from a mask per rank of the fans showing that rank, kept move by move.
Move ordering: the card whose rank has the most cards left, then the tallest fan, then the
one uncovering a card whose rank has most cards left. Winnable deals have a heavy tail when
an early choice is wrong, so the search restarts from the root after 1000 nodes, then 2000,
4000 ... with random noise in the scores (the lost positions found so far stay in the table;
the limit doubles, so the search stays complete and a NOWIN is a proof).

Runs unchanged under CircuitPython: no allocation per node, and small ints only (the words
stay below 2**30) as long as 2998 <= slots <= 8190 (the device size is 3001 -> 1499 buckets,
2998 slots; other sizes are for desktop runs, where the key arithmetic may make long ints).
"""
try:
    from micropython import const
except ImportError:
    const = int

from array import array

from engine.tableau import NUM_FANS, TABLEAU_CARDS

WON = const(1)
NOWIN = const(2)
BUSY = const(3)

DEVICE_SLOTS = const(3001)      # a prime; 12,004 bytes of table
_RESTART_NODES = const(1000)     # first restart after this many nodes, then doubling
_RESTART_NOISE = const(40)       # random addend to move scores after a restart
_KNOWN_NODES = const(300)        # begin(game, winnable=True): restart every 300 nodes ...
_KNOWN_NOISE = const(60)         # ... with this much noise, never doubling
_DEPTHS = const(52)
_LO_FANS = const(9)             # fans 0..8 in the low key word (18 bits), 9..16 in the high
_TOP_SHIFT = const(16)          # the top rank sits above the 8 high fans' heights
_MOVES = const(8)               # moves at one depth: the four cards of each rank next to the top
_ALL = const(8191)              # every rank, as a mask


# rank masks of the even and the odd ranks (see _walk_ok)
_EVEN = const(0x1555)
_ODD = const(0x0AAA)
# where the masks of small edge multiplicities sit in the walk array, after the 13 edges
_LOW = const(13)                # edges with x below -1
_NEG = const(14)                # x = -1
_ONE = const(15)                # x = 1
_THREE = const(16)              # x = 3
_FIVE = const(17)               # x = 5
# the end rank that passed the walk test last: tried first, as a child mostly keeps its parent's
_END = const(18)


def _is_prime(n):
    if n < 2:
        return False
    i = 2
    while i * i <= n:
        if n % i == 0:
            return False
        i += 1
    return True


def prime_at_most(n):
    """Largest prime <= n (table sizes are primes so key mod size spreads well)."""
    while n > 2 and not _is_prime(n):
        n -= 1
    return n


def _size_class(size):
    """1..7 from a subtree's node count (0, 1-7, 8-63, ... 32768 and more)."""
    if size == 0:
        return 1
    c = 2
    size >>= 3
    while size and c < 7:
        size >>= 3
        c += 1
    return c


def _store(table, i, w):
    """Put entry w (quotient * 7 + class) in bucket slots i, i + 1: slot i keeps the entry
    with the larger subtree, slot i + 1 the newest of the rest."""
    v = table[i]
    if v == 0:
        table[i] = w
    elif (w - 1) % 7 >= (v - 1) % 7:
        u = table[i + 1]
        if u == 0 or (v - 1) % 7 >= (u - 1) % 7:
            table[i + 1] = v
        table[i] = w
    else:
        table[i + 1] = w


class Solver:
    def __init__(self, slots=DEVICE_SLOTS):
        if slots < 1024:
            raise ValueError("solver table needs at least 1024 slots")
        nb = prime_at_most(slots >> 1)
        self.buckets = nb
        self.slots = 2 * nb
        try:
            self.table = array("I", [0]) * (2 * nb)     # one block, no zeroed temporary
        except TypeError:       # a MicroPython build that cannot repeat an array (the WASI VM)
            self.table = array("I", [0] * (2 * nb))
        self.enter = array("i", [0] * _DEPTHS)   # node count when each depth was entered
        self.cards = bytearray(TABLEAU_CARDS)
        self.ranks = bytearray(TABLEAU_CARDS)
        self.heights = bytearray(NUM_FANS)
        self.counts = bytearray(13)          # cards left per rank
        self.topm = array("i", [0] * 13)     # per rank: a bit for each fan showing that rank
        self.bottoms = bytearray(13)         # non-empty fans per rank of their bottom card
        self.cand = bytearray(_DEPTHS * _MOVES)
        self.ncand = bytearray(_DEPTHS)
        self.next = bytearray(_DEPTHS)
        self.tops = bytearray(_DEPTHS)       # hole rank before the move at each depth
        self.line = bytearray(_DEPTHS)
        self.score = bytearray(NUM_FANS)
        # ranks a, b adjacent on the cycle: adj[a * 13 + b] is 1 + the edge between them
        # (edge r joins ranks r and r + 1)
        adj = bytearray(169)
        for a in range(13):
            adj[a * 13 + (a + 1) % 13] = a + 1
            adj[a * 13 + (a + 12) % 13] = (a + 12) % 13 + 1
        self.adj = adj
        # 2 * each edge's multiplicity, kept move by move, then the masks _LOW ... _FIVE
        self.x = array("h", [0] * 19)
        self.line_len = 0
        self.nodes = 0
        self.state = NOWIN
        self.depth = 0
        self.top = 0
        self.left = 0
        self.lo = 0
        self.hi = 0
        self.use_walk = True
        self.use_table = True
        self.use_equal = True
        self.use_order = True
        self.noise = 0
        self.rng = 1
        self.rfirst = _RESTART_NODES   # 0: plain depth-first, no restarts
        self.rnoise = _RESTART_NOISE
        self.rlimit = 0
        self.rstart = 0
        self.rgrow = 1                # restart limit doubles (0: constant, see begin)

    # -- setting up -----------------------------------------------------------------
    def clear(self):
        """Forget every remembered lost position (needed only when the cards change)."""
        if self.slots > 8190:
            # a desktop table: making a new one is much faster than zeroing it slot by slot
            self.table = array("I", [0]) * self.slots
            return
        t = self.table
        for i in range(self.slots):
            t[i] = 0

    def begin(self, game, winnable=False):
        """Begin from game's position. winnable=True when it is known to be winnable (the
        atlas at a deal's opening, or a position on a known line): the search then restarts
        every 300 nodes with more noise instead of doubling its restart limit, which finds a
        line sooner in the heavy tail (deals 1-1000: 817 of 877 winnable deals within 5,000
        nodes instead of 792). A NOWIN it gives is still a proof."""
        t = game.tableau
        self.load(t.cards, t.heights, game.hole[game.hole_len - 1] >> 2, winnable)

    def load(self, cards, heights, top, winnable=False):
        """Begin from 51 fan cards (fan-major, top last), 17 heights and the hole's rank."""
        same = self.cards == cards
        self.cards[:] = cards
        ranks = self.ranks
        for i in range(TABLEAU_CARDS):
            ranks[i] = cards[i] >> 2
        if not same:
            self.clear()
        h = self.heights
        h[:] = heights
        counts = self.counts
        bottoms = self.bottoms
        for r in range(13):
            counts[r] = 0
            bottoms[r] = 0
        lo = 0
        hi = 0
        left = 0
        for f in range(NUM_FANS):
            n = h[f]
            left += n
            for i in range(n):
                counts[ranks[3 * f + i]] += 1
            if n:
                bottoms[ranks[3 * f]] += 1
            if f < _LO_FANS:
                lo |= n << (2 * f)
            else:
                hi |= n << (2 * (f - _LO_FANS))
        self.top = top
        self._walk_init()
        self.lo = lo
        self.hi = hi | (top << _TOP_SHIFT)
        self.left = left
        self.depth = 0
        self.nodes = 0
        self.line_len = 0
        self.noise = 0
        if winnable and self.rfirst:
            self.rlimit = _KNOWN_NODES
            self.rgrow = 0
        else:
            self.rlimit = self.rfirst
            self.rgrow = 1
        self.rstart = 0
        if left == 0:
            self.state = WON
        elif not self._expand(0):
            self.state = NOWIN
        else:
            self.state = BUSY

    # -- the dead table ---------------------------------------------------------------
    def _dead(self, lo, hi):
        """True when the position (lo, hi) is in the table of lost positions."""
        p = self.buckets
        t = ((hi % p) << 18) | lo
        i = (t % p) << 1
        q = (((hi // p) << 18) + t // p) * 7
        w = self.table[i]
        u = self.table[i + 1]
        return q < w <= q + 7 or q < u <= q + 7

    def _bury(self, lo, hi, size=0):
        """Remember (lo, hi) as lost after a search of `size` nodes below it."""
        p = self.buckets
        t = ((hi % p) << 18) | lo
        i = (t % p) << 1
        q = (((hi // p) << 18) + t // p) * 7
        _store(self.table, i, q + _size_class(size))

    # -- the walk count -------------------------------------------------------------
    # With degrees d_r = 2 c_r + [r == top], x_r (twice the multiplicity of edge r, r+1 of a
    # walk that also ends at the top) follows from x_0 = d_1 - d_2 + d_3 ... + d_0 and
    # x_{r+1} = 2 d_{r+1} - x_r; every x_r is odd. A move from the top to an adjacent rank
    # lowers both degrees by one, which lowers x on the edge between them by 2 and leaves the
    # rest alone, so the search keeps x move by move (|x_r| <= 2 * 51 + 1), with masks of the
    # edges whose x is small. Ending at rank e instead adds -1 to x_r for r >= e with r - e
    # even and for r < e with e - r odd, +1 to the others: an end is possible when no x_r is
    # below -1 and no x_r of -1 gets the -1. Edges left at 0 cut the cycle; the walk must not
    # need to cross them. While every x_r is 7 or more, every end is possible.
    def _walk_init(self):
        """Set the walk array and the fans' top masks from counts, heights and top."""
        c = self.counts
        top = self.top
        xs = self.x
        x = 0
        sign = 1
        r = 1
        for _ in range(13):
            d = c[r] << 1
            if r == top:
                d += 1
            x += d if sign > 0 else -d
            sign = -sign
            r += 1
            if r == 13:
                r = 0
        for i in range(_LOW, _FIVE + 1):
            xs[i] = 0
        for r in range(13):
            xs[r] = x
            if x <= 5:
                self._mark(r, x)
            n = r + 1
            if n == 13:
                n = 0
            d = c[n] << 1
            if n == top:
                d += 1
            x = (d << 1) - x
        topm = self.topm
        h = self.heights
        for r in range(13):
            topm[r] = 0
        for f in range(NUM_FANS):
            if h[f]:
                topm[self.ranks[3 * f + h[f] - 1]] |= 1 << f

    def _mark(self, r, x):
        """Edge r's x is now x (called when it is 7 or less)."""
        xs = self.x
        b = 1 << r
        for i in range(_LOW, _FIVE + 1):
            xs[i] &= ~b
        if x < -1:
            xs[_LOW] |= b
        elif x <= 5:
            xs[(x + 1 >> 1) + _NEG] |= b

    # The multiplicities also order the walk's visits. Where the walk never crosses an edge it
    # runs along one arc (a path) from the top to its end, and crosses each edge crossed once
    # exactly once: those edges all lie between the top and the end and split the arc into
    # stretches visited one after another, so no fan may hold a card of a later stretch above
    # one of an earlier. Beyond an edge crossed twice, and on the cycle between two edges
    # crossed once each (away from the top), the ranks are visited in one stretch, so no fan
    # may hold such a card, another card, such a card, from the top down.
    def _walk_ok(self):
        """Necessary condition on the ranks left and the fans' order; True when a win is
        still conceivable."""
        xs = self.x
        if xs[_LOW]:
            return False
        neg = xs[_NEG]
        one = xs[_ONE]
        three = xs[_THREE]
        five = xs[_FIVE]
        if not (neg | one | three | five):
            return True
        c = self.counts
        bot = self.bottoms
        top = self.top
        need = 1 << top
        for r in range(13):
            if c[r]:
                need |= 1 << r
        e = xs[_END]
        for _ in range(13):
            e = e + 1 if e < 12 else 0
            if not bot[e]:             # a fan's bottom card of rank e is left
                continue
            lower = (1 << e) - 1
            m = (_EVEN if e & 1 == 0 else _ODD) & ~lower | (_ODD if e & 1 == 0 else _EVEN) & lower
            if neg & m:
                continue
            z = (one & m) | neg                         # edges never crossed
            m1 = (three & m) | (one & ~m & _ALL)        # ... crossed once
            m2 = (five & m) | (three & ~m & _ALL)       # ... crossed twice
            if not (z or m1 & (m1 - 1)) or self._path_ok(z, m1, m2, need, e):
                xs[_END] = e - 1 if e else 12
                return True
        return False

    def _path_ok(self, z, m1, m2, need, e):
        """The order test for one end e: along the arc cut at z, or round the cycle (z 0)
        cut at the edges m1 into stretches (see above)."""
        top = self.top
        at = self.score                 # scratch: rank -> position | stretch << 4
        if z:
            hi = top
            while not (z >> hi) & 1:
                hi = hi + 1 if hi < 12 else 0
            lo = top
            while not (z >> (lo - 1 if lo else 12)) & 1:
                lo = lo - 1 if lo else 12
            # the ranks left must all lie on the arc lo..hi, as the walk never crosses z
            if lo <= hi:
                if need & ~((2 << hi) - (1 << lo)):
                    return False
            elif need & ((1 << lo) - (2 << hi)):
                return False
        else:
            lo = top
            hi = top - 1 if top else 12
        twice = 0                       # positions p whose next edge is crossed twice
        p = 0
        k = 0
        r = lo
        while True:
            at[r] = p | k << 4
            if r == hi:
                break
            if (m1 >> r) & 1:
                k += 1
            if (m2 >> r) & 1:
                twice |= 1 << p
            p += 1
            r = r + 1 if r < 12 else 0
        if not (m1 | m2):
            return True
        tp = at[top] & 15
        up = (at[e] >> 4) >= (at[top] >> 4)     # stretches are visited upwards
        wrap = not (m1 >> hi) & 1
        rise = fall = True
        h = self.heights
        ranks = self.ranks
        for f in range(NUM_FANS):
            n = h[f]
            if n < 2:
                continue
            i = 3 * f
            u = at[ranks[i + n - 1]]
            d = at[ranks[i]]
            mid = at[ranks[i + 1]] if n == 3 else u
            if z:
                # a later stretch above an earlier one
                su = u >> 4
                sm = mid >> 4
                sd = d >> 4
                if up:
                    if su > sm or sm > sd:
                        return False
                elif su < sm or sm < sd:
                    return False
                if n == 3 and twice:
                    pu = u & 15
                    pm = mid & 15
                    pd = d & 15
                    a = pm if pm > tp else tp
                    b = pu if pu < pd else pd
                    if a < b and (twice >> a) & ((1 << (b - a)) - 1):
                        return False
                    a = pu if pu > pd else pd
                    b = pm if pm < tp else tp
                    if a < b and (twice >> a) & ((1 << (b - a)) - 1):
                        return False
            else:
                # round the cycle from the top: past the last edge crossed once the ranks
                # are back in the top's stretch 0, unless that edge is the one below the top.
                # The other stretches are visited once each, in order one way round.
                su = u >> 4
                sd = d >> 4
                sm = mid >> 4
                if wrap:
                    if su == k:
                        su = 0
                    if sd == k:
                        sd = 0
                    if sm == k:
                        sm = 0
                if su and sd and not (su <= sm <= sd or sd <= sm <= su):
                    return False
                if su and sd:
                    if su < sd:
                        fall = False
                    elif su > sd:
                        rise = False
        return rise or fall

    # -- candidate moves ------------------------------------------------------------
    def _expand(self, d):
        """Fill the ordered moves for depth d; return how many (0: dead end)."""
        if self.use_walk and not self._walk_ok():
            self.ncand[d] = 0
            return 0
        h = self.heights
        ranks = self.ranks
        counts = self.counts
        cand = self.cand
        score = self.score
        top = self.top
        base = d * _MOVES
        n = 0
        r = top + 1
        if r == 13:
            r = 0
        m = self.topm[r] | self.topm[top - 1 if top else 12]
        f = 0
        while m:
            if m & 1:
                cand[base + n] = f
                n += 1
            m >>= 1
            f += 1
        # equal ranks: drop a lone card when another card of its rank is playable, and a
        # fan whose cards match a lower fan's rank for rank, height for height
        i = 0 if self.use_equal else n
        while i < n:
            f = cand[base + i]
            k = h[f]
            j = 0
            if k == 1:
                r = ranks[3 * f]
                while j < n:
                    g = cand[base + j]
                    if j != i and ranks[3 * g + h[g] - 1] == r and (h[g] > 1 or j < i):
                        break
                    j += 1
            else:
                a = 3 * f
                while j < n:
                    g = cand[base + j]
                    b = 3 * g
                    if (g < f and h[g] == k and ranks[b] == ranks[a]
                            and ranks[b + 1] == ranks[a + 1]
                            and ranks[b + k - 1] == ranks[a + k - 1]):
                        break
                    j += 1
            if j < n:
                n -= 1
                cand[base + i] = cand[base + n]
                continue
            i += 1
        # order: score each move, then insertion sort, best first
        if n > 1 and self.use_order:
            noise = self.noise
            x = self.rng
            for i in range(n):
                f = cand[base + i]
                k = h[f]
                r = ranks[3 * f + k - 1]
                v = (counts[r] << 5) + (k << 3)
                if k > 1:
                    v += counts[ranks[3 * f + k - 2]]
                score[i] = v
                if noise:
                    x = (x * 75 + 74) % 65537
                    v = score[i] + x % noise
                    score[i] = v if v < 256 else 255
            for i in range(1, n):
                f = cand[base + i]
                s = score[i]
                j = i - 1
                while j >= 0 and score[j] < s:
                    score[j + 1] = score[j]
                    cand[base + j + 1] = cand[base + j]
                    j -= 1
                score[j + 1] = s
                cand[base + j + 1] = f
            self.rng = x
        self.ncand[d] = n
        self.next[d] = 0
        return n

    # -- the search -----------------------------------------------------------------
    def run(self, budget):
        if self.state != BUSY:
            return self.state
        h = self.heights
        ranks = self.ranks
        counts = self.counts
        bottoms = self.bottoms
        cand = self.cand
        ncand = self.ncand
        nxt = self.next
        tops = self.tops
        line = self.line
        table = self.table
        enter = self.enter
        p = self.buckets
        use_table = self.use_table
        adj = self.adj
        xs = self.x
        topm = self.topm
        d = self.depth
        top = self.top
        left = self.left
        lo = self.lo
        hi = self.hi
        nodes = self.nodes
        rlimit = self.rlimit
        limit = nodes + budget
        state = BUSY
        while True:
            i = nxt[d]
            if i < ncand[d]:
                if nodes >= limit:
                    break
                if rlimit and nodes - self.rstart >= rlimit:
                    # restart: unwind to the root and reorder with fresh noise
                    while d > 0:
                        d -= 1
                        f = line[d]
                        k = h[f]
                        r = ranks[3 * f + k]
                        h[f] = k + 1
                        counts[r] += 1
                        if k == 0:
                            bottoms[r] += 1
                        if f < _LO_FANS:
                            lo += 1 << (2 * f)
                        else:
                            hi += 1 << (2 * (f - _LO_FANS))
                        t = tops[d]
                        hi += (t - r) << _TOP_SHIFT
                        top = t
                        left += 1
                    rlimit <<= self.rgrow
                    self.rlimit = rlimit
                    self.rstart = nodes
                    self.noise = self.rnoise if self.rgrow else _KNOWN_NOISE
                    self.top = top
                    self._walk_init()
                    self._expand(0)
                    continue
                nxt[d] = i + 1
                f = cand[d * _MOVES + i]
                k = h[f] - 1
                h[f] = k
                r = ranks[3 * f + k]
                b = 1 << f
                topm[r] &= ~b
                if k:
                    topm[ranks[3 * f + k - 1]] |= b
                tops[d] = top
                line[d] = f
                counts[r] -= 1
                if k == 0:
                    bottoms[r] -= 1
                if f < _LO_FANS:
                    lo -= 1 << (2 * f)
                else:
                    hi -= 1 << (2 * (f - _LO_FANS))
                hi += (r - top) << _TOP_SHIFT
                j = adj[top * 13 + r] - 1
                t = xs[j] - 2
                xs[j] = t
                if t <= 5:
                    self._mark(j, t)
                top = r
                left -= 1
                d += 1
                nodes += 1
                if left == 0:
                    state = WON
                    break
                enter[d] = nodes
                if use_table:
                    t = ((hi % p) << 18) | lo
                    i = (t % p) << 1
                    v = (((hi // p) << 18) + t // p) * 7
                    if v < table[i] <= v + 7 or v < table[i + 1] <= v + 7:
                        nxt[d] = 0
                        ncand[d] = 0
                        continue
                self.top = top
                if not self._expand(d):
                    if use_table:
                        _store(table, i, v + 1)
                continue
            # every move at depth d failed: this position is lost
            if d == 0:
                state = NOWIN
                break
            if use_table and ncand[d]:
                t = ((hi % p) << 18) | lo
                _store(table, (t % p) << 1,
                       (((hi // p) << 18) + t // p) * 7 + _size_class(nodes - enter[d]))
            d -= 1
            f = line[d]
            k = h[f]
            r = ranks[3 * f + k]
            h[f] = k + 1
            b = 1 << f
            if k:
                topm[ranks[3 * f + k - 1]] &= ~b
            topm[r] |= b
            counts[r] += 1
            if k == 0:
                bottoms[r] += 1
            if f < _LO_FANS:
                lo += 1 << (2 * f)
            else:
                hi += 1 << (2 * (f - _LO_FANS))
            t = tops[d]
            hi += (t - r) << _TOP_SHIFT
            j = adj[t * 13 + r] - 1
            v = xs[j] + 2
            xs[j] = v
            if v <= 7:
                self._mark(j, v)
            top = t
            left += 1
        self.depth = d
        self.top = top
        self.left = left
        self.lo = lo
        self.hi = hi
        self.nodes = nodes
        if state == WON:
            self.line_len = d
        self.state = state
        return state
