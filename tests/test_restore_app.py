"""A game's save cut short in the store (issue 34, item 5), on the path a board takes: power-on
into the game. Big Ben's restore raised IndexError on a save cut to 9-13 bytes, which the app
does not catch: a crash at every power-on. Now, in every game, the first screen says the saved
game was damaged, and a patience deals afresh (saved at once, so the next power-on is quiet)
while a game with seats opens its setup."""
import pytest

from hw import keys, stub
from tests.test_damaged_save import screen_text
from ui.app import DAMAGED
from ui.launcher import GAMES
from ui.programs import Programs

# the lengths Big Ben crashed on, and a few more: nothing, the name, half, all but one byte
CUTS = (0, 2, 9, 10, 11, 12, 13, "half", -1)


def in_play(i):
    """Game i opened on a fresh store and a few keys played; its save, as the store has it."""
    la = Programs(stub.Hardware(), seed=5, fresh=False)
    la.open(i)
    app = la.app
    if not hasattr(app, "stats"):           # seats: start the game set up by default
        app.new_game()
    for k in (keys.A, keys.RIGHT, keys.A, keys.DOWN, keys.A):
        la.hw.keys.press(k)
        la.step()
    app.save_now()
    data = la.persist.get(app.table.GAME_TAG)
    assert data is not None and bytes(data) == bytes(app.game.save())
    return la, bytes(data)


@pytest.mark.parametrize("cut", CUTS)
@pytest.mark.parametrize("i", range(len(GAMES)), ids=[g[0] for g in GAMES])
def test_a_save_cut_short_is_told_at_power_on_and_play_starts_afresh(i, cut):
    la, data = in_play(i)
    n = len(data) // 2 if cut == "half" else cut % len(data)
    tag = la.app.table.GAME_TAG
    la.persist.put(tag, data[:n])
    la.persist.commit(la.settings)
    again = Programs(stub.Hardware(storage=la.hw.storage), seed=99, fresh=False)
    assert again.game == i
    again.step()
    assert DAMAGED in screen_text(again.hw.display.root_group), (GAMES[i][0], n)
    app = again.app
    if hasattr(app, "stats"):               # a patience: a new deal, on the table and saved
        assert app.game.moves_made == 0
        assert bytes(again.persist.get(tag)) == bytes(app.game.save())
        quiet = Programs(stub.Hardware(storage=again.hw.storage), seed=7, fresh=False)
        quiet.step()
        assert DAMAGED not in screen_text(quiet.hw.display.root_group)
        assert bytes(quiet.app.game.save()) == bytes(app.game.save())
    else:                                   # seats: set up a game, nothing in play
        assert not app.playing
