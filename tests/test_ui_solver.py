"""The solver in the Black Hole app: hints that keep the game winnable, the way back from a
lost position, the winnable? bar and "winnable deals only", all thought out in slices."""
import pytest

from engine.blackhole import BlackHole
from engine.solver import NOWIN, WON, Solver
from hw import keys, stub
from tests.ui_keys import press
from ui import meter, solving
from ui.app import TABLE, App
from ui.persist import Settings

PASSES = 5000      # main-loop passes allowed for one question (each runs solving.SLICE nodes)


def verdict(game, cap=200000):
    s = Solver()
    s.begin(game)
    r = s.run(cap)
    assert r in (WON, NOWIN), "the reference question needs a verdict"
    return r


def make_app(deal, **settings):
    hw = stub.Hardware()
    app = App(hw, seed=11)
    for k, v in settings.items():
        setattr(app.settings, k, v)
    app._new_deal(deal, count_old=False)
    app.step()
    return hw, app


def think(app):
    """Run main-loop passes until the solver is idle; how many it took."""
    for n in range(PASSES):
        if app.thinker is None or not app.thinker.job:
            return n
        app.step()
    raise AssertionError("still thinking after %d passes" % PASSES)


def play_at_cursor(hw, app):
    press(hw, app, keys.A)


def test_following_hints_wins_a_winnable_deal_and_only_the_first_one_searches():
    hw, app = make_app(2)
    press(hw, app, keys.SELECT)
    assert think(app) > 1                          # sliced: more than one pass
    assert app.table._said == "Hint: this fan"
    while not app.game.is_won():
        press(hw, app, keys.SELECT)
        assert not app.thinker.job                 # the known line answers at once
        before = app.game.moves_made
        play_at_cursor(hw, app)
        assert app.game.moves_made == before + 1, app.table._said
    assert app.game.hole_len == 52


def test_a_deal_that_cannot_be_won_says_so():
    hw, app = make_app(1)                          # deal 1: no win per the reference data
    press(hw, app, keys.SELECT)
    think(app)
    assert app.table._said == "This deal cannot be won"
    assert app.thinker.verdict == meter.LOST


def _lost_position(deal):
    """Play the first legal move from `deal` until the position cannot be won; the game and
    how many undos lead back to a winnable position."""
    g = BlackHole()
    g.new_deal(deal)
    while verdict(g) == WON:
        g.play(g.first_move())
    back = 0
    probe = BlackHole()
    probe.restore(g.save())
    while verdict(probe) == NOWIN:
        probe.undo()
        back += 1
    return g, back


def test_no_winning_line_counts_the_undos_back_to_a_winnable_position():
    g, back = _lost_position(2)
    assert back >= 1
    hw, app = make_app(2)
    for i in range(g.moves_made):
        app.game.play(g.history[i])
    press(hw, app, keys.SELECT)
    think(app)
    assert app.table._said == "No win here: undo %d back" % back
    press(hw, app, *([keys.B] * back))
    press(hw, app, keys.SELECT)
    think(app)
    assert app.table._said == "Hint: this fan"


def test_a_key_stops_a_hint_search_and_changes_nothing():
    hw, app = make_app(3)
    press(hw, app, keys.SELECT)
    assert app.thinker.job == solving.HINT
    cursor, moves = app.cursor, app.game.moves_made
    press(hw, app, keys.RIGHT)
    assert not app.thinker.job and app.cursor == cursor and app.game.moves_made == moves


def _bar(app):
    return [app.meter.bitmap[x, 1] for x in range(meter.W)]


def test_the_winnable_bar_follows_the_moves_when_turned_on():
    hw, app = make_app(2, verdict=True)
    think(app)
    assert set(_bar(app)) == {1}                   # solid: winnable
    g, _ = _lost_position(2)
    for i in range(g.moves_made):
        app.cursor = g.history[i]
        play_at_cursor(hw, app)
        think(app)
    assert app.thinker.verdict == meter.LOST
    assert 0 in _bar(app) and 2 in _bar(app)       # dashed red: lost, told by shape too


def test_the_bar_stays_off_unless_asked_for():
    hw, app = make_app(2)
    assert app.thinker.job == solving.IDLE and set(_bar(app)) == {0}
    play_at_cursor(hw, app)
    assert app.thinker.job == solving.IDLE and set(_bar(app)) == {0}


@pytest.mark.parametrize("seed", [1, 2])
def test_winnable_deals_only_deals_a_deal_the_solver_has_won(seed):
    hw = stub.Hardware()
    app = App(hw, seed=seed)
    app.settings.winnable_only = True
    items = app._menu_items()
    press(hw, app, keys.START, *([keys.DOWN] * items.index("New deal")), keys.A)
    think(app)
    assert app.screen == TABLE
    assert app.thinker.verdict == meter.WINNABLE
    assert verdict(app.game) == WON


def test_settings_turn_both_on_and_they_survive_a_restart():
    hw, app = make_app(2)
    items = app._menu_items()
    press(hw, app, keys.START, *([keys.DOWN] * items.index("Settings")), keys.A)
    press(hw, app, keys.DOWN, keys.DOWN, keys.DOWN, keys.RIGHT, keys.DOWN, keys.RIGHT)
    assert app.settings.verdict and app.settings.winnable_only
    app.save_now()
    again = App(stub.Hardware(storage=hw.storage), seed=3)
    assert again.settings.verdict and again.settings.winnable_only


def test_settings_saved_before_the_solver_still_load():
    s = Settings()
    assert s.unpack(bytes((1, 0, 3, 1, 1)))
    assert (s.sound, s.brightness, s.lights, s.winnable_only, s.verdict) == (False, 3, True,
                                                                            True, False)
    assert not s.unpack(bytes((2, 0, 3, 1, 1)))    # format 2 needs its sixth byte


def test_no_heap_for_the_solver_is_said_and_play_goes_on(monkeypatch):
    def no_memory(*_):
        raise MemoryError
    monkeypatch.setattr(solving, "Thinker", no_memory)
    hw, app = make_app(2, verdict=True, winnable_only=True)
    before = app.game.save()
    press(hw, app, keys.SELECT)
    assert app.table._said == "No memory for the solver"
    assert app.game.save() == before and app.thinker is None
    press(hw, app, keys.START, keys.DOWN, keys.A)          # menu: New deal, dealt at once
    assert app.screen == TABLE and app.game.deal_number != 2
