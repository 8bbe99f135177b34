"""Property tests: cards are conserved, undo/redo are inverses, saves round-trip."""
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.blackhole import BlackHole, SaveError
from engine.cards import DECK_SIZE

deals = st.integers(min_value=1, max_value=999_999)
choices = st.lists(st.integers(min_value=0, max_value=16), max_size=60)


def play_some(n, picks):
    """Deal n, then at each step play the pick-th legal move (modulo), while any exist."""
    g = BlackHole()
    g.new_deal(n)
    out = bytearray(17)
    for p in picks:
        k = g.legal_moves(out)
        if k == 0:
            break
        g.play(out[p % k])
    return g


def all_cards(g):
    t = g.tableau
    fans = [t.cards[f * 3 + i] for f in range(17) for i in range(t.heights[f])]
    return sorted(fans + list(g.hole[:g.hole_len]))


def snapshot(g):
    return bytes(g.tableau.heights), bytes(g.hole[:g.hole_len]), g.moves_made


@settings(max_examples=200, deadline=None)
@given(deals, choices)
def test_cards_are_conserved(n, picks):
    g = play_some(n, picks)
    assert all_cards(g) == list(range(DECK_SIZE))
    assert g.cards_left() == sum(g.tableau.heights)


@settings(max_examples=200, deadline=None)
@given(deals, choices, st.integers(min_value=0, max_value=60))
def test_undo_then_redo_returns_to_the_same_position(n, picks, k):
    g = play_some(n, picks)
    end = snapshot(g)
    undone = 0
    while undone < k and g.undo():
        undone += 1
        assert all_cards(g) == list(range(DECK_SIZE))
    while g.redo():
        pass
    assert snapshot(g) == end
    while g.undo():
        pass
    assert g.hole_len == 1 and list(g.tableau.heights) == [3] * 17


@settings(max_examples=200, deadline=None)
@given(deals, choices, st.integers(min_value=0, max_value=60))
def test_save_restore_round_trip_keeps_redo(n, picks, k):
    g = play_some(n, picks)
    for _ in range(k):
        g.undo()
    data = g.save()
    h = BlackHole()
    h.restore(data)
    assert snapshot(h) == snapshot(g) and h.deal_number == n
    assert h.save() == data
    while g.redo():
        assert h.redo()
    assert snapshot(h) == snapshot(g)


@settings(max_examples=100, deadline=None)
@given(deals, choices, st.data())
def test_damaged_saves_are_refused_and_change_nothing(n, picks, data):
    g = play_some(n, picks)
    good = g.save()
    victim = BlackHole()
    victim.new_deal(3)
    before = snapshot(victim)
    cut = data.draw(st.integers(min_value=0, max_value=len(good) - 1))
    flip_at = data.draw(st.integers(min_value=0, max_value=len(good) - 1))
    bit = data.draw(st.integers(min_value=0, max_value=7))
    flipped = bytearray(good)
    flipped[flip_at] ^= 1 << bit
    for bad in (good[:cut], bytes(flipped)):
        try:
            victim.restore(bad)
        except SaveError:
            pass
        else:
            raise AssertionError("damaged save accepted")
        assert snapshot(victim) == before
