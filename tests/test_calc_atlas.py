"""The Calculation atlas (hw/calculation_atlas.bin, built by tools/atlas/calculation.py): its
counts agree with its bits, and marked deals are won again, by the full-information search,
whose line replays to a win through engine/calculation.py, or by the hint's play."""
import os

from engine.calculation import Calculation
from hw.atlas import BLOCK_BYTES, BLOCKS, LAST_DEAL, TABLE_BYTES
from tools.atlas.calculation import ATLAS, hint_play
from tools.atlas.calculation_search import solve_deal
from tools.atlas.common import unpack


def atlas_bytes():
    with open(ATLAS, "rb") as f:
        return f.read()


def test_the_atlas_counts_agree_with_its_bits():
    data = atlas_bytes()
    assert len(data) == TABLE_BYTES + 2 * (BLOCKS + 1)
    assert data[0] & 1 == 0                 # deal 0 does not exist
    total = 0
    for b in range(BLOCKS + 1):
        assert data[TABLE_BYTES + 2 * b] | data[TABLE_BYTES + 2 * b + 1] << 8 == total, b
        if b < BLOCKS:
            end = min((b + 1) * BLOCK_BYTES, TABLE_BYTES)
            total += sum(bin(x).count("1") for x in data[b * BLOCK_BYTES:end])
    marked = unpack(data)
    assert sum(marked.values()) == total
    assert 0 < total < LAST_DEAL            # the search neither wins everything nor nothing


def test_marked_deals_are_won_again_by_a_line_that_replays():
    marked = [n for n, won in sorted(unpack(atlas_bytes()).items()) if won]
    sample = marked[::len(marked) // 20][:20]
    assert len(sample) == 20 and sample[-1] > LAST_DEAL * 9 // 10
    for n in sample:
        won, _, line = solve_deal(n)
        if not won:
            assert hint_play(n)[1], n
            continue
        g = Calculation()
        g.new_deal(n)
        for src, dst in line:
            g.play(src, dst)
        assert g.is_won(), n


def test_a_deal_neither_the_search_nor_the_hint_wins_is_left_unmarked():
    data = atlas_bytes()
    marked = unpack(data)
    unmarked = [n for n in range(1, 400) if not marked[n]]
    assert unmarked
    for n in unmarked[:5]:
        assert not solve_deal(n)[0] and not hint_play(n)[1], n


def test_the_file_is_where_the_board_looks_for_atlases():
    assert os.path.dirname(ATLAS).endswith("hw")
    assert os.path.basename(ATLAS) == "calculation_atlas.bin"
