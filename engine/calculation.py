"""Calculation (Broken Intervals). Foundation f (0..3) starts with a card of rank f (A, 2, 3,
4) and takes, suit ignored, the rank f + 1 above its top, past the King, up to its 13th card,
a King. The stock is turned once, a card at a time; the turned card goes to a foundation that
needs its rank or onto any of four waste piles, whose tops may later go to a foundation.

Places: foundations 0-3, waste piles 4-7 (WASTE + w), the turned card STOCK. A move is one
byte, (source - WASTE) * 8 + destination; history is at most 96 bytes (a stock card moves at
most twice). Cards leave the stock from its top only, so a move back to it is a count going up.
"""
try:
    from micropython import const
except ImportError:
    const = int

from engine.crc import crc16
from engine.rng import MsRandom

PILES = const(4)
WASTE = const(4)
STOCK = const(8)
_CARDS = const(13)
ROOM = const(48)        # the stock's cards; a waste pile's room: pile w at .waste[w * ROOM]
_MAX_MOVES = const(96)
_DECK = const(52)
_MAX_SEED = const(0x3FFFFFFF)

OK = const(0)
NO_SUCH_PLACE = const(1)
FOUNDATION_STAYS = const(2)
NO_CARD = const(3)
WASTE_TAKES_TURNED = const(4)
COMPLETE = const(5)
NOT_NEEDED = const(6)

REASONS = ("", "no such pile", "foundation cards stay", "no card there",
           "waste piles take the turned card only", "that foundation is complete",
           "not the rank needed there")

_MAGIC = b"CA"
_VERSION = const(1)
_HEADER = const(9)      # magic 2, version 1, deal number 4, moves made 1, moves known 1
_LAYOUT = const(52)     # the four base cards, then the stock bottom first


IllegalMove = ValueError  # what play() raises, with the reason; check() asks without raising


class SaveError(ValueError):
    """A save that is not a whole, sound Calculation game."""


def rank_at(f, k):
    """Rank (0 Ace .. 12 King) of card k (0 = the base) of foundation f: (k+1)(f+1) - 1."""
    return ((k + 1) * (f + 1) - 1) % 13


def deal_cards(number, out):
    """Write deal `number` into out (52 bytes): bases A, 2, 3, 4, then the stock bottom first.
    PySolFC's order: shuffle the MS-ordered deck (the list runs from the talon's bottom up),
    lift out the lowest-lying card of each rank Ace to 4 as the bases, turn from the top."""
    deck = bytearray(_DECK)
    for i in range(_DECK):
        deck[i] = i
    MsRandom(number).shuffle(deck)
    taken = 0
    k = PILES
    for i in range(_DECK):
        c = deck[i]
        r = c >> 2
        if r < PILES and not taken & (1 << r):
            taken |= 1 << r
            out[r] = c
            continue
        out[k] = c
        k += 1
    return out


# A move's source (STOCK or a waste pile WASTE + w) and destination (foundation or waste).
def move_src(m):
    return ((m >> 3) & 7) + WASTE


def move_dst(m):
    return m & 7


class Calculation:
    def __init__(self):
        self.found = bytearray(PILES * _CARDS)      # foundation f at f * 13, base first
        self.flen = bytearray(PILES)
        self.waste = bytearray(PILES * ROOM)      # bottom first
        self.wlen = bytearray(PILES)
        self.stock = bytearray(ROOM)              # bottom first; the top is turned
        self.history = bytearray(_MAX_MOVES)
        self.stock_len = self.moves_made = self.moves_known = self.deal_number = 0

    def new_deal(self, number):
        if not 0 < number <= _MAX_SEED:
            raise ValueError("deal number out of range")
        self.start(deal_cards(number, bytearray(_LAYOUT)), number)

    def start(self, layout, number=0, at=0):
        """Start from 52 cards from layout[at]: the bases (A, 2, 3, 4), the stock bottom first."""
        for f in range(PILES):
            self.found[f * _CARDS] = layout[at + f]
            self.flen[f] = 1
            self.wlen[f] = 0
        for i in range(ROOM):
            self.stock[i] = layout[at + PILES + i]
        self.stock_len = ROOM
        self.moves_made = self.moves_known = 0
        self.deal_number = number

    def turned(self):
        """The turned card (top of the stock), or -1 when the stock is used up."""
        return self.stock[self.stock_len - 1] if self.stock_len else -1

    def face_down(self):
        """Cards still face down under the turned card."""
        return self.stock_len - 1 if self.stock_len else 0

    def top(self, place):
        """Top card of a foundation (0-3), a waste pile (WASTE + w) or STOCK, or -1."""
        if place < WASTE:
            return self.found[place * _CARDS + self.flen[place] - 1]
        if place < STOCK:
            n = self.wlen[place - WASTE]
            return self.waste[(place - WASTE) * ROOM + n - 1] if n else -1
        return self.turned()

    def needed(self, f):
        """Rank foundation f takes next (0 Ace .. 12 King), or -1 once it is complete."""
        n = self.flen[f]
        return rank_at(f, n) if n < _CARDS else -1

    def waste_card(self, w, i):
        """Card i (0 = bottom) of waste pile w, which holds wlen[w] cards."""
        return self.waste[w * ROOM + i]

    def on_foundations(self):
        return self.flen[0] + self.flen[1] + self.flen[2] + self.flen[3]

    def check(self, src, dst):
        """OK when the top card of src may go to dst, else the reason's code."""
        if src > STOCK or dst < 0 or dst >= STOCK:
            return NO_SUCH_PLACE
        if src < WASTE:
            return FOUNDATION_STAYS
        c = self.top(src)
        if c < 0:
            return NO_CARD
        if dst >= WASTE:
            return OK if src == STOCK else WASTE_TAKES_TURNED
        n = self.flen[dst]
        if n == _CARDS:
            return COMPLETE
        return OK if c >> 2 == rank_at(dst, n) else NOT_NEEDED

    def foundation_move(self):
        """A move that builds on a foundation (waste tops first, then the turned card), or -1."""
        for src in range(WASTE, STOCK + 1):
            for f in range(PILES):
                if not self.check(src, f):
                    return ((src - WASTE) << 3) | f
        return -1

    def is_won(self):
        return self.on_foundations() == _DECK

    def is_stuck(self):
        """Lost: the stock is used up, cards remain, and no waste top builds."""
        return self.stock_len == 0 and not self.is_won() and self.foundation_move() < 0

    def play(self, src, dst):
        code = self.check(src, dst)
        if code:
            raise IllegalMove(REASONS[code])
        m = ((src - WASTE) << 3) | dst
        self.apply(m)
        self.history[self.moves_made] = m
        self.moves_made += 1
        self.moves_known = self.moves_made

    def pop(self, place):
        if place < WASTE:
            self.flen[place] -= 1
            return self.found[place * _CARDS + self.flen[place]]
        if place < STOCK:
            w = place - WASTE
            self.wlen[w] -= 1
            return self.waste[w * ROOM + self.wlen[w]]
        self.stock_len -= 1
        return self.stock[self.stock_len]

    def push(self, place, c):
        if place < WASTE:
            self.found[place * _CARDS + self.flen[place]] = c
            self.flen[place] += 1
        elif place < STOCK:
            w = place - WASTE
            self.waste[w * ROOM + self.wlen[w]] = c
            self.wlen[w] += 1
        else:
            self.stock_len += 1     # the card never left its slot

    def apply(self, m):
        self.push(m & 7, self.pop(move_src(m)))

    def undo(self):
        if self.moves_made == 0:
            return False
        self.moves_made -= 1
        m = self.history[self.moves_made]
        self.push(move_src(m), self.pop(m & 7))
        return True

    def redo(self):
        if self.moves_made >= self.moves_known:
            return False
        self.apply(self.history[self.moves_made])
        self.moves_made += 1
        return True

    def save(self):
        n = self.moves_known
        out = bytearray(_HEADER + _LAYOUT + n + 2)
        out[0:3] = b"CA\x01"                     # _MAGIC, _VERSION
        for i in range(4):
            out[3 + i] = (self.deal_number >> (24 - 8 * i)) & 0xFF
        out[7] = self.moves_made
        out[8] = n
        for f in range(PILES):
            out[_HEADER + f] = self.found[f * _CARDS]
        out[_HEADER + PILES:_HEADER + _LAYOUT] = self.stock
        out[_HEADER + _LAYOUT:_HEADER + _LAYOUT + n] = self.history[:n]
        crc = crc16(out, 0xFFFF, 0, len(out) - 2)
        out[-2] = crc >> 8
        out[-1] = crc & 0xFF
        return bytes(out)

    def restore(self, data):
        """Load a save; on any fault raise SaveError and leave this game untouched."""
        if data[0:2] != _MAGIC or len(data) < 3:
            raise SaveError("not a Calculation save")
        if data[2] != _VERSION:
            raise SaveError("save format %d, expected %d" % (data[2], _VERSION))
        made, known = (data[7], data[8]) if len(data) > 8 else (0, 0)
        if len(data) != _HEADER + _LAYOUT + known + 2:
            raise SaveError("save is truncated")
        if crc16(data, 0xFFFF, 0, len(data) - 2) != (data[-2] << 8) | data[-1]:
            raise SaveError("save is corrupt (checksum)")
        number = (data[3] << 24) | (data[4] << 16) | (data[5] << 8) | data[6]
        seen = bytearray(_DECK)
        for i in range(_LAYOUT):
            c = data[_HEADER + i]
            if c >= _DECK or seen[c] or (i < PILES and c >> 2 != i):
                raise SaveError("save holds an impossible layout")
            seen[c] = 1
        if made > known or known > _MAX_MOVES or number > _MAX_SEED:
            raise SaveError("save holds an impossible history")
        # Replay on a few bytes, so a bad save leaves this game untouched: st holds the
        # foundation heights, the waste tops (52: empty) and the stock height; under[c] is the
        # card below c on its waste pile.
        under = seen
        st = bytearray(b"\x01\x01\x01\x01\x34\x34\x34\x34\x30")
        for i in range(_HEADER + _LAYOUT, _HEADER + _LAYOUT + known):
            m = data[i]
            src = move_src(m)
            dst = m & 7
            c = -1
            if m < 40 and src == STOCK and st[STOCK]:
                st[STOCK] -= 1
                c = data[_HEADER + PILES + st[STOCK]]
            elif m < 40 and src < STOCK and st[src] < _DECK:
                c = st[src]
                st[src] = under[c]
            if c >= 0 and dst >= WASTE and src == STOCK:
                under[c] = st[dst]
                st[dst] = c
            elif c >= 0 and dst < WASTE and st[dst] < _CARDS and c >> 2 == rank_at(dst, st[dst]):
                st[dst] += 1
            else:
                raise SaveError("save holds an illegal move")
        self.start(data, number, _HEADER)
        self.history[0:known] = data[_HEADER + _LAYOUT:_HEADER + _LAYOUT + known]
        self.moves_known = known
        while self.moves_made < made:
            self.redo()
