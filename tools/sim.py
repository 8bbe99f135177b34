"""Desktop simulator: the device's own ui/ and engine/ code in a window, or headless.

    python tools/sim.py               a window, scaled up (keys: arrows, Z/A, X/B, Enter, Space)
    python tools/sim.py --headless    no window: type keys, read the screen as text and PNG
"""
import argparse
import os
import sys

# Appended: the repo's code.py must not shadow the standard library's `code` module.
sys.path.append(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

KEY_WORDS = {
    "left": "LEFT", "l": "LEFT", "right": "RIGHT", "r": "RIGHT", "up": "UP", "u": "UP",
    "down": "DOWN", "d": "DOWN", "a": "A", "b": "B", "start": "START", "s": "START",
    "select": "SELECT", "e": "SELECT",
}
SETTLE_MS = 1000      # longer than any game's CPU pace
GAME_NAMES = ("blackhole", "yoyo", "amigo", "calc")     # in ui/launcher.py's GAMES order
MAX_DEAL = 32000      # the deals PySolFC makes with the MS generator
HEADLESS_HELP = ("keys: l r u d (left right up down), a, b, s (start), e (select); "
                 "several per line, e.g. 'r r a'; q quits")


def quiet_imports():
    """Load the desktop's displayio and pygame without their banners: Blinka prints a
    platform warning on import and pygame a greeting, neither of which a player needs."""
    import contextlib
    import io
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    with contextlib.redirect_stdout(io.StringIO()):
        import displayio  # noqa: F401
        import microcontroller  # noqa: F401
        import pygame  # noqa: F401


def has_display():
    if os.environ.get("SDL_VIDEODRIVER") not in (None, "", "x11", "wayland", "windows", "cocoa"):
        return False
    if sys.platform.startswith("linux"):
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True


def parse_keys(line, keys):
    """'r r a' -> [RIGHT, RIGHT, A]; raises ValueError naming the first unknown word."""
    out = []
    for word in line.lower().split():
        if word not in KEY_WORDS:
            raise ValueError("unknown key %r (%s)" % (word, HEADLESS_HELP))
        out.append(getattr(keys, KEY_WORDS[word]))
    return out


def screen_text(launcher):
    """What the screen shows, as text for a terminal: the chooser or the running game."""
    from tools.text_view import text_lines
    app = launcher.app
    if app is None:
        return text_lines(launcher.text)
    name = type(app).__name__
    if name == "YoyoApp":
        from tools import text_yoyo
        return text_yoyo.screen_text(app)
    if name == "AmigoApp":
        from tools import text_amigo
        return text_amigo.screen_text(app)
    if app.stack[-1] is not app.table:
        return text_lines(app.text)
    if type(app.table).__name__ == "CalcTable":
        from tools import text_calc
        return text_calc.table_text(app)
    return black_hole_text(app)


def black_hole_text(app):
    from engine import cards
    from tools.text_view import row_text
    g = app.game
    t = g.tableau
    rows = []
    for f in range(17):
        fan = " ".join(cards.name(t.cards[f * 3 + i]) for i in range(t.heights[f])) or "--"
        cur = ">" if f == app.table.cursor else " "
        rows.append("%s%2d %-9s" % (cur, f, fan))
    text = ["   ".join(rows[i:i + 6]) for i in (0, 6, 12)]
    text.append("hole %s (%d)   left %d   moves %d   deal %d" % (
        cards.name(g.hole[g.hole_len - 1]), g.hole_len, g.cards_left(), g.moves_made,
        g.deal_number))
    said = row_text(app.table.view.message)
    if said:
        text.append(said)
    return "\n".join(text)


def headless(args):
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from hw import keys, stub
    hw = stub.Hardware(storage_path=args.save)
    app = start(hw, args)
    shot = os.path.abspath(args.screenshot)
    print(HEADLESS_HELP)
    settle(hw, app)
    while True:
        hw.display.save_png(shot)
        print()
        print(screen_text(app))
        print("(screen: %s)" % shot)
        try:
            line = input("> ")
        except EOFError:
            break
        if line.strip().lower() in ("q", "quit", "exit"):
            break
        try:
            for k in parse_keys(line, keys):
                hw.keys.press(k)
                settle(hw, app)
        except ValueError as e:
            print(e)
    save(app)
    return 0


def settle(hw, launcher, passes=20000):
    """Run the loop until the game waits for a key: the solver done, the CPU seats moved.
    A terminal shows one screen per line typed, so the clock jumps a CPU's pace each pass."""
    launcher.step()
    told = said(launcher.app)
    for _ in range(passes):
        app = launcher.app
        if app is None or not getattr(app, "busy", lambda: False)():
            return
        before = played(app)
        who = cpu_name(app)
        hw.clock.advance(SETTLE_MS)
        launcher.step()
        if launcher.app is not app:
            return
        # narrate what the CPU seats do, which the one screen per line typed would hide
        new = played(app)[len(before):]
        if type(app).__name__ == "AmigoApp":
            new = new[:1]       # a series is one play
        for card in new:
            print("  %s %s" % (who, card) if new[0].startswith("plays")
                  else "  %s played %s" % (who, card))
        words = said(app)
        if words and words != told and not words.endswith("A: skip"):
            print("  " + words)
        told = words


def said(app):
    """The words on the game's message row."""
    view = getattr(getattr(app, "table", None), "view", None)
    for owner, name in ((view, "said"), (view, "_said"), (getattr(app, "table", None), "said")):
        words = getattr(owner, name, None)
        if isinstance(words, str):
            return words
    return ""


def played(app):
    """What the table shows of each play so far, for narrating a CPU's turn play by play:
    Yo-yo's cards in the centre, YoYo's call ("10 up") once it changes."""
    name = type(app).__name__
    g = getattr(app, "game", None)
    if name == "YoyoApp":
        from engine import cards
        return [cards.name(g.played[i]) for i in range(g.n)]
    if name == "AmigoApp":
        from tools.text_amigo import call_text
        # one entry a card on the pile, each saying the call after the latest play
        return ["plays: " + (call_text(g, bytearray(20)) or "?")] * g.pile_len
    return []


def cpu_name(app):
    name = type(app).__name__
    if name == "YoyoApp":
        return app.table.seat_name(app, app.game.turn)
    if name == "AmigoApp":
        return app.names[app.game.seat]
    return ""


def start(hw, args):
    """The launcher as the board runs it, switched to --game or --deal when given."""
    from ui.launcher import Launcher
    launcher = Launcher(hw, seed=args.seed)
    if args.deal and not args.game:
        args.game = "blackhole"
    if args.game and launcher.game != GAME_NAMES.index(args.game):
        if launcher.app is not None:
            launcher.close()
        launcher.open(GAME_NAMES.index(args.game))
    if args.deal:
        launcher.app.deal(args.deal)
    return launcher


def save(launcher):
    if launcher.app is not None:
        launcher.app.save_now()


def windowed(args):
    from hw import desktop
    hw = desktop.Hardware(scale=args.scale, storage_path=args.save)
    app = start(hw, args)
    try:
        app.run()
    except (KeyboardInterrupt, SystemExit):
        save(app)
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(description="Play Pocket Patience on the desktop.")
    ap.add_argument("--headless", action="store_true", help="no window: play in the terminal")
    ap.add_argument("--scale", type=int, default=4, choices=range(1, 9), metavar="1..8",
                    help="window scale (default 4)")
    ap.add_argument("--game", choices=GAME_NAMES,
                    help="start this game (default: the one played last, else the chooser)")
    ap.add_argument("--deal", type=int,
                    help="start with this deal number (1..%d), Black Hole unless --game says"
                         % MAX_DEAL)
    ap.add_argument("--seed", type=int, default=int.from_bytes(os.urandom(3), "big") + 1,
                    help=argparse.SUPPRESS)
    ap.add_argument("--save", default=os.path.join(os.path.expanduser("~"), ".pocket-patience",
                                                   "nvm.bin"),
                    help="where the simulated board keeps its saves")
    ap.add_argument("--screenshot", default="sim-screen.png",
                    help="headless mode: the PNG rewritten after every key")
    args = ap.parse_args(argv)
    if args.deal is not None and not 1 <= args.deal <= MAX_DEAL:
        ap.error("--deal must be 1..%d" % MAX_DEAL)
    if args.deal is not None and args.game in ("yoyo", "amigo"):
        ap.error("--deal is for Black Hole and Calculation")
    quiet_imports()
    if args.headless:
        return headless(args)
    if not has_display():
        print("No display found (DISPLAY is not set), so no window can open: "
              "playing headless in this terminal instead.")
        return headless(args)
    return windowed(args)


if __name__ == "__main__":
    sys.exit(main())
