"""The game chooser: what it offers, what it resumes at power-on, what survives a switch."""
import os
import random
import sys

import pytest

from hw import keys, stub
from tests.test_ui_app import DEAL_2_WIN
from ui.patience_menu import MENU
from ui import launcher as launcher_module
from ui.launcher import GAMES, Launcher
from ui.persist import TAG_CHOICE, TAG_GAME


def press(hw, la, *ks):
    for k in ks:
        hw.keys.press(k)
        la.step()


def lines(la):
    return [t for t in la.text._texts if t.strip()]


def test_a_new_board_shows_every_game_and_starts_the_chosen_one():
    hw = stub.Hardware()
    la = Launcher(hw, seed=3)
    assert la.app is None and hw.display.root_group is la.root
    shown = lines(la)
    for title, _, _, _ in GAMES:
        assert any(t.startswith(title) for t in shown), (title, shown)
    press(hw, la, keys.UP, keys.DOWN)
    assert la.item == 0
    press(hw, la, keys.A)
    assert type(la.app.table).__name__ == "BlackHoleTable" and la.game == 0
    assert hw.display.root_group is la.app.root


def _to_other_games(hw, la):
    press(hw, la, keys.START, *([keys.DOWN] * MENU.index("Other games")), keys.A)


def test_other_games_goes_back_and_the_last_game_resumes_at_power_on():
    hw = stub.Hardware()
    la = Launcher(hw, seed=3)
    press(hw, la, keys.A)
    la.app.deal(2)
    for f in DEAL_2_WIN[:5]:
        la.app.game.play(f)
    _to_other_games(hw, la)
    assert la.app is None and la.item == 0 and "ui.bh_table" not in sys.modules
    # Power-on while the chooser is up: the game last opened comes back where it was.
    again = Launcher(stub.Hardware(storage=hw.storage), seed=4)
    assert again.game == 0
    assert again.app.game.deal_number == 2 and again.app.game.moves_made == 5


def test_a_bad_choice_record_brings_up_the_chooser():
    hw = stub.Hardware()
    la = Launcher(hw)
    la.persist.put(TAG_CHOICE, bytes((len(GAMES),)))
    la.persist.commit(la.settings)
    again = Launcher(stub.Hardware(storage=hw.storage))
    assert again.app is None and again.text is not None


def test_a_game_that_cannot_load_is_refused_on_screen(monkeypatch):
    monkeypatch.setattr(launcher_module, "GAMES",
                        GAMES + (("Nothing", "missing", "ui.no_such_game", "Nope"),))
    hw = stub.Hardware()
    la = Launcher(hw)
    press(hw, la, keys.UP, keys.UP, keys.A)         # up past "Settings" to the last game
    assert la.app is None and la.game == -1
    assert any("Nothing:" in t for t in lines(la))
    assert all(len(t) <= 25 for t in lines(la)[1:])


def test_records_of_other_games_ride_along_a_save():
    hw = stub.Hardware()
    la = Launcher(hw)
    press(hw, la, keys.A)
    la.persist.put(250, b"another game's bytes")
    la.app.deal(7)
    la.app.save_now()
    again = Launcher(stub.Hardware(storage=hw.storage))
    assert again.persist.get(250) == b"another game's bytes"
    assert again.persist.get(TAG_GAME) is not None and again.app.game.deal_number == 7


def test_back_at_the_chooser_no_module_of_the_game_is_left_loaded():
    # A fresh interpreter, as a board has: only there are the games' modules not yet loaded.
    import subprocess
    import textwrap
    script = textwrap.dedent("""
        import sys
        sys.path.append(%r)
        from hw import keys, stub
        from ui.launcher import GAMES, Launcher
        import ui
        hw = stub.Hardware()
        la = Launcher(hw, seed=3)
        chooser = set(sys.modules)
        for i in range(len(GAMES)):
            la.open(i)
            for k in (keys.A, keys.SELECT, keys.RIGHT, keys.A, keys.DOWN, keys.A) * 3:
                hw.keys.press(k)
                hw.clock.advance(1000)
                la.app.step()
            grown = sorted(set(sys.modules) - chooser)
            assert any(n.startswith("engine.") for n in grown), grown
            la.close()
            left = sorted(set(sys.modules) - chooser)
            assert not left, (GAMES[i][0], left)
            assert not any(hasattr(ui, n[3:]) for n in grown if n.startswith("ui.")), grown
            print("game", i, "loaded", len(grown), "modules, all dropped")
    """) % os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    r = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env,
                       timeout=120)
    assert r.returncode == 0, r.stderr[-2000:]
    assert r.stdout.count("all dropped") == len(GAMES), r.stdout


@pytest.mark.parametrize("seed", [15, 21, 22])
def test_monkey_random_keys_through_every_game_with_power_cuts(seed):
    # Random keys and clock jumps across the chooser and the games, now and then a power
    # cut (a new launcher on the same storage). A run like this found the setup screens
    # indexing a seat past the last on the "Start" row.
    rnd = random.Random(seed)
    ks = [keys.LEFT, keys.RIGHT, keys.UP, keys.DOWN, keys.A, keys.B, keys.START, keys.SELECT]
    hw = stub.Hardware()
    la = Launcher(hw, seed=seed)
    seen = set()
    for _ in range(8000):
        if rnd.random() < 0.7:
            hw.keys.press(rnd.choice(ks))
        hw.clock.advance(rnd.choice((0, 10, 700, 3000)))
        la.step()
        seen.add(la.game)
        if rnd.random() < 0.0005:
            la = Launcher(stub.Hardware(storage=hw.storage), seed=rnd.randrange(1 << 20))
            hw = la.hw
    assert len(seen & set(range(len(GAMES)))) >= 2, seen   # leaving a game asks first now


def test_the_device_settings_are_reached_from_the_chooser_and_kept():
    hw = stub.Hardware()
    la = Launcher(hw)
    press(hw, la, keys.UP, keys.A)                   # the last row: Settings
    assert lines(la)[0] == "Settings" and la.app is None
    press(hw, la, keys.DOWN, keys.LEFT)              # brightness 4 -> 3
    assert la.settings.brightness == 3 and hw.display.brightness == 0.6
    press(hw, la, keys.B)
    assert lines(la)[0].startswith("Pocket Patience") and la.screen is None
    again = Launcher(stub.Hardware(storage=hw.storage))
    assert again.settings.brightness == 3
