"""What the Yo-yo screen shows, as plain text: for the headless simulator and for tests.

    screen_text(app) -> str     app is a ui.yoyo_app.YoyoApp
"""
from engine import cards
from engine.yoyo import ANNOUNCE, FREE, OVER, PLAY
from tools.text_view import text_lines


def direction(g):
    if g.phase == PLAY:
        return "down" if g.down else "up"
    if g.phase == ANNOUNCE:
        return "? (announce)"
    if g.phase == FREE:
        return "? (new pile)"
    return "-"


def table_text(app):
    g = app.game
    t = g.tableau
    seats = []
    for s in range(g.players):
        mark = ">" if s == g.turn and g.phase != OVER else " "
        seats.append("%s%s %d" % (mark, app.seat_name(s), g.won[s]))
    lines = ["   ".join(seats)]
    rows = []
    for f in range(17):
        fan = " ".join(cards.name(t.cards[f * 3 + i]) for i in range(t.heights[f])) or "--"
        cur = "[" if f == app.cursor else " "
        rows.append("%s%2d %-9s" % (cur, f, fan))
    for i in (0, 6, 12):
        lines.append("  ".join(rows[i:i + 6]))
    lines.append("centre %s  pile %d  direction %s" % (
        cards.name(g.played[g.n - 1]), g.pile_count(), direction(g)))
    if app.view.said:
        lines.append(app.view.said)
    return "\n".join(lines)


def screen_text(app):
    from ui.yoyo_app import TABLE
    if app.screen != TABLE:
        return text_lines(app.text)
    return table_text(app)
