"""A damaged store at power-on, on the path a board takes: the saves file damaged, power-on at
the chooser, a game opened (a restart into its own program). The player is told on the first
screen after power-on, and again on the game's first screen, once."""
import os
import random

import displayio
import pytest

from hw import font, keys, stub
from hw.storage import DAMAGED
from ui.launcher import GAMES
from ui.programs import Programs


def screen_text(root):
    """Every text row drawn on the screen, read back from its glyph tiles, as a player sees
    it (hidden groups left out)."""
    sheet = font.sheet()
    back = {t: chr(font.FIRST + i) for i, t in enumerate(sheet[3])}
    out = []

    def walk(g):
        if getattr(g, "hidden", False):
            return
        if isinstance(g, displayio.Group):
            for child in g:
                walk(child)
        elif isinstance(g, displayio.TileGrid) and g.bitmap is sheet[0]:
            for y in range(g.height):
                out.append("".join(back.get(g[x, y], "?") for x in range(g.width)).rstrip())

    walk(root)
    return "\n".join(t for t in out if t)


def press(la, *ks):
    for k in ks:
        la.hw.keys.press(k)
        la.hw.clock.advance(100)
        la.step()


def power_on(path):
    return Programs(stub.Hardware(storage_path=path), seed=11)


def played_and_quit_twice(path):
    """Black Hole deal 100 a few moves, quit; start again, quit: both slots hold saves."""
    la = power_on(path)
    press(la, keys.A)                                   # Black Hole
    la.app.deal(100)
    for k in (keys.A, keys.RIGHT, keys.A, keys.RIGHT, keys.RIGHT, keys.A):
        press(la, k)
    la.app.save_now()
    la = power_on(path)
    assert la.game == 0 and la.app.game.deal_number == 100
    la.app.save_now()


def flip_a_byte_in_each_slot(path):
    data = bytearray(open(path, "rb").read())
    half = len(data) // 2
    for base in (0, half):
        data[base + 12] ^= 0x5A                         # inside the payload, under the CRC
    open(path, "wb").write(data)


def random_bytes(path):
    open(path, "wb").write(random.Random(8).randbytes(8192))


@pytest.mark.parametrize("damage", [flip_a_byte_in_each_slot, random_bytes])
@pytest.mark.parametrize("game", range(len(GAMES)))
def test_a_damaged_store_is_told_at_the_chooser_and_in_the_game_opened(tmp_path, damage, game):
    path = str(tmp_path / "nvm.bin")
    played_and_quit_twice(path)
    damage(path)
    la = power_on(path)
    assert la.app is None                               # nothing to resume: the chooser
    assert DAMAGED in screen_text(la.root), screen_text(la.root)
    press(la, *([keys.DOWN] * game), keys.A)            # a restart into the game's program
    assert la.game == game and la.started == 2
    la.step()
    assert DAMAGED in screen_text(la.hw.display.root_group), (GAMES[game][0],
                                                             screen_text(la.app.root))
    # Told once: after the game's save, power-on says nothing more.
    la.app.save_now()
    again = power_on(path)
    assert again.game == game
    again.step()
    assert DAMAGED not in screen_text(again.hw.display.root_group)


def test_without_damage_nothing_is_said(tmp_path):
    path = str(tmp_path / "nvm.bin")
    played_and_quit_twice(path)
    la = power_on(path)
    la.close()
    again = power_on(path)
    assert again.app is None and DAMAGED not in screen_text(again.root)
    press(again, keys.A)
    assert again.app.game.deal_number == 100 and DAMAGED not in screen_text(again.app.root)


def test_one_damaged_slot_falls_back_to_the_other_without_a_word(tmp_path):
    path = str(tmp_path / "nvm.bin")
    played_and_quit_twice(path)
    data = bytearray(open(path, "rb").read())
    data[12] ^= 0x5A
    open(path, "wb").write(data)
    la = power_on(path)
    assert la.game == 0 and la.app.game.deal_number == 100
    assert DAMAGED not in screen_text(la.app.root)
    assert os.path.getsize(path) == 8192
