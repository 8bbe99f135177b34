"""What the Big Ben table shows, as plain text: for the headless simulator and tests.

    table_text(app) -> str      app is the ui.patience.app.Patience running ui.bigben.table

The dial in three rows of four hours, named as the dial names them (12 o'clock first):
"12: 9C (3) home 5D" is the 12 o'clock pile (its top card, its size) and its foundation.
">" marks the cursor and "*" the card picked up; then the waste, the reserve and the gaps.
"""
from engine import bigben, cards
from tools.text.view import row_with_cards


def card_name(c):
    """A Big Ben card byte (face << 1 | pack), or -1 for none."""
    return "--" if c < 0 else cards.name(c >> 1)


def table_text(app):
    g = app.game
    t = app.table

    def top(p):
        return (">" if p == t.place else "") + ("*" if p == t.held else "") + card_name(g.top(p))

    dial = ["%2d: %s (%d) home %s" % (h or 12, top(h), g.n[h], top(bigben.FOUND + h))
            for h in range(bigben.HOURS)]
    lines = [" | ".join(dial[i:i + 4]) for i in (0, 4, 8)]
    lines.append("waste %s (%d)   %sreserve %d   gaps %d   moves %d   deal %d" % (
        top(bigben.WASTE), g.n[bigben.WASTE], ">" if t.place == bigben.RESERVE else "",
        g.res_len, g.gaps(), g.moves_made, g.deal_number))
    said = row_with_cards(t.message.row, t.chips)      # the hint's cards as their chips show them
    if said:
        lines.append(said)
    return "\n".join(lines)
