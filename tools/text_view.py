"""A TextView (menus, setup, banners, help, scores) as plain text, for the headless simulator
and the tests of every game."""
from ui.textview import LINE_H


def text_lines(text):
    """The view's non-blank lines, "> " before the marked one when a marker is shown."""
    mark = text._marker
    marked = -1 if mark.hidden else (mark.y - 6) // LINE_H
    out = []
    for i, t in enumerate(text._texts):
        if t.strip():
            out.append(("> " if i == marked else "  ") + t if marked >= 0 else t)
    return "\n".join(out)
