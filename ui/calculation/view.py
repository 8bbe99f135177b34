"""Calculation's table at 160x128, drawn (ui/calculation/table.py plays on it).

Top row: the four foundations, each with its step and the rank it needs next below it, and
the turned card with the stock's count. Bottom row: the four waste piles fanned downwards,
the newest cards showing (a count says how many lie hidden under them). Right of the waste
piles the moves made so far are counted; the message row at the bottom. Per move only tile
indices change, so a move allocates nothing.
"""
import displayio

from engine.calculation import PILES
from ui import deck as sprites
from ui import text
from ui.glyphs import grid
from ui.message import Message

try:
    from micropython import const
except ImportError:
    const = int

_COL_W = const(30)
_TOP_Y = const(13)
_NEXT_Y = const(31)
_WASTE_Y = const(45)
_SHOWN = const(6)           # waste cards in view: five strips and the top card
_TURNED_X = const(128)
TURNED = const(4)               # cursor places: foundations 0-3, the turned card, waste 5-8
_MOVES_X = const(126)


class CalcView:
    def __init__(self):
        sheet, palette = sprites.build()
        self.group = displayio.Group()
        self._found = []
        self._next = []
        self._waste = []
        self._hidden = []
        for f in range(PILES):
            x = 2 + f * _COL_W
            self._found.append(grid(self.group, (sheet, palette), 3, 2, x, _TOP_Y))
            step = text.row(2, x, _NEXT_Y - 2)
            text.write(step, "+%d" % (f + 1))
            self.group.append(step)
            self._next.append(grid(self.group, (sheet, palette), 1, 1, x + 14, _NEXT_Y))
            self._waste.append(grid(self.group, (sheet, palette), 3, _SHOWN + 1, x, _WASTE_Y))
            # below the fan, a pixel clear of the cursor's frame round a full fan's top card
            self._hidden.append(self._row(2, x + 6, _WASTE_Y + (_SHOWN + 1) * sprites.TILE))
        self._turned = grid(self.group, (sheet, palette), 3, 2, _TURNED_X, _TOP_Y)
        # the counts are text rows (digits set as tiles: a move allocates nothing): the
        # stock's on the steps' line, the deal's beside its label, the moves' under theirs
        self._stock = self._row(2, _TURNED_X + 6, _NEXT_Y - 2)
        self._deal = self._row(5, 128, 0)
        self.moves = self._row(3, _MOVES_X + 12, _WASTE_Y + 12)
        for words, x, y in (("Calculation", 2, 0), ("Deal", 88, 0), ("Moves", _MOVES_X, _WASTE_Y)):
            label = text.row(len(words), x, y)
            text.write(label, words)
            self.group.append(label)
        self._cursor = sprites.frame(self.group, 3 * sprites.TILE + 2, 2 * sprites.TILE + 2,
                                     sprites.CURSOR)
        # round a fanned waste pile's top card the frame's top line lies on the card's own
        # top edge: a pixel higher it would cut the rank above it (a Q's tail, read as an O)
        self._fan_cursor = sprites.frame(self.group, 3 * sprites.TILE + 2,
                                         2 * sprites.TILE + 1, sprites.CURSOR)
        self.message = Message(self.group)

    def _row(self, chars, x, y):
        r = text.row(chars, x, y)
        self.group.append(r)
        return r

    def draw_all(self, g, place):
        for f in range(PILES):
            self.draw_found(g, f)
            self.draw_waste(g, f)
        self.draw_turned(g)
        text.number(self._deal, 0, 5, g.deal_number)
        self.set_cursor(g, place)
        self.count(g)

    def draw_found(self, g, f):
        sprites.set_card(self._found[f], 0, 0, g.top(f), False)
        r = g.needed(f)
        self._next[f][0] = sprites.BLANK if r < 0 else sprites.RANK_BLACK + r

    def draw_waste(self, g, w):
        grid = self._waste[w]
        n = g.wlen[w]
        first = n - _SHOWN if n > _SHOWN else 0
        sprites.clear(grid, 0, 0, 3, _SHOWN + 1)
        if n == 0:
            sprites.set_slot(grid, 0, 0)
        for i in range(first, n):
            sprites.set_card(grid, 0, i - first, g.waste_card(w, i), i < n - 1)
        hide = self._hidden[w]
        if first:
            text.number(hide, 0, 2, first)
        if hide.hidden != (first == 0):
            hide.hidden = first == 0

    def draw_turned(self, g):
        c = g.turned()
        if c < 0:
            sprites.clear(self._turned, 0, 0, 3, 2)
            sprites.set_slot(self._turned, 0, 0)
        else:
            sprites.set_card(self._turned, 0, 0, c, False)
        text.number(self._stock, 0, 2, g.face_down())

    def count(self, g):
        text.number(self.moves, 0, 3, g.moves_made)

    def set_cursor(self, g, p):
        n = g.wlen[p - TURNED - 1] if p > TURNED else 0
        fan = n > 1
        c = self._fan_cursor if fan else self._cursor
        self._cursor.hidden = fan
        self._fan_cursor.hidden = not fan
        if p < TURNED:
            c.x = 1 + p * _COL_W
            c.y = _TOP_Y - 1
        elif p == TURNED:
            c.x = _TURNED_X - 1
            c.y = _TOP_Y - 1
        else:
            c.x = 1 + (p - TURNED - 1) * _COL_W
            shown = n if n < _SHOWN else _SHOWN
            c.y = _WASTE_Y - 1 + fan + sprites.TILE * (shown - 1 if n else 0)

    def say(self, words):
        self.message.say(words)
