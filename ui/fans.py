"""The Black Hole table at 160x128: status line, 17 fans and the hole in a 6x3 grid, message line.

Fan f sits in reading order (row f // 6, column f % 6), the hole in the last cell, so fan
numbers on screen are the engine's and the solver's. Everything that changes per move is a
tile index; the labels only change on events (a refusal, a hint, the end of a game).
"""
import displayio

from engine.tableau import FAN_SIZE, NUM_FANS
from ui import deck as sprites
from ui import text
from ui.glyphs import grid
from ui.message import Message

try:
    from micropython import const
except ImportError:
    const = int

_COLS = const(6)
_CELL_W = const(26)
_CELL_H = const(34)
_GRID_X = const(2)
_GRID_Y = const(13)
HOLE_CELL = const(17)


def cell_x(i):
    return _GRID_X + (i % _COLS) * _CELL_W + 1


def cell_y(i):
    return _GRID_Y + (i // _COLS) * _CELL_H + 1


def cell_xy(i):
    """Both at once, for drawing at start-up: the tuple is an allocation a move cannot afford."""
    return cell_x(i), cell_y(i)


def _hole_backdrop(x, y):
    bmp = displayio.Bitmap(_CELL_W, _CELL_H, 1)
    pal = displayio.Palette(1)
    pal[0] = sprites.COLOURS[sprites.HOLE]
    return displayio.TileGrid(bmp, pixel_shader=pal, x=x, y=y)


class TableView:
    def __init__(self, sheet, palette):
        self.group = displayio.Group()
        self._fans = []
        for f in range(NUM_FANS):
            x, y = cell_xy(f)
            g = displayio.TileGrid(sheet, pixel_shader=palette, width=3, height=4,
                                   tile_width=sprites.TILE, tile_height=sprites.TILE, x=x, y=y)
            self._fans.append(g)
            self.group.append(g)
        x, y = cell_xy(HOLE_CELL)
        self.group.append(_hole_backdrop(x - 1, y - 1))
        # Counters get grids of their own: a changed tile can mark its whole grid dirty.
        self._hole = grid(self.group, (sheet, palette), 3, 2, x, y)
        # the count right under the hole's card, clear of the solver's bar below it
        self._hole_count = grid(self.group, (sheet, palette), 3, 1, x, y + 2 * sprites.TILE)
        # header: "Left 40  Moves 123    #12345", each count on the text line a space after
        # its label ("#" just before it), in rows of their own
        for words, x in (("Left", 1), ("Moves", 52), ("#", 122)):
            r = text.row(len(words), x, 0)
            text.write(r, words)
            self.group.append(r)
        self._left = self._row(2, 31)
        self._moves = self._row(3, 88)
        self._deal = self._row(5, 128)
        self._cursor = sprites.frame(self.group, _CELL_W, _CELL_H, sprites.CURSOR)
        self.message = Message(self.group)

    def _row(self, chars, x):
        r = text.row(chars, x, 0)
        self.group.append(r)
        return r

    def draw_fan(self, game, f):
        grid = self._fans[f]
        t = game.tableau
        h = t.heights[f]
        base = f * FAN_SIZE
        sprites.clear(grid, 0, 0, 3, 4)
        if h == 0:
            sprites.set_slot(grid, 0, 0)
            return
        for i in range(h - 1):
            sprites.set_card(grid, 0, i, t.cards[base + i], True)
        sprites.set_card(grid, 0, h - 1, t.cards[base + h - 1], False)

    def draw_hole(self, game):
        sprites.set_card(self._hole, 0, 0, game.hole[game.hole_len - 1], False)
        sprites.set_number(self._hole_count, 0, 0, 3, game.hole_len)

    def draw_status(self, game):
        text.number(self._left, 0, 2, game.cards_left(), True)
        text.number(self._moves, 0, 3, game.moves_made, True)
        text.number(self._deal, 0, 5, game.deal_number % 100000, True)

    def draw_all(self, game):
        for f in range(NUM_FANS):
            self.draw_fan(game, f)
        self.draw_hole(game)
        self.draw_status(game)

    def after_move(self, game, fan):
        """Redraw what one play, undo or redo of `fan` changed."""
        self.draw_fan(game, fan)
        self.draw_hole(game)
        self.draw_status(game)

    def set_cursor(self, f):
        self._cursor.x = cell_x(f) - 1
        self._cursor.y = cell_y(f) - 1

    def say(self, words):
        self.message.say(words)
