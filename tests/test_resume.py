"""Where the player was comes back whole (issue 31): after a power cut or a web page reload the
one-player games come back on the same deal, with the cursor where it was and, in Big Ben, the
card in hand; a deal just dealt or typed in comes back before any move. Each test goes the way
a board does: a game's program on the storage, the power cut, a new program on that storage."""
import pytest

from engine.bigben import FOUND, RESERVE, WASTE
from hw import keys, stub
from tests.test_ui_calc import type_deal
from ui.app import QUIET_MS
from ui.launcher import GAMES
from ui.persist import PLACE
from ui.programs import Programs

PATIENCES = [i for i, g in enumerate(GAMES) if g[3] in ("BlackHoleApp", "CalcApp", "BigBenApp")]


def press(la, *ks):
    for k in ks:
        la.hw.keys.press(k)
        la.step()


def power_on(la):
    """The power cut: nothing of the last program survives but its storage."""
    return Programs(stub.Hardware(storage=la.hw.storage), seed=99, fresh=False)


def pause(la):
    """Play pauses long enough for the app to save (ui/app.py QUIET_MS)."""
    la.hw.clock.advance(QUIET_MS)
    la.step()


def opened(i, seed=3):
    la = Programs(stub.Hardware(), seed=seed, fresh=False)
    la.open(i)
    assert la.game == i
    return la


def place(app):
    """The cursor, read from the table (and Big Ben's card in hand)."""
    t = app.table
    return (t.cursor,) if hasattr(t, "cursor") else (t.place, getattr(t, "held", -1))


def test_three_patiences_are_checked():
    assert len(PATIENCES) == 3


@pytest.mark.parametrize("i", PATIENCES)
def test_a_deal_just_dealt_comes_back_after_a_power_cut_before_the_first_move(i):
    la = opened(i)
    dealt = bytes(la.app.game.save())
    assert la.app.game.moves_made == 0
    again = power_on(la)
    assert again.game == i and bytes(again.app.game.save()) == dealt


@pytest.mark.parametrize("i", PATIENCES)
def test_a_typed_deal_number_comes_back_after_a_power_cut_before_the_first_move(i):
    la = opened(i)
    type_deal(la.hw, la.app, 1234)
    assert la.app.game.deal_number == 1234 and la.app.stack[-1] is la.app.table
    again = power_on(la)
    assert again.app.game.deal_number == 1234 and again.app.game.moves_made == 0


# Keys that move the cursor from where a deal starts, and one A that makes a move, in each.
def _walk(la):
    name = GAMES[la.game][3]
    if name == "BlackHoleApp":
        g = la.app.game
        for _ in range(17):                     # right to a fan that plays, A, then right on
            if not g.check(la.app.table.cursor):
                break
            press(la, keys.RIGHT)
        press(la, keys.A, keys.RIGHT, keys.DOWN)
    elif name == "CalcApp":
        press(la, keys.SELECT, keys.A, keys.DOWN, keys.RIGHT)     # a hinted move, to waste 2
    else:
        press(la, keys.SELECT, keys.A, keys.UP, keys.LEFT)


@pytest.mark.parametrize("i", PATIENCES)
def test_the_cursor_comes_back_after_a_power_cut(i):
    la = opened(i)
    start = place(la.app)
    _walk(la)
    made = la.app.game.moves_made
    at = place(la.app)
    assert made >= 1 and at != start
    pause(la)
    again = power_on(la)
    assert again.app.game.moves_made == made and place(again.app) == at


@pytest.mark.parametrize("i", PATIENCES)
def test_a_cursor_moved_without_a_move_rides_along_with_the_next_save(i):
    # a cursor step alone is not worth an erase of the save block (flash wears): even after
    # a pause nothing is written, and the next save (here: leaving for the chooser) has it
    la = opened(i)
    start = place(la.app)
    stored = bytes(la.hw.storage.data)
    press(la, keys.LEFT, keys.DOWN)
    at = place(la.app)
    assert la.app.game.moves_made == 0 and at != start
    pause(la)
    assert bytes(la.hw.storage.data) == stored
    assert place(power_on(la).app) == start
    la.close()
    again = power_on(la)
    assert again.app is None
    again.open(i)
    assert place(again.app) == at


def _big_ben_held():
    """Big Ben with a card in hand (a pile top two places take), the cursor elsewhere."""
    la = opened(PATIENCES[2])
    app = la.app
    g = app.game
    t = app.table
    for _ in range(200):
        src = next((p for p in range(FOUND)
                    if sum(g.check(p, d) == 0 for d in range(WASTE)) >= 2), None)
        if src is not None:
            break
        press(la, keys.SELECT, keys.A)
    t.place = src
    press(la, keys.A)
    assert t.held == src
    press(la, keys.RIGHT)
    assert t.place != src
    return la, src


def test_a_card_held_in_big_ben_comes_back_in_hand():
    la, src = _big_ben_held()
    at = la.app.table.place
    pause(la)
    again = power_on(la)
    t = again.app.table
    assert t.held == src and t.place == at and not t._held.hidden
    assert bytes(again.app.game.save()) == bytes(la.app.game.save())


def test_an_old_save_without_the_cursor_still_loads_with_the_cursor_at_its_start():
    la, src = _big_ben_held()
    pause(la)
    tag = la.app.table.GAME_TAG
    records = la.persist.records
    del records._items[tag | PLACE]              # as saved before the cursor was kept
    la.persist.commit(la.settings)
    again = power_on(la)
    assert bytes(again.app.game.save()) == bytes(la.app.game.save())
    assert again.app.table.place == RESERVE and again.app.table.held == -1


@pytest.mark.parametrize("i", PATIENCES)
def test_a_cursor_record_that_does_not_fit_the_game_is_ignored(i):
    la = opened(i)
    _walk(la)
    pause(la)
    saved = bytes(la.app.game.save())
    start = Programs(stub.Hardware(), seed=3, fresh=False)
    start.open(i)
    fresh = place(start.app)        # where a restored game's cursor is when none comes back
    for bad in (b"\xff\xff", b"\x00", b"\x07\xe0"):
        la.persist.put(la.app.table.GAME_TAG | PLACE, bad)
        la.persist.commit(la.settings)
        again = power_on(la)
        assert bytes(again.app.game.save()) == saved
        assert place(again.app) == fresh, bad
