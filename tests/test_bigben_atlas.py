"""The Big Ben atlas hw/bigben_atlas.bin (tools/atlas/bigben.py): Black Hole's layout exactly,
its counts agree with its bits, and marked deals are won again, by the full-information
searches (each line replayed to a win through engine/bigben.py) or by the hint's play."""
import os
import random

from hw.atlas import BLOCK_BYTES, BLOCKS, LAST_DEAL, TABLE_BYTES
from tests import cpy
from tools.atlas.bigben import ATLAS, CAP, hint_play
from tools.atlas.bigben_search import replays, solve
from tools.atlas.common import hint_pass


def data():
    with open(ATLAS, "rb") as f:
        return f.read()


def marked(d):
    return [n for n in range(1, LAST_DEAL + 1) if d[n >> 3] >> (n & 7) & 1]


def test_the_layout_is_black_holes():
    d = data()
    with open(os.path.join(cpy.ROOT, "hw", "blackhole_atlas.bin"), "rb") as f:
        assert len(d) == len(f.read()) == TABLE_BYTES + 2 * (BLOCKS + 1)
    assert not d[0] & 1                     # deal 0 is no deal
    total = 0
    for b in range(BLOCKS + 1):             # each count: the marks in the bytes before it
        at = TABLE_BYTES + 2 * b
        assert d[at] | d[at + 1] << 8 == total, b
        if b < BLOCKS:
            bits = d[b * BLOCK_BYTES:min((b + 1) * BLOCK_BYTES, TABLE_BYTES)]
            total += sum(bin(x).count("1") for x in bits)
    assert total == len(marked(d)) > 100


def test_marked_deals_are_won_again_and_replay():
    won = marked(data())
    by_hint = 0
    for n in random.Random(30).sample(won, 12):
        line, _ = solve(n, CAP)             # raises unless the line replays to a win
        if line is None:
            assert hint_play(n)[1], n
            by_hint += 1
            continue
        assert replays(n, line)
        assert not replays(n, line[:-1])
    assert by_hint < 12


def test_a_deal_neither_wins_is_not_marked():
    d = data()
    unmarked = [n for n in range(1, 200) if not d[n >> 3] >> (n & 7) & 1][:4]
    assert len(unmarked) == 4
    for n in unmarked:
        assert solve(n, CAP)[0] is None and not hint_play(n)[1], n


def test_the_hint_pass_plays_only_what_the_search_left_and_marks_its_wins(tmp_path):
    # Deals 33 and 38 the hint wins, 34 it loses; 35 the (pretend) search won already.
    progress = tmp_path / "progress.csv"
    progress.write_text("33,nowin,700,0.1,700\n34,nowin,700,0.1,700\n35,won,9,0.1,700\n"
                        "38,nowin,700,0.1,700\n")
    won = hint_pass(str(progress), hint_play, 1, "test")
    assert won == {33: True, 34: False, 35: True, 38: True}
    rows = progress.read_text().split()
    assert sorted(r.split(",")[0] for r in rows if r.endswith(",hint")) == ["33", "34", "38"]
    assert hint_pass(str(progress), hint_play, 1, "test") == won      # nothing played again
    assert len(progress.read_text().split()) == len(rows)


def test_the_builder_runs_on_the_shared_loop_and_resumes(tmp_path):
    # The three builders share tools/atlas/common.py's loop: Big Ben's rows carry its cap as a
    # fifth column, and a second run searches only what the first did not.
    from tools.atlas import bigben
    progress = str(tmp_path / "progress.csv")
    first = bigben.run(1, 2, 1, 40, progress, 0)
    assert sorted(first) == [1, 2]
    rows = open(progress).read().split()
    assert len(rows) == 2 and all(r.count(",") == 4 and r.endswith(",40") for r in rows)
    again = bigben.run(1, 3, 1, 40, progress, 0)
    assert sorted(again) == [1, 2, 3] and len(open(progress).read().split()) == 3
