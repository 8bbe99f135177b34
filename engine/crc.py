"""CRC-16/CCITT-FALSE over bytes, in small ints so it runs the same on a board; another
polynomial on request."""


def crc16(data, crc=0xFFFF, start=0, end=-1, poly=0x1021):
    if end < 0:
        end = len(data)
    for i in range(start, end):
        crc ^= data[i] << 8
        for _ in range(8):
            if crc & 0x8000:
                crc = ((crc << 1) ^ poly) & 0xFFFF
            else:
                crc = (crc << 1) & 0xFFFF
    return crc
