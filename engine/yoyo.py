"""Parlett's Yo-yo: Black Hole for two or three players, who win the piles they build.

Black Hole's deal (engine/tableau.py): A♠ in the centre, the other 51 cards in 17 fans. The
player to move builds one central pile a rank at a time in the pile's direction until no
card fits; stuck, they win that pile if they built it this turn, and the next player starts a
new pile one rank back the other way. docs/rules.md gives every reading of the sheet.

Every card that reaches the centre stays in `played`, in playing order with A♠ first: the
piles won so far are played[:base] and the pile in the centre is played[base:n]. The rank
wanted next is one step from the last card played, so it survives the pile being carried off.

An action is a small int: a fan 0..16 plays its top card, XFER + fan moves that fan's top card
to its bottom, UP and DOWN announce, STUCK ends a turn that cannot go on. Each action is kept
as two history bytes, the action and what undoing it needs, so undo never replays.
"""
try:
    from micropython import const
except ImportError:
    const = int

from engine.cards import ACE_OF_SPADES, DECK_SIZE
from engine.crc import crc16
from engine.tableau import NUM_FANS, TABLEAU_CARDS, Tableau, deal_cards

XFER = const(32)
UP = const(64)
DOWN = const(65)
STUCK = const(66)

# phase: what the player to move is asked for
PLAY = const(0)         # a card of rank need(), or XFER + fan, or STUCK
ANNOUNCE = const(1)     # UP or DOWN
FREE = const(2)         # any top card starts a new pile (nothing else can go on)
OVER = const(3)

# options: rule readings chosen in the settings (docs/rules.md); 0 is the default reading
FREE_WAY = const(1)     # a pile may turn at every card ("changing direction as often as necessary")
XFER_MAY = const(2)     # the transfer may be declined ("may enable a continuation")

# seat kinds, kept with the game so a save restores who plays each seat
HUMAN = const(0)
GREEDY = const(1)
LOOKAHEAD = const(2)

# last_event() kinds
_EV_START = const(0)
EV_PLAY = const(1)      # count: cards now in the centre
EV_TRANSFER = const(2)  # count: the fan
EV_ANNOUNCE = const(3)  # count: 0 up, 1 down
EV_WON = const(4)       # stuck; count: cards won
EV_STUCK = const(5)     # stuck, won nothing; count: cards left in the centre
EV_OVER = const(6)      # the last card; count: cards of the last pile, won by its player

OK = const(0)
REASONS = (
    "",
    "game over",
    "no such action",
    "empty fan",
    "not next in sequence",
    "announce first",
    "no announcement now",
    "nothing to play that way",
    "a card can be played",
    "must go on",
    "needs two stuck in a row",
    "releases no card to play",
)
_R_OVER = const(1)
_R_NO_SUCH = const(2)
_R_EMPTY = const(3)
_R_RANK = const(4)
_R_ANNOUNCE = const(5)
_R_NOT_ASKED = const(6)
_R_DEAD = const(7)
_R_CAN_PLAY = const(8)
_R_GO_ON = const(9)
_R_NO_XFER = const(10)
_R_NO_RELEASE = const(11)

# Before each card come at most four other actions (an announcement after a new pile's first
# card, the stuck that wins a pile, a second stuck, and a declined transfer or a transfer), and
# nothing follows the last card: 4 + 5 * 50 + 1 actions at most, one byte in a save.
MAX_ACTIONS = const(255)

SAVE_MAGIC = b"YY"
SAVE_VERSION = const(1)
_HEADER = const(14)  # magic 2, version, deal 4, players | options << 4, first, kinds 3, made, known


# Legal actions listed for check() and apply(); shared, as only one of them runs at a time.
_SCRATCH = bytearray(NUM_FANS)


class IllegalMove(ValueError):
    pass


class SaveError(ValueError):
    pass


class Yoyo:
    def __init__(self):
        self.tableau = Tableau()
        self.layout = bytearray(TABLEAU_CARDS)
        self.played = bytearray(DECK_SIZE)
        self.won = bytearray(3)
        self.kinds = bytearray(3)
        self.history = bytearray(2 * MAX_ACTIONS)
        self.options = 0
        self.new_game(1)

    # -- setting up -------------------------------------------------------------------
    def new_game(self, number, players=2, first=0, kinds=b"", options=0):
        deal_cards(number, self.layout)
        self.start(self.layout, players, first, kinds, number, options)

    def start(self, cards, players=2, first=0, kinds=b"", number=0, options=0):
        """Start from 51 fan cards (fan-major, top last); seat `first` announces (with FREE_WAY
        in options there is nothing to announce: the first card sets the way)."""
        if players != 2 and players != 3:
            raise ValueError("2 or 3 players")
        if not 0 <= first < players:
            raise ValueError("no such seat")
        if not 0 <= options <= FREE_WAY | XFER_MAY:
            raise ValueError("no such option")
        self.options = options
        self.layout[:] = cards
        self.tableau.load(cards)
        self.players = players
        self.first = first
        self.deal_number = number
        for s in range(3):
            self.won[s] = 0
            self.kinds[s] = kinds[s] if s < len(kinds) else HUMAN
        self.played[0] = ACE_OF_SPADES
        self.n = 1
        self.base = 0
        self.turn = first
        self.phase = PLAY if options & FREE_WAY else ANNOUNCE
        self.down = 0
        self.stuck = 0      # players stuck in a row since the last card played
        self.ran = 0        # the player to move has played a card this turn
        self.xfer = 0       # ... and began it with a transfer
        self.hist_len = 0
        self.hist_known = 0

    # -- questions ----------------------------------------------------------------------
    def _step(self, down):
        r = self.played[self.n - 1] >> 2
        return (r + 12) % 13 if down else (r + 1) % 13

    def need(self):
        """Rank to play next, or -1 when the player is not building (announce, any card). With
        FREE_WAY, other() is wanted too."""
        return self._step(self.down) if self.phase == PLAY else -1

    def other(self):
        """With FREE_WAY, the rank one step the other way, also playable; else -1. A new pile's
        first card still goes the way the last pile did not."""
        if self.phase != PLAY or not self.options & FREE_WAY or self.n == self.base:
            return -1
        return self._step(self.down ^ 1)

    def check(self, a):
        """OK when the player to move may take action a, else the reason's code."""
        buf = _SCRATCH
        for i in range(self.legal(buf)):
            if buf[i] == a:
                return OK
        ph = self.phase
        if ph == OVER:
            return _R_OVER
        if a == UP or a == DOWN:
            return _R_DEAD if ph == ANNOUNCE else _R_NOT_ASKED
        if ph == ANNOUNCE:
            return _R_ANNOUNCE
        if 0 <= a < NUM_FANS:
            return _R_EMPTY if self.tableau.heights[a] == 0 else _R_RANK
        if a == STUCK:
            return _R_GO_ON if ph == FREE or buf[0] >= XFER else _R_CAN_PLAY
        if XFER <= a < XFER + NUM_FANS:
            if self.stuck < 2:
                return _R_NO_XFER
            return _R_CAN_PLAY if ph == PLAY and buf[0] < NUM_FANS else _R_NO_RELEASE
        return _R_NO_SUCH

    def legal(self, out, at=0):
        """Write every legal action into out[at:] (17 bytes at most); return how many."""
        ph = self.phase
        if ph == OVER:
            return 0
        t = self.tableau
        n = at
        if ph == ANNOUNCE:
            up = self._step(0)
            dn = self._step(1)
            u = d = 0
            for f in range(NUM_FANS):
                r = t.top(f) >> 2
                if r == up:
                    u = 1
                if r == dn:
                    d = 1
            if u or not d:
                out[n] = UP
                n += 1
            if d or not u:
                out[n] = DOWN
                n += 1
            return n - at
        r = self._step(self.down)
        o = self.other()
        for f in range(NUM_FANS):
            c = t.top(f) >> 2
            if c >= 0 and (ph == FREE or c == r or c == o):
                out[n] = f
                n += 1
        if n > at or ph == FREE:
            return n - at
        if self.stuck < 2:
            out[n] = STUCK
            return 1
        for f in range(NUM_FANS):
            h = t.heights[f]
            if h >= 2:
                c = t.cards[3 * f + h - 2] >> 2
                if c == r or c == o:
                    out[n] = XFER + f
                    n += 1
        if n > at and self.options & XFER_MAY:
            out[n] = STUCK      # the transfer declined: the next player starts a new pile
            n += 1
        return n - at

    def pile_count(self):
        """Cards in the centre now (0 right after a pile is won)."""
        return self.n - self.base

    def is_over(self):
        return self.phase == OVER

    def transfer_allowed(self):
        return self.phase == PLAY and self.stuck >= 2 and not self.xfer

    def winner(self):
        """Seat with the most cards won, or -1 while two or more share the most."""
        best = -1
        tie = False
        for s in range(self.players):
            if best < 0 or self.won[s] > self.won[best]:
                best = s
                tie = False
            elif self.won[s] == self.won[best]:
                tie = True
        return -1 if tie else best

    def last_event(self):
        """The last action made as kind | seat << 4 | count << 8 (EV_* for the kinds)."""
        k = self.hist_len
        s = self.turn
        if k == 0:
            return _EV_START | s << 4
        a = self.history[2 * k - 2]
        c = self.n - self.base
        if a == STUCK:
            s = (s + self.players - 1) % self.players
            got = self.history[2 * k - 1] & 63
            return (EV_WON | s << 4 | got << 8) if got else (EV_STUCK | s << 4 | c << 8)
        if a < XFER:
            return (EV_OVER if self.phase == OVER else EV_PLAY) | s << 4 | c << 8
        return (EV_TRANSFER if a < UP else EV_ANNOUNCE) | s << 4 | (a & 31) << 8

    # -- changing the position ----------------------------------------------------------
    def apply(self, a):
        """Carry out a legal action, unchecked, and return what retract() needs to undo it."""
        if a < XFER:
            info = self.stuck | self.ran << 2 | self.phase << 3 | self.down << 5
            c = self.tableau.pop(a)
            if self.phase == PLAY and self.options & FREE_WAY:
                self.down = 1 if c >> 2 == self._step(1) else 0
            self.played[self.n] = c
            self.n += 1
            self.ran = 1
            self.stuck = 0
            if self.n == DECK_SIZE:
                self.won[self.turn] += self.n - self.base
                self.phase = OVER
            elif self.phase == FREE:
                self.phase = PLAY if self.options & FREE_WAY else ANNOUNCE
            return info
        if a < UP:
            self.tableau.rotate_top_to_bottom(a - XFER)
            self.xfer = 1
            return 0
        if a < STUCK:
            info = self.down
            self.down = a - UP
            self.phase = PLAY
            return info
        got = 0
        if self.ran:
            info = 2 + self.xfer
            if not self.xfer:
                got = self.n - self.base
                self.won[self.turn] += got
                self.base = self.n
            self.down ^= 1
            self.stuck = 1
        else:
            info = self.stuck   # 2 only when a transfer is declined, and then nothing is won
            self.stuck += 1
        self.ran = 0
        self.xfer = 0
        self.turn = (self.turn + 1) % self.players
        # Three stuck in a row means a transfer was declined (XFER_MAY): no continuation.
        if self.stuck >= 3 or self.stuck >= 2 and self.legal(_SCRATCH) == 0:
            self.phase = FREE
        return got | info << 6

    def retract(self, a, info):
        """Undo apply(a), which returned info; actions are retracted last first."""
        if a < XFER:
            if self.phase == OVER:
                self.won[self.turn] -= self.n - self.base
            self.n -= 1
            self.tableau.push_back(a)
            self.stuck = info & 3
            self.ran = (info >> 2) & 1
            self.phase = (info >> 3) & 3
            self.down = info >> 5
        elif a < UP:
            self.tableau.rotate_bottom_to_top(a - XFER)
            self.xfer = 0
        elif a < STUCK:
            self.down = info
            self.phase = ANNOUNCE
        else:
            self.turn = (self.turn + self.players - 1) % self.players
            self.phase = PLAY
            got = info & 63
            info >>= 6
            # 2 with cards won or 3: the turn had played; else the stuck count (0-2) before it
            if info == 3 or info == 2 and got:
                self.ran = 1
                self.xfer = info - 2
                self.stuck = 0
                self.down ^= 1
                self.base -= got
                self.won[self.turn] -= got
            else:
                self.ran = 0
                self.xfer = 0
                self.stuck = info

    def play(self, a):
        """Take action a for the player to move; IllegalMove (a ValueError) if it is not legal."""
        code = self.check(a)
        if code:
            raise IllegalMove(REASONS[code])
        k = self.hist_len
        self.history[2 * k] = a
        self.history[2 * k + 1] = self.apply(a)
        self.hist_len = k + 1
        self.hist_known = k + 1

    def can_undo(self):
        """Undo reaches back only to the start of a human's own turn."""
        k = self.hist_len
        return k > 0 and self.history[2 * k - 2] != STUCK and self.kinds[self.turn] == HUMAN

    def undo(self):
        if not self.can_undo():
            return False
        k = self.hist_len - 1
        self.retract(self.history[2 * k], self.history[2 * k + 1])
        self.hist_len = k
        return True

    def redo(self):
        k = self.hist_len
        if k >= self.hist_known:
            return False
        self.history[2 * k + 1] = self.apply(self.history[2 * k])
        self.hist_len = k + 1
        return True

    # -- saving -------------------------------------------------------------------------
    def save(self):
        """Magic, version, deal number, seats, the layout as dealt, every action, CRC-16."""
        n = self.hist_known
        out = bytearray(_HEADER + TABLEAU_CARDS + n + 2)
        out[0:2] = SAVE_MAGIC
        out[2] = SAVE_VERSION
        for i in range(4):
            out[3 + i] = (self.deal_number >> (24 - 8 * i)) & 0xFF
        out[7] = self.players | self.options << 4
        out[8] = self.first
        out[9:12] = self.kinds
        out[12] = self.hist_len
        out[13] = n
        out[_HEADER:_HEADER + TABLEAU_CARDS] = self.layout
        for i in range(n):
            out[_HEADER + TABLEAU_CARDS + i] = self.history[2 * i]
        crc = crc16(out, 0xFFFF, 0, len(out) - 2)
        out[-2] = crc >> 8
        out[-1] = crc & 0xFF
        return bytes(out)

    def restore(self, data):
        """Load a save; on any fault raise SaveError and leave this game as it was."""
        n = len(data)
        if n < _HEADER + TABLEAU_CARDS + 2 or n != _HEADER + TABLEAU_CARDS + data[13] + 2:
            raise SaveError("save is truncated")
        if data[0:2] != SAVE_MAGIC or data[2] != SAVE_VERSION:
            raise SaveError("not a Yo-yo save (version 1)")
        if crc16(data, 0xFFFF, 0, n - 2) != (data[-2] << 8) | data[-1]:
            raise SaveError("save is corrupt (checksum)")
        # Replaying is the only full check of a history; a fault puts the old game back.
        back = self.save()
        try:
            self._load(data)
        except ValueError:
            self._load(back)
            raise SaveError("save holds an impossible game")

    def _load(self, data):
        seen = bytearray(DECK_SIZE)
        seen[ACE_OF_SPADES] = 1
        for i in range(_HEADER, _HEADER + TABLEAU_CARDS):
            if data[i] >= DECK_SIZE or seen[data[i]]:
                raise ValueError
            seen[data[i]] = 1
        if data[12] > data[13] or data[13] > MAX_ACTIONS or max(data[9:12]) > LOOKAHEAD or (
                data[3] > 0x3F):        # deals 0..2**30 - 1, as new_game() deals them
            raise ValueError
        self.start(data[_HEADER:_HEADER + TABLEAU_CARDS], data[7] & 15, data[8], data[9:12],
                   (data[3] << 24) | (data[4] << 16) | (data[5] << 8) | data[6], data[7] >> 4)
        for i in range(_HEADER + TABLEAU_CARDS, len(data) - 2):
            self.play(data[i])
        while self.hist_len > data[12]:
            k = self.hist_len - 1
            self.retract(self.history[2 * k], self.history[2 * k + 1])
            self.hist_len = k
