"""What the YoYo screen shows, as plain text: for the headless simulator and for tests.

    screen_text(app) -> str     app is a ui.amigo_app.AmigoApp

The hand is printed only when the hand row is on the screen, and then from its tiles, so a
curtain or a CPU turn never leaks a hand the screen does not show.
"""
from tools.text_view import text_lines


def table_text(app):
    from engine.amigo import P_OVER
    from ui.amigo_app import call_text, card_text
    from ui.amigo_view import SEAT_H, SEAT_W
    g = app.game
    v = app.view
    seats = []
    for s in range(g.players):
        mark = ">" if s == g.seat and g.pending != P_OVER else " "
        if not v._victim.hidden and \
                v._victim.x // SEAT_W + 3 * (v._victim.y // SEAT_H) == s:
            mark = "?"
        seats.append("%s%s %d" % (mark, app.seat_name(s), g.counts[s]))
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
            order = [k for k in range(app.nsel) if app.sel[k] == i]
            mark = "#%d" % (order[0] + 1) if order else ""
            text = card_text(c) + mark
            parts.append("[%s]" % text if i == v.cursor else " %s " % text)
        right = cnt - v.first - len(shown)
        if right > 0:
            parts.append("%d>" % right)
        lines.append("hand %s: %s" % (app.seat_name(v.seat), "".join(parts)))
    if v.said:
        lines.append(v.said)
    return "\n".join(lines)


def screen_text(app):
    from ui.amigo_app import TABLE
    if app.screen != TABLE:
        return text_lines(app.text)
    return table_text(app)
