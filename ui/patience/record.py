"""A patience's statistics record (ui/persist.py keeps its bytes under the table's STATS_TAG):
apart from ui/persist.py, which every program loads, so the seated games do not carry it."""


class Stats:
    """Games played and won, the streaks, (where a verdict atlas says which deals are
    winnable) the winnable deals played and won, the wins without a hint (nohint) and the
    best result (top: most cards home, in the hole or on the foundations). counted is what
    the deal on the table has been counted as (0 nothing yet, 1 lost, 2 won; -1 unknown, from
    a save older than it), so a deal counts once however often undo leads back into play;
    before is the streak a counted loss ended, so a win after undos can replace that loss;
    hinted: a hint was asked for in this deal (1 when unknown, from an older save)."""

    def __init__(self):
        self.played = 0
        self.won = 0
        self.streak = 0
        self.best = 0
        self.wplayed = 0
        self.wwon = 0
        self.counted = 0
        self.before = 0
        self.nohint = 0
        self.top = 0
        self.hinted = 0

    def win_percent(self):
        return (self.won * 100 + self.played // 2) // self.played if self.played else 0

    def record(self, won, winnable=None, home=0):
        """The deal on the table ended (won, stuck or left unfinished) with home cards home:
        count it once; a win after undos replaces the loss counted when it was stuck. A win
        stays a win."""
        if home > self.top:
            self.top = home
        if self.counted == 1 and won:
            self.played -= 1
            if winnable:
                self.wplayed -= 1
            self.streak = self.before
        elif self.counted:
            return
        self.counted = 2 if won else 1
        self.before = self.streak
        self.played += 1
        if winnable:
            self.wplayed += 1
        if won:
            self.won += 1
            if winnable:
                self.wwon += 1
            if not self.hinted:
                self.nohint += 1
            self.streak += 1
            if self.streak > self.best:
                self.best = self.streak
        else:
            self.streak = 0

    def pack(self):
        # Format 4: format 3's 16 bytes, then nohint (16 bits), top and hinted.
        out = bytearray(20)
        out[0] = 4
        for i, v in enumerate((self.played, self.won, self.streak, self.best, self.wplayed,
                               self.wwon, self.before, self.nohint)):
            v = min(v, 0xFFFF)
            at = 1 + 2 * i if i < 7 else 16
            out[at] = v >> 8
            out[at + 1] = v & 0xFF
        out[15] = self.counted
        out[18] = self.top
        out[19] = self.hinted
        return bytes(out)

    def unpack(self, data):
        # Format 1 (9 bytes) had no winnable counts, format 2 (13) no counted and before,
        # format 3 (16) no wins without hints, best result or hinted; their records still
        # load, with counted unknown (-1) before format 3 and hinted unknown (1) before 4.
        n = 0 if data is None else len(data)
        if not n or (data[0], n) not in ((1, 9), (2, 13), (3, 16), (4, 20)):
            return False
        v = [(data[1 + 2 * i] << 8) | data[2 + 2 * i] for i in range(min(n - 1, 14) // 2)]
        v += [0] * (7 - len(v))
        counted = data[15] if n > 15 else -1
        nohint, top, hinted = ((data[16] << 8) | data[17], data[18], data[19]) if n > 16 \
            else (0, 0, 1)
        if v[1] > v[0] or v[2] > v[1] or v[2] > v[3] or v[5] > v[4] or v[4] > v[0] or \
                v[5] > v[1] or v[6] > v[3] or counted > 2 or nohint > v[1] or hinted > 1:
            return False
        self.played, self.won, self.streak, self.best, self.wplayed, self.wwon, \
            self.before = v
        self.counted = counted
        self.nohint = nohint
        self.top = top
        self.hinted = hinted
        return True
