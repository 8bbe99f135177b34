"""Render the app's screens to PNG at the board's 160x128 (the README's images).

    python tools/screenshots.py [--out docs/screens]
"""
import argparse
import os
import sys

# Appended: the repo's code.py must not shadow the standard library's `code` module.
sys.path.append(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

# A winning line for deal 2 (see tests/test_blackhole_rules.py).
DEAL_2_WIN = [1, 6, 5, 7, 12, 6, 16, 0, 0, 3, 4, 1, 7, 3, 16, 11, 8, 11, 5, 4, 2, 4, 10, 2,
              13, 11, 14, 12, 9, 5, 13, 2, 0, 9, 1, 9, 15, 8, 14, 10, 13, 7, 8, 3, 14, 15, 6,
              12, 10, 16, 15]


def press(hw, loop, *ks):
    """Each key, then one pass of the app's or the launcher's main loop."""
    for k in ks:
        hw.keys.press(k)
        loop.step()


def shot(hw, out, name, paths):
    path = os.path.join(out, name + ".png")
    hw.display.save_png(path)
    paths.append(path)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=os.path.join("docs", "screens"))
    args = ap.parse_args(argv)
    from hw import keys, stub
    from ui import pages
    from ui.blackhole.table import BlackHoleApp, BlackHoleTable
    from ui.patience.menu import MENU, help_paragraphs
    from ui.persist import Persist, Settings
    os.makedirs(args.out, exist_ok=True)
    hw = stub.Hardware()
    app = BlackHoleApp(hw, 1, Persist(hw.storage), Settings())
    shots = []

    def play(moves):
        for f in moves:
            app.table.cursor = f
            press(hw, app, keys.A)

    app.settings.options |= app.table.VERDICT
    app.deal(2)
    hw.clock.advance(8000)          # play pauses: the key guide's other line
    app.step()
    shot(hw, args.out, "key_guide", shots)
    play(DEAL_2_WIN[:14])
    app.table.cursor = 9
    app.table.view.set_cursor(9)
    shot(hw, args.out, "table", shots)
    press(hw, app, keys.A)
    shot(hw, args.out, "refused", shots)
    press(hw, app, keys.SELECT)
    while app.busy():               # the hint is thought out in slices
        app.step()
    shot(hw, args.out, "hint", shots)
    play(DEAL_2_WIN[14:])
    shot(hw, args.out, "won", shots)
    app.deal(1)
    while app.game.first_move() >= 0:
        play([app.game.first_move()])
    shot(hw, args.out, "stuck", shots)
    press(hw, app, keys.START)
    shot(hw, args.out, "menu", shots)
    for name in ("Help", "Settings", "Statistics", "Deal number..."):
        app.back_to_table()
        press(hw, app, keys.START, *([keys.DOWN] * MENU.index(name)), keys.A)
        if name == "Help":
            for page in range(pages.Pages("", help_paragraphs(BlackHoleTable.HELP)).count):
                shot(hw, args.out, "help%d" % (page + 1), shots)
                press(hw, app, keys.RIGHT)
        else:
            if name == "Deal number...":
                press(hw, app, keys.UP, keys.RIGHT, keys.UP)
            shot(hw, args.out, name.split()[0].lower().strip("."), shots)
        press(hw, app, keys.B)
    shots += other_games(args.out)
    for p in shots:
        print(p)


def other_games(out):
    """The chooser and a Yo-yo turn: the launcher as the board starts it, on fresh storage."""
    from hw import keys, stub
    from ui.programs import Programs
    hw = stub.Hardware()
    launcher = Programs(hw, seed=5, fresh=False)
    paths = []
    launcher.step()
    shot(hw, out, "chooser", paths)
    press(hw, launcher, keys.DOWN, keys.A)            # Yo-yo: its setup screen first
    shot(hw, out, "yoyo_setup", paths)
    press(hw, launcher, keys.DOWN, keys.DOWN, keys.DOWN, keys.A, keys.UP)   # start; announce up
    t = launcher.app.table
    for _ in range(4):                  # a few plays of the human's run
        t.cursor = next((f for f in range(17) if t.game.check(f) == 0), t.cursor)
        press(hw, launcher, keys.A)
    shot(hw, out, "yoyo_table", paths)
    return paths + amigo_shots(out) + calc_shots(out) + bigben_shots(out)


def amigo_shots(out):
    """YoYo: setup for two people and a CPU, the curtain between them, a turn, a game's scores."""
    from hw import keys, stub
    from ui.programs import Programs
    from ui.seated.app import CPU_PACE_MS, CURTAIN, SCORES, TABLE
    paths = []

    def start(hw, setup_keys):
        launcher = Programs(hw, seed=3, fresh=False)
        launcher.open(2)
        press(hw, launcher, *setup_keys)
        return launcher

    def until(hw, launcher, screen, key):
        for _ in range(5000):
            if launcher.app.screen == screen:
                return
            hw.keys.press(key)
            hw.clock.advance(CPU_PACE_MS)
            launcher.step()
        raise SystemExit("YoYo never reached screen %d" % screen)

    hw = stub.Hardware()
    # 3 players; seat 2 from CPU hard to Human; seat 3 stays a CPU.
    launcher = start(hw, (keys.RIGHT, keys.DOWN, keys.DOWN, keys.LEFT, keys.LEFT))
    shot(hw, out, "amigo_setup", paths)
    press(hw, launcher, keys.DOWN, keys.DOWN, keys.A)
    until(hw, launcher, CURTAIN, keys.B)
    shot(hw, out, "amigo_curtain", paths)
    press(hw, launcher, keys.A)
    until(hw, launcher, TABLE, keys.A)
    shot(hw, out, "amigo_table", paths)
    hw = stub.Hardware()
    launcher = start(hw, (keys.DOWN, keys.LEFT, keys.LEFT, keys.DOWN, keys.DOWN, keys.A))
    until(hw, launcher, SCORES, keys.A)
    shot(hw, out, "amigo_scores", paths)
    paths += amigo_notice(out, start)
    return paths


def amigo_notice(out, start):
    """YoYo: one person against CPU seats, played with Up (a card that fits) and Select, or B
    to draw, until a CPU's card does something to the person: that notice, then the log."""
    from hw import keys, stub
    from tools.text.view import words
    from ui.seated.app import CPU_PACE_MS, TABLE
    news = ("skipped you", "took your", "took 2 from", "you got", "chaos")
    paths = []
    hw = stub.Hardware()
    # six seats: the first a person, the others CPU seats as set up by default
    launcher = start(hw, (keys.RIGHT, keys.RIGHT, keys.RIGHT, keys.RIGHT) + (keys.UP, keys.A))
    for _ in range(3000):
        app = launcher.app
        t = app.table
        g = app.game
        if app.screen != TABLE:
            press(hw, launcher, keys.A)
            continue
        if any(w in words(t.view.said) for w in news):
            shot(hw, out, "amigo_notice", paths)
            press(hw, launcher, keys.DOWN)
            shot(hw, out, "amigo_log", paths)
            return paths
        if g.kinds[g.seat]:
            hw.clock.advance(CPU_PACE_MS)
            launcher.step()
        elif g.pending in (1, 2):           # a turn or a drawn card: play what fits, or B
            press(hw, launcher, keys.UP)
            press(hw, launcher, keys.B if "fits: B" in words(t.view.said) else keys.SELECT)
        else:                               # a way, a victim or a card to pass: A or Down
            press(hw, launcher, keys.DOWN if g.pending == 3 else keys.A)
    raise SystemExit("YoYo never told the person of a CPU's card")


def calc_shots(out):
    """Calculation on the shared screens: a deal some way in, with a hint; the menu; help."""
    from hw import keys, stub
    from ui.calculation.table import CalcApp
    from ui.persist import Persist, Settings
    paths = []
    hw = stub.Hardware()
    settings = Settings()
    persist = Persist(hw.storage)
    persist.load(settings)
    app = CalcApp(hw, 7, persist, settings)
    app.deal(2)
    for _ in range(24):
        press(hw, app, keys.SELECT, keys.A)
    press(hw, app, keys.SELECT)
    shot(hw, out, "calc_table", paths)
    press(hw, app, keys.START)
    shot(hw, out, "calc_menu", paths)
    press(hw, app, keys.DOWN, keys.A)
    shot(hw, out, "calc_confirm", paths)
    press(hw, app, keys.B, keys.DOWN, keys.DOWN, keys.DOWN, keys.DOWN, keys.A)
    shot(hw, out, "calc_help", paths)
    return paths


def bigben_shots(out):
    """Big Ben: deal 72 some way in, a card picked up by a hint; its first help page."""
    from hw import keys, stub
    from ui.bigben.table import BigBenApp
    from ui.persist import Persist, Settings
    paths = []
    hw = stub.Hardware()
    settings = Settings()
    persist = Persist(hw.storage)
    persist.load(settings)
    app = BigBenApp(hw, 7, persist, settings)
    app.deal(72)
    for _ in range(20):
        press(hw, app, keys.SELECT, keys.A)
    press(hw, app, keys.SELECT)
    shot(hw, out, "bb_table", paths)
    press(hw, app, keys.START, *[keys.DOWN] * 5, keys.A)
    shot(hw, out, "bb_help", paths)
    return paths


if __name__ == "__main__":
    main()
