"""A 52-card card is one small int: rank * 4 + suit.

Ranks 0..12 are A..K and suits 0..3 are clubs, diamonds, hearts, spades. This is the order
of the classic MS/PySolFC deck (AC AD AH AS 2C ...), so dealing needs no remapping and
the rank is one shift away, which is what Black Hole asks of every move.
"""
try:
    from micropython import const
except ImportError:
    const = int

ACE_OF_SPADES = const(3)
DECK_SIZE = const(52)
_NUM_RANKS = const(13)

RANK_CHARS = "A23456789TJQK"      # name() and parse()'s letters: T is the ten
SUIT_CHARS = "CDHS"


def rank(card):
    return card >> 2


def suit(card):
    return card & 3


def is_red(card):
    s = card & 3
    return s == 1 or s == 2


def make(rank_index, suit_index):
    return rank_index * 4 + suit_index


def name(card):
    return RANK_CHARS[card >> 2] + SUIT_CHARS[card & 3]


def parse(text):
    """'TH' -> card. Accepts '10' for ten and either case; raises ValueError naming the text."""
    t = text.strip().upper()
    if t[:2] == "10":
        t = "T" + t[2:]
    if len(t) != 2 or t[0] not in RANK_CHARS or t[1] not in SUIT_CHARS:
        raise ValueError("unknown card %r" % text)
    return RANK_CHARS.index(t[0]) * 4 + SUIT_CHARS.index(t[1])


def adjacent(rank_a, rank_b):
    """One rank apart on the circle A..K, where King and Ace touch."""
    d = rank_a - rank_b
    return d == 1 or d == -1 or d == 12 or d == -12
