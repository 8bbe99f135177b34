"""The patience tables' key guide and B held for redo (ui/patience/app.py), on the stub backend:
the guide shows when a table opens and again when play pauses on a free message row, never
over other words; B kept down brings back one move; the idle check allocates nothing."""
import tracemalloc

import pytest

from hw import keys
from hw.base import HOLD_MS
from tests import ui_keys
from tests.ui_keys import press
from tools.text.view import row_text
from ui.bigben.table import BigBenApp
from ui.blackhole.table import BlackHoleApp
from ui.calculation.table import CalcApp
from ui.patience.app import GUIDES
from ui.textview import TITLE_CHARS

APPS = (BlackHoleApp, CalcApp, BigBenApp)
IDLE_MS = 8000


def message(app):
    t = app.table
    return row_text(t.message.row)


def boot(app_class):
    return ui_keys.boot(app_class, seed=11)


def hold_b(hw, app):
    """B pressed, kept down past HOLD_MS, then let go: one pass of the loop at each."""
    hw.keys.hold(keys.B)
    app.step()
    hw.clock.advance(HOLD_MS)
    app.step()
    hw.keys.release(keys.B)
    app.step()


def test_the_guide_lines_fit_the_message_row_and_name_select_start_and_redo():
    assert all(len(g) <= TITLE_CHARS for g in GUIDES)
    words = " ".join(GUIDES)
    assert "Select: hint" in words and "Start: menu" in words and "hold B: redo" in words


@pytest.mark.parametrize("app_class", APPS, ids=lambda c: c.__name__)
def test_the_table_opens_with_its_keys_and_shows_them_again_when_play_pauses(app_class):
    hw, app = boot(app_class)
    assert message(app) == GUIDES[0]
    press(hw, app, keys.SELECT)                     # a hint's words take the row
    while app.busy():
        hw.clock.advance(50)
        app.step()
    hinted = message(app)
    assert hinted and hinted not in GUIDES
    hw.clock.advance(IDLE_MS)
    app.step()
    assert message(app) == hinted                   # never over other words
    press(hw, app, keys.START, keys.START)          # the menu and back: the row is free
    assert message(app) == GUIDES[1]
    hw.clock.advance(IDLE_MS - 100)
    app.step()
    assert message(app) == GUIDES[1]
    hw.clock.advance(100)
    app.step()
    assert message(app) == GUIDES[0]                # the lines take turns
    press(hw, app, keys.START)
    hw.clock.advance(IDLE_MS * 2)
    app.step()
    assert app.stack[-1] is not app.table and message(app) == GUIDES[0]   # not under a menu


def test_a_move_leaves_the_guide_and_a_refusal_replaces_it():
    hw, app = boot(BlackHoleApp)
    app.deal(1)
    app.step()
    assert message(app) in GUIDES
    press(hw, app, keys.A)                          # fan 0's TH does not go on the AS
    assert message(app) == "Play a K or a 2"
    press(hw, app, keys.RIGHT, keys.RIGHT, keys.A)  # 2C goes: the refusal clears
    assert message(app) == ""
    hw.clock.advance(IDLE_MS)
    app.step()
    assert message(app) in GUIDES
    press(hw, app, keys.RIGHT)                      # the cursor moves: the guide stays
    assert message(app) in GUIDES


def play_moves(hw, app, n):
    while app.game.moves_made < n:
        press(hw, app, keys.SELECT)
        while app.busy():
            hw.clock.advance(50)
            app.step()
        press(hw, app, keys.A)


@pytest.mark.parametrize("app_class", APPS, ids=lambda c: c.__name__)
def test_b_held_brings_back_one_move(app_class):
    hw, app = boot(app_class)
    play_moves(hw, app, 3)
    after = app.game.save()
    press(hw, app, keys.B, keys.B)
    assert app.game.moves_made == 1
    hold_b(hw, app)                     # its press undid one, the hold redid that and one more
    assert app.game.moves_made == 2
    hold_b(hw, app)
    assert app.game.moves_made == 3 and app.game.save() == after
    hold_b(hw, app)                     # nothing left to redo: the press's undo comes back
    assert app.game.moves_made == 3 and message(app) == "Nothing to redo"
    press(hw, app, keys.B)              # a tap is an undo, as before
    assert app.game.moves_made == 2


def test_b_held_on_a_menu_only_goes_back():
    hw, app = boot(BlackHoleApp)
    play_moves(hw, app, 2)
    press(hw, app, keys.B)
    press(hw, app, keys.START)
    hold_b(hw, app)
    assert app.stack[-1] is app.table and app.game.moves_made == 1


def test_waiting_on_the_table_allocates_nothing():
    hw, app = boot(BlackHoleApp)
    for _ in range(3):
        hw.clock.advance(IDLE_MS)
        app.step()
    tracemalloc.start()
    try:
        before = tracemalloc.take_snapshot()
        for _ in range(200):
            hw.clock.advance(IDLE_MS // 4)
            app.step()
        after = tracemalloc.take_snapshot()
    finally:
        tracemalloc.stop()
    ours = [tracemalloc.Filter(True, "*/ui/*")]     # the stub display counts pixels in big ints
    grown = sum(s.size_diff for s in after.filter_traces(ours).compare_to(
        before.filter_traces(ours), "filename") if s.size_diff > 0)
    assert grown == 0
