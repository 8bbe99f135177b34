"""Black Hole in a terminal: the engine with a text face, for machines without a window."""
import argparse
import random
import sys
import os

# Appended: the repo's code.py must not shadow the standard library's `code` module.
sys.path.append(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from engine import cards  # noqa: E402
from engine.blackhole import REASONS, BlackHole  # noqa: E402

HELP = "moves: a fan letter (a-q) plays its top card, u undo, r redo, n new deal, q quit"


def show(g):
    t = g.tableau
    print()
    for f in range(17):
        fan = " ".join(cards.name(t.cards[f * 3 + i]) for i in range(t.heights[f]))
        mark = "*" if g.check(f) == 0 else " "
        print("%s %s %-9s" % (chr(97 + f), mark, fan), end="\n" if f % 4 == 3 else "  ")
    print("\nhole: %s   cards left %d   moves %d   deal %d" % (
        cards.name(g.hole[g.hole_len - 1]), g.cards_left(), g.moves_made, g.deal_number))


def main(argv=None):
    ap = argparse.ArgumentParser(description="Play Black Hole in the terminal.")
    ap.add_argument("--deal", type=int, help="deal number (1..31999 are PySolFC's deals)")
    args = ap.parse_args(argv)
    g = BlackHole()
    g.new_deal(args.deal or random.randint(1, 31999))
    print(HELP)
    while True:
        show(g)
        if g.is_won():
            print("You won! n for a new deal, q to quit.")
        elif g.is_stuck():
            print("Stuck: u to undo, n for a new deal, q to quit.")
        try:
            cmd = input("> ").strip().lower()
        except EOFError:
            return 0
        if cmd == "q":
            return 0
        if cmd == "u":
            g.undo()
        elif cmd == "r":
            g.redo()
        elif cmd == "n":
            g.new_deal(random.randint(1, 31999))
        elif len(cmd) == 1 and "a" <= cmd <= "q":
            code = g.check(ord(cmd) - 97)
            if code:
                print("refused:", REASONS[code])
            else:
                g.play(ord(cmd) - 97)
        else:
            print(HELP)


if __name__ == "__main__":
    sys.exit(main())
