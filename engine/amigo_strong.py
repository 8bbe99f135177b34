"""The strong YoYo CPU seat: try each move in sampled deals and keep the best on average.

It sees what its seat may see: its own hand, the discards, how many cards each hand and the
draw pile hold, and the public state (direction, whose card is on top, pending choices). The
cards it cannot see (everything outside its hand and the discards) are dealt at random into
the other hands and the draw pile, counts kept ("a world"); each candidate move is applied in
a scratch game and played on by greedy seats for a few turns; the score is this seat's
standing against the best other seat. Every candidate meets the same worlds, and the best
total wins. Nothing here reads another hand, the draw pile's order, the game's generator or
its seed.

It thinks in slices, so a screen can stay live:

    cpu = Strong()                  # buffers made once
    cpu.start(g)                    # a decision for g.seat
    while not cpu.think(g, 8):      # 8 rollouts a slice; True once the budget is spent
        ...                         # keys, drawing
    a = cpu.move()                  # then g.apply(a, cpu.arg, cpu.sel)

decide(g) does all three, like engine.amigo_cpu.Cpu. A decision costs `rollouts` rollouts
(ROLLOUTS by default: what fits 2 s on a PyBadge, see docs/rules.md); with one legal move
start() has the answer and think() returns True at once.
"""
try:
    from micropython import const
except ImportError:
    const = int

from engine.amigo import (
    A_CHOOSE,
    A_DRAW,
    A_KEEP,
    A_PLAY,
    DECK,
    DECK_SIZE,
    NAMES,
    P_DIR,
    P_DRAWN,
    P_OVER,
    P_PASS,
    P_TAKE,
    P_TURN,
    Amigo,
)
from engine.amigo_cpu import GREEDY, Cpu
from engine.amigo_rollout import do, greedy
from engine.rng import MsRandom

STRONG = const(3)       # the seat kind, after amigo_cpu's HUMAN, GREEDY, PLANNER
# Rollouts a decision by table size (2..6 players): what fits 20 ms of CPU time under cpy32
# in all but about 1% of decisions, 2 s on a PyBadge at 100x (tools/bench/yoyo_amigo.py
# --clock measures it).
ROLLOUTS = b"\x00\x00\xb4\x96\x8c\x82\x78"   # 180, 150, 140, 130, 120
_DEPTH = const(16)       # decisions a rollout plays after the candidate before scoring
_MAXC = const(16)       # candidate moves considered
_SEL = const(20)        # a series is at most 20 cards
_SEATS = const(6)
_SURE = const(1 << 20)  # the prior of a candidate that is always kept
_DRAWN = const(14)      # engine.amigo.NAMES.index("drawn")
_TAKEN = const(19)      # ... ("taken")


class Strong:
    def __init__(self, rollouts=0, depth=_DEPTH, seed=1):
        self.budget = rollouts              # per decision; 0: ROLLOUTS for the table size
        self.rollouts = 0
        self.depth = depth
        self.arg = 0
        self.sel = bytearray(_SEL)
        self.sim = Amigo()
        self.fast = Cpu(GREEDY)             # every seat's policy inside a rollout
        self.rng = MsRandom(seed)           # the worlds; never the game's own generator
        self.world = MsRandom()
        self.unseen = bytearray(DECK_SIZE)
        self.wbuf = bytearray(DECK_SIZE)    # this round's world: draw pile, then hands
        self.wpass = bytearray(_SEATS)      # ... and the other seats' face-down passes
        self.rseed = 0
        self.nunseen = 0
        self.ca = bytearray(_MAXC)          # candidate action
        self.cn = bytearray(_MAXC)          # its arg (series length, choice)
        self.cs = bytearray(_MAXC * _SEL)   # a play's hand indices
        self.total = [0] * _MAXC            # sum of rollout scores
        self.tries = [0] * _MAXC            # rollouts
        self.order = bytearray(_MAXC)       # candidates, those still in the race first
        self.na = 0                         # still in the race
        self.pos = 0                        # next in order this round
        self.phase = self.cut = 0
        self.k = 0                          # candidates
        self.done = 0                       # rollouts so far this decision
        self.seat = 0
        self.wseed = 0
        self.pub = bytearray(len(NAMES))       # the position's fields, as start() saw them
        self.pfresh = True                  # the scratch game's discards need a copy

    # -- the slice API -------------------------------------------------------------------
    def start(self, g):
        """Begin a decision for g.seat: list the candidates and the cards it cannot see."""
        s = self.seat = g.seat
        self.rollouts = self.budget or ROLLOUTS[g.players]
        self.k = 0
        self.done = 0
        self.pos = 0
        for j in range(_MAXC):
            self.tries[j] = 0
            self.order[j] = j
        p = g.pending
        if p == P_TURN or p == P_DRAWN:
            self._plays(g, s, p == P_DRAWN)
            # with more plays than slots, these still take one (a play's prior is lower)
            if p == P_TURN and g.check(A_DRAW) == 0:    # nothing fits, or option DRAW_ANY
                self._add(A_DRAW, 0, _SURE)
            if p == P_DRAWN:
                self._add(A_KEEP, 0, _SURE)
        elif p == P_DIR:
            self._add(A_CHOOSE, 0, _SURE)
            self._add(A_CHOOSE, 1, _SURE)
        elif p == P_TAKE:
            for v in range(g.players):
                if g.check(A_CHOOSE, v) == 0:
                    self._add(A_CHOOSE, v, _SURE)
            for i in range(g.counts[s]):
                if g.card(s, i) >> 5 == 3 and (i == 0 or g.card(s, i - 1) != g.card(s, i)):
                    self.sel[0] = i
                    if g.check(A_PLAY, 1, self.sel) == 0:
                        j = self._add(A_PLAY, 1, _SURE)
                        if j >= 0:
                            self.cs[j * _SEL] = i
        elif p == P_PASS:
            # a big hand has more cards than slots: keep those least tied to the rest (CPU
            # hard's measure: neighbours by one in value, same colour or yellow; yellows kept)
            n = g.counts[s]
            for i in range(n):
                x = g.card(s, i)
                if i and g.card(s, i - 1) == x:
                    continue
                tied = 100 if x >> 5 >= 2 else 0
                for k in range(n):
                    y = g.card(s, k)
                    if (y & 31) - (x & 31) in (1, -1) and (y >> 5 == x >> 5 or y >> 5 >= 2):
                        tied += 10
                self._add(A_CHOOSE, i, -tied)
        for j in range(_MAXC):
            self.total[j] = 0
        # the cards this seat cannot see: the deck less its hand and the discards
        seen = self.sim.tmp
        for i in range(DECK_SIZE):
            seen[i] = 0
        base = s * DECK_SIZE
        for i in range(g.counts[s]):
            self._mark(seen, g.hands[base + i])
        for i in range(g.pile_len):
            self._mark(seen, g.pile[i])
        m = 0
        for i in range(DECK_SIZE):
            if not seen[i]:
                self.unseen[m] = DECK[i]
                m += 1
        self.nunseen = m
        # the fields of the position this seat may see (not the last card taken, nor a card
        # drawn by another seat)
        pub = self.pub
        for i in range(len(NAMES)):
            pub[i] = getattr(g, NAMES[i])
        pub[_TAKEN] = 0
        if p != P_DRAWN:
            pub[_DRAWN] = 0
        self.pfresh = True
        # sequential halving: log2(k) phases, each an equal share of the rollouts
        self.na = k = self.k
        phases = 0
        while k > 1:
            phases += 1
            k = (k + 1) // 2
        self.phase = self.rollouts // max(1, phases)
        self.cut = self.phase

    def think(self, g, n):
        """Up to n more rollouts; True once the decision is ready (move() may be called)."""
        order = self.order
        while n > 0 and not self.ready():
            if self.pos == 0:
                self.wseed = (self.rng.rand() << 15 | self.rng.rand()) & 0x3FFFFFFF
            j = order[self.pos]
            self.total[j] += self._rollout(g, j)
            self.tries[j] += 1
            self.done += 1
            self.pos += 1
            n -= 1
            if self.pos == self.na:
                self.pos = 0
                if self.done >= self.cut and self.na > 2:
                    self._halve()
        return self.ready()

    def _halve(self):
        """Keep the better half of the candidates still in the race (each has met the same
        worlds): sequential halving spends the rest of the budget on them."""
        order = self.order
        t = self.total
        na = self.na
        for i in range(1, na):
            j = order[i]
            while i > 0 and t[order[i - 1]] < t[j]:
                order[i] = order[i - 1]
                i -= 1
            order[i] = j
        self.na = (na + 1) // 2
        self.cut = self.done + self.phase

    def ready(self):
        return self.k <= 1 or self.pos == 0 and self.done >= self.rollouts

    def move(self):
        """The best candidate still in the race (best so far, if called before ready());
        its arg in self.arg, a play's indices in self.sel."""
        order = self.order
        tries = self.tries
        t = self.total
        best = order[0]
        for i in range(1, self.na):
            j = order[i]
            if t[j] * tries[best] > t[best] * tries[j]:
                best = j
        self.arg = self.cn[best]
        for i in range(self.arg if self.ca[best] == A_PLAY else 0):
            self.sel[i] = self.cs[best * _SEL + i]
        return self.ca[best]

    def decide(self, g):
        self.start(g)
        while not self.think(g, 64):
            pass
        return self.move()

    # -- candidates ----------------------------------------------------------------------
    def _add(self, a, arg, prior):
        """A slot for a candidate whose prior (a quick guess at its worth) is `prior`: the
        next free one, else, all _MAXC taken, the one with the lowest prior if this one beats
        it. Returns the slot or -1 (left out). The priors sit in self.total until start()
        clears it."""
        pr = self.total
        j = self.k
        if j < _MAXC:
            self.k = j + 1
        else:
            j = 0
            for i in range(1, _MAXC):
                if pr[i] < pr[j]:
                    j = i
            if prior <= pr[j]:
                return -1
        pr[j] = prior
        self.ca[j] = a
        self.cn[j] = arg
        return j

    def _plays(self, g, s, drawn):
        """Each distinct card that fits, alone and as the longest series each way it may run
        (the greedy seat's series). A big hand has more of them than slots: the ones CPU hard
        rates best are kept."""
        f = self.fast
        t = f._try
        for i in range(g.counts[s]):
            c = g.card(s, i)
            if drawn and c != g.drawn or i and g.card(s, i - 1) == c or not g.fits(s, c):
                continue
            t[0] = i
            j = self._add(A_PLAY, 1, f._score(g, s, 1, c >> 5 if c >> 5 < 2 else g.dir))
            if j >= 0:
                self.cs[j * _SEL] = i
            for d in range(2):
                if c >> 5 < 2 and c >> 5 != d or \
                        c >> 5 >= 2 and d != g.dir and not g.free_dir(c):
                    continue
                n = f._extend(g, s, i, d)
                if n > 1:
                    j = self._add(A_PLAY, n, f._score(g, s, n, d))
                    if j >= 0:
                        b = j * _SEL
                        for q in range(n):
                            self.cs[b + q] = t[q]

    @staticmethod
    def _mark(seen, c):
        # the first unmarked copy of c in DECK
        for i in range(DECK_SIZE):
            if DECK[i] == c and not seen[i]:
                seen[i] = 1
                return

    # -- one rollout -----------------------------------------------------------------------
    def _deal(self, g):
        """Copy g's public state into the scratch game and deal the unseen cards at random,
        the same way for every candidate of this round."""
        h = self.sim
        # rollouts only lay cards above the discards, unless a refill took them
        if self.pfresh or h.exhausted != g.exhausted:
            for i in range(g.pile_len):
                h.pile[i] = g.pile[i]
            self.pfresh = False
        pub = self.pub
        for i in range(len(NAMES)):
            setattr(h, NAMES[i], pub[i])
        np = g.players
        for o in range(_SEATS):
            h.counts[o] = 0
            h.scores[o] = g.scores[o]
        s = self.seat
        base = s * DECK_SIZE
        for i in range(g.counts[s]):
            h.hands[base + i] = g.hands[base + i]
        h.counts[s] = g.counts[s]
        u = self.wbuf
        m = self.nunseen
        if self.pos == 0:
            # a new world: deal the unseen cards at random, then keep the deal in wbuf
            w = self.world
            w.seed(self.wseed)
            for i in range(m):
                u[i] = self.unseen[i]
            w.shuffle(u, m)
            for o in range(np):
                if o != s:
                    for _ in range(g.counts[o]):
                        m -= 1
                        h._add(o, u[m])
            self.rseed = w.rand() << 15 | w.rand()
            # while cards are being passed left, those who chose did so face down: a guess
            # at each (outside P_PASS every seat chooses again before the passes are used)
            for o in range(np):
                self.wpass[o] = w.below(g.counts[o]) if g.pending == P_PASS and o != s else 0
            k = m
            for o in range(np):
                if o != s:
                    b = o * DECK_SIZE
                    for i in range(g.counts[o]):
                        u[k] = h.hands[b + i]
                        k += 1
        else:
            k = g.draw_len
            for o in range(np):
                if o != s:
                    b = o * DECK_SIZE
                    for i in range(g.counts[o]):
                        h.hands[b + i] = u[k]
                        k += 1
                    h.counts[o] = g.counts[o]
            m = g.draw_len
        for o in range(np):
            h.passes[o] = self.wpass[o]
        # u[0:m] is the draw pile, in a random order
        d = h.draw
        for i in range(m):
            d[i] = u[i]
        h.draw_len = m
        h.rng.seed(self.rseed)

    def _rollout(self, g, j):
        h = self.sim
        self._deal(g)
        a = self.ca[j]
        sel = self.sel
        if a == A_PLAY:
            b = j * _SEL
            for i in range(self.cn[j]):
                sel[i] = self.cs[b + i]
        do(h, a, self.cn[j], sel)
        f = self.fast
        left = self.depth
        while h.pending != P_OVER and left > 0:
            a = greedy(h, f, sel)
            do(h, a, f.arg, sel)
            left -= 1
        return self._score(h)

    def _score(self, h):
        """This seat's match total less the best other seat's, counting a hand still held
        as its minus points."""
        s = self.seat
        mine = h.scores[s] if h.end else h.scores[s] - h.counts[s]
        best = -1 << 20
        for o in range(h.players):
            if o != s:
                v = h.scores[o] if h.end else h.scores[o] - h.counts[o]
                if v > best:
                    best = v
        return mine - best
