"""YoYo properties over random legal decisions, CPU-only games and saves."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.amigo import (
    A_CHOOSE,
    A_DRAW,
    A_KEEP,
    A_PLAY,
    DECK,
    ESCALATE,
    P_DIR,
    P_DRAWN,
    P_OVER,
    P_PASS,
    P_TAKE,
    PILE_OUT,
    Amigo,
    SaveError,
)
from engine.amigo_cpu import GREEDY, PLANNER, Cpu
from engine.crc import crc16
from tests.test_amigo_kit import all_cards

SORTED_DECK = sorted(DECK)


def random_step(g, pick, buf):
    """Apply the pick-th of a list of legal decisions (single cards, the CPU's series,
    draw, keep or a choice), proving each one by check() first."""
    s = g.seat
    options = []
    if g.pending == P_DIR:
        options = [(A_CHOOSE, 0), (A_CHOOSE, 1)]
    elif g.pending == P_TAKE:
        options = [(A_CHOOSE, v) for v in range(g.players) if g.check(A_CHOOSE, v) == 0]
        options += [(A_PLAY, i) for i in range(g.counts[s]) if g.check(A_PLAY, 1, bytes([i])) == 0]
    elif g.pending == P_PASS:
        options = [(A_CHOOSE, i) for i in range(g.counts[s])]
    else:
        options = [(A_PLAY, i) for i in range(g.counts[s])
                   if g.check(A_PLAY, 1, bytes([i])) == 0]
        options += [(a, 0) for a in (A_DRAW, A_KEEP) if g.check(a) == 0]
        cpu = Cpu(PLANNER)
        if cpu.decide(g) == A_PLAY and cpu.arg > 1:
            options.append(("series", cpu))
    a, x = options[pick % len(options)]
    if a == "series":
        assert g.apply(A_PLAY, x.arg, x.sel) == 0
    elif a == A_PLAY:
        buf[0] = x
        assert g.apply(A_PLAY, 1, buf) == 0
    else:
        assert g.apply(a, x) == 0


@settings(max_examples=150, deadline=None)
@given(st.integers(2, 6), st.integers(0, 2**30 - 1), st.sampled_from([0, 1, 2, 3]),
       st.lists(st.integers(0, 1000), min_size=1, max_size=300))
def test_every_card_is_conserved_through_every_decision(players, seed, options, picks):
    # options: ESCALATE and DRAW_ANY (drawing while a card fits), each on and off
    g = Amigo()
    g.new_match(players, seed, options)
    buf = bytearray(64)
    for p in picks:
        if g.pending == P_OVER:
            break
        pending = g.pending
        hands = [g.counts[s] for s in range(players)]
        random_step(g, p, buf)
        assert all_cards(g) == SORTED_DECK
        for s in range(players):
            h = [g.card(s, i) for i in range(g.counts[s])]
            assert h == sorted(h)
        if pending == P_PASS and g.pending != P_PASS:       # one card out, one card in
            assert [g.counts[s] for s in range(players)] == hands


def test_random_decisions_reach_every_kind_of_decision():
    seen = set()
    for seed in range(60):
        g = Amigo()
        g.new_match(2 + seed % 5, seed, ESCALATE)
        buf = bytearray(64)
        k = 0
        while g.pending != P_OVER and k < 400:
            seen.add(g.pending)
            random_step(g, seed * 7 + k * 13, buf)
            k += 1
    assert seen == {1, 2, 3, 4, 5}


@settings(max_examples=80, deadline=None)
@given(st.integers(2, 6), st.integers(0, 2**30 - 1))
def test_chaos_deals_evenly_with_the_surplus_under_the_draw_pile(players, seed):
    g = Amigo()
    g.new_match(players, seed)
    g.owner = 0
    held = sum(g.counts[s] for s in range(players))
    bottom = bytes(g.draw[:g.draw_len])
    g._chaos(0)
    each = held // players
    assert [g.counts[s] for s in range(players)] == [each] * players
    assert g.draw_len == len(bottom) + held % players
    assert bytes(g.draw[held % players:g.draw_len]) == bottom
    assert all_cards(g) == SORTED_DECK


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 2**30 - 1), st.integers(2, 30))
def test_a_refill_keeps_the_top_card_and_shuffles_the_rest(seed, discards):
    g = Amigo()
    g.new_match(2, seed)
    # move the top of the draw pile to the discards until `discards` lie there
    while g.pile_len < discards:
        g.pile[g.pile_len] = g.draw[g.draw_len - 1]
        g.pile_len += 1
        g.draw_len -= 1
    for i in range(g.draw_len - 1):          # leave one card to draw: the rest to seat 1
        g._add(1, g.draw[i])
    g.draw[0] = g.draw[g.draw_len - 1]
    g.draw_len = 1
    top = g.top()
    under = sorted(g.pile[:g.pile_len - 1])
    g._draw(0)                 # the hands are random: draw whether or not seat 0 could play
    assert g.top() == top and g.pile_len == 1
    assert sorted(g.draw[:g.draw_len]) == under
    assert all_cards(g) == SORTED_DECK


def run_match(players, seed, levels, options=0):
    g = Amigo()
    g.new_match(players, seed, options)
    cpus = [Cpu(lv) for lv in levels]
    totals = [0] * players
    games = 0
    while True:
        moves = 0
        while g.pending != P_OVER:
            cpu = cpus[g.seat % len(cpus)]
            assert g.apply(cpu.decide(g), cpu.arg, cpu.sel) == 0
            moves += 1
            assert moves < 3000
        games += 1
        pts = [g.points(s) for s in range(players)]
        if g.end == PILE_OUT:
            assert g.winner == 255 and all(p <= 0 for p in pts)
        else:
            assert pts[g.winner] == 5 and g.counts[g.winner] == 0
            assert all(pts[s] == -g.counts[s] < 0 for s in range(players) if s != g.winner)
        totals = [t + p for t, p in zip(totals, pts)]
        assert g.scores[:players] == totals
        assert all_cards(g) == SORTED_DECK
        if g.match_over():
            break
        low = min(totals)
        g.next_game()
        assert g.scores[g.starter] == low
    assert games == 2 * players
    return g


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_cpu_only_matches_end_with_correct_scores(players):
    # 80 matches per size: 2 * players games each, 2,240 games in all.
    for seed in range(80):
        levels = [(GREEDY, PLANNER)[(seed >> k) & 1] for k in range(players)]
        run_match(players, seed * 101 + players, levels, ESCALATE if seed % 4 == 0 else 0)


def test_the_planner_beats_the_greedy_player_heads_up():
    wins = [0, 0]
    for seed in range(150):
        g = run_match(2, seed, [PLANNER, GREEDY] if seed % 2 else [GREEDY, PLANNER])
        planner = seed % 2 == 0
        p, q = g.scores[int(planner)], g.scores[1 - int(planner)]
        wins[0 if p > q else 1] += p != q
    assert wins[0] > wins[1]


def saved():
    g = Amigo()
    g.new_match(4, 777, ESCALATE, b"\x00\x01\x02\x02")
    cpu = Cpu(PLANNER)
    for _ in range(25):
        assert g.apply(cpu.decide(g), cpu.arg, cpu.sel) == 0
    return g, g.save()


def reseal(data):
    b = bytearray(data)
    c = crc16(b, 0xFFFF, 0, len(b) - 2)
    b[-2], b[-1] = c >> 8, c & 0xFF
    return bytes(b)


def test_a_save_restores_the_same_match_hidden_hands_included():
    g, data = saved()
    h = Amigo()
    h.restore(data)
    assert h.save() == data
    for s in range(4):
        assert [h.card(s, i) for i in range(h.counts[s])] == \
            [g.card(s, i) for i in range(g.counts[s])]
    assert bytes(h.kinds[:4]) == b"\x00\x01\x02\x02"
    a, b = Cpu(PLANNER), Cpu(PLANNER)
    while g.pending != P_OVER:        # the generator was saved too: the games stay equal
        x, y = a.decide(g), b.decide(h)
        assert (x, a.arg) == (y, b.arg)
        g.apply(x, a.arg, a.sel)
        h.apply(y, b.arg, b.sel)
        assert h.save() == g.save()


@pytest.mark.parametrize("damage,message", [
    (lambda d: d[:-1], "not a YoYo save"),
    (lambda d: d + b"\x00", "not a YoYo save"),
    (lambda d: b"BH" + d[2:], "not a YoYo save"),
    (lambda d: reseal(d[:2] + b"\x09" + d[3:]), "not a YoYo save"),
    (lambda d: d[:40] + bytes([d[40] ^ 1]) + d[41:], "corrupt"),
    (lambda d: reseal(d[:3] + b"\x09" + d[4:]), "impossible"),
    (lambda d: reseal(d[:-3] + bytes([d[-3] ^ 0x40]) + d[-2:]), "impossible"),
    (lambda d: reseal(d[:8] + b"\x07" + d[9:]), "impossible"),
])
def test_a_bad_save_is_refused_and_leaves_the_match_untouched(damage, message):
    g, data = saved()
    h = Amigo()
    h.new_match(3, 5)
    before = h.save()
    with pytest.raises(SaveError, match=message):
        h.restore(damage(data))
    assert h.save() == before


def test_pending_decisions_round_trip_through_a_save():
    kinds = set()
    for seed in range(40):
        g = Amigo()
        g.new_match(3 + seed % 4, seed, ESCALATE)
        cpu = Cpu(GREEDY)
        while g.pending != P_OVER:
            if g.pending in (P_DIR, P_TAKE, P_PASS, P_DRAWN):
                kinds.add(g.pending)
                h = Amigo()
                h.restore(g.save())
                assert (h.pending, h.seat) == (g.pending, g.seat)
            g.apply(cpu.decide(g), cpu.arg, cpu.sel)
    assert kinds == {P_DIR, P_TAKE, P_PASS, P_DRAWN}
