"""A damaged store at power-on, on the path a board takes: the saves file damaged, power-on at
the chooser, a game opened (a restart into its own program). The player is told on the first
screen after power-on, and again on the game's first screen, once. The same when only the
newest save is damaged and an older one loads: the player is told that, too."""
import os
import random

import displayio
import pytest

from hw import font, keys, stub
from hw.storage import DAMAGED, OLDER, SlotStore
from hw.stores import FileStore
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


def told_at_the_chooser_and_in_the_game_once(path, game, words, keys_to_it):
    """Power-on shows the words at the chooser and again in the game's program it restarts
    into; after the game's save, power-on says nothing more."""
    la = power_on(path)
    assert la.app is None                               # the chooser first
    assert words in screen_text(la.root), screen_text(la.root)
    press(la, *keys_to_it, keys.A)                      # a restart into the game's program
    assert la.game == game and la.started == 2
    la.step()
    assert words in screen_text(la.hw.display.root_group), (GAMES[game][0],
                                                           screen_text(la.app.root))
    la.app.save_now()
    again = power_on(path)
    assert again.game == game
    again.step()
    text = screen_text(again.hw.display.root_group)
    assert OLDER not in text and DAMAGED not in text, text


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
    told_at_the_chooser_and_in_the_game_once(path, game, DAMAGED, [keys.DOWN] * game)


def test_without_damage_nothing_is_said(tmp_path):
    path = str(tmp_path / "nvm.bin")
    played_and_quit_twice(path)
    la = power_on(path)
    la.close()
    again = power_on(path)
    assert again.app is None and DAMAGED not in screen_text(again.root)
    press(again, keys.A)
    assert again.app.game.deal_number == 100 and DAMAGED not in screen_text(again.app.root)


def test_the_older_slot_damaged_costs_nothing_and_says_nothing(tmp_path):
    path = str(tmp_path / "nvm.bin")
    played_and_quit_twice(path)
    data = bytearray(open(path, "rb").read())
    half = len(data) // 2
    older = 0 if (data[2] << 8 | data[3]) < (data[half + 2] << 8 | data[half + 3]) else half
    data[older + 12] ^= 0x5A
    open(path, "wb").write(data)
    la = power_on(path)
    assert la.game == 0 and la.app.game.deal_number == 100
    la.step()
    text = screen_text(la.hw.display.root_group)
    assert DAMAGED not in text and OLDER not in text, text
    assert os.path.getsize(path) == 8192


def flip_three_bytes_in_the_newest(data):
    """Three bytes of the newest save's payload changed in a store's bytes, the older slot
    untouched; returns the older save's payload, the one the player gets back."""
    half = len(data) // 2
    seqs = [data[b + 2] << 8 | data[b + 3] for b in (0, half)]
    newest, older = (0, half) if seqs[0] > seqs[1] else (half, 0)
    n = data[newest + 4] << 8 | data[newest + 5]
    for i in (6, 6 + n // 2, 5 + n):
        data[newest + i] ^= 0x5A
    n = data[older + 4] << 8 | data[older + 5]
    return bytes(data[older + 6:older + 6 + n])


def flip_three_bytes_in_the_newest_slot(path):
    data = bytearray(open(path, "rb").read())
    older = flip_three_bytes_in_the_newest(data)
    open(path, "wb").write(data)
    return older


def play(la):
    """A few keys in whatever the game's first screen is, and a pause long enough to save."""
    for k in (keys.A, keys.RIGHT, keys.A, keys.DOWN, keys.A, keys.RIGHT, keys.A):
        press(la, k)
    la.hw.clock.advance(5000)
    la.step()


@pytest.mark.parametrize("game", range(len(GAMES)))
def test_the_newest_save_damaged_is_told_at_the_chooser_and_in_the_game_opened(tmp_path, game):
    path = str(tmp_path / "nvm.bin")
    la = power_on(path)
    press(la, *([keys.DOWN] * game), keys.A)        # the game's program
    assert la.game == game
    play(la)
    la.close()                                      # quit: its play saved, the chooser next
    assert la.app is None
    press(la, keys.A)                               # opened again: the chooser saves that
    assert la.game == game and la.started == 4
    older = flip_three_bytes_in_the_newest_slot(path)
    assert SlotStore(FileStore(path)).load() == (older, OLDER)
    told_at_the_chooser_and_in_the_game_once(path, game, OLDER, ())   # the older save is at it


@pytest.mark.parametrize("game", range(len(GAMES)))
def test_the_newest_save_damaged_in_a_game_is_told_on_its_first_screen(tmp_path, game):
    path = str(tmp_path / "nvm.bin")
    la = power_on(path)
    press(la, *([keys.DOWN] * game), keys.A)
    play(la)
    la.app.save_now()
    play(la)                                        # more play, saved, then damaged
    la.app.save_now()
    older = flip_three_bytes_in_the_newest_slot(path)
    assert SlotStore(FileStore(path)).load() == (older, OLDER)
    la = power_on(path)
    assert la.game == game                          # back in the game, as the older save was
    la.step()
    assert OLDER in screen_text(la.hw.display.root_group), (GAMES[game][0],
                                                            screen_text(la.app.root))
    la.app.save_now()
    again = power_on(path)
    again.step()
    assert OLDER not in screen_text(again.hw.display.root_group)
