"""A deal counts once, as how it ends, whatever undos came before; leaving a deal in play for
another asks first. Black Hole and Calculation, through the keys on the stub backend."""
import re

import pytest

from engine import calculation_hint
from hw import keys
from tests.ui_keys import boot, press
from tools.text.view import row_text
from ui import screens
from ui.blackhole.table import BlackHoleApp
from ui.calculation.table import TURNED, CalcApp
from ui.patience import menu as patience_menu
from ui.patience.record import Stats
from ui.persist import TAG_CALC_STATS, TAG_STATS, Persist, Settings

BH_DEAL = 27977       # the deal of the report: stuck, undone, won by hints
CALC_DEAL = 7         # hint play wins it (tests/test_ui_calc.py)


def counts(app):
    s = app.stats
    return s.played, s.won


def idle(app, limit=100000):
    """Let the table think (the Black Hole solver) until it waits for a key."""
    for _ in range(limit):
        if not app.busy():
            return
        app.step()
    raise AssertionError("still thinking")


def top(app):
    return app.stack[-1]


def menu_row(hw, app, row):
    press(hw, app, keys.START, *([keys.DOWN] * patience_menu.MENU.index(row)), keys.A)


# -- Black Hole -------------------------------------------------------------------------------
def bh_start(deal=BH_DEAL, storage=None):
    hw, app = boot(BlackHoleApp, storage=storage)
    app.deal(deal)
    app.step()
    return hw, app


def bh_play(hw, app, fan):
    while app.table.cursor != fan:
        press(hw, app, keys.RIGHT)
    press(hw, app, keys.A)


def bh_hint_move(hw, app):
    press(hw, app, keys.SELECT)
    idle(app)
    assert row_text(app.table.view.message.row) == "Hint: this fan"
    press(hw, app, keys.A)


def bh_hint_line(hw, app, n):
    """n moves, each the one the hint shows."""
    for _ in range(n):
        bh_hint_move(hw, app)


def bh_play_into_stuck(hw, app):
    """Play the lowest playable fan each time until no move is left (never a win here)."""
    g = app.game
    while not (g.is_stuck() or g.is_won()):
        bh_play(hw, app, g.first_move())
    assert g.is_stuck(), "the greedy line won; pick another deal"


def bh_undo_to_winnable(hw, app):
    """Ask the hint when stuck; it says how many undos lead back to a winnable position."""
    press(hw, app, keys.SELECT)
    idle(app)
    said = row_text(app.table.view.message.row)
    m = re.match(r"No win here: undo (\d+) back", said)
    assert m, said
    press(hw, app, *[keys.B] * int(m.group(1)))


def bh_into_stuck_then_undo(hw, app):
    played, won = counts(app)
    bh_hint_line(hw, app, 5)
    bh_play_into_stuck(hw, app)
    assert counts(app) == (played + 1, won)
    bh_undo_to_winnable(hw, app)
    assert not app.game.is_stuck()


def test_black_hole_stuck_undone_and_won_by_hints_counts_one_win():
    hw, app = bh_start()
    bh_into_stuck_then_undo(hw, app)
    assert counts(app) == (1, 0) and app.stats.streak == 0
    while not app.game.is_won():
        bh_hint_move(hw, app)
    assert counts(app) == (1, 1)
    assert app.stats.streak == 1 and app.stats.best == 1
    assert app.stats.wplayed == 1 and app.stats.wwon == 1     # the atlas marks it winnable
    press(hw, app, keys.A, keys.A)               # the choices, "New deal": a fresh deal
    assert app.game.moves_made == 0 and counts(app) == (1, 1)


def test_black_hole_stuck_undone_and_stuck_again_counts_one_loss():
    hw, app = bh_start()
    bh_into_stuck_then_undo(hw, app)
    bh_play_into_stuck(hw, app)
    assert counts(app) == (1, 0)
    press(hw, app, keys.B)
    bh_play_into_stuck(hw, app)                  # redone by hand: stuck a third time
    assert counts(app) == (1, 0)


def test_a_win_after_undos_restores_the_streak_the_loss_had_ended():
    hw, app = bh_start(2)
    from tests.test_ui_app import DEAL_2_WIN
    for f in DEAL_2_WIN:
        bh_play(hw, app, f)
    assert counts(app) == (1, 1) and app.stats.streak == 1
    press(hw, app, keys.A, keys.A)               # new deal from the choices
    app.deal(BH_DEAL)
    bh_into_stuck_then_undo(hw, app)
    assert counts(app) == (2, 1) and app.stats.streak == 0 and app.stats.best == 1
    while not app.game.is_won():
        bh_hint_move(hw, app)
    assert counts(app) == (2, 2) and app.stats.streak == 2 and app.stats.best == 2


def test_a_won_deal_undone_and_stuck_stays_won():
    hw, app = bh_start(2)
    from tests.test_ui_app import DEAL_2_WIN
    for f in DEAL_2_WIN:
        bh_play(hw, app, f)
    press(hw, app, *[keys.B] * 20)
    bh_play_into_stuck(hw, app)
    assert counts(app) == (1, 1) and app.stats.streak == 1


def test_the_counted_outcome_survives_a_power_cut_between_stuck_and_the_win():
    hw, app = bh_start()
    bh_into_stuck_then_undo(hw, app)
    app.save_now()
    hw2, again = boot(BlackHoleApp, storage=hw.storage)
    assert again.game.save() == app.game.save() and counts(again) == (1, 0)
    while not again.game.is_won():
        bh_hint_move(hw2, again)
    assert counts(again) == (1, 1)


def test_after_undoing_out_of_stuck_a_new_deal_asks_first():
    hw, app = bh_start()
    bh_into_stuck_then_undo(hw, app)
    made = app.game.moves_made
    for row in ("New deal", "Restart this deal"):
        menu_row(hw, app, row)
        assert isinstance(top(app), screens.Confirm), row
        assert "lost" in " ".join(app.text.lines())
        press(hw, app, keys.B, keys.B)           # no, then out of the menu
        assert top(app) is app.table and app.game.moves_made == made
    # Deal number...: 5, A, then the question
    press(hw, app, keys.START, *[keys.DOWN] * patience_menu.MENU.index("Deal number..."), keys.A)
    press(hw, app, *[keys.UP] * 5, keys.A)
    assert isinstance(top(app), screens.Confirm) and app.text.lines()[0] == "Play deal 5?"
    for _ in range(4):                           # no, then back out to the table
        if top(app) is not app.table:
            press(hw, app, keys.B)
    assert top(app) is app.table
    assert app.game.deal_number == BH_DEAL and app.game.moves_made == made
    menu_row(hw, app, "New deal")
    press(hw, app, keys.A)                       # yes: the deal was counted once, as lost
    assert app.game.moves_made == 0 and counts(app) == (1, 0)


def test_a_deal_won_then_undone_asks_and_says_it_stays_won():
    hw, app = bh_start(2)
    from tests.test_ui_app import DEAL_2_WIN
    for f in DEAL_2_WIN:
        bh_play(hw, app, f)
    press(hw, app, keys.B)
    menu_row(hw, app, "New deal")
    assert isinstance(top(app), screens.Confirm)
    words = " ".join(app.text.lines())
    assert "won" in words and "lost" not in words
    press(hw, app, keys.A)
    assert app.game.moves_made == 0 and counts(app) == (1, 1) and app.stats.streak == 1


def test_other_games_keeps_the_deal_for_later_without_asking():
    hw, app = bh_start()
    bh_hint_line(hw, app, 3)
    menu_row(hw, app, "Other games")
    assert app.leave and counts(app) == (0, 0)
    saved = app.game.save()
    app.save_now()                               # what the chooser does on leaving
    _, again = boot(BlackHoleApp, storage=hw.storage)
    assert again.game.save() == saved


# -- Calculation ------------------------------------------------------------------------------
def calc_start():
    hw, app = boot(CalcApp)
    app.deal(CALC_DEAL)
    app.step()
    return hw, app


def calc_hint_move(hw, app):
    press(hw, app, keys.SELECT, keys.A)


def calc_play_into_stuck(hw, app):
    """Every stock card onto the last waste pile, then waste tops home while any fits."""
    g = app.game
    if app.table.place > TURNED:                 # up from the waste row to the top row
        press(hw, app, keys.UP)
    while app.table.place != TURNED:
        press(hw, app, keys.RIGHT)
    press(hw, app, keys.DOWN)                    # the waste pile under the turned card
    for _ in range(60):
        if g.is_stuck() or g.is_won():
            break
        press(hw, app, keys.A) if g.stock_len else calc_hint_move(hw, app)
    assert g.is_stuck()


def calc_into_stuck_then_undo(hw, app, line=6):
    for _ in range(line):
        calc_hint_move(hw, app)
    made = app.game.moves_made
    played, won = counts(app)
    calc_play_into_stuck(hw, app)
    assert counts(app) == (played + 1, won)
    press(hw, app, *[keys.B] * (app.game.moves_made - made))
    assert app.game.moves_made == made and not app.game.is_stuck()


def test_calculation_stuck_undone_and_won_by_hints_counts_one_win(monkeypatch):
    # asked cold at the full budget, the hint plays the line that wins this deal from here
    monkeypatch.setattr(calculation_hint, "ASK", calculation_hint.BUDGET)
    hw, app = calc_start()
    calc_into_stuck_then_undo(hw, app)
    for _ in range(300):
        if app.game.is_won() or app.game.is_stuck():
            break
        calc_hint_move(hw, app)
    assert app.game.is_won()
    assert counts(app) == (1, 1) and app.stats.streak == 1


def test_calculation_stuck_undone_and_stuck_again_counts_one_loss():
    hw, app = calc_start()
    calc_into_stuck_then_undo(hw, app)
    calc_play_into_stuck(hw, app)
    assert counts(app) == (1, 0) and app.stats.streak == 0


def test_calculation_after_undoing_out_of_stuck_a_new_deal_asks_first():
    hw, app = calc_start()
    calc_into_stuck_then_undo(hw, app)
    made = app.game.moves_made
    menu_row(hw, app, "New deal")
    assert isinstance(top(app), screens.Confirm)
    press(hw, app, keys.B, keys.B)
    assert (app.game.deal_number, app.game.moves_made) == (CALC_DEAL, made)
    menu_row(hw, app, "Restart this deal")
    assert isinstance(top(app), screens.Confirm)
    press(hw, app, keys.A)
    assert app.game.moves_made == 0 and counts(app) == (1, 0)


# -- the statistics record --------------------------------------------------------------------
def test_statistics_records_of_every_format_still_load():
    old1 = bytes((1, 0, 5, 0, 2, 0, 1, 0, 2))
    old2 = bytes((2, 0, 5, 0, 2, 0, 1, 0, 2, 0, 3, 0, 1))
    for data, winnable in ((old1, (0, 0)), (old2, (3, 1))):
        s = Stats()
        assert s.unpack(data)
        assert (s.played, s.won, s.streak, s.best) == (5, 2, 1, 2)
        assert (s.wplayed, s.wwon) == winnable and s.counted == -1
    s.counted = 1
    s.before = 2
    again = Stats()
    assert again.unpack(s.pack()) and again.pack() == s.pack()
    assert (again.counted, again.before) == (1, 2)
    for bad in (bytes((3,)) + s.pack()[1:15] + b"\x03",            # counted 3
                s.pack()[:13] + bytes((0, 3, 1))):                   # before above best
        assert not Stats().unpack(bad)


@pytest.mark.parametrize("app_class, tag", ((BlackHoleApp, TAG_STATS),
                                            (CalcApp, TAG_CALC_STATS)))
def test_an_old_statistics_record_counts_a_stuck_saved_deal_as_counted(app_class, tag):
    """Saves from before the counted byte: a deal saved stuck was counted when it stuck."""
    hw, app = boot(app_class)
    if app_class is BlackHoleApp:
        app.deal(BH_DEAL)
        bh_play_into_stuck(hw, app)
    else:
        app.deal(CALC_DEAL)
        calc_play_into_stuck(hw, app)
    assert counts(app) == (1, 0)
    app.save_now()
    old = bytearray(app.persist.get(tag)[:13])
    old[0] = 2
    app.persist.put(tag, bytes(old))
    app.persist.commit(app.settings)
    hw2, again = boot(app_class, storage=hw.storage)
    assert again.stats.counted == 1
    press(hw2, again, keys.B)
    again.deal(3)                                # already counted: not a second loss
    assert counts(again) == (1, 0)


def test_the_counted_loss_is_saved_as_the_deal_sticks():
    hw, app = bh_start()
    bh_play_into_stuck(hw, app)         # no pause: a finished deal is saved at once
    persist = Persist(hw.storage)
    persist.load(Settings())
    s = Stats()
    assert s.unpack(persist.get(TAG_STATS))
    assert (s.played, s.won, s.counted) == (1, 0, 1)
