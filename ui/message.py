"""What the French-deck tables write in the font besides their labels: the message row (the
bottom line a patience speaks on) and counters. Apart from ui/text.py, which every program
loads, so YoYo's program, the heaviest, does not carry them."""
from hw import font
from ui.text import row, write

try:
    from micropython import const
except ImportError:
    const = int

_SCREEN_CHARS = const(26)        # 160 px less a 2 px margin each side, at 6 px a character


class Message:
    """A table's message row (the bottom line of a patience's table), written only when the
    words change. said is what it shows; None while a hint's words were put there piece by
    piece (put(), with card chips), so the next words always replace them and the key guide
    never does; forget() sets None too, after a new deal, so the first words are written."""

    def __init__(self, group, x=2, y=116, rgb=0xFFFFFF):
        self.row = row(_SCREEN_CHARS, x, y, rgb)
        group.append(self.row)
        self.said = ""

    def say(self, words):
        """True if the words changed."""
        if words == self.said:
            return False
        self.said = words
        write(self.row, words)
        return True

    def start(self):
        """A blank row to put words on piece by piece."""
        self.say("")
        self.said = None

    def forget(self):
        self.said = None


def number(grid, at, width, value, left=False):
    """value in decimal into cells at .. at + width - 1 of the row, right-aligned (left: from
    at), blanks in the other cells: a counter in the font, on the text line beside its
    label, digits a character apart. Tiles are set from the value, no string is made, so a
    counter changing every move allocates nothing; only cells that change are set, as a set
    tile is redrawn even if it is the same."""
    tiles = font.sheet()[3]
    end = at + width - 1
    last = end                          # the cell of the last digit
    if left:
        last = at
        v = value
        while v >= 10:
            v //= 10
            last += 1
    for i in range(end, at - 1, -1):
        if i <= last and (value or i == last):
            t = tiles[16 + value % 10]      # "0" is 16 past " "
            value //= 10
        else:
            t = tiles[0]
        if grid[i] != t:
            grid[i] = t
