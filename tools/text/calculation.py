"""What the Calculation table shows, as plain text: for the headless simulator and tests.

    table_text(app) -> str      app is the ui.patience.app.Patience running ui.calculation.table
"""
from engine import cards
from engine.calculation import PILES, STOCK
from tools.text.view import row_text
from ui.calculation.table import TURNED


def table_text(app):
    g = app.game
    t = app.table
    mark = [">" if i == t.place else " " for i in range(9)]
    found = ["%s%s +%d needs %s" % (mark[f], cards.name(g.top(f)), f + 1,
                                    "-" if g.needed(f) < 0 else cards.RANK_CHARS[g.needed(f)])
             for f in range(PILES)]
    turned = g.top(STOCK)
    lines = ["   ".join(found[:2]), "   ".join(found[2:]),
             "%sturned %s, %d face down   deal %d" % (
                 mark[TURNED], cards.name(turned) if turned >= 0 else "--", g.face_down(),
                 g.deal_number)]
    for w in range(PILES):
        pile = " ".join(cards.name(g.waste_card(w, i)) for i in range(g.wlen[w])) or "--"
        lines.append("%swaste %d: %s" % (mark[TURNED + 1 + w], w + 1, pile))
    said = row_text(t.view.message.row)
    if said:
        lines.append(said)
    return "\n".join(lines)
