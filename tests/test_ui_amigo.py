"""The YoYo app on the shared seated screens (ui/seated/app.py), on the stub backend: whole matches
with the keys, curtains between humans (and never a hand on screen for the wrong player), plain
refusals, CPU pacing, the strong seat, setup, confirmations, rule readings, menus, saves and
lights."""
import random
import re

import pytest

from engine.amigo import (
    A_PLAY,
    DECK,
    DRAW_ANY,
    P_DIR,
    P_DRAWN,
    P_OVER,
    P_PASS,
    P_TAKE,
    P_TURN,
    Amigo,
)
from engine.amigo_cpu import GREEDY, HUMAN, PLANNER, Cpu
from hw import keys, stub
from tests import ui_keys
from tests.conftest import FIGURES
from tests.test_amigo_kit import all_cards, card, index
from tests.test_amigo_kit import table as kit_table
from tests.ui_keys import press
from tools.text.view import row_text
from tools.text.yoyo_amigo import screen_text
from ui.app import DAMAGED, QUIET_MS
from ui.launcher import Launcher
from ui.persist import TAG_AMIGO, TAG_AMIGO_SETUP
from ui.programs import Programs
from ui.seated import screens as seat_screens
from ui.seated.app import ASK, CPU_PACE_MS, CURTAIN, HELP, MENU, NEWS_MS, SCORES, SETUP, TABLE
from ui.yoyo_amigo import log as amigo_log
from ui.yoyo_amigo import play as amigo_app
from ui.yoyo_amigo.table import AmigoApp, AmigoTable
from ui.yoyo_amigo.view import MSG_CHARS, SEAT_RGB, WINDOW

SORTED_DECK = sorted(DECK)


def boot(storage=None, seed=5, lights=5):
    return ui_keys.boot(AmigoApp, storage, seed, lights)


def set_up(hw, app, kinds, options=0):
    """Choose the seats on the setup screen with the keys and start the match (the rules,
    which the menu's Rules screen sets, are set directly here)."""
    setup = app.stack[-1]
    assert app.screen == SETUP and setup.item == 0
    app.options = options
    while setup.players != len(kinds):
        press(hw, app, keys.RIGHT)
    for s, kind in enumerate(kinds):
        press(hw, app, keys.DOWN)
        while setup.kinds[s] != kind:
            press(hw, app, keys.RIGHT)
    press(hw, app, keys.DOWN, keys.A)
    g = app.game
    assert g.players == len(kinds) and list(g.kinds[:len(kinds)]) == list(kinds)
    assert g.options == options and g.game == 0 and g.pile_len == 0


def new_match(kinds, seed=5, options=0):
    hw, app = boot(seed=seed)
    set_up(hw, app, kinds, options)
    return hw, app


def seat_name(app, s):
    return app.table.seat_name(app, s)


def hand(g, s):
    return [g.card(s, i) for i in range(g.counts[s])]


def shown(app):
    """(seat, cards) of the hand row as the tiles show it, or None when no hand is on screen
    (the table hidden, the hand row hidden, or another screen up)."""
    v = app.table.view
    if app.screen != TABLE or v.group.hidden or v.hand.hidden:
        return None
    return v.seat, v.shown_cards()


class Watch:
    """Who holds the device, from the keys alone: the seat named on the latest curtain the
    player pressed A on (with one human seat, that seat). check() holds the screen to it."""

    def __init__(self, app):
        g = app.game
        humans = [s for s in range(g.players) if g.kinds[s] == HUMAN]
        self.held = humans[0] if len(humans) == 1 else None
        self.curtains = []
        self.hands_seen = 0

    def curtain(self, app):
        g = app.game
        assert app.screen == CURTAIN
        v = app.table.view
        assert v.group.hidden and v.hand.hidden and not app.text.group.hidden
        assert not any(t.startswith("hand ") for t in screen_text(app).splitlines())
        name = seat_name(app, g.seat)
        assert app.text._texts[0] == "Pass to %s" % name
        self.curtains.append((g.seat, g.pending))

    def press_a_on_curtain(self, hw, app):
        self.curtain(app)
        seat = app.game.seat
        press(hw, app, keys.A)
        self.held = seat
        self.check(app)

    def check(self, app):
        seen = shown(app)
        if app.screen == CURTAIN:
            self.curtain(app)
        if seen is None:
            return
        seat, cards = seen
        g = app.game
        assert self.held is not None, "a hand shown before anyone took the device"
        assert seat == self.held, "seat %d's hand shown to seat %d" % (seat, self.held)
        first = app.table.view.first
        assert cards == hand(g, seat)[first:first + WINDOW]
        assert len(cards) == min(WINDOW, g.counts[seat])
        self.hands_seen += 1


def cursor_to(hw, app, i):
    g = app.game
    n = g.counts[g.seat]
    right = (i - app.table.cursor) % n
    k = keys.RIGHT if right <= n - right else keys.LEFT
    for _ in range(n):
        if app.table.cursor == i:
            return
        press(hw, app, k)
    assert app.table.cursor == i


# made once: the allocation test must not see them made
HELPERS = {GREEDY: Cpu(GREEDY), PLANNER: Cpu(PLANNER)}


def human_decides(hw, app, rnd, watch=None, check=True):
    """One human decision made with the keys: a series picked card by card, a single card
    played from the cursor, a draw, a keep, a direction, a victim or a card passed left."""
    g = app.game
    s = g.seat
    p = g.pending
    before = g.save() if check else None
    # the news first: any key shows its next line and does nothing else; the prompt last
    told = amigo_log.telling(app.table)
    for _ in range(20):
        if not amigo_log.telling(app.table):
            break
        press(hw, app, rnd.choice((keys.A, keys.B, keys.SELECT, keys.UP, keys.DOWN,
                                   keys.LEFT, keys.RIGHT)))
        assert g.save() == before or not check
    assert not told or app.table.view.said == amigo_app.prompt(g)
    helper = HELPERS[rnd.choice((GREEDY, PLANNER))]
    if p == P_TURN or p == P_DRAWN:
        a = helper.decide(g)
        if a == A_PLAY:
            picks = list(helper.sel[:helper.arg])
            if len(picks) == 1 and rnd.random() < 0.5:
                cursor_to(hw, app, picks[0])
                press(hw, app, keys.SELECT)
            else:
                for i in picks:
                    cursor_to(hw, app, i)
                    press(hw, app, keys.A)
                    if watch:
                        watch.check(app)
                assert [app.table.sel[k] for k in range(app.table.picks.n)] == picks
                press(hw, app, keys.SELECT)
        else:
            press(hw, app, keys.B)
    elif p == P_DIR:
        press(hw, app, rnd.choice((keys.UP, keys.DOWN)))
    elif p == P_TAKE:
        if helper.decide(g) == A_PLAY:
            cursor_to(hw, app, helper.sel[0])
            press(hw, app, keys.SELECT)
        else:
            for _ in range(rnd.randrange(3)):
                press(hw, app, keys.DOWN)
            assert app.table.pick != s and app.table.pick != g.victim
            press(hw, app, keys.A)
    else:
        assert p == P_PASS
        for _ in range(rnd.randrange(4)):
            press(hw, app, keys.RIGHT)
        press(hw, app, keys.A)
    assert not check or g.save() != before, (p, app.table.view.said)


def play_match(hw, app, rnd, hurry=False, games=None):
    """Drive the match with the keys until the match-over table shows (or `games` games are
    over). CPU seats get their pace, or A to hurry them. Returns the Watch."""
    g = app.game
    watch = Watch(app)
    done = 0
    for _ in range(200000):
        watch.check(app)
        if app.screen == SCORES:
            text = screen_text(app)
            assert "Game %d of %d over" % (g.game + 1, 2 * g.players) in text or \
                "Match over" in text
            for s in range(g.players):
                assert "%-8s%8s%8s" % (seat_name(app, s), "%+d" % g.points(s),
                                       "%+d" % g.scores[s]) in text
            assert sorted(all_cards(g)) == SORTED_DECK
            done += 1
            if g.match_over() or done == games:
                return watch
            press(hw, app, keys.A)
            continue
        if app.screen == CURTAIN:
            watch.press_a_on_curtain(hw, app)
            continue
        assert app.screen == TABLE and g.pending != P_OVER
        if g.kinds[g.seat] == HUMAN:
            human_decides(hw, app, rnd, watch)
        elif hurry:
            press(hw, app, keys.A)
        else:
            before = g.save()
            hw.clock.advance(CPU_PACE_MS)
            app.step()
            assert g.save() != before
    raise AssertionError("the match did not end")


def check_match_over(hw, app):
    g = app.game
    assert app.screen == SCORES and g.match_over() and g.game + 1 == 2 * g.players
    text = screen_text(app)
    best = max(g.scores[:g.players])
    winners = [seat_name(app, s) for s in range(g.players) if g.scores[s] == best]
    assert ("Winner: " if len(winners) == 1 else "Winners: ") + ", ".join(winners) in text
    assert "Match over (%d games)" % (2 * g.players) in text


@pytest.mark.parametrize("kinds, seed", [
    ((HUMAN, PLANNER), 1),
    ((GREEDY, HUMAN), 2),
    ((HUMAN, HUMAN), 3),
])
def test_two_player_matches_are_played_to_the_end_with_the_keys(kinds, seed):
    hw, app = new_match(kinds, seed)
    watch = play_match(hw, app, random.Random(seed))
    check_match_over(hw, app)
    assert watch.hands_seen > 20
    if kinds == (HUMAN, HUMAN):
        assert len(watch.curtains) > 10
    else:
        assert watch.curtains == []
    # A starts a new match with the same seats.
    press(hw, app, keys.A)
    assert app.game.game == 0 and app.game.pile_len == 0 and list(app.game.kinds[:2]) == \
        list(kinds)


@pytest.mark.parametrize("kinds, seed, options", [
    ((HUMAN, PLANNER, GREEDY, PLANNER, GREEDY, PLANNER), 4, 0),
    ((HUMAN, PLANNER, HUMAN, GREEDY, HUMAN, PLANNER), 5, 1),
])
def test_six_player_matches_are_played_to_the_end_with_the_keys(kinds, seed, options):
    hw, app = new_match(kinds, seed, options)
    watch = play_match(hw, app, random.Random(seed), hurry=True)
    check_match_over(hw, app)
    assert watch.hands_seen > 50
    if kinds.count(HUMAN) > 1:
        seats = set(s for s, _ in watch.curtains)
        assert seats == {0, 2, 4}


def test_several_humans_the_curtain_always_comes_before_another_hand():
    hw, app = new_match((HUMAN, HUMAN, GREEDY, HUMAN), 7)
    g = app.game
    watch = Watch(app)
    rnd = random.Random(7)
    holder = None
    for _ in range(400):
        watch.check(app)
        seen = shown(app)
        if seen is not None:
            assert seen[0] == holder
        if app.screen == CURTAIN:
            watch.press_a_on_curtain(hw, app)
            holder = watch.held
        elif app.screen == SCORES:
            break
        elif g.kinds[g.seat] == HUMAN:
            human_decides(hw, app, rnd, watch)
        else:
            hw.clock.advance(CPU_PACE_MS)
            app.step()
            # a CPU decides: the holder may still see their own hand, nobody else's
            seen = shown(app)
            assert seen is None or seen[0] == holder
    assert len(watch.curtains) > 20


def test_a_curtain_loads_its_words_without_the_help_paragraphs():
    import sys

    from ui import forget
    if "ui.seated.help" in sys.modules:
        forget("seated.help")
    hw, app = new_match((HUMAN, GREEDY, HUMAN), 7)
    for _ in range(200):
        if app.screen == CURTAIN:
            break
        hw.clock.advance(CPU_PACE_MS)
        app.step()
    assert app.screen == CURTAIN and "ui.yoyo_amigo.words" in sys.modules
    assert "ui.seated.help" not in sys.modules


def test_with_one_human_no_curtain_and_the_hand_stays_during_cpu_turns():
    hw, app = new_match((PLANNER, GREEDY, HUMAN), 8)
    g = app.game
    assert app.screen == TABLE and g.seat == 0
    seen = shown(app)
    assert seen[0] == 2 and seen[1] == hand(g, 2)[:WINDOW]
    assert app.table.view.cursor == -1                   # no cursor while a CPU decides
    watch = play_match(hw, app, random.Random(8), games=1)
    assert watch.curtains == [] and watch.hands_seen > 10


PASS_HANDS = [["Y9", "B3", "B4"], ["R7", "R8", "B12"], ["B15", "R16", "R2"]]


def put_table(app, g):
    """Replace the app's match by a laid-out position (every seat human) and show it."""
    app.game = app.table.game = g
    app.players = g.players
    app.kinds[:] = g.kinds
    app.holder = -1
    app.table.clear()
    app.begin()


def test_pass_left_choices_go_seat_by_seat_behind_curtains():
    hw, app = new_match((HUMAN, HUMAN, HUMAN), 9)
    g = kit_table(3, PASS_HANDS, pile=["B8"])
    put_table(app, g)
    watch = Watch(app)
    assert app.screen == CURTAIN
    watch.press_a_on_curtain(hw, app)
    cursor_to(hw, app, index(g, 0, "Y9"))
    press(hw, app, keys.SELECT)                     # pass left: seat 0 chooses first
    assert g.pending == P_PASS and g.seat == 0 and app.screen == TABLE
    watch.check(app)
    assert app.table.view.said == amigo_app.P_PASS_TEXT
    cursor_to(hw, app, index(g, 0, "B3"))
    press(hw, app, keys.A)
    assert g.pending == P_PASS and g.seat == 1 and app.screen == CURTAIN
    assert hand(g, 0) == sorted(card(t) for t in ("B3", "B4"))   # nothing moved yet
    watch.press_a_on_curtain(hw, app)
    cursor_to(hw, app, index(g, 1, "B12"))
    press(hw, app, keys.A)
    assert g.seat == 2 and app.screen == CURTAIN
    watch.press_a_on_curtain(hw, app)
    cursor_to(hw, app, index(g, 2, "R2"))
    press(hw, app, keys.A)
    # all passed at once; the turn goes to the left of the yellow's player, behind a curtain
    assert g.pending == P_TURN and g.seat == 1 and app.screen == CURTAIN
    assert hand(g, 0) == sorted(card(t) for t in ("B4", "R2"))
    assert hand(g, 1) == sorted(card(t) for t in ("R7", "R8", "B3"))
    watch.press_a_on_curtain(hw, app)
    assert [s for s, _ in watch.curtains] == [0, 1, 2, 1]
    assert [p for _, p in watch.curtains] == [P_TURN, P_PASS, P_PASS, P_TURN]
    assert shown(app) == (1, hand(g, 1))


def test_a_refused_move_says_the_engines_reason_and_changes_nothing():
    hw, app = new_match((HUMAN, HUMAN), 10)
    g = kit_table(2, [["B3", "B9", "R5", "B10"], ["B4", "R2"]], pile=["B8"], turn=0)
    put_table(app, g)
    press(hw, app, keys.A)                                   # the curtain
    before = g.save()
    cursor_to(hw, app, index(g, 0, "B3"))
    press(hw, app, keys.SELECT)
    # the reason in the player's terms: what would fit on the blue 8 going up
    assert app.table.view.said == "Yellow, an 8 or blue 9+"
    assert g.save() == before
    assert hw.sound.log[-1] == (110, 150)
    press(hw, app, keys.B)                                   # a card fits: no drawing
    assert app.table.view.said == "A card fits: Up finds it" and g.save() == before
    for t in ("B9", "B3"):                                   # a series that does not step
        cursor_to(hw, app, index(g, 0, t))
        press(hw, app, keys.A)
    assert app.table.picks.n == 2 and "B9#1" in screen_text(app) and "B3#2" in screen_text(app)
    press(hw, app, keys.SELECT)
    assert app.table.view.said == "A series steps by one" and g.save() == before
    assert app.table.picks.n == 2                                     # the picks stay to be fixed
    press(hw, app, keys.B)                                   # B clears the picks
    assert app.table.picks.n == 0 and g.save() == before
    for t in ("B9", "B10"):
        cursor_to(hw, app, index(g, 0, t))
        press(hw, app, keys.A)
    press(hw, app, keys.SELECT)
    assert g.seat == 1 and g.counts[0] == 2
    assert app.screen == CURTAIN and "Your turn to play." in screen_text(app)
    assert "Top: blue 10 going up" in screen_text(app)
    press(hw, app, keys.A)
    assert "call 9, 10 up" in screen_text(app)


def test_picks_are_laid_as_the_series_they_make_whatever_the_order_picked():
    hw, app = new_match((HUMAN, HUMAN), 24)
    g = kit_table(2, [["R5", "R6", "R7", "Y8", "B1"], ["B4", "R2"]], pile=["R9"], turn=0,
                  direction=1)
    put_table(app, g)
    press(hw, app, keys.A)
    for t in ("R5", "R7", "R6", "Y8"):                   # picked out of order
        cursor_to(hw, app, index(g, 0, t))
        press(hw, app, keys.A)
    assert "R7#2" in screen_text(app)
    press(hw, app, keys.SELECT)
    assert list(g.pile[:g.pile_len]) == [card(t) for t in ("R9", "Y8", "R7", "R6", "R5")]
    assert g.dir == 1 and hand(g, 0) == [card("B1")]
    assert app.screen == CURTAIN and "Top: red 5 going down" in screen_text(app)
    press(hw, app, keys.A)
    assert "call 8, 7, 6, 5 down" in screen_text(app)


def test_a_drawn_card_that_fits_is_played_or_kept_and_direction_and_victims_by_keys():
    hw, app = new_match((HUMAN, HUMAN, HUMAN), 11)
    # Seat 0 cannot play and draws the R5, which fits: the cursor goes to it.
    g = kit_table(3, [["B3", "B4"], ["Y11", "R9", "B1"], ["Y14", "B2", "B7", "R12"]],
                  pile=["R6"], turn=0, direction=1, draw=["R5"])
    put_table(app, g)
    press(hw, app, keys.A)
    assert app.table.view.said == amigo_app.P_STUCK_TEXT
    press(hw, app, keys.B)
    assert g.pending == P_DRAWN and g.card(0, app.table.cursor) == card("R5")
    assert app.table.view.said == amigo_app.P_DRAWN_TEXT
    press(hw, app, keys.SELECT)
    assert g.top() == card("R5") and g.seat == 1 and app.screen == CURTAIN
    press(hw, app, keys.A)
    # Seat 1 lays the yellow 11, chaos: the hands are dealt again, then seat 2 decides
    # behind its curtain.
    cursor_to(hw, app, index(g, 1, "Y11"))
    press(hw, app, keys.SELECT)
    assert g.top() == card("Y11") and "call 11 down" not in screen_text(app)
    assert app.screen == CURTAIN and g.seat == 2 and "Top: yellow 11 going down" in \
        screen_text(app)
    press(hw, app, keys.A)
    assert "call 11 down" in screen_text(app)
    assert sorted(all_cards(g)) == SORTED_DECK


def test_direction_choice_and_taking_cards_with_the_keys():
    hw, app = new_match((HUMAN, HUMAN, HUMAN), 12)
    # Y14 (take cards) on a 14: its player chooses the direction, then seat 1 takes.
    g = kit_table(3, [["Y14", "B3"], ["R7", "R8", "B12"], ["B15", "R16", "R2"]],
                  pile=["B14"], turn=0)
    put_table(app, g)
    press(hw, app, keys.A)
    cursor_to(hw, app, index(g, 0, "Y14"))
    press(hw, app, keys.SELECT)
    assert g.pending == P_DIR and app.table.view.said == amigo_app.P_DIR_TEXT
    assert "call 14 ?" in screen_text(app)
    press(hw, app, keys.A)                          # not an answer: the prompt again
    assert g.pending == P_DIR
    press(hw, app, keys.DOWN)
    assert g.dir == 1 and g.pending == P_TAKE and g.seat == 1 and app.screen == CURTAIN
    press(hw, app, keys.A)
    assert app.table.pick == 2 and not app.table.view._victim.hidden
    assert "?P3" in screen_text(app)
    press(hw, app, keys.DOWN)                       # the only others: seats 2 and 0
    assert app.table.pick == 0
    press(hw, app, keys.A)
    # seat 0 had one card left: taking it makes seat 0 the winner
    assert g.pending == P_OVER and g.winner == 0 and app.screen == SCORES
    assert "P1 out by a take: +5" in screen_text(app)
    assert hw.lights.pixels == [SEAT_RGB[0]] * 5


def test_cpu_moves_are_paced_and_a_skips_to_the_human_turn():
    hw, app = new_match((PLANNER, GREEDY, HUMAN), 13)
    g = app.game
    assert g.seat == 0 and app.table.view.said == "P1 moves. A: skip"
    before = g.save()
    for _ in range(5):
        app.step()
    assert g.save() == before                   # nothing before the pace has passed
    hw.clock.advance(CPU_PACE_MS - 1)
    app.step()
    assert g.save() == before
    hw.clock.advance(1)
    app.step()
    assert g.save() != before and g.pile_len >= 1    # one decision
    after = g.save()
    app.step()
    assert g.save() == after                    # one at a time
    if g.kinds[g.seat] != HUMAN:
        press(hw, app, keys.A)                  # skip: the rest of the run at once
    assert g.kinds[g.seat] == HUMAN and not app.hurry and app.screen == TABLE
    after = g.save()
    hw.clock.advance(10 * CPU_PACE_MS)
    app.step()
    assert g.save() == after                    # the human's decision waits for the human


def test_names_are_edited_with_the_dpad_and_shown_on_the_strip():
    hw, app = boot()
    setup = app.stack[-1]
    press(hw, app, keys.DOWN, keys.A)           # seat 1's name
    assert setup.editing == 0 and app.text._texts[0] == "Edit name: up/down letter"
    press(hw, app, keys.DOWN)                   # P -> O
    press(hw, app, keys.RIGHT, *[keys.UP] * 10)  # 1 -> A
    press(hw, app, keys.RIGHT, keys.UP)         # " " -> A
    assert "O[A]" in app.text._texts[2] or "OA[A]" in app.text._texts[2]
    press(hw, app, keys.A)
    assert setup.names[0] == "OAA" and setup.editing == -1
    press(hw, app, keys.UP)
    set_up(hw, app, (HUMAN, PLANNER))
    assert row_text(app.table.view._names[0]) == "OAA" and screen_text(app).startswith(">OAA 7")
    app.save_now()
    hw2, again = boot(storage=hw.storage)
    assert again.names[0] == "OAA" and again.table.view.names[0] == "OAA"


def test_save_and_a_new_app_on_the_same_storage_resume_the_same_position():
    hw, app = new_match((HUMAN, PLANNER, GREEDY), 15)
    g = app.game
    rnd = random.Random(4)
    for _ in range(15):
        if g.kinds[g.seat] == HUMAN:
            human_decides(hw, app, rnd)
        else:
            hw.clock.advance(CPU_PACE_MS)
            app.step()
    assert app.unsaved_since >= 0
    while g.kinds[g.seat] != HUMAN:
        hw.clock.advance(CPU_PACE_MS)
        app.step()
    hw.clock.advance(QUIET_MS - 1)
    app.step()
    assert app.unsaved_since >= 0
    hw.clock.advance(1)
    app.step()
    assert app.unsaved_since < 0
    hw2, again = boot(storage=hw.storage, seed=77)
    assert again.game.save() == g.save() and again.players == 3
    assert again.persist.get(TAG_AMIGO_SETUP) == seat_screens.pack(app)

    def unmarked(text):                         # power-on puts the cursor on the first card
        return text.replace("[", " ").replace("]", " ")
    # but for the message row: the paused app has gone on to its next key guide line
    said, now = app.table.view.said, again.table.view.said
    assert said in AmigoTable.GUIDES and now == again.table.prompt(again)
    assert unmarked(screen_text(again)).replace(now, said) == unmarked(screen_text(app))
    assert again.table.cursor == 0


def test_a_multi_human_match_resumes_behind_a_curtain():
    hw, app = new_match((HUMAN, HUMAN), 15)
    press(hw, app, keys.A)
    assert shown(app)[0] == 0
    app.save_now()
    hw2, again = boot(storage=hw.storage)
    assert again.screen == CURTAIN and shown(again) is None      # power-on hides the hand


def test_a_finished_match_survives_power_off():
    hw, app = new_match((GREEDY, PLANNER), 16)
    play_match(hw, app, random.Random(1), hurry=True)
    app.save_now()
    hw2, again = boot(storage=hw.storage)
    assert again.screen == TABLE and again.game.match_over()
    from ui.yoyo_amigo.words import over
    assert again.table.view.said == over(again.game, again.names)
    assert again.table.view.said.endswith((" is out. A: scores", "Draw pile out. A: scores"))
    press(hw2, again, keys.A)
    check_match_over(hw2, again)


def damaged(tag):
    hw, app = new_match((HUMAN, GREEDY), 17)
    human_decides(hw, app, random.Random(1))
    app.save_now()
    bad = bytearray(app.persist.get(tag))
    bad[len(bad) // 2] ^= 0x41
    app.persist.put(tag, bytes(bad))
    app.persist.commit(app.settings)
    return hw, app


def test_a_damaged_match_opens_setup_with_the_notice_not_a_default_match():
    hw, app = damaged(TAG_AMIGO)
    hw2, again = boot(storage=hw.storage)
    assert again.screen == SETUP and not again.playing
    assert again.text._texts[0] == DAMAGED
    assert again.stack[-1].kinds[:2] == bytes((HUMAN, GREEDY))    # the setup record was fine
    press(hw2, again, keys.B)                           # leaving setup asks first
    assert again.screen == ASK and "No game is set up yet." in screen_text(again)
    press(hw2, again, keys.B)
    assert again.screen == SETUP
    set_up(hw2, again, (HUMAN, GREEDY))
    assert again.playing and again.game.pile_len == 0
    g = again.game
    while g.kinds[g.seat] != HUMAN:
        hw2.clock.advance(CPU_PACE_MS)
        again.step()
    human_decides(hw2, again, random.Random(2))
    assert again.table.view.said != DAMAGED             # said once only
    again.save_now()
    hw3, third = boot(storage=hw.storage)
    assert third.table.view.said != DAMAGED and third.game.save() == again.game.save()


def test_a_damaged_setup_record_keeps_the_match_and_says_so_once():
    hw, app = damaged(TAG_AMIGO_SETUP)
    hw2, again = boot(storage=hw.storage)
    assert again.screen == TABLE and again.table.view.said == DAMAGED
    assert again.game.save() == app.game.save()         # the match itself was fine
    g = again.game
    while g.kinds[g.seat] != HUMAN:
        hw2.clock.advance(CPU_PACE_MS)
        again.step()
    human_decides(hw2, again, random.Random(2))
    assert again.table.view.said != DAMAGED
    again.save_now()
    hw3, third = boot(storage=hw.storage)
    assert third.table.view.said != DAMAGED and third.game.save() == again.game.save()


def test_lights_follow_the_seat_to_decide_and_the_settings():
    hw, app = new_match((HUMAN, HUMAN, GREEDY), 18)
    assert hw.lights.pixels == [SEAT_RGB[0]] * 5
    watch = play_match(hw, app, random.Random(3), games=1)
    assert watch.hands_seen
    w = app.game.winner
    assert hw.lights.pixels == [SEAT_RGB[w] if w != 255 else 0x404040] * 5
    app.settings.lights = False
    press(hw, app, keys.A)                              # the next game
    assert app.game.game == 1 and hw.lights.pixels == [0] * 5
    hw0, app0 = boot(lights=0)                          # no pixels, no error
    set_up(hw0, app0, (HUMAN, GREEDY))


def menu_pick(hw, app, row):
    if app.screen != MENU:
        press(hw, app, keys.START)
    assert app.screen == MENU
    n = len(AmigoTable.MENU)
    press(hw, app, *([keys.DOWN] * ((AmigoTable.MENU.index(row) - app.stack[-1].item) % n)),
          keys.A)


def test_menu_help_scores_setup_and_other_games():
    hw, app = new_match((HUMAN, GREEDY), 19)
    press(hw, app, keys.START)
    assert app.screen == MENU and [t for t in app.text._texts[1:] if t] == \
        ["Resume", "New match", "Setup", "Help", "Rule choices", "Settings", "Scores",
         "Other games"]
    menu_pick(hw, app, "Help")
    assert app.screen == HELP
    pages = set()
    for _ in range(app.stack[-1].count):
        pages.add(app.text._texts[0])
        assert all(len(t) <= 25 for t in app.text._texts[1:])
        press(hw, app, keys.RIGHT)
    assert len(pages) == app.stack[-1].count >= 3
    press(hw, app, keys.B)
    assert app.screen == MENU
    menu_pick(hw, app, "Scores")
    assert app.screen == SCORES and "Scores  game 1 of 4" in screen_text(app)
    press(hw, app, keys.B)
    assert app.screen == MENU
    menu_pick(hw, app, "Setup")
    assert app.screen == SETUP
    press(hw, app, keys.B)
    assert app.screen == MENU
    menu_pick(hw, app, "Resume")
    assert app.screen == TABLE and not app.leave and shown(app)[0] == 0
    seed = app.game.seed
    menu_pick(hw, app, "New match")                    # nothing played yet: no question
    assert app.game.seed != seed and app.game.pile_len == 0
    menu_pick(hw, app, "Other games")
    assert app.leave


def test_a_new_match_or_leaving_one_in_progress_asks_first():
    hw, app = new_match((HUMAN, GREEDY), 26)
    while app.game.pile_len == 0:
        g = app.game
        if g.kinds[g.seat] == HUMAN:
            human_decides(hw, app, random.Random(1))
        else:
            press(hw, app, keys.A)
    saved = app.game.save()
    menu_pick(hw, app, "New match")
    assert app.screen == ASK and screen_text(app).startswith("New match: are you sure?")
    press(hw, app, keys.B)                              # B keeps playing
    assert app.screen == MENU and app.game.save() == saved
    menu_pick(hw, app, "Other games")
    assert app.screen == ASK and "Leave YoYo now?" in screen_text(app)
    press(hw, app, keys.B)
    assert not app.leave and app.game.save() == saved
    menu_pick(hw, app, "New match")
    press(hw, app, keys.A)                              # A confirms
    assert app.game.pile_len == 0 and app.game.game == 0


def test_the_rule_readings_are_settings_for_the_next_match():
    hw, app = new_match((HUMAN, GREEDY), 27)
    menu_pick(hw, app, "Rule choices")
    assert "Take+ rule   plain" in screen_text(app) and "Draw         if stuck" in \
        screen_text(app)
    press(hw, app, keys.DOWN, keys.RIGHT)
    assert "Draw         any time" in screen_text(app) and app.game.options == 0
    press(hw, app, keys.B)
    menu_pick(hw, app, "New match")
    g = app.game
    assert g.options == DRAW_ANY
    while g.kinds[g.seat] != HUMAN:
        hw.clock.advance(CPU_PACE_MS)
        app.step()
    if g.can_play(g.seat):                              # drawing allowed though a card fits
        n = g.counts[g.seat]
        press(hw, app, keys.B)
        assert g.counts[g.seat] == n + 1 or g.pending == P_DRAWN or g.seat != 0
    app.save_now()
    hw2, again = boot(storage=hw.storage)
    assert again.options == DRAW_ANY and again.game.options == DRAW_ANY


def test_the_launcher_opens_yoyo_and_gets_it_back_after_power_off():
    hw = stub.Hardware()
    la = Programs(hw, seed=3, fresh=False)
    press(hw, la, keys.DOWN, keys.DOWN, keys.A)
    assert type(la.app).__name__ == "AmigoApp" and hw.display.root_group is la.app.root
    set_up(hw, la.app, (HUMAN, GREEDY))
    human_decides(hw, la.app, random.Random(5))
    la.app.save_now()
    again = Launcher(stub.Hardware(storage=hw.storage), seed=4)
    assert type(again.app).__name__ == "AmigoApp"
    assert again.app.game.save() == la.app.game.save()
    assert again.app.screen == TABLE


def test_screen_text_shows_the_table():
    hw, app = new_match((HUMAN, GREEDY), 20)
    text = screen_text(app).splitlines()
    assert text[0] == ">P1 7  P2 7"
    assert text[1] == "top -- ?  draw 50  game 1/4" and text[2] == "call -"
    assert text[3].startswith("hand P1: [") and amigo_app.P_PLAY_TEXT == text[4]


def test_long_hands_scroll_in_a_window_with_counts_either_side():
    hw, app = new_match((HUMAN, HUMAN), 21)
    blues = ["B%d" % v for v in range(1, 21)]
    g = kit_table(2, [blues + ["R3", "R4"], ["R20"]], pile=["R19"], turn=0, direction=1)
    put_table(app, g)
    press(hw, app, keys.A)
    assert shown(app) == (0, hand(g, 0)[:WINDOW])
    assert "14>" in screen_text(app)
    press(hw, app, *[keys.RIGHT] * 10)
    assert app.table.view.first == 3 and shown(app) == (0, hand(g, 0)[3:3 + WINDOW])
    assert "<3" in screen_text(app) and "11>" in screen_text(app)
    press(hw, app, keys.LEFT, *[keys.LEFT] * 10)        # wraps to the last card
    assert app.table.cursor == 21 and shown(app) == (0, hand(g, 0)[14:])


def test_moves_in_the_ui_loop_allocate_nothing_in_our_code():
    import tracemalloc
    hw, app = new_match((HUMAN, GREEDY), 22)
    g = app.game
    rnd = random.Random(2)

    def turns(n):
        for _ in range(n):
            while g.kinds[g.seat] != HUMAN and g.pending != P_OVER:
                hw.clock.advance(CPU_PACE_MS)
                app.step()
            if g.pending == P_OVER:
                return
            if g.pending == P_TURN or g.pending == P_DRAWN:
                for k in (keys.RIGHT, keys.A, keys.B, keys.LEFT):
                    press(hw, app, k)
            human_decides(hw, app, rnd, check=False)

    turns(3)                                            # warm up
    ours = [tracemalloc.Filter(True, "*/ui/*"), tracemalloc.Filter(True, "*/engine/*")]
    tracemalloc.start(1)
    before = tracemalloc.take_snapshot().filter_traces(ours)
    turns(4)
    after = tracemalloc.take_snapshot().filter_traces(ours)
    tracemalloc.stop()
    assert g.pending != P_OVER and app.screen == TABLE
    grown = [s for s in after.compare_to(before, "lineno") if s.size_diff > 0]
    assert not grown, grown[:5]


def test_screen_memory_and_redraw_per_key_and_move():
    from tools.bench import ui_budget
    hw, app = new_match((HUMAN, HUMAN, GREEDY, HUMAN, PLANNER, GREEDY), 23)
    cost = ui_budget.tree_bytes(app.root)
    total = sum(cost.values())
    FIGURES.append("displayio memory of the YoYo screen: %d bytes (budget 16384) %r"
                   % (total, cost))
    assert 2000 < total <= 16 * 1024
    g = app.game
    press(hw, app, keys.A)
    worst_key = worst_move = worst_play = moves = 0
    rnd = random.Random(3)
    for _ in range(60):
        if app.screen == CURTAIN:
            press(hw, app, keys.A)
            continue
        if app.screen != TABLE:
            break
        if g.kinds[g.seat] != HUMAN:
            hw.display.last_dirty_pixels = 0
            hw.clock.advance(CPU_PACE_MS)
            app.step()
            if app.screen == TABLE:         # a curtain is a new screen, not a move
                worst_move = max(worst_move, hw.display.last_dirty_pixels)
                moves += 1
            continue
        if g.pending == P_TURN or g.pending == P_DRAWN:
            hw.display.last_dirty_pixels = 0
            press(hw, app, keys.RIGHT)
            worst_key = max(worst_key, hw.display.last_dirty_pixels)
            hw.display.last_dirty_pixels = 0
            press(hw, app, keys.A)
            worst_key = max(worst_key, hw.display.last_dirty_pixels)
            press(hw, app, keys.B)
        hw.display.last_dirty_pixels = 0
        human_decides(hw, app, rnd)
        if app.screen == TABLE:
            worst_play = max(worst_play, hw.display.last_dirty_pixels)
    FIGURES.append("YoYo: largest redraw for a cursor move or pick: %d of 20480 pixels (%.1f%%); "
                   "for a CPU move (%d moves): %d (%.1f%%); for the last key of a human play: "
                   "%d (%.1f%%)" % (worst_key, worst_key / 204.8, moves, worst_move,
                                    worst_move / 204.8, worst_play, worst_play / 204.8))
    assert moves >= 5
    assert 0 < worst_key <= 2048                # the hand row's marks and cursor only
    # a CPU move: counts, bars, top card, call, message; the holder's hand only when the
    # move took from it. A play also shifts the hand row (5120 pixels at most).
    assert 0 < worst_move <= 20480 // 5
    assert 0 < worst_play <= 20480 // 2


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_monkey_random_keys_through_every_screen(seed):
    rnd = random.Random(seed)
    kinds = ((HUMAN, PLANNER, HUMAN), (GREEDY, HUMAN), (HUMAN, HUMAN, GREEDY, HUMAN, PLANNER,
                                                       HUMAN))[seed - 1]
    hw, app = new_match(kinds, seed, options=seed & 1)
    choices = [keys.A, keys.B, keys.LEFT, keys.RIGHT, keys.UP, keys.DOWN, keys.SELECT,
               keys.START, keys.A, keys.A, keys.SELECT, keys.SELECT, keys.B]
    screens = set()
    check = Amigo()
    watch = Watch(app)
    seats = (bytes(app.game.kinds), app.game.players)
    for i in range(2500):
        k = rnd.choice(choices)
        if i % 250 == 249:
            # now and then through the menu to each of its items in turn
            press(hw, app, keys.START)
            if app.screen == TABLE:             # Start on the menu went back to the table
                press(hw, app, keys.START)
            if app.screen == MENU:
                press(hw, app, *[keys.DOWN] * ((i // 250) % len(AmigoTable.MENU)))
                k = keys.A
        if app.screen == CURTAIN and (k == keys.A or rnd.random() < 0.5):
            watch.press_a_on_curtain(hw, app)
        else:
            press(hw, app, k)
        screens.add(app.screen)
        if app.leave:                            # "Other games": the launcher would drop it
            app.save_now()
            hw, app = boot(storage=hw.storage, seed=i)
            watch = Watch(app)
        if (bytes(app.game.kinds), app.game.players) != seats:   # a new line-up from setup
            seats = (bytes(app.game.kinds), app.game.players)
            watch = Watch(app)
        watch.check(app)
        if i % 7 == 0:
            hw.clock.advance(rnd.randrange(0, 2 * CPU_PACE_MS))
        if i % 97 == 0:
            assert sorted(all_cards(app.game)) == SORTED_DECK
        if i % 499 == 0:
            data = app.game.save()
            check.restore(data)
            assert check.save() == data
    assert {TABLE, MENU, SETUP, HELP, SCORES} <= screens, screens
    assert CURTAIN in screens or seed == 2      # seed 2 has one human seat


def test_escalated_take_cards_is_answered_with_select_and_passed_on():
    hw, app = new_match((HUMAN, HUMAN, HUMAN), 25, options=1)
    # Y14 and Y10 both take cards (value & 3 == 2).
    g = kit_table(3, [["Y14", "B3"], ["Y10", "R8", "B12"], ["B15", "R16", "R2", "B9"]],
                  pile=["B11"], turn=0, options=1)
    put_table(app, g)
    press(hw, app, keys.A)
    cursor_to(hw, app, index(g, 0, "Y14"))
    press(hw, app, keys.SELECT)
    assert g.pending == P_TAKE and g.seat == 1 and app.screen == CURTAIN
    press(hw, app, keys.A)
    assert app.table.view.said == amigo_app.P_ANSWER_TEXT
    before = g.save()
    cursor_to(hw, app, index(g, 1, "R8"))
    press(hw, app, keys.SELECT)                 # not a take-cards card
    assert g.save() == before and app.table.view.said == "Only a take-cards yellow"
    cursor_to(hw, app, index(g, 1, "Y10"))
    press(hw, app, keys.SELECT)                 # yellow on yellow: its player chooses
    assert g.pending == P_DIR and g.seat == 1
    press(hw, app, keys.UP)
    assert g.pending == P_TAKE and g.seat == 2 and g.stake == 2 and app.screen == CURTAIN
    press(hw, app, keys.A)
    assert app.table.view.said == amigo_app.P_TAKE_TEXT   # seat 2 holds no take-cards yellow
    assert app.table.pick == 0
    press(hw, app, keys.A)                      # two cards from seat 0... who had one
    assert g.pending == P_OVER and g.winner == 0 and app.screen == SCORES


def test_the_headless_simulator_runs_the_cpu_seats_and_prints_the_table(capsys):
    from types import SimpleNamespace

    from tools import sim
    hw = stub.Hardware()
    la = sim.start(hw, SimpleNamespace(game="amigo", seed=3, deal=None))
    app = la.app
    set_up(hw, app, (PLANNER, GREEDY, HUMAN))
    assert app.busy()
    sim.settle(hw, la)
    g = app.game
    assert not app.busy() and g.kinds[g.seat] == HUMAN and g.pile_len >= 1
    text = sim.screen_text(la)
    assert text.startswith(" P1 ") and "\nhand P3: " in text
    # the CPU seats' moves narrated from the table's log, cards named as the help names them
    told = capsys.readouterr().out
    assert re.search(r"^  P1 played [BRY]\d+", told, re.M), told
    assert "?" not in told and "plays:" not in told


def test_left_and_right_on_the_start_row_change_nothing():
    hw, app = boot()
    setup = app.stack[-1]
    press(hw, app, keys.UP)                     # wraps to "Start match"
    assert setup.item == setup.rows() - 1
    before = (setup.players, bytes(setup.kinds), list(setup.names))
    press(hw, app, keys.RIGHT, keys.LEFT, keys.RIGHT)
    assert app.screen == SETUP
    assert (setup.players, bytes(setup.kinds), list(setup.names)) == before


def test_a_strong_seat_plays_a_whole_match_thinking_in_slices_with_keys_live():
    # Issue 16: the strong CPU (engine/amigo_strong.py) is a seat kind of the setup; it thinks
    # a few rollouts a main-loop pass, says so, and a key still acts between two slices.
    from engine.amigo_strong import STRONG, Strong
    hw, app = boot(seed=31)
    setup = app.stack[-1]
    press(hw, app, keys.DOWN)
    while setup.kinds[0] != STRONG:
        press(hw, app, keys.RIGHT)
    assert "CPU strong" in app.text._texts[2]
    press(hw, app, keys.DOWN, keys.DOWN, keys.A)          # seat 2 stays CPU hard; start
    g = app.game
    assert list(g.kinds[:2]) == [STRONG, PLANNER]
    t = app.table
    decisions = slices = thought = 0
    menu_seen = False
    for _ in range(200000):
        if g.match_over() and app.screen == SCORES:
            break
        if app.screen == SCORES:
            press(hw, app, keys.A)
            continue
        assert app.screen == TABLE
        was = t.cpus.thinking
        strong_to_move = g.kinds[g.seat] == STRONG
        before = g.save()
        hw.clock.advance(CPU_PACE_MS)
        app.step()
        if strong_to_move and t.cpus.thinking:
            slices += 1
            assert t.view.said == "P1 is thinking..." and g.save() == before
            if was and not menu_seen:
                # a key between two slices: the menu opens at once, and the thinking goes
                # on where it was once the table is back
                done = t.cpus.cpu.done
                press(hw, app, keys.START)
                assert app.screen == MENU and t.cpus.cpu.done == done
                press(hw, app, keys.B)
                assert app.screen == TABLE and t.cpus.thinking
                menu_seen = True
        elif strong_to_move and g.save() != before:
            decisions += 1
            thought += was
    else:
        raise AssertionError("the match did not end")
    check_match_over(hw, app)
    print("strong seat:", decisions, "decisions,", thought, "thought out in", slices, "slices")
    assert menu_seen and decisions > 20 and thought > 10
    assert slices > 2 * thought                 # several slices a decision
    cpu = t.cpus.cpus[STRONG]
    assert isinstance(cpu, Strong) and cpu.budget == 0    # rollouts by table size: its own


def test_a_strong_decision_stops_at_two_seconds_with_its_best_move_so_far():
    # On a PyBadge a decision's rollouts can take past 2 s; the clock stops it there.
    from engine.amigo import Amigo
    from engine.amigo_strong import STRONG
    from ui.yoyo_amigo.play import Cpus
    g = Amigo()
    g.new_match(2, 901, 0, bytes((STRONG, STRONG)))
    cpus = Cpus()
    assert cpus.decide(g, 1000) < 0 and cpus.thinking            # started: one slice later
    assert cpus.decide(g, 2000) < 0 and cpus.thinking            # 1 s in, still thinking
    a = cpus.decide(g, 3000)                                     # 2 s in: decided
    assert a >= 0 and not cpus.thinking
    assert g.apply(a, cpus.cpu.arg, cpus.cpu.sel) == 0           # a legal move


# -- YoYo explains itself -------------------------------------------------------------------
def cpu_table(g, kinds):
    """put_table with these seat kinds: the CPU seats then move at their pace."""
    g.kinds[:] = bytes(kinds) + bytes(6 - len(kinds))
    return g


def said(app):
    """The table's message row as a str (YoYo's news is a line made in place)."""
    from tools.text.view import words
    return words(app.table.view.said)


def step_cpus(hw, app):
    g = app.game
    while g.pending != P_OVER and g.kinds[g.seat] != HUMAN:
        hw.clock.advance(CPU_PACE_MS)
        app.step()


def test_a_cpu_skip_is_told_on_the_persons_table_and_in_the_log():
    hw, app = new_match((GREEDY, HUMAN, GREEDY), 30)
    # Going down from a red 12, P1's only card that fits is Y16 (no entry): P2 misses a
    # turn; P3 draws B1, which does not fit, and P1 plays again on its own yellow 16
    g = cpu_table(kit_table(3, [["Y16", "B18", "R13"], ["B3", "B4"], ["B2"]], pile=["R12"],
                            turn=0, direction=1, draw=["B1"]), (GREEDY, HUMAN, GREEDY))
    put_table(app, g)
    step_cpus(hw, app)
    assert g.seat == 1 and g.counts[2] == 2 and g.pending == P_TURN
    assert said(app) == "P1 skipped you"
    press(hw, app, keys.DOWN)                   # a key while news is told: the prompt next
    assert app.screen == TABLE and said(app) == amigo_app.prompt(g)
    press(hw, app, keys.DOWN)                               # the log of the last moves
    assert app.screen == ASK
    text = screen_text(app)
    assert text.splitlines()[0] == "Last moves"
    lines = text.splitlines()[1:]
    assert lines[:3] == ["P1 played Y16", "P1 skipped you", "P3 drew a card"]
    assert lines[3] in ("P1 played R13", "P1 played B18")     # its own top: anything goes
    press(hw, app, keys.B)                                  # any key: back, nothing changed
    assert app.screen == TABLE and g.seat == 1 and g.pending == P_TURN
    assert app.table.view.said == amigo_app.prompt(g)      # told once, then the prompt


def test_a_take_from_a_person_is_told_on_their_curtain_and_then_named_on_their_table():
    hw, app = new_match((HUMAN, HUMAN, HUMAN), 12)
    g = kit_table(3, [["Y14", "B3", "B4"], ["R7", "R8", "B12"], ["B15", "R16", "R2"]],
                  pile=["B14"], turn=0)
    put_table(app, g)
    press(hw, app, keys.A)
    cursor_to(hw, app, index(g, 0, "Y14"))
    press(hw, app, keys.SELECT, keys.DOWN)      # the way down; P2 takes
    assert g.pending == P_TAKE and g.seat == 1 and app.screen == CURTAIN
    press(hw, app, keys.A)
    assert app.table.pick == 2
    press(hw, app, keys.A)                      # one from P3 ...
    from_p3 = g.taken
    assert app.table.pick == 0
    press(hw, app, keys.A)                      # ... and one from P1
    from_p1 = g.taken
    assert g.pending == P_TURN and g.seat == 1 and app.screen == TABLE
    cursor_to(hw, app, index(g, 1, "R7"))
    press(hw, app, keys.SELECT)
    assert g.seat == 2 and app.screen == CURTAIN
    curtain = screen_text(app)
    # the curtain is seen before the device changes hands: it does not name the card
    assert "P2 took your card" in curtain and kit_name(from_p3) not in curtain.split("Top")[0]
    press(hw, app, keys.A)
    assert said(app) == "P2 took your %s" % kit_name(from_p3)   # the table names it
    press(hw, app, keys.DOWN, keys.DOWN)        # so does the log, to its owner
    assert "P2 took your %s" % kit_name(from_p3) in screen_text(app)
    press(hw, app, keys.B)
    assert from_p3 not in [g.card(2, i) for i in range(g.counts[2])]
    # P1 hears of its card at its own next decision
    cursor_to(hw, app, index(g, 2, "R2"))
    press(hw, app, keys.SELECT)
    assert g.seat == 0 and app.screen == CURTAIN
    press(hw, app, keys.A)
    assert said(app) == "P2 took your %s" % kit_name(from_p1)
    press(hw, app, keys.DOWN, keys.DOWN)
    assert "P2 took your %s" % kit_name(from_p1) in screen_text(app)


def test_pass_left_and_chaos_are_told_with_the_card_each_person_got():
    hw, app = new_match((HUMAN, HUMAN, HUMAN), 9)
    # Y13 passes left
    g = kit_table(3, [["Y13", "B3", "B4"], ["R7", "R8"], ["B15", "R16", "R2"]], pile=["B8"])
    put_table(app, g)
    press(hw, app, keys.A)
    cursor_to(hw, app, index(g, 0, "Y13"))
    press(hw, app, keys.SELECT)
    assert g.pending == P_PASS and g.seat == 0
    cursor_to(hw, app, index(g, 0, "B3"))
    press(hw, app, keys.A)                              # P1 passes B3
    for s in (1, 2):
        assert app.screen == CURTAIN and g.seat == s
        press(hw, app, keys.A, keys.A)                  # the curtain, then the card
    assert g.pending == P_TURN and g.seat == 1 and app.screen == CURTAIN
    assert "Passed left: a new card" in screen_text(app)
    press(hw, app, keys.A)
    assert said(app) == "Passed left: you got B3"
    assert app.table.cursor == index(g, 1, "B3") and "[B3]" in screen_text(app)
    # chaos: Y15 on a blue 8 deals every hand again
    g = kit_table(3, [["Y15", "B3", "B4"], ["R7", "R8"], ["B15", "R16", "R2"]], pile=["B8"])
    put_table(app, g)
    press(hw, app, keys.A)
    cursor_to(hw, app, index(g, 0, "Y15"))
    press(hw, app, keys.SELECT)
    assert g.seat == 1 and app.screen == CURTAIN
    assert "P1's chaos: new hands" in screen_text(app)
    press(hw, app, keys.B)              # chaos showed new cards: P1 cannot take it back
    assert g.seat == 1 and app.screen == CURTAIN and g.pile_len == 2


def kit_name(c):
    from ui.yoyo_amigo.log import name
    return name(c)


def test_a_refusal_says_what_would_fit_each_way():
    hw, app = new_match((HUMAN, HUMAN), 10)
    for top, way, tried, words in (("B8", 0, "R3", "Yellow, an 8 or blue 9+"),
                                  ("R12", 1, "R15", "Yellow, a 12 or red 1-11"),
                                  ("Y14", 1, "B20", "Yellow, a 14 or red 1-13")):
        g = kit_table(2, [[tried, "B1"], ["B4", "R2"]], pile=[top], turn=0, direction=way)
        put_table(app, g)
        press(hw, app, keys.A)
        cursor_to(hw, app, index(g, 0, tried))
        press(hw, app, keys.SELECT)
        assert app.table.view.said == words and g.counts[0] == 2
    # a series from a yellow against the way
    g = kit_table(2, [["Y11", "B12", "B1"], ["B4"]], pile=["B15"], turn=0, direction=1)
    put_table(app, g)
    press(hw, app, keys.A)
    for t in ("Y11", "B12"):
        cursor_to(hw, app, index(g, 0, t))
        press(hw, app, keys.A)
    press(hw, app, keys.SELECT)
    assert app.table.view.said == "Down: series must fall" and g.counts[0] == 3


def test_up_finds_the_cards_that_fit_in_turn():
    hw, app = new_match((HUMAN, HUMAN), 10)
    g = kit_table(2, [["B3", "B9", "R5", "B10"], ["B4", "R2"]], pile=["B8"], turn=0)
    put_table(app, g)
    press(hw, app, keys.A)
    cursor_to(hw, app, index(g, 0, "B3"))
    press(hw, app, keys.UP)
    assert app.table.cursor == index(g, 0, "B9")
    assert app.table.view.said == "This fits. Up: next one"
    press(hw, app, keys.UP)
    assert app.table.cursor == index(g, 0, "B10")
    press(hw, app, keys.UP)
    assert app.table.cursor == index(g, 0, "B9")            # round again
    g = kit_table(2, [["B3", "R5", "B10"], ["B4", "R2"]], pile=["B8"], turn=0)
    put_table(app, g)
    press(hw, app, keys.A, keys.UP)
    assert app.table.cursor == index(g, 0, "B10") and app.table.view.said == "Only this card fits"
    g = kit_table(2, [["B3", "R5"], ["B4", "R2"]], pile=["B8"], turn=0)
    put_table(app, g)
    before = g.save()
    press(hw, app, keys.A, keys.UP)
    assert app.table.view.said == amigo_app.P_STUCK_TEXT and g.save() == before


def test_b_takes_back_a_persons_play_until_another_seat_acts():
    hw, app = new_match((HUMAN, GREEDY), 10)
    g = cpu_table(kit_table(2, [["B9", "B10", "R3"], ["B12", "R2"]], pile=["B8"], turn=0),
                  (HUMAN, GREEDY))
    put_table(app, g)
    before = g.save()
    cursor_to(hw, app, index(g, 0, "B9"))
    press(hw, app, keys.SELECT)
    assert g.seat == 1 and g.counts[0] == 2
    press(hw, app, keys.B)                  # before the CPU's pace is up: taken back
    assert g.save() == before and g.seat == 0 and app.table.view.said == amigo_app.P_PLAY_TEXT
    from ui.yoyo_amigo.words import lines
    assert not [line for line in lines(app.table, 0) if line.startswith("You played")]
    cursor_to(hw, app, index(g, 0, "B10"))
    press(hw, app, keys.SELECT)
    step_cpus(hw, app)                      # the CPU has moved: too late
    after = g.save()
    assert g.seat == 0
    press(hw, app, keys.RIGHT, keys.B)      # B in one's turn draws or clears, never undoes
    assert g.save() != after or app.table.picks.n == 0
    # a yellow whose way is chosen: B in the choice takes the yellow back
    g = cpu_table(kit_table(2, [["Y14", "B3", "R3"], ["B12", "R2"]], pile=["B14"], turn=0),
                  (HUMAN, GREEDY))
    put_table(app, g)
    before = g.save()
    cursor_to(hw, app, index(g, 0, "Y14"))
    press(hw, app, keys.SELECT)
    assert g.pending == P_DIR
    press(hw, app, keys.B)
    assert g.save() == before and g.pending == P_TURN
    press(hw, app, keys.B)                  # nothing fits but Y14: B is refused, not undo
    assert g.save() == before
    # a draw shows a card: no taking it back
    g = cpu_table(kit_table(2, [["R3", "R4"], ["B12", "R2"]], pile=["B14"], turn=0,
                            draw=["R1"]), (HUMAN, GREEDY))
    put_table(app, g)
    press(hw, app, keys.B)
    assert g.seat == 1 and g.counts[0] == 3
    drawn = g.save()
    press(hw, app, keys.B)
    assert g.save() == drawn


def test_b_on_the_curtain_takes_nothing_back_and_shows_no_hand():
    # whoever holds the device at a curtain may be the next person: taking the last action
    # back there would put the previous person's hand in front of them
    hw, app = new_match((HUMAN, HUMAN), 10)
    g = kit_table(2, [["B9", "B10", "R3"], ["B12", "R2"]], pile=["B8"], turn=0)
    put_table(app, g)
    press(hw, app, keys.A)
    cursor_to(hw, app, index(g, 0, "B9"))
    press(hw, app, keys.SELECT)
    assert app.screen == CURTAIN and g.seat == 1
    after = g.save()
    curtain = screen_text(app)
    press(hw, app, keys.B)
    assert app.screen == CURTAIN and g.save() == after and screen_text(app) == curtain
    press(hw, app, keys.A)                  # P2 takes the device: P1 can no longer undo
    assert app.screen == TABLE and g.seat == 1 and app.holder == 1
    press(hw, app, keys.START)
    press(hw, app, keys.A)                  # "Resume"
    assert g.save() == after


def test_the_end_of_a_game_says_who_went_out_and_the_scores():
    hw, app = new_match((HUMAN, GREEDY, GREEDY), 10)
    g = cpu_table(kit_table(3, [["B9"], ["B12", "R2"], ["R5", "R6", "R7"]], pile=["B8"],
                            turn=0), (HUMAN, GREEDY, GREEDY))
    put_table(app, g)
    press(hw, app, keys.SELECT)
    assert g.pending == P_OVER and app.table.view.said == "P1 is out. A: scores"
    assert app.screen == SCORES
    text = screen_text(app)
    assert "P1 went out: +5" in text and "Others: -1 a card held" in text
    assert "P3            -3      -3" in text
    press(hw, app, keys.B, keys.DOWN)           # back to the table: Down shows how it ended
    assert app.screen == ASK and "You played B9" in screen_text(app)
    press(hw, app, keys.A, keys.A, keys.A)      # back, the scores, the next game
    assert g.game == 1 and g.pending != P_OVER and app.table.moves <= 1


def test_the_log_and_its_words_agree_on_the_event_kinds():
    # Each module keeps the kinds as private constants (free on a board, where a shared public
    # one would be a global and a name); so this holds the two copies together.
    import os
    import re
    kinds = []
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    for name in ("log", "words"):
        with open(os.path.join(root, "ui", "yoyo_amigo", name + ".py")) as f:
            kinds.append(dict(re.findall(r"^(_E_\w+) = const\((\d+)\)", f.read(), re.M)))
    assert len(kinds[0]) == 9 and kinds[0] == kinds[1], kinds


def fitting(words):
    """The cards a "what fits" refusal names, read back from its words, as a test of a card."""
    tests = []
    for part in re.split(r", | or ", words):
        m = re.fullmatch(r"(an?) (\d+)|(blue|red) (\d+)(\+|-(\d+))?|Yellow", part)
        assert m, (words, part)
        if part == "Yellow":
            tests.append(lambda c: c >> 5 >= 2)
        elif m.group(1):
            v = int(m.group(2))
            assert (m.group(1) == "an") == (v in (8, 11, 18)), words
            tests.append(lambda c, v=v: c & 31 == v)
        else:
            k = 0 if m.group(3) == "blue" else 1
            lo = int(m.group(4))
            hi = 20 if m.group(5) == "+" else int(m.group(6)) if m.group(6) else lo
            tests.append(lambda c, k=k, lo=lo, hi=hi: c >> 5 == k and lo <= c & 31 <= hi)
    return lambda c: any(t(c) for t in tests)


def test_what_fits_names_every_card_that_fits_and_no_card_the_deck_lacks():
    # issue 31: "Up: blue above 4, or 4" left out yellow; "Down: red below 1, or 1" offered
    # a card no deck holds. Every card of the deck (engine.amigo.DECK) fits as the words say.
    from engine.amigo import DECK
    for top in ["B%d" % v for v in range(1, 21)] + ["R%d" % v for v in range(1, 21)] + \
            ["Y%d" % v for v in range(3, 19)]:
        for way in (0, 1):
            g = kit_table(2, [["B1"], ["B2"]], pile=[top], direction=way, turn=0)
            words = amigo_app.refusal(5, g, bytearray(2))
            assert len(words) <= 25, words
            said = fitting(words)
            for c in set(DECK):
                assert said(c) == g.fits(0, c), (top, way, words, c)


# -- one person among CPU seats: every event since their last decision, in turn (issue 31)
def news_in_turn(hw, app):
    """What the message row says, line by line, until it says the prompt."""
    told = [said(app)]
    for _ in range(12):
        if told[-1] == amigo_app.prompt(app.game):
            return told
        hw.clock.advance(NEWS_MS - 1)
        app.step()
        assert said(app) == told[-1]                        # each line stays its time
        hw.clock.advance(1)
        app.step()
        told.append(said(app))
    raise AssertionError(told)


def test_one_person_hears_every_event_since_their_last_decision_with_who_and_which_card():
    # P3 skips P1, P2's take-cards yellow lets P3 take from P1 and P2, P3 plays on: P1 hears
    # of the skip and the card taken, then gets the prompt (the table said one fixed phrase)
    hw, app = new_match((HUMAN, GREEDY, GREEDY), 30)
    g = cpu_table(kit_table(3, [["B3", "B4", "B10"], ["Y14", "R20", "R18"],
                                ["Y16", "R19", "R17", "R15"]], pile=["B8"], turn=2,
                            draw=["R1"]), (HUMAN, GREEDY, GREEDY))
    hand = [g.card(0, i) for i in range(3)]
    put_table(app, g)
    assert len(app.table.line) == MSG_CHARS         # the news line is the message row's width
    step_cpus(hw, app)
    assert g.seat == 0 and g.pending == P_TURN and app.screen == TABLE
    lost = [c for c in hand if c not in [g.card(0, i) for i in range(g.counts[0])]]
    assert len(lost) == 1
    assert news_in_turn(hw, app) == ["P3 skipped you", "P3 took your %s" % kit_name(lost[0]),
                                     amigo_app.prompt(g)]
    hw.clock.advance(3 * NEWS_MS)
    app.step()
    assert said(app) == amigo_app.prompt(g)                  # the prompt stays


def test_news_reaches_a_pass_left_choice_and_the_card_got_is_named():
    # P3 skips P1; P2's arrow left asks P1 which card to pass before P1's turn: the skip is
    # told there. Back in P1's turn, the card P3 passed is named and under the cursor.
    hw, app = new_match((HUMAN, GREEDY, GREEDY), 30)
    g = cpu_table(kit_table(3, [["B3", "B4", "B10"], ["Y13", "R2"],
                                ["Y16", "R20", "R1", "B2"]], pile=["B8"], turn=2),
                  (HUMAN, GREEDY, GREEDY))
    put_table(app, g)
    step_cpus(hw, app)
    assert g.seat == 0 and g.pending == P_PASS and app.screen == TABLE
    assert news_in_turn(hw, app) == ["P3 skipped you", amigo_app.P_PASS_TEXT]
    press(hw, app, keys.A)
    step_cpus(hw, app)
    assert g.seat == 0 and g.pending == P_TURN
    got = app.table.got[0]
    assert said(app) == "Passed left: you got %s" % kit_name(got)
    assert g.card(0, app.table.cursor) == got


def test_a_drawn_card_kept_for_not_fitting_is_told_at_once():
    hw, app = new_match((HUMAN, GREEDY), 10)
    g = cpu_table(kit_table(2, [["R3", "R4"], ["B12", "R2"]], pile=["B14"], turn=0,
                            draw=["R1"]), (HUMAN, GREEDY))
    put_table(app, g)
    press(hw, app, keys.B)
    assert g.seat == 1 and g.counts[0] == 3
    assert said(app) == "Drew R1, no fit: kept"             # while P2's pace runs
    press(hw, app, keys.DOWN)
    assert "You drew R1" in screen_text(app)                # the log names it to its owner
    press(hw, app, keys.B)


def test_a_reshuffled_draw_pile_is_told():
    hw, app = new_match((HUMAN, GREEDY), 10)
    g = cpu_table(kit_table(2, [["R3", "R4"], ["B12", "R2"]], pile=["B5", "R9", "B8"], turn=0,
                            draw=["B9"]), (HUMAN, GREEDY))
    g.draw[0] = g.draw[g.draw_len - 1]          # the B9 is the last card to draw
    g.draw_len = 1
    put_table(app, g)
    press(hw, app, keys.B)                      # draws the B9, which fits: play or keep
    assert g.pending == P_DRAWN and g.exhausted == 1 and g.draw_len == 2
    assert news_in_turn(hw, app) == ["Draw pile reshuffled", amigo_app.P_DRAWN_TEXT]
    press(hw, app, keys.DOWN)
    assert "Draw pile reshuffled" in screen_text(app).splitlines()

