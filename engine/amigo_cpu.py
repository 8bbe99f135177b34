"""CPU seats for Amigo's YoYo, one decision at a time so the screen can show each.

decide(game) returns the action for game.seat(); its argument is cpu.arg, and a play's hand
indices are cpu.sel[0:cpu.arg], so `game.apply(a, cpu.arg, cpu.sel)` carries it out.

GREEDY sheds as many cards as it can this turn. PLANNER also plays series, but weighs each
play: a yellow costs it (yellows are its way to turn the direction later) unless it lengthens
a series or its action lands on the leader; it prefers plays that leave it cards to follow
with, takes cards from the players furthest behind, and never takes anyone's last card
while it can help it.
"""
try:
    from micropython import const
except ImportError:
    const = int

from engine.amigo import A_CHOOSE, A_DRAW, A_KEEP, A_PLAY, P_DIR, P_DRAWN, P_PASS, P_TAKE, P_TURN

_UP = const(0)
_SKIP = const(0)
_TAKE = const(1)
_CHAOS = const(3)

HUMAN = const(0)
GREEDY = const(1)
PLANNER = const(2)


class Cpu:
    def __init__(self, level=PLANNER):
        self.level = level
        self.arg = 0
        # values run 1..20 and a series steps by one, so no play is longer than 20 cards
        self.sel = bytearray(20)
        self._try = bytearray(20)

    def decide(self, g):
        p = g.pending
        s = g.seat
        self.arg = 0
        if p == P_TURN or p == P_DRAWN:
            if self._best_play(g, s, p == P_DRAWN):
                return A_PLAY
            return A_DRAW if p == P_TURN else A_KEEP
        if p == P_DIR:
            self.arg = _UP if self._follow(g, s, g.top() & 31, _UP, 0) >= \
                self._follow(g, s, g.top() & 31, 1, 0) else 1
            return A_CHOOSE
        if p == P_TAKE:
            for i in range(g.counts[s]):
                if g.card(s, i) >> 5 == 2 + _TAKE:
                    self.sel[0] = i
                    if g.check(A_PLAY, 1, self.sel) == 0:
                        self.arg = 1
                        return A_PLAY
            self.arg = self._victim(g, s)
            return A_CHOOSE
        if p == P_PASS:
            self.arg = self._pass(g, s) if self.level == PLANNER else 0
            return A_CHOOSE
        return 0

    def _best_play(self, g, s, drawn):
        best = -1 << 20
        found = 0
        t = self._try
        cnt = g.counts[s]
        for i in range(cnt):
            c = g.card(s, i)
            if drawn and c != g.drawn or i and g.card(s, i - 1) == c or not g.fits(s, c):
                continue
            for d in range(2):
                if c >> 5 < 2 and c >> 5 != d or \
                        c >> 5 >= 2 and d != g.dir and not g.free_dir(c):
                    continue
                n = self._extend(g, s, i, d)
                sc = self._score(g, s, n, d) if self.level == PLANNER else n
                if sc > best:
                    best = sc
                    found = n
                    for j in range(n):
                        self.sel[j] = t[j]
        self.arg = found
        return found

    def _extend(self, g, s, i, d):
        """Longest series from card i running in direction d, into self._try; its length."""
        t = self._try
        t[0] = i
        n = 1
        v = g.card(s, i) & 31
        step = 1 if d == _UP else -1
        cnt = g.counts[s]
        while True:
            v += step
            pick = -1
            for k in range(cnt):
                x = g.card(s, k)
                if x & 31 == v:
                    if x >> 5 == d:
                        pick = k
                        break
                    if x >> 5 >= 2:
                        pick = k
            if pick < 0:
                return n
            t[n] = pick
            n += 1

    def _score(self, g, s, n, d):
        t = self._try
        cnt = g.counts[s]
        if n == cnt:
            return 1 << 16
        sc = 16 * n
        for j in range(n):
            if g.card(s, t[j]) >> 5 >= 2:
                sc -= 12
        last = g.card(s, t[n - 1])
        a = (last >> 5) - 2
        np = g.players
        nxt = (s + 1) % np
        if a == _SKIP or a == _TAKE:
            sc += 14 if nxt == self._leader(g, s) else 2
        elif a == _CHAOS:
            others = 0
            for o in range(np):
                if o != s:
                    others += g.counts[o]
            sc += 4 * ((cnt - n) * (np - 1) - others) // (np - 1)
        return sc + 3 * self._follow(g, s, last & 31, d, n)

    def _follow(self, g, s, v, d, skip):
        """How many of s's blue and red cards, beyond the first `skip` of self._try, would
        fit a pile at value v going direction d."""
        f = 0
        t = self._try
        for k in range(g.counts[s]):
            x = g.card(s, k)
            if x >> 5 >= 2:
                continue
            used = False
            for j in range(skip):
                if t[j] == k:
                    used = True
            if used:
                continue
            w = x & 31
            if w == v or x >> 5 == d and (w > v if d == _UP else w < v):
                f += 1
        return f

    def _leader(self, g, s):
        best = -1
        for o in range(g.players):
            if o != s and (best < 0 or g.counts[o] < g.counts[best]):
                best = o
        return best

    def _victim(self, g, s):
        """Taking a card helps its owner, so take from the fullest hand that survives it;
        GREEDY takes from the first such player clockwise."""
        best = -1
        np = g.players
        for k in range(1, np):
            o = (s + k) % np
            if o == g.victim:
                continue
            safe = g.counts[o] > g.stake
            if best < 0:
                best = o
                bsafe = safe
            elif safe and (not bsafe or self.level == PLANNER and g.counts[o] > g.counts[best]):
                best = o
                bsafe = safe
        return best

    def _pass(self, g, s):
        """The card with fewest neighbours (value one off, same colour or yellow) in hand;
        yellows are kept."""
        best = 0
        low = 1 << 20
        cnt = g.counts[s]
        for i in range(cnt):
            x = g.card(s, i)
            keep = 100 if x >> 5 >= 2 else 0
            for k in range(cnt):
                y = g.card(s, k)
                dv = (y & 31) - (x & 31)
                if (dv == 1 or dv == -1) and (y >> 5 == x >> 5 or y >> 5 >= 2):
                    keep += 10
            if keep < low:
                low = keep
                best = i
        return best
