"""Help paragraphs of the patience games, loaded only while their help is shown (ui/patience/app.py
help_paragraphs(); ui/screens.py wraps them into pages): about 1 KB of text each that a game
does not keep on the heap while it is played."""

BLACK_HOLE = (
    "Put every card into the hole, the black cell at the bottom right. A top card may go "
    "in when its rank is one above or one below the hole's top card. Suits do not matter, "
    "and King and Ace touch: ... Q K A 2 ...",
    "Only the top card of a fan can move. Up and down may change at any time. You win with "
    "all 52 cards in the hole.",
    "Keys: the D-pad moves the cursor, A plays the top card under it, B undoes. Hold B to "
    "redo. Select asks for a hint, Start opens the menu.",
    "The bar under the hole: it fills while the solver thinks, then shows solid green (winnable), "
    "dashed red (cannot be won) or a hollow outline (too deep to tell yet: it goes on "
    "thinking). Settings can keep it up after every move, and deal only winnable deals.",
    "Auto-play (Settings, off at first) plays a card when it is the only move. It plays the "
    "deal out once taking the first fan that can play, row by row from the top left, each "
    "time wins. Any key stops it; after an undo it waits for your move.",
    "Deals 1-32000 are PySolFC's deals of the same number. Black Hole is a patience by "
    "David Parlett.",
)

CALCULATION = (
    "Build four foundations, suits ignored, each up to a King. They start from an Ace, a 2, "
    "a 3 and a 4 and go up in steps of 1, 2, 3 and 4 (the +1 to +4 under them), past the "
    "King back to the Ace.",
    "Their ranks before the King:",
    "A 2 3 4 5 6 7 8 9 10 J Q",
    "2 4 6 8 10 Q A 3 5 7 9 J",
    "3 6 9 Q 2 5 8 J A 4 7 10",
    "4 8 Q 3 7 J 2 6 10 A 5 9",
    "Beside each step: the rank that foundation needs next. The stock is turned once, a "
    "card at a time; its count is under the turned card.",
    "The turned card goes to a foundation that needs it, or onto any of the four waste "
    "piles below. Only a waste pile's top card may move, and only to a foundation.",
    "A waste pile shows its newest six cards; the number under a taller one counts the "
    "cards hidden beneath. Hints name a waste pile by the foundation above it: \"under +2\".",
    "Keys: the D-pad picks a place. A there plays a card home (waste tops first), or puts "
    "the turned card on a waste pile or home. B undoes, hold B to redo. Select: hint. "
    "Start: menu.",
    "Auto-play (Settings, on at first) plays the turned card when one foundation alone "
    "takes it, and the waste tops once that wins, telling each move below. Any key stops "
    "it; after an undo it waits for you.",
    "Settings: New deals can be winnable only: deals a search seeing every card won "
    "(without its list, any deal comes).",
    "Deals 1-32000 are PySolFC's deals of the same number.",
)

BIG_BEN = (
    "Two packs on a clock. Build the twelve foundations inside the dial up in suit, past the "
    "King to the Ace. Each is done when it shows the rank beside it: Q at 12 o'clock, A at "
    "1, 2 to 10 at their hours, J at 11.",
    "The twelve piles round the edge: only a top card moves, to a foundation or onto "
    "another pile one rank lower in its suit (a King goes on an Ace). A pile of fewer than "
    "three cards takes no card: it has a gap, a dim outline, for each card it lacks.",
    "The reserve (its count is in the middle) fills every gap at once, from 12 o'clock "
    "round, a pile full before the next. With no gap open, it deals a card to the waste "
    "instead, even while a card could move. The waste's top plays like a pile's. No redeal.",
    "Keys: the D-pad moves to the nearest place in the arrow's direction. A on a card picks "
    "it up, or plays it when only one place takes it. A on a place puts the card there, on "
    "a foundation builds a card that fits, on the reserve fills or deals. B puts a card "
    "back or undoes; hold B to redo. Select gives a hint, Start opens the menu.",
    "Settings: New deals can be winnable ones only, deals that a search seeing every card "
    "has won (from its list: without it, any deal comes). Strict deals (off at first) deals "
    "new deals under stricter rules: a card on its next in suit stays there, and the "
    "reserve deals only when no card can move. A deal keeps the rules it was dealt with; "
    "this help tells them.",
    "Deals 1-32000 are PySolFC's Big Ben deals of the same number. Big Ben is in David "
    "Parlett's books.",
)

# The same help for a deal dealt under the strict rules (the "Strict deals" setting): the
# rules it changes are told as they are; the rest is shared.
BIG_BEN_STRICT = BIG_BEN[:1] + (
    "The twelve piles round the edge: only a top card moves, to a foundation or onto "
    "another pile one rank lower in its suit (a King goes on an Ace). Strict: a card on the "
    "next of its suit moves only home. A pile of fewer than three cards takes no card: it "
    "has a gap, a dim outline, for each card it lacks.",
    "The reserve (its count is in the middle) fills every gap at once, from 12 o'clock "
    "round, a pile full before the next. Strict: only with no gap open and no card able to "
    "move does it deal a card to the waste. The waste's top plays like a pile's. No redeal.",
) + BIG_BEN[3:]
