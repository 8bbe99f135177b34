"""CRC-16/CCITT-FALSE over data[start:end], in small ints so it runs the same on a board;
another polynomial on request (ui/persist.py)."""


def crc16(data, crc, start, end, poly=0x1021):
    for i in range(start, end):
        crc ^= data[i] << 8
        for _ in range(8):
            if crc & 0x8000:
                crc = ((crc << 1) ^ poly) & 0xFFFF
            else:
                crc = (crc << 1) & 0xFFFF
    return crc
