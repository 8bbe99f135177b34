"""The YoYo table: seat strip, top card with its direction, the call, the draw pile, the hand
of the seat holding the device, and a message line.

Rows (y): seat strip 0-23 (two rows of three seats: name, card count, a bar under the seat to
move and a white one under the seat about to be taken from); top card (doubled, 32x48) 25-72
beside the direction arrow, draw pile, game number and, below them, the call (64-71); the
hand 74-113 (choice order, cards 24 px tall, cursor); message 115-127.
The hand row is one TileGrid: eight cards of a longer hand, with arrows and counts for the
cards left and right of the window. Per move only tile indices and bar positions change.
"""
import displayio

from ui import text
from ui.glyphs import grid
from ui.yoyo_amigo import sprites as sp
from ui.yoyo_amigo.sprites import put

try:
    from micropython import const
except ImportError:
    const = int

# Seat colours: names on the strip and the NeoPixels while that seat is to decide.
SEAT_RGB = (0x3080FF, 0xFF4020, 0xFFD020, 0x30D040, 0xD040D0, 0x20D0D0)

SEAT_W = const(53)
SEAT_H = const(12)
NAME_CHARS = const(6)   # setup allows six letters
_GAME_CHARS = const(14)  # from x 76 to the right edge
_HAND_Y = const(74)
MSG_CHARS = const(25)   # the message row: a CPU move rewrites it, so no wider than needed
WINDOW = const(8)       # cards shown at once
_CALL_CELLS = const(14)  # from x 44, beside the top card
_DOWN_WORD = (sp.LET_D, sp.LET_O, sp.LET_W, sp.LET_N)


def _bar(w, colour):
    bmp = displayio.Bitmap(w, 2, 1)
    pal = displayio.Palette(1)
    pal[0] = colour
    return displayio.TileGrid(bmp, pixel_shader=pal)


def _hide(node, hidden):
    # Setting `hidden`, even to its value, makes the board redraw the node's whole area.
    if node.hidden != hidden:
        node.hidden = hidden


class AmigoView:
    def __init__(self, sheet, palette):
        self.group = displayio.Group()
        self._sheet = sheet
        self._pal = palette
        self._names = []
        self._counts = []
        for s in range(6):
            x = (s % 3) * SEAT_W
            y = (s // 3) * SEAT_H
            lab = text.row(NAME_CHARS, x + 1, y, SEAT_RGB[s])
            self._names.append(lab)
            self.group.append(lab)
            self._counts.append(self._row(2, x + 37, y))      # on the name's text line
        self._turn = _bar(SEAT_W - 2, sp.COLOURS[sp.GOLD])
        self._victim = _bar(SEAT_W - 2, 0xFFFFFF)
        self._turn.hidden = self._victim.hidden = True    # till a seat is to move or be hit
        self.group.append(self._turn)
        self.group.append(self._victim)
        big = displayio.Group(scale=2, x=4, y=25)
        self._top = displayio.TileGrid(sheet, pixel_shader=palette, width=2, height=3,
                                       tile_width=sp.TILE, tile_height=sp.TILE)
        big.append(self._top)
        self.group.append(big)
        # the way beside the card, at the font's size: the call below says it in words too
        self._dir = grid(self.group, (self._sheet, self._pal), 1, 1, 44, 37)
        draw = text.row(4, 76, 29)
        text.write(draw, "draw")
        self.group.append(draw)
        self._draw = self._row(2, 106, 29)
        self._game = text.row(_GAME_CHARS, 76, 45)
        self.group.append(self._game)
        self._call = grid(self.group, (self._sheet, self._pal), _CALL_CELLS, 1, 44, 64)
        self.hand = grid(self.group, (self._sheet, self._pal), 2 * WINDOW + 4, 5, 0, _HAND_Y)
        self._msg = text.row(MSG_CHARS, 2, 115)
        self.group.append(self._msg)
        self.hand.hidden = True
        self.names = ["", "", "", "", "", ""]
        self.players = 2
        self.said = ""
        self.game_text = ""
        self.seat = -1          # whose hand the hand row shows; -1 while hidden
        self.first = 0          # hand index of the window's first card
        self.cursor = -1        # -1: no cursor (a CPU seat deciding)

    def _row(self, chars, x, y):
        r = text.row(chars, x, y)
        self.group.append(r)
        return r

    # -- events: seats, games, messages ---------------------------------------------------
    def set_seats(self, names, players):
        """Names on the strip, rewritten only when a name changes."""
        self.players = players
        for s in range(6):
            name = names[s] if s < players else ""
            if name != self.names[s]:
                self.names[s] = name
                text.write(self._names[s], name)
            self._names[s].hidden = s >= players
            self._counts[s].hidden = s >= players
            # the count follows the name, 4 px after it, leaving the gap before the next seat
            self._counts[s].x = (s % 3) * SEAT_W + 5 + 6 * len(name)

    def set_game(self, words):
        if words != self.game_text:
            self.game_text = words
            text.write(self._game, words)

    def say(self, words):
        if words != self.said:
            self.said = words
            text.write(self._msg, words)

    def say_line(self, line):
        """A line made in place (a bytearray, ui/yoyo_amigo/log.py): written each time, as the
        same bytes hold each new line."""
        self.said = line
        text.write(self._msg, line)

    # -- per move: tile indices only -------------------------------------------------------
    def draw_table(self, g, out):
        """Counts, turn bar, top card, direction, draw pile and the call; out is a scratch
        bytearray of at least 20 for the call's values."""
        for s in range(g.players):
            text.number(self._counts[s], 0, 2, g.counts[s], True)
        over = g.pending == 0
        _hide(self._turn, over)
        if not over:
            self._bar_to(self._turn, g.seat)
        t = g.top()
        if t:
            sp.set_card(self._top, 0, 0, t)
        else:
            sp.set_slot(self._top, 0, 0)
        asking = g.pending == 3      # P_DIR
        put(self._dir, 0, 0, sp.ASK if asking or not t else
            (sp.ARROW_DOWN if g.dir else sp.ARROW_UP))
        text.number(self._draw, 0, 2, g.draw_len, True)
        self._draw_call(g, out, asking)

    def _draw_call(self, g, out, asking):
        """The sheet's spoken call, "13,14,15 up", in tiles; a call too long for the row
        keeps its first and last value around two dots."""
        grid = self._call
        n = g.call(out)
        k = 0
        if n:
            width = 0
            for i in range(n):
                width += (2 if out[i] >= 10 else 1) + (1 if i else 0)
            for i in range(n):
                if width > _CALL_CELLS - 5 and 0 < i < n - 1:
                    if i == 1:
                        put(grid, k, 0, sp.DOTS)
                        k += 1
                    continue
                if i and not (width > _CALL_CELLS - 5 and i == n - 1):
                    put(grid, k, 0, sp.COMMA)
                    k += 1
                v = out[i]
                if v >= 10:
                    put(grid, k, 0, sp.DIGIT + v // 10)
                    k += 1
                put(grid, k, 0, sp.DIGIT + v % 10)
                k += 1
            put(grid, k, 0, sp.BLANK)
            k += 1
            if asking:
                put(grid, k, 0, sp.ASK)
                k += 1
            elif g.dir:
                for t in _DOWN_WORD:
                    put(grid, k, 0, t)
                    k += 1
            else:
                put(grid, k, 0, sp.LET_U)
                put(grid, k + 1, 0, sp.LET_P)
                k += 2
        while k < _CALL_CELLS:
            put(grid, k, 0, sp.BLANK)
            k += 1

    def _bar_to(self, bar, s):
        x = (s % 3) * SEAT_W + 1
        y = (s // 3) * SEAT_H + 10
        if bar.x != x or bar.y != y:
            bar.x = x
            bar.y = y

    def mark_victim(self, s):
        """The white bar under the seat a take would hit; -1 for none."""
        _hide(self._victim, s < 0)
        if s >= 0:
            self._bar_to(self._victim, s)

    def hide_hand(self):
        self.seat = -1
        _hide(self.hand, True)

    def show_hand(self, g, s, cursor, sel, nsel):
        """Seat s's hand with the window round cursor (-1: no cursor), the choice order of
        the first nsel indices of sel above their cards."""
        self.seat = s
        cnt = g.counts[s]
        # Without a cursor (a CPU deciding) the window stays where its owner left it.
        if 0 <= cursor < self.first:
            self.first = cursor
        elif cursor >= self.first + WINDOW:
            self.first = cursor - WINDOW + 1
        if self.first > cnt - WINDOW:
            self.first = cnt - WINDOW if cnt > WINDOW else 0
        self.cursor = cursor
        grid = self.hand
        for j in range(WINDOW):
            i = self.first + j
            col = 2 + 2 * j
            if i < cnt:
                sp.set_card(grid, col, 1, g.card(s, i))
            else:
                sp.clear(grid, col, 1, 2, 3)
        self._edges(cnt)
        self.draw_marks(sel, nsel)
        _hide(self.hand, False)

    def _edges(self, cnt):
        self._edge(0, self.first, sp.MORE_LEFT)
        self._edge(2 * WINDOW + 2, cnt - self.first - WINDOW, sp.MORE_RIGHT)

    def _edge(self, col, more, arrow):
        grid = self.hand
        if more > 0:
            put(grid, col, 1, arrow)
            put(grid, col + 1, 1, sp.BLANK)
            sp.set_number(grid, col, 2, 2, more)
        else:
            sp.clear(grid, col, 1, 2, 2)

    def draw_marks(self, sel, nsel):
        """Choice order above the chosen cards and the cursor bar below the cursor's card."""
        grid = self.hand
        for j in range(WINDOW):
            i = self.first + j
            col = 2 + 2 * j
            order = 0
            for k in range(nsel):
                if sel[k] == i:
                    order = k + 1
            put(grid, col, 0, sp.BLANK)
            put(grid, col + 1, 0, sp.BLANK if order == 0 else
                (sp.DIGIT + order if order < 10 else sp.PLUS))
            t = sp.CURSOR if i == self.cursor else sp.BLANK
            put(grid, col, 4, t)
            put(grid, col + 1, 4, t)

    def move_cursor(self, g, cursor, sel, nsel):
        """Cursor moved: scroll the window only when it leaves it."""
        if cursor < self.first or cursor >= self.first + WINDOW:
            self.show_hand(g, self.seat, cursor, sel, nsel)
        else:
            self.cursor = cursor
            self.draw_marks(sel, nsel)

    def shown_cards(self):
        """The cards on the hand row as drawn, read back from its tiles (tests, simulator)."""
        if self.hand.hidden:
            return None
        out = []
        for j in range(WINDOW):
            c = sp.tile_card(self.hand, 2 + 2 * j, 1)
            if c >= 0:
                out.append(c)
        return out
