"""Select's hint: which fan to play next, judged without touching the game (and its redo line)."""
from engine.cards import adjacent
from engine.tableau import FAN_SIZE, NUM_FANS

_moves = bytearray(NUM_FANS)


def suggest(game):
    """The playable fan that leaves the most moves open afterwards, or -1 when stuck."""
    t = game.tableau
    n = game.legal_moves(_moves)
    best = -1
    best_open = -1
    for i in range(n):
        f = _moves[i]
        top = t.top(f) >> 2
        still = 0
        for g in range(NUM_FANS):
            h = t.heights[g] - (1 if g == f else 0)
            if h > 0 and adjacent(t.cards[g * FAN_SIZE + h - 1] >> 2, top):
                still += 1
        if still > best_open:
            best_open = still
            best = f
    return best
