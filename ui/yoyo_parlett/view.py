"""The Yo-yo table: Black Hole's TableView (17 fans, cursor, message line) with a seat strip
on top and the centre pile in the hole's cell.

The strip covers TableView's own Black Hole counters (left, moves, deal): each seat gets a
name in its colour and a two-digit count of cards won, and a marker shows whose turn it is.
The centre shows the last card played, an arrow for the direction and the pile's count.
Per move only tile indices and the marker's x change; labels change when seats are set up.
"""
import displayio

from engine.cards import RANK_CHARS, SUIT_CHARS
from engine.tableau import NUM_FANS
from engine.yoyo import ANNOUNCE, EV_STUCK, EV_WON, FREE, HUMAN, OVER, PLAY, STUCK, UP, XFER
from hw import keys
from ui import deck as sprites
from ui import forget, text
from ui.fans import HOLE_CELL, TableView, cell_xy
from ui.glyphs import draw_glyph

try:
    from micropython import const
except ImportError:
    const = int

# Seat colours: names on the strip and the NeoPixels while that seat is to move.
SEAT_RGB = (0x3080FF, 0xFF4020, 0xFFD020)

SEAT_W = const(53)      # a third of the strip, less a margin: the last count ends 2 px in
_STRIP_H = const(13)     # the rows above the fan grid
NAME_CHARS = const(4)   # "CPU3", before the games-won count

# The small sheet of this screen's own tiles (8x8): blank, arrows, "?" and the turn marker.
_M_BLANK = const(0)
_M_UP = const(1)
_M_DOWN = const(2)
_M_ASK = const(3)
_M_TURN = const(4)
_MARKS = (
    "   #   |  ###  | # # # |#  #  #|   #   |   #   |   #   ",
    "   #   |   #   |   #   |#  #  #| # # # |  ###  |   #   ",
    "  ###  | #   # |     # |    #  |   #   |       |   #   ",
    " #     | ##    | ###   | ####  | ###   | ##    | #     ",
)


def _marks():
    bmp = displayio.Bitmap(sprites.TILE, sprites.TILE * 5, 3)
    for t in range(4):
        draw_glyph(bmp, t + 1, _MARKS[t], 2 if t == 3 else 1, 0, 0)
    pal = displayio.Palette(3)
    pal[1] = 0xFFFFFF
    pal[2] = sprites.COLOURS[sprites.CURSOR]
    pal.make_transparent(0)
    return bmp, pal


def _strip():
    # One-colour backdrop hiding TableView's Black Hole counters under the seat strip.
    bmp = displayio.Bitmap(160, _STRIP_H, 1)
    pal = displayio.Palette(1)
    pal[0] = sprites.COLOURS[sprites.FELT]
    return displayio.TileGrid(bmp, pixel_shader=pal)


class YoyoView:
    def __init__(self, sheet, palette):
        self.table = TableView(sheet, palette)
        self.group = displayio.Group()
        self.group.append(self.table.group)
        self.group.append(_strip())
        mbmp, mpal = _marks()
        self._names = []
        self._won = []
        for s in range(3):
            lab = text.row(NAME_CHARS, s * SEAT_W + 9, 1, SEAT_RGB[s])
            self._names.append(lab)
            self.group.append(lab)
            self._won.append(self._row(2, s * SEAT_W, 1))     # on the names' text line
        self._turn = displayio.TileGrid(mbmp, pixel_shader=mpal, width=1, height=1,
                                        tile_width=sprites.TILE, tile_height=sprites.TILE,
                                        x=0, y=2)
        self._turn[0] = _M_TURN
        self.group.append(self._turn)
        x, y = cell_xy(HOLE_CELL)
        self._top = displayio.TileGrid(sheet, pixel_shader=palette, width=3, height=2,
                                       tile_width=sprites.TILE, tile_height=sprites.TILE,
                                       x=x, y=y)
        self.group.append(self._top)
        self._dir = displayio.TileGrid(mbmp, pixel_shader=mpal, width=1, height=1,
                                       tile_width=sprites.TILE, tile_height=sprites.TILE,
                                       x=x, y=y + 18)
        self.group.append(self._dir)
        self._count = self._row(2, x + 9, y + 16)
        self.players = 2
        self.names = ["", "", ""]
        self.said = ""

    def _row(self, chars, x, y):
        r = text.row(chars, x, y)
        self.group.append(r)
        return r

    def set_seats(self, names, players):
        """Seat names on the strip, rewritten only when a name changes."""
        self.players = players
        for s in range(3):
            name = names[s] if s < players else ""
            lab = self._names[s]
            if name != self.names[s]:
                self.names[s] = name
                text.write(lab, name)
            lab.hidden = s >= players
            self._won[s].hidden = s >= players
            # a character's width clear of the name ("CPU2 13", not "CPU213"); the third
            # seat's second digit ends 2 px inside the screen, as the text rows do
            self._won[s].x = s * SEAT_W + 15 + 6 * len(name)

    def draw_all(self, game):
        for f in range(NUM_FANS):
            self.table.draw_fan(game, f)
        self.draw_centre(game)
        self.draw_seats(game)

    def draw_fan(self, game, f):
        self.table.draw_fan(game, f)

    def draw_centre(self, game):
        sprites.set_card(self._top, 0, 0, game.played[game.n - 1], False)
        text.number(self._count, 0, 2, game.pile_count(), True)
        ph = game.phase
        if ph == PLAY:
            self._dir[0] = _M_DOWN if game.down else _M_UP
        elif ph == ANNOUNCE or ph == FREE:
            self._dir[0] = _M_ASK
        else:
            self._dir[0] = _M_BLANK

    def draw_seats(self, game):
        for s in range(game.players):
            text.number(self._won[s], 0, 2, game.won[s], True)
        self._turn.hidden = game.is_over()
        self._turn.x = game.turn * SEAT_W

    def set_cursor(self, f):
        self.table.set_cursor(f)

    def say(self, text):
        self.said = text
        self.table.say(text)


# -- words: prompts and refusals, short plain sentences that fit the 26-character message row
# Prompts for the seat to move, long and after an event; constant strings, so saying one again
# allocates nothing. Some are never said, so they are blank: a CPU seat's turn is said with its
# name and the short prompt, a turn never passes to a seat that must announce the way, and a
# pass or a transfer names the rank wanted (prompt_words).
PROMPTS = ("Up/down: choose the way", "A plays, B undoes", "A: any card starts a pile",
           "", "", "", "Game over. A: scores", "")
SHORT = ("", "A: play", "A: new pile", "", "", "A: skip", "A: scores", "")
_ANNOUNCE_P = const(0)
_PLAY_P = const(1)
_FREE_P = const(2)
_PASS_P = const(3)
_XFER_P = const(4)
_CPU_P = const(5)
_OVER_P = const(6)
_MAY_P = const(7)


def wanted(g):
    r = g.need()
    o = g.other()
    if o >= 0:
        return "Play %s or %s" % (sprites.a_rank(r), sprites.a_rank(o))
    return "Play %s, going %s" % (sprites.a_rank(r), "down" if g.down else "up")


def start_words(g, p):
    """The short prompt after another seat's turn; a new pile says the rank it wants (a pass
    or a transfer says it in ui/yoyo_parlett/words.py)."""
    if p == _PLAY_P and g.n == g.base:
        return "Play " + sprites.a_rank(g.need())
    return SHORT[p]


def turn_words(g, who):
    """How the turn that just ended went, or "" (sheet's words: won a pile, or stuck)."""
    e = g.last_event()
    if e & 15 == EV_WON:
        return "%s won %d." % (who, e >> 8)
    return "%s is stuck." % who if e & 15 == EV_STUCK else ""


def transfer_words(g, who, card):
    """The transfer made in the turn that just ended, as the next person is told it: who
    moved which card to the bottom of which fan (fans count 1-17 from the top left); or
    None. card is the one it moved, noted when it moved."""
    h = g.history
    k = g.hist_len - 2
    while k >= 0 and h[2 * k] != STUCK:
        if XFER <= h[2 * k] < UP:
            r = card >> 2
            return "%s put %s%s under fan %d" % (who, "10" if r == 9 else RANK_CHARS[r],
                                                 SUIT_CHARS[card & 3], h[2 * k] - XFER + 1)
        k -= 1
    return None


def refusal(g, code):
    """The engine's reason as a short sentence (engine.yoyo REASONS codes)."""
    if code == 4:
        return wanted(g)
    return ("", "The game is over", "Not a move now", "That fan is empty", "",
            "First choose up or down", "The way is set already", "Nothing to play that way",
            "A card fits: play it", "Play on: any top card" if g.phase == FREE else
            "Select: top card to bottom", "Only when two are stuck",
            "That frees no card to play")[code]


# The cursor walks the 17 fans in the 6x3 grid; up and down step over the hole's cell.
_COLS = const(6)


def step_cursor(f, k):
    if k == keys.LEFT or k == keys.RIGHT:
        return (f + (1 if k == keys.RIGHT else NUM_FANS - 1)) % NUM_FANS
    f = (f + (_COLS if k == keys.DOWN else 18 - _COLS)) % 18
    if f == NUM_FANS:
        f = (f + (_COLS if k == keys.DOWN else 18 - _COLS)) % 18
    return f


def prompt_index(g, moves):
    """Which prompt fits the seat to move."""
    if g.phase == OVER:
        return _OVER_P
    if g.kinds[g.turn] != HUMAN:
        return _CPU_P
    if g.phase == ANNOUNCE:
        return _ANNOUNCE_P
    if g.phase == FREE:
        return _FREE_P
    n = g.legal(moves)
    a = moves[0]
    if a == STUCK:
        return _PASS_P
    if a >= XFER:
        return _MAY_P if moves[n - 1] == STUCK else _XFER_P
    return _PLAY_P


def handover(g, moves, event):
    """The curtain's lines on what the next player is to do."""
    if g.phase == ANNOUNCE:
        return [event or "Deal %d." % g.deal_number, "Choose up or down first."]
    if g.phase == FREE:
        return [event, "Start a new pile with any", "card from a fan."]
    g.legal(moves)
    if moves[0] >= XFER and moves[0] < UP:
        return ["Two players are stuck:", "move a fan's top card to",
                "its bottom (Select)."]
    return [event, wanted(g) + "."]


def scores(t, app):
    """The score table's contents (ui/seated/screens.py)."""
    g = t.game
    rows = [(t.seat_name(app, s), str(g.won[s]), str(t.wins[s]))
            for s in range(g.players)]
    from ui.seated import records as seat_records  # each person's games against the CPU seats
    vs = seat_records.lines(app)
    forget("seated.records")
    if g.phase != OVER:
        return ("Scores  deal %d" % g.deal_number, "   cards   games", rows,
                ("Game in progress", "Games played %d" % t.games) + vs)
    w = g.winner()
    return ("Game over  deal %d" % g.deal_number, "   cards   games", rows,
            ("%s wins!" % t.seat_name(app, w) if w >= 0 else "A tie.",
             "Games %d, ties %d" % (t.games, t.games - sum(t.wins))) + vs)
