"""Seat setup for every seated game: how many players, each seat's kind (and, where the game
has them, its name), then "Start game". Up/down choose a row, left/right change it; A on a
seat edits its name where names are used; A on the start row starts. The last line always
says what the keys do on the row chosen. Edits take effect only when a game starts.
"""
from hw import keys
from ui import forget

try:
    from micropython import const
except ImportError:
    const = int

_NAME_LEN = const(6)
_NAME_CHARS = " ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"   # a seat's name: six of these


class SeatSetup:
    def __init__(self, app):
        self.players = app.players
        self.kinds = bytearray(app.kinds)
        self.names = list(app.names)
        self.item = 0
        self.editing = -1         # seat whose name is being edited
        self.pos = 0              # letter being edited

    def rows(self):
        return self.players + 2

    def show(self, app):
        t = app.table
        title = "Edit name: up/down letter" if self.editing >= 0 else \
            app.notice or "%s: players and seats" % t.NAME
        lines = [title, "Players     %d" % self.players]
        for s in range(self.players):
            if not t.NAMES:
                lines.append("Seat %d      %s" % (s + 1, t.KINDS[self.kinds[s]]))
                continue
            name = self.names[s]
            if s == self.editing:
                name = "%-6s" % name
                p = self.pos
                name = name[:p] + "[" + (name[p] if name[p] != " " else "_") + "]" + \
                    name[p + 1:]
            lines.append("%d %-8s %s" % (s + 1, name, t.KINDS[self.kinds[s]]))
        lines.append(t.START)
        while len(lines) < 9:
            lines.append("")
        lines.append(self._hint(app))
        app.text.show(lines, 1 + self.item)

    def _hint(self, app):
        if self.editing >= 0:
            return "Left/right: move  A: done"
        row = self.item
        if row == 0:
            return "Left/right: how many"
        if row <= self.players:
            return "L/R: kind  A: edit name" if app.table.NAMES else "Left/right: kind"
        return "A: start  B: back"

    def key(self, app, k):
        if self.editing >= 0:
            self._key_name(k)
            self.show(app)
            return
        rows = self.rows()
        row = self.item
        t = app.table
        if k == keys.UP or k == keys.DOWN:
            self.item = (row + (1 if k == keys.DOWN else rows - 1)) % rows
        elif (k == keys.LEFT or k == keys.RIGHT) and row < rows - 1:
            step = -1 if k == keys.LEFT else 1
            if row == 0:
                self.players = 2 + (self.players - 2 + step) % (t.MAX_SEATS - 1)
                self.item = min(self.item, self.rows() - 1)
            else:
                n = len(t.KINDS)
                self.kinds[row - 1] = (self.kinds[row - 1] + step) % n
        elif k == keys.A and 0 < row < rows - 1 and t.NAMES:
            self.editing = row - 1
            self.pos = 0
        elif k == keys.A and row == rows - 1:
            if app.playing and t.in_progress():
                what = t.START.split()[-1]          # "game" or "match", as the row says
                app.ask(("Start a new %s?" % what, "", "This %s is not over:" % what,
                         "it will not count."), self.start)
            else:
                self.start(app)
            return
        elif k == keys.B or k == keys.START:
            if app.playing:
                app.pop()
            else:
                app.ask(("Leave %s now?" % t.NAME, "", "No game is set up yet.",
                         "B: back to the setup"), _leave)
            return
        self.show(app)

    def start(self, app):
        if self.players != app.players or self.kinds[:self.players] != app.kinds[:app.players]:
            app.table.new_lineup(app)   # results belong to one line-up of seats
        app.players = self.players
        app.kinds[:] = self.kinds
        app.names = list(self.names)
        app.notice = None
        forget("seated.setup")       # its code leaves the heap before the game's CPUs come
        app.new_game()

    def _key_name(self, k):
        s = self.editing
        name = "%-6s" % self.names[s]
        p = self.pos
        if k == keys.UP or k == keys.DOWN:
            i = _NAME_CHARS.find(name[p])
            i = (i + (1 if k == keys.UP else len(_NAME_CHARS) - 1)) % len(_NAME_CHARS)
            name = name[:p] + _NAME_CHARS[i] + name[p + 1:]
        elif k == keys.LEFT or k == keys.RIGHT:
            self.pos = (p + (1 if k == keys.RIGHT else _NAME_LEN - 1)) % _NAME_LEN
        elif k == keys.A or k == keys.B or k == keys.START:
            self.editing = -1
            name = name.strip() or "P%d" % (s + 1)
        self.names[s] = name if self.editing >= 0 else name.strip()


def _leave(app):
    app.leave = True        # the launcher saves, in the one write that records the chooser
