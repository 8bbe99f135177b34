"""Amigo's YoYo, one test per sentence of the rule sheets (seed 001 German, 004 Dutch).
Seats 0, 1, 2 are the sheets' Peter, Inge and Hans."""
import pytest

from engine.amigo import (
    A_CHOOSE,
    A_DRAW,
    A_KEEP,
    A_PLAY,
    DECK,
    DRAW_ANY,
    ESCALATE,
    P_DIR,
    P_DRAWN,
    P_OVER,
    P_PASS,
    P_TAKE,
    P_TURN,
    PILE_OUT,
    TOOK_LAST,
    WENT_OUT,
    Amigo,
)
from tests.test_amigo_kit import all_cards, card, hand, index, play, table


def call_text(g):
    """The call spoken at the table after a play, built from the engine's call()."""
    out = bytearray(64)
    n = g.call(out)
    return ", ".join(str(v) for v in out[:n]) + (" down" if g.dir else " up")

PETER, INGE, HANS = 0, 1, 2
UP, DOWN = 0, 1
SORTED_DECK = sorted(DECK)


def test_deck_of_64_cards_blue_red_and_yellow():
    # "Inhalt: 64 Spielkarten" / "entweder blau, rot oder gelb ... zwischen 1 und 20"
    blue = sorted(c & 31 for c in DECK if c >> 5 == 0)
    red = sorted(c & 31 for c in DECK if c >> 5 == 1)
    yellow = sorted(c & 31 for c in DECK if c >> 5 >= 2)
    assert len(DECK) == 64
    assert blue == red == sorted(list(range(1, 21)) + [1, 2, 19, 20])
    assert yellow == list(range(3, 19))
    actions = [c >> 5 for c in DECK if c >> 5 >= 2]
    assert all(actions.count(k) == 4 for k in (2, 3, 4, 5))
    # Beispiel 3 names the yellow "14 +2 ziehen" and "16 + aussetzen"
    assert card("Y14") >> 5 == 2 + 1 and card("Y16") >> 5 == 2 + 0


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_seven_cards_each_and_the_rest_is_the_draw_pile(players):
    # "Jeder Spieler erhält sieben Karten ... Die restlichen Karten kommen als verdeckter
    # Zugstapel in die Tischmitte."
    g = Amigo()
    g.new_match(players, 42)
    assert [g.counts[s] for s in range(players)] == [7] * players
    assert g.draw_len == 64 - 7 * players and g.pile_len == 0
    assert all_cards(g) == SORTED_DECK


def test_left_of_dealer_starts_and_may_lay_any_card_on_the_empty_pile():
    # "Der Spieler links vom Kartengeber beginnt." The sheet never says how the discard pile
    # starts: the dealer is the last seat, seat 0 leads onto an empty pile with any card.
    g = Amigo()
    g.new_match(4, 9)
    assert g.turn == 0 and g.seat == 0 and g.pending == P_TURN and g.top() == 0
    for i in range(g.counts[0]):
        assert g.fits(0, g.card(0, i))
    assert g.apply(A_DRAW) == 9            # a player who can play may not draw


def test_beispiel_1_red_goes_down_and_blue_of_equal_value_turns_up():
    # "Peter legt die rote 8. Inge ... kann nun ihre rote 3 ablegen ... Hans legt auf die
    # rote 3 eine blaue 3 und ändert somit die Richtung"
    g = table(3, [["R8", "B19"], ["R3", "R9", "B5"], ["B3", "B4", "R1"]])
    assert play(g, "R8") == 0 and g.dir == DOWN and g.turn == INGE
    assert play(g, "R9") == 5 and play(g, "B5") == 5     # higher red, other blue: no
    assert play(g, "R3") == 0 and g.turn == HANS
    assert play(g, "B3") == 0 and g.dir == UP
    assert call_text(g) == "3 up"


def test_blue_takes_equal_or_higher_blue_and_red_only_of_equal_value():
    # "muß die nächste abzulegende Karte eine blaue Karte mit dem gleichen oder einem höheren
    # Zahlenwert sein" / "nur dann eine rote Karte ..., wenn sie genau den gleichen Zahlenwert"
    g = table(2, [["B1"], ["B19", "B20", "B18", "R19", "R18"]], pile=["B19"], turn=1)
    assert [g.fits(1, card(t)) for t in ("B19", "B20", "B18", "R19", "R18")] == \
        [True, True, False, True, False]


def test_red_takes_equal_or_lower_red_and_blue_only_of_equal_value():
    g = table(2, [["B19"], ["R2", "R1", "R3", "B2", "B1"]], pile=["R2"], turn=1, direction=DOWN)
    assert [g.fits(1, card(t)) for t in ("R2", "R1", "R3", "B2", "B1")] == \
        [True, True, False, True, False]


def test_yellow_is_always_playable_and_keeps_the_direction():
    # "Eine gelbe Karte kann immer abgelegt werden ... gibt zusätzlich einen neuen Zahlenwert,
    # jedoch keine neue Farbe (Richtung der Zahlenfolge) vor."
    g = table(3, [["Y8", "B1"], ["B2"], ["B3"]], pile=["B10"], direction=UP)
    assert play(g, "Y8") == 0
    assert g.pending == P_TURN and g.dir == UP and g.top() & 31 == 8
    assert g.turn == HANS                  # the yellow 8 skips Inge


def test_beispiel_2_yellow_on_equal_value_and_yellow_on_yellow_choose_the_direction():
    # "Peter legt die gelbe 15 auf eine rote 15 ... darf er die Richtung in AUFWÄRTS ändern.
    # Inge ... legt die gelbe 6. Weil sie eine gelbe Karte auf eine gelbe Karte gelegt hat,
    # darf sie die Richtung wieder in ABWÄRTS ändern." "Zusätzlich muß die Aktion ausgeführt
    # werden." Yellow 15 is chaos, yellow 6 takes cards.
    g = table(3, [["Y15", "B1", "B2"], ["R1", "R2"], ["B20", "R20"]],
              pile=["R15"], direction=DOWN)
    assert play(g, "Y15") == 0
    assert g.pending == P_DIR and g.seat == PETER
    assert g.apply(A_CHOOSE, 2) == 12
    assert g.apply(A_CHOOSE, UP) == 0 and g.dir == UP
    assert g.turn == INGE and [g.counts[s] for s in range(3)] == [2, 2, 2]   # chaos dealt
    g = table(3, [["B1"], ["Y6", "R1", "R2"], ["B20"]], pile=["R15", "Y15"], turn=INGE,
              direction=UP, owner=PETER)
    assert play(g, "Y6") == 0 and g.pending == P_DIR
    assert g.apply(A_CHOOSE, DOWN) == 0 and g.dir == DOWN
    assert g.pending == P_TAKE and g.seat == HANS            # the action follows


def test_skip_the_next_player_misses_a_turn():
    # "Aussetzen: Der im Uhrzeigersinn folgende Spieler setzt aus."
    g = table(4, [["Y4", "B1"], ["B2"], ["B3"], ["B5"]], pile=["B10"])
    assert play(g, "Y4") == 0 and g.turn == 2


def test_skip_with_two_players_returns_the_turn_with_any_card_allowed():
    # 2 players: the skipper plays again, and "die von ihm zuvor ausgespielte Karte liegt immer
    # noch als oberste Karte": any card.
    g = table(2, [["Y4", "R19", "B1"], ["B2"]], pile=["B10"])
    assert play(g, "Y4") == 0 and g.turn == PETER and g.owner == PETER
    assert play(g, "R19") == 0 and g.dir == DOWN


def test_take_cards_the_next_player_takes_one_from_each_of_two_then_plays():
    # "Der im Uhrzeigersinn folgende Spieler zieht je eine Karte von zwei Mitspielern seiner
    # Wahl. ... Nachdem der Spieler die beiden Karten gezogen hat, ist er an der Reihe."
    g = table(4, [["Y6", "B1"], ["B2"], ["B3", "B4"], ["B5", "B7"]], pile=["B10"])
    assert play(g, "Y6") == 0 and g.pending == P_TAKE and g.seat == INGE and g.stake == 1
    assert g.apply(A_CHOOSE, INGE) == 11       # a fellow player, not oneself
    assert g.apply(A_CHOOSE, 2) == 0 and g.counts[2] == 1 and g.counts[INGE] == 2
    assert g.taken in (card("B3"), card("B4")) and hand(g, INGE)[1] in ("B3", "B4")
    assert g.apply(A_CHOOSE, 2) == 11          # two different players
    assert g.apply(A_CHOOSE, 3) == 0 and g.counts[3] == 1 and g.counts[INGE] == 3
    assert g.pending == P_TURN and g.turn == INGE


def test_take_cards_with_two_players_takes_one_card():
    # "Bei zwei Spielern darf nur eine Karte vom Mitspieler gezogen werden."
    g = table(2, [["Y6", "B1", "B4"], ["B2", "B20"]], pile=["B10"])
    assert play(g, "Y6") == 0 and g.seat == INGE and g.takes == 1
    assert g.apply(A_CHOOSE, PETER) == 0
    assert g.counts[INGE] == 3 and g.counts[PETER] == 1 and g.pending == P_TURN


def test_taker_who_cannot_play_draws_and_may_play_the_drawn_card():
    # "Kann er keine Karte ausspielen, muß er eine Karte vom Zugstapel nehmen." Read as the
    # ordinary turn: draw one, play it if it fits.
    g = table(2, [["Y6", "R1", "R2"], ["B2"]], pile=["B10"], draw=["B15"])
    assert play(g, "Y6") == 0 and g.apply(A_CHOOSE, PETER) == 0
    assert not g.can_play(INGE)
    assert g.apply(A_DRAW) == 0 and g.drawn == card("B15") and g.pending == P_DRAWN
    assert play(g, "B15") == 0 and g.turn == PETER


def test_taking_the_last_card_makes_that_player_the_winner():
    # "Zieht er die letzte Karte von einem Spieler, dann hat dieser natürlich gewonnen."
    g = table(3, [["Y6", "B1"], ["B2", "B3"], ["R20"]], pile=["B10"])
    assert play(g, "Y6") == 0 and g.apply(A_CHOOSE, HANS) == 0
    assert g.pending == P_OVER and g.end == TOOK_LAST and g.winner == HANS
    assert [g.points(s) for s in range(3)] == [-1, -3, 5]
    assert g.scores[:3] == [-1, -3, 5]


def test_pass_left_every_player_chooses_seat_by_seat_then_all_move_left():
    # "Jeder Spieler wählt eine seiner Karten und schiebt diese verdeckt zu seinem linken
    # Nachbarn. ... Dann ist der linke Nachbar des Spielers, der die gelbe Aktionskarte gelegt
    # hat, an der Reihe."
    g = table(3, [["B1", "Y5", "B20"], ["R1", "R2"], ["R19", "R20"]], pile=["B10"], turn=INGE,
              owner=HANS)
    g.turn = g.seat = PETER
    assert play(g, "Y5") == 0 and g.pending == P_PASS and g.seat == PETER
    assert g.apply(A_CHOOSE, 5) == 3
    assert g.apply(A_CHOOSE, index(g, PETER, "B20")) == 0 and g.seat == INGE
    assert hand(g, PETER) == ["B1", "B20"]         # nothing moves until everyone chose
    assert g.apply(A_CHOOSE, index(g, INGE, "R1")) == 0 and g.seat == HANS
    assert g.apply(A_CHOOSE, index(g, HANS, "R19")) == 0
    assert hand(g, PETER) == ["B1", "R19"] and hand(g, INGE) == ["B20", "R2"]
    assert hand(g, HANS) == ["R1", "R20"]
    assert g.pending == P_TURN and g.turn == INGE


def test_chaos_collects_shuffles_and_deals_evenly_surplus_under_the_draw_pile():
    # "Die Karten auf den Händen aller Spieler werden ... eingesammelt, gründlich gemischt und
    # wieder reihum einzeln verteilt. Jeder Spieler besitzt jetzt gleich viele Karten.
    # Überzählige Karten kommen unter den Zugstapel."
    g = table(3, [["Y3", "B1", "B2", "B4", "B5", "B6"], ["R1", "R2"], ["R18", "R19", "R20"]],
              pile=["B10"])
    bottom = g.draw[0]
    before = g.draw_len
    held = sorted(g.card(s, i) for s in range(3) for i in range(g.counts[s]))
    held.remove(card("Y3"))
    assert play(g, "Y3") == 0
    assert [g.counts[s] for s in range(3)] == [3, 3, 3]
    assert g.draw_len == before + 1 and g.draw[1] == bottom
    now = sorted([g.card(s, i) for s in range(3) for i in range(3)] + [g.draw[0]])
    assert now == sorted(held)
    assert g.turn == INGE


def test_an_action_is_not_carried_out_when_its_card_ends_the_game():
    # "Beendet eine gelbe Karte das Spiel, dann wird die Aktion nicht mehr ausgeführt."
    g = table(3, [["Y6"], ["B2"], ["B3"]], pile=["B10"])
    assert play(g, "Y6") == 0
    assert g.pending == P_OVER and g.end == WENT_OUT and g.winner == PETER
    assert [g.points(s) for s in range(3)] == [5, -1, -1]


def test_beispiel_3_series_with_yellows_inside_and_an_action_at_the_end():
    # "Auf dem Ablagestapel liegt eine blaue 8. Peter ... sagt: 13, 14, 15, 16 AUFWÄRTS ...
    # weshalb Inge aussetzen muß. Die rote 17 oder die rote Serie 6, 5 kann er nicht
    # ausspielen"
    peter = ["B13", "B15", "Y14", "Y16", "R5", "R6", "R17"]
    g = table(3, [peter, ["B1"], ["B2"]], pile=["B8"], turn=PETER, direction=UP, owner=HANS)
    assert play(g, "R17") == 5
    assert play(g, "R6", "R5") == 5
    assert play(g, "B13", "Y14", "B15", "Y16") == 0
    out = bytearray(64)
    n = g.call(out)
    assert list(out[:n]) == [13, 14, 15, 16] and g.dir == UP
    assert call_text(g) == "13, 14, 15, 16 up"
    assert g.pending == P_TURN and g.turn == HANS     # the 14 took no cards, the 16 skipped
    assert hand(g, PETER) == ["R5", "R6", "R17"]


def test_beispiel_4_a_series_may_begin_with_the_direction_change():
    # "Auf dem Ablagestapel liegt eine rote 2. Hans ... legt in Serie die blaue 2
    # (Richtungswechsel), dann aufwärts die blaue 3 und die blaue 4 und beendet das Spiel."
    g = table(3, [["R7", "R8"], ["B9"], ["B2", "B3", "B4"]], pile=["R2"], turn=HANS,
              direction=DOWN, owner=INGE)
    assert play(g, "B2", "B3", "B4") == 0
    assert g.pending == P_OVER and g.winner == HANS and g.end == WENT_OUT
    assert [g.points(s) for s in range(3)] == [-2, -1, 5]


def test_a_series_steps_by_one_in_one_colour_that_matches_its_direction():
    # "mit direkt aufeinanderfolgenden Zahlenwerten (AUFWÄRTS oder ABWÄRTS) in einer Farbe"
    g = table(2, [["B13", "B15", "B14", "R14", "R12", "R13"], ["B1"]], pile=["B8"])
    assert play(g, "B13", "B15") == 6
    assert play(g, "B13", "R14") == 7
    assert play(g, "R14", "R13", "R12") == 5          # red cannot follow a blue 8 going up
    assert play(g, "B15", "B14", "B13") == 7          # blue runs up only
    assert play(g, "B13", "B13") == 4
    assert play(g, "B13", "B14", "B15") == 0


def test_a_yellow_inside_a_series_has_only_its_value_and_at_the_end_its_action():
    # "Eine gelbe Karte innerhalb einer Serie besitzt nur noch ihren Zahlenwert, die Aktion
    # entfällt. Wird eine gelbe Karte als letzte Karte in einer Serie gespielt, bewirkt sie
    # zusätzlich die angegebene Aktion."
    g = table(3, [["B5", "Y6", "B7", "B1"], ["B2"], ["B3"]], pile=["B4"])
    assert play(g, "B5", "Y6", "B7") == 0 and g.pending == P_TURN and g.turn == INGE
    g = table(3, [["B5", "Y6", "B1"], ["B2"], ["B3"]], pile=["B4"])
    assert play(g, "B5", "Y6") == 0 and g.pending == P_TAKE and g.seat == INGE


def test_a_series_led_by_a_yellow_follows_the_direction_unless_it_may_choose():
    g = table(2, [["Y6", "R5", "B7", "B1"], ["B2"]], pile=["B10"], direction=UP)
    assert play(g, "Y6", "R5") == 8
    assert play(g, "Y6", "B7") == 0 and g.dir == UP
    g = table(2, [["Y6", "R5", "B1"], ["B2"]], pile=["B6"], direction=UP)
    assert play(g, "Y6", "R5") == 0 and g.dir == DOWN    # on an equal value it may turn


def test_the_player_whose_card_is_still_on_top_may_lay_any_card():
    # "Ist ein Spieler an der Reihe und die von ihm zuvor ausgespielte Karte liegt immer noch
    # als oberste Karte auf dem Ablagestapel, dann darf er eine beliebige Karte ablegen."
    g = table(2, [["B10", "R3", "B1"], ["B2", "B4"]], pile=["B5"], draw=["R18"])
    assert play(g, "B10") == 0 and g.turn == INGE
    assert g.apply(A_DRAW) == 0 and g.turn == PETER     # red 18 does not fit, turn passes
    assert g.fits(PETER, card("R3"))
    assert play(g, "R3") == 0 and g.dir == DOWN


def test_a_player_who_cannot_play_draws_one_and_may_play_it_at_once():
    # "Kann ein Spieler keine passende Karte ablegen, muß er die oberste Karte vom Zugstapel
    # ziehen ... Paßt die Karte, kann er sie sofort ablegen, wenn nicht, ist der linke Nachbar
    # an der Reihe."
    g = table(2, [["B1", "B2"], ["B3"]], pile=["B10"], owner=INGE, draw=["B12"])
    assert g.apply(A_DRAW) == 0 and g.pending == P_DRAWN and g.drawn == card("B12")
    assert play(g, "B1") == 10                 # only the drawn card may be played
    assert g.apply(A_KEEP) == 0 and g.turn == INGE and hand(g, PETER) == ["B1", "B2", "B12"]
    g = table(2, [["B1", "B2"], ["B3"]], pile=["B10"], owner=INGE, draw=["B12"])
    g.apply(A_DRAW)
    assert play(g, "B12") == 0 and g.turn == INGE and g.pile_len == 2


def test_the_drawn_card_may_lead_a_series():
    # "Immer wenn ein Spieler eine Karte ablegen darf, kann er stattdessen auch eine Serie
    # ablegen." Read with the drawn-card rule: a series may follow the drawn card.
    g = table(2, [["B13", "B14", "B1"], ["B3"]], pile=["R12"], direction=DOWN, owner=INGE,
              draw=["B12"])
    assert g.apply(A_DRAW) == 0
    assert play(g, "B13", "B14") == 10
    assert play(g, "B12", "B13", "B14") == 0 and call_text(g) == "12, 13, 14 up"


def thin_draw(g, keep, seat):
    """Leave `keep` cards in the draw pile; the rest go to seat's hand (still counted)."""
    d = g.draw
    for i in range(g.draw_len - keep):
        g._add(seat, d[i])
    d[:keep] = d[g.draw_len - keep:g.draw_len]
    g.draw_len = keep
    assert all_cards(g) == SORTED_DECK


def test_an_empty_draw_pile_is_refilled_from_the_discards_but_the_top_card():
    # "Ist der Zugstapel aufgebraucht, werden alle Karten außer der obersten Karte des
    # Ablagestapels gemischt und bilden verdeckt den neuen Zugstapel."
    g = table(2, [["B1"], ["B3"]], pile=["B5", "R7", "B9", "R11", "B10"], owner=INGE)
    thin_draw(g, 1, INGE)
    assert g.apply(A_DRAW) == 0
    assert g.exhausted == 1 and g.pile_len == 1 and g.top() == card("B10")
    assert sorted(g.draw[:g.draw_len]) == sorted(card(t) for t in ("B5", "R7", "B9", "R11"))
    assert g.end == 0 and all_cards(g) == SORTED_DECK


def test_the_game_ends_when_the_draw_pile_runs_out_a_second_time_with_only_minus_points():
    # "Das Spiel ist auch beendet, wenn der Zugstapel zum zweiten Mal aufgebraucht wurde. In
    # diesem Fall werden nur Minuspunkte vergeben."
    g = table(3, [["B1", "B2"], ["B3"], ["R19"]], pile=["B5", "B10"], owner=INGE)
    g.exhausted = 1
    thin_draw(g, 1, HANS)
    assert g.apply(A_DRAW) == 0
    assert g.pending == P_OVER and g.end == PILE_OUT and g.winner == 255
    assert [g.points(s) for s in range(3)] == [-3, -1, -g.counts[HANS]]
    assert g.pile_len == 2                     # no second refill


def test_a_refill_with_nothing_under_the_top_card_ends_the_game_too():
    g = table(2, [["B1"], ["B3"]], pile=["B10"], owner=INGE)
    thin_draw(g, 1, INGE)
    assert g.apply(A_DRAW) == 0 and g.exhausted == 1
    assert g.end == PILE_OUT and g.draw_len == 0


def test_match_is_twice_as_many_games_as_players_and_the_lowest_score_starts():
    # "Es werden doppelt so viele Partien gespielt, wie Spieler teilnehmen. Ab der zweiten
    # Partie beginnt jeweils der Spieler mit den wenigsten Punkten."
    g = Amigo()
    g.new_match(3, 5)
    with pytest.raises(ValueError):
        g.next_game()
    games = 0
    while True:
        games += 1
        g.scores[:3] = [4, -2, -2] if games == 1 else g.scores[:3]
        g._end(PETER, WENT_OUT)
        if g.match_over():
            break
        prev = g.starter
        g.next_game()
        low = min(g.scores[:3])
        tied = [s for s in range(3) if g.scores[s] == low]
        first = next((prev + k) % 3 for k in range(1, 4) if (prev + k) % 3 in tied)
        assert g.starter == first == g.turn and g.counts[first] == 7
    assert games == 6 and g.game == 5


def test_escalated_take_cards_answered_with_take_cards_passes_it_on_with_one_more():
    # "Legt ein Spieler auf die gelbe Karte mit der Aktion Karten ziehen sofort die gleiche
    # Karte noch einmal, dann ... muß sein linker Nachbar von zwei Spielern je zwei Karten
    # ziehen." Only with the option; the answering yellow may choose the direction.
    hands = [["Y6", "B1"], ["Y10", "B2"], ["B3", "B4", "B5"], ["R5", "R6", "R7"]]
    g = table(4, hands, pile=["B10"], options=ESCALATE)
    assert play(g, "Y6") == 0 and g.pending == P_TAKE and g.seat == INGE
    assert play(g, "B2") == 13
    assert play(g, "Y10") == 0 and g.pending == P_DIR
    assert g.apply(A_CHOOSE, UP) == 0
    assert g.pending == P_TAKE and g.seat == HANS and g.stake == 2
    assert g.apply(A_CHOOSE, 3) == 0 and g.counts[3] == 1 and g.counts[HANS] == 5
    assert g.apply(A_CHOOSE, PETER) == 0
    assert g.end == TOOK_LAST and g.winner == PETER    # Peter's last card went with the 2


def test_without_the_option_take_cards_cannot_be_answered():
    g = table(4, [["Y6", "B1"], ["Y10", "B2"], ["B3"], ["R5"]], pile=["B10"])
    assert play(g, "Y6") == 0 and play(g, "Y10") == 2


def test_illegal_input_is_refused_with_a_reason_and_never_applied():
    g = table(3, [["B13", "B15"], ["B1"], ["B2"]], pile=["B8"], direction=UP)
    before = g.save()
    buf = bytearray(64)
    assert g.apply(A_PLAY, 0, buf) == 14
    buf[0] = 7
    assert g.apply(A_PLAY, 1, buf) == 3
    assert g.apply(A_KEEP) == 2 and g.apply(A_CHOOSE, 0) == 2 and g.apply(99) == 2
    assert play(g, "B13", "B15") == 6                  # a series must step by 1
    assert g.save() == before


def test_the_call_is_data_after_every_play():
    # "Möchte der Spieler eine passende Karte ablegen, so muß er den Zahlenwert und die
    # Richtung der Zahlenfolge laut nennen (zum Beispiel 10 AUFWÄRTS)."
    g = table(2, [["B10", "B1"], ["R11", "R4"]], pile=["B9"])
    assert play(g, "B10") == 0 and call_text(g) == "10 up"
    assert play(g, "R4") == 5
    assert g.apply(A_DRAW) == 0 and call_text(g) == "10 up"     # still the last play


# -- the other reading, chosen in the settings (docs/rules.md) -----------------------------

def test_draw_any_a_player_who_could_play_may_draw_instead():
    # "Ist ein Spieler an der Reihe, darf er eine Karte auf den Ablagestapel legen": "darf"
    # (may) read as a choice, so with DRAW_ANY drawing is allowed though a card fits; the drawn
    # card is then played at once only if it fits, as after any draw.
    g = table(2, [["B11", "R2"], ["B3"]], pile=["B10"], owner=INGE, draw=["R4"])
    assert g.can_play(PETER) and g.apply(A_DRAW) == 9        # the default: must play
    g = table(2, [["B11", "R2"], ["B3"]], pile=["B10"], owner=INGE, draw=["R4"],
              options=DRAW_ANY)
    assert g.apply(A_DRAW) == 0 and g.turn == INGE          # R4 does not fit: turn over
    assert hand(g, PETER) == ["B11", "R2", "R4"]
    g = table(2, [["B11", "R2"], ["B3"]], pile=["B10"], owner=INGE, draw=["B12"],
              options=DRAW_ANY | ESCALATE)
    assert g.apply(A_DRAW) == 0 and g.pending == P_DRAWN and g.drawn == card("B12")
    assert g.save() and Amigo().restore(g.save()) is None
