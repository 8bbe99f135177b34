"""Amigo's YoYo (Hanno and Wilfried Kuhn): shed a hand onto one discard pile.

A card is one byte, kind << 5 | value: kind 0 blue, 1 red, 2..5 yellow carrying action
kind - 2; value 1..20. Blue is also the index of "up" and red of "down", so a coloured
card's kind is the direction it sets. Byte 0 is no card.

Every small-int fact of the position lives in one bytearray `st` (indices below), so a save
is that array, the scores, the generator and the 64 cards. Hands are kept sorted, 64 slots
per seat; piles are bytearrays with their top last.

The engine asks for one decision at a time: pending() says what kind, seat() says whose.
check() and apply() take (action, arg, buf): a play's hand indices are buf[0:arg].
apply() returns 0 when it acted, else a reason code (REASONS) and nothing changed.
See docs/rules_amigo.md for every reading of the rule sheets.
"""
try:
    from micropython import const
except ImportError:
    const = int

from engine.crc import crc16
from engine.rng import MsRandom

DECK_SIZE = const(64)
HAND = const(7)
MAX_SEATS = const(6)
NONE = const(255)

BLUE = const(0)
RED = const(1)
UP = const(0)
DOWN = const(1)

SKIP = const(0)
TAKE = const(1)
PASS = const(2)
CHAOS = const(3)

# options
ESCALATE = const(1)

# pending decisions
P_OVER = const(0)
P_TURN = const(1)
P_DRAWN = const(2)
P_DIR = const(3)
P_TAKE = const(4)
P_PASS = const(5)

# actions
A_PLAY = const(1)
A_DRAW = const(2)
A_KEEP = const(3)
A_DIR = const(4)
A_TAKE = const(5)
A_PASS = const(6)

# how a game ended
WENT_OUT = const(1)
TOOK_LAST = const(2)
PILE_OUT = const(3)

OK = const(0)
REASONS = (
    "",
    "the game is over",
    "that is not the decision asked for",
    "no such card in the hand",
    "a card is chosen twice",
    "that card does not fit the discard pile",
    "a series runs by one in value",
    "a series keeps to one colour, and blue runs up, red down",
    "that series runs against the direction",
    "a player who can play may not draw",
    "only the drawn card may start the play",
    "choose another player, not one already chosen",
    "the direction is up (0) or down (1)",
    "only a take-cards yellow may answer take-cards",
    "no card chosen",
)

# Yellow action by value & 3; 4 of each over 3..18. The real split is unpublished (assumed);
# Beispiel 3 fixes two cards: yellow 14 takes cards, yellow 16 skips.
YELLOW_ACTION = bytes((SKIP, PASS, TAKE, CHAOS))


def _deck():
    d = bytearray(DECK_SIZE)
    k = 0
    for kind in range(2):
        for v in range(1, 21):
            d[k] = kind << 5 | v
            k += 1
        for v in (1, 2, 19, 20):
            d[k] = kind << 5 | v
            k += 1
    for v in range(3, 19):
        d[k] = (2 + YELLOW_ACTION[v & 3]) << 5 | v
        k += 1
    return bytes(d)


DECK = _deck()


def value(c):
    return c & 31


def colour(c):
    """0 blue, 1 red, 2 yellow."""
    k = c >> 5
    return k if k < 2 else 2


def action(c):
    """The yellow card's action, or -1 for blue and red."""
    return (c >> 5) - 2 if c >> 5 >= 2 else -1


def name(c):
    return "BRYYYY"[c >> 5] + str(c & 31)


_NP = const(0)
_OPT = const(1)
_GAME = const(2)
_START = const(3)
_TURN = const(4)
_PEND = const(5)
_PSEAT = const(6)
_DIR = const(7)
_OWNER = const(8)       # seat whose play is on top of the discards
_EXH = const(9)         # times the draw pile ran out
_STAKE = const(10)      # cards taken from each victim
_TAKES = const(11)      # victims still to choose
_VIC = const(12)        # victim chosen first
_ACTOR = const(13)      # seat that played the pass card
_DRAWN = const(14)
_LASTN = const(15)      # cards in the last play
_LASTS = const(16)      # seat of the last play
_WIN = const(17)
_END = const(18)
_PACT = const(19)       # action waiting for a direction choice
_TAKEN = const(20)      # last card taken from a victim
_DLEN = const(21)
_PLEN = const(22)
_PASS0 = const(23)      # hand index each seat passes
_KIND0 = const(29)      # human or CPU strength per seat, for the UI
_COUNT0 = const(35)
_NST = const(41)
_CLEAR = const(29)      # st[_TURN:_CLEAR] is per game

SAVE_MAGIC = b"YY"
SAVE_VERSION = const(1)
_S_SEED = const(3)
_S_RNG = const(7)
_S_SCORE = const(11)
_S_ST = const(23)
_S_CARDS = const(64)    # _S_ST + _NST
SAVE_SIZE = const(130)  # _S_CARDS + DECK_SIZE + 2


class SaveError(ValueError):
    pass


class Amigo:
    def __init__(self):
        self.st = bytearray(_NST)
        self.hands = bytearray(MAX_SEATS * DECK_SIZE)
        self.draw = bytearray(DECK_SIZE)
        self.pile = bytearray(DECK_SIZE)
        self.tmp = bytearray(DECK_SIZE)
        self.scores = [0] * MAX_SEATS
        self.rng = MsRandom()
        self.seed = 0

    # -- match flow ---------------------------------------------------------------------
    def new_match(self, players, seed, options=0, kinds=b""):
        """Start game 1 of 2 * players; seat 0 starts it (the dealer is the last seat)."""
        if not 2 <= players <= MAX_SEATS:
            raise ValueError("2 to 6 players")
        st = self.st
        for i in range(_NST):
            st[i] = 0
        st[_NP] = players
        st[_OPT] = options
        for i in range(len(kinds)):
            st[_KIND0 + i] = kinds[i]
        self.seed = seed & 0x3FFFFFFF
        for i in range(MAX_SEATS):
            self.scores[i] = 0
        self._deal(0)

    def next_game(self):
        """Deal the next game; the lowest total starts (ties: first clockwise after the
        previous starter)."""
        st = self.st
        if not st[_END] or self.match_over():
            raise ValueError("no next game")
        st[_GAME] += 1
        n = st[_NP]
        best = -1
        for k in range(1, n + 1):
            s = (st[_START] + k) % n
            if best < 0 or self.scores[s] < self.scores[best]:
                best = s
        self._deal(best)

    def _deal(self, start):
        st = self.st
        n = st[_NP]
        for i in range(_TURN, _CLEAR):
            st[i] = 0
        for i in range(MAX_SEATS):
            st[_COUNT0 + i] = 0
        st[_OWNER] = NONE
        st[_WIN] = NONE
        st[_START] = start
        self.rng.seed((self.seed + st[_GAME] * 40503) & 0x3FFFFFFF)
        d = self.draw
        for i in range(DECK_SIZE):
            d[i] = DECK[i]
        self.rng.shuffle(d)
        k = DECK_SIZE
        for _ in range(HAND):
            for j in range(n):
                k -= 1
                self._add((start + j) % n, d[k])
        st[_DLEN] = k
        self._turn(start)

    def game_over(self):
        return self.st[_END] != 0

    def match_over(self):
        st = self.st
        return st[_END] != 0 and st[_GAME] + 1 >= 2 * st[_NP]

    # -- questions ----------------------------------------------------------------------
    def players(self):
        return self.st[_NP]

    def pending(self):
        return self.st[_PEND]

    def seat(self):
        """The seat whose decision is pending."""
        return self.st[_PSEAT]

    def turn(self):
        return self.st[_TURN]

    def direction(self):
        return self.st[_DIR]

    def top(self):
        """Top card of the discards, 0 while the pile is empty."""
        n = self.st[_PLEN]
        return self.pile[n - 1] if n else 0

    def count(self, s):
        return self.st[_COUNT0 + s]

    def card(self, s, i):
        return self.hands[s * DECK_SIZE + i]

    def draw_count(self):
        return self.st[_DLEN]

    def pile_count(self):
        return self.st[_PLEN]

    def kind(self, s):
        return self.st[_KIND0 + s]

    def score(self, s):
        return self.scores[s]

    def game_number(self):
        return self.st[_GAME]

    def starter(self):
        return self.st[_START]

    def owner(self):
        return self.st[_OWNER]

    def drawn(self):
        return self.st[_DRAWN]

    def taken(self):
        return self.st[_TAKEN]

    def stake(self):
        return self.st[_STAKE]

    def takes_left(self):
        return self.st[_TAKES]

    def victim(self):
        return self.st[_VIC]

    def winner(self):
        return self.st[_WIN]

    def end_reason(self):
        return self.st[_END]

    def exhausted(self):
        return self.st[_EXH]

    def points(self, s):
        """This game's points once it is over: +5 for the winner, -1 per card held."""
        return 5 if s == self.st[_WIN] else -self.st[_COUNT0 + s]

    def call(self, out):
        """Values of the last play into out, first card first; returns how many. With
        direction() they make the spoken call, "13, 14, 15, 16 up"."""
        st = self.st
        n = min(st[_LASTN], st[_PLEN])
        p = st[_PLEN] - n
        for i in range(n):
            out[i] = self.pile[p + i] & 31
        return n

    def call_text(self):
        out = bytearray(DECK_SIZE)
        n = self.call(out)
        return ", ".join(str(v) for v in out[:n]) + (" down" if self.st[_DIR] else " up")

    def free_dir(self, c):
        """True when yellow c, played now, lets its player choose the direction."""
        t = self.top()
        return t == 0 or t >> 5 >= 2 or t & 31 == c & 31

    def fits(self, s, c):
        """Could seat s play card c as a single card now?"""
        st = self.st
        t = self.top()
        k = c >> 5
        if t == 0 or st[_OWNER] == s or k >= 2 or c & 31 == t & 31:
            return True
        if k != st[_DIR]:
            return False
        return c & 31 > t & 31 if k == BLUE else c & 31 < t & 31

    def can_play(self, s):
        base = s * DECK_SIZE
        for i in range(base, base + self.st[_COUNT0 + s]):
            if self.fits(s, self.hands[i]):
                return True
        return False

    # -- decisions ----------------------------------------------------------------------
    def check(self, a, arg=0, buf=None):
        st = self.st
        p = st[_PEND]
        if p == P_OVER:
            return 1
        s = st[_PSEAT]
        if a == A_PLAY:
            if p == P_TURN or p == P_DRAWN:
                return self._check_play(s, arg, buf, p == P_DRAWN)
            if p != P_TAKE or not st[_OPT] & ESCALATE or st[_VIC] != NONE:
                return 2
            if arg != 1:
                return 13
            if buf[0] >= st[_COUNT0 + s]:
                return 3
            return 0 if self.hands[s * DECK_SIZE + buf[0]] >> 5 == 2 + TAKE else 13
        if a == A_DRAW:
            if p != P_TURN:
                return 2
            return 9 if self.can_play(s) else 0
        if a == A_KEEP:
            return 0 if p == P_DRAWN else 2
        if a == A_DIR:
            if p != P_DIR:
                return 2
            return 0 if arg == UP or arg == DOWN else 12
        if a == A_TAKE:
            if p != P_TAKE:
                return 2
            return 0 if 0 <= arg < st[_NP] and arg != s and arg != st[_VIC] else 11
        if a == A_PASS:
            if p != P_PASS:
                return 2
            return 0 if 0 <= arg < st[_COUNT0 + s] else 3
        return 2

    def _check_play(self, s, n, buf, drawn):
        st = self.st
        cnt = st[_COUNT0 + s]
        if n < 1:
            return 14
        if n > cnt:
            return 3
        h = self.hands
        base = s * DECK_SIZE
        for j in range(n):
            i = buf[j]
            if i >= cnt:
                return 3
            for k in range(j):
                if buf[k] == i:
                    return 4
        c = h[base + buf[0]]
        if drawn and c != st[_DRAWN]:
            return 10
        if not self.fits(s, c):
            return 5
        if n == 1:
            return 0
        step = (h[base + buf[1]] & 31) - (c & 31)
        if step != 1 and step != -1:
            return 6
        d = UP if step == 1 else DOWN
        prev = (c & 31) - step
        for j in range(n):
            x = h[base + buf[j]]
            if (x & 31) - prev != step:
                return 6
            prev = x & 31
            if x >> 5 < 2 and x >> 5 != d:
                return 7
        if c >> 5 >= 2 and d != st[_DIR] and not self.free_dir(c):
            return 8
        return 0

    def apply(self, a, arg=0, buf=None):
        code = self.check(a, arg, buf)
        if code:
            return code
        st = self.st
        s = st[_PSEAT]
        n = st[_NP]
        if a == A_PLAY:
            self._play(s, arg, buf)
        elif a == A_DRAW:
            self._draw(s)
        elif a == A_KEEP:
            self._turn((s + 1) % n)
        elif a == A_DIR:
            st[_DIR] = arg
            self._act(s, st[_PACT])
        elif a == A_TAKE:
            self._take(s, arg)
        else:
            st[_PASS0 + s] = arg
            s = (s + 1) % n
            if s == st[_ACTOR]:
                self._pass_left()
            else:
                self._ask(P_PASS, s)
        return 0

    # -- carrying them out ----------------------------------------------------------------
    def _ask(self, kind, s):
        self.st[_PEND] = kind
        self.st[_PSEAT] = s

    def _turn(self, s):
        self.st[_TURN] = s
        self._ask(P_TURN, s)

    def _add(self, s, c):
        h = self.hands
        base = s * DECK_SIZE
        i = base + self.st[_COUNT0 + s]
        while i > base and h[i - 1] > c:
            h[i] = h[i - 1]
            i -= 1
        h[i] = c
        self.st[_COUNT0 + s] += 1

    def _remove(self, s, i):
        h = self.hands
        base = s * DECK_SIZE
        end = base + self.st[_COUNT0 + s] - 1
        c = h[base + i]
        for j in range(base + i, end):
            h[j] = h[j + 1]
        self.st[_COUNT0 + s] -= 1
        return c

    def _end(self, winner, reason):
        st = self.st
        st[_WIN] = winner
        st[_END] = reason
        st[_PEND] = P_OVER
        for s in range(st[_NP]):
            self.scores[s] += self.points(s)

    def _play(self, s, n, buf):
        st = self.st
        h = self.hands
        pile = self.pile
        base = s * DECK_SIZE
        c = h[base + buf[0]]
        choose = n == 1 and c >> 5 >= 2 and self.free_dir(c)
        st[_STAKE] = st[_STAKE] + 1 if st[_PEND] == P_TAKE else 1
        k = st[_PLEN]
        for j in range(n):
            pile[k] = h[base + buf[j]]
            h[base + buf[j]] = NONE
            k += 1
        st[_PLEN] = k
        w = base
        for i in range(base, base + st[_COUNT0 + s]):
            if h[i] != NONE:
                h[w] = h[i]
                w += 1
        st[_COUNT0 + s] = w - base
        st[_LASTN] = n
        st[_LASTS] = s
        st[_OWNER] = s
        c = pile[k - 1]
        if n > 1:
            st[_DIR] = UP if c & 31 > pile[k - 2] & 31 else DOWN
        elif c >> 5 < 2:
            st[_DIR] = c >> 5
        if w == base:
            self._end(s, WENT_OUT)
        elif choose:
            st[_PACT] = (c >> 5) - 2
            self._ask(P_DIR, s)
        else:
            self._act(s, (c >> 5) - 2 if c >> 5 >= 2 else NONE)

    def _act(self, s, a):
        st = self.st
        n = st[_NP]
        if a == SKIP:
            self._turn((s + 2) % n)
        elif a == TAKE:
            st[_TAKES] = 1 if n == 2 else 2
            st[_VIC] = NONE
            self._ask(P_TAKE, (s + 1) % n)
        elif a == PASS:
            st[_ACTOR] = s
            self._ask(P_PASS, s)
        else:
            if a == CHAOS:
                self._chaos(s)
            self._turn((s + 1) % n)

    def _draw(self, s):
        st = self.st
        k = st[_DLEN] - 1
        c = self.draw[k]
        st[_DLEN] = k
        st[_DRAWN] = c
        self._add(s, c)
        if k == 0:
            st[_EXH] += 1
            if st[_EXH] < 2:
                self._refill()
            if st[_DLEN] == 0:
                self._end(NONE, PILE_OUT)
                return
        if self.fits(s, c):
            self._ask(P_DRAWN, s)
        else:
            self._turn((s + 1) % st[_NP])

    def _refill(self):
        # Play has begun whenever anyone draws (the first player can always play), so the
        # discards hold a top card to keep.
        st = self.st
        pile = self.pile
        m = st[_PLEN] - 1
        for i in range(m):
            self.draw[i] = pile[i]
        pile[0] = pile[m]
        st[_PLEN] = 1
        self.rng.shuffle(self.draw, m)
        st[_DLEN] = m

    def _take(self, s, v):
        st = self.st
        for _ in range(st[_STAKE]):
            c = self._remove(v, self.rng.below(st[_COUNT0 + v]))
            self._add(s, c)
            st[_TAKEN] = c
            if st[_COUNT0 + v] == 0:
                self._end(v, TOOK_LAST)
                return
        st[_VIC] = v
        st[_TAKES] -= 1
        if st[_TAKES] == 0:
            self._turn(s)

    def _pass_left(self):
        st = self.st
        n = st[_NP]
        t = self.tmp
        for s in range(n):
            t[s] = self._remove(s, st[_PASS0 + s])
        for s in range(n):
            self._add((s + 1) % n, t[s])
        self._turn((st[_ACTOR] + 1) % n)

    def _chaos(self, s):
        st = self.st
        n = st[_NP]
        t = self.tmp
        h = self.hands
        k = 0
        for p in range(n):
            for i in range(p * DECK_SIZE, p * DECK_SIZE + st[_COUNT0 + p]):
                t[k] = h[i]
                k += 1
            st[_COUNT0 + p] = 0
        self.rng.shuffle(t, k)
        each = k // n
        j = 0
        for _ in range(each):
            for o in range(1, n + 1):
                self._add((s + o) % n, t[j])
                j += 1
        extra = k - j
        d = self.draw
        dl = st[_DLEN]
        for i in range(dl - 1, -1, -1):
            d[i + extra] = d[i]
        for i in range(extra):
            d[i] = t[j + i]
        st[_DLEN] = dl + extra

    # -- saving -------------------------------------------------------------------------
    def save(self):
        st = self.st
        out = bytearray(SAVE_SIZE)
        out[0:2] = SAVE_MAGIC
        out[2] = SAVE_VERSION
        for i in range(4):
            out[_S_SEED + i] = (self.seed >> (24 - 8 * i)) & 0xFF
        r = self.rng
        out[_S_RNG] = r._lo >> 8
        out[_S_RNG + 1] = r._lo & 0xFF
        out[_S_RNG + 2] = r._hi >> 8
        out[_S_RNG + 3] = r._hi & 0xFF
        for s in range(MAX_SEATS):
            x = self.scores[s] + 32768
            out[_S_SCORE + 2 * s] = x >> 8
            out[_S_SCORE + 2 * s + 1] = x & 0xFF
        out[_S_ST:_S_CARDS] = st
        k = _S_CARDS
        for i in range(st[_DLEN]):
            out[k] = self.draw[i]
            k += 1
        for i in range(st[_PLEN]):
            out[k] = self.pile[i]
            k += 1
        for s in range(st[_NP]):
            for i in range(st[_COUNT0 + s]):
                out[k] = self.hands[s * DECK_SIZE + i]
                k += 1
        crc = crc16(out, 0xFFFF, 0, SAVE_SIZE - 2)
        out[-2] = crc >> 8
        out[-1] = crc & 0xFF
        return bytes(out)

    def restore(self, data):
        """Load a save; on any fault raise SaveError and leave this match untouched."""
        if len(data) != SAVE_SIZE:
            raise SaveError("save is truncated" if len(data) < SAVE_SIZE else "save is too long")
        if data[0:2] != SAVE_MAGIC:
            raise SaveError("not a YoYo save")
        if data[2] != SAVE_VERSION:
            raise SaveError("save format %d, expected %d" % (data[2], SAVE_VERSION))
        if crc16(data, 0xFFFF, 0, SAVE_SIZE - 2) != (data[-2] << 8) | data[-1]:
            raise SaveError("save is corrupt (checksum)")
        st = data[_S_ST:_S_CARDS]
        n = st[_NP]
        total = st[_DLEN] + st[_PLEN]
        for s in range(MAX_SEATS):
            total += st[_COUNT0 + s]
            if s >= n > 0 and st[_COUNT0 + s]:
                total = NONE
        seen = bytearray(256)
        for c in DECK:
            seen[c] += 1
        for i in range(_S_CARDS, _S_CARDS + DECK_SIZE):
            if seen[data[i]] == 0:
                total = NONE
            else:
                seen[data[i]] -= 1
        if (not 2 <= n <= MAX_SEATS or total != DECK_SIZE
                or st[_PEND] > P_PASS or st[_PSEAT] >= n or st[_TURN] >= n or st[_DIR] > DOWN
                or st[_GAME] >= 2 * n or st[_START] >= n):
            raise SaveError("save holds an impossible position")
        self.seed = (data[3] << 24) | (data[4] << 16) | (data[5] << 8) | data[6]
        r = self.rng
        r._lo = (data[_S_RNG] << 8) | data[_S_RNG + 1]
        r._hi = (data[_S_RNG + 2] << 8) | data[_S_RNG + 3]
        for s in range(MAX_SEATS):
            self.scores[s] = ((data[_S_SCORE + 2 * s] << 8) | data[_S_SCORE + 2 * s + 1]) - 32768
        self.st[:] = st
        k = _S_CARDS
        for i in range(st[_DLEN]):
            self.draw[i] = data[k]
            k += 1
        for i in range(st[_PLEN]):
            self.pile[i] = data[k]
            k += 1
        for s in range(n):
            self.st[_COUNT0 + s] = 0
            for i in range(st[_COUNT0 + s]):
                self._add(s, data[k])
                k += 1
