"""Board backends (PyBadge family, PyGamer) through fakes of CircuitPython's modules, the
shared D-pad repeat, and detect()."""
import sys
import tracemalloc
import types

import pytest

from hw import keys
from hw.base import REPEAT_FIRST_MS, REPEAT_NEXT_MS
from tests import fakes


def board_hw(monkeypatch, board_id="pybadge", **kw):
    """(hardware, fake modules, the fake ShiftRegisterKeys) for a fresh fake board."""
    mods = fakes.install(monkeypatch, board_id, **kw)
    mods["supervisor"].ticks = 1000
    if board_id == "pygamer":
        from hw import pygamer as backend
    else:
        from hw import pybadge as backend
    return backend.Hardware(), mods, mods["keypad"].instances[-1]


def advance(mods, ms):
    mods["supervisor"].ticks = (mods["supervisor"].ticks + ms) & 0x1FFFFFFF


def test_pybadge_key_numbers_follow_the_shift_register(monkeypatch):
    hw, mods, sr = board_hw(monkeypatch)
    assert sr.key_count == 8 and sr.value_when_pressed is True
    board = mods["board"]
    assert sr.pins == (board.BUTTON_CLOCK, board.BUTTON_OUT, board.BUTTON_LATCH)
    got = []
    for n in range(8):
        sr.inject(n, True)
        sr.inject(n, False)
        got.append(hw.keys.poll())
        assert hw.keys.poll() == keys.NONE        # the release is consumed, not reported
    assert got == [keys.B, keys.A, keys.START, keys.SELECT, keys.RIGHT, keys.DOWN, keys.UP,
                   keys.LEFT]
    assert [keys.NAMES[k] for k in got] == ["B", "A", "START", "SELECT", "RIGHT", "DOWN",
                                            "UP", "LEFT"]


def test_held_direction_repeats_after_a_pause_then_steadily(monkeypatch):
    hw, mods, sr = board_hw(monkeypatch)
    sr.inject(keys.LEFT)
    assert hw.keys.poll() == keys.LEFT
    advance(mods, REPEAT_FIRST_MS - 1)
    assert hw.keys.poll() == keys.NONE
    advance(mods, 1)
    assert hw.keys.poll() == keys.LEFT
    advance(mods, REPEAT_NEXT_MS - 1)
    assert hw.keys.poll() == keys.NONE
    advance(mods, 1)
    assert hw.keys.poll() == keys.LEFT
    sr.inject(keys.LEFT, False)
    advance(mods, REPEAT_NEXT_MS)
    assert hw.keys.poll() == keys.NONE


def test_repeat_survives_the_clock_wrapping(monkeypatch):
    hw, mods, sr = board_hw(monkeypatch)
    mods["supervisor"].ticks = 0x1FFFFFFF - 100
    sr.inject(keys.DOWN)
    assert hw.keys.poll() == keys.DOWN
    advance(mods, REPEAT_FIRST_MS - 1)            # past the wrap, not yet due
    assert hw.keys.poll() == keys.NONE
    advance(mods, 1)
    assert hw.keys.poll() == keys.DOWN


def test_buttons_do_not_repeat_and_a_new_direction_takes_over(monkeypatch):
    hw, mods, sr = board_hw(monkeypatch)
    sr.inject(keys.A)
    assert hw.keys.poll() == keys.A
    advance(mods, 5000)
    assert hw.keys.poll() == keys.NONE
    sr.inject(keys.UP)
    sr.inject(keys.RIGHT)
    assert hw.keys.poll() == keys.UP
    assert hw.keys.poll() == keys.RIGHT
    sr.inject(keys.UP, False)                     # releasing the old one keeps the new
    advance(mods, REPEAT_FIRST_MS)
    assert hw.keys.poll() == keys.RIGHT


def test_polling_allocates_nothing_that_grows(monkeypatch):
    # CPython boxes ints that MicroPython keeps small, so the check is that nothing hw/
    # allocates survives or grows with the number of polls, events included.
    hw, mods, sr = board_hw(monkeypatch)
    only_hw = [tracemalloc.Filter(True, "*/hw/*")]
    tracemalloc.start()
    sizes = []
    for rounds in (200, 2000):
        for i in range(rounds):
            advance(mods, 7)
            if i % 50 == 0:
                sr.inject(keys.UP, i % 100 == 0)
            hw.keys.poll()
        snap = tracemalloc.take_snapshot().filter_traces(only_hw)
        sizes.append(sum(s.size for s in snap.statistics("filename")))
    tracemalloc.stop()
    assert sizes[1] <= sizes[0]


def test_pybadge_drives_five_pixels_and_its_backlight(monkeypatch):
    hw, mods, _ = board_hw(monkeypatch)
    assert hw.name == "pybadge" and hw.lights.count == 5
    writes = mods["neopixel_write"].writes
    hw.lights.brightness = 1.0
    hw.lights.fill(0x00FF00)
    hw.lights.set(4, 0x123456)
    assert writes == []                           # nothing goes out until show()
    hw.lights.show()
    assert len(writes) == 1
    pin, wire = writes[0]
    assert pin.pin is mods["board"].NEOPIXEL and pin.direction == "OUTPUT"
    # GRB on the wire; full brightness scales 255 to 255 * 256 >> 8.
    assert wire == bytes([0xFF, 0, 0] * 4 + [0x34, 0x12, 0x56])
    hw.set_brightness(0.4)
    assert hw.display.brightness == 0.4
    hw.set_brightness(3)
    assert hw.display.brightness == 1.0
    assert hw.display is mods["board"].DISPLAY and hw.display.auto_refresh is False


def test_pixel_brightness_scales_in_software_and_keeps_the_colours(monkeypatch):
    hw, mods, _ = board_hw(monkeypatch)
    writes = mods["neopixel_write"].writes
    lights = hw.lights
    assert 0.09 < lights.brightness < 0.11         # starts dim, as the library default did
    lights.fill(0xFF8000)
    lights.brightness = 0.5
    lights.show()
    assert writes[-1][1] == bytes([0x40, 0x7F, 0]) * 5
    lights.brightness = 1.0                       # the full colours were kept, not the dim ones
    lights.show()
    assert writes[-1][1] == bytes([0x80, 0xFF, 0]) * 5
    lights.brightness = -2
    lights.show()
    assert writes[-1][1] == bytes(15) and lights.brightness == 0.0


def test_pixel_show_allocates_nothing_in_hw(monkeypatch):
    hw, mods, _ = board_hw(monkeypatch)
    lights = hw.lights
    lights.fill(0x102030)
    lights.show()
    # Only hw/ counts: the fake's record of each write is the test's, not the board's.
    only_hw = [tracemalloc.Filter(True, "*/hw/board_common.py")]
    tracemalloc.start()
    for _ in range(200):
        lights.set(2, 0x405060)
        lights.show()
    snap = tracemalloc.take_snapshot().filter_traces(only_hw)
    tracemalloc.stop()
    assert sum(s.size for s in snap.statistics("filename")) < 64


@pytest.mark.parametrize("kw", [dict(accelerometer=False), dict(pullups=False)])
def test_a_pybadge_without_accelerometer_is_an_lc_with_one_pixel(monkeypatch, kw):
    hw, mods, sr = board_hw(monkeypatch, **kw)
    assert hw.name == "pybadge_lc" and hw.lights.count == 1
    hw.lights.show()
    assert len(mods["neopixel_write"].writes[-1][1]) == 3
    assert sr.key_count == 8
    if kw.get("pullups", True):
        assert not mods["board"].I2C().locked     # the probe gave the bus back


def test_pybadge_does_not_touch_the_pygamer_pins(monkeypatch):
    board_hw(monkeypatch)
    assert not hasattr(sys.modules["board"], "JOYSTICK_X")


def test_nvm_is_the_raw_store_and_a_save_is_one_write(monkeypatch):
    from hw.storage import SlotStore
    hw, mods, _ = board_hw(monkeypatch)
    nvm = mods["microcontroller"].nvm
    assert hw.storage.size == 8192
    slots = SlotStore(hw.storage)
    slots.load()
    before = nvm.writes
    slots.save(b"game")
    assert nvm.writes == before + 1
    assert SlotStore(hw.storage).load() == (b"game", None)


def test_clock_is_supervisor_ticks(monkeypatch):
    hw, mods, _ = board_hw(monkeypatch)
    mods["supervisor"].ticks = 123456
    assert hw.clock.ms() == 123456


@pytest.mark.parametrize("x,y,want", [
    (32768, 32768, keys.NONE), (32768 - 14000, 32768, keys.NONE),
    (32768, 32768 + 14000, keys.NONE), (1000, 32768, keys.LEFT), (64000, 32768, keys.RIGHT),
    (32768, 1000, keys.UP), (32768, 64000, keys.DOWN), (1000, 64000, keys.LEFT),
])
def test_pygamer_joystick_leaves_its_dead_zone_as_a_d_pad_press(monkeypatch, x, y, want):
    hw, mods, sr = board_hw(monkeypatch, "pygamer")
    assert sr.key_count == 4 and hw.name == "pygamer"
    stick = mods["analogio"].inputs
    stick["JOYSTICK_X"].value = x
    stick["JOYSTICK_Y"].value = y
    assert hw.keys.poll() == want
    assert hw.keys.poll() == keys.NONE            # a press, not a stream of them


def test_pygamer_joystick_held_repeats_release_stops_and_buttons_still_work(monkeypatch):
    hw, mods, sr = board_hw(monkeypatch, "pygamer")
    x = mods["analogio"].inputs["JOYSTICK_X"]
    x.value = 0
    assert hw.keys.poll() == keys.LEFT
    advance(mods, REPEAT_FIRST_MS)
    assert hw.keys.poll() == keys.LEFT
    advance(mods, REPEAT_NEXT_MS)
    assert hw.keys.poll() == keys.LEFT
    x.value = 32768
    advance(mods, REPEAT_FIRST_MS)
    assert hw.keys.poll() == keys.NONE
    sr.inject(2)
    assert hw.keys.poll() == keys.START
    sr.inject(0)
    assert hw.keys.poll() == keys.B


def test_pygamer_stick_near_the_edge_of_the_dead_zone_does_not_chatter(monkeypatch):
    hw, mods, _ = board_hw(monkeypatch, "pygamer")
    y = mods["analogio"].inputs["JOYSTICK_Y"]
    got = []
    for v in (32768 + 15500, 32768 + 14500, 32768 + 15500, 32768 + 14500, 32768 + 9000,
              32768 + 15500):
        y.value = v
        got.append(hw.keys.poll())
    assert got == [keys.DOWN, keys.NONE, keys.NONE, keys.NONE, keys.NONE, keys.DOWN]


def test_speaker_pitch_and_amplifier(monkeypatch):
    hw, mods, _ = board_hw(monkeypatch)
    hw.sound.beep(440, 1)
    out = hw.sound._out
    assert out.pin is mods["board"].SPEAKER
    assert out.played == [440 * 16]
    assert not hw.sound._enable.value and not out.playing
    hw.sound.play(((523, 1), (659, 1)))
    assert out.played == [440 * 16, 523 * 16, 659 * 16]
    hw.sound.muted = True
    hw.sound.beep(880, 1)
    hw.sound.play(((880, 1),))
    assert len(out.played) == 3


def test_the_app_runs_and_resumes_on_a_fake_pybadge(monkeypatch):
    hw, mods, sr = board_hw(monkeypatch)
    from tests.test_ui_app import power_on
    app = power_on(hw, seed=5)
    app.deal(2)
    app.table.cursor = 1
    sr.inject(keys.A, True)
    sr.inject(keys.A, False)
    app.step()
    app.step()
    assert app.game.moves_made == 1 and hw.display.refreshes >= 1
    assert len(mods["neopixel_write"].writes) >= 1
    app.save_now()
    saved = bytes(mods["microcontroller"].nvm[0:8192])
    hw2, mods2, _ = board_hw(monkeypatch)
    mods2["microcontroller"].nvm[0:8192] = saved
    again = power_on(hw2, seed=9)
    assert again.game.save() == app.game.save()


@pytest.mark.parametrize("board_id,accelerometer,name", [
    ("pybadge", True, "pybadge"), ("pybadge", False, "pybadge_lc"),
    ("pygamer", True, "pygamer"),
])
def test_detect_picks_the_board_backend(monkeypatch, board_id, accelerometer, name):
    import hw as hwpkg
    fakes.install(monkeypatch, board_id, accelerometer=accelerometer)
    circuitpython = dict(vars(sys.implementation), name="circuitpython")
    monkeypatch.setattr(sys, "implementation", types.SimpleNamespace(**circuitpython))
    got = hwpkg.detect().name
    monkeypatch.undo()
    assert got == name


def test_detect_on_cpython_is_the_desktop_without_board_modules(monkeypatch):
    import hw as hwpkg
    for name in fakes.BACKENDS:
        monkeypatch.delitem(sys.modules, name, raising=False)
    assert hwpkg.detect().name == "desktop"
    assert not any(name in sys.modules for name in fakes.BACKENDS)
