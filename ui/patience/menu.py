"""The menu every patience has (ui/patience/app.py), and what it leads to: a new deal, a deal by
number, a restart, redo, help, settings, statistics, other games; and the choices after a
win or when stuck. Loaded while a menu is shown, so its code costs the heap nothing in play.
"""
from ui import forget, screens
from ui.screens import DEVICE_ROWS, device_change, device_rows

MENU = ("Resume", "New deal", "Deal number...", "Restart this deal", "Redo move", "Help",
        "Settings", "Statistics", "Other games")
AFTER = ("New deal", "Restart this deal", "Undo a move", "Statistics", "Other games")
TO_WINNABLE = "Undo to winnable"     # a table with a solver: its undo_to_winnable(app)


def open_menu(app):
    app.push(screens.Menu("%s  deal %d" % (app.table.NAME, app.game.deal_number), MENU, _pick))


def choices(app):
    won = app.game.is_won()
    rows = AFTER
    if not won and app.table.UNDO_TO_WINNABLE:
        rows = AFTER[:3] + (TO_WINNABLE,) + AFTER[3:]
    app.push(screens.Menu("You won!" if won else "No moves left", rows, _pick_after))


def ask_first(app, question, then):
    """Run then(app) at once on a fresh or finished deal, else after a yes."""
    if not app.in_play():
        then(app)
    elif app.stats.counted == 2:
        app.push(screens.Confirm((question, "", "You won it before, so it",
                                  "stays counted as won."), then))
    else:
        app.push(screens.Confirm((question, "", "This deal is not over, so",
                                  "it counts as lost."), then))


def help_paragraphs(name):
    """Paragraphs `name` of ui/patience/help.py; the module leaves the heap again (the Pages
    screen keeps the paragraphs only while it is shown)."""
    from ui.patience import help as patience_help
    found = getattr(patience_help, name)
    forget("patience.help")
    return found


def _pick(app, i):
    row = MENU[i]
    if row == "Resume":
        app.back_to_table()
    elif row == "New deal":
        ask_first(app, "Start a new deal?", lambda a: a.deal(a.new_deal_number()))
    elif row == "Deal number...":
        app.push(screens.NumberEntry("Deal number (1-%d)" % app.MAX_DEAL, 1, app.MAX_DEAL,
                                     lambda a, n: ask_first(a, "Play deal %d?" % n,
                                                            lambda b: b.deal(n)),
                                     app.table.describe_deal))
    elif row == "Restart this deal":
        ask_first(app, "Restart this deal?", lambda a: a.deal(a.game.deal_number))
    elif row == "Redo move":
        if app.redo():
            app.back_to_table()
        else:
            app.push(screens.Notice(("Nothing to redo", "", "Redo brings back a move",
                                     "that B took back.")))
    elif row == "Help":
        title, name = app.table.help_of()
        app.push(screens.help_pages(title, help_paragraphs(name)))
    elif row == "Settings":
        app.push(screens.Options("Settings", _settings_rows, _settings_change))
    elif row == "Statistics":
        app.show_stats()
    else:
        app.leave = True


def _pick_after(app, i):
    row = app.stack[-1].rows[i]
    if row == "New deal":
        app.deal(app.new_deal_number())
    elif row == "Restart this deal":
        app.deal(app.game.deal_number)
    elif row == "Undo a move":
        app.undo()
        app.back_to_table()
    elif row == TO_WINNABLE:
        app.back_to_table()
        app.table.undo_to_winnable(app)
    elif row == "Statistics":
        app.show_stats()
    else:
        app.leave = True


def _settings_rows(app):
    return device_rows(app) + app.table.option_rows(app)


def _settings_change(app, i, step):
    if i < DEVICE_ROWS:
        device_change(app, i, step)
        return
    app.table.change_option(app, i - DEVICE_ROWS, step)
    app.table.moved(app)
