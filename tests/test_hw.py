"""Board backends through fakes of CircuitPython's modules; saves under power cuts."""
import sys
import tracemalloc
import types

import pytest

from hw import keys
from hw.repeat import FIRST_MS, NEXT_MS
from hw.storage import Records, SlotStore
from hw.stores import MemoryStore
from tests import fakes


def board_hw(monkeypatch, board_id):
    fakes.install(monkeypatch, board_id)
    fakes.fake_ticks[0] = 1000
    if board_id == "pygamer":
        from hw import pygamer as backend
    else:
        from hw import pybadge as backend
    return backend.Hardware(), fakes.ShiftRegisterKeys.instances[-1]


def test_pybadge_key_numbers_follow_the_shift_register(monkeypatch):
    hw, sr = board_hw(monkeypatch, "pybadge")
    assert sr.key_count == 8
    expected = [keys.B, keys.A, keys.START, keys.SELECT, keys.RIGHT, keys.DOWN, keys.UP,
                keys.LEFT]
    got = []
    for n in range(8):
        sr.events.pending += [(n, True), (n, False)]
        got.append(hw.keys.poll())
        assert hw.keys.poll() == keys.NONE        # the release is consumed, not reported
    assert got == expected


def test_held_direction_repeats_after_a_pause_then_steadily(monkeypatch):
    hw, sr = board_hw(monkeypatch, "pybadge")
    sr.events.pending.append((keys.LEFT, True))
    assert hw.keys.poll() == keys.LEFT
    fakes.fake_ticks[0] += FIRST_MS - 1
    assert hw.keys.poll() == keys.NONE
    fakes.fake_ticks[0] += 1
    assert hw.keys.poll() == keys.LEFT
    fakes.fake_ticks[0] += NEXT_MS
    assert hw.keys.poll() == keys.LEFT
    sr.events.pending.append((keys.LEFT, False))
    fakes.fake_ticks[0] += NEXT_MS
    assert hw.keys.poll() == keys.NONE


def test_buttons_do_not_repeat(monkeypatch):
    hw, sr = board_hw(monkeypatch, "pybadge")
    sr.events.pending.append((keys.A, True))
    assert hw.keys.poll() == keys.A
    fakes.fake_ticks[0] += 5000
    assert hw.keys.poll() == keys.NONE


def test_polling_memory_does_not_grow_with_polls(monkeypatch):
    # CPython boxes every int it stores, which MicroPython's small ints do not; so the check
    # is that what hw/ holds does not grow with the number of polls.
    hw, sr = board_hw(monkeypatch, "pybadge")
    sr.events.pending.append((keys.UP, True))
    only_hw = [tracemalloc.Filter(True, "*/hw/*")]
    tracemalloc.start()
    sizes = []
    for rounds in (200, 2000):
        for _ in range(rounds):
            fakes.fake_ticks[0] += 7
            hw.keys.poll()
        snap = tracemalloc.take_snapshot().filter_traces(only_hw)
        sizes.append(sum(s.size for s in snap.statistics("filename")))
    tracemalloc.stop()
    assert sizes[1] <= sizes[0]


@pytest.mark.parametrize("x,y,want", [
    (32768, 32768, keys.NONE), (32768 - 14000, 32768, keys.NONE), (1000, 32768, keys.LEFT),
    (64000, 32768, keys.RIGHT), (32768, 1000, keys.UP), (32768, 64000, keys.DOWN),
])
def test_pygamer_joystick_becomes_the_d_pad(monkeypatch, x, y, want):
    hw, sr = board_hw(monkeypatch, "pygamer")
    assert sr.key_count == 4
    hw.keys._x.value = x
    hw.keys._y.value = y
    assert hw.keys.poll() == want


def test_pygamer_joystick_held_repeats_and_release_stops(monkeypatch):
    hw, sr = board_hw(monkeypatch, "pygamer")
    hw.keys._x.value = 0
    assert hw.keys.poll() == keys.LEFT
    fakes.fake_ticks[0] += FIRST_MS
    assert hw.keys.poll() == keys.LEFT
    hw.keys._x.value = 32768
    fakes.fake_ticks[0] += FIRST_MS
    assert hw.keys.poll() == keys.NONE
    sr.events.pending.append((keys.START, True))
    assert hw.keys.poll() == keys.START


def test_speaker_pitch_and_amplifier(monkeypatch):
    hw, _ = board_hw(monkeypatch, "pybadge")
    hw.sound.beep(440, 1)
    assert hw.sound._out.played == [440 * 16]
    assert not hw.sound._enable.value and not hw.sound._out.playing
    hw.sound.muted = True
    hw.sound.beep(880, 1)
    assert hw.sound._out.played == [440 * 16]


def test_the_app_runs_and_resumes_on_a_fake_pybadge(monkeypatch):
    hw, sr = board_hw(monkeypatch, "pybadge")
    from ui.app import App
    app = App(hw, seed=5)
    app._new_deal(2, count_old=False)
    app.cursor = 1
    sr.events.pending += [(keys.A, True), (keys.A, False)]
    app.step()
    app.step()
    assert app.game.moves_made == 1 and hw.display.refreshes >= 1
    assert hw.lights._np.shows >= 1
    app.save_now()
    nvm = sys.modules["microcontroller"].nvm
    hw2, _ = board_hw(monkeypatch, "pybadge")
    sys.modules["microcontroller"].nvm[:] = nvm
    again = App(hw2, seed=9)
    assert again.game.save() == app.game.save()


def test_detect_picks_the_board_backend(monkeypatch):
    import hw as hwpkg
    for board_id, name in (("pybadge", "pybadge"), ("pygamer", "pygamer")):
        fakes.install(monkeypatch, board_id)
        monkeypatch.setattr(sys, "implementation", types.SimpleNamespace(name="circuitpython"))
        got = hwpkg.detect().name
        monkeypatch.setattr(sys, "implementation", sys.__dict__["implementation"])
        assert got == name


# -- saves ------------------------------------------------------------------------

class PowerCut(Exception):
    pass


class CuttingStore(MemoryStore):
    """Writes only the first `budget` bytes of the next write, then loses power."""

    def __init__(self):
        super().__init__(512)
        self.budget = -1

    def write(self, offset, data):
        if self.budget >= 0:
            super().write(offset, data[:self.budget])
            raise PowerCut()
        super().write(offset, data)


def test_a_power_cut_at_any_byte_keeps_the_previous_save():
    first = bytes(range(60))
    second = bytes(range(100, 180))
    for already in (1, 2):            # the cut hits either slot
        for k in range(len(second) + 8):
            raw = CuttingStore()
            s = SlotStore(raw)
            for i in range(already):
                s.save(first)
            raw.budget = k
            with pytest.raises(PowerCut):
                s.save(second)
            payload, notice = SlotStore(raw).load()
            assert payload == first and notice is None, (already, k)


def test_slots_alternate_and_the_newest_wins_across_wrap():
    raw = MemoryStore(256)
    s = SlotStore(raw)
    s._seq = 0xFFFE
    for i in range(5):
        s.save(bytes([i]) * 10)
        assert SlotStore(raw).load() == (bytes([i]) * 10, None)


def test_blank_store_is_quiet_and_garbage_gets_a_notice():
    assert SlotStore(MemoryStore(256)).load() == (None, None)
    raw = MemoryStore(256)
    raw.write(0, b"junk that is not a save")
    payload, notice = SlotStore(raw).load()
    assert payload is None and "damaged" in notice


def test_records_keep_unknown_tags_and_ignore_a_torn_tail():
    r = Records()
    r.put(1, b"abc")
    r.put(200, b"future")
    packed = r.pack()
    again = Records(packed + b"\x05\x00")
    assert again.get(1) == b"abc" and again.get(200) == b"future" and again.get(5) is None


def test_oversized_save_is_refused():
    with pytest.raises(ValueError, match="slot holds"):
        SlotStore(MemoryStore(64)).save(bytes(100))
