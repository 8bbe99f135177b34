"""Every screen of the two seated games (ui/seated/app.py with Yo-yo and YoYo) is rendered and held
to its row: a title line 26 characters, the other text lines 25, the table's message row 26.
Setup (every row's hint, name editing), menus, help pages, rules, settings, confirmations,
notices, curtains in every phase, score tables (game over, match over, ties, long names), the
table's prompts, every refusal with every rank, turn-end lines and the strong seat's line."""
import random

import pytest

from engine import amigo as am
from engine import yoyo as yy
from hw import keys
from tests import ui_keys
from tests.test_amigo_kit import table as amigo_table
from tests.ui_keys import press
from ui import app as ui_app
from ui.pages import Pages
from ui.seated import app as seats
from ui.seated import help as seat_help
from ui.seated import screens as seat_screens
from ui.textview import LINE_CHARS, TITLE_CHARS
from ui.yoyo_amigo import play as amigo_play
from ui.yoyo_amigo import words as amigo_words
from ui.yoyo_amigo.table import AmigoApp
from ui.yoyo_amigo.view import MSG_CHARS as AMIGO_MSG
from ui.yoyo_parlett.table import YoyoApp
from ui.yoyo_parlett.view import PROMPTS, SHORT, handover, refusal, wanted

MSG_CHARS = 26


def fits(app):
    """The text screen, if it is up, and the table's message row, if the table is up."""
    if app.screen == seats.TABLE:
        said = app.table.view.said
        assert len(said) <= row_chars(app), said
        return
    lines = app.text.lines()
    assert len(lines[0]) <= TITLE_CHARS, lines[0]
    for line in lines[1:]:
        assert len(line) <= LINE_CHARS, line


def row_chars(app):
    """The table's message row: Yo-yo's is Black Hole's (26), YoYo's 25."""
    return AMIGO_MSG if isinstance(app, AmigoApp) else MSG_CHARS


def walk(app_class, seed, n=3000):
    """Random keys through every screen, the clock running; every screen checked."""
    hw, app = ui_keys.boot(app_class, seed=seed)
    rnd = random.Random(seed)
    seen = set()
    ks = [keys.A, keys.B, keys.LEFT, keys.RIGHT, keys.UP, keys.DOWN, keys.SELECT, keys.START,
          keys.A, keys.A, keys.RIGHT, keys.DOWN]
    for i in range(n):
        press(hw, app, rnd.choice(ks))
        if i % 5 == 0:
            hw.clock.advance(rnd.randrange(0, 1500))
        if app.leave:
            app.save_now()
            hw, app = ui_keys.boot(app_class, storage=hw.storage, seed=i)
        seen.add(app.screen)
        fits(app)
    return seen


@pytest.mark.parametrize("app_class", [YoyoApp, AmigoApp])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_screen_reached_by_random_keys_fits(app_class, seed):
    seen = walk(app_class, seed)
    assert {seats.TABLE, seats.MENU, seats.SETUP} <= seen


@pytest.mark.parametrize("app_class", [YoyoApp, AmigoApp])
def test_setup_with_the_most_seats_and_longest_names_fits(app_class):
    hw, app = ui_keys.boot(app_class)
    setup = app.stack[-1]
    t = app.table
    while setup.players != t.MAX_SEATS:
        press(hw, app, keys.RIGHT)
    for s in range(t.MAX_SEATS):
        setup.names[s] = "WWWWWW"
        setup.kinds[s] = max(range(len(t.KINDS)), key=lambda k: len(t.KINDS[k]))
    for _ in range(setup.rows()):
        press(hw, app, keys.DOWN)
        fits(app)
        if t.NAMES and 0 < setup.item <= setup.players:
            press(hw, app, keys.A)                  # edit the name, at every letter
            for _ in range(6):
                fits(app)
                press(hw, app, keys.RIGHT)
            press(hw, app, keys.A)
    app.notice = ui_app.DAMAGED
    setup.show(app)
    fits(app)


@pytest.mark.parametrize("app_class", [YoyoApp, AmigoApp])
def test_menu_help_rules_settings_and_questions_fit(app_class):
    hw, app = ui_keys.boot(app_class)
    press(hw, app, keys.UP, keys.A)                 # start with the default seats
    t = app.table
    for i, row in enumerate(t.MENU):
        if app.screen != seats.MENU:
            press(hw, app, keys.START)
        if app.screen != seats.MENU:
            press(hw, app, keys.START)
        assert app.screen == seats.MENU
        fits(app)
        press(hw, app, *([keys.DOWN] * ((i - app.stack[-1].item) % len(t.MENU))), keys.A)
        fits(app)
        if row == "Help":
            for _ in range(app.stack[-1].count):
                press(hw, app, keys.RIGHT)
                fits(app)
        if row in ("Rule choices", "Settings"):
            for _ in range(3):
                press(hw, app, keys.RIGHT, keys.DOWN)
                fits(app)
        if app.leave:
            app.leave = False
        while app.screen not in (seats.TABLE, seats.MENU, seats.CURTAIN):
            press(hw, app, keys.B)
    # the help paragraphs wrap within the line
    for line in Pages("", getattr(seat_help, t.HELP)).lines(0, 1000)[0]:
        assert len(line) <= LINE_CHARS, line
    # every question and notice the menus ask, with the game in progress
    for lines in (("New match: are you sure?", "", "This game is not over:",
                   "it will not count."),
                  ("Leave %s now?" % t.NAME, "", "The game is saved and", "comes back when you",
                   "choose %s again." % t.NAME)):
        app.ask(lines, lambda a: None)
        fits(app)
        press(hw, app, keys.B)


def test_yoyo_words_fit_every_rank_phase_and_seat():
    g = yy.Yoyo()
    moves = bytearray(17)
    for p in PROMPTS:
        assert len(p) <= MSG_CHARS, p
    events = ["CPU%d won %d." % (s, n) for s in (1, 2, 3) for n in (9, 52)] + \
        ["CPU%d is stuck." % s for s in (1, 2, 3)] + ["P%d is stuck." % s for s in (1, 2, 3)]
    for e in events:
        for p in SHORT:
            assert len("%s %s" % (e, p)) <= MSG_CHARS, (e, p)
        assert len("%s CPU3 plays." % e) <= MSG_CHARS, e
    for opt in (0, yy.FREE_WAY):
        for n in range(1, 400):
            g.new_game(n, 3, n % 3, b"", opt)
            out = bytearray(17)
            for step in range(n % 40):
                k = g.legal(out)
                if k == 0:
                    break
                g.play(out[(n * 7 + step) % k])
            for code in range(1, 12):
                assert len(refusal(g, code)) <= MSG_CHARS, refusal(g, code)
            if g.phase == yy.PLAY:
                assert len(wanted(g)) <= MSG_CHARS and len(wanted(g)) + 1 <= LINE_CHARS
            for line in handover(g, moves, events[0]):
                assert len(line) <= LINE_CHARS, line


def test_yoyo_scores_fit():
    hw, app = ui_keys.boot(YoyoApp)
    press(hw, app, keys.UP, keys.A)
    t = app.table
    t.games, t.wins = 999, [333, 333, 333]
    g = app.game
    g.deal_number = 31999
    for over in (False, True):
        title, heads, rows, last = t.scores(app)
        s = seat_screens.Scores((title, heads, rows, last), None if over else seats.Seated.new_game)
        s.show(app)
        fits(app)
        g.phase = yy.OVER


def test_yoyo_curtains_fit_in_every_phase():
    hw, app = ui_keys.boot(YoyoApp)
    setup = app.stack[-1]
    press(hw, app, keys.RIGHT)
    setup.kinds[:3] = bytes((0, 0, 0))
    press(hw, app, keys.UP, keys.A)
    rnd = random.Random(4)
    g = app.game
    curtains = 0
    for _ in range(3000):
        if g.is_over():
            break
        if app.screen == seats.CURTAIN:
            fits(app)
            curtains += 1
            press(hw, app, keys.A)
            continue
        out = bytearray(17)
        k = g.legal(out)
        a = out[rnd.randrange(k)]
        g.play(a)
        app.back_to_table()
    assert curtains > 10


def test_yoyo_thinking_and_moves_lines_and_scores_fit_with_long_names():
    hw, app = ui_keys.boot(AmigoApp)
    setup = app.stack[-1]
    while setup.players != 6:
        press(hw, app, keys.RIGHT)
    setup.names[:] = ["WWWWWW"] * 6
    setup.kinds[:] = bytes((0, 3, 3, 3, 3, 3))
    press(hw, app, keys.UP, keys.A)
    t = app.table
    for s in range(6):
        assert len(t.cpu_say[s]) <= AMIGO_MSG and len(t.think_say[s]) <= AMIGO_MSG
    for top in ("B20", "R19", "Y14"):
        for way in (0, 1):
            g = amigo_table(6, [["B1", "B2"], ["R3"], ["R4"], ["B5"], ["B6"], ["B7"]],
                            pile=[top], direction=way)
            for code in range(1, 15):
                said = amigo_play.refusal(code, g, bytearray(2))
                assert len(said) <= AMIGO_MSG, said
    for text in (amigo_play.P_PLAY_TEXT, amigo_play.P_STUCK_TEXT, amigo_play.P_DRAWN_TEXT,
                 amigo_play.P_DIR_TEXT, amigo_play.P_TAKE_TEXT, amigo_play.P_ANSWER_TEXT,
                 amigo_play.P_PASS_TEXT, amigo_play.SKIPPING, "This fits. Up: next one",
                 "Only this card fits", "Nothing to take back", amigo_play.TOO_MANY,
                 ui_app.DAMAGED):
        assert len(text) <= AMIGO_MSG, text
    names = ["WWWWWW"] * 6
    for end in (am.WENT_OUT, am.TOOK_LAST, am.PILE_OUT):
        for game in (0, 11):
            g = amigo_table(6, [["B%d" % (s + 3)] for s in range(6)], pile=["Y14"])
            g.game, g.end, g.winner, g.pending = game, end, 2, am.P_OVER
            for s in range(6):
                g.scores[s] = -999 if s % 2 else 999
            app.game = t.game = g
            seat_screens.Scores(amigo_words.scores(g, names), seats.Seated.new_game).show(app)
            app.stack.append(app.stack[0])
            fits_text(app)
            app.stack.pop()


def fits_text(app):
    lines = app.text.lines()
    assert len(lines[0]) <= TITLE_CHARS, lines[0]
    for line in lines[1:]:
        assert len(line) <= LINE_CHARS, line


@pytest.mark.parametrize("pending", [am.P_TURN, am.P_DRAWN, am.P_DIR, am.P_TAKE, am.P_PASS])
def test_yoyo_amigo_curtain_lines_fit(pending):
    for top in ("Y14", "B20", "R19", None):
        g = amigo_table(3, [["B1", "B2"], ["R3"], ["R4"]], pile=[top] if top else [],
                        direction=1)
        g.pending = pending
        g.draw_len = 50
        for line in amigo_words.handover(g):
            assert len(line) <= LINE_CHARS, line
