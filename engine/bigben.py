"""Big Ben (two packs). Twelve foundations sit on a clock, the one at hour h starting with the
card of rank h + 4 (5 at 12 o'clock, 6 at 1, ... K at 8, 2 at 9, 3 at 10, 4 at 11) and a suit
by the hour (h % 4: 0 diamonds, 1 clubs, 2 hearts, 3 spades); each builds up in suit, past
the King, until its top shows its hour (an Ace at 1, a Queen at 12). Twelve piles round them
start with three cards; a pile's top goes to a foundation or down in suit onto a pile of
three or more (a King on an Ace). Gaps in piles of fewer than three are filled all at once
from the reserve, 12 o'clock first and clockwise; when nothing else can be done the reserve's
top is dealt to the waste, whose top plays like a pile's.

Cards are 0..103: face * 2 + pack, face = rank * 4 + suit as in engine.cards. Places: piles
0-11 (by hour, 0 = 12 o'clock), foundations FOUND + h, WASTE, RESERVE; filling is the move
RESERVE -> GAPS, dealing RESERVE -> WASTE. A move is two bytes in the history (a fill's second
byte is GAPS + cards dealt). Every card moves onto a pile at most once (a card already on its
next in suit stays), so a game has at most 92 + 92 + 56 = 240 moves.
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
FULL = const(3)         # a pile with fewer cards has gaps and takes no card
_DECK = const(104)
_FMAX = const(9)
_PMAX = const(28)       # three dealt cards + one suit's 26, more than any pile can hold
_RES = const(48)        # the reserve in the layout: 56 cards, bottom first
_RES_SIZE = const(56)
_MAX_MOVES = const(240)
_MAX_SEED = const(0x3FFFFFFF)
_HEADER = const(9)      # magic 2, version 1, deal number 4, moves made 1, moves known 1
_VERSION = const(1)

OK = const(0)
NO_SUCH_PLACE = const(1)
NO_CARD = const(2)
FOUNDATION_STAYS = const(3)
COMPLETE = const(4)
NOT_NEXT = const(5)
SHORT_PILE = const(6)
NOT_DOWN = const(7)
IN_SEQUENCE = const(8)
NO_GAPS = const(9)
RESERVE_EMPTY = const(10)
FILL_FIRST = const(11)
CAN_PLAY = const(12)

REASONS = ("", "no such place", "no card there", "foundation cards stay",
           "that hour is reached", "not the next card of that suit",
           "a pile under three takes no card", "piles build down in suit",
           "it already lies on its next card", "no gaps to fill", "the reserve is used up",
           "fill the gaps first", "a card can still be played")

IllegalMove = ValueError  # what play() raises, with the reason; check() asks without raising


class SaveError(ValueError):
    """A save that is not a whole, sound Big Ben game."""


def base_rank(h):
    """Rank (0 Ace .. 12 King) the foundation at hour h starts with."""
    return (h + 3) % 12 + 1


def hour_rank(h):
    """Rank the foundation at hour h must show to be complete: its hour (12 is the Queen)."""
    return (h + 11) % 12


def hour_suit(h):
    """Suit (engine.cards order: clubs, diamonds, hearts, spades) of the foundation at h."""
    return b"\x01\x00\x02\x03"[h & 3]


def size(h):
    return (hour_rank(h) - base_rank(h)) % 13 + 1


def deal_cards(number, out):
    """Write deal `number` into out (104 bytes): the base card of each hour, the piles (pile
    by pile, bottom first), the reserve bottom first. PySolFC's order: shuffle two packs in
    its card order (pack, then clubs, spades, hearts, diamonds, then Ace to King); the list
    runs from the talon's bottom up; lift the first copy met of each base card; the talon's
    top then deals three rounds to piles 0-11 and leaves the rest as the reserve."""
    deck = bytearray(_DECK)
    k = 0
    for pack in range(2):
        for s in b"\x00\x03\x02\x01":
            for r in range(13):
                deck[k] = (r * 4 + s) * 2 + pack
                k += 1
    MsRandom(number).shuffle(deck)
    taken = k = 0
    for c in deck:
        r = c >> 3
        h = (r + 8) % 12
        if r and (c >> 1) & 3 == hour_suit(h) and not taken & (1 << h):
            taken |= 1 << h
            out[h] = c
            continue
        if k < _RES_SIZE:
            out[_RES + k] = c
        else:
            d = 91 - k
            out[HOURS + (d % 12) * FULL + d // 12] = c
        k += 1
    return out


class BigBen:
    def __init__(self):
        self.layout = bytearray(_DECK)      # the deal; its reserve part is the reserve itself
        self.found = bytearray(HOURS * _FMAX)
        self.flen = bytearray(HOURS)
        self.piles = bytearray(HOURS * _PMAX)
        self.plen = bytearray(HOURS)
        self.waste = bytearray(_RES_SIZE)
        self.history = bytearray(2 * _MAX_MOVES)
        self.start(self.layout)

    def new_deal(self, number):
        if not 0 < number <= _MAX_SEED:
            raise ValueError("deal number out of range")
        self.start(deal_cards(number, bytearray(_DECK)), number)

    def start(self, layout, number=0, at=0):
        """Start from 104 cards from layout[at]: bases by hour, piles, reserve bottom first."""
        for i in range(_DECK):
            self.layout[i] = layout[at + i]
        for h in range(HOURS):
            self.found[h * _FMAX] = self.layout[h]
            self.flen[h] = 1
            for i in range(FULL):
                self.piles[h * _PMAX + i] = self.layout[HOURS + h * FULL + i]
            self.plen[h] = FULL
        self.res_len = _RES_SIZE
        self.waste_len = self.moves_made = self.moves_known = 0
        self.deal_number = number

    def top(self, place):
        """Top card of a pile, a foundation (FOUND + h), WASTE or RESERVE, or -1."""
        if place < FOUND:
            n = self.plen[place]
            return self.piles[place * _PMAX + n - 1] if n else -1
        if place < WASTE:
            h = place - FOUND
            return self.found[h * _FMAX + self.flen[h] - 1]
        if place == WASTE:
            return self.waste[self.waste_len - 1] if self.waste_len else -1
        return self.layout[_RES + self.res_len - 1] if self.res_len else -1

    def pile_card(self, p, i):
        """Card i (0 = bottom) of pile p, which holds plen[p] cards."""
        return self.piles[p * _PMAX + i]

    def gaps(self):
        n = 0
        for p in range(HOURS):
            if self.plen[p] < FULL:
                n += FULL - self.plen[p]
        return n

    def on_foundations(self):
        n = 0
        for h in range(HOURS):
            n += self.flen[h]
        return n

    def check(self, src, dst):
        """OK when the move may be made, else the reason's code."""
        if src == RESERVE:
            if dst != GAPS and dst != WASTE:
                return NO_SUCH_PLACE
            if not self.res_len:
                return RESERVE_EMPTY
            if dst == GAPS:
                return OK if self.gaps() else NO_GAPS
            if self.gaps():
                return FILL_FIRST
            return CAN_PLAY if self.card_move() >= 0 else OK
        if src < 0 or src > WASTE or dst < 0 or dst >= WASTE:
            return NO_SUCH_PLACE
        if FOUND <= src < WASTE:
            return FOUNDATION_STAYS
        c = self.top(src)
        if c < 0:
            return NO_CARD
        if dst >= FOUND:
            h = dst - FOUND
            if self.flen[h] == size(h):
                return COMPLETE
            t = self.top(dst)
            ok = (c >> 1) & 3 == (t >> 1) & 3 and c >> 3 == ((t >> 3) + 1) % 13
            return OK if ok else NOT_NEXT
        if self.plen[dst] < FULL:
            return SHORT_PILE
        t = self.top(dst)
        if (c >> 1) & 3 != (t >> 1) & 3 or c >> 3 != ((t >> 3) + 12) % 13:
            return NOT_DOWN
        n = self.plen[src] if src < FOUND else 0
        if n > 1 and self.piles[src * _PMAX + n - 2] >> 1 == t >> 1:
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
        return self.on_foundations() == _DECK

    def is_stuck(self):
        """Lost: the reserve is used up, cards remain, and no card can move."""
        return self.res_len == 0 and not self.is_won() and self.card_move() < 0

    def play(self, src, dst):
        code = self.check(src, dst)
        if code:
            raise IllegalMove(REASONS[code])
        i = 2 * self.moves_made
        self.history[i] = src
        self.history[i + 1] = self._apply(src, dst)
        self.moves_made += 1
        self.moves_known = self.moves_made

    def _pop(self, place):
        if place < FOUND:
            self.plen[place] -= 1
            return self.piles[place * _PMAX + self.plen[place]]
        if place < WASTE:
            h = place - FOUND
            self.flen[h] -= 1
            return self.found[h * _FMAX + self.flen[h]]
        self.waste_len -= 1
        return self.waste[self.waste_len]

    def _push(self, place, c):
        if place < FOUND:
            self.piles[place * _PMAX + self.plen[place]] = c
            self.plen[place] += 1
        elif place < WASTE:
            h = place - FOUND
            self.found[h * _FMAX + self.flen[h]] = c
            self.flen[h] += 1
        else:
            self.waste[self.waste_len] = c
            self.waste_len += 1

    def _apply(self, src, dst):
        """Make a checked move; return its history byte (for a fill, GAPS + cards dealt)."""
        if src != RESERVE:
            self._push(dst, self._pop(src))
            return dst
        if dst == WASTE:
            self.res_len -= 1
            self._push(WASTE, self.layout[_RES + self.res_len])
            return dst
        n = 0
        for p in range(HOURS):      # 12 o'clock first, each pile full before the next
            while self.plen[p] < FULL and self.res_len:
                self.res_len -= 1
                self._push(p, self.layout[_RES + self.res_len])
                n += 1
        return GAPS + n

    def undo(self):
        if self.moves_made == 0:
            return False
        self.moves_made -= 1
        src = self.history[2 * self.moves_made]
        dst = self.history[2 * self.moves_made + 1]
        if src != RESERVE:
            self._push(src, self._pop(dst))
        elif dst == WASTE:
            self.waste_len -= 1
            self.res_len += 1       # the card never left its slot
        else:
            # The last card dealt lies on the last pile filled: take cards back anticlockwise.
            n = dst - GAPS
            for p in range(HOURS - 1, -1, -1):
                while n and self.plen[p] and self.top(p) == self.layout[_RES + self.res_len]:
                    self.plen[p] -= 1
                    self.res_len += 1
                    n -= 1
        return True

    def redo(self):
        if self.moves_made >= self.moves_known:
            return False
        src = self.history[2 * self.moves_made]
        dst = self.history[2 * self.moves_made + 1]
        self._apply(src, GAPS if src == RESERVE and dst > GAPS else dst)
        self.moves_made += 1
        return True

    def save(self):
        n = 2 * self.moves_known
        out = bytearray(_HEADER + _DECK + n + 2)
        out[0:3] = b"BB\x01"                     # magic, _VERSION
        for i in range(4):
            out[3 + i] = (self.deal_number >> (24 - 8 * i)) & 0xFF
        out[7] = self.moves_made
        out[8] = self.moves_known
        out[_HEADER:_HEADER + _DECK] = self.layout
        out[_HEADER + _DECK:_HEADER + _DECK + n] = self.history[:n]
        crc = crc16(out, 0xFFFF, 0, len(out) - 2)
        out[-2] = crc >> 8
        out[-1] = crc & 0xFF
        return bytes(out)

    def restore(self, data):
        """Load a save; on any fault raise SaveError and leave this game untouched."""
        if len(data) < 3 or data[0:2] != b"BB":
            raise SaveError("not a Big Ben save")
        if data[2] != _VERSION:
            raise SaveError("save format %d, expected %d" % (data[2], _VERSION))
        made, known = (data[7], data[8]) if len(data) > 8 else (0, 0)
        if len(data) != _HEADER + _DECK + 2 * known + 2:
            raise SaveError("save is truncated")
        if crc16(data, 0xFFFF, 0, len(data) - 2) != (data[-2] << 8) | data[-1]:
            raise SaveError("save is corrupt (checksum)")
        number = (data[3] << 24) | (data[4] << 16) | (data[5] << 8) | data[6]
        seen = bytearray(_DECK)
        for i in range(_DECK):
            c = data[_HEADER + i]
            if c >= _DECK or seen[c] or (i < HOURS and (
                    c >> 3 != base_rank(i) or (c >> 1) & 3 != hour_suit(i))):
                raise SaveError("save holds an impossible layout")
            seen[c] = 1
        if made > known or known > _MAX_MOVES or number > _MAX_SEED:
            raise SaveError("save holds an impossible history")
        # Replay through the rules; on an illegal move put back the game as it was.
        old = self.save()
        self.start(data, number, _HEADER)
        for i in range(_HEADER + _DECK, _HEADER + _DECK + 2 * known, 2):
            src = data[i]
            dst = data[i + 1]
            fill = src == RESERVE and dst > GAPS
            if self.check(src, GAPS if fill else dst) or self._apply(
                    src, GAPS if fill else dst) != dst:
                self._reload(old)
                raise SaveError("save holds an illegal move")
        self.history[0:2 * known] = data[_HEADER + _DECK:_HEADER + _DECK + 2 * known]
        self.moves_made = self.moves_known = known
        while self.moves_made > made:
            self.undo()

    def _reload(self, data):
        """Load a save this game made itself, unchecked."""
        known = data[8]
        self.start(data, (data[3] << 24) | (data[4] << 16) | (data[5] << 8) | data[6], _HEADER)
        self.history[0:2 * known] = data[_HEADER + _DECK:_HEADER + _DECK + 2 * known]
        self.moves_known = known
        while self.moves_made < data[7]:
            self.redo()
