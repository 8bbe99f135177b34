"""The deal settings of Calculation and Big Ben: a Table (ui/patience/table.py) with its
option_rows, winnable, describe_deal and deal_rules:
  - "New deals: winnable" deals only deals the game's atlas marks (hw/atlas.py: deals its
    full-information search won with a line that replays to a win). A deal not marked is not
    called lost: the search may just not have found its win. Without the file the row says
    "any: no list" and deals come as ever.
  - Big Ben's "Strict deals" deals new deals under the strict pair of readings (the engine's
    strict); a deal in play keeps the rules it was dealt with, so the row says "next: on"
    while the two differ.
A table names its atlas file (ATLAS), its options bits (WINNABLE, STRICT or 0) and lists them
in SWITCHES after any rows of its own."""
from hw import atlas
from ui.patience.table import Table


class Deals(Table):
    STRICT = 0

    def winnable(self):
        """True for a marked deal, else None (not known): statistics count wins among them."""
        return atlas.winnable(self.game.deal_number, self.ATLAS) or None

    def describe_deal(self, n):
        return "Winnable" if atlas.winnable(n, self.ATLAS) else ""

    def deal_rules(self, app):
        """Before a new deal: the rules it is dealt with."""
        if self.STRICT:
            self.game.strict = app.settings.options & self.STRICT != 0

    def option_rows(self, app):
        d = app.settings.options
        rows = (("New deals", "winnable" if d & self.WINNABLE and atlas.count(self.ATLAS) else
                 "any: no list" if d & self.WINNABLE else "any"),)
        if self.STRICT:
            on = d & self.STRICT != 0
            now = "on" if on else "off"
            rows += (("Strict deals", now if on == self.game.strict else
                      "next: " + now),)
        return rows
