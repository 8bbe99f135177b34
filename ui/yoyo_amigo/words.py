"""YoYo's words on its text screens: the curtain's lines, the end of a game and the score
table (and what A does there), the last moves' screen (Down, from the log in
ui/yoyo_amigo/log.py). Loaded with the table, so its names are interned before play fills the
heap; the help paragraphs (ui/seated/help.py) load only while shown."""
from engine.amigo import P_OVER, PILE_OUT, WENT_OUT
from hw import keys
from ui import forget
from ui.yoyo_amigo.log import events, name, tell

try:
    from micropython import const
except ImportError:
    const = int

# the log's event kinds (ui/yoyo_amigo/log.py records them)
_E_PLAY = const(1)      # seat + 8 * cards played, first card, last card
_E_DRAW = const(2)
_E_KEEP = const(3)
_E_DIR = const(4)       # seat, way
_E_SKIP = const(5)      # seat, the seat skipped
_E_TAKE = const(6)      # kind + 16 * cards taken; seat taking, from whom, the last card taken
_E_PASS = const(7)      # seat that played the arrow
_E_CHAOS = const(8)
_E_SHUFFLE = const(9)


def handover(g, t=None, s=0):
    """The curtain's lines: what is asked, the news for seat s (table t), the top card and
    the draw pile, in words."""
    what = ("", "Your turn to play.", "Play or keep your draw.", "Choose up or down.",
            "Take cards from a player.", "Pass a card to the left.")[g.pending]
    tp = g.top()
    if tp == 0:
        top = "The pile is empty."
    else:
        k = tp >> 5
        top = "Top: %s %d going %s" % ("blue red yellow".split()[k if k < 2 else 2], tp & 31,
                                       "down" if g.dir else "up")
    lines = [what]
    if t is not None:
        lines += tell(t, s, False)[-2:]
    return lines + [top, "%d cards left to draw." % g.draw_len]


def lines(t, holder, since=0):
    """The last moves (from event `since` on), oldest first, each a line of the log
    screen."""
    out = []
    for i, e, who, a, b, n in events(t):
        if i < since:
            continue
        w = "You" if who == holder else t.names[who]
        kind = e & 15
        if kind == _E_PLAY:
            if n == 1:
                out.append("%s played %s" % (w, name(b)))
            else:
                out.append("%s played %s%s%s" % (w, name(a), " " if n == 2 else "..",
                                                 name(b)))
        elif kind == _E_DRAW:
            # the card only to the one who drew it
            out.append("You drew %s" % name(a) if who == holder else "%s drew a card" % w)
        elif kind == _E_SHUFFLE:
            out.append("Draw pile reshuffled")
        elif kind == _E_KEEP:
            out.append("%s kept the draw" % w)
        elif kind == _E_DIR:
            out.append("%s chose %s" % (w, "down" if a else "up"))
        elif kind == _E_SKIP:
            out.append("%s skipped %s" % (w, "you" if a == holder else t.names[a]))
        elif kind == _E_TAKE:
            m = e >> 4
            if m == 1 and a == holder:
                out.append("%s took your %s" % (w, name(b)))
            elif m == 1 and who == holder:
                out.append("You took %s from %s" % (name(b), t.names[a]))
            else:
                out.append("%s took %d from %s" % (w, m, "you" if a == holder
                                                    else t.names[a]))
        elif kind == _E_PASS:
            out.append("All passed a card left")
            if 0 <= holder < len(t.got):
                out.append("You got %s" % name(t.got[holder]))
        elif kind == _E_CHAOS:
            out.append("%s: chaos, new hands" % w)
    return out


class LastMoves:
    """Start opens the menu, any other key goes back to the table."""

    def show(self, app):
        out = lines(app.table, app.holder)[-8:] or ["Nothing played yet"]
        while len(out) < 8:
            out.append("")
        app.text.show(["Last moves"] + out + ["Any key: back"])

    def key(self, app, k):
        if k == keys.START:
            app.open_menu()     # B there comes back here
        else:
            app.pop()


def over(g, names):
    """The table's message once a game is over."""
    if g.end == PILE_OUT:
        return "Draw pile out. A: scores"
    return "%s is out. A: scores" % names[g.winner]


def scores(g, names, app=None):
    """The score table's contents (ui/seated/screens.py); with app, each person's matches
    against the CPU seats in the lines left free."""
    n = g.players
    over = g.pending == P_OVER
    rows = [(names[s], ("+" if g.points(s) >= 0 else "") + str(g.points(s)) if over else "-",
             ("+" if g.scores[s] >= 0 else "") + str(g.scores[s])) for s in range(n)]
    last = ()
    if g.match_over():
        title = "Match over (%d games)" % (2 * n)
        best = max(g.scores[:n])
        won = [names[s] for s in range(n) if g.scores[s] == best]
        line = ("Winner: " if len(won) == 1 else "Winners: ") + ", ".join(won)
        if len(line) > 25:
            line = "%d players share the win" % len(won)
        last = (line,)
    elif over:
        title = "Game %d of %d over" % (g.game + 1, 2 * n)
        if g.end == PILE_OUT:
            last = ("No one out: pile ran out",)
        else:
            last = ("%s went out: +5" % names[g.winner] if g.end == WENT_OUT else
                    "%s out by a take: +5" % names[g.winner],)
        if n < 6:       # room for a second line under five rows or fewer
            last += ("Others: -1 a card held",)
    else:
        title = "Scores  game %d of %d" % (g.game + 1, 2 * n)
    if app is not None:
        from ui.seated import records as seat_records
        last += tuple(seat_records.lines(app)[:6 - n])
        forget("seated.records")
    return title, "    game   total", rows, last


def after_scores(app):
    """A on the score table: the next game, or a new match once this one is over."""
    g = app.game
    if g.match_over():
        from ui.seated import (
            records as seat_records,  # counted here: once, as the next match starts
        )
        seat_records.match_over(app)
        forget("seated.records")
        app.new_game()
        app.save_now()              # the match's records, counted just now, at once
    else:
        g.next_game()
        app.table.clear()      # the news and moves of the game before are done with
        app.changed()
        app.begin()
