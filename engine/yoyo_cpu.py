"""CPU seats for Parlett's Yo-yo, one decision at a time so the screen can show each.

One Cpu serves every seat: choose(game) returns the action for the player to move, at the
strength game.kinds gives that seat (or `level`), and game.play() carries it out.

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

from engine.yoyo import LOOKAHEAD, OVER, PLAY

_DEPTH = const(8)
_W = const(17)          # the most legal actions at once: a play from every fan
# A search line runs to the end of the next player's turn: two turns hold at most the 51
# cards, a transfer or announcement each and a stuck each.
_STACK = const(64)
_LV = const(9)          # per-level fields in `lv`: count, next index, stack heights, best
_IDX = const(9)
_SP0 = const(18)        # stack height on entering a level
_SP1 = const(27)        # ... at its choice, once its forced moves are made
_BEST = const(36)       # best value found + 64 (values lie within -52..52)


# The search's work space, allocated once at import: one Cpu serves every seat, and a game
# in progress then holds nothing of the CPU's but the object itself.
_MOVES = bytearray(_W * (_DEPTH + 1))
_LVS = bytearray(5 * _LV)
_STACK_BUF = bytearray(2 * _STACK)      # action, then what retract() needs
_BASE = bytearray(3)                    # cards won by each seat when the search began


class Cpu:
    def __init__(self, budget=150):
        self.budget = budget
        self.moves = _MOVES
        self.lv = _LVS
        self.stack = _STACK_BUF
        self.base = _BASE
        self.sp = 0
        self.nodes = 0
        self.me = 0

    def choose(self, g, level=0):
        out = self.moves
        n = g.legal(out)
        if n == 1 or (level or g.kinds[g.turn]) != LOOKAHEAD:
            return self._quick(g, 0, n)
        self.me = g.turn
        for s in range(3):
            self.base[s] = g.won[s]
        self.nodes = 0
        best = out[0]
        bv = -1
        for i in range(n):
            a = out[i]
            self._push(g, a)
            v = self._value(g)
            self._unwind(g, self.sp - 1)
            if v > bv:
                bv = v
                best = a
        return best

    def _quick(self, g, at, n):
        out = self.moves
        if g.phase == PLAY and out[at] < _W:
            r = (g.need() + (12 if g.down else 1)) % 13
            t = g.tableau
            for i in range(at, at + n):
                f = out[i]
                h = t.heights[f]
                if h >= 2 and t.cards[3 * f + h - 2] >> 2 == r:
                    return f
        return out[at]

    def _push(self, g, a):
        sp = 2 * self.sp
        self.stack[sp] = a
        self.stack[sp + 1] = g.apply(a)
        self.sp += 1
        self.nodes += 1

    def _unwind(self, g, to):
        while self.sp > to:
            self.sp -= 1
            g.retract(self.stack[2 * self.sp], self.stack[2 * self.sp + 1])

    def _value(self, g):
        """Best outcome for self.me from here (+ 64), trying its choices until its turn ends."""
        me = self.me
        f = self.lv
        k = 1
        f[_SP0 + 1] = self.sp
        while True:
            at = _W * k
            n = 0
            while g.phase != OVER and g.turn == me:
                n = g.legal(self.moves, at)
                if n > 1 and k < _DEPTH and self.nodes < self.budget:
                    break
                self._push(g, self._quick(g, at, n))
            if g.phase != OVER and g.turn == me:
                f[k] = n
                f[_IDX + k] = 1
                f[_BEST + k] = 0
                f[_SP1 + k] = self.sp
                self._push(g, self.moves[at])
                k += 1
                f[_SP0 + k] = self.sp
                continue
            v = self._leaf(g)
            # Hand v up until some level still has a choice to try.
            while True:
                self._unwind(g, f[_SP0 + k])
                k -= 1
                if k == 0:
                    return v
                self._unwind(g, f[_SP1 + k])
                if v > f[_BEST + k]:
                    f[_BEST + k] = v
                i = f[_IDX + k]
                if i < f[k]:
                    f[_IDX + k] = i + 1
                    self._push(g, self.moves[_W * k + i])
                    k += 1
                    f[_SP0 + k] = self.sp
                    break
                v = f[_BEST + k]

    def _leaf(self, g):
        """Let the next player run greedily; score what everyone won since the choice."""
        sp = self.sp
        t = g.turn
        at = _W * _DEPTH
        while g.phase != OVER and g.turn == t:
            self._push(g, self._quick(g, at, g.legal(self.moves, at)))
        v = 64
        for s in range(g.players):
            d = g.won[s] - self.base[s]
            v += d if s == self.me else -d
        self._unwind(g, sp)
        return v
