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
    "Auto-play (Settings, off at first) plays a card when it is the only move, and plays "
    "the deal out once the lowest card each time wins. Any key stops it; after an undo it "
    "waits for your move.",
    "Deals 1-32000 are PySolFC's deals of the same number. Black Hole is a patience by "
    "David Parlett.",
)

CALCULATION = (
    "Build four foundations up to the King, suits ignored. They start from an Ace, a 2, a "
    "3 and a 4 and go up in steps of 1, 2, 3 and 4, past the King back to the Ace:",
    "A 2 3 4 5 6 7 8 9 10 J Q K",
    "2 4 6 8 10 Q A 3 5 7 9 J K",
    "3 6 9 Q 2 5 8 J A 4 7 10 K",
    "4 8 Q 3 7 J 2 6 10 A 5 9 K",
    "Under each foundation: its step and the rank it needs next.",
    "The stock is turned once, a card at a time. The turned card goes to a foundation "
    "that needs it, or onto any of the four waste piles below. Only the top card of a "
    "waste pile may move, and only to a foundation.",
    "Keys: the D-pad picks a place. A on a foundation plays a card that fits it (waste "
    "tops first); A on a waste pile puts the turned card there; A on the turned card "
    "plays it if a foundation needs it. B undoes; hold B to redo. Select gives a hint, "
    "Start opens the menu.",
    "Auto-play (Settings, on at first) plays the turned card when only one foundation "
    "takes it, and plays the waste tops home once that wins the deal. Any key stops it; "
    "after an undo it waits for your move.",
    "Settings: New deals can be winnable ones only, deals that a search seeing every card "
    "has won (from its list: without the list, any deal comes).",
    "Deals 1-32000 are PySolFC's deals of the same number.",
)

BIG_BEN = (
    "Two packs on a clock. Build each of the twelve foundations inside the dial up in its "
    "suit, past the King to the Ace, until it shows the rank beside it: Q at 12 o'clock, "
    "A at 1, 2 to 10 at their hours, J at 11.",
    "The twelve piles round the edge: only a top card moves, to a foundation or onto "
    "another pile one rank lower in its suit (a King goes on an Ace). A pile with fewer "
    "than three cards takes no card: it has gaps.",
    "The reserve (its count is in the middle) fills every gap at once, from 12 o'clock "
    "round, a pile full before the next. Only when no card can move and no gap is left "
    "does it deal a card to the waste, whose top plays like a pile's. No redeal.",
    "Keys: the D-pad moves to the nearest place in the arrow's direction. A on a card picks "
    "it up (or plays it when only one place takes it), A on a place puts it there; A on a "
    "foundation builds a card that fits; A on the reserve fills or deals. B puts a card "
    "back or undoes; hold B to redo. Select gives a hint, Start opens the menu.",
    "Settings: New deals can be winnable ones only, deals that a search seeing every card "
    "has won (from its list: without the list, any deal comes). Strict deals (off at first) "
    "deals new deals under stricter rules: a card on its next in suit stays there, and the "
    "reserve deals only when no card can move. A deal keeps the rules it was dealt with.",
    "Deals 1-32000 are PySolFC's Big Ben deals of the same number. Big Ben is in David "
    "Parlett's books.",
)
