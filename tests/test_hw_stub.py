"""The stub backend the UI tests drive: scripted keys, its clock, dirty-pixel counts, PNGs."""
import tracemalloc

import displayio
import pygame
import pytest

from hw import keys, stub
from hw.base import HOLD_MS, REPEAT_FIRST_MS, REPEAT_NEXT_MS
from hw.storage import SlotStore


@pytest.fixture
def hw():
    return stub.Hardware()


def square(colour, size=16, x=0, y=0):
    bitmap = displayio.Bitmap(size, size, 1)
    palette = displayio.Palette(1)
    palette[0] = colour
    return displayio.TileGrid(bitmap, pixel_shader=palette, x=x, y=y)


def test_it_has_the_contract_surface(hw):
    assert hw.name == "stub"
    assert (hw.display.width, hw.display.height) == (160, 128)
    assert hw.storage.size == 8192 and hw.storage.read(0, 4) == bytes(4)
    assert hw.lights.count == 5 and stub.Hardware(lights=0).lights.count == 0
    hw.set_brightness(0.6)
    assert hw.display.brightness == 0.6


def test_taps_come_out_in_order_then_none(hw):
    for k in (keys.A, keys.LEFT, keys.START):
        hw.keys.press(k)
    assert [hw.keys.poll() for _ in range(4)] == [keys.A, keys.LEFT, keys.START, keys.NONE]
    hw.clock.advance(5000)
    assert hw.keys.poll() == keys.NONE           # a tap is released at once: no repeat


def test_a_held_direction_repeats_with_the_clock_until_released(hw):
    hw.keys.hold(keys.RIGHT)
    assert hw.keys.poll() == keys.RIGHT
    hw.clock.advance(REPEAT_FIRST_MS - 1)
    assert hw.keys.poll() == keys.NONE
    hw.clock.advance(1)
    assert hw.keys.poll() == keys.RIGHT
    hw.clock.advance(REPEAT_NEXT_MS)
    assert hw.keys.poll() == keys.RIGHT
    hw.keys.release(keys.RIGHT)
    hw.clock.advance(REPEAT_NEXT_MS)
    assert hw.keys.poll() == keys.NONE


def test_a_held_button_does_not_repeat(hw):
    hw.keys.hold(keys.A)
    assert hw.keys.poll() == keys.A
    hw.clock.advance(REPEAT_FIRST_MS * 3)
    assert hw.keys.poll() == keys.NONE


def test_b_held_is_reported_once_more_as_hold_b_only_when_asked_for(hw):
    hw.keys.hold(keys.B)
    assert hw.keys.poll() == keys.B
    hw.clock.advance(HOLD_MS * 2)
    assert hw.keys.poll() == keys.NONE           # no screen asked for it
    hw.keys.release(keys.B)
    hw.keys.repeat.hold_b = True
    hw.keys.press(keys.B)                         # a tap is only B
    assert hw.keys.poll() == keys.B
    hw.clock.advance(HOLD_MS * 2)
    assert hw.keys.poll() == keys.NONE
    hw.keys.hold(keys.B)
    assert hw.keys.poll() == keys.B
    hw.clock.advance(HOLD_MS - 1)
    assert hw.keys.poll() == keys.NONE
    hw.clock.advance(1)
    assert hw.keys.poll() == keys.HOLD_B
    hw.clock.advance(HOLD_MS * 3)
    assert hw.keys.poll() == keys.NONE           # once per press
    hw.keys.release(keys.B)
    assert hw.keys.poll() == keys.NONE


def test_clock_wraps_like_ticks_ms(hw):
    hw.clock.advance(0x1FFFFFFF)
    hw.clock.advance(2)
    assert hw.clock.ms() == 1


def test_polling_allocates_nothing_that_grows(hw):
    # CPython boxes the clock's ints, which MicroPython keeps small: so the check is that
    # what hw/ holds after 2,200 polls is no more than after 200.
    hw.keys.hold(keys.UP)
    only_hw = [tracemalloc.Filter(True, "*/hw/*")]
    tracemalloc.start()
    sizes = []
    for rounds in (200, 2000):
        for _ in range(rounds):
            hw.clock.advance(7)
            hw.keys.poll()
        snap = tracemalloc.take_snapshot().filter_traces(only_hw)
        sizes.append(sum(s.size for s in snap.statistics("filename")))
    tracemalloc.stop()
    assert sizes[1] <= sizes[0]


def test_dirty_pixels_count_what_a_refresh_redraws(hw):
    root = displayio.Group()
    tile = square(0xFF0000, 16, 10, 10)
    root.append(tile)
    hw.display.root_group = root
    hw.display.refresh()
    assert hw.display.last_dirty_pixels == 160 * 128        # the first frame is everything
    hw.display.refresh()            # Blinka reports the new tile once more after that
    hw.display.refresh()
    assert hw.display.last_dirty_pixels == 0
    settled = hw.display.total_dirty_pixels
    tile.x = 20                     # Blinka marks one box around the old and new place
    hw.display.refresh()
    assert hw.display.last_dirty_pixels == (16 + 10) * 16
    tile[0] = 0                     # a changed tile index marks just that tile
    hw.display.refresh()
    assert hw.display.last_dirty_pixels == 16 * 16
    assert hw.display.refreshes == 5
    assert hw.display.total_dirty_pixels == settled + (16 + 10) * 16 + 16 * 16


def test_pixels_and_png_on_demand_without_counting(hw, tmp_path):
    root = displayio.Group()
    root.append(square(0x0000FF, 128, 0, 0))     # on the screen: tests/screen_check.py
    tile = square(0xFF0000, 16, 10, 10)
    root.append(tile)
    hw.display.root_group = root
    hw.display.refresh()
    tile.x = 40
    hw.display.refresh()
    counted = hw.display.last_dirty_pixels
    assert hw.display.pixel(45, 15) == 0xFF0000
    assert hw.display.pixel(15, 15) == 0x0000FF             # the old place was redrawn
    path = tmp_path / "screen.png"
    hw.display.save_png(str(path))
    image = pygame.image.load(str(path))
    assert image.get_size() == (160, 128)
    assert tuple(image.get_at((45, 15)))[:3] == (255, 0, 0)
    assert hw.display.last_dirty_pixels == counted          # rendering is not a refresh


def test_rendering_on_every_refresh_when_asked():
    hw = stub.Hardware(render=True)
    root = displayio.Group()
    root.append(square(0x00FF00, 8, 0, 0))
    hw.display.root_group = root
    hw.display.refresh()
    assert tuple(pygame.display.get_surface().get_at((3, 3)))[:3] == (0, 255, 0)


def test_sound_log_respects_mute(hw):
    hw.sound.beep(440, 50)
    hw.sound.play(((523, 90), (659, 90)))
    hw.sound.muted = True
    hw.sound.beep(880, 50)
    assert hw.sound.log == [(440, 50), (523, 90), (659, 90)]


def test_lights_log(hw):
    hw.lights.fill(0x101010)
    hw.lights.set(0, 0xFF0000)
    hw.lights.show()
    assert hw.lights.pixels == [0xFF0000] + [0x101010] * 4 and hw.lights.shown == 1


def test_storage_can_be_shared_or_kept_in_a_file(tmp_path):
    first = stub.Hardware()
    SlotStore(first.storage).save(b"kept")
    assert SlotStore(stub.Hardware(storage=first.storage).storage).load() == (b"kept", None)
    path = str(tmp_path / "nvm.bin")
    SlotStore(stub.Hardware(storage_path=path).storage).save(b"filed")
    assert SlotStore(stub.Hardware(storage_path=path).storage).load() == (b"filed", None)
