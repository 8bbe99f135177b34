"""What the three atlas builders share: the progress file, the loop that decides deals on
every core, and the atlas file's layout (read on the board by hw/atlas.py).

The atlas file (hw/*_atlas.bin):
    bytes 0 .. 4000     one bit per deal: deal n is bit (n & 7) of byte (n >> 3), 1 = marked
                        (bit 0, deal 0, is unused and 0)
    bytes 4001 ..       BLOCKS + 1 little-endian 16-bit counts: entry b = marked deals in
                        bytes 0 .. 32*b - 1 of the bit table (entry BLOCKS = the total)

A progress file has a line a deal decided: deal, won or not, nodes, seconds, and whatever a
builder adds after them (Big Ben's search cap), so a run stopped anywhere resumes. The hint
pass (hint_pass) then plays the deals the search did not win by the game's own hint, which
sees only what a player sees, and adds a line for each ending in ",hint"; a later line of a
deal stands for it, so a deal the hint wins is marked.
"""
import multiprocessing
import os
import time

from hw.atlas import BLOCK_BYTES, LAST_DEAL, TABLE_BYTES

BLOCKS = (TABLE_BYTES + BLOCK_BYTES - 1) // BLOCK_BYTES


def read_progress(path):
    """{deal: (won?, nodes, seconds)} of the deals a progress file has decided."""
    done = {}
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                parts = line.strip().split(",")
                if len(parts) >= 4 and parts[0].isdigit():
                    done[int(parts[0])] = (parts[1] == "won", int(parts[2]), float(parts[3]))
    return done


def decide_all(todo, decide, progress, jobs, label, init=None, initargs=(), chunksize=4,
               minutes=0, extra=""):
    """decide(n) -> (n, won, nodes, seconds) for every deal in todo on jobs processes, each
    answer appended to the progress file as it comes (with ",extra" when given) and kept in the
    dict returned. minutes > 0 stops handing out deals after that long."""
    done = {}
    os.makedirs(os.path.dirname(progress), exist_ok=True)
    tail = "," + extra if extra else ""
    t0 = time.time()
    # spawned, not forked: a fork copies the caller's threads' locks held (a test runner's,
    # a display's), and a child that finds one taken waits forever
    spawn = multiprocessing.get_context("spawn")
    with open(progress, "a") as out, spawn.Pool(jobs, init, initargs) as pool:
        for k, (n, won, nodes, secs) in enumerate(
                pool.imap_unordered(decide, todo, chunksize=chunksize), 1):
            out.write("%d,%s,%d,%.3f%s\n" % (n, "won" if won else "nowin", nodes, secs, tail))
            out.flush()
            done[n] = (won, nodes, secs)
            if k % 1000 == 0 or k == len(todo):
                print("%s: %d / %d in %.0f s, %d won" % (
                    label, k, len(todo), time.time() - t0,
                    sum(1 for v in done.values() if v[0])), flush=True)
            if minutes and time.time() - t0 > 60 * minutes:
                print("%s: time box reached; run again to go on" % label, flush=True)
                pool.terminate()
                break
    return done


def hint_pass(progress, play, jobs, label):
    """play(n) -> (n, won, moves, seconds) for each deal the progress file has not won and has
    not played by the hint yet; each answer appended as a ",hint" line. {deal: won?} of all."""
    hinted = set()
    if os.path.exists(progress):
        with open(progress) as f:
            hinted = {int(line.split(",")[0]) for line in f if line.strip().endswith(",hint")}
    done = read_progress(progress)
    todo = [n for n in sorted(done) if not done[n][0] and n not in hinted]
    print("%s: the hint plays %d deals the search did not win" % (label, len(todo)), flush=True)
    if todo:
        done.update(decide_all(todo, play, progress, jobs, label + " (hint)", chunksize=8,
                               extra="hint"))
    return {n: v[0] for n, v in done.items()}


def pack(verdicts):
    """{deal: marked?} for 1..LAST_DEAL -> the atlas file's bytes."""
    bits = bytearray(TABLE_BYTES)
    for n, won in verdicts.items():
        if won:
            bits[n >> 3] |= 1 << (n & 7)
    counts = bytearray()
    total = 0
    for b in range(BLOCKS + 1):
        counts += bytes((total & 0xFF, total >> 8))
        if b < BLOCKS:
            total += sum(bin(x).count("1") for x in bits[b * BLOCK_BYTES:(b + 1) * BLOCK_BYTES])
    return bytes(bits) + bytes(counts)


def unpack(data):
    """The atlas file's bytes -> {deal: marked?} for 1..LAST_DEAL."""
    return {n: bool(data[n >> 3] >> (n & 7) & 1) for n in range(1, LAST_DEAL + 1)}


def read_marks(path):
    """{deal: marked?} for 1..LAST_DEAL from an atlas file."""
    with open(path, "rb") as f:
        return unpack(f.read())
