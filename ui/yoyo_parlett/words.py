"""Yo-yo's prompts that name the rank wanted (a pass, a transfer) and the words said as a
turn starts; loaded with the table (ui/yoyo_parlett/table.py)."""
from engine.yoyo import HUMAN
from ui.deck import RANK_NAMES
from ui.yoyo_parlett.view import PROMPTS, start_words

try:
    from micropython import const
except ImportError:
    const = int

_PASS_P = const(3)            # ui/yoyo_parlett/view.py's prompt indices
_XFER_P = const(4)
_MAY_P = const(7)
_ROW = const(26)              # the message row's characters (ui/text.py SCREEN_CHARS)


def prompt_words(g, p):
    """The prompt for the seat to move (PROMPTS), naming the rank wanted where the seat
    cannot play it: why A passes, and which card a transfer would free."""
    if p != _PASS_P and p != _XFER_P and p != _MAY_P or g.need() < 0:
        return PROMPTS[p]
    o = g.other()
    k = RANK_NAMES[g.need()] + ("/" + RANK_NAMES[o] if o >= 0 else "")
    if p == _PASS_P:
        return "No %s fits: A passes" % k
    k = "Sel: free %s %s" % ("an" if k[0] in "A8" else "a", k)
    return "%s, A: pass" % k if p == _MAY_P and len(k) <= 16 else k


def prompt_of(t):
    """Table t's prompt for the seat to move, made again only when the prompt or the rank it
    names changes: a play allocates nothing."""
    g = t.game
    p = t.prompt_index_now()
    words = PROMPTS[p]
    if p != _PASS_P and p != _XFER_P and p != _MAY_P:
        return words
    key = p | (g.need() + 1) << 4 | (g.other() + 1) << 8
    if key != t.prompt_key:
        t.prompt_key = key
        t.prompt_said = prompt_words(g, p)
    return t.prompt_said


def say_start(t, app, event):
    """The message row as a seat's turn starts: the event, news, the prompt."""
    g = t.game
    p = t.prompt_index_now()
    who = "%s plays." % t.seat_name(app, g.turn) if g.kinds[g.turn] != HUMAN else ""
    words = prompt_of(t) if p == _PASS_P or p == _XFER_P or p == _MAY_P else start_words(g, p)
    if event:
        line = "%s %s" % (event, who or words)
    else:
        line = "%s %s" % (who, words) if who else prompt_of(t)
    news = t.news
    if event and len(line) > _ROW:
        # the event, then the prompt that names the rank: both whole, in turn
        news = news + [event]
        line = words
    if news and not who:
        # a person's turn: the transfers since their last, one at a time, then the prompt
        t.in_turn(app, news + [line])
        t.news = []
    else:
        t.view.say(line)
