"""What the Yo-yo screen shows, as plain text: for the headless simulator and for tests.

    screen_text(app) -> str     app is the Yo-yo app (ui.seated.app.Seated with
    ui.yoyo_parlett.table.YoyoTable)
"""
from engine import cards
from engine.yoyo import ANNOUNCE, FREE, OVER, PLAY
from tools.text.view import text_lines


def direction(g):
    if g.phase == PLAY:
        return "down" if g.down else "up"
    if g.phase == ANNOUNCE:
        return "? (announce)"
    if g.phase == FREE:
        return "? (new pile)"
    return "-"


def table_text(app):
    t = app.table
    g = app.game
    fans = g.tableau
    seats = []
    for s in range(g.players):
        mark = ">" if s == g.turn and g.phase != OVER else " "
        seats.append("%s%s %d" % (mark, t.seat_name(app, s), g.won[s]))
    lines = ["   ".join(seats)]
    rows = []
    for f in range(17):
        fan = " ".join(cards.name(fans.cards[f * 3 + i]) for i in range(fans.heights[f])) or "--"
        cur = "[" if f == t.cursor else " "
        rows.append("%s%2d %-9s" % (cur, f + 1, fan))   # 1-17, as the table's news names them
    for i in (0, 6, 12):
        lines.append("  ".join(rows[i:i + 6]))
    lines.append("centre %s  pile %d  direction %s" % (
        cards.name(g.played[g.n - 1]), g.pile_count(), direction(g)))
    if t.view.said:
        lines.append(t.view.said)
        q = t.queue
        if t.qi < len(q) and t.view.said is q[t.qi]:
            lines += q[t.qi + 1:]       # the news still to come on the row, a line at a time
    return "\n".join(lines)


def screen_text(app):
    from ui.seated.app import TABLE
    if app.screen != TABLE:
        return text_lines(app.text)
    return table_text(app)
