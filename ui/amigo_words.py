"""YoYo's words on its text screens: the curtain's lines and the score table. Loaded with the
first curtain or score table, apart from the help paragraphs (ui/seats_help.py), which load
only while help is shown."""
from engine.amigo import P_OVER, PILE_OUT, TOOK_LAST


def handover(g):
    """The curtain's lines: what is asked, the top card and the draw pile, in words."""
    what = ("", "Your turn to play.", "Play or keep your draw.", "Choose up or down.",
            "Take cards from a player.", "Pass a card to the left.")[g.pending]
    t = g.top()
    if t == 0:
        top = "The pile is empty."
    else:
        k = t >> 5
        top = "Top: %s %d going %s" % ("blue red yellow".split()[k if k < 2 else 2], t & 31,
                                       "down" if g.dir else "up")
    return [what, top, "%d cards left to draw." % g.draw_len]


def scores(g, names):
    """The score table's contents (ui/seat_screens.py)."""
    n = g.players
    over = g.pending == P_OVER
    rows = [(names[s], ("+" if g.points(s) >= 0 else "") + str(g.points(s)) if over else "-",
             ("+" if g.scores[s] >= 0 else "") + str(g.scores[s])) for s in range(n)]
    if g.match_over():
        title = "Match over (%d games)" % (2 * n)
        best = max(g.scores[:n])
        won = [names[s] for s in range(n) if g.scores[s] == best]
        last = ("Winner: " if len(won) == 1 else "Winners: ") + ", ".join(won)
        if len(last) > 25:
            last = "%d players share the win" % len(won)
    elif over:
        title = "Game %d of %d over" % (g.game + 1, 2 * n)
        last = ("Draw pile ran out twice" if g.end == PILE_OUT else
                "%s's last card taken" % names[g.winner] if g.end == TOOK_LAST else
                "%s went out" % names[g.winner])
    else:
        title = "Scores  game %d of %d" % (g.game + 1, 2 * n)
        last = ""
    return title, "    game   total", rows, (last,)
