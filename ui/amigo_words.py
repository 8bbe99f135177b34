"""YoYo's words on its text screens and for events: the curtain's lines, the news a person
gets at their next decision (what other seats' cards did to them), the end of a game and the
score table, the last moves' screen (Down). Loaded with the table, so its names are interned
before play fills the heap (a name interned mid-game stays there for good and splits the
heap); the help paragraphs (ui/seats_help.py) load only while shown.

The log (AmigoTable.log) holds four bytes an event: kind, seat, a, b (see the E_ names in
ui/amigo_app.py). A hidden card is named only to the person holding the device, and only on
the table: a curtain is seen by whoever holds the device before it changes hands."""
from engine.amigo import (A_DRAW, A_KEEP, A_PLAY, P_DIR, P_DRAWN, P_OVER, P_TAKE, PILE_OUT,
                          TOOK_LAST, WENT_OUT)
from hw import keys
from ui.amigo_play import P_STUCK_TEXT

try:
    from micropython import const
except ImportError:
    const = int

# the log's event kinds (ui/amigo_app.py records them)
_E_PLAY = const(1)      # seat + 8 * cards played, first card, last card
_E_DRAW = const(2)
_E_KEEP = const(3)
_E_DIR = const(4)       # seat, way
_E_SKIP = const(5)      # seat, the seat skipped
_E_TAKE = const(6)      # kind + 16 * cards taken; seat taking, from whom, the last card taken
_E_PASS = const(7)      # seat that played the arrow
_E_CHAOS = const(8)
_LOG_SIZE = const(16)    # events kept


def _push(t, e, s, a, b):
    j = 4 * (t.moves % _LOG_SIZE)
    log = t.log
    log[j] = e
    log[j + 1] = s
    log[j + 2] = a
    log[j + 3] = b
    t.moves += 1

def record(t, p, s, a, arg):
    """Log the action seat s took at decision p on table t, and what its card did to
    others (per move: it allocates nothing). A shuffle or a pass shows new cards, so it cannot
    be taken back."""
    g = t.game
    n = g.players
    if s != t.last:
        t.last = -1
    if a == A_PLAY:
        # the seat and how many cards share a byte: a series is at most 20
        _push(t, _E_PLAY, s | g.last_n << 3, g.pile[g.pile_len - g.last_n], g.top())
        if g.pending == P_DIR or g.pending == P_OVER:
            return
    elif a == A_DRAW:
        _push(t, _E_DRAW, s, 0, 0)
        return
    elif a == A_KEEP:
        _push(t, _E_KEEP, s, 0, 0)
        return
    elif p == P_DIR:
        _push(t, _E_DIR, s, g.dir, 0)
    elif p == P_TAKE:
        _push(t, _E_TAKE + 16 * g.stake, s, arg, g.taken)
        return
    else:
        if (s + 1) % n == g.actor:          # the last choice: the cards went left
            tmp = g.tmp
            for k in range(n):
                t.got[k] = tmp[(k + n - 1) % n]
            _push(t, _E_PASS, g.actor, 0, 0)
            t.last = -1
        return
    c = g.top() >> 5
    if c == 2:
        _push(t, _E_SKIP, s, (s + 1) % n, 0)
    elif c == 5:
        _push(t, _E_CHAOS, s, 0, 0)
        t.last = -1
    if g.pending == P_OVER:
        t.last = -1


def hint(t, g, s):
    """Up: the cursor to the next card that fits (the drawn one, if one was drawn)."""
    cnt = g.counts[s]
    found = -1
    n = 0
    for j in range(1, cnt + 1):
        i = (t.cursor + j) % cnt
        c = g.card(s, i)
        if c == g.drawn if g.pending == P_DRAWN else g.fits(s, c):
            n += 1
            if found < 0:
                found = i
    if found < 0:
        t.view.say(P_STUCK_TEXT)
        return
    t.cursor = found
    t.view.move_cursor(g, found, t.sel, t.picks.n)
    # words here, not named constants: every name stays on a board's heap for good
    t.view.say("Only this card fits" if n == 1 else "This fits. Up: next one")


# The table's news: fixed words, so a CPU's move that brings them allocates nothing (names and
# cards are on the curtain and in the last moves).
SKIPPED = "You were skipped"
TAKEN = "A card was taken from you"
GOT = "Passed left: see cursor"
CHAOS = "Chaos: hands dealt again"


def latest(t, s):
    """The table's news for seat s: what the latest of other seats' moves since its last
    decision did to it, or None; for a pass left, the cursor goes to the card it got."""
    out = None
    for i in range(max(t.seen[s], t.moves - _LOG_SIZE), t.moves):
        j = 4 * (i % _LOG_SIZE)
        e = t.log[j] & 15
        who = t.log[j + 1] & 7
        if e == _E_SKIP and t.log[j + 2] == s:
            out = SKIPPED
        elif e == _E_TAKE and t.log[j + 2] == s:
            out = TAKEN
        elif e == _E_PASS:
            out = GOT
        elif e == _E_CHAOS and who != s:
            out = CHAOS
    if out is GOT:
        g = t.game
        for i in range(g.counts[s]):
            if g.card(s, i) == t.got[s]:
                t.cursor = i
    return out


def name(c):
    """"B8", "R15", "Y14": colour letter and value, as the help's card key spells them."""
    k = c >> 5
    return "%s%d" % (("B", "R", "Y")[k if k < 2 else 2], c & 31)


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
        lines += tell(t, s, t.names, False)[-2:]
    return lines + [top, "%d cards left to draw." % g.draw_len]


def events(t):
    first = max(0, t.moves - _LOG_SIZE)
    for i in range(first, t.moves):
        j = 4 * (i % _LOG_SIZE)
        yield i, t.log[j], t.log[j + 1] & 7, t.log[j + 2], t.log[j + 3], t.log[j + 1] >> 3


def tell(t, s, names, cards=True):
    """What other seats did to seat s since its last decision, oldest first; cards names
    the cards moved (only for the table, seen by s alone)."""
    out = []
    for i, e, who, a, b, _ in events(t):
        if i < t.seen[s] or who == s and e != _E_PASS:
            continue
        kind = e & 15
        if kind == _E_SKIP and a == s:
            out.append("%s skipped you" % names[who])
        elif kind == _E_TAKE and a == s:
            m = e >> 4
            if m > 1:
                out.append("%s took %d from you" % (names[who], m))
            else:
                out.append("%s took your %s" % (names[who], name(b) if cards else "card"))
        elif kind == _E_PASS:
            out.append("Passed left: you got %s" % name(t.got[s]) if cards else
                       "Passed left: a new card")
        elif kind == _E_CHAOS:
            out.append("%s's chaos: new hands" % names[who])
    return out


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
            out.append("%s drew a card" % w)
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


def scores(g, names):
    """The score table's contents (ui/seat_screens.py)."""
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
    return title, "    game   total", rows, last
