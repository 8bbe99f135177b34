"""Auto-play (a setting of each patience: on by default in Calculation, off in Black Hole, where
a forced fan is rarer and the player would miss the lone moves): Calculation plays the turned
card to its only home, Black Hole plays the only playable fan, and both play out a position
whose rest is a sure win; each auto move is its own undo, and nothing plays itself after an
undo."""
import pytest

from engine import calculation_hint
from engine.calculation import PILES, STOCK, WASTE
from hw import keys
from tests.test_ui_app import DEAL_2_WIN
from tests.test_ui_calc import WON_DEAL
from tests.ui_keys import boot, press
from ui.blackhole.table import BlackHoleApp, BlackHoleTable
from ui.calculation.table import CalcApp, CalcTable
from ui.persist import Settings
from ui.screens import DEVICE_ROWS

AUTO_BH, AUTO_CALC = BlackHoleTable.AUTO, CalcTable.AUTO     # their bits of Settings.options


def idle(app, limit=5000):
    """Main-loop passes without a key until the table waits for one."""
    for _ in range(limit):
        if not app.busy():
            return
        app.step()
    raise AssertionError("still busy")


def homes(g):
    return [f for f in range(PILES) if not g.check(STOCK, f)]


def test_settings_keep_auto_play_and_older_records_load_with_its_default():
    s = Settings()
    assert s.options == AUTO_CALC                   # on at first in Calculation only
    s.options = AUTO_BH
    again = Settings()
    assert again.unpack(s.pack()) and again.options == AUTO_BH
    for old in (bytes((2, 1, 3, 1, 0, 0)), bytes((1, 1, 3, 1, 0))):   # before auto-play's byte
        again = Settings()
        again.options = 0
        assert again.unpack(old) and again.options == AUTO_CALC and again.brightness == 3
    assert not Settings().unpack(bytes((3, 1, 3, 1, 0, 1)))     # format 3 needs its 7th


def turn(app, bit, on):
    app.settings.options = app.settings.options | bit if on else app.settings.options & ~bit


@pytest.mark.parametrize("autoplay", [True, False])
def test_calculation_plays_the_turned_card_to_its_only_home_between_keys(autoplay, monkeypatch):
    # The hint only picks the player's moves here, any legal move will do: its rollouts' budget
    # is cut (as tests/test_calculation_rules.py cuts it), which made this test 5 times quicker.
    monkeypatch.setattr(calculation_hint, "BUDGET", 600)
    hw, app = boot(CalcApp)
    turn(app, AUTO_CALC, autoplay)
    g = app.game
    played_by_hand = 0
    auto_seen = False
    for n in range(1, 30):
        app.deal(n)
        idle(app)
        for _ in range(30):
            if g.is_won() or g.is_stuck() or not g.stock_len:
                break
            if autoplay:
                assert len(homes(g)) != 1, "a forced turned card was left for the player"
            before = g.moves_made
            press(hw, app, keys.SELECT, keys.A)
            played_by_hand += 1
            idle(app)
            auto_seen |= g.moves_made > before + 1
    assert auto_seen == autoplay and played_by_hand > 100


def test_calculation_auto_moves_are_undone_one_by_one_and_do_not_come_back():
    hw, app = boot(CalcApp)
    g = app.game
    for n in range(1, 60):
        app.deal(n)
        idle(app)
        if g.moves_made:
            break
    made = g.moves_made
    assert made >= 1, "no deal opens with a forced turned card"
    press(hw, app, keys.B)
    idle(app)
    assert g.moves_made == made - 1 and len(homes(g)) == 1      # left for the player


def test_calculation_plays_out_a_sure_win_and_counts_it():
    hw, app = boot(CalcApp)
    g = app.game
    app.deal(WON_DEAL)              # hint play wins it (tests/test_ui_calc.py)
    presses = by_keys = 0
    for _ in range(200):
        idle(app)
        if g.is_won():
            break
        press(hw, app, keys.SELECT, keys.A)
        presses += 1
        by_keys = g.moves_made
    assert g.is_won() and (app.stats.played, app.stats.won) == (1, 1)
    assert presses < g.moves_made
    assert g.moves_made > by_keys, "the last cards went home by themselves"
    # waste cards among them: the sure win played out, not just turned cards
    assert any(g.history[i] >> 3 != STOCK - WASTE for i in range(by_keys, g.moves_made))
    assert app.stats.nohint == 0


def test_the_settings_row_turns_it_off_and_it_stays_off_after_a_restart():
    hw, app = boot(CalcApp)
    press(hw, app, keys.START, *[keys.DOWN] * 6, keys.A)        # Settings
    rows = app.text.lines()
    assert any(line.strip().endswith("Auto-play    on") for line in rows)
    press(hw, app, *[keys.DOWN] * DEVICE_ROWS, keys.RIGHT)
    assert not app.settings.options & AUTO_CALC
    press(hw, app, keys.B)                  # saved as the settings screen closes
    hw2, again = boot(CalcApp, storage=hw.storage)
    assert not again.settings.options & AUTO_CALC
    # Black Hole's row is its own: off by default, and turning it on leaves Calculation's off
    hw3, bh = boot(BlackHoleApp, storage=hw.storage)
    press(hw3, bh, keys.START, *[keys.DOWN] * 6, keys.A)
    assert any(line.strip().endswith("Auto-play    off") for line in bh.text.lines())
    press(hw3, bh, *[keys.DOWN] * (DEVICE_ROWS + 2), keys.RIGHT)
    assert bh.settings.options & (AUTO_BH | AUTO_CALC) == AUTO_BH


@pytest.mark.parametrize("autoplay", [True, False])
def test_black_hole_plays_forced_fans_and_finishes_a_sure_win(autoplay):
    hw, app = boot(BlackHoleApp)
    turn(app, AUTO_BH, autoplay)
    app.deal(2)
    g = app.game
    presses = 0
    while not g.is_won() and presses < 60:
        idle(app)
        if g.is_won():
            break
        app.table.cursor = DEAL_2_WIN[g.moves_made]
        press(hw, app, keys.A)
        presses += 1
    assert g.is_won() and (app.stats.played, app.stats.won) == (1, 1)
    assert (presses < 51) == autoplay
    if autoplay:
        press(hw, app, keys.B)      # one auto move back, and it stays back
        idle(app)
        assert g.moves_made == 50 and not g.is_won()
