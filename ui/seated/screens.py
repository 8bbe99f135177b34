"""The screens of every seated game (ui/seated/app.py) but its table and setup, and the setup
record (ui/persist.py), read at power-on and written with every save.

The menu: its rows are the game's own MENU, fixed, so nothing moves under the marker; a new
game or leaving a game in progress asks first.

Handover, the curtain between two people's turns: it hides the table (and a hidden hand) until
the person named takes the device and presses A. The game gives the lines about its state.

Scores, the score table after a game and from the menu: one row a seat, this game's figure
and the running total, then a line on how the game ended. The game gives (title, the columns'
heads, rows of (name, game, total), last lines). After a game, A goes on (then(app)), B looks
back at the table, Start opens the menu; from the menu any key goes back.
"""
from engine.crc import crc16
from hw import keys
from ui import forget, screens

try:
    from micropython import const
except ImportError:
    const = int

_NAME_LEN = const(6)
_VERSION = const(2)
_FIXED = const(45)            # version, players, kinds 6, options, names 6 x 6


class Handover:
    def show(self, app):
        t = app.table
        name = t.seat_name(app, t.seat())
        lines = ["Pass to %s" % name, "", "Hand the device over to", "%s, then press A." % name,
                 ""]
        more = t.handover(app)
        while len(lines) + len(more) > 8 and "" in lines:
            lines.remove("")        # the game has more to say: its lines before the blanks
        lines += more
        while len(lines) < 8:
            lines.append("")
        app.text.show(lines[:8] + ["A: show the table", "Start: menu"])

    def key(self, app, k):
        if k == keys.A:
            app.holder = app.table.seat()
            app.table.handed(app)
            app.pop()
        elif k == keys.START:
            app.open_menu()


class Scores:
    def __init__(self, table, then):
        self.table = table
        self.then = then

    def show(self, app):
        title, head, rows, last = self.table
        lines = [title, "%-8s%8s%8s" % (("",) + tuple(head.split()))]
        for name, game, total in rows:
            lines.append("%-8s%8s%8s" % (name, game, total))
        lines += last
        while len(lines) < 9:
            lines.append("")
        if self.then is None:
            lines.append("Any key: back")
        else:
            lines.append(app.table.footer())
        app.text.show(lines[:10])

    def key(self, app, k):
        if self.then is None:
            app.pop()
        elif k == keys.A:
            self.then(app)
        elif k == keys.B:
            app.pop()
        elif k == keys.START:
            app.open_menu()


def open_menu(app):
    return screens.Menu(app.table.title(app), app.table.MENU, _pick)


def _pick(app, i):
    row = app.table.MENU[i]
    t = app.table
    if row == "Resume":
        app.back_to_table()
    elif row[0] == "N":                      # "New game", "New match"
        if t.in_progress():
            app.ask((row + ": are you sure?", "", "This %s is not over:" % row.split()[-1],
                     "it will not count."), lambda a: a.new_game())
        else:
            app.new_game()
    elif row == "Redo move":
        if t.redo(app):
            app.back_to_table()
        else:
            app.tell(("Nothing to redo", "", "Redo brings back a move", "that B took back",
                      "in this turn."))
    elif row == "Setup":
        app.setup()
    elif row == "Help":
        paragraphs = help_paragraphs(t.HELP)
        app.show_help(paragraphs)
    elif row == "Settings":
        app.over(screens.device_settings())   # the device's, shared by every game
    elif row == "Rule choices":
        app.over(screens.Options("Rules for new games", rows, change))
    elif row == "Scores":
        app.scores(None)
    elif t.in_progress():
        app.ask(("Leave %s now?" % t.NAME, "", "The game is saved and", "comes back when you",
                 "choose %s again." % t.NAME), _leave)
    else:
        _leave(app)


def _leave(app):
    app.leave = True        # the launcher saves, in the one write that records the chooser


def rows(app):
    out = []
    for words, bit in app.table.RULES:
        w = words.split("|")
        out.append((w[0], w[2 if app.options & bit else 1]))
    return out


def change(app, i, step):
    app.options ^= app.table.RULES[i][1]
    app.changed()


def help_paragraphs(name):
    """A game's paragraphs from ui/seated/help.py; that module is dropped at once, so only
    what is shown stays on the heap, while it is shown."""
    from ui.seated import help as seat_help
    found = getattr(seat_help, name)
    forget("seated.help")
    return found


# -- the setup record (ui/persist.py), read at power-on and written with every save ------
def unpack(app, d):
    """The setup record into app (and the table's own bytes into it); False if damaged."""
    t = app.table
    n = len(d)
    if n < _FIXED + 2 or d[0] != _VERSION or \
            not 2 <= d[1] <= t.MAX_SEATS or max(d[2:8]) >= len(t.KINDS) or \
            crc16(d, 0xFFFF, 0, n - 2) != (d[n - 2] << 8) | d[n - 1]:
        return False
    names = []
    for s in range(6):
        name = ""
        for i in range(_NAME_LEN):
            ch = chr(d[9 + _NAME_LEN * s + i])
            if not ("A" <= ch <= "Z" or "0" <= ch <= "9" or ch == " "):
                return False            # not one of ui/seated/setup.py's NAME_CHARS
            name += ch
        names.append(name.strip() or "P%d" % (s + 1))
    if not t.unpack(app, d[_FIXED:n - 2]):
        return False
    app.players = d[1]
    app.kinds[:] = d[2:8]
    app.options = d[8]
    app.names = names
    return True


def pack(app):
    """The setup record: version, players, kinds, options, names, the table's bytes, CRC."""
    extra = app.table.pack(app)
    out = bytearray(_FIXED + len(extra) + 2)
    out[0] = _VERSION
    out[1] = app.players
    out[2:8] = app.kinds
    out[8] = app.options
    for s in range(6):
        name = app.names[s]
        for i in range(_NAME_LEN):
            out[9 + _NAME_LEN * s + i] = ord(name[i]) if i < len(name) else 32
    out[_FIXED:_FIXED + len(extra)] = extra
    crc = crc16(out, 0xFFFF, 0, len(out) - 2)
    out[-2] = crc >> 8
    out[-1] = crc & 0xFF
    return bytes(out)
