"""A win's fanfare with a chase of the lights (ui/patience/celebrate.py): each note shows the next
step
of the chase, the module leaves the heap after it, and the lights follow the settings."""
import sys

import pytest

from hw import keys
from tests.test_ui_app import DEAL_2_WIN
from tests.test_ui_calc import WON_DEAL
from tests.ui_keys import boot, press
from ui.blackhole.table import BlackHoleApp
from ui.calculation.table import CalcApp
from ui.patience import celebrate


class Frames:
    """The lights as they stand at each note."""

    def __init__(self, hw):
        self.seen = []
        beep = hw.sound.beep

        def watching(hz, ms):
            self.seen.append((hz, tuple(hw.lights.pixels)))
            beep(hz, ms)
        hw.sound.beep = watching


def win(hw, app, app_class):
    if app_class is BlackHoleApp:
        app.deal(2)
        for f in DEAL_2_WIN:
            app.table.cursor = f
            press(hw, app, keys.A)
    else:
        app.deal(WON_DEAL)          # hint play wins it (tests/test_ui_calc.py)
        for _ in range(200):
            if app.game.is_won():
                break
            press(hw, app, keys.SELECT, keys.A)
            while app.busy():
                app.step()
    assert app.game.is_won()


@pytest.mark.parametrize("app_class", [BlackHoleApp, CalcApp])
def test_a_win_plays_the_fanfare_with_a_chase_of_the_lights(app_class):
    hw, app = boot(app_class)
    frames = Frames(hw)
    win(hw, app, app_class)
    notes = frames.seen[-len(celebrate.NOTES):]
    assert [hz for hz, _ in notes] == [hz for hz, _ in celebrate.NOTES]
    lights = [px for _, px in notes]
    # every note shows the chase one step on: the colours move round the strip
    for a, b in zip(lights, lights[1:]):
        assert a != b and b == a[1:] + a[:1]
    assert set(lights[0]) <= set(celebrate.RGB) and len(set(lights[0])) == 5
    assert "ui.patience.celebrate" not in sys.modules        # it left the heap again
    if app_class is BlackHoleApp:   # after the chase, the table's own lights: won, green
        assert hw.lights.pixels == [0x00FF40] * 5


def test_with_the_lights_off_the_fanfare_plays_alone():
    hw, app = boot(BlackHoleApp)
    app.settings.lights = False
    frames = Frames(hw)
    win(hw, app, BlackHoleApp)
    assert [hz for hz, _ in frames.seen[-len(celebrate.NOTES):]] == \
        [hz for hz, _ in celebrate.NOTES]
    assert all(px == (0,) * 5 for _, px in frames.seen)
