"""Key codes shared by every backend. Numbers follow the PyBadge shift register's order."""
try:
    from micropython import const
except ImportError:
    const = int

B = const(0)
A = const(1)
START = const(2)
SELECT = const(3)
RIGHT = const(4)
DOWN = const(5)
UP = const(6)
LEFT = const(7)
NONE = const(-1)
HOLD_B = const(8)       # B kept down HOLD_MS, after its press (hw/base.py Repeater)

NAMES = ("B", "A", "START", "SELECT", "RIGHT", "DOWN", "UP", "LEFT", "HOLD_B")
