"""A patience's statistics screen, with a reset that asks first. Loaded only while shown
(ui/patience/app.py show_stats), so its code costs the heap nothing during play."""
from hw import keys
from ui import screens
from ui.patience.record import Stats


class StatsScreen:
    """The counts of ui/persist.py Stats; A offers to reset them, any other key goes back."""

    def show(self, app):
        s = app.stats
        lines = ["%s statistics" % app.table.NAME,
                 "Played %-6d Won %d" % (s.played, s.won),
                 "Win rate %d%%" % s.win_percent(),
                 "Streak %-6d Best %d" % (s.streak, s.best),
                 "Won without hints %d" % s.nohint]
        if s.played:
            lines.append(app.table.best(s.top))
        if s.wplayed:
            lines.append("Winnable deals: won %d" % s.wwon)
            lines.append("of %d played" % s.wplayed)
        app.text.show(lines + ["", "A: reset   B: back"])

    def key(self, app, k):
        if k == keys.A:
            app.push(screens.Confirm(("Reset statistics?", "", "Every count here goes",
                                      "back to 0."), _reset))
        else:
            app.pop()


def _reset(app):
    """Fresh counts; the deal on the table counts again when it ends, and a hint already
    asked for in it still keeps its win out of the wins without hints."""
    s = Stats()
    s.hinted = app.stats.hinted
    app.stats = s
    app.save_now()
    app.pop()
    app.show_stats()
