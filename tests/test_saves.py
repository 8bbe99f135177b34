"""Save format errors name what is wrong."""
import pytest

from engine.blackhole import BlackHole, SaveError
from engine.crc import crc16


def saved(n=5, moves=3):
    g = BlackHole()
    g.new_deal(n)
    for _ in range(moves):
        f = g.first_move()
        if f >= 0:
            g.play(f)
    return g.save()


def reseal(data):
    b = bytearray(data)
    c = crc16(b, 0xFFFF, 0, len(b) - 2)
    b[-2], b[-1] = c >> 8, c & 0xFF
    return bytes(b)


def test_save_is_small():
    assert len(saved(5, 0)) == 62
    assert len(saved(3, 40)) <= 62 + 51


@pytest.mark.parametrize("damage,message", [
    (lambda d: d[:10], "truncated"),
    (lambda d: d[:-1], "truncated"),
    (lambda d: b"XX" + d[2:], "not a Black Hole save"),
    (lambda d: reseal(d[:2] + bytes([9]) + d[3:]), "format 9"),
    (lambda d: d[:20] + bytes([d[20] ^ 1]) + d[21:], "checksum"),
    (lambda d: reseal(d[:9] + bytes([3]) + d[10:]), "impossible layout"),
    (lambda d: reseal(d[:7] + bytes([d[8] + 1]) + d[8:]), "impossible history"),
])
def test_bad_saves_are_refused_with_a_reason(damage, message):
    with pytest.raises(SaveError, match=message):
        BlackHole().restore(damage(saved()))


def test_illegal_history_is_refused():
    data = bytearray(saved(5, 3))
    data[9 + 51] = (data[9 + 51] + 1) % 17     # first move now names another fan
    with pytest.raises(SaveError, match="illegal move|impossible"):
        BlackHole().restore(reseal(bytes(data)))
