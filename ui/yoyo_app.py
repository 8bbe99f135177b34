"""Parlett's Yo-yo on a handheld: two or three seats, each a human or a CPU, sharing one device.

Screens are key handlers in a table, as in ui/app.py. Human seats play with the keys; CPU seats
play one action per CPU_PACE_MS so each move can be read, and A hurries them to the next human
turn. When the device has to change hands between two humans, a banner says whose turn it is.
Plays change tile indices only; labels change on events (a turn, a refusal, a screen).
"""
import gc

import displayio

from engine.cards import RANK_CHARS
from engine.crc import crc16
from engine.tableau import NUM_FANS
from engine.yoyo import (ANNOUNCE, DOWN, EV_STUCK, EV_WON, FREE, GREEDY, HUMAN, LOOKAHEAD,
                         OVER, REASONS, STUCK, UP, XFER, SaveError, Yoyo)
from hw import keys
from ui import sprites
from ui.persist import TAG_YOYO, TAG_YOYO_SETUP
from ui.felt import felt
from ui.seated import TABLE, SeatedApp
from ui.textview import TextView
from ui.yoyo_view import SEAT_RGB, YoyoView

try:
    from micropython import const
except ImportError:
    const = int

BANNER = const(1)
MENU = const(2)
SETUP = const(3)
HELP = const(4)
SCORES = const(5)


KIND_NAMES = ("Human", "CPU easy", "CPU hard")

# Prompts for the seat to move, long and after an event; constant strings, so saying one again
# allocates nothing.
PROMPTS = ("Up/Down: announce", "A plays, B undoes", "A: any card, new pile",
           "Nothing fits: A passes", "Select: transfer a card", "CPU playing. A: skip",
           "Game over. A: scores")
SHORT = ("Up/Down?", "A: play", "A: new pile", "A: pass", "Sel: transfer", "A: skip",
         "A: scores")
_ANNOUNCE_P = const(0)
_PLAY_P = const(1)
_FREE_P = const(2)
_PASS_P = const(3)
_XFER_P = const(4)
_CPU_P = const(5)
_OVER_P = const(6)

HELP_PAGES = (
    ("Yo-yo  1/4", "Black Hole for 2-3", "players. Build one pile on", "the centre card, a rank",
     "at a time, all one way:", "up or down. K and A touch.", "Stuck? You win the pile",
     "you built this turn.", "Most cards won wins."),
    ("Turns  2/4", "First announce up or down", "with the D-pad. Play while",
     "a card fits. When you are", "stuck, the next player", "starts a new pile one",
     "rank back, the other way."),
    ("Transfer  3/4", "Two stuck in a row? The", "next may move a fan's top",
     "card to its bottom to free", "the card wanted, then", "plays on but wins nothing",
     "that turn. If none helps,", "any card starts a pile."),
    ("Keys  4/4", "D-pad  cursor; announce", "A      play the top card", "B      undo (your turn)",
     "Select transfer", "Start  menu", "CPU playing: A skips", "Left/right: these pages"),
)

WIN_NOTES = ((523, 90), (659, 90), (784, 90), (1047, 200))

# TAG_YOYO_SETUP: version, players, kind of seats 1-3, next first seat, games finished (2 B),
# games won by seats 1-3 (2 B each), CRC-16 (2 B; a flipped bit in a count is still a count).
# Ties are games - sum(wins).
_SETUP_LEN = const(16)
_SETUP_VERSION = const(1)


class YoyoApp(SeatedApp):
    GAME_TAG = TAG_YOYO
    SETUP_TAG = TAG_YOYO_SETUP
    SAVE_ERROR = SaveError
    HELP_PAGES = HELP_PAGES

    def __init__(self, hw, seed, persist, settings):
        SeatedApp.__init__(self, hw, seed, persist, settings)
        sheet, palette = sprites.build()
        self.root = displayio.Group()
        self.root.append(felt(sprites.COLOURS[sprites.FELT]))
        self.view = YoyoView(sheet, palette)
        self.text = TextView()
        self.root.append(self.view.group)
        self.root.append(self.text.group)
        self.game = Yoyo()
        self.cpu = None           # engine.yoyo_cpu, imported once a CPU seat plays
        self.moves = bytearray(NUM_FANS)
        self.players = 2
        self.kinds = bytearray((HUMAN, LOOKAHEAD, GREEDY))
        self.first = 0
        self.games = 0
        self.wins = [0, 0, 0]
        self.edit_players = 2     # the setup screen edits these until "Start game"
        self.edit_kinds = bytearray(3)
        self.cursor = 0
        self.holder = -1          # the human seat that last had the device
        self.counted = False      # this game's result is in games/wins
        self.notice = None
        self.notice_up = False
        self._handlers = (self._key_table, self._key_banner, self._key_menu, self._key_setup,
                          self._key_help, self._key_scores)
        hw.display.root_group = self.root
        if self._restore():
            # Nothing saved: a game with the default seats stands behind the setup screen.
            self._new_game()
            self.first = 0          # ... and the game started from it begins with seat 1
            self._open_setup()
        else:
            self._begin()

    # -- start-up and saving -------------------------------------------------------
    def _resumed(self):
        """A saved game was restored: take its seats."""
        g = self.game
        self.players = g.players
        self.kinds[:] = g.kinds
        self.counted = g.is_over()

    def _start_fresh(self):
        self._new_game()

    def _unpack_setup(self, d):
        if len(d) != _SETUP_LEN or d[0] != _SETUP_VERSION or not 2 <= d[1] <= 3 or \
                max(d[2:5]) > LOOKAHEAD or d[5] >= d[1] or \
                crc16(d, 0xFFFF, 0, _SETUP_LEN - 2) != (d[14] << 8) | d[15]:
            return False
        games = (d[6] << 8) | d[7]
        wins = [(d[8 + 2 * s] << 8) | d[9 + 2 * s] for s in range(3)]
        if sum(wins) > games:
            return False
        self.players = d[1]
        self.kinds[:] = d[2:5]
        self.first = d[5]
        self.games = games
        self.wins = wins
        return True

    def _pack_setup(self):
        out = bytearray(_SETUP_LEN)
        out[0] = _SETUP_VERSION
        out[1] = self.players
        out[2:5] = self.kinds
        out[5] = self.first
        out[6] = (self.games >> 8) & 0xFF
        out[7] = self.games & 0xFF
        for s in range(3):
            out[8 + 2 * s] = (self.wins[s] >> 8) & 0xFF
            out[9 + 2 * s] = self.wins[s] & 0xFF
        crc = crc16(out, 0xFFFF, 0, _SETUP_LEN - 2)
        out[14] = crc >> 8
        out[15] = crc & 0xFF
        return bytes(out)

    # -- seats ---------------------------------------------------------------------
    def seat_name(self, s):
        return ("P%d" if self.game.kinds[s] == HUMAN else "CPU%d") % (s + 1)

    def _cpu_to_move(self):
        g = self.game
        return g.phase != OVER and g.kinds[g.turn] != HUMAN

    # -- games ---------------------------------------------------------------------
    def _new_game(self):
        number = 1 + self.rng.below(31999)
        if self.first >= self.players:
            self.first = 0
        self.game.new_game(number, self.players, self.first, self.kinds)
        # "Non-dealer plays first": the deal passes round, so the first seat does too.
        self.first = (self.first + 1) % self.players
        self.counted = False
        self.holder = -1
        self._changed()
        gc.collect()

    def _begin(self):
        """Show the game in progress: the banner if the device must change hands."""
        self.hurry = False
        self.cpu_at = self.hw.clock.ms()
        self.view.set_seats([self.seat_name(s) for s in range(3)], self.game.players)
        self.view.draw_all(self.game)
        if self.game.is_over():
            self._open_scores()
            return
        self._show_table()
        if self.notice:
            self.view.say(self.notice)
            self.notice = None
            self.notice_up = True   # until the next action
        else:
            self._turn_started("")

    def _show_table(self):
        self.screen = TABLE
        self.text.group.hidden = True
        self.view.group.hidden = False
        self.view.set_cursor(self.cursor)
        self._lights()

    def _turn_started(self, event):
        """A new seat is to move; event says how the last turn ended ("" for none)."""
        g = self.game
        s = g.turn
        self.view.draw_seats(g)
        self._lights()
        if g.kinds[s] != HUMAN:
            self.cpu_at = self.hw.clock.ms()
            self._say_start(event, "%s plays" % self.seat_name(s))
            return
        self.hurry = False
        self.view.set_cursor(self.cursor)   # back where this player left it
        if self._humans() >= 2 and s != self.holder:
            self._open_banner(event)
        self.holder = s
        self._say_start(event, "")

    def _say_start(self, event, who):
        p = self._prompt_index()
        if event:
            self.view.say("%s %s" % (event, who or SHORT[p]))
        elif who:
            self.view.say("%s. %s" % (who, SHORT[p]))
        else:
            self.view.say(PROMPTS[p])

    def _prompt(self):
        return PROMPTS[self._prompt_index()]

    def _prompt_index(self):
        g = self.game
        if g.phase == OVER:
            return _OVER_P
        if g.kinds[g.turn] != HUMAN:
            return _CPU_P
        if g.phase == ANNOUNCE:
            return _ANNOUNCE_P
        if g.phase == FREE:
            return _FREE_P
        g.legal(self.moves)
        a = self.moves[0]
        if a == STUCK:
            return _PASS_P
        if a >= XFER:
            return _XFER_P
        return _PLAY_P

    def _event_text(self):
        """How the turn just ended, for the message line and the banner."""
        e = self.game.last_event()
        kind = e & 15
        who = self.seat_name((e >> 4) & 15)
        if kind == EV_WON:
            return "%s won %d." % (who, e >> 8)
        if kind == EV_STUCK:
            return "%s stuck." % who
        return ""

    def _act(self, a):
        """Carry out legal action a for the seat to move and show what it changed."""
        g = self.game
        s = g.turn
        g.play(a)
        v = self.view
        cpu = g.kinds[s] != HUMAN
        if a < XFER:
            v.draw_fan(g, a)
            if cpu:
                v.set_cursor(a)         # the cursor shows where a CPU took its card
            self._sound(1200, 15)
        elif a < UP:
            v.draw_fan(g, a - XFER)
            if cpu:
                v.set_cursor(a - XFER)
            self._sound(600, 60)
        elif a < STUCK:
            self._sound(880, 40)
        v.draw_centre(g)
        self._changed()
        if g.phase == OVER:
            v.draw_seats(g)
            self._game_over()
        elif g.turn != s:
            won = g.last_event() & 15 == EV_WON
            if won:
                self.hw.sound.play(((523, 60), (784, 90)))
            else:
                self._sound(196, 120)
            self._turn_started(self._event_text())
        elif g.kinds[s] == HUMAN or self.notice_up:
            v.say(self._prompt())
        self.notice_up = False

    def _cpu_move(self):
        if self.cpu is None:
            from engine.yoyo_cpu import Cpu
            self.cpu = Cpu()
        self._act(self.cpu.choose(self.game))

    def _game_over(self):
        g = self.game
        if not self.counted:
            self.counted = True
            self.games += 1
            w = g.winner()
            if w >= 0:
                self.wins[w] += 1
        self.hurry = False
        self.hw.sound.play(WIN_NOTES)
        self._lights()
        self._open_scores()

    # -- table ---------------------------------------------------------------------
    def _key_table(self, k):
        g = self.game
        if k == keys.START:
            self._open_menu()
            return
        if g.phase == OVER:
            if k == keys.A:
                self._open_scores()
            return
        if g.kinds[g.turn] != HUMAN:
            if k == keys.A:
                self.hurry = True
                self.view.say("Skipping ahead...")
            return
        if g.phase == ANNOUNCE and (k == keys.UP or k == keys.DOWN):
            self._try(UP if k == keys.UP else DOWN)
        elif k == keys.LEFT or k == keys.RIGHT or k == keys.UP or k == keys.DOWN:
            self.cursor = _step_cursor(self.cursor, k)
            self.view.set_cursor(self.cursor)
        elif k == keys.A:
            # With nothing to play, A is the only thing left to do: pass (the engine's STUCK).
            n = g.legal(self.moves)
            self._try(STUCK if n == 1 and self.moves[0] == STUCK else self.cursor)
        elif k == keys.SELECT:
            self._try(XFER + self.cursor)
        elif k == keys.B:
            if g.undo():
                self.view.draw_all(g)
                self.view.say(self._prompt())
                self._changed()
            else:
                self.view.say("Nothing to undo this turn")
                self._sound(110, 80)

    def _try(self, a):
        code = self.game.check(a)
        if code:
            self.view.say(REASONS[code])
            self._sound(110, 150)
            return
        self._act(a)

    # -- banner: the device changes hands ------------------------------------------
    def _open_banner(self, event):
        g = self.game
        s = g.turn
        name = self.seat_name(s)
        if g.phase == ANNOUNCE:
            state = "Announce up or down."
        elif g.phase == FREE:
            state = "Start a new pile."
        else:
            r = g.need()
            state = "Pile %d; next %s, %s." % (g.pile_count(), "10" if r == 9 else RANK_CHARS[r],
                                               "down" if g.down else "up")
        self.screen = BANNER
        self.view.group.hidden = True
        self.text.group.hidden = False
        self.text.show(("%s to play" % name, "Pass the device to %s." % name, "",
                        event or "Deal %d." % g.deal_number, state, self._won_line(), "",
                        "A: take the turn", "Start: menu"))

    def _won_line(self):
        g = self.game
        parts = ["Won:"]
        for s in range(g.players):
            parts.append("%s %d" % (self.seat_name(s), g.won[s]))
        return " ".join(parts)

    def _key_banner(self, k):
        if k == keys.A:
            self._show_table()
        elif k == keys.START:
            self._open_menu()

    # -- scores --------------------------------------------------------------------
    def _open_scores(self):
        g = self.game
        self.screen = SCORES
        self.view.group.hidden = True
        self.text.group.hidden = False
        lines = ["Game over  deal %d" % g.deal_number]
        for s in range(g.players):
            lines.append("%-8s %2d cards" % (self.seat_name(s), g.won[s]))
        w = g.winner()
        lines.append(("%s wins!" % self.seat_name(w)) if w >= 0 else "A tie.")
        lines.append("")
        lines.append("Games %d, ties %d" % (self.games, self.games - sum(self.wins)))
        res = ["Wins"]
        for s in range(g.players):
            res.append("%s %d" % (self.seat_name(s), self.wins[s]))
        lines.append(" ".join(res))
        lines.append("A: new game  B: table")
        self.text.show(lines)

    def _key_scores(self, k):
        if k == keys.A:
            self._new_game()
            self._begin()
        elif k == keys.B:
            self._show_table()
            self.view.say(PROMPTS[_OVER_P])
        elif k == keys.START:
            self._open_menu()

    # -- menu ----------------------------------------------------------------------
    def _menu_items(self):
        g = self.game
        items = ["Resume", "New game"]
        if g.hist_len < g.hist_known and g.phase != OVER and g.kinds[g.turn] == HUMAN:
            items.append("Redo move")
        items += ["Setup", "Help", "Other games"]
        return items

    def _open_menu(self):
        self.save_now()
        self.screen = MENU
        self.item = 0
        self.view.group.hidden = True
        self.text.group.hidden = False
        self.text.show(["Yo-yo  deal %d" % self.game.deal_number] + self._menu_items(), 1)

    def _key_menu(self, k):
        items = self._menu_items()
        if k == keys.UP or k == keys.DOWN:
            self.item = (self.item + (1 if k == keys.DOWN else len(items) - 1)) % len(items)
            self.text.mark(1 + self.item)
        elif k == keys.B or k == keys.START:
            self._resume()
        elif k == keys.A:
            item = items[self.item]
            if item == "Resume":
                self._resume()
            elif item == "New game":
                self._new_game()
                self._begin()
            elif item == "Redo move":
                self.game.redo()
                self._changed()
                self._resume()
            elif item == "Setup":
                self._open_setup()
            elif item == "Help":
                self.screen = HELP
                self.page = 0
                self.text.show(HELP_PAGES[0])
            else:
                self.save_now()
                self.leave = True

    def _resume(self):
        if self.game.is_over():
            self._open_scores()
            return
        self.view.set_seats([self.seat_name(s) for s in range(3)], self.game.players)
        self.view.draw_all(self.game)
        self._show_table()
        self.cpu_at = self.hw.clock.ms()
        self.view.say(self._prompt())

    # -- setup ---------------------------------------------------------------------
    def _open_setup(self):
        self.screen = SETUP
        self.item = 0
        self.edit_players = self.players
        self.edit_kinds[:] = self.kinds
        self.view.group.hidden = True
        self.text.group.hidden = False
        self._lights()
        self._draw_setup()

    def _setup_rows(self):
        """The setup lines in order: players, each seat, start."""
        return 2 + self.edit_players

    def _draw_setup(self):
        lines = ["Yo-yo setup", "Players     %d" % self.edit_players]
        for s in range(self.edit_players):
            lines.append("Seat %d      %s" % (s + 1, KIND_NAMES[self.edit_kinds[s]]))
        lines += ["Start game", "", "Up/down choose", "Left/right change", "A start  B back"]
        if self.notice:
            lines[9] = self.notice
        self.text.show(lines, 1 + self.item)

    def _key_setup(self, k):
        rows = self._setup_rows()
        if k == keys.UP or k == keys.DOWN:
            self.item = (self.item + (1 if k == keys.DOWN else rows - 1)) % rows
        elif (k == keys.LEFT or k == keys.RIGHT or k == keys.A) and self.item < rows - 1:
            step = -1 if k == keys.LEFT else 1
            if self.item == 0:
                self.edit_players = 5 - self.edit_players
            else:
                s = self.item - 1
                self.edit_kinds[s] = (self.edit_kinds[s] + step) % 3
            self.item = min(self.item, self._setup_rows() - 1)
        elif k == keys.A:
            if self.edit_players != self.players or self.edit_kinds != self.kinds:
                # Results belong to one line-up of seats; a new one starts them again.
                self.games = 0
                self.wins = [0, 0, 0]
            self.players = self.edit_players
            self.kinds[:] = self.edit_kinds
            self.notice = None
            self._new_game()
            self._begin()
            return
        elif k == keys.B or k == keys.START:
            self._open_menu()
            return
        self._draw_setup()

    # -- sound and lights ----------------------------------------------------------
    def _lights(self):
        """Every pixel in the colour of the seat to move; the winner's at the end."""
        lights = self.hw.lights
        if lights.count == 0:
            return
        g = self.game
        if not self.settings.lights or self.screen == SETUP:
            lights.fill(0)
        elif g.phase == OVER:
            w = g.winner()
            lights.fill(SEAT_RGB[w] if w >= 0 else 0x404040)
        else:
            lights.fill(SEAT_RGB[g.turn])
        lights.show()


# The cursor walks the 17 fans in the 6x3 grid; up and down step over the hole's cell.
_COLS = const(6)


def _step_cursor(f, k):
    if k == keys.LEFT or k == keys.RIGHT:
        return (f + (1 if k == keys.RIGHT else NUM_FANS - 1)) % NUM_FANS
    f = (f + (_COLS if k == keys.DOWN else 18 - _COLS)) % 18
    if f == NUM_FANS:
        f = (f + (_COLS if k == keys.DOWN else 18 - _COLS)) % 18
    return f
