"""Black Hole (David Parlett): the patience itself.

The Ace of spades starts the hole; 51 cards lie in 17 fans of three. A fan's top card may
go into the hole when its rank is one above or below the hole's top card, suit ignored,
King and Ace adjacent. Won with all 52 in the hole; stuck when no top card fits.

Every move takes a top card, so the fans never change order: the position is just the fan
heights, and a move is remembered as one byte (its fan). History holds at most 51 moves,
which makes undo and redo to any depth a matter of walking a 51-byte array.
"""
try:
    from micropython import const
except ImportError:
    const = int

from engine.cards import ACE_OF_SPADES, DECK_SIZE, adjacent
from engine.crc import crc16
from engine.tableau import NUM_FANS, TABLEAU_CARDS, Tableau, deal_cards

OK = const(0)
_NO_SUCH_FAN = const(1)
_EMPTY_FAN = const(2)
NOT_ADJACENT = const(3)

REASONS = (
    "",
    "there is no such fan",
    "that fan is empty",
    "rank must be one above or below the hole",
)

SAVE_MAGIC = b"BH"
SAVE_VERSION = const(1)
_HEADER = const(9)      # magic 2, version 1, deal number 4, moves made 1, moves known 1


class IllegalMove(ValueError):
    pass


class SaveError(ValueError):
    pass


class BlackHole:
    def __init__(self):
        self.tableau = Tableau()
        self.hole = bytearray(DECK_SIZE)
        self.hole_len = 1
        self.history = bytearray(TABLEAU_CARDS)
        self.moves_made = 0
        self.moves_known = 0
        self.deal_number = 0

    # -- setting up -----------------------------------------------------------------
    def new_deal(self, number):
        deal_cards(number, self.tableau.cards)
        self.start(self.tableau.cards, number)

    def start(self, cards, number=0):
        """Start from 51 fan cards (fan-major, top last); number 0 means a custom layout."""
        self.tableau.load(cards)
        self.hole[0] = ACE_OF_SPADES
        self.hole_len = 1
        self.moves_made = 0
        self.moves_known = 0
        self.deal_number = number

    # -- questions ------------------------------------------------------------------
    def top_rank(self):
        return self.hole[self.hole_len - 1] >> 2

    def check(self, fan):
        """OK when the top card of fan may go to the hole, else the reason's code."""
        if fan < 0 or fan >= NUM_FANS:
            return _NO_SUCH_FAN
        c = self.tableau.top(fan)
        if c < 0:
            return _EMPTY_FAN
        if not adjacent(c >> 2, self.hole[self.hole_len - 1] >> 2):
            return NOT_ADJACENT
        return OK

    def legal_moves(self, out):
        """Write the playable fans into out (17 bytes or more); return how many."""
        n = 0
        top = self.hole[self.hole_len - 1] >> 2
        t = self.tableau
        for f in range(NUM_FANS):
            c = t.top(f)
            if c >= 0 and adjacent(c >> 2, top):
                out[n] = f
                n += 1
        return n

    def first_move(self):
        """Lowest playable fan, or -1: the greedy player's choice, without allocating."""
        top = self.hole[self.hole_len - 1] >> 2
        t = self.tableau
        for f in range(NUM_FANS):
            c = t.top(f)
            if c >= 0 and adjacent(c >> 2, top):
                return f
        return -1

    def is_won(self):
        return self.hole_len == DECK_SIZE

    def is_stuck(self):
        return self.hole_len < DECK_SIZE and self.first_move() < 0

    def cards_left(self):
        return DECK_SIZE - self.hole_len

    # -- changing the position ------------------------------------------------------
    def play(self, fan):
        code = self.check(fan)
        if code:
            raise IllegalMove(REASONS[code])
        self._apply(fan)
        self.history[self.moves_made] = fan
        self.moves_made += 1
        self.moves_known = self.moves_made

    def _apply(self, fan):
        self.hole[self.hole_len] = self.tableau.pop(fan)
        self.hole_len += 1

    def undo(self):
        if self.moves_made == 0:
            return False
        self.moves_made -= 1
        self.tableau.push_back(self.history[self.moves_made])
        self.hole_len -= 1
        return True

    def redo(self):
        if self.moves_made >= self.moves_known:
            return False
        self._apply(self.history[self.moves_made])
        self.moves_made += 1
        return True

    # -- saving ---------------------------------------------------------------------
    def save(self):
        n = self.moves_known
        out = bytearray(_HEADER + TABLEAU_CARDS + n + 2)
        out[0:2] = SAVE_MAGIC
        out[2] = SAVE_VERSION
        d = self.deal_number
        out[3] = (d >> 24) & 0xFF
        out[4] = (d >> 16) & 0xFF
        out[5] = (d >> 8) & 0xFF
        out[6] = d & 0xFF
        out[7] = self.moves_made
        out[8] = n
        out[_HEADER:_HEADER + TABLEAU_CARDS] = self.tableau.cards
        out[_HEADER + TABLEAU_CARDS:_HEADER + TABLEAU_CARDS + n] = self.history[:n]
        crc = crc16(out, 0xFFFF, 0, len(out) - 2)
        out[-2] = crc >> 8
        out[-1] = crc & 0xFF
        return bytes(out)

    def restore(self, data):
        """Load a save; on any fault raise SaveError and leave this game untouched."""
        if len(data) < _HEADER + TABLEAU_CARDS + 2:
            raise SaveError("save is truncated")
        if data[0:2] != SAVE_MAGIC:
            raise SaveError("not a Black Hole save")
        if data[2] != SAVE_VERSION:
            raise SaveError("save format %d, expected %d" % (data[2], SAVE_VERSION))
        made = data[7]
        known = data[8]
        if len(data) != _HEADER + TABLEAU_CARDS + known + 2:
            raise SaveError("save is truncated")
        if crc16(data, 0xFFFF, 0, len(data) - 2) != (data[-2] << 8) | data[-1]:
            raise SaveError("save is corrupt (checksum)")
        seen = bytearray(DECK_SIZE)
        for i in range(_HEADER, _HEADER + TABLEAU_CARDS):
            c = data[i]
            if c >= DECK_SIZE or c == ACE_OF_SPADES or seen[c]:
                raise SaveError("save holds an impossible layout")
            seen[c] = 1
        if made > known or known > TABLEAU_CARDS or data[3] > 0x3F:     # deals 0..2**30 - 1
            raise SaveError("save holds an impossible history")
        # Replay the history on fan heights alone, so a bad save leaves this game untouched.
        heights = seen
        for f in range(NUM_FANS):
            heights[f] = 3
        top = ACE_OF_SPADES >> 2
        for i in range(_HEADER + TABLEAU_CARDS, _HEADER + TABLEAU_CARDS + known):
            f = data[i]
            if f >= NUM_FANS or heights[f] == 0:
                raise SaveError("save holds an illegal move")
            heights[f] -= 1
            r = data[_HEADER + f * 3 + heights[f]] >> 2
            if not adjacent(r, top):
                raise SaveError("save holds an illegal move")
            top = r
        self.start(data[_HEADER:_HEADER + TABLEAU_CARDS],
                   (data[3] << 24) | (data[4] << 16) | (data[5] << 8) | data[6])
        self.history[0:known] = data[_HEADER + TABLEAU_CARDS:_HEADER + TABLEAU_CARDS + known]
        self.moves_known = known
        while self.moves_made < made:
            self.redo()
