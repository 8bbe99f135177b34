"""Helpers for the Yo-yo tests: hand-made tables, card names, cards accounted for."""
from engine import cards
from engine.tableau import NUM_FANS
from engine.yoyo import Yoyo


def table(fans, low="", players=2, first=0, kinds=b"", options=0):
    """A game whose first fans are given ('9S 9H 2D', bottom first, top last); the other fans
    take every unused card, those of the ranks in `low` at their bottoms, where neither a
    play nor a transfer can reach them."""
    used = [cards.parse(t) for fan in fans for t in fan.split()]
    rest = [c for c in range(52) if c != cards.ACE_OF_SPADES and c not in used]
    k = NUM_FANS - len(fans)
    assert len(rest) == 3 * k
    rest.sort(key=lambda c: cards.RANK_CHARS[c >> 2] not in low)
    assert sum(cards.RANK_CHARS[c >> 2] in low for c in rest) <= k, "too many low cards"
    extra = bytearray(3 * k)
    for i, c in enumerate(rest):
        extra[(i % k) * 3 + i // k] = c
    g = Yoyo()
    g.start(bytes(used) + bytes(extra), players, first, kinds, 0, options)
    return g


def fan_of(g, name):
    """The fan whose top card is `name`."""
    c = cards.parse(name)
    for f in range(NUM_FANS):
        if g.tableau.top(f) == c:
            return f
    raise AssertionError("%s is on no fan's top" % name)


def centre(g):
    return " ".join(cards.name(c) for c in g.played[g.base:g.n])


def ranks(g):
    return "".join(cards.RANK_CHARS[c >> 2] for c in g.played[g.base:g.n])


def all_cards(g):
    """Every card once: on the fans, in the centre or in the piles won."""
    t = g.tableau
    fans = [t.cards[f * 3 + i] for f in range(NUM_FANS) for i in range(t.heights[f])]
    return sorted(fans + list(g.played[:g.n]))


def snapshot(g):
    t = g.tableau
    return (bytes(t.cards), bytes(t.heights), bytes(g.played[:g.n]), g.base, bytes(g.won),
            g.turn, g.phase, g.down, g.stuck, g.ran, g.xfer)
