"""Big Ben's table at 160x128 on the shared patience screens (ui/patience/app.py): twelve piles
(newest three cards, the top one whole) round twelve foundations (small cards with the rank to
reach beside them), the waste and reserve in the middle. Only tile indices change on a move."""
import displayio

from engine import bigben_hint as hints
from engine.bigben import FOUND, GAPS, HOURS, OK, REASONS, RESERVE, WASTE, BigBen, SaveError, size
from hw import atlas, keys
from ui import deck as sprites
from ui import text
from ui.bigben import words as bb_words
from ui.glyphs import grid
from ui.message import Message
from ui.patience.app import Patience
from ui.patience.deals import Deals
from ui.persist import TAG_BB, TAG_BB_STATS

try:
    from micropython import const
except ImportError:
    const = int

T = const(8)                # a tile
_SHOWN = const(3)            # cards of a pile in view
_MID_X = const(71)
_WASTE_Y = const(36)         # its count below it, the reserve (its count inside) below that
_RES_Y = const(62)
# By hour from 12 o'clock: each pile's fan and each foundation's small card.
PILE_X = b"\x3c\x6f\x77\x77\x77\x6f\x3c\x09\x01\x01\x01\x09"
PILE_Y = b"\x01\x0b\x22\x36\x4a\x60\x64\x60\x4a\x36\x22\x0b"
FOUND_X = b"\x40\x5e\x66\x66\x66\x5e\x40\x32\x2a\x2a\x2a\x32"
FOUND_Y = b"\x12\x1b\x26\x36\x46\x51\x5a\x51\x46\x36\x26\x1b"
# Each place's centre, for the D-pad: piles, foundations, waste, reserve.
AT_X = (b"\x50\x83\x8c\x8c\x8c\x83\x50\x1d\x14\x14\x14\x1d"
        b"\x48\x66\x6e\x6e\x6e\x66\x48\x3a\x32\x32\x32\x3a\x53\x53")
AT_Y = (b"\x08\x14\x2a\x3e\x52\x68\x6c\x68\x52\x3e\x2a\x14"
        b"\x16\x1e\x2a\x3a\x4a\x56\x5e\x56\x4a\x3a\x2a\x1e\x30\x46")
SUITS = ("clubs", "diamonds", "hearts", "spades")


class BigBenTable(Deals):
    NAME = "Big Ben"
    GAME_TAG = TAG_BB
    STATS_TAG = TAG_BB_STATS
    HELP, HELP_STRICT = "BIG_BEN", "BIG_BEN_STRICT"     # ui/patience/help.py; a strict deal's
    SaveError = SaveError
    # its options bits (ui/persist.py), its settings' rows in order (ui/patience/deals.py)
    WINNABLE, STRICT = 8, 16            # new deals: winnable only (from ATLAS), strict
    SWITCHES, ATLAS = (WINNABLE, STRICT), atlas.BIG_BEN

    def __init__(self, app):
        self.game = BigBen()
        self._sheet = sprites.build()
        self.group = displayio.Group()
        self._piles, self._found = [], []
        for h in range(HOURS):
            self._piles.append(grid(self.group, self._sheet, 5, 2, PILE_X[h], PILE_Y[h]))
            self._found.append(grid(self.group, self._sheet, 2, 1, FOUND_X[h], FOUND_Y[h]))
            # the rank to reach, on the middle's side, as its card shows it (the Ace's letter)
            self._row(sprites.RANK_NAMES[(h + 11) % 12] if h != 1 else "A",
                      FOUND_X[h] + (-6 if 0 < h < 6 else 17), FOUND_Y[h] - 2, 0xFFD800)
        # the empty waste and the reserve: an empty place's outline as one bitmap (the cursor's
        # frame just round it), the reserve's count inside; the counts are rows of digit tiles
        self._waste_slot = self._outline(_WASTE_Y)
        self._waste = grid(self.group, self._sheet, 3, 2, _MID_X, _WASTE_Y)
        self._reserve = self._outline(_RES_Y)
        self._res_n = self._row("", _MID_X + 6, _RES_Y + 2, 0xFFFFFF, 2)
        self._waste_n = self._row("", _MID_X + 6, _WASTE_Y + 2 * T - 1, 0xFFFFFF, 2)
        self._deal = self._row("", 128, -2, 0xFFFFFF, 5)
        self._gaps = self._row("", 2, -2, 0xFFFFFF, 7)      # while the reserve can fill them
        # the frames lie on the card's own edges: a pixel out they would touch the hour
        # labels beside the foundations, the piles at 12 and 6 and the middle
        self._held = sprites.frame(self.group, 3 * T, 2 * T, sprites.WHITE)
        self._big = sprites.frame(self.group, 3 * T, 2 * T, sprites.CURSOR)
        self._small = sprites.frame(self.group, 2 * T, T, sprites.CURSOR)
        self.message = Message(self.group)
        # the card chips of the hint's words (ui/bigben/words.py)
        self.chips = (grid(self.group, self._sheet, 2, 1, 3, 118),
                      grid(self.group, self._sheet, 2, 1, 3, 118))
        self.message.forget()     # the first words hide the chips
        self.place = RESERVE
        self.held = -1            # the pile or WASTE whose top card A picked up

    def _outline(self, y):
        o = sprites.frame(self.group, 3 * T - 2, 2 * T - 2, sprites.DIM)
        o.x = _MID_X + 1
        o.y = y + 1
        return o

    def _row(self, words, x, y, rgb, width=0):
        r = text.row(width or len(words), x, y, rgb)
        text.write(r, words)
        self.group.append(r)
        return r

    # -- drawing: tile indices only --------------------------------------------------------
    def show(self, app):
        if self.held >= 0 and not self.game.n[self.held]:
            self.held = -1
        for h in range(HOURS):
            self._draw_pile(h)
            self._draw_found(h)
        self._draw_middle()
        text.number(self._deal, 0, 5, self.game.deal_number)
        self._set_cursor()
        app.tell()

    def _draw_pile(self, p):
        g = self.game
        grid = self._piles[p]
        n = g.n[p]
        first = n - _SHOWN if n > _SHOWN else 0
        sprites.clear(grid, 0, 0, 5, 2)
        if n == 0:
            sprites.set_slot(grid, 0, 0)
        # a gap for each card a short pile lacks: the empty place, a narrow outline each other
        for i in range(n + 2 if n else 3, 5):
            grid[i] = sprites.GAP_TOP
            grid[5 + i] = sprites.GAP_FOOT
        for i in range(first, n - 1):       # a covered card: a column of rank over suit
            c = g.card(p, i) >> 1
            grid[i - first] = sprites.rank_tile(c)
            grid[5 + i - first] = sprites.SUIT_FOOT + (c & 3)
        if n:
            sprites.set_card(grid, n - 1 - first, 0, g.card(p, n - 1) >> 1, False)

    def _draw_found(self, h):
        c = self.game.top(FOUND + h) >> 1
        self._found[h][0] = sprites.rank_tile(c)
        self._found[h][1] = sprites.SUIT + (c & 3)

    def _draw_middle(self):
        g = self.game
        c = g.top(WASTE)
        self._waste_slot.hidden = c >= 0
        if c >= 0:
            sprites.set_card(self._waste, 0, 0, c >> 1, False)
        else:
            sprites.clear(self._waste, 0, 0, 3, 2)
        text.number(self._res_n, 0, 2, g.res_len)
        text.number(self._waste_n, 0, 2, g.n[WASTE])
        gaps = g.gaps() if g.res_len else 0
        text.write(self._gaps, "Gaps" if gaps else "")
        if gaps:
            text.number(self._gaps, 5, 2, gaps, True)

    def _set_cursor(self):
        big = self.place < FOUND or self.place >= WASTE
        self._big.hidden = not big
        self._small.hidden = big
        self._frame_on(self._big if big else self._small, self.place)
        self._held.hidden = self.held < 0
        if self.held >= 0:
            self._frame_on(self._held, self.held)

    def _frame_on(self, frame, p):      # on a place's top card
        n = self.game.n[p] if p < FOUND else 1
        frame.x = (PILE_X[p] + T * ((n if n < _SHOWN else _SHOWN) - 1 if n else 0) if p < FOUND
                   else FOUND_X[p - FOUND] if p < WASTE else _MID_X)
        frame.y = (PILE_Y[p] if p < FOUND else FOUND_Y[p - FOUND] if p < WASTE else
                   _WASTE_Y if p == WASTE else _RES_Y)

    def say(self, words):
        if self.message.say(words):
            self.chips[0].hidden = self.chips[1].hidden = True

    def help_of(self):          # the rules of the deal in play
        return ("Big Ben strict", self.HELP_STRICT) if self.game.strict else (self.NAME, self.HELP)

    def end_words(self, won):
        home = self.game.on_foundations()
        # the longest fits the 26-character row: "Stuck: 100/104 home. A: go"
        return "You won! %d home. A: next" % home if won else "Stuck: %d/104 home. A: go" % home

    def where(self):
        return self.place | (self.held + 1) << 5

    def go_back(self, w):
        held = (w >> 5) - 1
        if (w & 31) <= RESERVE and (held < 0 or (held < FOUND or held == WASTE) and
                                    self.game.n[held]):
            self.place = w & 31
            self.held = held

    def dealt(self):
        self.place = RESERVE
        self.held = -1
        self.message.forget()

    def moved(self, app):
        self.held = -1            # an undo or redo may take its card: it goes back
        self.show(app)

    # -- keys ------------------------------------------------------------------------------
    def key(self, app, k):
        if keys.RIGHT <= k <= keys.LEFT:
            self._step(k)
        elif k == keys.A and (self.game.is_won() or self.game.is_stuck()):
            app.choices()
        elif k == keys.A:
            self._act(app)
        elif k == keys.B and self.held >= 0:
            self._put_back()
        elif k == keys.B and not app.undo():
            self.say("Nothing to undo")
        elif k == keys.SELECT:
            app.stats.hinted = 1      # a win now is not a win without hints
            self._hint()
        elif k == keys.START:
            app.open_menu()

    def _step(self, k):
        """To the next place (_near) within 45 degrees of the arrow, else stay."""
        dx = 1 if k == keys.RIGHT else -1 if k == keys.LEFT else 0
        dy = 1 if k == keys.DOWN else -1 if k == keys.UP else 0
        p = self.place
        cost = 1 << 20
        for q in range(RESERVE + 1):     # piles, foundations, waste, reserve
            ax = AT_X[q] - AT_X[p]
            ay = AT_Y[q] - AT_Y[p]
            along = ax * dx + ay * dy
            side = ax * dy + ay * dx
            side = side if side > 0 else -side
            if 0 < along and side <= along and along + 2 * side < cost and _near(p, q):
                cost = along + 2 * side
                self.place = q
        self._set_cursor()

    def _act(self, app):
        g = self.game
        p = self.place
        held = self.held
        if p == RESERVE:
            self.held = -1
            return self._play(app, RESERVE, GAPS if g.gaps() else WASTE)
        if held >= 0:               # refused, the card stays in hand
            return self._put_back() if held == p else self._play(app, held, p)
        if FOUND <= p < WASTE:
            for src in range(WASTE, -1, -1):
                if (src < FOUND or src == WASTE) and g.check(src, p) == OK:
                    return self._play(app, src, p)
            if g.n[p] == size(p - FOUND):
                return app.refuse("That hour is reached")
            c = g.top(p) >> 1
            return app.refuse("Needs the %s of %s" % (sprites.RANK_NAMES[((c >> 2) + 1) % 13],
                                                        SUITS[c & 3]))
        only = -1
        for d in range(WASTE):
            if g.check(p, d) == OK:
                only = d if only == -1 else -2
        if only == -1:
            return app.refuse("No place takes that card" if g.n[p] else "No card there")
        if only >= 0:
            return self._play(app, p, only)
        self.held = p
        self._set_cursor()
        self.say("A where it goes, B back")

    def _put_back(self):
        self.held = -1
        self._set_cursor()
        self.say("Put back")

    def _play(self, app, src, dst):
        g = self.game
        code = g.check(src, dst)
        if code != OK:
            self._set_cursor()
            return app.refuse(REASONS[code][0].upper() + REASONS[code][1:])
        g.play(src, dst)
        self.held = -1
        for h in range(HOURS):          # a fill may reach any pile
            if h == src or h == dst or src == RESERVE:
                self._draw_pile(h)
        if FOUND <= dst < WASTE:
            self._draw_found(dst - FOUND)
        self._draw_middle()
        self._set_cursor()
        app.played()

    def _hint(self):
        """Select: the cursor on the hint's card (picked up) and its place, and its words."""
        h = hints.hint(self.game)
        if h >= 0:
            src = h >> 5 & 31
            self.held = -1 if src == RESERVE else src
            self.place = RESERVE if src == RESERVE else h & 31
            self._set_cursor()
        bb_words.hint(self, h)


def _near(p, q):     # next round a ring, a pile and its foundation, foundations and middle
    if p >= WASTE or q >= WASTE:
        return p >= FOUND and q >= FOUND
    return (q - p) % 12 in (1, 11) if (p < FOUND) == (q < FOUND) else p % 12 == q % 12


def BigBenApp(hw, seed, persist, settings):
    return Patience(hw, seed, persist, settings, BigBenTable)
