"""Rollouts for the strong YoYo seat (engine/amigo_strong.py): the greedy seat's choice and
Amigo.apply() without its check, on the fast path a rollout needs."""
from engine.amigo import A_DRAW, A_KEEP, A_PLAY, DECK_SIZE, P_DIR, P_DRAWN, P_TAKE, P_TURN


def greedy(h, f, sel):
    """f.decide(h) for f = engine.amigo_cpu.Cpu(GREEDY), with the hand read in place: a
    rollout spends most of its time here. Its arg in f.arg, a play's indices in sel."""
    p = h.pending
    if p != P_TURN and p != P_DRAWN:
        a = f.decide(h)
        for i in range(f.arg if a == A_PLAY else 0):
            sel[i] = f.sel[i]
        return a
    s = h.seat
    hs = h.hands
    b = s * DECK_SIZE
    e = b + h.counts[s]
    t = h.pile[h.pile_len - 1] if h.pile_len else 0
    tv = t & 31
    dr = h.dir
    anyc = t == 0 or h.owner == s
    free = t == 0 or t >> 5 >= 2
    drawn = h.drawn if p == P_DRAWN else 0
    tr = f._try
    found = 0
    prev = -1
    for i in range(b, e):
        c = hs[i]
        if c == prev or drawn and c != drawn:
            continue
        prev = c
        k = c >> 5
        v = c & 31
        if not (anyc or k >= 2 or v == tv or k == dr and (v > tv if k == 0 else v < tv)):
            continue
        for d in range(2):
            if k < 2 and k != d or k >= 2 and d != dr and not (free or v == tv):
                continue
            tr[0] = i - b
            n = 1
            w = v
            step = 1 if d == 0 else -1
            while True:
                w += step
                pick = -1
                for q in range(b, e):
                    x = hs[q]
                    if x & 31 == w:
                        if x >> 5 == d:
                            pick = q
                            break
                        if x >> 5 >= 2:
                            pick = q
                if pick < 0:
                    break
                tr[n] = pick - b
                n += 1
            if n > found:
                found = n
                for q in range(n):
                    sel[q] = tr[q]
    f.arg = found
    if found:
        return A_PLAY
    return A_DRAW if p == P_TURN else A_KEEP


def do(h, a, arg, buf):
    """Amigo.apply() less its check(): a rollout's decisions are legal by construction."""
    s = h.seat
    n = h.players
    if a == A_PLAY:
        h._play(s, arg, buf)
    elif a == A_DRAW:
        h._draw(s)
    elif a == A_KEEP:
        h._turn((s + 1) % n)
    elif h.pending == P_DIR:
        h.dir = arg
        h._act(s, h.pact)
    elif h.pending == P_TAKE:
        h._take(s, arg)
    else:
        h.passes[s] = arg
        s = (s + 1) % n
        if s == h.actor:
            h._pass_left()
        else:
            h.seat = s
