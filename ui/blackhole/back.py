"""Black Hole's "Undo to winnable" (a row of the choices when stuck), loaded only when it is
picked or its look back ends, so its code costs the table's heap nothing during play."""


def undo_back(table, app, asked):
    """asked: the row was picked; undo at once as far as the last look back found, else look
    back first (the table's tick comes back here) or say why not. Otherwise that look back
    has just found how far."""
    if asked:
        table.undo_back = False
        if table.thinker is None:
            table.view.say("No memory for the solver")
            return
        if not table.back:
            table.undo_back = True
            table.hint()
            return
    g = table.game
    t = table.thinker
    n = table.back
    for _ in range(n):
        g.undo()
        t.undone(g.history[g.moves_made])
    table.back = 0
    app.changed()
    table.show(app)
    table.view.say("Undid %d: winnable again" % n)
