"""Amigo's YoYo on a handheld: two to six seats, each a human or a CPU, sharing one device.

Screens are key handlers in a table, as in ui/yoyo_app.py. Hands are secret, so whenever a
human other than the one holding the device has to decide (a turn, a direction, a victim, a
card to pass left), a curtain hides the table until that player presses A; with one human
seat the device never changes hands and no curtain is needed. The hand row only ever shows
the hand of the seat holding the device.
CPU seats make one decision per CPU_PACE_MS; A hurries them to the next human decision.
Per key and per move only tile indices and bar positions change; labels change on events.
"""
import gc

import displayio

from engine.amigo import (A_CHOOSE, A_DRAW, A_KEEP, A_PLAY, ESCALATE, NONE, P_DIR, P_DRAWN,
                          P_OVER, P_PASS, P_TAKE, P_TURN, PILE_OUT, TOOK_LAST, Amigo,
                          SaveError, reason)
from engine.crc import crc16
from hw import keys
from ui import amigo_sprites
from ui.amigo_view import SEAT_RGB, AmigoView
from ui.persist import TAG_AMIGO, TAG_AMIGO_SETUP
from ui.felt import felt
from ui.seated import TABLE, SeatedApp
from ui.textview import TextView

try:
    from micropython import const
except ImportError:
    const = int

CURTAIN = const(1)
MENU = const(2)
SETUP = const(3)
HELP = const(4)
SCORES = const(5)

# engine.amigo_cpu's levels, repeated so the CPU module loads only once a CPU seat plays
HUMAN = const(0)
GREEDY = const(1)
PLANNER = const(2)

MAX_PICK = const(20)          # a series steps by one through 1..20: never longer
NAME_LEN = const(6)

KIND_NAMES = ("Human", "CPU easy", "CPU hard")
NAME_CHARS = " ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
MENU_ITEMS = ("Resume", "New match", "Setup", "Help", "Scores", "Other games")

# Constant prompts: saying one again allocates nothing.
P_PLAY_TEXT = "A pick, Sel play, B draw"
P_STUCK_TEXT = "Nothing fits: B draws"
P_DRAWN_TEXT = "Sel plays it, B keeps it"
P_DIR_TEXT = "Up/Down: choose direction"
P_TAKE_TEXT = "Up/Down: whom. A: take"
P_ANSWER_TEXT = "A take, Sel answer +take"
P_PASS_TEXT = "A: pass this card left"
P_OVER_TEXT = "Game over. A: scores"
SKIPPING = "Skipping ahead..."
TOO_MANY = "20 cards at most"

HELP_PAGES = (
    ("YoYo  1/5", "Shed your hand onto one", "pile. Blue runs up, red", "down: lay a card going",
     "the pile's way, or one of", "equal value (it turns the", "way). Yellow always fits",
     "and keeps the way. Your", "own card still on top:", "lay anything."),
    ("Series  2/5", "Cards stepping by one in", "one colour go at once:",
     "blue up, red down. Yellow", "fits anywhere in them;", "last, it also acts.",
     "Nothing fits? B draws one;", "Select plays it if it", "fits, B keeps it."),
    ("Yellow  3/5", "No-entry disc: skip, the", "next player misses a turn.",
     "Plus: the next takes a", "card from two players.", "Arrow left: all pass a",
     "card left. Star: chaos,", "all hands are shuffled", "and dealt again."),
    ("Keys  4/5", "L/R    move along the hand", "A      pick/unpick a card",
     "Select play the picks in", "       the order that fits", "       (none: cursor card)",
     "B      clear picks, draw,", "       or keep drawn card", "Start  menu",
     "CPU moving: A skips ahead"),
    ("Scores  5/5", "Out first: +5, the others", "-1 a card. Draw pile out",
     "twice: only minus points.", "2 x players games; the", "highest total wins.",
     "Cards: B^ blue up, Rv red", "down, Y yellow + action.", "Passing the device: the",
     "curtain hides the hand."),
)

WIN_NOTES = ((523, 90), (659, 90), (784, 90), (1047, 200))

# TAG_AMIGO_SETUP: version, players, kind of seats 1-6, options, names (6 x 6 ASCII, space
# padded), CRC-16. Scores and the game number live in the engine's own save.
_SETUP_LEN = const(47)
_SETUP_VERSION = const(1)


def card_text(c):
    """"B8", "R15", "Y14+": the card's colour letter, value and, on a yellow, its action."""
    if c == 0:
        return "--"
    k = c >> 5
    if k < 2:
        return "%s%d" % ("BR"[k], c & 31)
    return "Y%d%s" % (c & 31, "/+<*"[k - 2])


def call_text(g, out):
    """The call spoken at the table after a play, "13, 14, 15 up", from the engine's call();
    out is a scratch bytearray of 20. Built only for text screens, never per move."""
    n = g.call(out)
    if n == 0:
        return ""
    way = "?" if g.pending == P_DIR else ("down" if g.dir else "up")
    return ", ".join([str(out[i]) for i in range(n)]) + " " + way


class AmigoApp(SeatedApp):
    GAME_TAG = TAG_AMIGO
    SETUP_TAG = TAG_AMIGO_SETUP
    SAVE_ERROR = SaveError
    HELP_PAGES = HELP_PAGES

    def __init__(self, hw, seed, persist, settings):
        SeatedApp.__init__(self, hw, seed, persist, settings)
        sheet, palette = amigo_sprites.build()
        self.root = displayio.Group()
        self.root.append(felt(amigo_sprites.COLOURS[amigo_sprites.FELT]))
        self.view = AmigoView(sheet, palette)
        self.text = TextView()
        self.root.append(self.view.group)
        self.root.append(self.text.group)
        self.game = Amigo()
        self.cpus = [None, None, None]    # engine.amigo_cpu.Cpu per level, made when needed
        self.out = bytearray(MAX_PICK)    # the call's values
        self.sel = bytearray(MAX_PICK)    # picked hand indices in the order picked
        self.order = bytearray(MAX_PICK)  # the same laid out as a series
        self.nsel = 0
        self.players = 2
        self.kinds = bytearray((HUMAN, PLANNER, GREEDY, PLANNER, GREEDY, PLANNER))
        self.names = ["P%d" % (s + 1) for s in range(6)]
        self.options = 0
        self.cpu_say = self.names
        self.edit_players = 2             # the setup screen edits these until "Start match"
        self.edit_kinds = bytearray(6)
        self.edit_names = list(self.names)
        self.edit_options = 0
        self.editing = -1                 # seat whose name is being edited
        self.pos = 0                      # letter being edited
        self.cursor = 0
        self.pick = 0                     # seat a take would hit
        self.scores_back = False          # scores opened from the menu
        self.holder = -1                  # the human seat holding the device
        self.notice = None
        self._handlers = (self._key_table, self._key_curtain, self._key_menu, self._key_setup,
                          self._key_help, self._key_scores)
        hw.display.root_group = self.root
        if self._restore():
            # Nothing saved: a match with the default seats stands behind the setup screen.
            self._new_match()
            self._open_setup()
        else:
            self._begin()

    # -- start-up and saving -------------------------------------------------------
    def _resumed(self):
        """A saved game was restored: take its seats."""
        g = self.game
        self.players = g.players
        self.options = g.options
        self.kinds[:] = g.kinds

    def _start_fresh(self):
        self._new_match()

    def _unpack_setup(self, d):
        if len(d) != _SETUP_LEN or d[0] != _SETUP_VERSION or not 2 <= d[1] <= 6 or \
                max(d[2:8]) > PLANNER or d[8] > ESCALATE or \
                crc16(d, 0xFFFF, 0, _SETUP_LEN - 2) != (d[45] << 8) | d[46]:
            return False
        names = []
        for s in range(6):
            name = ""
            for i in range(NAME_LEN):
                ch = chr(d[9 + NAME_LEN * s + i])
                if ch not in NAME_CHARS:
                    return False
                name += ch
            names.append(name.strip() or "P%d" % (s + 1))
        self.players = d[1]
        self.kinds[:] = d[2:8]
        self.options = d[8]
        self.names = names
        return True

    def _pack_setup(self):
        out = bytearray(_SETUP_LEN)
        out[0] = _SETUP_VERSION
        out[1] = self.players
        out[2:8] = self.kinds
        out[8] = self.options
        for s in range(6):
            name = self.names[s]
            for i in range(NAME_LEN):
                out[9 + NAME_LEN * s + i] = ord(name[i]) if i < len(name) else 32
        crc = crc16(out, 0xFFFF, 0, _SETUP_LEN - 2)
        out[45] = crc >> 8
        out[46] = crc & 0xFF
        return bytes(out)

    # -- seats ---------------------------------------------------------------------
    def seat_name(self, s):
        return self.names[s]

    def _cpu_to_move(self):
        g = self.game
        return g.pending != P_OVER and g.kinds[g.seat] != HUMAN

    # -- matches and games -----------------------------------------------------------
    def _new_match(self):
        self.game.new_match(self.players, 1 + self.rng.below(31999), self.options, self.kinds)
        self.holder = -1
        self._changed()
        gc.collect()

    def _begin(self):
        """Show the match in progress: the curtain if the device must change hands."""
        g = self.game
        self.hurry = False
        self.cpu_at = self.hw.clock.ms()
        self.view.set_seats(self.names, g.players)
        self.cpu_say = ["%s moves. A: skip" % self.names[s] for s in range(6)]
        self.view.set_game("game %d/%d" % (g.game + 1, 2 * g.players))
        self.view.draw_table(g, self.out)
        if self.holder >= g.players or self.holder >= 0 and g.kinds[self.holder] != HUMAN:
            self.holder = -1
        if self._humans() == 1:
            # One human: the device never changes hands, so that hand may always show.
            for s in range(g.players):
                if g.kinds[s] == HUMAN:
                    self.holder = s
        self.cursor = 0
        if g.pending == P_OVER:
            self._open_scores(False)
            return
        self._show_table()
        self._decision()
        if self.notice:
            if self.screen == TABLE:
                self.view.say(self.notice)
            else:
                self.text.set_line(8, self.notice)
            self.notice = None

    def _show_table(self):
        self.screen = TABLE
        self.text.group.hidden = True
        self.view.group.hidden = False
        self._lights()

    def _decision(self):
        """A decision is asked of g.seat: pace a CPU, curtain a new human, or show the hand."""
        g = self.game
        s = g.seat
        v = self.view
        self.nsel = 0
        v.mark_victim(-1)
        self._lights()
        if g.kinds[s] != HUMAN:
            self.cpu_at = self.hw.clock.ms()
            v.say(self.cpu_say[s])
            if self.holder >= 0:
                v.show_hand(g, self.holder, -1, self.sel, 0)
            else:
                v.hide_hand()
            return
        self.hurry = False
        if s != self.holder and self._humans() >= 2:
            self._open_curtain()
            return
        if s != self.holder:
            self.holder = s
            self.cursor = 0
        self._human_view()

    def _human_view(self):
        g = self.game
        s = g.seat
        p = g.pending
        cnt = g.counts[s]
        if p == P_DRAWN:
            for i in range(cnt):
                if g.card(s, i) == g.drawn:
                    self.cursor = i
                    break
        if self.cursor >= cnt:
            self.cursor = cnt - 1 if cnt else 0
        if p == P_TAKE:
            self.pick = s
            self._step_pick(1)
        self.view.show_hand(g, s, self.cursor, self.sel, self.nsel)
        self.view.say(self._prompt())

    def _prompt(self):
        g = self.game
        p = g.pending
        if p == P_OVER:
            return P_OVER_TEXT
        if p == P_TURN:
            return P_PLAY_TEXT if g.can_play(g.seat) else P_STUCK_TEXT
        if p == P_DRAWN:
            return P_DRAWN_TEXT
        if p == P_DIR:
            return P_DIR_TEXT
        if p == P_TAKE:
            if g.options & ESCALATE and g.victim == NONE:
                s = g.seat
                for i in range(g.counts[s]):
                    if g.card(s, i) >> 5 == 3:      # a take-cards yellow to answer with
                        return P_ANSWER_TEXT
            return P_TAKE_TEXT
        return P_PASS_TEXT

    def _step_pick(self, step):
        g = self.game
        n = g.players
        o = self.pick
        for _ in range(n):
            o = (o + step) % n
            if o != g.seat and o != g.victim:
                break
        self.pick = o
        self.view.mark_victim(o)

    def _try(self, a, arg=0, buf=None):
        """A human's action: done and shown, or refused with the engine's reason."""
        g = self.game
        s = g.seat
        code = g.apply(a, arg, buf)
        if code:
            self.view.say(reason(code))
            self._sound(110, 150)
            return
        self._after(s, a)

    def _after(self, s, a):
        g = self.game
        self.nsel = 0
        self.view.draw_table(g, self.out)
        self._changed()
        if g.pending == P_OVER:
            self._game_over()
            return
        if a == A_PLAY:
            self._sound(1200, 15)
        elif a == A_DRAW:
            self._sound(600, 40)
        self._decision()

    def _cpu(self, level):
        c = self.cpus[level]
        if c is None:
            from engine.amigo_cpu import Cpu
            c = self.cpus[level] = Cpu(level)
        return c

    def _cpu_move(self):
        g = self.game
        s = g.seat
        cpu = self._cpu(g.kinds[s])
        a = cpu.decide(g)
        code = g.apply(a, cpu.arg, cpu.sel)
        if code:
            raise RuntimeError("CPU move refused: " + reason(code))
        self._after(s, a)

    def _game_over(self):
        self.hurry = False
        self.hw.sound.play(WIN_NOTES)
        self.view.hide_hand()
        self.view.say(P_OVER_TEXT)
        self._lights()
        self._open_scores(False)

    # -- table ---------------------------------------------------------------------
    def _key_table(self, k):
        g = self.game
        if k == keys.START:
            self._open_menu()
            return
        if g.pending == P_OVER:
            if k == keys.A:
                self._open_scores(False)
            return
        s = g.seat
        if g.kinds[s] != HUMAN:
            if k == keys.A:
                self.hurry = True
                self.view.say(SKIPPING)
            return
        p = g.pending
        if k == keys.LEFT or k == keys.RIGHT:
            cnt = g.counts[s]
            if cnt:
                self.cursor = (self.cursor + (1 if k == keys.RIGHT else cnt - 1)) % cnt
            self.view.move_cursor(g, self.cursor, self.sel, self.nsel)
        elif p == P_DIR:
            if k == keys.UP or k == keys.DOWN:
                self._try(A_CHOOSE, 0 if k == keys.UP else 1)
            else:
                self.view.say(P_DIR_TEXT)
        elif p == P_TAKE:
            if k == keys.UP or k == keys.DOWN:
                self._step_pick(1 if k == keys.DOWN else -1)
            elif k == keys.A:
                self._try(A_CHOOSE, self.pick)
            elif k == keys.SELECT:
                self.sel[0] = self.cursor
                self._try(A_PLAY, 1, self.sel)
        elif p == P_PASS:
            if k == keys.A or k == keys.SELECT:
                self._try(A_CHOOSE, self.cursor)
        elif k == keys.A:
            self._toggle()
        elif k == keys.SELECT:
            n = self.nsel
            if n == 0:
                self.sel[0] = self.cursor
                n = 1
            elif g.check(A_PLAY, n, self.sel):
                # Picks are laid as a series whatever order they were picked in: a series
                # runs one way through its values, so one of the two sorted orders is it.
                for down in range(2):
                    self._sort_picks(n, down)
                    if g.check(A_PLAY, n, self.order) == 0:
                        self._try(A_PLAY, n, self.order)
                        return
            self._try(A_PLAY, n, self.sel)
        elif k == keys.B:
            if self.nsel:
                self.nsel = 0
                self.view.draw_marks(self.sel, 0)
                self.view.say(self._prompt())
            else:
                self._try(A_DRAW if p == P_TURN else A_KEEP)

    def _sort_picks(self, n, down):
        """The picks into self.order by value, rising or (down) falling."""
        g = self.game
        s = g.seat
        o = self.order
        for i in range(n):
            v = g.card(s, self.sel[i]) & 31
            j = i
            while j > 0 and ((g.card(s, o[j - 1]) & 31) > v) != (down == 1):
                o[j] = o[j - 1]
                j -= 1
            o[j] = self.sel[i]

    def _toggle(self):
        """Pick or unpick the cursor's card; picks are played in the order picked."""
        i = self.cursor
        sel = self.sel
        n = self.nsel
        if i >= self.game.counts[self.game.seat]:
            return
        for k in range(n):
            if sel[k] == i:
                for j in range(k, n - 1):
                    sel[j] = sel[j + 1]
                self.nsel = n - 1
                break
        else:
            if n >= MAX_PICK:
                self.view.say(TOO_MANY)
                return
            sel[n] = i
            self.nsel = n + 1
        self.view.draw_marks(sel, self.nsel)

    # -- curtain: the device changes hands --------------------------------------------
    def _open_curtain(self):
        g = self.game
        s = g.seat
        name = self.names[s]
        what = ("", "to play", "to play the drawn card", "to choose up or down",
                "to take cards", "to pass a card left")[g.pending]
        self.screen = CURTAIN
        self.view.hide_hand()
        self.view.group.hidden = True
        self.text.group.hidden = False
        self.text.show(("Pass to %s" % name, "",
                        "Hand the device to %s," % name, "then press A.", "",
                        "%s %s." % (name, what),
                        "Top %s  draw %d" % (card_text(g.top()), g.draw_len),
                        "Call %s" % (call_text(g, self.out) or "-"), "",
                        "A: show hand  Start: menu"))

    def _key_curtain(self, k):
        if k == keys.A:
            g = self.game
            self.holder = g.seat
            self.cursor = 0
            self.view.first = 0
            self.nsel = 0
            self._show_table()
            self._human_view()
        elif k == keys.START:
            self._open_menu()

    # -- scores ----------------------------------------------------------------------
    def _open_scores(self, from_menu):
        g = self.game
        self.screen = SCORES
        self.scores_back = from_menu
        self.view.group.hidden = True
        self.text.group.hidden = False
        over = g.pending == P_OVER
        done = g.match_over()
        n = g.players
        if done:
            title = "Match over (%d games)" % (2 * n)
        elif over:
            title = "Game %d of %d over" % (g.game + 1, 2 * n)
        else:
            title = "Scores  game %d of %d" % (g.game + 1, 2 * n)
        lines = [title, "         game  total"]
        for s in range(n):
            pts = "%+5d" % g.points(s) if over else "    -"
            lines.append("%-6s %s %+6d" % (self.names[s], pts, g.scores[s]))
        if done:
            best = max(g.scores[:n])
            won = [self.names[s] for s in range(n) if g.scores[s] == best]
            lines.append(("Winner: " if len(won) == 1 else "Winners: ") + ", ".join(won))
        elif over and g.end == PILE_OUT:
            lines.append("Draw pile ran out twice")
        elif over and g.end == TOOK_LAST:
            lines.append("%s's last card taken" % self.names[g.winner])
        elif over:
            lines.append("%s went out" % self.names[g.winner])
        else:
            lines.append("")
        if from_menu:
            lines.append("A/B: back")
        elif done:
            lines.append("A: new match  Start: menu")
        else:
            lines.append("A: next game  B: table")
        self.text.show(lines)
        self._lights()

    def _key_scores(self, k):
        g = self.game
        if self.scores_back:
            if k == keys.A or k == keys.B or k == keys.START:
                self._open_menu()
            return
        if k == keys.A:
            if g.match_over():
                self._new_match()
            else:
                g.next_game()
                self._changed()
            self._begin()
        elif k == keys.B and not g.match_over():
            self._show_table()
            self.view.hide_hand()
            self.view.say(P_OVER_TEXT)
        elif k == keys.START:
            self._open_menu()

    # -- menu ----------------------------------------------------------------------
    def _menu_items(self):
        return MENU_ITEMS

    def _open_menu(self):
        self.save_now()
        g = self.game
        self.screen = MENU
        self.item = 0
        self.view.hide_hand()
        self.view.group.hidden = True
        self.text.group.hidden = False
        self.text.show(["YoYo  game %d of %d" % (g.game + 1, 2 * g.players)] +
                       list(MENU_ITEMS), 1)

    def _key_menu(self, k):
        n = len(MENU_ITEMS)
        if k == keys.UP or k == keys.DOWN:
            self.item = (self.item + (1 if k == keys.DOWN else n - 1)) % n
            self.text.mark(1 + self.item)
        elif k == keys.B or k == keys.START:
            self._resume()
        elif k == keys.A:
            item = MENU_ITEMS[self.item]
            if item == "Resume":
                self._resume()
            elif item == "New match":
                self._new_match()
                self._begin()
            elif item == "Setup":
                self._open_setup()
            elif item == "Help":
                self.screen = HELP
                self.page = 0
                self.text.show(HELP_PAGES[0])
            elif item == "Scores":
                self._open_scores(True)
            else:
                self.save_now()
                self.leave = True

    def _resume(self):
        """Back to the match; a human decision not the holder's gets its curtain again."""
        g = self.game
        if g.pending == P_OVER:
            self._open_scores(False)
            return
        self.cpu_at = self.hw.clock.ms()
        self.view.draw_table(g, self.out)
        self._show_table()
        self._decision()

    # -- setup ---------------------------------------------------------------------
    def _open_setup(self):
        self.screen = SETUP
        self.item = 0
        self.editing = -1
        self.edit_players = self.players
        self.edit_kinds[:] = self.kinds
        self.edit_names = list(self.names)
        self.edit_options = self.options
        self.view.hide_hand()
        self.view.group.hidden = True
        self.text.group.hidden = False
        self._lights()
        self._draw_setup()

    def _setup_rows(self):
        """Players, each seat, the take-cards rule, start."""
        return self.edit_players + 3

    def _draw_setup(self):
        if self.editing >= 0:
            title = "Up/Dn letter, L/R move, A"
        else:
            title = self.notice or "YoYo setup  A: edit name"
        lines = [title, "Players   %d" % self.edit_players]
        for s in range(self.edit_players):
            name = self.edit_names[s]
            if s == self.editing:
                name = "%-6s" % name
                p = self.pos
                name = name[:p] + "[" + (name[p] if name[p] != " " else "_") + "]" + \
                    name[p + 1:]
            lines.append("%d %-8s %s" % (s + 1, name, KIND_NAMES[self.edit_kinds[s]]))
        lines.append("Take+ rule  %s" % ("escalated" if self.edit_options else "plain"))
        lines.append("Start match")
        self.text.show(lines, 1 + self.item)

    def _key_setup(self, k):
        if self.editing >= 0:
            self._key_name(k)
            self._draw_setup()
            return
        rows = self._setup_rows()
        row = self.item
        n = self.edit_players
        if k == keys.UP or k == keys.DOWN:
            self.item = (row + (1 if k == keys.DOWN else rows - 1)) % rows
        elif (k == keys.LEFT or k == keys.RIGHT or k == keys.A) and row < rows - 1:
            step = -1 if k == keys.LEFT else 1
            if row == 0:
                self.edit_players = 2 + (n - 2 + step) % 5
            elif row <= n:
                if k == keys.A:
                    self.editing = row - 1
                    self.pos = 0
                else:
                    self.edit_kinds[row - 1] = (self.edit_kinds[row - 1] + step) % 3
            else:
                self.edit_options ^= ESCALATE
            self.item = min(self.item, self._setup_rows() - 1)
        elif k == keys.A:
            self.players = self.edit_players
            self.kinds[:] = self.edit_kinds
            self.names = list(self.edit_names)
            self.options = self.edit_options
            self.notice = None
            self._new_match()
            self._begin()
            return
        elif k == keys.B or k == keys.START:
            self._open_menu()
            return
        self._draw_setup()

    def _key_name(self, k):
        s = self.editing
        name = "%-6s" % self.edit_names[s]
        p = self.pos
        if k == keys.UP or k == keys.DOWN:
            i = NAME_CHARS.find(name[p])
            i = (i + (1 if k == keys.UP else len(NAME_CHARS) - 1)) % len(NAME_CHARS)
            name = name[:p] + NAME_CHARS[i] + name[p + 1:]
        elif k == keys.LEFT or k == keys.RIGHT:
            self.pos = (p + (1 if k == keys.RIGHT else NAME_LEN - 1)) % NAME_LEN
        elif k == keys.A or k == keys.B or k == keys.START:
            self.editing = -1
            name = name.strip() or "P%d" % (s + 1)
        self.edit_names[s] = name if self.editing >= 0 else name.strip()

    # -- sound and lights ----------------------------------------------------------
    def _lights(self):
        """Every pixel in the colour of the seat to decide; the winner's at the end."""
        lights = self.hw.lights
        if lights.count == 0:
            return
        g = self.game
        if not self.settings.lights or self.screen == SETUP:
            lights.fill(0)
        elif g.pending == P_OVER:
            lights.fill(SEAT_RGB[g.winner] if g.winner != NONE else 0x404040)
        else:
            lights.fill(SEAT_RGB[g.seat])
        lights.show()
