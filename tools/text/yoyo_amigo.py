"""What the YoYo screen shows, as plain text: for the headless simulator and for tests.

    screen_text(app) -> str     app is the YoYo app (ui.seated.app.Seated with
    ui.yoyo_amigo.table.AmigoTable)

The hand is printed only when the hand row is on the screen, and then from its tiles, so a
curtain or a CPU turn never leaks a hand the screen does not show.
"""
from engine.amigo import P_DIR
from tools.text.view import text_lines
from tools.text.view import words as said_words


def card_text(c):
    """"B8", "R15", "Y14+": the card's colour letter, value and, on a yellow, its action."""
    if c == 0:
        return "--"
    k = c >> 5
    if k < 2:
        return "%s%d" % ("BR"[k], c & 31)
    return "Y%d%s" % (c & 31, "/+<*"[k - 2])


def call_text(g, out):
    """The call spoken at the table after a play, "13, 14, 15 up", from the engine's call();
    out is a scratch bytearray of 20. For the text view only."""
    n = g.call(out)
    if n == 0:
        return ""
    way = "?" if g.pending == P_DIR else ("down" if g.dir else "up")
    return ", ".join([str(out[i]) for i in range(n)]) + " " + way


def table_text(app):
    from engine.amigo import P_OVER
    from ui.yoyo_amigo.view import SEAT_H, SEAT_W
    g = app.game
    t = app.table
    v = t.view
    seats = []
    for s in range(g.players):
        mark = ">" if s == g.seat and g.pending != P_OVER else " "
        if not v._victim.hidden and \
                v._victim.x // SEAT_W + 3 * (v._victim.y // SEAT_H) == s:
            mark = "?"
        seats.append("%s%s %d" % (mark, t.seat_name(app, s), g.counts[s]))
    lines = [" ".join(seats[:3])]
    if len(seats) > 3:
        lines.append(" ".join(seats[3:]))
    way = "?" if g.pending == 3 or not g.top() else ("down" if g.dir else "up")
    lines.append("top %s %s  draw %d  %s" % (card_text(g.top()), way, g.draw_len,
                                            v.game_text))
    lines.append("call %s" % (call_text(g, bytearray(20)) or "-"))
    shown = v.shown_cards()
    if shown is not None:
        cnt = g.counts[v.seat]
        parts = []
        if v.first:
            parts.append("<%d" % v.first)
        for j, c in enumerate(shown):
            i = v.first + j
            order = [k for k in range(t.picks.n) if t.sel[k] == i]
            mark = "#%d" % (order[0] + 1) if order else ""
            words = card_text(c) + mark
            parts.append("[%s]" % words if i == v.cursor else " %s " % words)
        right = cnt - v.first - len(shown)
        if right > 0:
            parts.append("%d>" % right)
        lines.append("hand %s: %s" % (t.seat_name(app, v.seat), "".join(parts)))
    if v.said:
        lines.append(said_words(v.said))
    return "\n".join(lines)


def screen_text(app):
    from ui.seated.app import TABLE
    if app.screen != TABLE:
        return text_lines(app.text)
    return table_text(app)
