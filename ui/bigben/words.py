"""Big Ben's hint in words that name the move, made from the move and the table alone (what
the hint engine thinks of it is its own):

    J♣ home to 5 o'clock       a card from a pile or the waste to its foundation
    6♠ onto 7♠ at 3            a card onto the pile at 3 o'clock
    Fill the gaps              the reserve fills every gap
    Deal: no card can move     the reserve deals to the waste: nothing else is allowed
    Deal: a new card to play   it deals though a card could move: no such move is worth it,
                               a new card may be (words that do not sound like a loss)
    No move helps: 3 remain    the reserve is used up and no card move gets a card home,
                               though 3 are allowed (the player may still try them)
    No move to suggest         no move is allowed at all

The font has no suit signs, so a card shows as on the table: a chip of its rank and suit
tiles (ui/deck.py) over three blank cells of the message row (the table's two chips,
which its say() hides). The words are put on the row piece by piece (ui/text.py put()), so
a hint allocates nothing."""
from engine.bigben import FOUND, GAPS, RESERVE, WASTE
from ui import deck as sprites
from ui import text

_HOURS = ("12", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11")
_DIGITS = "0123456789"
_ONTO = 9               # the cell of the second card in "J♣ onto Q♣ at 3"


def hint(t, h):
    """Hint h (the move in its low ten bits, src << 5 | dst; -1 for none) in words on table
    t's message row."""
    g = t.game
    if h < 0:
        n = _legal(g)
        if not n:
            return t.say("No move to suggest")
        t.say("")
        row = t.message.row
        at = text.put(row, 0, "No move helps: ")
        if n > 9:
            at = text.put(row, at, _DIGITS[n // 10 % 10])
        text.put(row, text.put(row, at, _DIGITS[n % 10]), " remain")
        t.message.said = None
        return
    src = h >> 5 & 31
    dst = h & 31
    if src == RESERVE:
        return t.say("Fill the gaps" if dst == GAPS else
                     "Deal: no card can move" if g.card_move() < 0 else
                     "Deal: a new card to play")
    row = t.message.row
    t.say("")
    _chip(t, 0, 0, g.top(src))
    if dst >= FOUND:
        at = text.put(row, 3, " home to ")
        text.put(row, text.put(row, at, _HOURS[dst - FOUND]), " o'clock")
    else:
        text.put(row, 3, " onto ")
        _chip(t, 1, _ONTO, g.top(dst))
        text.put(row, text.put(row, _ONTO + 3, " at "), _HOURS[dst])
    t.message.said = None         # pieces: the next words replace them


def _legal(g):
    """How many card moves the rules allow."""
    n = 0
    for src in range(WASTE + 1):
        if src < FOUND or src == WASTE:
            for dst in range(WASTE):
                n += not g.check(src, dst)
    return n


def _chip(t, i, at, c):
    chip = t.chips[i]
    face = c >> 1
    chip[0] = sprites.rank_tile(face)
    chip[1] = sprites.SUIT + (face & 3)
    chip.x = t.message.row.x + 6 * at + 1
    chip.hidden = False
