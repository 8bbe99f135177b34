# One program of a player's session, as the board runs it: code.py's chooser, or one game's
# program after a restart (appended to tests/cpy_board.py by tests/test_board_heap.py, which
# chains the programs of a session, carrying the NVM from one to the next as a board does).
# PROGRAM is ("choose", game): power-on at the chooser, pick the game, the program ends in
# the firmware's reload; ("play", game): power-on into the game just chosen, the heaviest
# setup a player can choose, "Other games" ends it; ("end", None): power-on at the chooser.
# NVM_IN holds the NVM the last program left (or is empty), NVM_OUT gets it back. FREE is the
# free heap at start: one unbroken run, or with AREAS laid out in CircuitPython 10's heap
# areas (tests/cpy_board.py); with MEASURE the heap is collected after every pass to find
# the live peak, which the board never does, so the FREE runs leave it off.
import micropython

if NVM_IN:
    with open(NVM_IN, "rb") as _f:
        microcontroller.nvm.data[:] = _f.read()
_nvm_out = open(NVM_OUT, "wb")      # opened before the heap fills: the end allocates nothing
_held = fill_heap_areas(FREE) if AREAS else fill_heap_leaving(FREE)
gc.collect()
micropython.mem_info()
base = gc.mem_alloc()

import hw  # noqa: E402
from hw import keys as K  # noqa: E402
from ui.launcher import Launcher  # noqa: E402

L = Launcher(hw.detect(), seed=4321)
gc.collect()
print("FIG %s %d" % ("chooser" if L.app is None else PROGRAM[1] + "_open", gc.mem_alloc() - base))
peak = [0]
passes = [0]
reloaded = [False]


def step():
    assert not reloaded[0], "a key after the program ended"
    try:
        L.step()
    except ReloadRequested:
        reloaded[0] = True
    passes[0] += 1
    if MEASURE:
        gc.collect()
        a = gc.mem_alloc() - base
        if a > peak[0]:
            peak[0] = a


def press(k, times=1):
    for _ in range(times):
        queue_key(k)
        step()


def view():
    app = L.app
    return app.text if app is not None else L.text


def menu_up():
    app = L.app
    if app is None or view().group.hidden:
        return False
    stack = getattr(app, "stack", None)
    return "Resume" in lines() if stack is None else len(stack) > 1 and \
        hasattr(stack[-1], "rows") and "Resume" in stack[-1].rows


def lines():
    return view()._texts


def marked():
    return view().marked


def busy():
    return L.app is not None and L.app.busy()


def settle(limit=4000):
    """Let the solver or the CPU seats work, the clock moving as on a board."""
    n = 0
    while busy() and n < limit:
        wait(60)
        step()
        n += 1
    wait(4000)      # a pause: the game saves
    step()


def pick(label):
    """Open the menu (unless it is up) and choose the row that starts with label."""
    if not menu_up():
        press(K.START)
    for _ in range(14):
        if lines()[marked()].startswith(label):
            press(K.A)
            return
        press(K.DOWN)
    raise AssertionError("no menu row %r in %r at %d" % (label, lines(), marked()))


def open_game(title):
    for _ in range(6):
        if lines()[marked()].startswith(title):
            press(K.A)
            assert reloaded[0], title
            return
        press(K.DOWN)
    raise AssertionError("no game %r in the chooser" % title)


def confirm():
    """A on a question, if one was asked."""
    if not reloaded[0] and L.app is not None and "A: yes    B: no, go back" in lines():
        press(K.A)


def leave():
    pick("Other games")
    confirm()
    assert reloaded[0], "still in a game"


def figure(name):
    gc.collect()
    print("FIG %s_live %d" % (name, gc.mem_alloc() - base))
    print("FIG %s_peak %d" % (name, peak[0]))
    peak[0] = 0


def switch_on(label, on):
    """In the open settings screen: the row starting with label set to on."""
    for _ in range(8):
        if lines()[marked()].startswith(label):
            break
        press(K.DOWN)
    if not lines()[marked()].rstrip().endswith(on):
        press(K.RIGHT)
    assert lines()[marked()].rstrip().endswith(on), lines()[marked()]


def black_hole():
    # The heaviest setup: "Winnable?" shown after every move and new deals winnable only.
    pick("Settings")
    switch_on("Winnable?", "shown")
    switch_on("New deals", "winnable")
    press(K.B)
    press(K.B)
    for i in range(30):
        press(K.RIGHT if i % 3 else K.DOWN)
        press(K.A)
        settle()
    press(K.SELECT)
    settle()
    assert L.app.table.thinker is not None, "no memory for the solver"
    press(K.A)
    for i in range(20):
        press(K.LEFT if i % 2 else K.UP)
        press(K.A)
        settle()
    pick("Help")
    press(K.RIGHT, 4)
    press(K.B)
    pick("Statistics")
    press(K.B)
    press(K.B)
    pick("Deal number...")
    for k in (K.UP, K.RIGHT, K.UP, K.UP, K.A):
        press(k)
    confirm()
    pick("New deal")
    confirm()
    settle()
    for i in range(6):
        press(K.RIGHT)
        press(K.A)
        settle()
    press(K.SELECT)
    settle()
    figure("blackhole")
    leave()


def seated(title, keys_cycle, turns, kinds):
    """kinds: each seat's kind as the setup screen names it, so len(kinds) players."""
    assert lines()[0].endswith("players and seats"), lines()
    while not lines()[marked()].endswith(" %d" % len(kinds)):      # the Players row
        press(K.RIGHT)
    for kind in kinds:
        press(K.DOWN)
        for _ in range(6):
            if lines()[marked()].endswith(" " + kind):
                break
            press(K.RIGHT)
        assert lines()[marked()].endswith(" " + kind), (kind, lines()[marked()])
    press(K.DOWN)
    assert lines()[marked()].startswith("Start"), lines()[marked()]
    press(K.A)
    for i in range(turns):
        settle(400)
        press(keys_cycle[i % len(keys_cycle)])
    pick("Help")
    press(K.RIGHT, 2)
    press(K.B)
    pick("Settings")
    press(K.RIGHT, 2)                       # sound off and on again
    press(K.B)
    pick("Scores")
    press(K.B)
    pick("Resume")
    for i in range(turns // 4):
        settle(400)
        press(keys_cycle[i % len(keys_cycle)])
    settle(400)
    figure(title)
    leave()


def calculation():
    for i in range(40):
        press(K.SELECT)
        press(K.A)
        if i % 9 == 8:
            press(K.B)
    pick("Help")
    press(K.RIGHT, 3)
    press(K.B)
    pick("Settings")
    press(K.DOWN)
    press(K.RIGHT)
    press(K.DOWN, 3)        # New deals: winnable
    press(K.RIGHT)
    press(K.B)
    pick("Statistics")
    press(K.B)
    pick("New deal")
    confirm()
    for i in range(30):
        press(K.SELECT)
        press(K.A)
    settle()
    figure("Calculation")
    leave()


def big_ben():
    for i in range(60):
        press(K.SELECT)
        press(K.A)
        if i % 11 == 10:
            press(K.B)
    press(K.LEFT, 5)
    press(K.UP, 2)
    pick("Help")
    press(K.RIGHT, 3)
    press(K.B)
    pick("Statistics")
    press(K.B)
    pick("Settings")
    press(K.DOWN, 3)        # New deals: winnable, and strict deals
    press(K.RIGHT)
    press(K.DOWN)
    press(K.RIGHT)
    press(K.B)
    pick("New deal")
    confirm()
    for i in range(40):
        press(K.SELECT)
        press(K.A)
    settle()
    figure("BigBen")
    leave()


SESSIONS = {
    "blackhole": black_hole,
    # The heaviest line-ups: Yo-yo's most seats with its strongest CPUs; YoYo's six seats,
    # two people (the curtain between them) and four strong CPUs.
    "yoyo": lambda: seated("Yo-yo", (K.A, K.RIGHT, K.A, K.UP, K.A, K.SELECT, K.LEFT, K.A), 160,
                           ("Human", "CPU hard", "CPU hard")),
    "amigo": lambda: seated("YoYo", (K.A, K.SELECT, K.RIGHT, K.A, K.SELECT, K.B, K.DOWN, K.A),
                            160, ("Human", "CPU strong", "Human", "CPU strong", "CPU strong",
                                  "CPU strong")),
    "calc": calculation,
    "bigben": big_ben,
}

TITLES = {"blackhole": "Black Hole", "yoyo": "Yo-yo", "amigo": "YoYo", "calc": "Calculation",
          "bigben": "Big Ben"}
if PROGRAM[0] == "choose":
    open_game(TITLES[PROGRAM[1]])
elif PROGRAM[0] == "play":
    assert L.app is not None and L.game >= 0, "power-on did not start the game chosen"
    SESSIONS[PROGRAM[1]]()
else:
    assert L.app is None, "power-on after Other games did not start at the chooser"
_nvm_out.write(microcontroller.nvm.data)
_nvm_out.close()
print("FIG passes", passes[0])
print("DONE")
