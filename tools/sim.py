"""Desktop simulator: the device's own ui/ and engine/ code in a window, or headless.

    python tools/sim.py               a window, scaled up (keys: arrows, Z/A, X/B, Enter, Space)
    python tools/sim.py --headless    no window: type keys, read the screen as text and PNG

Nothing is lost: the app runs on while the terminal waits for a line, so its own save a few
seconds after the last key happens there as on the board; Ctrl-C (SIGINT), SIGTERM and a
closed terminal (SIGHUP) save and end the session like `q` or closing the window, quietly
and with exit status 0, since the player's game is safe. --deal on a deal in play asks on the
terminal first (--yes skips the question); without a terminal to ask on it changes nothing
and exits with status 2. As on the board, a minute with no key dims the screen and five turn
it off (the window dims its picture, then goes black and says so in its title); the key that
wakes it does nothing else, which the terminal says, as it shows no brightness.
"""
import argparse
import os
import select
import signal
import sys
import time

# Appended: the repo's code.py must not shadow the standard library's `code` module.
sys.path.append(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

KEY_WORDS = {
    "left": "LEFT", "l": "LEFT", "right": "RIGHT", "r": "RIGHT", "up": "UP", "u": "UP",
    "down": "DOWN", "d": "DOWN", "a": "A", "b": "B", "start": "START", "s": "START",
    "select": "SELECT", "e": "SELECT", "hb": "HOLD_B", "hold-b": "HOLD_B",
}
SETTLE_MS = 1000      # longer than any game's CPU pace
# --game's names, in ui/launcher.py's GAMES order, and the older or looser names also taken.
GAME_NAMES = ("blackhole", "yoyo-parlett", "yoyo-amigo", "calculation", "bigben")
GAME_ALIASES = {"black-hole": "blackhole", "yoyo": "yoyo-parlett", "parlett": "yoyo-parlett",
                "amigo": "yoyo-amigo", "calc": "calculation", "big-ben": "bigben"}
SEATED = ("yoyo-parlett", "yoyo-amigo")
MAX_DEAL = 32000      # the deals PySolFC makes with the MS generator
HEADLESS_HELP = ("keys: l r u d (left right up down), a, b, s (start), e (select), hb (B "
                 "held: redo); several per line, e.g. 'r r a'; q quits")
WAIT_S = 0.25         # how often the app runs on while the terminal waits for a line


class Stop:
    """SIGINT, SIGTERM and SIGHUP ask the session to end; the loops look at `signal` between
    two steps of the app, so a signal never cuts a move in half before the save."""

    def __init__(self):
        self.signal = 0
        for name in ("SIGINT", "SIGTERM", "SIGHUP"):
            if hasattr(signal, name):
                signal.signal(getattr(signal, name), self._caught)

    def _caught(self, signum, frame):
        self.signal = signum

    def __bool__(self):
        return self.signal != 0


class Lines:
    """Lines typed on stdin, read straight from its file descriptor so that select() sees
    every line still to come (Python's own buffer would hide those it has read ahead)."""

    def __init__(self, fd):
        self.fd = fd
        self.buf = b""
        self.ended = False

    def next(self, timeout):
        """The next line; None when none came within timeout seconds; EOFError at the end."""
        while b"\n" not in self.buf and not self.ended:
            if not select.select([self.fd], [], [], timeout)[0]:
                return None
            chunk = os.read(self.fd, 4096)
            self.ended = not chunk
            self.buf += chunk
        if not self.buf:
            raise EOFError
        line, _, self.buf = self.buf.partition(b"\n")
        return line.decode("utf-8", "replace")


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
    from tools.text.view import text_lines
    app = launcher.app
    if app is None:
        return text_lines(launcher.text)
    name = type(app).__name__
    if name == "YoyoApp":
        from tools.text import yoyo_parlett as text_yoyo
        return text_yoyo.screen_text(app)
    if name == "AmigoApp":
        from tools.text import yoyo_amigo as text_amigo
        return text_amigo.screen_text(app)
    if app.stack[-1] is not app.table:
        return text_lines(app.text)
    if type(app.table).__name__ == "CalcTable":
        from tools.text import calculation as text_calc
        return text_calc.table_text(app)
    if type(app.table).__name__ == "BigBenTable":
        from tools.text import bigben as text_bigben
        return text_bigben.table_text(app)
    return black_hole_text(app)


def black_hole_text(app):
    from engine import cards
    from tools.text.view import row_text
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
    said = row_text(app.table.view.message.row)
    if said:
        text.append(said)
    return "\n".join(text)


def headless(args):
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from hw import keys, stub
    from hw.base import DARK
    hw = stub.Hardware(storage_path=args.save)
    app = start(hw, args)
    stop = Stop()
    lines = Lines(sys.stdin.fileno())
    shot = os.path.abspath(args.screenshot)
    try:
        print(HEADLESS_HELP)
        settle(hw, app, stop)
        while not stop:
            hw.display.save_png(shot)
            print()
            print(screen_text(app))
            print("(screen: %s)" % shot)
            sys.stdout.write("> ")
            sys.stdout.flush()
            try:
                line = wait_for_line(lines, hw, app, stop)
            except EOFError:
                break
            if line is None or line.strip().lower() in ("q", "quit", "exit"):
                break
            try:
                for k in parse_keys(line, keys):
                    if stop:
                        break
                    asleep = hw.power
                    if k == keys.HOLD_B:
                        hold_b(hw, app)
                    else:
                        hw.keys.press(k)
                    settle(hw, app, stop)
                    if asleep:
                        # as on the board: the key that finds the screen dimmed or off only
                        # wakes it; a terminal shows no brightness, so it says so
                        print("  (the screen was %s: %s only woke it)" % (
                            "off" if asleep == DARK else "dimmed", keys.NAMES[k]))
            except ValueError as e:
                print(e)
    except OSError:         # the terminal or the pipe reading the screens went away
        sys.stdout = open(os.devnull, "w")
    return finish(app, stop)


def hold_b(hw, launcher):
    """B pressed and kept down as long as the board takes it for held, then let go."""
    from hw.base import HOLD_MS
    from hw.keys import B
    hw.keys.hold(B)
    launcher.step()
    hw.clock.advance(HOLD_MS)
    launcher.step()
    hw.keys.release(B)


def wait_for_line(lines, hw, launcher, stop):
    """The next line typed, or None once a signal asks to stop. Meanwhile the app runs on,
    its clock keeping real time, so its save once play pauses (ui/app.py QUIET_MS) happens."""
    last = time.monotonic()
    while not stop:
        line = lines.next(WAIT_S)
        now = time.monotonic()
        hw.clock.advance(int((now - last) * 1000))
        last = now
        if line is not None:
            return line
        launcher.step()
    return None


def finish(launcher, stop):
    """The end of a session, asked for or signalled: save, and no traceback."""
    for name in ("SIGINT", "SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_IGN)    # the save is not cut
    save(launcher)
    if stop.signal == getattr(signal, "SIGHUP", None):
        # the terminal is gone: anything still to print would fail at exit
        sys.stdout = open(os.devnull, "w")
    elif stop:
        print("\nSaved; the game resumes at the next start.")
    return 0


def settle(hw, launcher, stop=(), passes=20000):
    """Run the loop until the game waits for a key: the solver done, the CPU seats moved.
    A terminal shows one screen per line typed, so the clock jumps a CPU's pace each pass."""
    launcher.step()
    told = said(launcher.app)
    for _ in range(passes):
        if stop:
            return
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
        if type(app).__name__ == "AmigoApp":
            from ui.yoyo_amigo.words import lines
            for line in lines(app.table, app.holder, before):   # YoYo's own log
                print("  " + line)
        else:
            for card in played(app)[len(before):]:
                print("  %s played %s" % (who, card))
        words = said(app)
        if words and words != told and not words.endswith("A: skip"):
            print("  " + words)
        told = words


def said(app):
    """The words on the game's message row."""
    view = getattr(getattr(app, "table", None), "view", None)
    for owner, name in ((view, "said"), (getattr(app, "table", None), "said")):
        words = getattr(owner, name, None)
        if isinstance(words, (str, bytearray)):
            from tools.text.view import words as text
            return text(words)
    return ""


def played(app):
    """What the table shows of each play so far, for narrating a CPU's turn play by play:
    Yo-yo's cards in the centre; for YoYo, how many events its table has moves."""
    name = type(app).__name__
    g = getattr(app, "game", None)
    if name == "YoyoApp":
        from engine import cards
        return [cards.name(g.played[i]) for i in range(g.n)]
    if name == "AmigoApp":
        return app.table.moves
    return []


def cpu_name(app):
    name = type(app).__name__
    if name == "YoyoApp":
        return app.table.seat_name(app, app.game.turn)
    if name == "AmigoApp":
        return app.names[app.game.seat]
    return ""


def start(hw, args):
    """The app as the board runs it, each game a program of its own (ui/programs.py), switched
    to --game or --deal when given."""
    from ui.programs import Programs
    programs = Programs(hw, seed=args.seed)
    if args.deal and not args.game:
        args.game = "blackhole"
    args.game = GAME_ALIASES.get(args.game, args.game)
    if args.game and programs.game != GAME_NAMES.index(args.game):
        programs.open(GAME_NAMES.index(args.game))
    if args.deal and may_leave(programs.app, args):
        programs.app.deal(args.deal)
    return programs


def may_leave(app, args):
    """Whether --deal may replace the deal on the table. A deal in play is never thrown away
    unasked, as in the game's menu: the terminal asks, --yes answers for it, and with no
    terminal to ask on the session ends (status 2) with nothing changed. The same deal
    number as the deal in play resumes it."""
    g = app.game
    if not app.in_play():
        return True
    if g.deal_number == args.deal:
        print("Deal %d is in play: resuming it (the menu's \"Restart this deal\" starts over)."
              % g.deal_number)
        return False
    counted = ("it stays counted as won" if app.stats.counted == 2 else
               "it counts as lost")
    if args.yes:
        print("Leaving deal %d after %s: %s." % (g.deal_number, moves(g.moves_made), counted))
        return True
    where = "Deal %d is in play (%s)" % (g.deal_number, moves(g.moves_made))
    if not sys.stdin.isatty():
        sys.stderr.write("%s; --deal %d would leave it, and %s. Nothing changed: add --yes to "
                         "leave it, or leave out --deal to go on with it.\n"
                         % (where, args.deal, counted))
        raise SystemExit(2)
    try:
        answer = input("%s. Leave it for deal %d (%s)? [y/N] " % (where, args.deal, counted))
    except EOFError:
        answer = ""
    except KeyboardInterrupt:
        print("\nNothing changed.")
        raise SystemExit(0)
    if answer.strip().lower() in ("y", "yes"):
        return True
    print("Kept deal %d: go on with it." % g.deal_number)
    return False


def save(launcher):
    if launcher.app is not None:
        launcher.app.save_now()


def moves(n):
    return "1 move" if n == 1 else "%d moves" % n


def windowed(args):
    from hw import desktop
    hw = desktop.Hardware(scale=args.scale, storage_path=args.save)
    return play_window(start(hw, args))


def play_window(launcher):
    """The board's main loop until the window closes or a signal asks to stop."""
    from ui.launcher import run
    stop = Stop()
    try:
        run(launcher, stop)
    except SystemExit:          # the window was closed
        pass
    return finish(launcher, stop)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Play Pocket Patience on the desktop.")
    ap.add_argument("--headless", action="store_true", help="no window: play in the terminal")
    ap.add_argument("--scale", type=int, default=4, choices=range(1, 9), metavar="1..8",
                    help="window scale (default 4)")
    ap.add_argument("--game", metavar="NAME",
                    help="start this game: %s (default: the one played last, else the "
                         "chooser)" % ", ".join(GAME_NAMES))
    ap.add_argument("--deal", type=int,
                    help="start with this deal number (1..%d), Black Hole unless --game says"
                         % MAX_DEAL)
    ap.add_argument("--yes", action="store_true",
                    help="with --deal: leave a deal in play without asking (it counts as lost)")
    ap.add_argument("--seed", type=int, default=int.from_bytes(os.urandom(3), "big") + 1,
                    help=argparse.SUPPRESS)
    ap.add_argument("--save", default=os.path.join(os.path.expanduser("~"), ".pocket-patience",
                                                   "nvm.bin"),
                    help="where the simulated board keeps its saves")
    ap.add_argument("--screenshot", default="sim-screen.png",
                    help="headless mode: the PNG rewritten after every key")
    args = ap.parse_args(argv)
    if args.game is not None:
        name = args.game.strip().lower()
        args.game = GAME_ALIASES.get(name, name)
        if args.game not in GAME_NAMES:
            ap.error("no game %r: the games are %s" % (name, ", ".join(GAME_NAMES)))
    if args.deal is not None and not 1 <= args.deal <= MAX_DEAL:
        ap.error("--deal must be 1..%d" % MAX_DEAL)
    if args.deal is not None and args.game in SEATED:
        ap.error("--deal is for Black Hole, Calculation and Big Ben")
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
