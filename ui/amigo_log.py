"""YoYo's log of the last moves (AmigoTable.log: four bytes an event: kind, seat, a, b) and the
news it makes: what other seats' cards did to a person since their last decision, told on
their curtain and table. Loaded with the table (a name interned mid-game stays on a board's
heap for good and splits it); the last moves' screen reads it from ui/amigo_words.py. A hidden
card is named only to the person holding the device, and only on the table: a curtain is seen
by whoever holds the device before it changes hands."""
from engine.amigo import A_DRAW, A_KEEP, A_PLAY, P_DIR, P_OVER, P_TAKE

try:
    from micropython import const
except ImportError:
    const = int

# the log's event kinds
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
