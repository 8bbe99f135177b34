"""YoYo's log of the last moves (AmigoTable.log: four bytes an event: kind, seat, a, b) and the
news it makes: what other seats' cards did to a person since their last decision, told on
their curtain and table. Loaded with the table (a name interned mid-game stays on a board's
heap for good and splits it); the last moves' screen reads it from ui/yoyo_amigo/words.py. A hidden
card is named only to the person holding the device, and only on the table: a curtain is seen
by whoever holds the device before it changes hands."""
from engine.amigo import A_DRAW, A_KEEP, A_PLAY, P_DIR, P_OVER, P_TAKE, P_TURN
from ui.yoyo_amigo.play import prompt

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
_E_SHUFFLE = const(9)   # the discards became the draw pile
_LOG_SIZE = const(32)    # events kept: more than 5 CPU seats make between two decisions
_MSG_CHARS = const(25)  # ui.yoyo_amigo.view.MSG_CHARS


def make(t):
    """Table t's log, made once: its bytes, the news told per seat, the line news is made in."""
    t.log = bytearray(4 * _LOG_SIZE)
    t.seen = [0] * 6            # per seat: events already told at its decision
    t.got = bytearray(6)        # per seat: the card the last pass left brought
    t.line = bytearray(_MSG_CHARS)
    t.tell_s = t.tell_i = t.tell_end = t.drew = 0
    clear(t)


def clear(t):
    """A new game: nothing logged or told yet."""
    t.moves = 0                 # events so far; the log keeps the last _LOG_SIZE
    t.shuffled = 0              # the draw pile's reshuffles logged
    for s in range(6):
        t.seen[s] = 0


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
        # the card, and whether it was kept for not fitting (the turn passed)
        t.drew = t.moves
        _push(t, _E_DRAW, s, g.drawn, 1 if g.pending == P_TURN else 0)
        if g.exhausted != t.shuffled:
            t.shuffled = g.exhausted
            if g.pending != P_OVER:
                _push(t, _E_SHUFFLE, s, 0, 0)
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


# The table's news, one line at a time into the table's bytearray t.line, so a CPU move that
# brings news allocates nothing: the fixed words are copied letter by letter, names and cards
# written in place. A curtain's and the last moves' lines are strings (a screen change).
def _put(buf, k, words):
    for i in range(len(words)):
        if k < len(buf):
            buf[k] = ord(words[i])
            k += 1
    return k


def _num(buf, k, v):
    if v >= 10:
        buf[k] = 48 + v // 10
        k += 1
    buf[k] = 48 + v % 10
    return k + 1


def _card(buf, k, c):
    # "B8", "R15", "Y14", as name() spells them
    kind = c >> 5
    buf[k] = 66 if kind == 0 else 82 if kind == 1 else 89
    return _num(buf, k + 1, c & 31)


def line(t, i, s, cards=True):
    """Event i of the log, told to seat s in t.line (blank-filled) if it concerns s: True
    then. cards names the cards s may see (on the table, seen by s alone; not a curtain)."""
    j = 4 * (i % _LOG_SIZE)
    e = t.log[j] & 15
    who = t.log[j + 1] & 7
    a = t.log[j + 2]
    buf = t.line
    if e == _E_SKIP and a == s:
        k = _put(buf, _put(buf, 0, t.names[who]), " skipped you")
    elif e == _E_TAKE and a == s:
        k = _put(buf, 0, t.names[who])
        if t.log[j] >> 4 > 1:
            k = _put(buf, _num(buf, _put(buf, k, " took "), t.log[j] >> 4), " from you")
        else:
            k = _put(buf, k, " took your ")
            k = _card(buf, k, t.log[j + 3]) if cards else _put(buf, k, "card")
    elif e == _E_PASS:
        k = _card(buf, _put(buf, 0, "Passed left: you got "), t.got[s]) if cards else \
            _put(buf, 0, "Passed left: a new card")
    elif e == _E_CHAOS and who != s:
        k = _put(buf, _put(buf, 0, t.names[who]), "'s chaos: new hands")
    elif e == _E_SHUFFLE:
        k = _put(buf, 0, "Draw pile reshuffled")
    elif e == _E_DRAW and who == s and t.log[j + 3] and cards:
        k = _put(buf, _card(buf, _put(buf, 0, "Drew "), a), ", no fit: kept")
    else:
        return False
    while k < len(buf):
        buf[k] = 32
        k += 1
    return True


def start(t, s):
    """Seat s decides: its news since its last decision, the first line in t.line (True) and
    the rest by more(t); the cursor goes to a card a pass left brought it. A line counts as
    told once the next is asked for: a power cut or the menu mid-news tells it again."""
    t.tell_s = s
    t.tell_i = max(t.seen[s], t.moves - _LOG_SIZE)
    t.tell_end = t.moves
    for i in range(t.tell_i, t.moves):
        if t.log[4 * (i % _LOG_SIZE)] == _E_PASS:
            g = t.game
            for c in range(g.counts[s]):
                if g.card(s, c) == t.got[s]:
                    t.cursor = c
    return more(t)


def more(t):
    """The next line of the news start() began, in t.line: False when none is left."""
    while t.tell_i < t.tell_end:
        t.seen[t.tell_s] = t.tell_i
        t.tell_i += 1
        if line(t, t.tell_i - 1, t.tell_s):
            return True
    t.seen[t.tell_s] = t.tell_end
    return False


def ask(t):
    """The decision's prompt, and for a take the white bar under the seat it would hit: the
    two come together, so the bar is never there without the words that explain it."""
    g = t.game
    if g.pending == P_TAKE:
        t.view.mark_victim(t.pick)
    t.view.say(prompt(g))


def telling(t):
    """A person's news is on the message row (keys then only show the next line)."""
    return t.view.said is t.line and not t.busy() and t.game.pending != P_OVER


def next_news(t, app, now=False):
    """The next line of news, or once it is told the prompt: when due, or now (a key: it
    does nothing else, so a person in a hurry loses no news and no key acts on a decision
    whose prompt is not yet shown)."""
    if not telling(t) or not (now or app.due()):
        return False
    if more(t):
        t.view.say_line(t.line)
        app.due(True)
    else:
        ask(t)
    return True


def name(c):
    """"B8", "R15", "Y14": colour letter and value, as the help's card key spells them."""
    k = c >> 5
    return "%s%d" % (("B", "R", "Y")[k if k < 2 else 2], c & 31)


def events(t):
    first = max(0, t.moves - _LOG_SIZE)
    for i in range(first, t.moves):
        j = 4 * (i % _LOG_SIZE)
        yield i, t.log[j], t.log[j + 1] & 7, t.log[j + 2], t.log[j + 3], t.log[j + 1] >> 3


def tell(t, s, cards=True):
    """What other seats did to seat s since its last decision, oldest first, as strings."""
    out = []
    for i in range(max(t.seen[s], t.moves - _LOG_SIZE), t.moves):
        if line(t, i, s, cards):
            out.append(bytes(t.line).decode().rstrip())
    return out
