"""The desktop backend under SDL's dummy drivers: no key is lost, the window repaints, the
lights strip, brightness, sound and the save file's place."""
import os

import displayio
import pygame
import pytest

from hw import keys


@pytest.fixture
def desk(tmp_path):
    from hw import desktop
    hw = desktop.Hardware(scale=2, storage_path=str(tmp_path / "nvm.bin"), lights=5)
    pygame.event.clear()
    return hw


def post(kind, key):
    pygame.event.post(pygame.event.Event(kind, key=key))


def test_keys_typed_between_polls_all_arrive(desk):
    for _ in range(50):
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(1, 1), rel=(1, 1),
                                             buttons=(0, 0, 0)))
    post(pygame.KEYDOWN, pygame.K_z)
    post(pygame.KEYUP, pygame.K_z)
    post(pygame.KEYDOWN, pygame.K_q)              # not a board key: skipped
    post(pygame.KEYDOWN, pygame.K_RETURN)
    post(pygame.KEYDOWN, pygame.K_LEFT)
    got = [desk.keys.poll() for _ in range(4)]
    assert got == [keys.A, keys.START, keys.LEFT, keys.NONE]


def test_a_held_arrow_repeats_until_its_key_comes_up(desk, monkeypatch):
    now = [0]
    monkeypatch.setattr(desk.clock, "ms", lambda: now[0])
    post(pygame.KEYDOWN, pygame.K_DOWN)
    assert desk.keys.poll() == keys.DOWN
    now[0] = 400
    assert desk.keys.poll() == keys.DOWN
    post(pygame.KEYUP, pygame.K_DOWN)
    now[0] = 1000
    assert desk.keys.poll() == keys.NONE


def test_x_kept_down_is_b_then_hold_b_once_a_table_asks_for_it(desk, monkeypatch):
    now = [0]
    monkeypatch.setattr(desk.clock, "ms", lambda: now[0])
    desk.keys.repeat.hold_b = True
    post(pygame.KEYDOWN, pygame.K_x)
    assert desk.keys.poll() == keys.B
    now[0] = 599
    assert desk.keys.poll() == keys.NONE
    now[0] = 600
    assert desk.keys.poll() == keys.HOLD_B
    now[0] = 2000
    assert desk.keys.poll() == keys.NONE
    post(pygame.KEYUP, pygame.K_x)
    post(pygame.KEYDOWN, pygame.K_x)              # a tap: B alone
    post(pygame.KEYUP, pygame.K_x)
    assert desk.keys.poll() == keys.B
    now[0] = 5000
    assert desk.keys.poll() == keys.NONE


def test_closing_the_window_ends_the_program(desk):
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    with pytest.raises(SystemExit):
        desk.keys.poll()


def frame_with(desk, colour):
    root = displayio.Group()
    bitmap = displayio.Bitmap(160, 128, 1)
    palette = displayio.Palette(1)
    palette[0] = colour
    root.append(displayio.TileGrid(bitmap, pixel_shader=palette))
    desk.display.root_group = root
    desk.display.refresh()
    return pygame.display.get_surface()


def test_window_is_scaled_with_a_lights_strip_below(desk):
    window = frame_with(desk, 0xFFFFFF)
    assert window.get_size() == (320, (128 + 8) * 2)
    assert tuple(window.get_at((319, 255)))[:3] == (255, 255, 255)
    desk.lights.fill(0x00FF00)
    centre = (160 // 10 * 2, (128 * 2 + 8) * 2 // 2)
    before = tuple(window.get_at(centre))[:3]
    desk.lights.show()
    assert before != (0, 255, 0) and tuple(window.get_at(centre))[:3] == (0, 255, 0)


def test_brightness_dims_the_window(desk):
    window = frame_with(desk, 0xFFFFFF)
    desk.set_brightness(0.5)
    desk.display.refresh()
    r = window.get_at((10, 10)).r
    assert 100 < r < 160


def test_a_dark_screen_is_black_with_its_lights_off_and_the_title_says_why(desk):
    window = frame_with(desk, 0xFFFFFF)
    desk.lights.fill(0x00FF00)
    desk.lights.show()
    centre = (160 // 10 * 2, (128 * 2 + 8) * 2 // 2)
    desk.dim_ms, desk.dark_ms = 1000, 2000
    desk.key_at = desk.clock.ms() - 2500        # no key for 2.5 s
    assert desk.poll() == keys.NONE
    assert tuple(window.get_at((10, 10)))[:3] == (0, 0, 0)
    assert tuple(window.get_at(centre))[:3] != (0, 255, 0)
    assert "any key wakes it" in pygame.display.get_caption()[0]
    post(pygame.KEYDOWN, pygame.K_z)
    assert desk.poll() == keys.NONE             # the key only woke it
    assert tuple(window.get_at((10, 10)))[:3] == (255, 255, 255)
    assert tuple(window.get_at(centre))[:3] == (0, 255, 0)
    assert pygame.display.get_caption()[0] == "Pocket Patience"


def test_without_lights_the_window_is_just_the_screen(tmp_path):
    from hw import desktop
    hw = desktop.Hardware(scale=1, storage_path=str(tmp_path / "n.bin"))
    assert hw.lights.count == 0
    hw.lights.fill(0xFF0000)                      # the null lights accept every call
    hw.lights.show()
    assert pygame.display.get_surface().get_size() == (160, 128)


def test_sound_beeps_a_square_wave_and_respects_mute(desk, monkeypatch):
    played = []

    class Sound:
        def __init__(self, buffer):
            self.buffer = buffer

        def play(self):
            played.append(self.buffer)

    monkeypatch.setattr(pygame.mixer, "Sound", Sound)
    assert desk.sound._rate > 0                   # SDL's dummy audio driver counts as one
    desk.sound.beep(441, 100)
    desk.sound.muted = True
    desk.sound.beep(441, 100)
    assert len(played) == 1
    samples = len(played[0]) // 2 // desk.sound._channels
    assert abs(samples - desk.sound._rate // 10) < desk.sound._rate // 441


def test_saves_default_to_the_home_folder():
    from hw import desktop
    assert desktop.DEFAULT_SAVE == os.path.join(os.path.expanduser("~"), ".pocket-patience",
                                                "nvm.bin")


def test_an_uncovered_window_is_repainted_by_the_next_poll(desk):
    window = frame_with(desk, 0xFFFFFF)
    window.fill((0, 0, 0))
    pygame.event.post(pygame.event.Event(pygame.WINDOWEXPOSED))
    assert desk.keys.poll() == keys.NONE
    assert tuple(window.get_at((100, 100)))[:3] == (255, 255, 255)
