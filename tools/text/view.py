"""A TextView (menus, setup, banners, help, scores) as plain text, for the headless simulator
and the tests of every game."""
from engine.cards import RANK_CHARS


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


def row_with_cards(grid, chips):
    """A message row with card chips drawn over it (ui/bigben/words.py): each shown chip's card
    named as on the cards, "J♣", "10♥", in place of the three blank cells under it."""
    from ui import deck as sprites
    line = row_text(grid).ljust(grid.width)
    for chip in sorted((c for c in chips if not c.hidden), key=lambda c: -c.x):
        at = (chip.x - grid.x) // 6
        rank = chip[0] - (sprites.RANK_RED if chip[0] >= sprites.RANK_RED else sprites.RANK_BLACK)
        name = ("10" if rank == 9 else RANK_CHARS[rank]) + "♣♦♥♠"[chip[1] - sprites.SUIT]
        line = line[:at] + name + line[at + 3:]
    return line.rstrip()
