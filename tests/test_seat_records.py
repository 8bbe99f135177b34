"""Each person's record against the CPU seats (ui/seated/records.py): counted once at a game's
end in Yo-yo, kept by name across power-off, shown on the score table, and its record read
back or refused whole."""
import random

from engine.yoyo import GREEDY, HUMAN, LOOKAHEAD
from hw import keys
from tests.test_ui_yoyo import boot, new_game, play_to_end, seat_name
from tests.ui_keys import press
from tools.text.yoyo_parlett import screen_text
from ui.seated import records as seat_records

TAG = 13        # Yo-yo's record (ui/persist.py)


def test_a_game_against_the_cpu_counts_once_for_each_person_and_survives_power_off():
    hw, app = new_game((HUMAN, GREEDY, HUMAN), seed=4)
    play_to_end(hw, app, random.Random(4))
    w = app.game.winner()
    found = seat_records.entries(app.persist.get(TAG))
    names = {e[0]: e[1:] for e in found}
    assert set(names) == {seat_name(app, 0), seat_name(app, 2)}
    for s in (0, 2):
        assert names[seat_name(app, s)] == [1, int(s == w)]
    shown = screen_text(app)
    for s in (0, 2):
        assert "%-6s vs CPU %d/1" % (seat_name(app, s), int(s == w)) in shown
    # a finished game resumed after power-off is not counted again
    app.save_now()
    hw2, again = boot(storage=hw.storage)
    press(hw2, again, keys.A)
    assert seat_records.entries(again.persist.get(TAG)) == found
    # the next game adds to the same names
    press(hw2, again, keys.A)
    play_to_end(hw2, again, random.Random(5))
    names = {e[0]: e[1] for e in seat_records.entries(again.persist.get(TAG))}
    assert names == {seat_name(again, 0): 2, seat_name(again, 2): 2}


def test_people_only_or_cpu_only_keep_no_record():
    for kinds in ((HUMAN, HUMAN), (GREEDY, LOOKAHEAD)):
        hw, app = new_game(kinds, seed=3)
        play_to_end(hw, app, random.Random(3))
        assert app.persist.get(TAG) is None
        assert "vs CPU" not in screen_text(app)


def test_the_record_packs_eight_names_and_refuses_a_damaged_one():
    found = [["P%d" % i, 10 + i, i] for i in range(8)]
    data = seat_records.pack(found)
    assert len(data) == 81 and seat_records.entries(data) == found
    assert seat_records.entries(b"") == [] and seat_records.entries(None) == []
    assert seat_records.entries(data[:-1]) == []                    # cut short
    assert seat_records.entries(bytes((2,)) + data[1:]) == []       # an unknown version
    bad = bytearray(data)
    bad[10] = 99                                                    # won above played
    assert seat_records.entries(bytes(bad)) == []
    # a ninth name replaces the one with the fewest games
    seat_records._entry(found, "NEW")
    assert len(found) == 8 and "P0" not in [e[0] for e in found] and found[-1] == ["NEW", 0, 0]


def test_a_yoyo_match_against_the_cpu_counts_when_the_next_match_starts():
    from engine.amigo_cpu import GREEDY as A_GREEDY
    from engine.amigo_cpu import HUMAN as A_HUMAN
    from tests.test_ui_amigo import new_match, play_match
    from tests.test_ui_amigo import seat_name as amigo_name
    hw, app = new_match((A_HUMAN, A_GREEDY, A_HUMAN), seed=2)
    play_match(hw, app, random.Random(2), hurry=True)
    g = app.game
    best = max(g.scores[:3])
    won = [s for s in range(3) if g.scores[s] == best]
    assert app.persist.get(14) is None            # the final table is up, not yet counted
    press(hw, app, keys.A)                        # a new match: the last one is counted
    names = {e[0]: e[1:] for e in seat_records.entries(app.persist.get(14))}
    for s in (0, 2):
        assert names[amigo_name(app, s)] == [1, int(won == [s])]
    assert amigo_name(app, 1) not in names
    # the score table shows them from then on (three seats leave three lines free)
    app.scores(None)
    shown = screen_text(app)
    for s in (0, 2):
        assert "%-6s vs CPU %d/1" % (amigo_name(app, s), int(won == [s])) in shown
