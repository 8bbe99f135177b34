"""A power cut in a save, as a PyBadge takes it, through the programs: CircuitPython erases the
whole 8 KB block holding both slots, then programs its 512-byte pages in order
(tests/test_storage.py's BlockFlash). For a cut after every page, what the player finds at the
next power-on (the game as it was at which save, or the chooser) and what the first screen
says."""
import pytest

from hw import keys, stub
from hw.storage import DAMAGED, OLDER
from tests.test_damaged_save import press, screen_text
from tests.test_storage import BLOCK, PAGE, BlockFlash, PowerCut
from ui.launcher import SEATS
from ui.programs import Programs

UPPER = BLOCK // 2 // PAGE          # the first page of slot 1


def move(la):
    """One move in Black Hole: right to a fan that plays, then A."""
    g = la.app.game
    made = g.moves_made
    for _ in range(17):
        if not g.check(la.app.table.cursor):     # 0: the fan plays
            break
        press(la, keys.RIGHT)
    press(la, keys.A)
    assert g.moves_made == made + 1


def power_on(flash):
    la = Programs(stub.Hardware(storage=flash), seed=5, fresh=False)
    la.step()
    return la, screen_text(la.hw.display.root_group)


def cut_save(pages, torn, previous_in_slot):
    """Black Hole deal 100: a save after three moves, then two more moves and a save cut
    after `pages` pages programmed (with `torn`, while the next one is); the previous save
    sits in slot `previous_in_slot`. Returns the flash and both saves' move counts."""
    flash = BlockFlash()
    la = Programs(stub.Hardware(storage=flash), seed=5, fresh=False)
    la.open(0)
    la.app.deal(100)
    for _ in range(3):
        move(la)
    la.app.save_now()
    slots = la.app.persist._slots
    if slots._slot != previous_in_slot:
        move(la)                # a save that changes nothing is not written
        la.app.save_now()
    assert slots._slot == previous_in_slot
    head = flash.read(previous_in_slot * BLOCK // 2 + 4, 2)
    assert 8 + (head[0] << 8 | head[1]) <= PAGE     # Black Hole alone: a save fits one page
    before = la.app.game.moves_made
    for _ in range(2):
        move(la)
    flash.pages, flash.torn = pages, torn
    with pytest.raises(PowerCut):
        la.app.save_now()
    flash.pages, flash.torn = None, False
    return flash, before, la.app.game.moves_made


CASES = [(p, False) for p in range(BLOCK // PAGE + 1)] + [(0, True), (UPPER, True)]


@pytest.mark.parametrize("previous_in_slot", [0, 1])
@pytest.mark.parametrize("pages,torn", CASES)
def test_what_a_cut_in_a_save_leaves_the_player(pages, torn, previous_in_slot):
    flash, before, after = cut_save(pages, torn, previous_in_slot)
    la, text = power_on(flash)
    new_in_slot = 1 - previous_in_slot
    lower_moves = before if previous_in_slot == 0 else after
    if pages == 0 and not torn:
        # Erased, nothing programmed: the block reads as a new board's. The chooser, no word.
        assert la.app is None and DAMAGED not in text and OLDER not in text
        assert SEATS in text
    elif pages == 0:
        # Slot 0's page half programmed: no save, and the player is told so.
        assert la.app is None and DAMAGED in text, text
    elif pages < UPPER or pages == UPPER and not torn:
        # Slot 0 back, slot 1 still erased: the game as slot 0 had it, quietly.
        assert la.game == 0 and la.app.game.moves_made == lower_moves
        assert DAMAGED not in text and OLDER not in text, text
    elif torn:
        # Slot 1 half programmed: slot 0's save. Told an older one loaded when slot 1 was
        # getting the new save (the header half programmed may say so either way).
        assert la.game == 0 and la.app.game.moves_made == lower_moves
        assert OLDER in text or new_in_slot == 0, text
    else:
        # Both slots back: the new save.
        assert la.game == 0 and la.app.game.moves_made == after
        assert DAMAGED not in text and OLDER not in text, text
