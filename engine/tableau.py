"""Seventeen fans of up to three cards, as used by Black Hole and Parlett's Yo-yo.

Fan f holds cards[3f : 3f + heights[f]], bottom first, so the top card is the last one.
Dealing follows PySolFC: shuffle the MS-ordered deck, reverse it, lift out the Ace of
spades, then deal the remaining 51 cards round the fans one at a time.
"""
try:
    from micropython import const
except ImportError:
    const = int

from engine.cards import ACE_OF_SPADES, DECK_SIZE
from engine.rng import MsRandom

NUM_FANS = const(17)
FAN_SIZE = const(3)
TABLEAU_CARDS = const(51)


def deal_cards(number, out):
    """Write deal `number`'s 51 fan cards into out (bytearray(51)), fan-major, top last."""
    deck = bytearray(DECK_SIZE)
    for i in range(DECK_SIZE):
        deck[i] = i
    MsRandom(number).shuffle(deck)
    k = 0
    for i in range(DECK_SIZE - 1, -1, -1):
        c = deck[i]
        if c == ACE_OF_SPADES:
            continue
        out[(k % NUM_FANS) * FAN_SIZE + k // NUM_FANS] = c
        k += 1
    return out


class Tableau:
    def __init__(self):
        self.cards = bytearray(TABLEAU_CARDS)
        self.heights = bytearray(NUM_FANS)

    def load(self, cards):
        """Take 51 cards fan-major (bottom to top) and fill every fan to three."""
        self.cards[:] = cards
        for f in range(NUM_FANS):
            self.heights[f] = FAN_SIZE

    def top(self, fan):
        """Top card of fan, or -1 when it is empty."""
        h = self.heights[fan]
        if h == 0:
            return -1
        return self.cards[fan * FAN_SIZE + h - 1]

    def pop(self, fan):
        h = self.heights[fan] - 1
        self.heights[fan] = h
        return self.cards[fan * FAN_SIZE + h]

    def push_back(self, fan):
        """Undo a pop: the card is still in its slot, only the height moved."""
        self.heights[fan] += 1

    def remaining(self):
        n = 0
        for h in self.heights:
            n += h
        return n

    def rotate_top_to_bottom(self, fan):
        base = fan * FAN_SIZE
        h = self.heights[fan]
        c = self.cards[base + h - 1]
        for i in range(h - 1, 0, -1):
            self.cards[base + i] = self.cards[base + i - 1]
        self.cards[base] = c

    def rotate_bottom_to_top(self, fan):
        base = fan * FAN_SIZE
        h = self.heights[fan]
        c = self.cards[base]
        for i in range(h - 1):
            self.cards[base + i] = self.cards[base + i + 1]
        self.cards[base + h - 1] = c
