"""Each person's record against the CPU seats in a seated game: matches played and won, kept
by seat name (a name stays with its person across setups). Loaded at a match's end and for
the score table only, then forgotten, so it costs the game's heap nothing during play.

Its records (ui/persist.py tags 13 for Yo-yo, 14 for YoYo): version 1, then up to eight
entries of 10 bytes: the name (six characters, blank-padded), matches played and matches won
(16 bits each, high byte first). An unreadable record starts again empty.
"""
from ui.persist import TAG_YOYO
from ui.seated.app import HUMAN

try:
    from micropython import const
except ImportError:
    const = int

_VERSION = const(1)
_LEN = const(10)
_MOST = const(8)       # names kept; a new one replaces the name with the fewest matches
_MAX = const(0xFFFF)


def _tag(app):
    return 13 if app.table.GAME_TAG == TAG_YOYO else 14


def _against_cpu(app):
    """The person seats, when CPU seats play too (else there is no record to keep)."""
    people = [s for s in range(app.players) if app.kinds[s] == HUMAN]
    return people if 0 < len(people) < app.players else []


def entries(data):
    """[name, played, won] of each entry; [] for no record or a damaged one."""
    out = []
    if not data or data[0] != _VERSION or (len(data) - 1) % _LEN or len(data) > 1 + 8 * _LEN:
        return out
    for at in range(1, len(data), _LEN):
        name = "".join(chr(b) for b in data[at:at + 6]).strip()
        played = (data[at + 6] << 8) | data[at + 7]
        won = (data[at + 8] << 8) | data[at + 9]
        if won > played or not name:
            return []
        out.append([name, played, won])
    return out


def pack(found):
    out = bytearray(1 + _LEN * len(found))
    out[0] = _VERSION
    for k, (name, played, won) in enumerate(found):
        at = 1 + _LEN * k
        for i in range(6):
            out[at + i] = ord(name[i]) if i < len(name) else 32
        out[at + 6], out[at + 7] = played >> 8, played & 0xFF
        out[at + 8], out[at + 9] = won >> 8, won & 0xFF
    return bytes(out)


def _entry(found, name):
    for e in found:
        if e[0] == name:
            return e
    if len(found) == _MOST:
        found.remove(min(found, key=lambda e: e[1]))
    e = [name, 0, 0]
    found.append(e)
    return e


def count(app, winner):
    """A match ended, won by seat winner (-1: a tie): each person seat played one against
    the CPU seats, and the winner won it. The record is saved with the game."""
    people = _against_cpu(app)
    if not people:
        return
    found = entries(app.persist.get(_tag(app)))
    for s in people:
        e = _entry(found, app.table.seat_name(app, s))
        if e[1] < _MAX:
            e[1] += 1
            e[2] += s == winner
    app.persist.put(_tag(app), pack(found))


def match_over(app):
    """YoYo's match ended: the seat with the best total won it; a shared best is no win."""
    scores = app.game.scores[:app.players]
    best = max(scores)
    count(app, scores.index(best) if scores.count(best) == 1 else -1)


def lines(app):
    """The score table's lines: each person seat's matches won/played against the CPU."""
    found = entries(app.persist.get(_tag(app)))
    out = []
    for s in _against_cpu(app):
        name = app.table.seat_name(app, s)
        for e in found:
            if e[0] == name:
                out.append("%-6s vs CPU %d/%d" % (name, e[2], e[1]))
    return tuple(out)
