"""The game chooser and the game programs: what the chooser offers, where power-on starts,
what survives a switch (each switch a restart, ui/programs.py standing in for the firmware)."""
import os
import random
import sys

import pytest

from hw import keys, stub
from hw.base import Restart
from tests.test_ui_app import DEAL_2_WIN
from ui import launcher as launcher_module
from ui.launcher import GAMES, Launcher
from ui.patience.menu import MENU
from ui.persist import TAG_CHOICE, TAG_GAME
from ui.programs import Programs


def press(hw, la, *ks):
    for k in ks:
        hw.keys.press(k)
        la.step()


def lines(la):
    return [t for t in la.text._texts if t.strip()]


def test_a_new_board_shows_every_game_and_starts_the_chosen_one():
    hw = stub.Hardware()
    la = Programs(hw, seed=3, fresh=False)
    assert la.app is None and hw.display.root_group is la.root
    shown = lines(la)
    for title, _, _, _ in GAMES:
        assert any(t.startswith(title) for t in shown), (title, shown)
    press(hw, la, keys.UP, keys.DOWN)
    assert la.item == 0
    press(hw, la, keys.A)
    assert type(la.app.table).__name__ == "BlackHoleTable" and la.game == 0
    assert hw.display.root_group is la.app.root
    assert la.started == 2          # the chooser's program, then the game's


def test_choosing_and_leaving_a_game_each_end_the_program_with_where_to_go_saved():
    hw = stub.Hardware()
    la = Launcher(hw, seed=3)
    press(hw, la, keys.DOWN, keys.DOWN)
    hw.keys.press(keys.A)
    with pytest.raises(Restart):
        la.step()
    assert la.app is None and la.game == -1       # nothing of the game in this program
    game = Launcher(stub.Hardware(storage=hw.storage))
    assert game.game == 2 and type(game.app).__name__ == "AmigoApp"
    game.app.leave = True           # its menu's "Other games" (test_ui_amigo.py)
    with pytest.raises(Restart):
        game.step()
    assert game.persist.get(TAG_CHOICE) == bytes((2, 0))
    chooser = Launcher(stub.Hardware(storage=hw.storage))
    assert chooser.app is None and chooser.item == 2 and chooser.text is not None


def _to_other_games(hw, la):
    press(hw, la, keys.START, *([keys.DOWN] * MENU.index("Other games")), keys.A)


def test_other_games_goes_back_and_the_game_comes_back_where_it_was():
    hw = stub.Hardware()
    la = Programs(hw, seed=3, fresh=False)
    press(hw, la, keys.A)
    la.app.deal(2)
    for f in DEAL_2_WIN[:5]:
        la.app.game.play(f)
    _to_other_games(hw, la)
    assert la.app is None and la.item == 0 and la.started == 3
    # Power-on while the chooser is up: the chooser, the game last played marked.
    again = Programs(stub.Hardware(storage=hw.storage), seed=4, fresh=False)
    assert again.app is None and again.item == 0
    press(again.hw, again, keys.A)
    assert again.app.game.deal_number == 2 and again.app.game.moves_made == 5


def test_power_on_in_a_game_resumes_it_and_an_old_one_byte_choice_still_does():
    hw = stub.Hardware()
    la = Programs(hw, seed=3, fresh=False)
    la.open(3)
    la.app.save_now()
    again = Launcher(stub.Hardware(storage=hw.storage))
    assert again.game == 3 and type(again.app.table).__name__ == "CalcTable"
    again.persist.put(TAG_CHOICE, bytes((4,)))       # saved before games were programs
    again.persist.commit(again.settings)
    old = Launcher(stub.Hardware(storage=hw.storage))
    assert old.game == 4 and type(old.app.table).__name__ == "BigBenTable"


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
    la = Programs(hw, fresh=False)
    press(hw, la, keys.UP, keys.UP, keys.A)         # up past "Settings" to the last game
    assert la.app is None and la.game == -1
    assert any("Nothing:" in t for t in lines(la))
    assert all(len(t) <= 25 for t in lines(la)[1:])


def test_records_of_other_games_ride_along_a_save():
    hw = stub.Hardware()
    la = Programs(hw, fresh=False)
    press(hw, la, keys.A)
    la.persist.put(250, b"another game's bytes")
    la.app.deal(7)
    la.app.save_now()
    again = Launcher(stub.Hardware(storage=hw.storage))
    assert again.persist.get(250) == b"another game's bytes"
    assert again.persist.get(TAG_GAME) is not None and again.app.game.deal_number == 7


def test_every_program_starts_with_only_its_own_modules():
    # A fresh interpreter, as a board has after a reload: the chooser's program loads no
    # game, a game's program no other game, and back at the chooser nothing of the game.
    import subprocess
    import textwrap
    script = textwrap.dedent("""
        import sys
        sys.path.append(%r)
        from hw import keys, stub
        from ui.launcher import GAMES
        from ui.programs import Programs
        hw = stub.Hardware()
        la = Programs(hw, seed=3)
        chooser = set(sys.modules)
        games = [m for _, _, m, _ in GAMES]
        assert not [m for m in games if m in chooser], sorted(chooser)
        for i in range(len(GAMES)):
            la.open(i)
            for k in (keys.A, keys.SELECT, keys.RIGHT, keys.A, keys.DOWN, keys.A) * 3:
                hw.keys.press(k)
                hw.clock.advance(1000)
                la.step()
            assert la.game == i, (i, la.game)
            grown = sorted(set(sys.modules) - chooser)
            assert any(n.startswith("engine.") for n in grown), grown
            others = [m for m in games if m != games[i] and m in sys.modules]
            assert not others, (GAMES[i][0], others)
            la.close()
            left = sorted(set(sys.modules) - chooser)
            assert not left, (GAMES[i][0], left)
            print("game", i, "loaded", len(grown), "modules, none left")
    """) % os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    r = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env,
                       timeout=120)
    assert r.returncode == 0, r.stderr[-1500:]
    assert r.stdout.count("none left") == len(GAMES), r.stdout


@pytest.mark.parametrize("seed", [15, 21, 22])
def test_monkey_random_keys_through_every_game_with_power_cuts(seed):
    # Random keys and clock jumps across the chooser and the games, now and then a power
    # cut (a new launcher on the same storage). A run like this found the setup screens
    # indexing a seat past the last on the "Start" row.
    rnd = random.Random(seed)
    ks = [keys.LEFT, keys.RIGHT, keys.UP, keys.DOWN, keys.A, keys.B, keys.START, keys.SELECT]
    hw = stub.Hardware()
    la = Programs(hw, seed=seed, fresh=False)
    seen = set()
    for _ in range(8000):
        if rnd.random() < 0.7:
            hw.keys.press(rnd.choice(ks))
        hw.clock.advance(rnd.choice((0, 10, 700, 3000)))
        la.step()
        seen.add(la.game)
        if rnd.random() < 0.0005:
            la = Programs(stub.Hardware(storage=hw.storage), seed=rnd.randrange(1 << 20),
                          fresh=False)
            hw = la.hw
    assert len(seen & set(range(len(GAMES)))) >= 2, seen   # leaving a game asks first now


def test_the_device_settings_are_reached_from_the_chooser_and_kept():
    hw = stub.Hardware()
    la = Programs(hw, fresh=False)
    press(hw, la, keys.UP, keys.A)                   # the last row: Settings
    assert lines(la)[0] == "Settings" and la.app is None
    press(hw, la, keys.DOWN, keys.LEFT)              # brightness 4 -> 3
    assert la.settings.brightness == 3 and hw.display.brightness == 0.6
    press(hw, la, keys.B)
    assert lines(la)[0].startswith("Pocket Patience") and la.screen is None
    again = Launcher(stub.Hardware(storage=hw.storage))
    assert again.settings.brightness == 3


def test_a_game_that_runs_out_of_memory_starting_leaves_the_chooser_for_good(monkeypatch):
    # On a board the game's own program starts at every power-on while the choice says so:
    # one that cannot start must not come back at each, or the board would never reach the
    # chooser again.
    import types

    class Greedy:
        def __init__(self, *args):
            raise MemoryError("memory allocation failed, allocating 4096 bytes")

    monkeypatch.setitem(sys.modules, "ui.greedy_game", types.SimpleNamespace(Greedy=Greedy))
    monkeypatch.setattr(launcher_module, "GAMES",
                        GAMES + (("Greedy", "1", "ui.greedy_game", "Greedy"),))
    hw = stub.Hardware()
    la = Programs(hw, fresh=False)
    press(hw, la, keys.UP, keys.UP, keys.A)         # up past "Settings" to the last game
    assert la.started == 2 and la.app is None and la.game == -1
    assert any(t.startswith("Greedy: memory allocation") for t in lines(la)), lines(la)
    assert la.persist.get(TAG_CHOICE) == bytes((len(GAMES), 0))
    again = Launcher(stub.Hardware(storage=hw.storage))
    assert again.app is None and again.item == len(GAMES) and again.text is not None


def test_a_game_stopped_by_an_error_mid_play_is_not_where_power_on_starts():
    hw = stub.Hardware()
    la = Programs(hw, fresh=False)
    press(hw, la, keys.DOWN, keys.DOWN, keys.DOWN, keys.A)      # Calculation
    assert la.game == 3 and la.persist.get(TAG_CHOICE) == bytes((3, 1))

    def broken():
        raise ValueError("a bug")

    la.app.step = broken
    with pytest.raises(ValueError):
        la.step()
    again = Launcher(stub.Hardware(storage=hw.storage))
    assert again.app is None and again.item == 3 and again.text is not None


def test_the_chooser_tells_one_person_that_every_game_is_theirs():
    # A person alone read "2-3" and "2-6" players as "not for me": CPU seats fill the rest.
    hw = stub.Hardware()
    la = Launcher(hw)
    shown = lines(la)
    for title, players, _, _ in GAMES:
        row = next(t for t in shown if t.startswith(title))
        assert row.split()[-1] == players and players.startswith("1"), row
    assert launcher_module.SEATS in shown
    assert all(len(t) <= 25 for t in shown[1:])
