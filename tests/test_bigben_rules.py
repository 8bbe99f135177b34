"""Big Ben rules, one test per sentence of the rule sheet (seed 002, whose page starts mid-way),
plus what it leaves out (PySolFC's Big Ben): deals, undo, saves, the hint."""
import pytest
from pysol_cards.cards import createCards
from pysol_cards.random import shuffle
from pysol_cards.random_base import RandomBase

from engine import cards
from engine.bigben import (
    BASE_RANK,
    CAN_PLAY,
    COMPLETE,
    FILL_FIRST,
    FOUND,
    FOUNDATION_STAYS,
    GAPS,
    HOUR_SUIT,
    IN_SEQUENCE,
    NO_CARD,
    NO_GAPS,
    NO_SUCH_PLACE,
    NOT_DOWN,
    NOT_NEXT,
    OK,
    RESERVE,
    RESERVE_EMPTY,
    SHORT_PILE,
    WASTE,
    BigBen,
    IllegalMove,
    SaveError,
    deal_cards,
    size,
)
from engine.bigben_hint import hint
from engine.crc import crc16


def name(c):
    return cards.name(c >> 1)


def deal(n):
    g = BigBen()
    g.new_deal(n)
    return g


def custom(piles, reserve_top=""):
    """A layout: the clock's bases (first pack), piles {hour: "bottom .. top"}, the reserve's
    top cards in the order they come off; every other card fills the piles left, then the
    reserve's bottom, in card order."""
    used = set()

    def take(t):
        f = cards.parse(t) * 2
        c = f if f not in used else f + 1
        assert c not in used, t
        used.add(c)
        return c
    bases = [take(cards.RANK_CHARS[BASE_RANK[h]] + cards.SUIT_CHARS[HOUR_SUIT[h]])
             for h in range(12)]
    given = {h: [take(t) for t in s.split()] for h, s in piles.items()}
    top = [take(t) for t in reserve_top.split()]
    rest = [c for c in range(104) if c not in used]
    pile_cards = []
    for h in range(12):
        p = given.get(h) or [rest.pop(0) for _ in range(3)]
        assert len(p) == 3
        pile_cards += p
    g = BigBen()
    g.start(bytes(bases + pile_cards + rest + top[::-1]))
    return g


def pile(g, p):
    return " ".join(name(g.card(p, i)) for i in range(g.n[p]))


def every_card(g):
    out = [g.card(p, i) for p in range(WASTE + 1) for i in range(g.n[p])]
    return sorted(out + list(g.layout[48:48 + g.res_len]))


def legal_card_moves(g):
    return [(s, d) for s in list(range(12)) + [WASTE] for d in range(WASTE)
            if g.check(s, d) == OK]


# -- the sheet ------------------------------------------------------------------------------

def test_inner_circle_is_the_sheets_clock():
    # 002: "you need to build the 8 of spades foundation up to 3 of spades (it's in the 3:00
    # position), the 9 of diamonds foundation up to 4 of diamonds (in the 4:00 position),
    # etc., all the way up to a J of spades in the 11:00 position, Q of diamonds in the
    # 12:00, and A of clubs in the 1:00 position."
    for n in (1, 2, 31999):
        g = deal(n)
        bases = [name(g.top(FOUND + h)) for h in range(12)]
        assert bases == "5D 6C 7H 8S 9D TC JH QS KD 2C 3H 4S".split()
    ends = [cards.RANK_CHARS[(BASE_RANK[h] + size(h) - 1) % 13] + cards.SUIT_CHARS[HOUR_SUIT[h]]
            for h in range(12)]
    assert ends[3] == "3S" and ends[4] == "4D" and ends[11] == "JS"
    assert ends[0] == "QD" and ends[1] == "AC"
    assert ends == "QD AC 2H 3S 4D 5C 6H 7S 8D 9C TH JS".split()
    assert sum(size(h) for h in range(12)) == 104


def test_twelve_piles_of_three_and_a_reserve_of_56():
    # 002: "Next, deal twelve piles (three cards per pile) around the inner circle. These are
    # your tableau piles, called the "outer circle"" / "All other cards are set aside as the
    # reserve."
    g = deal(7)
    assert [g.n[p] for p in range(12)] == [3] * 12
    assert g.res_len == 56 and g.n[WASTE] == 0
    assert every_card(g) == list(range(104))      # two packs: each face twice
    faces = sorted(c >> 1 for c in every_card(g))
    assert faces == sorted(list(range(52)) * 2)


def test_foundations_build_up_in_suit_past_the_king_to_their_hour():
    # 002: "So, to build the 8 of spades foundation to 3 of spades (its clock position), simply
    # build up in suit until 3 of spades is on top (8 of spades-9 of spades-10 of spades-J of
    # spades-Q of spades-K of spades-A of spades-2 of spades-3 of spades)."
    g = custom({3: "JS TS 9S", 4: "AS KS QS", 5: "4S 3S 2S", 6: "9H 9C 9D"})
    assert g.check(6, FOUND + 3) == NOT_NEXT       # a 9, but of diamonds
    assert g.check(5, FOUND + 3) == NOT_NEXT       # spades, but not the next
    order = []
    for p in (3, 3, 3, 4, 4, 4, 5, 5):
        g.play(p, FOUND + 3)
        order.append(name(g.top(FOUND + 3)))
    assert order == "9S TS JS QS KS AS 2S 3S".split()
    assert g.n[FOUND + 3] == size(3) == 9
    assert g.check(5, FOUND + 3) == COMPLETE       # the 4S: 3 o'clock is reached
    assert g.check(FOUND + 3, 5) == FOUNDATION_STAYS


def test_piles_build_down_in_suit_a_king_on_an_ace():
    # 002: "use the topmost tableau cards to build in the inner circle or to build on another
    # tableau pile around the outer circle. Note that building on the outer circle is by suit
    # in descending rank."
    g = custom({0: "2C 3C 7H", 1: "4D 4D 6H", 2: "TD TD AS", 3: "6D 6D KS", 4: "7D 7D 6C"})
    assert g.check(0, 1) == NOT_DOWN               # 7H on 6H: up, not down
    assert g.check(1, 0) == OK                     # 6H on 7H
    assert g.check(4, 0) == NOT_DOWN               # 6C on 7H: another suit
    assert g.check(3, 2) == OK                     # KS on AS: the wrap
    assert g.check(2, 3) == NOT_DOWN               # AS on KS is up
    g.play(1, 0)
    assert pile(g, 0) == "2C 3C 7H 6H" and pile(g, 1) == "4D 4D"


def test_a_pile_under_three_takes_no_card():
    # 002: "in order to build on it, an outer circle pile must contain a minimum of three
    # cards. With fewer than three cards, it may not be built on."
    g = custom({0: "2C 8H 7H", 1: "9C 5D 6H", 2: "KC KC 4D", 3: "QC JC 6D"})
    g.play(1, 0)                                   # 6H onto 7H leaves 9C 5D
    assert g.check(2, 1) == SHORT_PILE             # 4D may not go onto the 5D...
    assert g.check(1, 3) == OK                     # ...but the 5D may still leave


def test_a_card_on_its_next_in_suit_may_move_to_its_twin():
    # PySolFC's BigBen_RowStack.acceptsCards: same suit, one lower, a pile of three or more;
    # nothing about what the card lies on. Deal 7001's A-diamonds on a 2-diamonds, which the
    # added rule kept from the other 2-diamonds, now goes.
    g = custom({0: "5C 2D AD", 1: "9C 4C 2D"})
    assert not g.strict
    assert g.check(0, 1) == OK
    g.play(0, 1)
    assert pile(g, 0) == "5C 2D" and pile(g, 1) == "9C 4C 2D AD"


def test_strict_a_card_on_its_next_in_suit_stays():
    g = custom({0: "2C 8H 7H", 1: "4D 4D 8H"})
    g.strict = True
    assert g.check(0, 1) == IN_SEQUENCE            # 7H lies on an 8H already
    with pytest.raises(IllegalMove, match="lies on its next card"):
        g.play(0, 1)
    g.strict = False
    assert g.check(0, 1) == OK


def test_gaps_are_counted_and_filled_at_once():
    # 002: "Whenever a pile in the outer circle has fewer than three cards, it is said to have
    # "gaps," one gap for each card below three." / "First you must fill all gaps at the same
    # time … These gaps will continue to build until you decide to fill all gaps at once."
    g = custom({0: "2C 3C 7H", 1: "4D 4D 6H", 2: "9C 9C 5H"})
    assert g.gaps() == 0 and g.check(RESERVE, GAPS) == NO_GAPS
    g.play(1, 0)
    assert g.gaps() == 1
    g.play(2, 0)                                   # play goes on with a gap
    assert g.gaps() == 2
    g.play(RESERVE, GAPS)
    assert g.gaps() == 0 and g.res_len == 54
    assert g.moves_made == 3 and g.history[5] == GAPS + 2     # one move, two cards


def test_gaps_are_filled_from_12_oclock_clockwise_pile_by_pile():
    # 002: "start with the 12:00 pile and move clockwise. Deal as many cards as required to
    # fill all gaps in a pile before moving to the next pile. Finally, you are not allowed to
    # play or build cards in either the outer or inner circles until all your gaps are filled."
    g = custom({0: "2C 3C 7H", 1: "4D 4D 6H", 2: "TD TD 5H", 3: "KC TS 9S", 9: "QC JC 4H",
                10: "8C 8C 3H"}, reserve_top="AH AD AC AS QH 2H")
    g.play(1, 0)            # 6H on 7H: pile 1 one gap
    g.play(2, 0)            # 5H on 6H: pile 2 one gap
    g.play(3, FOUND + 3)    # 9S and TS home: pile 3 two gaps
    g.play(3, FOUND + 3)
    g.play(10, 9)           # 3H on 4H: pile 10 one gap
    assert [max(0, 3 - g.n[p]) for p in range(12)] == [0, 1, 1, 2, 0, 0, 0, 0, 0, 0, 1, 0]
    g.play(RESERVE, GAPS)
    assert g.gaps() == 0
    assert [pile(g, p).split()[-2:] for p in (1, 2, 3, 10)] == [
        ["4D", "AH"], ["TD", "AD"], ["AC", "AS"], ["8C", "QH"]]
    assert name(g.top(RESERVE)) == "2H"
    g.undo()                # the fill comes back as one move, card for card
    assert [max(0, 3 - g.n[p]) for p in range(12)] == [0, 1, 1, 2, 0, 0, 0, 0, 0, 0, 1, 0]
    assert name(g.top(RESERVE)) == "AH"


def test_deal_to_the_waste_whenever_no_gap_is_open():
    # 002: "Deal a card from the reserve on the rare occasion that you cannot build, move, or
    # fill any gaps." PySolFC's BigBen_Talon.dealCards fills the short piles when there are
    # any, else turns a card to the waste, whatever else could move: its reading.
    g = deal(1)
    assert legal_card_moves(g) and not g.gaps()
    assert g.check(RESERVE, WASTE) == OK
    card = g.top(RESERVE)
    g.play(RESERVE, WASTE)
    assert g.top(WASTE) == card
    g = custom({0: "2C 3C 7H", 1: "4D 4D 6H"})
    g.play(1, 0)
    assert g.check(RESERVE, WASTE) == FILL_FIRST
    with pytest.raises(IllegalMove, match="fill the gaps first"):
        g.play(RESERVE, WASTE)


def test_strict_deal_to_the_waste_only_when_nothing_else_can_be_done():
    # 002: "Deal a card from the reserve on the rare occasion that you cannot build, move, or
    # fill any gaps. If the reserve card itself cannot be played, deal another."
    g = BigBen()
    g.strict = True
    g.new_deal(1)
    assert g.strict
    dealt = 0
    while g.res_len and dealt < 3:
        code = g.check(RESERVE, WASTE)
        moves = legal_card_moves(g)
        if g.gaps():
            assert code == FILL_FIRST
            g.play(RESERVE, GAPS)
        elif moves:
            assert code == CAN_PLAY
            with pytest.raises(IllegalMove, match="a card can still be played"):
                g.play(RESERVE, WASTE)
            g.play(*moves[0])
        else:
            assert code == OK
            card = g.top(RESERVE)
            g.play(RESERVE, WASTE)
            assert g.top(WASTE) == card
            dealt += 1
    assert dealt == 3


def test_the_waste_top_plays_like_a_piles():
    g = deal(2)
    kinds = set()
    for src, dst in win_line():
        if src == WASTE:
            kinds.add(dst >= FOUND)
        g.play(src, dst)
    assert kinds == {True, False}                  # to a pile and to a foundation


def test_stuck_when_the_reserve_is_used_up_and_nothing_moves():
    # 002: "The game is over when the reserve pile is exhausted. There is no redeal."
    g = BigBen()
    g.strict = True         # strict: the hint moves while a card can, and every game ends
    g.new_deal(5)
    while True:
        h = hint(g)
        if h < 0:
            break
        g.play((h >> 5) & 31, h & 31)
    assert g.res_len == 0 and not legal_card_moves(g)
    assert g.is_stuck() != g.is_won()
    assert g.check(RESERVE, WASTE) == RESERVE_EMPTY


def test_refusals_name_their_reason_and_change_nothing():
    g = deal(9)
    before = g.save()
    for src, dst, code in ((30, 0, NO_SUCH_PLACE), (0, 99, NO_SUCH_PLACE),
                           (WASTE, 0, NO_CARD), (FOUND, 1, FOUNDATION_STAYS),
                           (RESERVE, 3, NO_SUCH_PLACE), (RESERVE, GAPS, NO_GAPS)):
        assert g.check(src, dst) == code
        with pytest.raises(IllegalMove):
            g.play(src, dst)
    assert g.save() == before


# -- deals ----------------------------------------------------------------------------------

CLOCK = [(1, 0), (2, 2), (3, 1), (4, 3), (5, 0), (6, 2), (7, 1), (8, 3), (9, 0), (10, 2),
         (11, 1), (12, 3)]         # PySolFC's clock cards: rank 0-12, its suit C S H D


def pysolfc(n):
    """PySolFC's Big Ben deal n: its shuffle (pysol-cards) and its hook and dealing, as names
    with the pack (0, 1) of each card."""
    order = shuffle(createCards(2), n, RandomBase.DEALS_PYSOLFC)
    want = list(CLOCK)
    clocks, rest = [], []
    for c in order:
        if (c.rank - 1, c.suit) in want:
            want.remove((c.rank - 1, c.suit))
            clocks.append(c)
        else:
            rest.append(c)
    talon = rest + sorted(clocks, key=lambda c: -c.rank)
    def tag(c):
        return "A23456789TJQK"[c.rank - 1] + "CSHD"[c.suit] + str(c.id // 52)

    found = [tag(talon.pop()) for _ in range(12)]
    rows = [[] for _ in range(12)]
    for _ in range(3):
        for i in range(12):
            rows[i].append(tag(talon.pop()))
    return found, rows, [tag(c) for c in talon]


def ours(n):
    out = deal_cards(n, bytearray(104), bytearray(104))
    def tag(c):
        return name(c) + str(c & 1)

    found = [tag(out[(i + 9) % 12]) for i in range(12)]    # PySolFC's first is at 9 o'clock
    return (found, [[tag(out[12 + p * 3 + i]) for i in range(3)] for p in range(12)],
            [tag(c) for c in out[48:]])


@pytest.mark.parametrize("n", list(range(1, 31)) + [617, 1000, 11982, 20000, 31998, 31999,
                                                      32000, 100, 5000, 25000])
def test_deal_matches_pysolfc(n):
    assert ours(n) == pysolfc(n)


def test_deals_by_their_first_cards():
    assert [pile(deal(1), 0), name(deal(1).top(RESERVE))] == ["3D 6C AC", "TH"]
    assert [pile(deal(2), 0), name(deal(2).top(RESERVE))] == ["7D 9C 5C", "5D"]
    assert [pile(deal(31999), 0), name(deal(31999).top(RESERVE))] == ["3D 3D 4S", "9S"]


def test_deal_numbers_out_of_range_are_refused():
    g = BigBen()
    for n in (0, -1, 2 ** 30):
        with pytest.raises(ValueError):
            g.new_deal(n)


# -- undo, redo, saves ----------------------------------------------------------------------

# Deal 2 won: a line found by random play with builds first, replayed. Pairs of (src, dst).
WIN_2 = (
    "2 18 2 22 6 15 5 15 11 12 1 9 1 15 2 15 1 8 25 26 1 15 1 13 5 14 9 14 9 14 5 14 5 16 "
    "25 26 1 15 5 21 9 10 25 26 5 22 25 26 9 5 9 11 9 4 25 26 0 11 25 26 25 24 24 9 25 24 "
    "24 18 10 18 10 18 0 18 25 26 10 12 7 12 25 26 10 15 8 15 25 26 10 21 11 21 11 21 11 21 "
    "25 26 11 19 11 8 25 26 11 14 25 26 25 24 24 20 5 20 5 20 11 20 5 9 3 9 3 23 25 26 "
    "11 18 25 26 25 24 25 24 25 24 24 23 9 23 9 23 9 23 9 23 10 23 10 18 10 17 4 17 4 17 "
    "9 17 1 17 1 18 1 20 9 13 2 13 24 20 25 26 9 17 10 22 10 21 24 17 1 11 5 4 1 8 1 19 "
    "8 19 8 19 8 19 4 19 4 19 4 17 4 22 6 22 6 13 6 22 9 13 9 16 2 16 10 13 8 3 8 11 7 11 "
    "7 22 7 12 11 12 11 12 11 12 11 16 3 16 3 16 11 16 2 16 2 14 0 14 0 21 0 20 5 14 5 13 "
    "3 13 3 19 11 20")


def win_line():
    v = [int(x) for x in WIN_2.split()]
    return list(zip(v[::2], v[1::2]))


def test_scripted_win_of_deal_2():
    g = deal(2)
    for src, dst in win_line():
        assert not g.is_won() and not g.is_stuck()
        g.play(src, dst)
    assert g.is_won() and not g.is_stuck()
    assert all(g.n[FOUND + h] == size(h) for h in range(12))
    assert g.check(RESERVE, WASTE) == RESERVE_EMPTY


def test_undo_and_redo_to_any_depth_two_bytes_a_move():
    g = deal(2)
    line = win_line()
    states = []
    for m in line:
        states.append((bytes(g.n), g.res_len, every_card(g)))
        g.play(*m)
    end = g.save()
    assert len(end) == 14 + 104 + 2 * len(line) + 2
    for i in range(len(line) - 1, -1, -1):
        assert g.undo()
        assert (bytes(g.n), g.res_len, every_card(g)) == states[i]
    assert not g.undo()
    while g.redo():
        pass
    assert g.save() == end and g.is_won()


def test_a_new_move_after_undo_drops_the_redo_line():
    g = deal(2)
    for m in win_line()[:12]:
        g.play(*m)
    g.undo()
    g.undo()
    alt = [m for m in legal_card_moves(g) if m != win_line()[10]]
    if alt:
        g.play(*alt[0])
    else:
        g.play(RESERVE, GAPS)
    assert not g.redo()
    assert g.moves_known == g.moves_made == 11


def test_bad_saves_are_refused_and_the_game_left_untouched():
    g = deal(2)
    for m in win_line()[:40]:
        g.play(*m)
    g.undo()
    good = g.save()
    other = deal(4)
    other.play(*legal_card_moves(other)[0]) if legal_card_moves(other) else None
    kept = other.save()

    def refused(data, why):
        with pytest.raises(SaveError, match=why):
            other.restore(bytes(data))
        assert other.save() == kept

    def resealed(data):
        crc = crc16(data, 0xFFFF, 0, len(data) - 2)
        data[-2:] = bytes((crc >> 8, crc & 255))
        return data

    refused(good[:50], "truncated")
    refused(b"CA" + good[2:], "not a Big Ben save")
    refused(good[:2] + b"\x03" + good[3:], "format")
    bad = bytearray(good)
    bad[60] ^= 1
    refused(bad, "checksum")
    bad = bytearray(good)
    bad[14] = bad[15]                              # a base card twice
    refused(resealed(bad), "impossible game")
    bad = bytearray(good)
    bad[14], bad[15] = bad[15], bad[14]            # bases on the wrong hours
    refused(resealed(bad), "impossible game")
    bad = bytearray(good)
    bad[7] = bad[8] + 1                            # more moves made than known
    refused(resealed(bad), "impossible game")
    bad = bytearray(good)
    bad[118], bad[119] = 0, FOUND                  # a first move the rules refuse
    refused(resealed(bad), "illegal move")
    bad = bytearray(good)
    i = 118 + 2 * 9                                # the first fill, with a wrong count
    assert bad[i] == RESERVE
    bad[i + 1] += 1
    refused(resealed(bad), "illegal move")
    other.restore(good)
    assert other.save() == good


# -- the hint -------------------------------------------------------------------------------

def test_hint_moves_are_legal_and_build_first():
    g = deal(2)
    for _ in range(60):
        h = hint(g)
        if h < 0:
            break
        src, dst = h >> 5, h & 31
        assert g.check(src, dst) == OK
        if any(FOUND <= d < WASTE for _, d in legal_card_moves(g)):
            assert FOUND <= dst < WASTE
        g.play(src, dst)


# -- the strict pair, and games of any length -----------------------------------------------

def v1_save(g):
    """g's game as format 1 saved it (before the strict attribute and the ring): the deal,
    moves made and known in a byte each, two history bytes a move."""
    out = bytearray(b"BB\x01") + g.deal_number.to_bytes(4, "big")
    out += bytes((g.moves_made, g.moves_known)) + g.layout + g.history[:2 * g.moves_known] + b"\0\0"
    crc = crc16(out, 0xFFFF, 0, len(out) - 2)
    out[-2:] = bytes((crc >> 8, crc & 255))
    return bytes(out)


def test_the_game_keeps_the_rules_it_was_dealt_with():
    g = BigBen()
    g.strict = True
    g.new_deal(2)
    for m in win_line()[:30]:
        g.play(*m)
    data = g.save()
    h = BigBen()
    assert not h.strict
    h.restore(data)
    assert h.strict and h.save() == data
    g.strict = False
    h.restore(g.save())
    assert not h.strict


def test_format_1_saves_load_as_strict():
    # They were played under the strict pair: deal 2's first 30 moves, 2 undone.
    g = deal(2)
    for m in win_line()[:30]:
        g.play(*m)
    g.undo()
    g.undo()
    h = BigBen()
    h.restore(v1_save(g))
    assert h.strict and h.moves_made == 28 and h.moves_known == 30
    assert every_card(h) == every_card(g) and bytes(h.n) == bytes(g.n)
    assert h.save()[10:-2] == g.save()[10:-2]          # all but the strict byte and CRC


def shuttle_game():
    """The A-diamonds laid on one of two 2-diamonds heads of piles of four: it may shuttle."""
    g = custom({0: "5C 3D 2D", 1: "9C 3D 2D", 2: "4C 6C AD"})
    g.play(2, 0)
    return g


def test_a_thousand_shuttle_moves_then_undo_save_and_restore():
    g = shuttle_game()
    for k in range(1000):
        g.play(0, 1) if k % 2 == 0 else g.play(1, 0)
    assert g.moves_made == 1001 and pile(g, 0) == "5C 3D 2D AD"
    states = []
    undone = 0
    while True:
        states.append((bytes(g.n), every_card(g), pile(g, 0), pile(g, 1)))
        if not g.undo():
            break
        undone += 1
    assert undone == 240 and g.moves_made == 761       # the ring's depth, no further
    for _ in range(100):
        g.redo()
    data = g.save()
    assert data[10:14] == (761).to_bytes(4, "big") and data[7] == 100 and data[8] == 240
    h = BigBen()
    h.restore(data)
    assert h.moves_made == 861 and h.moves_known == 1001 and h.save() == data
    assert (bytes(h.n), every_card(h), pile(h, 0), pile(h, 1)) == states[140]
    while h.redo():
        pass
    assert h.moves_made == 1001 and pile(h, 0) == "5C 3D 2D AD"
    k = 0
    while h.undo():
        k += 1
    assert k == 240 and (pile(h, 0), pile(h, 1)) == states[-1][2:]


def test_a_save_past_the_ring_is_checked_card_for_card():
    g = shuttle_game()
    for k in range(300):
        g.play(0, 1) if k % 2 == 0 else g.play(1, 0)
    good = g.save()
    other = deal(4)
    kept = other.save()
    at = 14 + 104           # the position at the ring's oldest move: reserve length, heights
    for i, v in ((at, 57), (at + 1, 30), (at + 1 + FOUND, 0), (at + 30, good[at + 31])):
        bad = bytearray(good)
        bad[i] = v
        crc = crc16(bad, 0xFFFF, 0, len(bad) - 2)
        bad[-2:] = bytes((crc >> 8, crc & 255))
        with pytest.raises(SaveError):
            other.restore(bytes(bad))
        assert other.save() == kept
    other.restore(good)
    assert other.save() == good


def test_the_position_module_keeps_no_figures_of_its_own_and_imports_nothing():
    # The engine imports it (when a save is past the ring): an import back would be a circle,
    # and a copy of the engine's figures would be a second place to change a layout in.
    import ast
    import inspect

    from engine import bigben_past
    tree = ast.parse(inspect.getsource(bigben_past))
    assert not [n for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom))]
    assert all(isinstance(n, ast.FunctionDef) for n in tree.body[1:])    # the docstring first
    g = shuttle_game()
    for k in range(241):
        g.play(0, 1) if k % 2 == 0 else g.play(1, 0)
    data = g.save()
    h = BigBen()
    h.restore(data)                    # the module's foundation sizes are the engine's own
    assert all(h.n[FOUND + x] <= size(x) for x in range(12)) and h.save() == data


def test_any_byte_of_a_save_past_the_ring_damaged_is_refused_or_sound():
    # Resealed so the CRC passes: each byte changed gives a SaveError (the game untouched) or
    # a game whose cards are all there; never another error.
    g = shuttle_game()
    for k in range(250):
        g.play(0, 1) if k % 2 == 0 else g.play(1, 0)
    good = g.save()
    other = deal(4)
    kept = other.save()
    refused = 0
    for i in range(2, len(good) - 2):
        for flip in (0x01, 0x80):
            bad = bytearray(good)
            bad[i] ^= flip
            crc = crc16(bad, 0xFFFF, 0, len(bad) - 2)
            bad[-2:] = bytes((crc >> 8, crc & 255))
            try:
                other.restore(bytes(bad))
            except SaveError:
                refused += 1
                assert other.save() == kept
                continue
            assert every_card(other) == list(range(104))
            other.restore(kept)
    assert refused > len(good)


def test_a_save_claiming_too_many_moves_dropped_is_refused():
    g = shuttle_game()
    for k in range(250):
        g.play(0, 1) if k % 2 == 0 else g.play(1, 0)
    bad = bytearray(g.save())
    bad[10] = 0x40                      # 2**30 moves and more: past what a small int counts
    crc = crc16(bad, 0xFFFF, 0, len(bad) - 2)
    bad[-2:] = bytes((crc >> 8, crc & 255))
    with pytest.raises(SaveError, match="impossible game"):
        BigBen().restore(bytes(bad))
