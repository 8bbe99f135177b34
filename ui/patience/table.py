"""The table contract of a one-player patience (ui/patience/app.py plays it): a game's table
screen class builds on Table and brings

    NAME, GAME_TAG, STATS_TAG    its title and its ui/persist.py records
    HELP                         the name of its help paragraphs in ui/patience/help.py
    SaveError                    what its engine's restore() raises
    __init__(app)                .game (the engine), .group (its displayio.Group) and .message
                                 (a ui/message.py Message: the bottom row it speaks on)
    show(app), key(app, k)       draw it all; one key (a move ends with app.played(), a refusal
                                 is app.refuse(why), B is app.undo())
    dealt()                      after a new deal: the cursor home, the message row forgotten
    moved(app)                   after an undo or redo: redraw
    where(), go_back(w)          the cursor (and a card in hand) as an int below 2**16, and
                                 back again at power-on, refusing what does not fit the game

and overrides the hooks below where its game has more to say. The engine has new_deal(n),
save(), restore(data), undo(), redo(), is_won(), is_stuck(), on_foundations(), moves_made and
deal_number.

Its settings are on/off options, each one bit of the settings' options (ui/persist.py
Settings.options, where the comment beside the game's tag says which bits are its own): the
table names its bits as class attributes, reads one as app.settings.options & bit, lists its
rows in option_rows() and the bit each row flips in SWITCHES; the default change_option() flips
it. ui/patience/deals.py is a Table with the deal settings of a game with an atlas of winnable
deals."""
from hw import atlas

WON = "You won! A: what next"
STUCK = "No moves left. A: choices"


class Table:
    UNDO_TO_WINNABLE = False    # a menu row for undo_to_winnable(app): a table with a solver
    SWITCHES = ()       # the options bit each row of option_rows() flips, in their order
    ATLAS = ""          # its hw/atlas.py file of winnable deals, and the options bit that
    WINNABLE = 0        # asks for new deals from it

    def say(self, words):
        self.message.say(words)

    def busy(self):
        """Work waiting between keys (auto-play, a solver): tick(app) does a slice of it."""
        return False

    def tick(self, app):
        pass

    def help_of(self):
        """The help's title and the name of its paragraphs in ui/patience/help.py: a table
        whose rules change with its settings tells those of the deal in play."""
        return self.NAME, self.HELP

    def end_words(self, won):
        """The message row once the deal is over."""
        return WON if won else STUCK

    def home(self):
        """Cards home, the statistics' best result."""
        return self.game.on_foundations()

    def best(self, top):
        """The statistics' line for the best result, top cards home."""
        return "Most cards home %d" % top

    def option_rows(self, app):
        """Its rows in the settings, after the device's: (label, value) each."""
        return ()

    def change_option(self, app, i, step):
        """Row i stepped either way: an on/off row flips its bit."""
        app.settings.options ^= self.SWITCHES[i]

    def pick_deal(self, app):
        """The number of the next new deal: one the atlas marks, when the player asks for them
        and the file is there."""
        if app.settings.options & self.WINNABLE and atlas.count(self.ATLAS):
            return atlas.random_winnable(app.rng.rand() << 15 | app.rng.rand(), self.ATLAS)
        return app.random_deal()

    def deal_rules(self, app):
        """Before a new deal: the rules it is dealt with, from the settings."""

    def describe_deal(self, n):
        """A line under a typed deal number."""
        return ""

    def winnable(self):
        """True/False if known whether the deal on the table can be won, else None: the
        statistics count the wins among winnable deals."""
        return None
