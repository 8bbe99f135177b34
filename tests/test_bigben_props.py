"""Big Ben property tests: the 104 cards are kept through random play with undo and redo,
undo/redo are inverses, saves round-trip, damaged saves are refused, the hint ends games."""
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.bigben import FOUND, GAPS, OK, RESERVE, WASTE, BigBen, SaveError, size
from engine.bigben_hint import hint

deals = st.integers(min_value=1, max_value=32000)
# Each step: a non-negative number plays the pick-th legal move (modulo), -1 undoes, -2 redoes.
steps = st.lists(st.integers(min_value=-2, max_value=60), max_size=250)
PLACES = [(s, d) for s in list(range(12)) + [WASTE] for d in range(WASTE)] + [
    (RESERVE, GAPS), (RESERVE, WASTE)]


def legal_moves(g):
    return [m for m in PLACES if g.check(*m) == OK]


def every_card(g):
    out = [g.card(p, i) for p in range(WASTE + 1) for i in range(g.n[p])]
    return sorted(out + list(g.layout[48:48 + g.res_len]))


def snapshot(g):
    """What the table shows (slots above a place's height are not part of the game)."""
    return (tuple(tuple(g.card(p, i) for i in range(g.n[p])) for p in range(WASTE + 1)),
            g.res_len, g.moves_made)


def run(n, picks, check=None):
    g = BigBen()
    g.new_deal(n)
    for p in picks:
        if p == -1:
            g.undo()
        elif p == -2:
            g.redo()
        else:
            moves = legal_moves(g)
            if not moves:
                continue
            g.play(*moves[p % len(moves)])
        if check:
            check(g)
    return g


def kept(g):
    assert every_card(g) == list(range(104))
    assert g.on_foundations() + sum(g.n[p] for p in range(12)) + g.n[WASTE] + g.res_len == 104
    for h in range(12):                     # each foundation holds its own suit, in steps of 1
        assert g.n[FOUND + h] <= size(h)
        for i in range(1, g.n[FOUND + h]):
            a, b = g.card(FOUND + h, i - 1), g.card(FOUND + h, i)
            assert (a >> 1) & 3 == (b >> 1) & 3 and (b >> 3) == ((a >> 3) + 1) % 13
    for p in range(12):                     # cards above the third run down in suit
        for i in range(3, g.n[p]):
            a, b = g.card(p, i - 1), g.card(p, i)
            assert (a >> 1) & 3 == (b >> 1) & 3 and (b >> 3) == ((a >> 3) + 12) % 13
    assert g.floor <= g.moves_made <= g.moves_known <= g.floor + 240
    if g.is_stuck():
        assert g.res_len == 0 and not legal_moves(g)


@settings(max_examples=250, deadline=None)
@given(deals, steps)
def test_the_104_cards_are_kept_through_play_undo_and_redo(n, picks):
    run(n, picks, kept)


@settings(max_examples=120, deadline=None)
@given(deals, steps, st.integers(min_value=0, max_value=250))
def test_undo_then_redo_returns_to_the_same_position(n, picks, k):
    g = run(n, picks)
    while g.redo():
        pass
    end = snapshot(g)
    undone = 0
    while undone < k and g.undo():
        undone += 1
    while g.redo():
        pass
    assert snapshot(g) == end
    back = BigBen()
    back.new_deal(n)
    while g.undo():
        pass
    assert snapshot(g) == snapshot(back)


@settings(max_examples=120, deadline=None)
@given(deals, steps, st.integers(min_value=0, max_value=250))
def test_save_restore_round_trip_keeps_redo(n, picks, k):
    g = run(n, picks)
    for _ in range(k):
        g.undo()
    data = g.save()
    h = BigBen()
    h.restore(data)
    assert snapshot(h) == snapshot(g) and h.deal_number == n and h.save() == data
    while g.redo():
        assert h.redo()
    assert snapshot(h) == snapshot(g) and not h.redo()


@settings(max_examples=100, deadline=None)
@given(deals, steps, st.data())
def test_damaged_saves_are_refused_and_change_nothing(n, picks, data):
    good = run(n, picks).save()
    victim = BigBen()
    victim.new_deal(3)
    victim.play(*legal_moves(victim)[0])
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


@settings(max_examples=60, deadline=None)
@given(deals)
def test_the_hint_always_offers_a_legal_move_until_the_game_ends(n):
    # Default rules: the hint stops once the reserve is used up and no move raises its score
    # (a move it would not make could only shuttle); strict rules: it moves while it can.
    for strict in (False, True):
        g = BigBen()
        g.strict = strict
        g.new_deal(n)
        while True:
            h = hint(g)
            if h < 0:
                break
            assert g.check((h >> 5) & 31, h & 31) == OK
            g.play((h >> 5) & 31, h & 31)
        assert g.is_won() or g.is_stuck() or not strict and g.res_len == 0
