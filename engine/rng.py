"""The MS-compatible linear congruential generator, in small ints only.

PySolFC deals numbers 1..31999 with seed = seed * 214013 + 2531011 and draws
(seed >> 16) & 0x7fff. The product does not fit MicroPython's 31-bit small ints, so the
state (bits 0..30; higher bits never reach the output) is kept as a 16-bit high limb
(bits 15..30) and a 15-bit low limb, and the multiply is done in pieces below 2**30.
The same numbers come out on CPython and on a board, with no heap allocation per draw.
"""
try:
    from micropython import const
except ImportError:
    const = int

_A_LO = const(17405)    # 214013 = 6 * 2**15 + 17405
_A_HI = const(6)
_C_LO = const(7875)     # 2531011 = 77 * 2**15 + 7875
_C_HI = const(77)
_MAX_SEED = const(0x3FFFFFFF)


class MsRandom:
    def __init__(self, seed=1):
        self.seed(seed)

    def seed(self, seed):
        if not 0 <= seed <= _MAX_SEED:
            raise ValueError("seed out of range")
        self._lo = seed & 0x7FFF
        self._hi = (seed >> 15) & 0xFFFF

    def rand(self):
        """Next value 0..32767."""
        lo = self._lo
        hi = self._hi
        low = lo * _A_LO + _C_LO
        # (hi * _A_LO) mod 2**16, split so no partial product reaches 2**30.
        ha = ((hi & 0xFF) * _A_LO + (((hi >> 8) * _A_LO) & 0xFF) * 256) & 0xFFFF
        self._hi = (ha + lo * _A_HI + _C_HI + (low >> 15)) & 0xFFFF
        self._lo = low & 0x7FFF
        return self._hi >> 1

    def below(self, n):
        """0..n-1, the way PySolFC's randint(0, n-1) draws it (modulo, not rejection)."""
        return self.rand() % n

    def shuffle(self, buf, length=-1):
        """Shuffle buf[0:length] in place the PySolFC way: n from the end down to 1."""
        n = len(buf) if length < 0 else length
        n -= 1
        while n > 0:
            j = self.rand() % (n + 1)
            t = buf[n]
            buf[n] = buf[j]
            buf[j] = t
            n -= 1
