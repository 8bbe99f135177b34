"""YoYo's last moves (Down on the table): the table's log (ui/amigo_words.py) as lines,
newest at the bottom, a series one line. Loaded while shown, then forgotten."""
from hw import keys
from ui import forget
from ui.amigo_words import events, name as card

try:
    from micropython import const
except ImportError:
    const = int

_E_PLAY = const(1)      # as ui/amigo_words.py's
_E_DRAW = const(2)
_E_KEEP = const(3)
_E_DIR = const(4)
_E_SKIP = const(5)
_E_TAKE = const(6)
_E_PASS = const(7)
_E_CHAOS = const(8)


def lines(t, holder, since=0):
    """The last moves (from event `since` on), oldest first, each a line of the log
    screen."""
    out = []
    for i, e, who, a, b, n in events(t):
        if i < since:
            continue
        name = "You" if who == holder else t.names[who]
        kind = e & 15
        if kind == _E_PLAY:
            if n == 1:
                out.append("%s played %s" % (name, card(b)))
            else:
                out.append("%s played %s%s%s" % (name, card(a), " " if n == 2 else "..",
                                                 card(b)))
        elif kind == _E_DRAW:
            out.append("%s drew a card" % name)
        elif kind == _E_KEEP:
            out.append("%s kept the draw" % name)
        elif kind == _E_DIR:
            out.append("%s chose %s" % (name, "down" if a else "up"))
        elif kind == _E_SKIP:
            out.append("%s skipped %s" % (name, "you" if a == holder else t.names[a]))
        elif kind == _E_TAKE:
            m = e >> 4
            if m == 1 and a == holder:
                out.append("%s took your %s" % (name, card(b)))
            elif m == 1 and who == holder:
                out.append("You took %s from %s" % (card(b), t.names[a]))
            else:
                out.append("%s took %d from %s" % (name, m, "you" if a == holder
                                                    else t.names[a]))
        elif kind == _E_PASS:
            out.append("All passed a card left")
            if 0 <= holder < len(t.got):
                out.append("You got %s" % card(t.got[holder]))
        elif kind == _E_CHAOS:
            out.append("%s: chaos, new hands" % name)
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
            forget("amigo_log")     # its code leaves the heap with the screen
            app.pop()
