"""Helpers for the YoYo tests: cards by name ("B8", "R15", "Y14") and tables laid out by hand.
The tests at the bottom hold the helpers themselves to the deck."""
from engine.amigo import DECK, DECK_SIZE, NONE, P_TURN, Amigo

KINDS = "BR"


def card(text):
    """'B8' blue 8, 'R15' red 15, 'Y14' the yellow 14 (its action follows from the deck)."""
    v = int(text[1:])
    if text[0] == "Y":
        return next(c for c in DECK if c >> 5 >= 2 and c & 31 == v)
    return KINDS.index(text[0]) << 5 | v


def name(c):
    return ("B", "R")[c >> 5] + str(c & 31) if c >> 5 < 2 else "Y%d" % (c & 31)


def hand(g, s):
    return [name(g.card(s, i)) for i in range(g.counts[s])]


def index(g, s, text):
    c = card(text)
    return next(i for i in range(g.counts[s]) if g.card(s, i) == c)


def table(players, hands, pile=(), turn=0, direction=0, owner=NONE, options=0, draw=None):
    """A game in progress: hands[s] and the discards (top last) as card names, the rest of
    the deck in the draw pile (or `draw`, top last, with the remainder beneath it)."""
    g = Amigo()
    g.new_match(players, 1, options)
    rest = list(DECK)
    for t in [t for h in hands for t in h] + list(pile) + list(draw or ()):
        rest.remove(card(t))
    for s in range(6):
        g.counts[s] = 0
    for s, h in enumerate(hands):
        for t in h:
            g._add(s, card(t))
    for i, t in enumerate(pile):
        g.pile[i] = card(t)
    g.pile_len = len(pile)
    stack = rest + [card(t) for t in (draw or ())]
    g.draw[:len(stack)] = bytes(stack)
    g.draw_len = len(stack)
    g.turn = g.seat = turn
    g.pending = P_TURN
    g.dir = direction
    g.owner = owner
    g.last_n = 0
    assert total(g) == DECK_SIZE
    return g


def total(g):
    return g.draw_len + g.pile_len + sum(g.counts[s] for s in range(g.players))


def all_cards(g):
    cards = list(g.draw[:g.draw_len]) + list(g.pile[:g.pile_len])
    for s in range(g.players):
        cards += [g.card(s, i) for i in range(g.counts[s])]
    return sorted(cards)


def play(g, *names):
    """Play the named cards of the deciding seat as one play; the engine's reason code."""
    buf = bytearray(DECK_SIZE)
    for j, t in enumerate(names):
        buf[j] = index(g, g.seat, t)
    return g.apply(1, len(names), buf)


def test_deck_names_round_trip():
    assert sorted(card(name(c)) for c in DECK) == sorted(DECK)


def test_table_keeps_every_card():
    g = table(3, [["B8", "R3"], ["Y14"], ["B1", "B1"]], pile=["R20"])
    assert all_cards(g) == sorted(DECK)
    assert hand(g, 2) == ["B1", "B1"] and g.top() == card("R20")
