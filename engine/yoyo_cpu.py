"""CPU seats for Parlett's Yo-yo, one decision at a time so the screen can show each.

Cpu(level).choose(game) returns the action for the player to move; game.play() carries it out.

GREEDY plays the card that uncovers the next one in sequence when one does, else the first
that fits, and announces the first direction allowed. LOOKAHEAD tries its choices out to the
end of its own turn (at most _DEPTH choices deep and about `budget` actions in all; past
that it plays greedily), lets the next player run greedily, and takes the line that wins it
the most cards less what the other players win meanwhile: long runs of its own, and runs that
end where the next player cannot start.

The search walks the live game with apply()/retract() and an explicit stack, never recursing,
so it allocates nothing and needs no Python stack depth (CircuitPython's is small and fixed).
"""
try:
    from micropython import const
except ImportError:
    const = int

from engine.tableau import NUM_FANS
from engine.yoyo import LOOKAHEAD, OVER, PLAY

_DEPTH = const(8)
_STACK = const(208)     # above the most actions a whole game can hold
_WORST = const(-1000)


class Cpu:
    def __init__(self, level=LOOKAHEAD, budget=150):
        self.level = level
        self.budget = budget
        self.moves = [bytearray(NUM_FANS) for _ in range(_DEPTH + 1)]
        self.roll = bytearray(NUM_FANS)
        self.cnt = bytearray(_DEPTH + 1)
        self.idx = bytearray(_DEPTH + 1)
        self.sp0 = bytearray(_DEPTH + 1)     # stack height on entering a level
        self.sp1 = bytearray(_DEPTH + 1)     # ... at its choice, once its forced moves are made
        self.best = [0] * (_DEPTH + 1)
        self.acts = bytearray(_STACK)
        self.infos = bytearray(_STACK)
        self.base = bytearray(3)
        self.sp = 0
        self.nodes = 0
        self.me = 0

    def choose(self, g):
        out = self.moves[0]
        n = g.legal(out)
        if n == 1 or self.level != LOOKAHEAD:
            return self._quick(g, out, n)
        self.me = g.turn
        for s in range(3):
            self.base[s] = g.won[s]
        self.nodes = 0
        best = out[0]
        bv = _WORST
        for i in range(n):
            a = out[i]
            self._push(g, a)
            v = self._value(g)
            self._pop(g)
            if v > bv:
                bv = v
                best = a
        return best

    def _quick(self, g, out, n):
        if g.phase == PLAY and out[0] < NUM_FANS:
            r = (g.need() + (12 if g.down else 1)) % 13
            t = g.tableau
            for i in range(n):
                f = out[i]
                h = t.heights[f]
                if h >= 2 and t.cards[3 * f + h - 2] >> 2 == r:
                    return f
        return out[0]

    def _push(self, g, a):
        sp = self.sp
        self.acts[sp] = a
        self.infos[sp] = g.apply(a)
        self.sp = sp + 1
        self.nodes += 1

    def _pop(self, g):
        sp = self.sp - 1
        g.retract(self.acts[sp], self.infos[sp])
        self.sp = sp

    def _unwind(self, g, sp):
        while self.sp > sp:
            self._pop(g)

    def _value(self, g):
        """Best outcome for self.me from here, searching its choices until its turn ends."""
        me = self.me
        lv = 1
        self.sp0[1] = self.sp
        while True:
            out = self.moves[lv]
            n = 0
            while g.phase != OVER and g.turn == me:
                n = g.legal(out)
                if n > 1 and lv < _DEPTH and self.nodes < self.budget:
                    break
                self._push(g, self._quick(g, out, n))
            if g.phase != OVER and g.turn == me:
                self.cnt[lv] = n
                self.idx[lv] = 1
                self.best[lv] = _WORST
                self.sp1[lv] = self.sp
                self._push(g, out[0])
                lv += 1
                self.sp0[lv] = self.sp
                continue
            v = self._leaf(g)
            # Hand v up until some level still has a choice to try.
            while True:
                self._unwind(g, self.sp0[lv])
                lv -= 1
                if lv == 0:
                    return v
                self._unwind(g, self.sp1[lv])
                if v > self.best[lv]:
                    self.best[lv] = v
                i = self.idx[lv]
                if i < self.cnt[lv]:
                    self.idx[lv] = i + 1
                    self._push(g, self.moves[lv][i])
                    lv += 1
                    self.sp0[lv] = self.sp
                    break
                v = self.best[lv]

    def _leaf(self, g):
        """Let the next player run greedily; score what everyone won since the choice."""
        sp = self.sp
        t = g.turn
        out = self.roll
        while g.phase != OVER and g.turn == t:
            self._push(g, self._quick(g, out, g.legal(out)))
        v = 0
        for s in range(g.players):
            d = g.won[s] - self.base[s]
            v += d if s == self.me else -d
        self._unwind(g, sp)
        return v
