"""Parlett's Yo-yo rules, one test per sentence of the rule sheet (seed 000) or reading of it
(docs/rules.md names each)."""
import pytest

from engine import cards
from engine.blackhole import BlackHole
from engine.tableau import NUM_FANS
from engine.yoyo import (
    ANNOUNCE,
    DOWN,
    EV_ANNOUNCE,
    EV_OVER,
    EV_PLAY,
    EV_STUCK,
    EV_TRANSFER,
    EV_WON,
    FREE,
    FREE_WAY,
    GREEDY,
    HUMAN,
    OVER,
    PLAY,
    REASONS,
    STUCK,
    UP,
    XFER,
    XFER_MAY,
    IllegalMove,
    Yoyo,
)
from engine.yoyo_cpu import Cpu
from tests.test_yoyo_kit import centre, fan_of, ranks, table


def r(ch):
    return cards.RANK_CHARS.index(ch)


A, K, Q = r("A"), r("K"), r("Q")


def legal(g):
    out = bytearray(NUM_FANS)
    return list(out[:g.legal(out)])


def refused(g, a, words):
    """a is refused with a reason containing words, and play() changes nothing."""
    assert words in REASONS[g.check(a)]
    before = (bytes(g.tableau.heights), g.n, g.turn, g.phase)
    with pytest.raises(IllegalMove, match=words):
        g.play(a)
    assert (bytes(g.tableau.heights), g.n, g.turn, g.phase) == before


def play(g, *names):
    for name in names:
        g.play(fan_of(g, name))


def event(g):
    e = g.last_event()
    return e & 15, (e >> 4) & 15, e >> 8


# The seed's own example: "if the first player began A-2-3-4 and then stuck, the second would
# continue by playing a Three to the centre and continuing downwards with 2-A-K etc."
SEED_EXAMPLE = ["9S 9H 2D", "9D 9C 3D", "8S 8H 4D", "8D 8C 3C", "7S 7H 2C", "7D 7C AC",
                "6S 6H KC"]


def test_same_deal_as_black_hole():
    # "Set the Ace of spades ... as the base-card. Deal all the other cards face up in
    # seventeen fans of three"
    for n in (1, 2, 31999):
        g, b = Yoyo(), BlackHole()
        g.new_game(n)
        b.new_deal(n)
        assert g.tableau.cards == b.tableau.cards and list(g.tableau.heights) == [3] * 17
        assert g.n == 1 and cards.name(g.played[0]) == "AS" and g.pile_count() == 1


def test_non_dealer_announces_first():
    # "Non-dealer plays first, announcing whether they will play upwards or downwards."
    g = table(SEED_EXAMPLE, low="5Q")
    assert g.turn == 0 and g.phase == ANNOUNCE and legal(g) == [UP, DOWN]
    refused(g, fan_of(g, "2D"), "announce first")
    refused(g, STUCK, "announce")
    g = table(SEED_EXAMPLE, low="5Q", players=3, first=1)
    assert g.turn == 1 and g.phase == ANNOUNCE
    g.play(DOWN)
    assert event(g) == (EV_ANNOUNCE, 1, 1) and g.need() == K


def test_announcement_must_be_playable_when_either_is():
    # Reading: a player may not announce a way nothing can be played while the other way can.
    g = table(["9S 9H 2D"], low="K")
    assert legal(g) == [UP]
    refused(g, DOWN, "nothing to play that way")


def test_a_pile_runs_one_way_only():
    # "If upwards, the next cards must be 2-3-4 etc; if downwards, they must be K-Q-J etc."
    g = table(SEED_EXAMPLE, low="5Q")
    g.play(UP)
    play(g, "2D")
    assert g.need() == r("3") and cards.name(g.tableau.top(fan_of(g, "AC"))) == "AC"
    refused(g, fan_of(g, "AC"), "not next in sequence")   # Black Hole's turn back is gone
    g = table(SEED_EXAMPLE, low="5Q")
    g.play(DOWN)
    play(g, "KC")
    assert g.need() == Q
    refused(g, fan_of(g, "AC"), "not next in sequence")


def test_a_player_must_play_while_a_card_fits():
    # "That player continues for as long as possible."
    g = table(SEED_EXAMPLE, low="5Q")
    g.play(UP)
    refused(g, STUCK, "a card can be played")
    play(g, "2D", "3D")                      # 3C would do as well: any fan with the rank
    assert g.turn == 0 and legal(g) == [fan_of(g, "4D")]


def test_seed_example_a_2_3_4_then_3_2_a_k():
    g = table(SEED_EXAMPLE, low="5Q")
    g.play(UP)
    play(g, "2D", "3D", "4D")
    assert ranks(g) == "A234" and legal(g) == [STUCK]
    g.play(STUCK)
    # "Whenever a player gets stuck, they win all the cards of the pile they last played to"
    assert event(g) == (EV_WON, 0, 4) and list(g.won) == [4, 0, 0]
    # "the second player continues by starting a new central pile with the next card in
    # sequence but in the opposite direction"
    assert g.turn == 1 and g.pile_count() == 0 and g.need() == r("3") and g.down == 1
    play(g, "3C", "2C", "AC", "KC")
    assert ranks(g) == "32AK" and g.need() == Q and legal(g) == [STUCK]
    g.play(STUCK)
    assert event(g) == (EV_WON, 1, 4) and list(g.won) == [4, 4, 0]
    assert g.turn == 0 and g.need() == A and g.down == 0      # next: up from the King


def test_stuck_player_wins_the_pile_with_its_base_card():
    # Reading: A♠ is the first pile's base and goes with it to the first player to win it.
    g = table(SEED_EXAMPLE, low="5Q")
    g.play(DOWN)
    play(g, "KC")
    g.play(STUCK)
    assert g.won[0] == 2 and g.played[0] == cards.ACE_OF_SPADES and g.base == 2


def test_one_card_pile_is_won_by_its_player():
    # Reading: a player who starts a pile and is stuck at once wins that one card.
    g = table(["9S 9H 2D", "9D 9C 3D", "8S 8H 4D", "8D 8C 3C"], low="25")
    g.play(UP)
    play(g, "2D", "3D", "4D")
    g.play(STUCK)
    play(g, "3C")
    assert legal(g) == [STUCK]
    g.play(STUCK)
    assert event(g) == (EV_WON, 1, 1) and list(g.won) == [4, 1, 0]
    assert g.need() == r("4") and g.down == 0


def test_a_player_who_cannot_start_a_pile_is_stuck_and_wins_nothing():
    # Reading: being unable to start the new pile is being stuck; nothing is won and the
    # wanted card stays the same.
    g = table(["9S 9H 2D"], low="3A")
    g.play(UP)
    play(g, "2D")
    g.play(STUCK)
    assert g.turn == 1 and g.need() == A and legal(g) == [STUCK]
    refused(g, XFER + 0, "two stuck in a row")
    g.play(STUCK)
    assert event(g) == (EV_STUCK, 1, 0) and list(g.won) == [2, 0, 0] and g.stuck == 2


# P0 builds A-2 and is stuck; P1 cannot start down with an Ace; the Ace of hearts lies under
# the 8H, so P0 may move the 8H to the bottom, then builds A-K-Q and is stuck for a Jack.
TRANSFER = ["9S 9H 2D", "8S AH 8H", "7S QD KD", "6S 6H KS"]


def two_stuck(players=2):
    g = table(TRANSFER, low="3AJ", players=players)
    g.play(UP)
    play(g, "2D")
    g.play(STUCK)
    g.play(STUCK)
    return g


def test_transfer_only_after_two_players_are_stuck():
    # "If two players get stuck (because no continuation card is available) the next in turn
    # may enable a continuation by transferring the top card of a fan to the bottom"
    g = table(TRANSFER, low="3AJ")
    g.play(UP)
    refused(g, XFER + 1, "two stuck in a row")
    play(g, "2D")
    g.play(STUCK)
    assert not g.transfer_allowed()
    refused(g, XFER + 1, "two stuck in a row")
    g.play(STUCK)
    assert g.turn == 0 and g.transfer_allowed() and legal(g) == [XFER + 1]


def test_three_players_the_third_transfers():
    g = two_stuck(players=3)
    assert g.turn == 2 and legal(g) == [XFER + 1]


def test_transfer_must_release_the_wanted_card():
    # "so as to release a playable card": only a fan whose second card has the wanted rank.
    g = two_stuck()
    refused(g, XFER + 2, "releases no card to play")
    refused(g, XFER + fan_of(g, "9H"), "releases no card to play")
    g.play(XFER + 1)
    assert event(g) == (EV_TRANSFER, 0, 1)
    assert [cards.name(g.tableau.cards[3 + i]) for i in range(3)] == ["8H", "8S", "AH"]
    refused(g, XFER + 1, "a card can be played")       # one transfer, then play on
    refused(g, STUCK, "a card can be played")


def test_transfer_is_compulsory_when_possible():
    # Reading of "may": declining would leave nobody able to move, so STUCK is refused.
    g = two_stuck()
    refused(g, STUCK, "must go on")


def test_transfer_keeps_the_wanted_direction():
    # Reading: the transfer releases the card the stuck players wanted; play goes on that way.
    g = two_stuck()
    g.play(XFER + 1)
    assert g.need() == A and g.down == 1 and legal(g) == [1]


def test_transfer_run_is_not_won_and_goes_with_the_next_pile():
    # "and then continue play but without winning the current pile": stuck after the
    # transfer, the player wins nothing, the pile stays, and the next player goes on from its
    # top the other way; the next player to win a pile takes these cards too.
    g = two_stuck()
    g.play(XFER + 1)
    play(g, "AH", "KD", "QD")
    g.play(STUCK)
    assert event(g) == (EV_STUCK, 0, 3) and list(g.won) == [2, 0, 0]
    assert centre(g) == "AH KD QD" and g.need() == K and g.down == 0 and g.stuck == 1
    play(g, "KS")
    g.play(STUCK)
    assert event(g) == (EV_WON, 1, 4) and list(g.won) == [2, 4, 0] and g.pile_count() == 0


def test_when_no_transfer_helps_any_card_starts_a_new_pile():
    # Reading: no transfer can release the wanted card, so the next in turn starts a new pile
    # with any top card and announces, as at the start; the game can always go on.
    g = table(["9S 9H 2D"], low="3A")
    g.play(UP)
    play(g, "2D")
    g.play(STUCK)
    g.play(STUCK)
    assert g.turn == 0 and g.phase == FREE and g.need() == -1
    assert legal(g) == list(range(NUM_FANS))
    refused(g, STUCK, "must go on")
    play(g, "9H")
    assert g.phase == ANNOUNCE and centre(g) == "9H"
    tops = [g.tableau.top(f) >> 2 for f in range(NUM_FANS)]
    up, down = r("T") in tops, r("8") in tops
    assert legal(g) == [a for a, ok in ((UP, up or not down), (DOWN, down or not up)) if ok]


def test_opening_with_nothing_to_play_either_way():
    # Reading: with no Two or King showing the first player announces either way, is stuck
    # with nothing won; A♠ stays and goes with the next pile won.
    g = table([], low="2K")
    assert legal(g) == [UP, DOWN]
    g.play(DOWN)
    assert legal(g) == [STUCK]
    g.play(STUCK)
    assert event(g) == (EV_STUCK, 0, 1) and g.need() == K
    g.play(STUCK)
    assert g.turn == 0 and g.phase == FREE
    g.play(0)
    g.play(legal(g)[0])
    while legal(g) != [STUCK]:
        g.play(legal(g)[0])
    g.play(STUCK)
    assert g.won[0] == g.n and g.played[0] == cards.ACE_OF_SPADES


def test_last_card_wins_the_last_pile_even_after_a_transfer():
    # "The game ends when all 52 cards have been won. Whoever played the last card wins the
    # last pile": here the last player began that turn with a transfer.
    cpu = Cpu()
    for n in range(1, 400):
        g = Yoyo()
        g.new_game(n)
        while not g.is_over():
            before = (g.turn, g.pile_count(), g.won[g.turn], g.xfer)
            g.play(cpu.choose(g, GREEDY))
        if before[3]:
            break
    else:
        raise AssertionError("no game ended in a turn begun with a transfer")
    s, pile, had, _ = before
    assert g.phase == OVER and g.n == 52 and g.won[s] == had + pile + 1
    assert event(g) == (EV_OVER, s, pile + 1) and sum(g.won) == 52


def test_events_name_who_did_what():
    g = table(SEED_EXAMPLE, low="5Q", players=3)
    assert event(g) == (0, 0, 0)
    g.play(UP)
    play(g, "2D")
    assert event(g) == (EV_PLAY, 0, 2)


def test_undo_reaches_back_to_the_start_of_a_human_turn_only():
    # The issue: "Undo within a human turn".
    g = table(SEED_EXAMPLE, low="5Q", kinds=bytes([HUMAN, GREEDY]))
    assert not g.can_undo()
    g.play(UP)
    play(g, "2D", "3D")
    assert g.undo() and g.undo() and g.undo() and not g.undo()
    assert g.phase == ANNOUNCE and g.n == 1
    assert g.redo() and g.redo() and g.phase == PLAY and ranks(g) == "A2"
    play(g, "3C", "4D")                       # a new action drops what was left to redo
    assert not g.redo()
    g.play(STUCK)
    assert not g.can_undo() and not g.undo()  # the turn is over, and seat 1 is a CPU
    play(g, "3D")
    assert not g.undo() and ranks(g) == "3"
    h = table(SEED_EXAMPLE, low="5Q")
    h.play(UP)
    play(h, "2D", "3D", "4D")
    h.play(STUCK)
    play(h, "3C")                             # seat 1 is human: back to its turn's start
    assert h.undo() and not h.undo() and h.turn == 1 and list(h.won) == [4, 0, 0]


def test_only_the_exposed_top_card_of_a_fan_is_played():
    # "Build by taking any of the 17 exposed cards of a fan": the cards beneath wait.
    g = table(["9S 9H 2D", "8S 8H 3D"], low="4")
    g.play(UP)
    play(g, "2D")
    assert legal(g) == [fan_of(g, "3D")]
    play(g, "3D")
    assert cards.name(g.tableau.top(1)) == "8H" and g.need() == r("4")
    assert all(g.tableau.top(f) >> 2 != g.need() for f in range(NUM_FANS))
    assert legal(g) == [STUCK]           # a 4 lies under every fan's other cards, unreachable


def test_any_suit_builds():
    # "in ascending or descending sequence regardless of suit"
    g = table(["9S 9H 2D", "9D 9C 2S", "8S 8H 2H", "8D 8C 2C"], low="3")
    g.play(UP)
    assert legal(g) == [0, 1, 2, 3]
    for f in (2, 0):
        g2 = table(["9S 9H 2D", "9D 9C 2S", "8S 8H 2H", "8D 8C 2C"], low="3")
        g2.play(UP)
        g2.play(f)
        assert g2.need() == r("3") and g2.pile_count() == 2


def test_the_player_stuck_after_building_is_the_first_of_the_two_stuck():
    # Reading of "If two players get stuck": the player who is stuck and wins a pile is the
    # first; the next player, unable to start the new pile, the second.
    g = table(TRANSFER, low="3AJ")
    g.play(UP)
    play(g, "2D")
    g.play(STUCK)
    assert g.stuck == 1 and list(g.won) == [2, 0, 0]
    g.play(STUCK)
    assert g.stuck == 2 and g.transfer_allowed()


def test_most_cards_won_wins_and_equal_most_is_a_tie():
    # "everybody scores the number of cards they have won": the most cards wins; seats with
    # equal most share it, and winner() names nobody.
    g = Yoyo()
    g.new_game(1, 3)
    for won, best in (((30, 12, 10), 0), ((10, 30, 12), 1), ((20, 12, 20), -1),
                      ((26, 26, 0), -1), ((0, 1, 51), 2)):
        g.won[:] = bytes(won)
        assert g.winner() == best, won
    g.new_game(1, 2)
    g.won[:] = bytes((26, 26, 0))
    assert g.winner() == -1
    g.won[:] = bytes((27, 25, 0))
    assert g.winner() == 0


# -- the other readings, chosen in the settings (docs/rules.md) --------------------------

def test_free_way_a_pile_may_turn_at_every_card():
    # "going up or down ad lib and changing direction as often as necessary": with FREE_WAY
    # nothing is announced, each card is one step either way from the last.
    g = table(SEED_EXAMPLE, low="5Q", options=FREE_WAY)
    assert g.phase == PLAY and UP not in legal(g) and STUCK not in legal(g)
    play(g, "2D")
    assert g.down == 0 and g.need() == r("3") and g.other() == A
    play(g, "AC")                           # turned back: the pile now runs down
    assert g.down == 1 and ranks(g) == "A2A" and g.need() == K and g.other() == r("2")
    play(g, "KC")
    assert event(g)[0] == EV_PLAY and g.need() == Q


def test_free_way_a_new_pile_still_starts_the_other_way_and_undo_restores_the_way():
    # "the second player continues by starting a new central pile with the next card in
    # sequence but in the opposite direction": only the new pile's first card is held to it.
    g = table(SEED_EXAMPLE, low="5Q", options=FREE_WAY)
    play(g, "2D", "3D", "4D", "3C", "2C", "AC", "KC")
    assert g.down == 1 and legal(g) == [STUCK]       # no Queen or Ace (A♠'s fellows) shows
    g.play(STUCK)
    assert list(g.won) == [8, 0, 0] and g.pile_count() == 0
    assert g.down == 0 and g.need() == A and g.other() == -1   # K then up: an Ace only
    g = table(SEED_EXAMPLE, low="5Q", options=FREE_WAY)
    play(g, "2D", "AC")
    assert g.down == 1
    g.undo()
    assert g.down == 0 and ranks(g) == "A2"


def test_free_way_survives_save_and_restore():
    g = table(SEED_EXAMPLE, low="5Q", options=FREE_WAY)
    play(g, "2D", "AC")
    data = g.save()
    h = Yoyo()
    h.restore(data)
    assert h.options == FREE_WAY and h.down == 1 and ranks(h) == "A2A"


def test_transfer_may_be_declined_and_then_any_card_starts_a_new_pile():
    # "the next in turn may enable a continuation": with XFER_MAY declining (STUCK) is
    # allowed; with no continuation the next player starts a new pile with any card.
    g = two_stuck_may()
    assert STUCK in legal(g) and XFER + 1 in legal(g)
    before = g.turn
    g.play(STUCK)
    assert g.turn != before and g.phase == FREE and list(g.won) == [2, 0, 0]
    h = two_stuck_may()
    h.play(STUCK)
    out = bytearray(NUM_FANS)
    n = h.legal(out)
    assert n == NUM_FANS - sum(1 for f in range(NUM_FANS) if h.tableau.heights[f] == 0)


def test_a_declined_transfer_is_undone_by_retract():
    g = two_stuck_may()
    snap = (bytes(g.tableau.cards), g.turn, g.phase, g.stuck, g.ran, g.xfer, bytes(g.won))
    g.play(STUCK)
    g.retract(STUCK, g.history[2 * g.hist_len - 1])
    g.hist_len -= 1
    assert (bytes(g.tableau.cards), g.turn, g.phase, g.stuck, g.ran, g.xfer,
            bytes(g.won)) == snap


def test_the_transfer_stays_compulsory_by_default():
    g = two_stuck()
    assert g.options == 0 and STUCK not in legal(g)


def two_stuck_may():
    g = table(TRANSFER, low="3AJ", options=XFER_MAY)
    g.play(UP)
    play(g, "2D")
    g.play(STUCK)
    g.play(STUCK)
    return g
