"""Black Hole rules, one test per sentence of the rule sheets (seeds 000 and 002)."""
import pytest

from engine import cards
from engine.blackhole import NOT_ADJACENT, OK, BlackHole, IllegalMove
from engine.tableau import NUM_FANS

# A winning line for deal 2, found once by search; the test replays it move by move.
DEAL_2_WIN = [1, 6, 5, 7, 12, 6, 16, 0, 0, 3, 4, 1, 7, 3, 16, 11, 8, 11, 5, 4, 2, 4, 10, 2,
              13, 11, 14, 12, 9, 5, 13, 2, 0, 9, 1, 9, 15, 8, 14, 10, 13, 7, 8, 3, 14, 15, 6,
              12, 10, 16, 15]


def layout(fans, bury=""):
    """Fans like 'JD KS TH' (top card last) first; the other fans take every unused card,
    with ranks in `bury` kept off their tops so they cannot interfere with the test."""
    used = [cards.parse(t) for fan in fans for t in fan.split()]
    rest = [c for c in range(52) if c != cards.ACE_OF_SPADES and c not in used]
    k = NUM_FANS - len(fans)
    assert len(rest) == 3 * k
    rest.sort(key=lambda c: cards.RANK_CHARS[c >> 2] not in bury)
    extra = bytearray(3 * k)
    for i, c in enumerate(rest):     # bottoms of every fan first, then middles, then tops
        extra[(i % k) * 3 + i // k] = c
    tops = [extra[f * 3 + 2] for f in range(k)]
    assert not any(cards.RANK_CHARS[c >> 2] in bury for c in tops)
    g = BlackHole()
    g.start(bytes(used) + bytes(extra))
    return g


def deal(n):
    g = BlackHole()
    g.new_deal(n)
    return g


def fan_text(g, f):
    t = g.tableau
    return " ".join(cards.name(t.cards[f * 3 + i]) for i in range(t.heights[f]))


def test_ace_of_spades_is_the_base_card():
    # 000: "Set the Ace of spades in the middle of the board as the base-card."
    # 002: "remove A of spades, and place it face up at the center of the tableau."
    for n in (1, 2, 500):
        g = deal(n)
        assert g.hole_len == 1 and cards.name(g.hole[0]) == "AS"


def test_seventeen_fans_of_three_hold_the_other_51_cards():
    # 000: "Deal all the other cards face up in seventeen fans of three"
    # 002: "You'll end up with seventeen three-card groups, or fans."
    g = deal(7)
    assert list(g.tableau.heights) == [3] * NUM_FANS
    assert sorted(g.tableau.cards) == [c for c in range(52) if c != cards.ACE_OF_SPADES]


def test_build_up_or_down_regardless_of_suit():
    # 000: "Building may be done in ascending or descending sequence regardless of suit"
    # 002: "build up or down on the A of spades, regardless of suit. For example, place any 2"
    g = layout(["3C 4C 2D", "5C 6C KH"])
    assert g.check(0) == OK       # 2D up from the ace, a diamond on a spade
    assert g.check(1) == OK       # KH down from the ace, round the corner


def test_only_a_rank_one_away_may_be_played():
    g = layout(["3C 4C 5D", "5C 6C QH"])
    assert g.check(0) == NOT_ADJACENT
    with pytest.raises(IllegalMove, match="one above or below"):
        g.play(1)
    assert g.hole_len == 1 and g.tableau.heights[1] == 3    # refused, never applied


def test_direction_may_change_at_any_time():
    # 000: "going up or down ad lib and changing direction as often as necessary"
    # 002: "You may also change direction at any time (e.g., A-2-3-4-3-2-3-4-5...)."
    g = layout(["5S 3D 2D", "3C 2C 3H", "4H 4D 4C"])
    for f in (0, 1, 2, 0, 1, 1, 2, 0):
        g.play(f)
    assert "".join(cards.RANK_CHARS[c >> 2] for c in g.hole[:g.hole_len]) == "A23432345"


def test_ranking_is_continuous_between_ace_and_king():
    # 000: "Ranking is continuous between Ace and King." ... "heart K, diamond Q"
    for a, b in (("A", "K"), ("K", "A"), ("K", "Q"), ("A", "2")):
        assert cards.adjacent(cards.RANK_CHARS.index(a), cards.RANK_CHARS.index(b))
    assert not cards.adjacent(0, 0) and not cards.adjacent(0, 2) and not cards.adjacent(12, 10)


def test_playing_a_top_card_uncovers_the_card_beneath():
    # 002: "As you play the topmost cards from your three-card piles, the cards beneath become
    # available for play."
    g = deal(1)
    assert fan_text(g, 1) == "2D 9D 8H"
    top = g.tableau.top(2)
    assert cards.name(top) == "2C"
    g.play(2)
    assert cards.name(g.tableau.top(2)) == "QD" and g.tableau.heights[2] == 2


def test_stuck_when_no_card_can_be_built():
    # 002: "The game ends when you no longer can build cards."
    g = layout(["2C 3C 5D", "2D 3D 5H"], bury="2K")
    assert g.first_move() < 0 and g.is_stuck() and not g.is_won()
    assert g.legal_moves(bytearray(17)) == 0


def test_win_when_every_card_is_in_the_hole():
    # 002: "Your goal is to move all cards onto A of spades, so that you end the game with a
    # single pile of cards." Scripted win of deal 2 (winnable per the reference data).
    g = deal(2)
    for f in DEAL_2_WIN:
        assert not g.is_won()
        g.play(f)
    assert g.is_won() and g.cards_left() == 0 and not g.is_stuck()
    assert sorted(g.hole) == list(range(52))


def test_no_redeal():
    # 002: "There is no redeal or shuffle." Once stuck, only undo changes the position.
    g = deal(2)
    while g.first_move() >= 0:
        g.play(g.first_move())
    for f in range(NUM_FANS):
        assert g.check(f) != OK


def test_seed_example_diamond_2_heart_3_diamond_4():
    # 000: "in this illustration you could start by playing diamond 2, heart 3, diamond 4, etc,
    # or heart K, diamond Q, after which you will be stuck as no Jack is available."
    fans = ["9C 9D 2D", "9H 9S 3H", "8C 8D 4D", "8H 8S KH", "7C 7D QD"]
    g = layout(fans, bury="JK")
    for f in (0, 1, 2):
        g.play(f)
    assert "".join(cards.name(c) for c in g.hole[:g.hole_len]) == "AS2D3H4D"
    g2 = layout(fans, bury="JK")
    g2.play(3)
    g2.play(4)
    assert g2.is_stuck()
