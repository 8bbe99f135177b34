"""Big Ben (two packs): twelve foundations on a clock built up in suit past the King to their
hours, twelve piles of three round them built down in suit, gaps filled from the reserve, a
waste for the reserve (docs/rules.md has the readings, PySolFC's and the strict pair).

Cards are 0..103: face * 2 + pack, face = rank * 4 + suit as in engine.cards. Places: piles
0-11 by hour (0 = 12 o'clock), foundations FOUND + h, WASTE; a fill is RESERVE -> GAPS, a deal
RESERVE -> WASTE. A move is two history bytes (a fill's second is GAPS + cards dealt). A card
may shuttle between two equal cards for ever, so the history is a ring of the last 240 moves:
older moves can no longer be undone, and a save then holds the position they led to.
"""
try:
    from micropython import const
except ImportError:
    const = int

from engine.crc import crc16
from engine.rng import MsRandom

HOURS = const(12)
FOUND = const(12)
WASTE = const(24)
RESERVE = const(25)
GAPS = const(26)
_FULL = const(3)         # a pile with fewer cards has gaps and takes no card
DECK = const(104)
_FMAX = const(9)
PMAX = const(25)       # two cards + a run in one suit of at most 23 (three are bases)
RES = const(48)        # the reserve in the layout: 56 cards, bottom first
_RES_SIZE = const(56)
_MAX_MOVES = const(240)
_MAX_SEED = const(0x3FFFFFFF)
_FOUND_AT = const(300)  # HOURS * PMAX
_WASTE_AT = const(408)  # _FOUND_AT + HOURS * _FMAX
# magic 2, version 1, deal number 4, moves made and known past the ring's oldest 1 each, strict
# 1, moves dropped from the ring 4; version 1 (no strict, nothing dropped, always strict) loads
_HEADER = const(14)
_VERSION = const(2)
_HEADER_1 = const(9)

# check()'s codes, which index REASONS.
(OK, NO_SUCH_PLACE, NO_CARD, FOUNDATION_STAYS, COMPLETE, NOT_NEXT, SHORT_PILE, NOT_DOWN,
 IN_SEQUENCE, NO_GAPS, RESERVE_EMPTY, FILL_FIRST, CAN_PLAY) = range(13)
# Each fits the table's 26-character message row (tests/test_text_fit.py).
REASONS = ("", "no such place", "no card there", "foundation cards stay", "that hour is reached",
           "not the next of that suit", "piles with gaps take none", "piles build down in suit",
           "it lies on its next card", "no gaps to fill", "the reserve is used up",
           "fill the gaps first", "a card can still be played")

IllegalMove = ValueError  # what play() raises, with the reason; check() asks without raising


class SaveError(ValueError):
    """A save that is not a whole, sound Big Ben game."""


# By hour (0 = 12 o'clock): each foundation's first rank (0 Ace .. 12 King) and its suit
# (engine.cards numbers suits clubs, diamonds, hearts, spades); it is complete on the rank of
# its hour, (h + 11) % 12, after size(h) cards.
BASE_RANK = b"\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x01\x02\x03"
HOUR_SUIT = b"\x01\x00\x02\x03\x01\x00\x02\x03\x01\x00\x02\x03"


def size(h):
    return 8 if h == 0 or h > 8 else 9


def _at(place):
    if place < FOUND:
        return place * PMAX
    return _FOUND_AT + (place - FOUND) * _FMAX if place < WASTE else _WASTE_AT


def deal_cards(number, out, deck):
    """Deal `number` into out (104): bases by hour, piles and reserve bottom first. PySolFC's
    order: two packs (clubs, spades, hearts, diamonds, Ace up) shuffled, bottom first; the
    lowest copy of each base lifted; the piles dealt in three rounds from the top. deck is
    scratch, 104 bytes or more."""
    for k in range(DECK):
        deck[k] = ((k % 13) * 4 + b"\x00\x03\x02\x01"[k // 13 % 4]) * 2 + k // 52
    MsRandom(number).shuffle(deck, DECK)
    taken = k = 0
    for i in range(DECK):
        c = deck[i]
        r = c >> 3
        h = (r + 8) % 12
        if r and (c >> 1) & 3 == HOUR_SUIT[h] and not taken & (1 << h):
            taken |= 1 << h
            out[h] = c
            continue
        d = 91 - k
        out[RES + k if d >= 36 else HOURS + (d % 12) * _FULL + d // 12] = c
        k += 1
    return out


class BigBen:
    def __init__(self):
        self.layout = bytearray(DECK)      # the deal; its reserve part is the reserve itself
        self.cards = bytearray(_WASTE_AT + _RES_SIZE)   # piles, foundations, waste
        self.n = bytearray(WASTE + 1)                   # each place's height
        self.history = bytearray(2 * _MAX_MOVES)     # a ring: move i at 2 * (i % _MAX_MOVES)
        self.strict = False     # the strict pair of readings; a game keeps the rules it was dealt
        self.start(self.layout)

    def new_deal(self, number):
        if not 0 < number <= _MAX_SEED:
            raise ValueError("deal number out of range")
        self.start(deal_cards(number, self.layout, self.cards), number)

    def start(self, layout, number=0, at=0):
        """Start from 104 cards from layout[at]: bases by hour, piles, reserve bottom first."""
        for i in range(DECK):
            self.layout[i] = layout[at + i]
        for h in range(HOURS):
            self.cards[_FOUND_AT + h * _FMAX] = self.layout[h]
            self.n[FOUND + h] = 1
            for i in range(_FULL):
                self.cards[h * PMAX + i] = self.layout[HOURS + h * _FULL + i]
            self.n[h] = _FULL
        self.res_len = _RES_SIZE
        self.n[WASTE] = self.moves_made = self.moves_known = 0
        self.floor = 0          # moves before it are out of the ring: undo stops there
        self.deal_number = number

    def card(self, place, i):
        """Card i (0 = bottom) of a pile, foundation or the waste, which holds n[place]."""
        return self.cards[_at(place) + i]

    def top(self, place):
        """Top card of a pile, a foundation, WASTE or RESERVE, or -1."""
        if place == RESERVE:
            return self.layout[RES + self.res_len - 1] if self.res_len else -1
        n = self.n[place]
        return self.card(place, n - 1) if n else -1

    def gaps(self):
        n = 0
        for p in range(HOURS):
            n += _FULL - self.n[p] if self.n[p] < _FULL else 0
        return n

    def on_foundations(self):
        n = 0
        for h in range(FOUND, WASTE):
            n += self.n[h]
        return n

    def check(self, src, dst):
        if src == RESERVE:
            if dst != GAPS and dst != WASTE:
                return NO_SUCH_PLACE
            if not self.res_len:
                return RESERVE_EMPTY
            if dst == GAPS:
                return OK if self.gaps() else NO_GAPS
            if self.gaps():
                return FILL_FIRST
            return CAN_PLAY if self.strict and self.card_move() >= 0 else OK
        if src < 0 or src > WASTE or dst < 0 or dst >= WASTE:
            return NO_SUCH_PLACE
        if FOUND <= src < WASTE:
            return FOUNDATION_STAYS
        c = self.top(src)
        if c < 0:
            return NO_CARD
        t = self.top(dst)
        if dst >= FOUND and self.n[dst] == size(dst - FOUND):
            return COMPLETE
        if dst < FOUND and self.n[dst] < _FULL:
            return SHORT_PILE
        if (c >> 1) & 3 != (t >> 1) & 3 or c >> 3 != ((t >> 3) + (1 if dst >= FOUND else 12)) % 13:
            return NOT_NEXT if dst >= FOUND else NOT_DOWN
        n = self.n[src]         # strict: a card lying on its next in suit stays
        if self.strict and dst < FOUND and src < FOUND and n > 1 and (
                self.card(src, n - 2) >> 1 == t >> 1):
            return IN_SEQUENCE
        return OK

    def card_move(self):
        """A legal move of a card (src << 5 | dst), foundations tried first, or -1."""
        for dst in range(FOUND + HOURS - 1, -1, -1):
            for src in range(WASTE, -1, -1):
                if (src < FOUND or src == WASTE) and not self.check(src, dst):
                    return (src << 5) | dst
        return -1

    def is_won(self):
        return self.on_foundations() == DECK

    def is_stuck(self):         # lost: no reserve, cards left, none can move
        return self.res_len == 0 and not self.is_won() and self.card_move() < 0

    def play(self, src, dst):
        code = self.check(src, dst)
        if code:
            raise IllegalMove(REASONS[code])
        i = 2 * (self.moves_made % _MAX_MOVES)
        self.history[i] = src
        self.history[i + 1] = self._apply(src, dst)
        self.moves_made += 1
        self.moves_known = self.moves_made
        if self.moves_made - self.floor > _MAX_MOVES:
            self.floor += 1

    def pop(self, place):
        self.n[place] -= 1
        return self.card(place, self.n[place])

    def push(self, place, c):
        self.cards[_at(place) + self.n[place]] = c
        self.n[place] += 1

    def _apply(self, src, dst):     # a checked move; returns its history byte
        if src != RESERVE:
            self.push(dst, self.pop(src))
            return dst
        if dst == WASTE:
            self.res_len -= 1
            self.push(WASTE, self.layout[RES + self.res_len])
            return dst
        n = 0           # a fill (replayed, dst is GAPS + cards dealt): 12 o'clock first,
        for p in range(HOURS):      # each pile full before the next
            while self.n[p] < _FULL and self.res_len:
                self.res_len -= 1
                self.push(p, self.layout[RES + self.res_len])
                n += 1
        return GAPS + n

    def undo(self):
        if self.moves_made == self.floor:
            return False
        self.moves_made -= 1
        i = 2 * (self.moves_made % _MAX_MOVES)
        src = self.history[i]
        dst = self.history[i + 1]
        if src != RESERVE:
            self.push(src, self.pop(dst))
        elif dst == WASTE:
            self.pop(WASTE)
            self.res_len += 1       # the card never left its slot
        else:
            # The last card dealt lies on the last pile filled: take cards back anticlockwise.
            n = dst - GAPS
            for p in range(HOURS - 1, -1, -1):
                while n and self.top(p) == self.layout[RES + self.res_len]:
                    self.pop(p)
                    self.res_len += 1
                    n -= 1
        return True

    def redo(self):
        if self.moves_made >= self.moves_known:
            return False
        i = 2 * (self.moves_made % _MAX_MOVES)
        self._apply(self.history[i], self.history[i + 1])
        self.moves_made += 1
        return True

    def save(self):
        """The deal, the position at the ring's oldest move when moves were dropped (the
        reserve's length, then each place's height and cards), the ring's moves, a CRC."""
        made, floor = self.moves_made, self.floor
        base = 0
        if floor:
            from engine import bigben_past
            base = bigben_past.rewind(self)
        n = 2 * (self.moves_known - floor)
        out = bytearray(_HEADER + DECK + base + n + 2)
        out[0:3] = b"BB\x02"                     # magic, _VERSION
        for i in range(4):
            out[3 + i] = (self.deal_number >> (24 - 8 * i)) & 0xFF
            out[10 + i] = (floor >> (24 - 8 * i)) & 0xFF
        out[7] = made - floor
        out[8] = self.moves_known - floor
        out[9] = self.strict
        out[_HEADER:_HEADER + DECK] = self.layout
        k = _HEADER + DECK
        if base:
            bigben_past.write(self, out, k)
            k += base
        for i in range(n):
            out[k + i] = self.history[(2 * floor + i) % (2 * _MAX_MOVES)]
        while self.moves_made < made:
            self.redo()
        crc = crc16(out, 0xFFFF, 0, len(out) - 2)
        out[-2] = crc >> 8
        out[-1] = crc & 0xFF
        return out

    def restore(self, data):
        """Load a save; on any fault raise SaveError and leave this game untouched."""
        # a format 1 save is longer than format 2's header too
        if len(data) < _HEADER or data[0:2] != b"BB" or not 0 < data[2] <= _VERSION:
            raise SaveError("not a Big Ben save of format 1 or 2")
        # The game comes back from its deal and its ring, which a failed load leaves alone,
        # or, past the ring, from a save of it.
        past = self.floor
        old = self.save() if past else bytearray(self.layout)
        made, known, number = self.moves_made, self.moves_known, self.deal_number
        strict = self.strict
        try:
            self._load(data)
        except SaveError:
            if past:
                self._load(old)
            else:
                self.start(old, number)
                self.strict, self.moves_known = strict, known
                while self.moves_made < made:
                    self.redo()
            raise

    def _load(self, data):
        """A save's size and CRC are checked, then its layout and position, then its moves are
        replayed under the rules it was played with; the ring is written last."""
        made, known, at, floor = data[7], data[8], _HEADER_1, 0
        if data[2] != 1:
            at = _HEADER
            floor = (data[10] << 24) | (data[11] << 16) | (data[12] << 8) | data[13]
        base = 0        # the position at the ring's oldest move: reserve length, heights, cards
        if floor and len(data) > at + DECK:
            base = WASTE + 2 + DECK - data[at + DECK]
        if len(data) != at + DECK + base + 2 * known + 2 or (
                floor and not base):
            raise SaveError("save is truncated")
        if crc16(data, 0xFFFF, 0, len(data) - 2) != (data[-2] << 8) | data[-1]:
            raise SaveError("save is corrupt (checksum)")
        number = (data[3] << 24) | (data[4] << 16) | (data[5] << 8) | data[6]
        bad = made > known or known > _MAX_MOVES or number > _MAX_SEED or (
            floor > _MAX_SEED or at > _HEADER_1 and data[9] > 1)        # strict is 0 or 1
        for i in range(DECK):          # each card once, checked without a buffer
            c = data[at + i]
            bad = bad or c >= DECK or i < HOURS and (
                c >> 3 != BASE_RANK[i] or c >> 1 & 3 != HOUR_SUIT[i])
            for j in range(i):
                bad = bad or data[at + j] == c
        self.start(data, number, at)
        self.strict = data[2] == 1 or data[9] != 0      # version 1 was played strict
        at += DECK
        if base and not bad:
            from engine import bigben_past
            bad = not bigben_past.read(self, data, at, at + base, FOUND, PMAX, RES, size)
            at += base
        if bad:
            raise SaveError("save holds an impossible game")
        for i in range(at, len(data) - 2, 2):
            src, dst = data[i], data[i + 1]
            if self.check(src, GAPS if src == RESERVE and dst > GAPS else dst) or (
                    self._apply(src, dst) != dst):
                raise SaveError("save holds an illegal move")
        for i in range(2 * known):
            self.history[(2 * floor + i) % (2 * _MAX_MOVES)] = data[at + i]
        self.floor = floor
        self.moves_made = self.moves_known = floor + known
        while self.moves_made > floor + made:
            self.undo()
