"""Calculation's move in words that name places as the screen labels them, made from the
move and the table alone (what the hint engine thinks of it is its own):

    7 home to +2              the turned card to the foundation labelled +2
    Ace to the waste under +3 the turned card onto the waste pile under that foundation
    9 under +2 home to +3     the top card of the waste pile under +2 to a foundation

A foundation is named by its step, the "+1" to "+4" under it; a waste pile, which carries no
label, by the foundation above it; an Ace by its name (a lone "A" reads as the key). Hints
say these words before the move, auto-play after it ("Auto-play: 7 home to +2", "Sure win:
9 home to +3"). The words are put on the row piece by piece (ui/text.py put()), so they
allocate nothing."""
from engine.calculation import STOCK, WASTE, move_dst, move_src
from ui import text
from ui.deck import RANK_NAMES


def say(view, g, h):
    """Hint h (the move in its low six bits) in words on view's message row, before it is
    played."""
    src = move_src(h & 63)
    _put(view, 0, g.top(src) >> 2, src, move_dst(h & 63))


def auto(view, g, src, dst):
    """Auto-play's move from src to the foundation dst, just made, in words: a forced move
    of the turned card, or a waste top played out in a sure win."""
    view.message.start()
    at = text.put(view.message.row, 0, "Auto-play: " if src == STOCK else "Sure win: ")
    _put(view, at, g.top(dst) >> 2, STOCK, dst)


def _put(view, at, rank, src, dst):
    row = view.message.row
    if at == 0:
        view.message.start()
    at = text.put(row, at, RANK_NAMES[rank])
    if src != STOCK:
        at = text.put(row, text.put(row, at, " under +"), "1234"[src - WASTE])
    if dst >= WASTE:
        text.put(row, text.put(row, at, " to the waste under +"), "1234"[dst - WASTE])
    else:
        text.put(row, text.put(row, at, " home to +"), "1234"[dst])
    view.message.said = None      # pieces: the next words replace them
