"""Amigo's YoYo (Hanno and Wilfried Kuhn): shed a hand onto one discard pile.

A card is one byte, kind << 5 | value: kind 0 blue, 1 red, 2..5 yellow with action kind - 2
(0 skip, 1 take cards, 2 pass left, 3 chaos); value 1..20. Blue is also the number of "up"
and red of "down", so a coloured card's kind is the direction it sets.

The position is plain attributes, read directly by the screens (names in NAMES): pending and
seat say which decision is asked of whom; counts[s] is how many cards seat s holds, its
cards are hands[64 * s:64 * s + counts[s]], kept sorted; draw and pile hold their top last.
Keeping every field a small int is what lets a save be one byte per field (see docs).

check() and apply() take (action, arg, buf); a play's hand indices are buf[0:arg], and
apply() returns 0 when it acted, else a reason code (listed below) having changed nothing.
docs/rules.md gives every reading of the rule sheets.
"""
try:
    from micropython import const
except ImportError:
    const = int

from engine.crc import crc16
from engine.rng import MsRandom

DECK_SIZE = const(64)
_SEATS = const(6)
NONE = const(255)
ESCALATE = const(1)     # option: the escalated take-cards rule
DRAW_ANY = const(2)     # option: drawing is allowed while a card fits ("darf er ... legen")

# decisions asked for (pending)
P_OVER = const(0)
P_TURN = const(1)       # play (A_PLAY) or, when nothing fits, A_DRAW
P_DRAWN = const(2)      # the drawn card fits: A_PLAY starting with it, or A_KEEP
P_DIR = const(3)        # A_CHOOSE 0 up or 1 down
P_TAKE = const(4)       # A_CHOOSE a victim seat (or answer with a take-cards yellow)
P_PASS = const(5)       # A_CHOOSE the hand index this seat passes left

A_PLAY = const(1)
A_DRAW = const(2)
A_KEEP = const(3)
A_CHOOSE = const(4)

# end: how the game ended
WENT_OUT = const(1)
TOOK_LAST = const(2)
PILE_OUT = const(3)

# apply()'s reason codes (ui/yoyo_amigo/play.py words them for the player, with what would fit):
# 1 game over, 2 not asked now, 3 no such card, 4 card chosen twice, 5 does not fit,
# 6 series must step by 1, 7 blue runs up and red down, 8 against the direction,
# 9 must play, not draw, 10 drawn card first, 11 choose another player, 12 up 0 or down 1,
# 13 answer with take-cards, 14 no card chosen. Kept as a comment: the words would cost the
# rules' heap budget on every board.


# Yellow action by value & 3, four of each over 3..18. The real split is unpublished
# (assumed); Beispiel 3 fixes two cards: yellow 14 takes cards, yellow 16 skips.
def _deck():
    d = bytearray(DECK_SIZE)
    k = 0
    for kind in range(2):
        for v in range(1, 25):
            d[k] = kind << 5 | (v if v <= 20 else (1, 2, 19, 20)[v - 21])
            k += 1
    for v in range(3, 19):
        d[k] = (2 + b"\x00\x02\x01\x03"[v & 3]) << 5 | v
        k += 1
    return bytes(d)


# Blue and red 1..20 with a second 1, 2, 19 and 20 each; yellow 3..18 once each.
DECK = _deck()
del _deck       # run once: its code need not stay on the heap

# One save byte each, in this order.
NAMES = ("players", "options", "game", "starter", "turn", "pending", "seat", "dir", "owner",
         "exhausted", "stake", "takes", "victim", "actor", "drawn", "last_n", "winner", "end",
         "pact", "taken", "draw_len", "pile_len")
_NF = const(22)
_SAVE_SIZE = const(129)  # 3 + _NF + 3 * 6 + 4 * 2 + 6 * 2 + DECK_SIZE + 2
# Each field's largest value (NAMES order); 254: a seat in play, 255: one or NONE.
_TOP = b"\x06\x03\x0b\xfe\xfe\x05\xfe\x01\xff\x02\x40\x02\xff\xfe\xaf\x40\xff\x03\x03\xaf\x40\x40"


class SaveError(ValueError):
    pass


class Amigo:
    def __init__(self):
        for f in NAMES:
            setattr(self, f, 0)
        self.counts = bytearray(_SEATS)
        self.passes = bytearray(_SEATS)
        self.kinds = bytearray(_SEATS)      # human or CPU strength, kept for the screens
        self.hands = bytearray(_SEATS * DECK_SIZE)
        self.draw = bytearray(DECK_SIZE)
        self.pile = bytearray(DECK_SIZE)
        self.tmp = bytearray(DECK_SIZE)
        self.scores = [0] * _SEATS
        self.rng = MsRandom()
        self.seed = 0

    # -- match flow ---------------------------------------------------------------------
    def new_match(self, players, seed, options=0, kinds=b""):
        """Game 1 of 2 * players; seat 0 starts it (the dealer is the last seat)."""
        if not 2 <= players <= _SEATS:
            raise ValueError("2 to 6 players")
        self.players = players
        self.options = options
        self.game = 0
        for i in range(_SEATS):
            self.kinds[i] = kinds[i] if i < len(kinds) else 0
            self.scores[i] = 0
        self.seed = seed & 0x3FFFFFFF
        self._deal(0)

    def next_game(self):
        """Deal the next game: the lowest total starts, ties going to the first of them
        clockwise after the previous starter."""
        if not self.end or self.match_over():
            raise ValueError("no next game")
        self.game += 1
        n = self.players
        best = -1
        for k in range(1, n + 1):
            s = (self.starter + k) % n
            if best < 0 or self.scores[s] < self.scores[best]:
                best = s
        self._deal(best)

    def _deal(self, start):
        for i in range(4, _NF):
            setattr(self, NAMES[i], 0)
        self.owner = self.winner = self.victim = NONE
        self.starter = start
        n = self.players
        self.rng.seed((self.seed + self.game * 40503) & 0x3FFFFFFF)
        d = self.draw
        for i in range(DECK_SIZE):
            d[i] = DECK[i]
        self.rng.shuffle(d)
        for i in range(_SEATS):
            self.counts[i] = 0
        k = DECK_SIZE
        for _ in range(7):
            for j in range(n):
                k -= 1
                self._add((start + j) % n, d[k])
        self.draw_len = k
        self._turn(start)

    def match_over(self):
        return self.end != 0 and self.game + 1 >= 2 * self.players

    # -- questions ----------------------------------------------------------------------
    def top(self):
        """Top card of the discards, 0 while the pile is empty."""
        return self.pile[self.pile_len - 1] if self.pile_len else 0

    def card(self, s, i):
        return self.hands[s * DECK_SIZE + i]

    def points(self, s):
        """This game's points once it is over: +5 for the winner, -1 per card held."""
        return 5 if s == self.winner else -self.counts[s]

    def call(self, out):
        """Values of the last play into out, first card first; returns how many. With dir
        they make the call spoken at the table, "13, 14, 15, 16 up"; the screens spell it out,
        as text here would cost the rules' heap budget on every board."""
        n = min(self.last_n, self.pile_len)
        for i in range(n):
            out[i] = self.pile[self.pile_len - n + i] & 31
        return n

    def free_dir(self, c):
        """True when yellow c, played now, lets its player choose the direction."""
        t = self.top()
        return t == 0 or t >> 5 >= 2 or t & 31 == c & 31

    def fits(self, s, c):
        """Could seat s play card c on its own now?"""
        t = self.top()
        k = c >> 5
        if t == 0 or self.owner == s or k >= 2 or c & 31 == t & 31:
            return True
        if k != self.dir:
            return False
        return c & 31 > t & 31 if k == 0 else c & 31 < t & 31

    def can_play(self, s):
        base = s * DECK_SIZE
        for i in range(base, base + self.counts[s]):
            if self.fits(s, self.hands[i]):
                return True
        return False

    # -- decisions ----------------------------------------------------------------------
    def check(self, a, arg=0, buf=None):
        p = self.pending
        s = self.seat
        if p == P_OVER:
            return 1
        if a == A_PLAY:
            if p == P_TURN or p == P_DRAWN:
                return self._check_play(s, arg, buf, p == P_DRAWN)
            if p != P_TAKE or not self.options & ESCALATE or self.victim != NONE:
                return 2
            if arg != 1:
                return 13
            if buf[0] >= self.counts[s]:
                return 3
            return 0 if self.card(s, buf[0]) >> 5 == 3 else 13
        if a == A_DRAW:
            if p != P_TURN:
                return 2
            return 9 if not self.options & DRAW_ANY and self.can_play(s) else 0
        if a == A_KEEP:
            return 0 if p == P_DRAWN else 2
        if a != A_CHOOSE or p == P_TURN or p == P_DRAWN:
            return 2
        if p == P_DIR:
            return 0 if arg == 0 or arg == 1 else 12
        if p == P_TAKE:
            return 0 if 0 <= arg < self.players and arg != s and arg != self.victim else 11
        return 0 if 0 <= arg < self.counts[s] else 3

    def _check_play(self, s, n, buf, drawn):
        cnt = self.counts[s]
        if n < 1:
            return 14
        if n > cnt:
            return 3
        for j in range(n):
            if buf[j] >= cnt:
                return 3
            for k in range(j):
                if buf[k] == buf[j]:
                    return 4
        c = self.card(s, buf[0])
        if drawn and c != self.drawn:
            return 10
        if not self.fits(s, c):
            return 5
        if n == 1:
            return 0
        step = (self.card(s, buf[1]) & 31) - (c & 31)
        if step != 1 and step != -1:
            return 6
        d = 0 if step == 1 else 1
        v = (c & 31) - step
        for j in range(n):
            x = self.card(s, buf[j])
            if (x & 31) - v != step:
                return 6
            v = x & 31
            if x >> 5 < 2 and x >> 5 != d:
                return 7
        if c >> 5 >= 2 and d != self.dir and not self.free_dir(c):
            return 8
        return 0

    def apply(self, a, arg=0, buf=None):
        code = self.check(a, arg, buf)
        if code:
            return code
        s = self.seat
        n = self.players
        if a == A_PLAY:
            self._play(s, arg, buf)
        elif a == A_DRAW:
            self._draw(s)
        elif a == A_KEEP:
            self._turn((s + 1) % n)
        elif self.pending == P_DIR:
            self.dir = arg
            self._act(s, self.pact)
        elif self.pending == P_TAKE:
            self._take(s, arg)
        else:
            self.passes[s] = arg
            s = (s + 1) % n
            if s == self.actor:
                self._pass_left()
            else:
                self.seat = s
        return 0

    # -- carrying them out ----------------------------------------------------------------
    def _turn(self, s):
        self.turn = self.seat = s
        self.pending = P_TURN

    def _add(self, s, c):
        h = self.hands
        base = s * DECK_SIZE
        i = base + self.counts[s]
        while i > base and h[i - 1] > c:
            h[i] = h[i - 1]
            i -= 1
        h[i] = c
        self.counts[s] += 1

    def _remove(self, s, i):
        h = self.hands
        i += s * DECK_SIZE
        c = h[i]
        for j in range(i, s * DECK_SIZE + self.counts[s] - 1):
            h[j] = h[j + 1]
        self.counts[s] -= 1
        return c

    def _end(self, winner, how):
        self.winner = winner
        self.end = how
        self.pending = P_OVER
        for s in range(self.players):
            self.scores[s] += self.points(s)

    def _play(self, s, n, buf):
        h = self.hands
        pile = self.pile
        base = s * DECK_SIZE
        c = h[base + buf[0]]
        choose = n == 1 and c >> 5 >= 2 and self.free_dir(c)
        self.stake = self.stake + 1 if self.pending == P_TAKE else 1
        k = self.pile_len
        for j in range(n):
            pile[k + j] = h[base + buf[j]]
            h[base + buf[j]] = NONE
        k += n
        self.pile_len = k
        j = base
        for i in range(base, base + self.counts[s]):
            if h[i] != NONE:
                h[j] = h[i]
                j += 1
        self.counts[s] = j - base
        self.last_n = n
        self.owner = s
        c = pile[k - 1]
        if n > 1:
            self.dir = 0 if c & 31 > pile[k - 2] & 31 else 1
        elif c >> 5 < 2:
            self.dir = c >> 5
        if j == base:
            self._end(s, WENT_OUT)
        elif choose:
            self.pact = (c >> 5) - 2
            self.pending = P_DIR
        else:
            self._act(s, (c >> 5) - 2 if c >> 5 >= 2 else NONE)

    def _act(self, s, a):
        n = self.players
        if a == 0:
            self._turn((s + 2) % n)
            return
        if a == 3:
            self._chaos(s)
        if a == 1:
            self.takes = 1 if n == 2 else 2
            self.victim = NONE
            self.seat = (s + 1) % n
            self.pending = P_TAKE
        elif a == 2:
            self.actor = s
            self.pending = P_PASS
        else:
            self._turn((s + 1) % n)

    def _draw(self, s):
        k = self.draw_len - 1
        c = self.drawn = self.draw[k]
        self.draw_len = k
        self._add(s, c)
        if k == 0:
            self.exhausted += 1
            if self.exhausted < 2:
                # Play has begun whenever anyone draws, so the discards have a top to keep.
                m = self.pile_len - 1
                for i in range(m):
                    self.draw[i] = self.pile[i]
                self.pile[0] = self.pile[m]
                self.pile_len = 1
                self.rng.shuffle(self.draw, m)
                self.draw_len = m
            if self.draw_len == 0:
                self._end(NONE, PILE_OUT)
                return
        if self.fits(s, c):
            self.pending = P_DRAWN
        else:
            self._turn((s + 1) % self.players)

    def _take(self, s, v):
        for _ in range(self.stake):
            c = self.taken = self._remove(v, self.rng.below(self.counts[v]))
            self._add(s, c)
            if self.counts[v] == 0:
                self._end(v, TOOK_LAST)
                return
        self.victim = v
        self.takes -= 1
        if self.takes == 0:
            self._turn(s)

    def _pass_left(self):
        n = self.players
        t = self.tmp
        for s in range(n):
            t[s] = self._remove(s, self.passes[s])
        for s in range(n):
            self._add((s + 1) % n, t[s])
        self._turn((self.actor + 1) % n)

    def _chaos(self, s):
        n = self.players
        t = self.tmp
        k = 0
        for p in range(n):
            for i in range(self.counts[p]):
                t[k] = self.card(p, i)
                k += 1
            self.counts[p] = 0
        self.rng.shuffle(t, k)
        j = k - k % n
        for i in range(j):
            self._add((s + 1 + i) % n, t[i])
        # the surplus goes under the draw pile
        d = self.draw
        m = self.draw_len
        for i in range(m - 1, -1, -1):
            d[i + k - j] = d[i]
        for i in range(k - j):
            d[i] = t[j + i]
        self.draw_len = m + k - j

    # -- saving -------------------------------------------------------------------------
    def save(self, out=None):
        """The match as bytes; or into out, a bytearray of its size, allocating nothing (the
        table keeps one such copy to take back a person's action within their turn)."""
        if out is None:
            return bytes(self.save(bytearray(_SAVE_SIZE)))
        out[0] = 89
        out[1] = 89
        out[2] = 1
        for i in range(_NF):
            out[3 + i] = getattr(self, NAMES[i])
        k = 3 + _NF
        for i in range(6):
            out[k + i] = self.counts[i]
            out[k + 6 + i] = self.passes[i]
            out[k + 12 + i] = self.kinds[i]
        k += 18
        r = self.rng
        for i in range(10):
            # one by one: a list of them would be made at every action
            x = self.seed >> 15 if i == 0 else self.seed & 0x7FFF if i == 1 else \
                r._lo if i == 2 else r._hi if i == 3 else self.scores[i - 4]
            out[k] = (x >> 8) & 0xFF
            out[k + 1] = x & 0xFF
            k += 2
        for i in range(self.draw_len):
            out[k + i] = self.draw[i]
        k += self.draw_len
        for i in range(self.pile_len):
            out[k + i] = self.pile[i]
        k += self.pile_len
        h = self.hands
        for s in range(self.players):
            for i in range(self.counts[s]):
                out[k + i] = h[s * DECK_SIZE + i]
            k += self.counts[s]
        c = crc16(out, 0xFFFF, 0, _SAVE_SIZE - 2)
        out[_SAVE_SIZE - 2] = c >> 8
        out[_SAVE_SIZE - 1] = c & 0xFF
        return out

    def restore(self, data):
        """Load a save; on any fault raise SaveError and leave this match untouched."""
        # One message for wrong size, name and format: any of them means another file.
        if len(data) != _SAVE_SIZE or data[0:3] != b"YY\x01":
            raise SaveError("not a YoYo save of format 1")
        if crc16(data, 0xFFFF, 0, _SAVE_SIZE - 2) != (data[-2] << 8) | data[-1]:
            raise SaveError("save is corrupt (checksum)")
        n = data[3]
        k = 3 + _NF
        # Over exactly when it says how it ended, with a winner unless the draw pile ran out;
        # while not over, every seat in play holds a card and the draw pile one, and a take
        # has someone left to take from.
        p = data[8]
        bad = n < 2 or data[5] >= 2 * n or (p == P_OVER) != (data[20] != 0) or (
            data[19] == NONE) != (data[20] % 3 == 0) or p != P_OVER and data[23] == 0 or (
            p == P_TAKE and (data[14] == 0 or data[15] == data[9] or data[15] < NONE and n == 2))
        for i in range(_NF):
            v = data[3 + i]
            t = _TOP[i]
            if v > (t if t < 254 else n - 1) and (t < 255 or v != NONE):
                bad = True
        total = data[23] + data[24]
        for s in range(_SEATS):
            c = data[k + s]
            total += c
            if (c if s >= n else c == 0 and p != P_OVER) or data[k + 12 + s] > 3:
                bad = True
        seen = bytearray(256)
        for c in DECK:
            seen[c] += 1
        i = _SAVE_SIZE - 2 - DECK_SIZE
        for c in data[i:_SAVE_SIZE - 2]:
            if seen[c]:
                seen[c] -= 1
            else:
                bad = True
        # hands run up; the seats that chose a card to pass left chose one they hold
        i += data[23] + data[24]
        for s in range(0 if bad or total != DECK_SIZE else n):
            for j in range(i + 1, i + data[k + s]):
                if data[j - 1] > data[j]:
                    bad = True
            i += data[k + s]
        s = data[16]
        while p == P_PASS and not bad and s != data[9]:
            bad = data[k + 6 + s] >= data[k + s]
            s = (s + 1) % n
        w = []
        for i in range(k + 18, k + 38, 2):
            w.append((data[i] << 8) | data[i + 1])
        if bad or total != DECK_SIZE or w[0] | w[1] | w[2] > 0x7FFF:
            raise SaveError("save holds an impossible position")
        for i in range(_NF):
            setattr(self, NAMES[i], data[3 + i])
        for a in (self.counts, self.passes, self.kinds):
            a[:] = data[k:k + 6]
            k += 6
        self.seed = w[0] << 15 | w[1]
        self.rng._lo = w[2]
        self.rng._hi = w[3]
        for s in range(_SEATS):
            self.scores[s] = w[4 + s] - (w[4 + s] >> 15 << 16)
        k += 20
        self.draw[:self.draw_len] = data[k:k + self.draw_len]
        k += self.draw_len
        self.pile[:self.pile_len] = data[k:k + self.pile_len]
        k += self.pile_len
        for s in range(n):
            m = self.counts[s]
            self.hands[s * DECK_SIZE:s * DECK_SIZE + m] = data[k:k + m]
            k += m
