"""The desktop backend under SDL's dummy driver: the issue's key map, scaling, file saves."""
import pygame
import pytest

from hw import keys


@pytest.fixture
def desk(tmp_path):
    from hw import desktop
    return desktop.Hardware(scale=3, storage_path=str(tmp_path / "nvm.bin"))


@pytest.mark.parametrize("pg,want", [
    ("K_LEFT", keys.LEFT), ("K_RIGHT", keys.RIGHT), ("K_UP", keys.UP), ("K_DOWN", keys.DOWN),
    ("K_z", keys.A), ("K_a", keys.A), ("K_x", keys.B), ("K_b", keys.B),
    ("K_RETURN", keys.START), ("K_SPACE", keys.SELECT), ("K_BACKSPACE", keys.SELECT),
])
def test_keyboard_map(desk, pg, want):
    pygame.event.clear()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=getattr(pygame, pg)))
    assert desk.keys.poll() == want
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=getattr(pygame, pg)))
    assert desk.keys.poll() == keys.NONE


def test_window_is_scaled_and_saves_persist(desk, tmp_path):
    from hw import desktop
    from tests.test_ui_app import power_on
    app = power_on(desk, seed=4)
    app.step()
    assert pygame.display.get_surface().get_size() == (480, 384)
    app.save_now()
    again = power_on(desktop.Hardware(scale=1, storage_path=str(tmp_path / "nvm.bin")), seed=8)
    assert again.game.save() == app.game.save()
