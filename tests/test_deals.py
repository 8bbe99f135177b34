"""Deals: PySolFC's Black Hole deals for numbers 1..31999, from our small-int generator."""
import pytest
from pysol_cards.cards import CardRenderer
from pysol_cards.deal_game import Game
from pysol_cards.random_base import RandomBase

from engine import cards
from engine.rng import MsRandom
from engine.tableau import deal_cards

# 1..150, then numbers spread over the whole MS range, edges included: 250 in all.
NUMBERS = list(range(1, 151)) + list(range(151, 32000, 320)) + [31998, 31999]


def ours(n):
    out = deal_cards(n, bytearray(51))
    return [" ".join(cards.name(out[f * 3 + i]) for i in range(3)) for f in range(17)]


def pysol(n):
    text = Game("black_hole", n, RandomBase.DEALS_PYSOLFC).calc_layout_string(CardRenderer(True))
    lines = text.splitlines()
    assert lines[0] == "Foundations: AS"
    return lines[1:]


def test_deal_one_reads_as_pysolfc_shows_it():
    assert ours(1)[:2] == ["JD KS TH", "2D 9D 8H"]


def test_at_least_200_deal_numbers_are_checked():
    assert len(set(NUMBERS)) >= 200


@pytest.mark.parametrize("n", NUMBERS)
def test_deal_matches_pysol_cards(n):
    assert ours(n) == pysol(n)


def test_generator_matches_the_ms_formula_with_big_ints():
    # The same recurrence in CPython's unbounded ints, as the reference for the limb arithmetic.
    for seed in (1, 617, 31999, 2**30 - 1, 123456789):
        r = MsRandom(seed)
        s = seed
        for _ in range(500):
            s = (s * 214013 + 2531011) & 0xFFFFFFFF
            assert r.rand() == (s >> 16) & 0x7FFF


def test_seed_out_of_range_is_refused():
    with pytest.raises(ValueError):
        MsRandom(2**30)
    with pytest.raises(ValueError):
        MsRandom(-1)
