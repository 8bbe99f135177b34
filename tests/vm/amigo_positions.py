# Runs on CPython and under CircuitPython (tests/test_amigo_strong_props.py): random YoYo
# positions of every decision kind, a hand holding anything from one card to all but a few of
# the deck, and a scramble of everything the seat to move cannot see. Only the engine's own
# generator is used, so both interpreters build the same positions from the same seed.
from engine.amigo import (DECK, DECK_SIZE, ESCALATE, NONE, P_DIR, P_DRAWN, P_PASS, P_TAKE,
                          P_TURN, Amigo)
from engine.amigo_strong import Strong

KINDS = (P_TURN, P_DRAWN, P_DIR, P_TAKE, P_PASS)
_buf = bytearray(DECK_SIZE)


def position(g, rnd, players):
    """A legal-looking position in g, built from rnd (an engine.rng.MsRandom): the deck cut
    into the discards, the draw pile (at least one card) and the hands (at least one each).
    One time in three a single hand takes nearly the whole deck
    (all but one card for each other hand and one to four for the draw pile)."""
    g.new_match(players, rnd.rand(), rnd.below(4))
    d = _buf
    for i in range(DECK_SIZE):
        d[i] = DECK[i]
    rnd.shuffle(d)
    big = rnd.below(3) == 0
    pile = 0 if big or rnd.below(4) == 0 else rnd.below(DECK_SIZE - players - 1)
    rest = DECK_SIZE - pile
    draw = 1 + rnd.below(4 if big else rest - players)
    held = rest - draw
    c = g.counts
    for o in range(players):
        c[o] = 1
    if big:
        c[rnd.below(players)] += held - players
    else:
        for _ in range(held - players):
            c[rnd.below(players)] += 1
    k = 0
    for o in range(players):
        n = c[o]
        c[o] = 0
        for _ in range(n):
            g._add(o, d[k])
            k += 1
    for i in range(draw):
        g.draw[i] = d[k]
        k += 1
    g.draw_len = draw
    for i in range(pile):
        g.pile[i] = d[k]
        k += 1
    g.pile_len = pile
    s = g.seat = g.turn = rnd.below(players)
    g.dir = rnd.below(2)
    g.owner = NONE if pile == 0 or rnd.below(3) == 0 else rnd.below(players)
    g.exhausted = rnd.below(2)
    g.game = rnd.below(2 * players)
    g.last_n = 1 + rnd.below(3)
    for o in range(players):
        g.scores[o] = rnd.below(61) - 40
        g.passes[o] = rnd.below(g.counts[o])
    g.taken = d[rnd.below(DECK_SIZE)]
    g.drawn = d[rnd.below(DECK_SIZE)]
    p = g.pending = KINDS[rnd.below(len(KINDS))]
    if p == P_DRAWN:
        i = rnd.below(g.counts[s])
        g.drawn = g.card(s, i)
        if not g.fits(s, g.drawn):
            g.pending = P_TURN
    elif p == P_DIR:
        g.pact = rnd.below(4)
        g.owner = s
    elif p == P_TAKE:
        g.options |= ESCALATE if rnd.below(2) else 0
        g.stake = 1 + rnd.below(4)
        g.takes = 1 if players == 2 else 1 + rnd.below(2)
        g.victim = NONE
        if g.takes == 1 and players > 2 and rnd.below(2):
            g.victim = (s + 1 + rnd.below(players - 1)) % players
        g.owner = (s + players - 1) % players
    elif p == P_PASS:
        g.actor = rnd.below(players)


def scramble(g, rnd):
    """Change all g.seat cannot see: the other hands and the draw pile re-dealt from the cards
    among them (counts kept), the face-down passes of the other seats, the game's seed and
    generator, the last card taken and, unless it is the seat's own, the drawn card."""
    s = g.seat
    b = _buf
    m = 0
    for i in range(g.draw_len):
        b[m] = g.draw[i]
        m += 1
    for o in range(g.players):
        if o != s:
            for i in range(g.counts[o]):
                b[m] = g.card(o, i)
                m += 1
    rnd.shuffle(b, m)
    t = b[rnd.below(m)]
    for o in range(g.players):
        if o != s:
            n = g.counts[o]
            g.counts[o] = 0
            for _ in range(n):
                m -= 1
                g._add(o, b[m])
            g.passes[o] = rnd.below(n)
    for i in range(m):
        g.draw[i] = b[i]
    g.seed = rnd.rand()
    g.rng.seed(rnd.rand())
    g.taken = t
    if g.pending != P_DRAWN:
        g.drawn = b[rnd.below(m)]


def choice(g, rollouts=16, seed=5):
    """The strong seat's move as (action, arg, cards of a play), its own generator seeded."""
    c = Strong(rollouts, seed=seed)
    a = c.decide(g)
    return (a, c.arg, bytes(c.sel[:c.arg]) if a == 1 else b"")
