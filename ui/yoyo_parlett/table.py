"""Parlett's Yo-yo: its table screen on the shared seated screens (ui/seated/app.py).

Two or three seats, each a person or a CPU. People play with the keys; CPU seats play one
action at a time, paced, and A skips to the next person. Before a person's turn when the
device changes hands, the curtain names who plays next. Plays change tile indices only; words
change on events (a turn, a refusal, a screen).
"""
# Sorted, but the long lists stay packed: a name a line would take the module past 300 lines.
# isort: off
from engine.tableau import FAN_SIZE, NUM_FANS
from engine.yoyo import (ANNOUNCE, DOWN, EV_WON, FREE_WAY, GREEDY, HUMAN, LOOKAHEAD, OVER,
                         STUCK, UP, XFER, XFER_MAY, SaveError, Yoyo)
from hw import keys
from ui import forget, deck as sprites
from ui.persist import PLACE, TAG_YOYO, TAG_YOYO_SETUP
from ui.seated.app import SeatTable, Seated
from ui.yoyo_parlett.view import (PROMPTS, SEAT_RGB, YoyoView, handover, prompt_index,
                                  refusal, scores, step_cursor, transfer_words, turn_words)
from ui.yoyo_parlett.words import prompt_of, say_start
# isort: on

try:
    from micropython import const
except ImportError:
    const = int

WIN_NOTES = ((523, 90), (659, 90), (784, 90), (1047, 200))


class YoyoTable(SeatTable):
    NAME = "Yo-yo"
    GAME_TAG = TAG_YOYO
    SETUP_TAG = TAG_YOYO_SETUP
    SaveError = SaveError
    HELP = "YOYO"             # its paragraphs in ui/seated/help.py, loaded on Help
    MENU = ("Resume", "New game", "Redo move", "Setup", "Help", "Rule choices", "Settings",
            "Scores", "Other games")
    KINDS = ("Human", "CPU easy", "CPU hard")
    MAX_SEATS = 3
    DEFAULT_KINDS = (HUMAN, LOOKAHEAD, GREEDY, 0, 0, 0)
    NAMES = False
    RULES = (("Pile way|announced|turns", FREE_WAY), ("Transfer|must|may", XFER_MAY))
    SEAT_RGB = SEAT_RGB
    START = "Start game"
    GUIDES = ("Start: menu  hold B: redo",)
    REDOES = True

    def __init__(self, app):
        sheet, palette = sprites.build()
        self.view = YoyoView(sheet, palette)
        self.group = self.view.group
        self.game = Yoyo()
        self.cpu = None           # engine.yoyo_cpu, imported once a CPU seat plays
        self.moves = bytearray(NUM_FANS)
        self.cursor = 0
        self.first = 0
        self.games = 0
        self.wins = [0, 0, 0]
        self.counted = False      # this game's result is in games/wins
        self.event = ""           # how the last turn ended, for the next prompt or curtain
        self.news = []            # transfers since a person last played, to tell them
        self.moved = 0            # the card the turn's transfer moved
        self.prompt_key = -1      # prompt(): what its words were made for, and the words
        self.prompt_said = ""

    # -- the seated loop's questions -------------------------------------------------
    def seat(self):
        g = self.game
        return g.winner() if g.phase == OVER else g.turn

    def seat_name(self, app, s):
        return ("P%d" if self.game.kinds[s] == HUMAN else "CPU%d") % (s + 1)

    def title(self, app):
        return "Yo-yo  deal %d" % self.game.deal_number

    def in_progress(self):
        g = self.game
        return g.hist_len > 0 and g.phase != OVER

    def busy(self):
        g = self.game
        return g.phase != OVER and g.kinds[g.turn] != HUMAN

    def footer(self):
        return "A: new game  B: table"

    def pack(self, app):
        return bytes([self.first] + [b for x in [self.games] + self.wins
                                     for b in (x >> 8, x & 0xFF)])

    def unpack(self, app, d):
        # next first seat, games finished, games won by seats 1-3
        if len(d) != 9:
            return False
        v = [(d[i] << 8) | d[i + 1] for i in (1, 3, 5, 7)]
        if d[0] > 2 or sum(v[1:]) > v[0]:
            return False
        self.first, self.games, self.wins = d[0], v[0], v[1:]
        return True

    def new_lineup(self, app):
        self.games = 0
        self.wins = [0, 0, 0]

    def new_game(self, app):
        if self.first >= app.players:
            self.first = 0
        self.game.new_game(1 + app.rng.below(31999), app.players, self.first, app.kinds,
                           app.options & (FREE_WAY | XFER_MAY))
        # "Non-dealer plays first": the deal passes round, so the first seat does too.
        self.first = (self.first + 1) % app.players
        self.counted = False
        self.event = ""
        self.news = []

    def resumed(self, app):
        g = self.game
        app.players = g.players
        app.kinds[:3] = g.kinds
        self.counted = g.is_over()
        d = app.persist.get(TAG_YOYO | PLACE)
        self.cursor = d[0] if d and len(d) == 1 and d[0] < NUM_FANS else 0

    def redo(self, app):
        g = self.game
        if g.phase == OVER or g.kinds[g.turn] != HUMAN or not g.redo():
            return False
        self.view.draw_all(g)
        self.view.say(self.prompt(app))
        app.changed()
        return True

    def prompt(self, app):
        return prompt_of(self)

    def done(self):
        return self.game.hist_len

    def keep(self, p):
        p.put(TAG_YOYO | PLACE, bytes((self.cursor,)))  # the cursor's fan, across power-on

    def handover(self, app):
        return self.news + handover(self.game, self.moves, self.event)

    def scores(self, app):
        return scores(self, app)

    # -- drawing ---------------------------------------------------------------------
    def show(self, app):
        """The table comes up: redraw it, and hide it behind the curtain if a person who is
        not holding the device is to move."""
        g = self.game
        v = self.view
        v.set_seats([self.seat_name(app, s) for s in range(3)], g.players)
        v.draw_all(g)
        v.set_cursor(self.cursor)
        if g.phase == OVER:
            v.say(PROMPTS[6])       # "Game over. A: scores"
            return
        s = g.turn
        if app.needs_curtain(s):
            app.curtain()
            return
        if g.kinds[s] == HUMAN:
            app.holder = s
        if app.notice:
            v.say(app.notice)
            app.notice = None
        else:
            self._say_start(app, self.event)

    def _say_start(self, app, event):
        say_start(self, app, event)

    def prompt_index_now(self):
        return prompt_index(self.game, self.moves)

    # -- moves -----------------------------------------------------------------------
    def _act(self, app, a):
        """Carry out legal action a for the seat to move and show what it changed."""
        g = self.game
        s = g.turn
        g.play(a)
        v = self.view
        cpu = g.kinds[s] != HUMAN
        if a < UP:
            f = a if a < XFER else a - XFER
            v.draw_fan(g, f)
            if cpu:
                v.set_cursor(f)     # the cursor shows where a CPU took its card
            if a < XFER:
                app.sound(1200, 15)
            else:
                self.moved = g.tableau.cards[FAN_SIZE * f]    # now the fan's bottom card
                app.sound(600, 60)
        elif a < STUCK:
            app.sound(880, 40)
        v.draw_centre(g)
        app.changed()
        if g.phase == OVER:
            v.draw_seats(g)
            self._game_over(app)
        elif g.turn != s:
            who = self.seat_name(app, s)
            self.event = turn_words(g, who)
            # told to people who did not make it (a person alone knows their own)
            moved = transfer_words(g, who, self.moved) if app.humans() > 1 - cpu else None
            if moved:
                self.news.append(moved)
            if g.last_event() & 15 == EV_WON:
                app.hw.sound.play(((523, 60), (784, 90)))
            else:
                app.sound(196, 120)
            v.draw_seats(g)
            app.lights()
            if g.kinds[g.turn] == HUMAN:
                app.hurry = False
                v.set_cursor(self.cursor)   # back where this player left it
                if app.needs_curtain(g.turn):
                    app.curtain()
                    return
                app.holder = g.turn
            self._say_start(app, self.event)
        elif g.kinds[s] == HUMAN:
            v.say(self.prompt(app))

    def tick(self, app):
        if self.cpu is None:
            from engine.yoyo_cpu import Cpu
            self.cpu = Cpu()
        self._act(app, self.cpu.choose(self.game))
        return True

    def _game_over(self, app):
        g = self.game
        if not self.counted:
            self.counted = True
            self.games += 1
            w = g.winner()
            if w >= 0:
                self.wins[w] += 1
            from ui.seated import records as seat_records
            seat_records.count(app, w)
            forget("seated.records")
            app.save_now()          # a finished game and its results are saved at once
        app.hurry = False
        app.hw.sound.play(WIN_NOTES)
        app.scores(Seated.new_game)

    def key(self, app, k):
        g = self.game
        if k == keys.START:
            app.open_menu()
        elif g.phase == OVER:
            if k == keys.A:
                app.scores(Seated.new_game)
        elif g.kinds[g.turn] != HUMAN:
            if k == keys.A:
                app.hurry = True
                self.view.say("Skipping ahead...")
        elif g.phase == ANNOUNCE and (k == keys.UP or k == keys.DOWN):
            self._try(app, UP if k == keys.UP else DOWN)
        elif k == keys.LEFT or k == keys.RIGHT or k == keys.UP or k == keys.DOWN:
            self.cursor = step_cursor(self.cursor, k)
            self.view.set_cursor(self.cursor)
        elif k == keys.A:
            # With nothing to play, A is the only thing left to do: pass (the engine's STUCK).
            n = g.legal(self.moves)
            self._try(app, STUCK if self.moves[n - 1] == STUCK and
                      (n == 1 or self.moves[0] >= XFER) else self.cursor)
        elif k == keys.SELECT:
            self._try(app, XFER + self.cursor)
        elif k == keys.B:
            if g.undo():
                self.view.draw_all(g)
                self.view.say(self.prompt(app))
                app.changed()
            else:
                self.view.say("Nothing to undo this turn")
                app.sound(110, 80)

    def _try(self, app, a):
        code = self.game.check(a)
        if code:
            self.view.say(refusal(self.game, code))
            app.sound(110, 150)
            return
        self._act(app, a)


class YoyoApp(Seated):
    def __init__(self, hw, seed, persist, settings):
        Seated.__init__(self, hw, seed, persist, settings, YoyoTable,
                        sprites.COLOURS[sprites.FELT])
