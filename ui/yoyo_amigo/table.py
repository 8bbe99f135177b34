"""Amigo's YoYo on the shared seated screens (ui/seated/app.py). Hands are secret: before a
decision by a person not holding the device the curtain hides the table; the hand row shows only
the holder's hand. The strong CPU thinks in slices between keys. Per key and move only tiles and
bars change. Every action goes into a small log (ui/yoyo_amigo/log.py) that a person's curtain
and table tell a line at a time. Down shows the last moves, Up finds a card that fits, B takes
back a person's last action while no other seat has acted since (ui/yoyo_amigo/play.py)."""
# The order below is the order modules take the heap in, chosen by hand: not sorted.
# isort: off
from engine.amigo import (A_DRAW, A_KEEP, A_PLAY, DRAW_ANY, ESCALATE, NONE, P_DIR,
                          P_DRAWN, P_OVER, P_PASS, P_TAKE, P_TURN, Amigo, SaveError)
from hw import keys
from ui.yoyo_amigo.play import MAX_PICK, Cpus, Picks, next_victim, prompt, refusal  # first
# the curtain's and scores' screens, which every game shows: parsed (from .py) before the CPU
# seats and the table take the heap
from ui.seated import screens as seat_screens  # noqa: F401
from ui.yoyo_amigo import sprites as amigo_sprites
# with the table: their names are interned before play fills the heap
from ui.yoyo_amigo import log as amigo_log, play as amigo_play, words as amigo_words
from ui.yoyo_amigo.view import SEAT_RGB, AmigoView
from ui.persist import TAG_AMIGO, TAG_AMIGO_SETUP
from ui.seated.app import SeatTable, HUMAN, Seated
# isort: on

try:
    from micropython import const
except ImportError:
    const = int

GREEDY = const(1)             # engine.amigo_cpu's levels
PLANNER = const(2)
WIN_NOTES = ((523, 90), (659, 90), (784, 90), (1047, 200))
_SAVE_SIZE = const(129)       # engine.amigo's save


class AmigoTable(SeatTable):
    NAME = "YoYo"
    GAME_TAG = TAG_AMIGO
    SETUP_TAG = TAG_AMIGO_SETUP
    SaveError = SaveError
    HELP = "AMIGO"            # its paragraphs in ui/seated/help.py, loaded on Help
    MENU = ("Resume", "New match", "Setup", "Help", "Rule choices", "Settings", "Scores",
            "Other games")
    KINDS = ("Human", "CPU easy", "CPU hard", "CPU strong")
    MAX_SEATS = 6
    DEFAULT_KINDS = (HUMAN, PLANNER, GREEDY, PLANNER, GREEDY, PLANNER)
    NAMES = True
    RULES = (("Take+ rule|plain|escalated", ESCALATE), ("Draw|if stuck|any time", DRAW_ANY))
    GUIDES = ("Up: what fits  Down: log", "Start: menu")
    SEAT_RGB = SEAT_RGB
    START = "Start match"

    def __init__(self, app):
        sheet, palette = amigo_sprites.build()
        self.view = AmigoView(sheet, palette)
        self.group = self.view.group
        self.game = Amigo()
        self.cpus = Cpus()
        self.out = bytearray(MAX_PICK)    # the call's values
        self.picks = Picks()
        self.sel = self.picks.sel
        self.cursor = 0
        self.pick = 0                     # seat a take would hit
        self.cpu_say = ()
        self.think_say = ()
        self.names = ()
        amigo_log.make(self)              # the log and the news: its moves, seen, got, line
        self.before = bytearray(_SAVE_SIZE)  # the position before a person's last action
        self.last = -1               # whose action it can take back; -1: none
        self.since = 0

    # -- the seated loop's questions -------------------------------------------------
    def seat(self):
        g = self.game
        if g.pending == P_OVER:
            return g.winner if g.winner != NONE else -1
        return g.seat

    def title(self, app):
        g = self.game
        return "YoYo  game %d of %d" % (g.game + 1, 2 * g.players)

    def in_progress(self):
        g = self.game
        return not g.match_over() and (g.game > 0 or g.pile_len > 0 or g.pending == P_OVER)

    def busy(self):
        g = self.game
        return g.pending != P_OVER and g.kinds[g.seat] != HUMAN

    def thinking(self):
        return self.cpus.thinking

    def footer(self):
        return "A: new match  B: table" if self.game.match_over() else \
            "A: next game  B: table"

    def new_game(self, app):
        self.game.new_match(app.players, 1 + app.rng.below(31999),
                            app.options & (ESCALATE | DRAW_ANY), app.kinds)
        self.cpus.thinking = False
        self.resumed(app)
        self.clear()                    # after resumed(): a new match, no log kept

    def clear(self):
        amigo_log.clear(self)
        self.last = -1

    def resumed(self, app):
        g = self.game
        app.players = g.players
        app.options = g.options
        app.kinds[:] = g.kinds
        self.shuffled = g.exhausted
        self.keep(app.persist, True)
        for s in range(g.players):      # CPU seats made now, while the heap is in one piece
            if g.kinds[s]:
                self.cpus.get(g.kinds[s])

    def handed(self, app):
        self.cursor = 0
        self.view.first = 0
        self.picks.n = 0

    def handover(self, app):
        return amigo_words.handover(self.game, self, self.game.seat)

    def scores(self, app):
        return amigo_words.scores(self.game, app.names, app)

    # -- drawing ---------------------------------------------------------------------
    def show(self, app):
        """The table comes up: redraw it and ask the seat to decide (behind the curtain if
        another person must take the device)."""
        g = self.game
        v = self.view
        v.set_seats(app.names, g.players)
        self.names = app.names
        self.cpu_say = ["%s moves. A: skip" % app.names[s] for s in range(g.players)]
        self.think_say = [app.names[s] + " is thinking..." for s in range(g.players)]
        v.set_game("game %d/%d" % (g.game + 1, 2 * g.players))
        v.draw_table(g, self.out)
        if app.humans() == 1:
            # One person: the device never changes hands, so that hand may always show.
            for s in range(g.players):
                if g.kinds[s] == HUMAN:
                    app.holder = s
        if g.pending == P_OVER:
            v.hide_hand()
            self.view.say(amigo_words.over(self.game, app.names))
            return
        self.decision(app)
        if app.notice and app.screen == 0:
            v.say(app.notice)
            app.notice = None

    def decision(self, app, keep=False):
        """A decision is asked of g.seat: pace a CPU (keep: the news said stays while it
        waits), curtain a new person, or show the hand with the news since their last."""
        g = self.game
        s = g.seat
        v = self.view
        self.picks.n = 0
        v.mark_victim(-1)
        app.lights()
        if g.kinds[s] != HUMAN:
            if not keep:
                v.say(self.think_say[s] if self.cpus.thinking else self.cpu_say[s])
            if app.holder >= 0:
                v.show_hand(g, app.holder, -1, self.sel, 0)
            else:
                v.hide_hand()
            return
        app.hurry = False
        if app.needs_curtain(s):
            v.hide_hand()
            app.curtain()
            return
        if s != app.holder:
            app.holder = s
            self.cursor = 0
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
            self.pick = next_victim(g, s, 1)
        v.show_hand(g, s, self.cursor, self.sel, self.picks.n)
        if amigo_log.start(self, s):
            # every line in turn, then the prompt (next_news); Down shows the log, with names
            v.move_cursor(g, self.cursor, self.sel, self.picks.n)
            v.say_line(self.line)
            app.due(True)
        else:
            amigo_log.ask(self)

    def next_news(self, app, now=False):
        return amigo_log.next_news(self, app, now)

    # -- moves -----------------------------------------------------------------------
    def act(self, app, a, arg=0, buf=None):
        """A person's action: done and shown, or refused in a short sentence."""
        g = self.game
        p = g.pending
        s = g.seat
        code = g.check(a, arg, buf)
        if code:
            self.view.say(refusal(code, g, buf))
            app.sound(110, 150)
            return
        g.save(self.before)
        self.since = self.moves
        g.apply(a, arg, buf)
        # a draw or a take shows cards the person did not see before: no taking it back
        self.last = s if a == A_PLAY or a == A_KEEP or p == P_DIR or p == P_PASS else -1
        amigo_log.record(self, p, s, a, arg)
        self._after(app, a, s)
        if g.kinds[g.seat] != HUMAN:
            app.cpu_at = app.hw.clock.ms()      # the next CPU waits its pace: time for B

    def _after(self, app, a, s):
        g = self.game
        self.picks.n = 0
        self.view.draw_table(g, self.out)
        app.changed()
        if g.pending == P_OVER:
            if g.match_over():
                app.save_now()      # a finished match is saved at once; a game within it
            app.hurry = False       # is saved on the schedule, as any move (ui/app.py)
            self.last = -1
            app.hw.sound.play(WIN_NOTES)
            self.view.hide_hand()
            self.view.say(amigo_words.over(self.game, app.names))
            app.scores(amigo_words.after_scores)
            return
        if a == A_PLAY:
            app.sound(1200, 15)
        elif a == A_DRAW:
            app.sound(600, 40)
        # a drawn card kept for not fitting is told at once, while the next seat waits
        keep = a == A_DRAW and g.seat != s == app.holder and amigo_log.line(self, self.drew, s)
        if keep:
            self.view.say_line(self.line)
            self.seen[s] = self.drew + 1    # told: not again at the next decision
        self.decision(app, keep)

    def tick(self, app):
        """One CPU decision, or one slice of the strong seat's thinking; True once it acted."""
        g = self.game
        s = g.seat
        thinking = self.cpus.thinking
        a = self.cpus.decide(g, app.hw.clock.ms())
        if a < 0:
            if not thinking and self.view.said is not self.line:
                self.view.say(self.think_say[s])
            return False
        c = self.cpus.cpu
        p = g.pending
        code = g.apply(a, c.arg, c.sel)
        if code:
            raise RuntimeError("CPU move refused: %d" % code)
        amigo_log.record(self, p, s, a, c.arg)
        self._after(app, a, s)
        return True

    def key(self, app, k):
        if amigo_log.next_news(self, app, True):     # news first: a key only shows it
            return
        if k == keys.START:
            app.open_menu()
        elif self.game.pending != P_OVER:
            amigo_play.key(self, app, k)
        elif k == keys.A:
            app.scores(amigo_words.after_scores)
        elif k == keys.DOWN:
            self.history(app)

    def prompt(self, app):
        # Up and Down find a card and show the log only while a turn's card is to be played
        return prompt(self.game) if self.game.pending == P_TURN else ""

    def history(self, app):
        app.over(amigo_words.LastMoves())

    def keep(self, p, back=False):
        from ui.yoyo_amigo.keep import keep  # loaded only for a save or a power-on
        keep(self, p, back)


class AmigoApp(Seated):
    def __init__(self, hw, seed, persist, settings):
        Seated.__init__(self, hw, seed, persist, settings, AmigoTable,
                        amigo_sprites.COLOURS[amigo_sprites.FELT])
