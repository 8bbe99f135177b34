"""Small things a new player tripped on (issue 36 item 5), each on the screen the stub shows:
the deal entry's Right from empty, YoYo's "Start match" question, Black Hole's auto-play as
its help tells it (and the README). Big Ben's gap count is in tests/test_ui_bigben_screen.py."""
import random

from engine.amigo_cpu import GREEDY, HUMAN
from hw import keys
from tests.test_help_pages import help_shown
from tests.test_ui_amigo import human_decides, new_match
from tests.ui_keys import boot, press
from tools.screenshots import DEAL_2_WIN
from ui.blackhole.table import BlackHoleApp
from ui.calculation.table import CalcApp
from ui.patience.menu import MENU
from ui.seated.app import ASK, SETUP


def test_deal_entry_right_from_empty_adds_a_digit():
    hw, app = boot(CalcApp)
    press(hw, app, keys.START, *[keys.DOWN] * MENU.index("Deal number..."), keys.A)
    lines = app.text.lines()
    assert lines[2].strip() == "[ ]" and "Right: add a digit" in lines
    press(hw, app, keys.RIGHT)                      # the issue: nothing happened
    assert app.text.lines()[2].strip() == "[1]"
    press(hw, app, keys.RIGHT, keys.UP, keys.UP)
    assert app.text.lines()[2].strip() == "1[2]"
    for _ in range(8):                              # no more digits than the highest has
        press(hw, app, keys.RIGHT)
    assert app.text.lines()[2].strip() == "1200[0]"
    press(hw, app, keys.LEFT, keys.LEFT, keys.A)
    assert app.game.deal_number == 120


def test_yoyo_start_match_asks_about_the_match():
    hw, app = new_match([HUMAN, GREEDY])
    t = app.table
    rnd = random.Random(1)
    for _ in range(40):                             # a match in play
        if t.in_progress():
            break
        human_decides(hw, app, rnd)
    assert t.in_progress()
    app.setup()
    setup = app.stack[-1]
    press(hw, app, *[keys.DOWN] * (setup.rows() - 1))
    assert app.text.lines()[app.text.marked] == "Start match"
    press(hw, app, keys.A)
    assert app.screen == ASK
    lines = [x.strip() for x in app.text.lines()]
    assert lines[0] == "Start a new match?" and "This match is not over:" in lines
    press(hw, app, keys.B)
    assert app.screen == SETUP


HELP_AUTO = ("It plays the deal out once taking the first fan that can play, row by row from "
             "the top left, each time wins.")


def test_black_hole_auto_play_is_what_its_help_and_the_readme_say():
    import os
    hw, app = boot(BlackHoleApp)
    told = help_shown(hw, app)[1]
    assert HELP_AUTO in told and "plays a card when it is the only move" in told
    readme = " ".join(open(os.path.join(os.path.dirname(__file__), "..", "README.md"),
                           encoding="utf-8").read().split())
    assert "plays the deal out once taking the first fan that can play, row by row from the " \
           "top left, each time wins" in readme
    assert "lowest" not in told
    # the code: every move auto-play makes is the only one, or the first fan that can play
    # (deal 2 played by its winning line, tools/screenshots.py, until auto-play takes over)
    app.settings.options |= app.table.AUTO
    g = app.game
    app.deal(2)
    moves = bytearray(17)
    chosen = 0
    while not g.is_won() and not chosen:
        app.table.cursor = DEAL_2_WIN[g.moves_made]    # auto-play's forced moves are its too
        press(hw, app, keys.A)
        while app.table.busy():
            n = g.legal_moves(moves)
            first = moves[0]
            made = g.moves_made
            app.step()
            if g.moves_made > made:
                assert g.history[made] == first
                chosen += n > 1
    assert g.is_won() and chosen
