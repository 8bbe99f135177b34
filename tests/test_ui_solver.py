"""The solver in the Black Hole app: hints that keep the game winnable, the way back from a
lost position, the winnable? bar and "winnable deals only", all thought out in slices."""
import pytest

from engine.blackhole import BlackHole
from engine.solver import BUSY, NOWIN, WON, Solver
from hw import keys, stub
from tests.test_ui_app import menu_row, power_on, said
from tests.ui_keys import press
from ui.blackhole import meter as bh_meter
from ui.blackhole import solving as bh_solving
from ui.blackhole.table import BlackHoleTable
from ui.persist import Settings
from ui.screens import DEVICE_ROWS

VERDICT, WINNABLE = BlackHoleTable.VERDICT, BlackHoleTable.WINNABLE     # its options bits

PASSES = 5000      # main-loop passes allowed for one question (each runs bh_solving.SLICE nodes)


def verdict(game, cap=200000):
    s = Solver()
    s.begin(game)
    r = s.run(cap)
    assert r in (WON, NOWIN), "the reference question needs a verdict"
    return r


def make_app(deal, options=0):
    """Black Hole on deal, with these of its options on (VERDICT: the Winnable? bar,
    WINNABLE: new deals winnable only)."""
    hw = stub.Hardware()
    app = power_on(hw, seed=11)
    app.settings.options |= options
    app.deal(deal)
    app.step()
    return hw, app


def think(app):
    """Run main-loop passes until the solver is idle; how many it took."""
    for n in range(PASSES):
        if not app.busy():
            return n
        app.step()
    raise AssertionError("still thinking after %d passes" % PASSES)


def thinker(app):
    return app.table.thinker


def play_at_cursor(hw, app):
    press(hw, app, keys.A)


def test_following_hints_wins_a_winnable_deal_and_only_the_first_one_searches():
    hw, app = make_app(2)
    press(hw, app, keys.SELECT)
    think(app)
    assert said(app) == "Hint: this fan"
    while not app.game.is_won():
        press(hw, app, keys.SELECT)
        assert not thinker(app).job                # the known line answers at once
        before = app.game.moves_made
        play_at_cursor(hw, app)
        assert app.game.moves_made == before + 1, said(app)
    assert app.game.hole_len == 52


def test_a_deal_that_cannot_be_won_says_so():
    hw, app = make_app(1)                          # deal 1: no win per the reference data
    press(hw, app, keys.SELECT)
    assert think(app) == 0                         # the atlas knows the opening: no search
    assert said(app) == "This deal cannot be won"
    assert set(_bar(app)) <= {0, 2} and 2 in _bar(app)


def test_every_position_of_a_deal_that_cannot_be_won_is_lost_at_once():
    hw, app = make_app(1, VERDICT)            # deal 1: no win per the reference data
    while app.game.first_move() >= 0:
        app.table.cursor = app.game.first_move()
        play_at_cursor(hw, app)
        assert think(app) == 0                     # the atlas answers: no search
        assert thinker(app).solver.nodes == 0
        assert 0 in _bar(app) and 2 in _bar(app)   # dashed red: lost
    assert app.game.moves_made == 3
    press(hw, app, keys.B)                         # undo once: not stuck, so the hint asks
    press(hw, app, keys.SELECT)
    assert think(app) == 0                         # no look back through the undos
    assert said(app) == "This deal cannot be won"
    assert app.game.moves_made == 2


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
    app.table.show(app)
    press(hw, app, keys.SELECT)
    think(app)
    assert said(app) == "No win here: undo %d back" % back
    press(hw, app, *([keys.B] * back))
    press(hw, app, keys.SELECT)
    think(app)
    assert said(app) == "Hint: this fan"


def test_a_key_stops_a_hint_search_and_changes_nothing():
    hw, app = make_app(3)
    press(hw, app, keys.SELECT)
    assert thinker(app).job == bh_solving.HINT
    cursor, moves = app.table.cursor, app.game.moves_made
    press(hw, app, keys.RIGHT)
    assert not thinker(app).job and app.table.cursor == cursor
    assert app.game.moves_made == moves


def _bar(app):
    return [app.table.meter.bitmap[x, 1] for x in range(bh_meter.W)]


def _play_into_a_lost_position(deal):
    """The deal with the bar on, played (and checked after every move) until the position can
    no longer be won: (hw, app, undos back to a winnable position)."""
    g, back = _lost_position(deal)
    hw, app = make_app(deal, VERDICT)
    assert think(app) == 0                         # the opening: the atlas, at once
    assert set(_bar(app)) == {1}                   # solid: winnable
    for i in range(g.moves_made):
        app.table.cursor = g.history[i]
        play_at_cursor(hw, app)
        think(app)
    return hw, app, back


def test_the_winnable_bar_follows_the_moves_when_turned_on():
    hw, app, _ = _play_into_a_lost_position(2)
    assert thinker(app).verdict == bh_meter.LOST
    assert 0 in _bar(app) and 2 in _bar(app)       # dashed red: lost, told by shape too


def test_once_lost_every_move_on_stays_lost_without_a_search_until_an_undo():
    hw, app, _ = _play_into_a_lost_position(2)
    assert thinker(app).verdict == bh_meter.LOST
    nodes = thinker(app).solver.nodes
    played = 0
    while app.game.first_move() >= 0:
        app.table.cursor = app.game.first_move()
        play_at_cursor(hw, app)
        played += 1
        assert think(app) == 0 and thinker(app).solver.nodes == nodes   # no search
        assert thinker(app).verdict == bh_meter.LOST
        assert 0 in _bar(app) and 2 in _bar(app)                       # dashed red
    assert played >= 1
    press(hw, app, keys.B)              # back in a position that may be winnable: ask again
    assert thinker(app).verdict != bh_meter.LOST and thinker(app).job == bh_solving.CHECK


def test_looking_back_from_past_a_lost_verdict_searches_only_before_it(monkeypatch):
    hw, app, back = _play_into_a_lost_position(2)
    assert thinker(app).verdict == bh_meter.LOST
    lost_at = app.game.moves_made
    while app.game.first_move() >= 0:
        app.table.cursor = app.game.first_move()
        play_at_cursor(hw, app)
    extra = app.game.moves_made - lost_at
    assert extra >= 1
    t = thinker(app)
    searched = []
    begin = t.solver.begin
    monkeypatch.setattr(t.solver, "begin",
                        lambda game, winnable=False: (searched.append(game.moves_made),
                                                      begin(game, winnable)))
    press(hw, app, keys.SELECT)
    think(app)
    assert said(app) == "No win here: undo %d back" % (back + extra)
    assert searched and max(searched) < lost_at     # the lost stretch is not searched again


def _deep_position(cap):
    """Five greedy moves into the first deal whose position then takes the solver more than
    cap nodes and less than 40 * cap: (deal, the fans played, its verdict)."""
    out = bytearray(17)
    for deal in range(1, 300):
        g = BlackHole()
        g.new_deal(deal)
        for _ in range(5):
            n = g.legal_moves(out)
            if n:
                g.play(max(out[:n], key=lambda f: (g.tableau.heights[f], -f)))
        if g.moves_made < 5:
            continue
        s = Solver()
        s.begin(g)
        if s.run(cap) != BUSY:
            continue
        r = s.run(39 * cap)
        if r != BUSY:
            return deal, bytes(g.history[:5]), r
    raise AssertionError("no position between the caps")


def test_past_the_cap_the_bar_says_too_deep_and_turns_when_the_check_ends(monkeypatch):
    monkeypatch.setattr(bh_solving, "CAP", 300)
    deal, fans, r = _deep_position(300)
    hw, app = make_app(deal)                       # bar off: no search on the way there
    for f in fans:
        app.table.cursor = f
        play_at_cursor(hw, app)
    assert not thinker(app).job
    app.settings.options |= VERDICT
    app.table._verdict_bar()
    for _ in range(PASSES):
        app.step()
        if thinker(app).verdict:
            break
    assert thinker(app).verdict == bh_meter.UNDECIDED
    assert thinker(app).progress() >= 300 and app.busy()       # still thinking
    bar = _bar(app)
    assert bar[0] == 3 and bar[1:-1] == [0] * (bh_meter.W - 2)     # hollow: too deep, for now
    think(app)
    assert thinker(app).verdict == (bh_meter.WINNABLE if r == WON else bh_meter.LOST)
    assert 3 not in _bar(app)


def test_the_bar_stays_off_unless_asked_for():
    hw, app = make_app(2)
    assert thinker(app).job == bh_solving.IDLE and set(_bar(app)) == {0}
    play_at_cursor(hw, app)
    assert thinker(app).job == bh_solving.IDLE and set(_bar(app)) == {0}


@pytest.mark.parametrize("seed", [1, 2])
def test_winnable_deals_only_deals_a_deal_the_solver_wins_without_a_search(seed):
    hw = stub.Hardware()
    app = power_on(hw, seed=seed)
    app.settings.options |= WINNABLE
    deals = set()
    for _ in range(4):
        menu_row(hw, app, "New deal")
        assert app.stack[-1] is app.table and not app.busy()
        assert verdict(app.game) == WON
        deals.add(app.game.deal_number)
    assert len(deals) == 4


def test_settings_turn_both_on_and_they_survive_a_restart():
    hw, app = make_app(2)
    menu_row(hw, app, "Settings")
    press(hw, app, *[keys.DOWN] * DEVICE_ROWS, keys.RIGHT, keys.DOWN, keys.RIGHT)
    assert app.settings.options & (VERDICT | WINNABLE) == VERDICT | WINNABLE
    app.save_now()
    again = power_on(stub.Hardware(storage=hw.storage), seed=3)
    assert again.settings.options & (VERDICT | WINNABLE) == VERDICT | WINNABLE


def test_settings_saved_before_the_solver_still_load():
    s = Settings()
    assert s.unpack(bytes((1, 0, 3, 1, 1)))
    assert (s.sound, s.brightness, s.lights, s.options & (VERDICT | WINNABLE)) == (
        False, 3, True, WINNABLE)
    assert not s.unpack(bytes((2, 0, 3, 1, 1)))    # format 2 needs its sixth byte


def test_no_heap_for_the_solver_is_said_and_play_goes_on(monkeypatch):
    def no_memory(*_):
        raise MemoryError
    monkeypatch.setattr(bh_solving, "Thinker", no_memory)
    hw, app = make_app(2, VERDICT | WINNABLE)
    before = app.game.save()
    press(hw, app, keys.SELECT)
    assert said(app) == "No memory for the solver"
    assert app.game.save() == before and thinker(app) is None
    menu_row(hw, app, "New deal")                  # nothing played yet: dealt at once
    assert app.stack[-1] is app.table and app.game.deal_number != 2


def test_deal_entry_says_whether_the_typed_deal_is_winnable():
    hw, app = make_app(2)
    menu_row(hw, app, "Deal number...")
    press(hw, app, keys.UP)                        # 1: no win (the reference data)
    assert app.text.lines()[3] == "Cannot be won"
    press(hw, app, keys.UP)                        # 2: winnable
    assert app.text.lines()[3] == "Winnable"


def test_statistics_count_wins_among_winnable_deals():
    from tests.test_ui_app import DEAL_2_WIN, move_cursor_to
    hw, app = make_app(2)
    for f in DEAL_2_WIN:
        move_cursor_to(hw, app, f)
        press(hw, app, keys.A)
    app.deal(1)
    app.table.cursor = app.game.first_move()
    press(hw, app, keys.A)
    app.deal(3)                                    # deal 1 left unfinished: a loss
    s = app.stats
    assert (s.played, s.won) == (2, 1)
    assert s.wplayed == 1 and s.wwon == 1          # deal 1 cannot be won: not counted
    menu_row(hw, app, "Statistics")
    assert "Winnable deals: won 1" in app.text.lines()


def test_looking_back_to_a_lost_opening_the_atlas_does_not_know_says_the_deal_is_lost():
    t = bh_solving.Thinker()                          # the thinker alone: no atlas in the way
    g = BlackHole()
    g.new_deal(1)                                  # deal 1: no win per the reference data
    t.ask(bh_solving.CHECK, g)
    while not t.step():
        pass
    assert t.verdict == bh_meter.LOST
    for _ in range(2):
        f = g.first_move()
        g.play(f)
        t.moved(f)
    assert t.verdict == bh_meter.LOST and not t.job
    t.ask(bh_solving.BACK, g)
    while not t.step():
        pass
    assert t.found == bh_meter.LOST and t.undos == 2


def _stuck_in(hw, app):
    """Play the first legal move until no move is left; the undos back to a winnable
    position, found without the app."""
    g = app.game
    while not g.is_stuck():
        app.table.cursor = g.first_move()
        press(hw, app, keys.A)
    probe = BlackHole()
    probe.restore(g.save())
    back = 0
    while verdict(probe) == NOWIN:
        probe.undo()
        back += 1
    return back


def pick_after(hw, app, row):
    """A on the stuck table brings the choices; down to the row and A."""
    press(hw, app, keys.A)
    rows = app.stack[-1].rows
    press(hw, app, *([keys.DOWN] * rows.index(row)), keys.A)


@pytest.mark.parametrize("ask_first", [False, True])
def test_undo_to_winnable_takes_back_every_move_since_the_last_winnable_position(ask_first):
    hw, app = make_app(2)
    back = _stuck_in(hw, app)
    stuck = app.game.moves_made
    assert back >= 1 and app.stats.played == 1 and app.stats.won == 0
    if ask_first:                   # the hint looked back already: the row does not search
        press(hw, app, keys.SELECT)
        think(app)
        assert said(app) == "No win here: undo %d back" % back
    pick_after(hw, app, "Undo to winnable")
    assert app.stack[-1] is app.table
    assert think(app) == 0 if ask_first else think(app) > 0
    assert said(app) == "Undid %d: winnable again" % back
    g = app.game
    assert g.moves_made == stuck - back and verdict(g) == WON
    # the hints win from there, and the loss counted when stuck becomes a win
    for _ in range(60):
        if g.is_won():
            break
        press(hw, app, keys.SELECT)
        think(app)
        press(hw, app, keys.A)
    assert g.is_won() and (app.stats.played, app.stats.won) == (1, 1)


def test_undo_to_winnable_is_a_row_only_when_black_hole_is_stuck():
    from tests.test_ui_app import DEAL_2_WIN
    from tests.ui_keys import boot
    from ui.calculation.table import CalcApp
    hw, app = make_app(2)
    for f in DEAL_2_WIN:
        app.table.cursor = f
        press(hw, app, keys.A)
    press(hw, app, keys.A)
    assert app.stack[-1].title == "You won!"
    assert "Undo to winnable" not in app.stack[-1].rows
    hw, app = boot(CalcApp)
    app.choices()
    assert "Undo to winnable" not in app.stack[-1].rows


def test_undo_to_winnable_on_a_deal_that_cannot_be_won_says_so_and_undoes_nothing():
    hw, app = make_app(2)
    lost = next(n for n in range(1, 200) if app.table.describe_deal(n) == "Cannot be won")
    app.deal(lost)
    _stuck = app.game
    while not _stuck.is_stuck():
        app.table.cursor = _stuck.first_move()
        press(hw, app, keys.A)
    made = _stuck.moves_made
    pick_after(hw, app, "Undo to winnable")
    think(app)
    assert said(app) == "This deal cannot be won" and _stuck.moves_made == made
