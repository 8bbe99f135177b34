"""Calculation's hint in words that name the move, made from the move and the table alone
(what the hint engine thinks of it is its own):

    7 to the 2s               the turned card to a foundation
    Q to waste 3              the turned card onto a waste pile (1-4 from the left)
    Waste 2's 9 to the 3s     a waste pile's top card to a foundation

A foundation is named by the rank it starts from and steps in: the Aces, the 2s, the 3s, the
4s (the "+1" to "+4" under them). The words are put on the row piece by piece (ui/text.py
put()), so a hint allocates nothing."""
from engine.calculation import STOCK, WASTE, move_dst, move_src
from ui import text

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_NAMES = ("Aces", "2s", "3s", "4s")


def say(view, g, h):
    """Hint h (the move in its low six bits) in words on view's message row, before it is
    played."""
    src = move_src(h & 63)
    dst = move_dst(h & 63)
    row = view.message.row
    view.message.start()
    at = 0
    if src != STOCK:
        at = text.put(row, text.put(row, 0, "Waste "), "1234"[src - WASTE])
        at = text.put(row, at, "'s ")
    at = text.put(row, at, RANKS[g.top(src) >> 2])
    if dst >= WASTE:
        text.put(row, text.put(row, at, " to waste "), "1234"[dst - WASTE])
    else:
        text.put(row, text.put(row, at, " to the "), _NAMES[dst])
