"""YoYo's log kept with the match across power-on (ui/yoyo_amigo/log.py keeps it in play):
loaded only for a save or a power-on and forgotten after, so its code never sits on the heap
beside the CPU seats' thinking."""
from ui import forget
from ui.persist import PLACE, TAG_AMIGO

try:
    from micropython import const
except ImportError:
    const = int

_E_PLAY = const(1)      # ui/yoyo_amigo/log.py's event kinds, first and last
_E_SKIP = const(5)
_E_TAKE = const(6)
_E_SHUFFLE = const(9)
_LOG_SIZE = const(32)   # ui/yoyo_amigo/log.py's events kept


def keep(t, p, back):
    """Table t's log and news untold into the save p (ui/persist.py), or at power-on (back)
    from it; then this module leaves the heap."""
    if back:
        unpack(t, p.get(TAG_AMIGO | PLACE) or b"")
    else:
        p.put(TAG_AMIGO | PLACE, pack(t))
    forget("yoyo_amigo.keep")


def pack(t):
    """The log kept with the match: how many events (up to _LOG_SIZE), those events oldest
    first, per seat how many of them it has not been told, and the card a pass left brought
    each seat (the events renumbered from 0 when they come back)."""
    # the events some person has not been told yet, and the 8 the last moves' screen shows
    # (an event makes at least one of its lines)
    g = t.game
    n = 8
    for s in range(g.players):
        if g.kinds[s] == 0 and t.moves - t.seen[s] > n:
            n = t.moves - t.seen[s]
    n = min(n, t.moves, _LOG_SIZE)
    first = t.moves - n
    out = bytearray(1 + 4 * n + 12)
    out[0] = n
    for i in range(n):
        j = 4 * ((first + i) % _LOG_SIZE)
        out[1 + 4 * i:5 + 4 * i] = t.log[j:j + 4]
    k = 1 + 4 * n
    for s in range(6):
        out[k + s] = max(0, min(n, t.moves - t.seen[s]))   # an undo takes moves back
        out[k + 6 + s] = t.got[s]
    return out


def unpack(t, d):
    """pack()'s bytes back into table t (a new app's, its log clear); a record that does not
    read is left out: the match goes on with an empty log."""
    n = d[0] if len(d) else 0
    k = 1 + 4 * n
    if n > _LOG_SIZE or len(d) != k + 12 or max(d[k:k + 6]) > n:
        return
    for j in range(1, k, 4):
        e = d[j] & 15
        # names are looked up by these seats: none past the sixth
        if not _E_PLAY <= e <= _E_SHUFFLE or d[j + 1] & 7 > 5 or \
                (e == _E_SKIP or e == _E_TAKE) and d[j + 2] > 5:
            return
    t.log[:4 * n] = d[1:k]
    t.moves = n
    for s in range(6):
        t.seen[s] = n - d[k + s]
        t.got[s] = d[k + 6 + s]
