"""Statistics with the best result and the wins without hints, the record's format 4 beside
the older ones, and a reset that asks first. Black Hole and Calculation through the keys."""
import pytest

from engine import calculation_hint
from hw import keys
from tests.test_outcome import (
    CALC_DEAL,
    bh_play_into_stuck,
    bh_start,
    calc_play_into_stuck,
    calc_start,
    counts,
    menu_row,
    top,
)
from tests.test_ui_app import DEAL_2_WIN
from tests.ui_keys import boot, press
from ui import screens
from ui.blackhole.table import BlackHoleApp
from ui.calculation.table import CalcApp
from ui.patience.record import Stats
from ui.persist import TAG_CALC_STATS, TAG_STATS, Persist, Settings


def bh_win_deal_2(hw, app, hint_first=False):
    app.deal(2)
    if hint_first:
        press(hw, app, keys.SELECT)
        while app.busy():
            app.step()
    for f in DEAL_2_WIN:
        app.table.cursor = f
        press(hw, app, keys.A)
    assert app.game.is_won()


def stats_lines(hw, app):
    menu_row(hw, app, "Statistics")
    return app.text.lines()


def test_format_4_keeps_every_count_and_formats_1_to_3_still_load():
    s = Stats()
    (s.played, s.won, s.streak, s.best, s.wplayed, s.wwon, s.counted, s.before, s.nohint,
     s.top, s.hinted) = (9, 5, 2, 3, 4, 2, 2, 1, 4, 47, 1)
    data = s.pack()
    assert data[0] == 4 and len(data) == 20
    again = Stats()
    assert again.unpack(data) and again.pack() == data
    assert (again.nohint, again.top, again.hinted) == (4, 47, 1)
    # format 3 is format 4's first 16 bytes: the new counts start empty, the hint unknown
    old3 = bytes((3,)) + data[1:16]
    old2 = bytes((2,)) + data[1:13]
    old1 = bytes((1,)) + data[1:9]
    for old, counted in ((old3, 2), (old2, -1), (old1, -1)):
        s = Stats()
        assert s.unpack(old)
        assert (s.played, s.won, s.streak, s.best) == (9, 5, 2, 3)
        assert (s.nohint, s.top, s.hinted, s.counted) == (0, 0, 1, counted)
    bad = bytearray(data)
    bad[17] = 6                                     # more wins without hints than wins
    assert not Stats().unpack(bytes(bad))
    bad = bytearray(data)
    bad[19] = 2                                     # hinted is yes or no
    assert not Stats().unpack(bytes(bad))
    assert not Stats().unpack(data[:19]) and not Stats().unpack(bytes((3,)) + data[1:])


def test_black_hole_counts_wins_without_hints_and_the_fewest_cards_left():
    hw, app = bh_start()
    bh_play_into_stuck(hw, app)
    left = 52 - app.game.hole_len
    assert app.stats.top == app.game.hole_len and left > 0
    assert "Fewest cards left %d" % left in stats_lines(hw, app)
    while len(app.stack) > 1:
        press(hw, app, keys.B)
    bh_win_deal_2(hw, app)
    bh_win_deal_2(hw, app, hint_first=True)
    s = app.stats
    assert counts(app) == (3, 2) and s.nohint == 1 and s.top == 52
    lines = stats_lines(hw, app)
    assert "Won without hints 1" in lines and "Fewest cards left 0" in lines


def test_a_hint_asked_before_a_power_cut_still_counts_after_it():
    hw, app = bh_start(2)
    press(hw, app, keys.SELECT)
    while app.busy():
        app.step()
    app.save_now()
    hw2, again = boot(BlackHoleApp, storage=hw.storage)
    assert again.stats.hinted == 1
    for f in DEAL_2_WIN:
        again.table.cursor = f
        press(hw2, again, keys.A)
    assert again.game.is_won() and counts(again) == (1, 1) and again.stats.nohint == 0


def test_calculation_counts_the_most_cards_home_and_a_hinted_win_is_not_without_hints(monkeypatch):
    # asked cold at the full budget, the hint plays the line that wins this deal from here
    monkeypatch.setattr(calculation_hint, "ASK", calculation_hint.BUDGET)
    hw, app = calc_start()
    calc_play_into_stuck(hw, app)                 # hints used on the way
    home = app.game.on_foundations()
    assert app.stats.top == home and counts(app) == (1, 0)
    app.deal(CALC_DEAL)
    for _ in range(200):
        if app.game.is_won():
            break
        press(hw, app, keys.SELECT, keys.A)
    assert counts(app) == (2, 1) and app.stats.nohint == 0 and app.stats.top == 52
    lines = stats_lines(hw, app)
    assert "Most cards home 52" in lines and "Won without hints 0" in lines
    assert "Played 2      Won 1" in lines


@pytest.mark.parametrize("app_class, tag", ((BlackHoleApp, TAG_STATS),
                                            (CalcApp, TAG_CALC_STATS)))
def test_reset_statistics_asks_first_and_b_keeps_them(app_class, tag):
    hw, app = boot(app_class)
    app.stats.won = app.stats.nohint = 1
    app.stats.played = 3
    stats_lines(hw, app)
    press(hw, app, keys.A)
    assert isinstance(top(app), screens.Confirm)
    assert top(app).lines[0] == "Reset statistics?"
    press(hw, app, keys.B)                        # no: back on the statistics, kept
    assert counts(app) == (3, 1) and "Played 3      Won 1" in app.text.lines()
    press(hw, app, keys.A, keys.A)                # yes
    assert counts(app) == (0, 0) and app.stats.nohint == 0 and app.stats.top == 0
    assert "Played 0      Won 0" in app.text.lines()
    p = Persist(hw.storage)                       # saved at once
    p.load(Settings())
    s = Stats()
    assert s.unpack(p.get(tag)) and (s.played, s.won) == (0, 0)
    press(hw, app, keys.B)
    assert top(app).title.endswith("deal %d" % app.game.deal_number)


def test_big_ben_a_hinted_win_counts_its_cards_home_and_plays_the_fanfare():
    from tests.test_bigben_hint import WON_DEAL
    from ui.bigben.table import BigBenApp
    from ui.patience import celebrate
    hw, app = boot(BigBenApp)
    app.deal(WON_DEAL)
    for _ in range(300):
        if app.game.is_won():
            break
        press(hw, app, keys.SELECT, keys.A)
    assert app.game.is_won() and (app.stats.played, app.stats.won) == (1, 1)
    assert app.stats.nohint == 0 and app.stats.top == 104
    assert hw.sound.log[-len(celebrate.NOTES):] == list(celebrate.NOTES)
    lines = stats_lines(hw, app)
    assert "Most cards home 104" in lines and "Won without hints 0" in lines
