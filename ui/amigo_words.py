"""YoYo's words on the table: prompts and refusals, each a short plain sentence that fits the
message row (26 characters). The curtain's and the score table's are in ui/seats_help.py."""
from engine.amigo import ESCALATE, NONE, P_DIR, P_DRAWN, P_OVER, P_TAKE, P_TURN

# Constant prompts: saying one again allocates nothing.
P_PLAY_TEXT = "A pick, Sel play, B draw"
P_STUCK_TEXT = "Nothing fits: B draws"
P_DRAWN_TEXT = "Sel plays it, B keeps it"
P_DIR_TEXT = "Up/Down: choose direction"
P_TAKE_TEXT = "Up/Down: whom. A: take"
P_ANSWER_TEXT = "A take, Sel answer +take"
P_PASS_TEXT = "A: pass this card left"
P_OVER_TEXT = "Game over. A: scores"
SKIPPING = "Skipping ahead..."
TOO_MANY = "20 cards at most"

def refusal(code):
    """The engine's reason code (engine.amigo reason()) as a short sentence."""
    return ("", "The game is over", "Not a move now", "No card there", "A card picked twice",
            "That card does not fit", "A series steps by one", "Blue runs up, red down",
            "That runs against the way", "A card fits: play it", "Play the drawn card first",
            "Choose another player", "Choose up or down", "Only a take-cards yellow",
            "Pick a card first")[code]


def prompt(g):
    p = g.pending
    if p == P_OVER:
        return P_OVER_TEXT
    if p == P_TURN:
        return P_PLAY_TEXT if g.can_play(g.seat) else P_STUCK_TEXT
    if p == P_DRAWN:
        return P_DRAWN_TEXT
    if p == P_DIR:
        return P_DIR_TEXT
    if p == P_TAKE:
        if g.options & ESCALATE and g.victim == NONE:
            s = g.seat
            for i in range(g.counts[s]):
                if g.card(s, i) >> 5 == 3:      # a take-cards yellow to answer with
                    return P_ANSWER_TEXT
        return P_TAKE_TEXT
    return P_PASS_TEXT
