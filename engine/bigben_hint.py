"""A Big Ben move a good player would make, with its reason, from what a player sees: the
foundations, the piles, the waste's top and how many cards the reserve holds (never which).

Order: build on a foundation (from the waste first, whose card is otherwise buried by the next
deal; among piles, the one whose next card is wanted soonest); fill the gaps (more cards in
play); move a card between piles when that uncovers a card a foundation takes now, or to
clear a card that no foundation wants soon; else deal.
"""
from engine.bigben import (FOUND, GAPS, HOURS, OK, RESERVE, WASTE, size)

BUILD_WASTE = 0
BUILD = 1
FILL = 2
FREE = 3
SHIFT = 4
DEAL = 5

TEXTS = ("Builds from the waste", "Builds on its hour", "Fills the gaps",
         "Frees a card to build", "Tidies the piles", "Nothing else: deal")


def text(reason):
    return TEXTS[reason]


def _wanted(g, c):
    """How many cards the nearest foundation of c's suit needs before c (0: c builds now),
    or 13 when none will take it."""
    best = 13
    for h in range(HOURS):
        n = g.n[FOUND + h]
        if n == size(h):
            continue
        t = g.top(FOUND + h)
        if (t >> 1) & 3 != (c >> 1) & 3:
            continue
        d = ((c >> 3) - (t >> 3) - 1) % 13
        if d < size(h) - n and d < best:
            best = d
    return best


def hint(g):
    """Best move as (reason << 10) | (src << 5) | dst, or -1 when none is legal."""
    # Building: the waste first, then the pile whose card beneath is wanted soonest.
    best = -1
    score = 99
    for src in range(WASTE, -1, -1):
        if FOUND <= src < WASTE:
            continue
        for h in range(HOURS):
            if g.check(src, FOUND + h) == OK:
                if src == WASTE:
                    return (BUILD_WASTE << 10) | (src << 5) | (FOUND + h)
                k = g.n[src]
                s = _wanted(g, g.card(src, k - 2)) if k > 1 else 0
                if s < score:
                    score = s
                    best = (BUILD << 10) | (src << 5) | (FOUND + h)
    if best >= 0:
        return best
    if g.check(RESERVE, GAPS) == OK:
        return (FILL << 10) | (RESERVE << 5) | GAPS
    # Between piles: uncovering a card that builds now comes first.
    shift = -1
    for src in range(WASTE, -1, -1):
        if FOUND <= src < WASTE:
            continue
        for dst in range(HOURS):
            if g.check(src, dst) != OK:
                continue
            k = g.n[src] if src < FOUND else 0
            if src == WASTE or k > 1 and _wanted(g, g.card(src, k - 2)) == 0:
                return (FREE << 10) | (src << 5) | dst
            if shift < 0:
                shift = (SHIFT << 10) | (src << 5) | dst
    if shift >= 0:
        return shift
    if g.check(RESERVE, WASTE) == OK:
        return (DEAL << 10) | (RESERVE << 5) | WASTE
    return -1
