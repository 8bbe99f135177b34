"""The screen's power on the stub clock (hw/base.py Hardware.poll): a minute with no key dims
the backlight, five minutes turn backlight and NeoPixels off, and the key that finds the screen
dimmed or dark only wakes it. In every game and the chooser, during a CPU's turn too: CPU seats
and Black Hole's solver work on while the screen is dimmed; a CPU run that ends on a person's
turn lights the screen for them."""
import pytest

from engine.amigo_cpu import HUMAN as A_HUMAN
from engine.amigo_cpu import PLANNER
from engine.yoyo import GREEDY, HUMAN, LOOKAHEAD
from hw import keys, stub
from tests import test_ui_amigo, test_ui_yoyo
from tests.test_ui_app import said
from tests.test_ui_solver import make_app as solver_app
from tests.ui_keys import boot, press
from ui.bigben.table import BigBenApp
from ui.blackhole.table import BlackHoleApp
from ui.calculation.table import CalcApp
from ui.launcher import Launcher
from ui.persist import TAG_SETTINGS, Persist, Settings
from ui.programs import Programs
from ui.screens import device_change, device_rows
from ui.seated.app import CPU_PACE_MS, TABLE

MINUTE = 60000
LEVEL = 0.8         # the backlight a new board's settings choose (brightness 4 of 5)
# Read from the screen and lights alone, not from names the change brings, so that these tests
# fail on the code before it by their assertions.


def lit(hw):
    return hw.display.brightness == LEVEL


def dimmed(hw):
    return 0 < hw.display.brightness < LEVEL


def dark(hw):
    return hw.display.brightness == 0 and hw.lights.brightness == 0


def lit_as_set(made):
    """A game's app as its program starts it: the launcher set the backlight first."""
    hw, app = made
    hw.set_brightness(LEVEL)
    return hw, app


def idle(hw, app, ms, every=1000):
    """ms of play with no key, a pass of the loop every `every` ms."""
    for _ in range(ms // every):
        hw.clock.advance(every)
        app.step()


def black_hole():
    return lit_as_set(boot(BlackHoleApp))


def calculation():
    return lit_as_set(boot(CalcApp))


def big_ben():
    return lit_as_set(boot(BigBenApp))


def yoyo():
    """A person's turn at Yo-yo, a CPU seat beside them."""
    hw, app = lit_as_set(test_ui_yoyo.new_game((HUMAN, GREEDY)))
    assert app.screen == TABLE and not app.busy()
    return hw, app


def amigo():
    hw, app = lit_as_set(test_ui_amigo.new_match((A_HUMAN, PLANNER, PLANNER), 13))
    assert app.screen == TABLE and not app.busy()
    return hw, app


GAMES = (black_hole, yoyo, amigo, calculation, big_ben)


def state(hw, app):
    """What a key could change: the game, the screens on the stack, the text, the sounds."""
    return (bytes(app.game.save()), [type(s).__name__ for s in app.stack],
            list(app.text.lines()), len(hw.sound.log), hw.keys.repeat.held)


@pytest.mark.parametrize("make", GAMES, ids=lambda f: f.__name__)
def test_a_minute_dims_five_go_dark_and_the_waking_key_does_nothing_else(make):
    hw, app = make()
    glow = hw.lights.brightness
    assert lit(hw) and glow > 0
    idle(hw, app, MINUTE - 1000)
    assert lit(hw)
    idle(hw, app, 2000)
    assert dimmed(hw)
    assert hw.lights.brightness == glow                 # dimmed: the lights stay
    before = state(hw, app)
    press(hw, app, keys.RIGHT)
    assert state(hw, app) == before and hw.display.last_dirty_pixels == 0
    assert lit(hw)
    press(hw, app, keys.RIGHT)                          # lit: a key acts again
    assert hw.display.last_dirty_pixels > 0

    idle(hw, app, 5 * MINUTE - 1000)
    assert dimmed(hw)
    shown = hw.lights.shown
    idle(hw, app, 2000)
    assert dark(hw) and hw.lights.shown > shown         # backlight and NeoPixels off
    before = state(hw, app)
    press(hw, app, keys.A)                              # would play, pick or refuse, lit
    assert state(hw, app) == before and hw.display.last_dirty_pixels == 0
    assert lit(hw) and hw.lights.brightness == glow
    idle(hw, app, MINUTE - 1000)                        # counted from the waking key
    assert lit(hw)


def test_the_chooser_dims_and_its_waking_key_moves_nothing():
    hw = stub.Hardware()
    la = Programs(hw, seed=3, fresh=False)
    idle(hw, la, MINUTE + 1000)
    assert dimmed(hw) and la.item == 0
    press(hw, la, keys.DOWN)
    assert la.item == 0 and lit(hw)
    press(hw, la, keys.DOWN)
    assert la.item == 1
    idle(hw, la, 5 * MINUTE)
    assert dark(hw)
    press(hw, la, keys.A)                               # would open Yo-yo
    assert la.app is None and la.started == 1 and lit(hw)


def test_a_held_direction_that_wakes_the_screen_does_not_repeat():
    hw, app = black_hole()
    idle(hw, app, MINUTE + 1000)
    w = app.table.where()
    hw.keys.hold(keys.RIGHT)
    app.step()
    idle(hw, app, 2000, every=50)                       # repeats would be due many times
    hw.keys.release(keys.RIGHT)
    app.step()
    assert app.table.where() == w and lit(hw)


def moves(app):
    return bytes(app.game.save())


@pytest.mark.parametrize("make", [
    lambda: lit_as_set(test_ui_yoyo.new_game((LOOKAHEAD, GREEDY, HUMAN))),
    lambda: lit_as_set(test_ui_amigo.new_match((PLANNER, PLANNER, PLANNER, A_HUMAN), 13)),
], ids=("yoyo", "amigo"))
def test_cpu_seats_play_on_while_dimmed_and_their_run_ends_lighting_the_screen(make):
    hw, app = make()
    assert app.busy()                                   # a CPU seat is to move
    hw.clock.advance(MINUTE + 1000)                     # a long wait before the CPU's move
    before = moves(app)
    app.step()
    assert dimmed(hw) and moves(app) != before     # dimmed, and the CPU moved
    while_dim = 0
    for _ in range(2000):
        if not app.busy():
            break
        before = moves(app)
        hw.clock.advance(CPU_PACE_MS)
        app.step()
        if dimmed(hw) and moves(app) != before:
            while_dim += 1
    assert not app.busy() and while_dim >= 1
    assert lit(hw)                                      # a person's turn: lit for them
    idle(hw, app, MINUTE - 1000)                        # counted from then
    assert lit(hw)
    idle(hw, app, 2000)
    assert dimmed(hw)


@pytest.mark.parametrize("make", [
    lambda: lit_as_set(test_ui_yoyo.new_game((LOOKAHEAD, GREEDY, HUMAN))),
    lambda: lit_as_set(test_ui_amigo.new_match((PLANNER, PLANNER, A_HUMAN), 13)),
], ids=("yoyo", "amigo"))
def test_a_that_wakes_the_screen_in_a_cpu_turn_does_not_skip_it(make):
    hw, app = make()
    hw.clock.advance(MINUTE + 1000)
    app.step()
    assert dimmed(hw) and app.busy()
    before = state(hw, app)
    press(hw, app, keys.A)                              # lit, A skips the CPU turns
    assert state(hw, app) == before and not app.hurry and app.busy() and lit(hw)
    press(hw, app, keys.A)
    assert not app.busy()                               # now it skips


def test_black_holes_solver_thinks_on_while_dimmed():
    hw, app = lit_as_set(solver_app(2))
    press(hw, app, keys.SELECT)                         # a hint: the solver starts
    assert app.busy()
    hw.clock.advance(MINUTE + 1000)
    app.step()
    assert dimmed(hw)
    for n in range(5000):
        if not app.busy():
            break
        app.step()
    assert not app.busy() and n > 1
    assert said(app) == "Hint: this fan"
    assert dimmed(hw)                              # the answer waits for a key


def test_the_loop_naps_longer_while_dimmed_with_nothing_to_do():
    hw = stub.Hardware()
    la = Launcher(hw, seed=3)
    assert la.nap() == 0.01
    idle(hw, la, MINUTE + 1000)
    assert la.nap() == 0.1
    hw, app = test_ui_yoyo.new_game((LOOKAHEAD, GREEDY, HUMAN))
    la = Launcher(hw, seed=3)
    la.app = app                                        # the game's program
    assert app.busy()
    hw.clock.advance(MINUTE + 1000)
    la.step()
    assert dimmed(hw) and la.nap() == 0.01       # CPU seats at work: the usual pace


# -- the setting ---------------------------------------------------------------------------
def test_the_settings_row_chooses_the_times_and_never_keeps_the_screen_lit():
    from ui.persist import SLEEPS
    from ui.screens import DEVICE_ROWS
    hw = stub.Hardware()
    la = Launcher(hw, seed=3)
    rows = device_rows(la)
    assert len(rows) == DEVICE_ROWS and rows[3] == ("Dim, off", "1, 5 min")
    seen = []
    for _ in range(len(SLEEPS) // 2):
        seen.append(device_rows(la)[3][1])
        device_change(la, 3, 1)
    assert seen == ["1, 5 min", "2, 10 min", "5, 15 min", "never"]
    device_change(la, 3, -1)
    assert device_rows(la)[3][1] == "never" and hw.dim_ms == 0
    idle(hw, la, 60 * MINUTE, every=10000)
    assert lit(hw)
    device_change(la, 3, 1)                             # back to 1 and 5 minutes
    device_change(la, 3, 1)                             # 2 and 10
    la.save_now()                                       # as the settings screen closes
    again = Launcher(stub.Hardware(storage=hw.storage), seed=3)     # kept at power-on
    assert again.settings.sleep == 1
    idle(again.hw, again, 2 * MINUTE - 1000)
    assert lit(again.hw)
    idle(again.hw, again, 2000)
    assert dimmed(again.hw)
    idle(again.hw, again, 8 * MINUTE)
    assert dark(again.hw)


def test_settings_keep_the_times_and_formats_1_to_5_still_load():
    from ui.persist import SLEEPS
    s = Settings()
    s.sleep = 2
    data = s.pack()
    assert data[0] == 6 and len(data) == 7 and data[4] == 2     # format 6: sleep, options
    t = Settings()
    assert t.unpack(data) and t.sleep == 2
    assert t.unpack(bytes((5, 1, 3, 0, 1, 1, 0, 2, 3))) and t.sleep == 3   # format 5's last
    old = (bytes((1, 1, 3, 0, 1)), bytes((2, 1, 3, 0, 1, 1)), bytes((3, 1, 3, 0, 1, 1, 0)),
           bytes((4, 1, 3, 0, 1, 1, 0, 2)))
    for d in old:
        t = Settings()
        t.sleep = 3
        assert t.unpack(d) and t.sleep == 0 and t.brightness == 3, d
    assert not Settings().unpack(data[:6])              # format 6 cut short
    assert not Settings().unpack(bytes(data[:4]) + bytes((len(SLEEPS) // 2,)) + data[5:])
    assert not Settings().unpack(bytes((5, 1, 3, 0, 1, 1, 0, 2, len(SLEEPS) // 2)))
    assert not Settings().unpack(bytes((5,)) + bytes(data[1:]))    # format 5 is 9 bytes


def test_a_format_4_save_powers_on_with_the_default_times():
    hw = stub.Hardware()
    p = Persist(hw.storage)
    p.load(Settings())
    p.put(TAG_SETTINGS, bytes((4, 1, 2, 1, 0, 0, 2, 0)))
    p._slots.save(p.records.pack())
    la = Launcher(stub.Hardware(storage=hw.storage), seed=3)
    assert la.settings.brightness == 2 and la.settings.sleep == 0
    assert (la.hw.dim_ms, la.hw.dark_ms) == (MINUTE, 5 * MINUTE)
    assert la.persist.notice is None
