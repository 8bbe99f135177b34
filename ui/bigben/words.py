"""Big Ben's hint in words that name the move, made from the move and the table alone (what
the hint engine thinks of it is its own):

    J♣ home to 5 o'clock       a card from a pile or the waste to its foundation
    6♠ onto 7♠ at 3            a card onto the pile at 3 o'clock
    Fill the gaps              the reserve fills every gap
    Deal: no card can move     the reserve deals to the waste: nothing else is allowed
    Deal: a new card to play   it deals though a card could move: no such move is worth it,
                               a new card may be (words that do not sound like a loss)

The font has no suit signs, so a card shows as on the table: a chip of its rank and suit
tiles (ui/deck.py) over three blank cells of the message row (the table's two chips,
which its say() hides). The words are put on the row piece by piece (ui/text.py put()), so
a hint allocates nothing."""
from engine.bigben import FOUND, GAPS, RESERVE
from ui import deck as sprites
from ui import text

_HOURS = ("12", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11")
_ONTO = 9               # the cell of the second card in "J♣ onto Q♣ at 3"
PUT = "#"               # what the table has said when the words were put together here


def hint(t, h):
    """Hint h (the move in its low ten bits, src << 5 | dst; -1 for none) on table t: the
    cursor on its card (picked up) and its place, and its words."""
    if h < 0:
        return t.say("No move to suggest")
    g = t.game
    src = h >> 5 & 31
    dst = h & 31
    t.held = -1 if src == RESERVE else src
    t.place = RESERVE if src == RESERVE else dst
    t._set_cursor()
    if src == RESERVE:
        return t.say("Fill the gaps" if dst == GAPS else
                     "Deal: no card can move" if g.card_move() < 0 else
                     "Deal: a new card to play")
    row = t._msg
    t.say("")
    _chip(t, 0, 0, g.top(src))
    if dst >= FOUND:
        at = text.put(row, 3, " home to ")
        text.put(row, text.put(row, at, _HOURS[dst - FOUND]), " o'clock")
    else:
        text.put(row, 3, " onto ")
        _chip(t, 1, _ONTO, g.top(dst))
        text.put(row, text.put(row, _ONTO + 3, " at "), _HOURS[dst])
    t.said = PUT


def _chip(t, i, at, c):
    chip = t.chips[i]
    face = c >> 1
    chip[0] = (sprites.RANK_RED if 0 < face & 3 < 3 else sprites.RANK_BLACK) + (face >> 2)
    chip[1] = sprites.SUIT + (face & 3)
    chip.x = t._msg.x + 6 * at + 1
    chip.hidden = False
