"""A TextView (menus, setup, banners, help, scores) as plain text, for the headless simulator
and the tests of every game."""


def words(said):
    """A table's `said` as a str: YoYo's news is a line made in place, a bytearray."""
    return said if isinstance(said, str) else bytes(said).decode().rstrip()


def text_lines(text):
    """The view's non-blank lines, "> " before the marked one when a marker is shown."""
    marked = text.marked
    out = []
    for i, t in enumerate(text.lines()):
        if t.strip():
            out.append(("> " if i == marked else "  ") + t if marked >= 0 else t)
    return "\n".join(out)


def row_text(grid):
    """The words a ui/text.py row shows, read back from its tiles."""
    from hw import font
    tiles = font.sheet()[3]
    chars = {tiles[i]: chr(font.FIRST + i) for i in range(font.COUNT - 1, -1, -1)}
    return "".join(chars.get(grid[i], "?") for i in range(grid.width)).rstrip()
