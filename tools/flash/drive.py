"""Find the CIRCUITPY (or UF2 bootloader) drive and read what boot_out.txt says."""
import os
import re
import shutil
import string
import sys
import time

from tools.flash import FlashError

LABEL = "CIRCUITPY"
SUPPORTED_BOARDS = {"pybadge": "PyBadge, PyBadge LC, EdgeBadge", "pygamer": "PyGamer"}
SUPPORTED_TEXT = ("CircuitPython 9.2.x or 10.x on a PyBadge, PyBadge LC, EdgeBadge "
                  "(board id pybadge) or PyGamer (board id pygamer)")
UF2_MAGIC = b"UF2\n"


def _linux_mounts(with_type=False):
    """(device, mount point) of every mount, with its file system type when asked."""
    try:
        with open("/proc/mounts") as f:
            lines = f.read().splitlines()
    except OSError:
        return []
    out = []
    for line in lines:
        parts = line.split()
        if len(parts) >= 3:
            mp = re.sub(r"\\(\d{3})", lambda m: chr(int(m.group(1), 8)), parts[1])
            out.append((parts[0], mp, parts[2]) if with_type else (parts[0], mp))
    return out


def fs_type(path):
    """The file system type of the Linux mount holding path ("vfat", "9p" under WSL...), or
    None where the OS does not say (macOS, Windows)."""
    if not sys.platform.startswith("linux"):
        return None
    real = os.path.realpath(path)
    best = None
    for _dev, mp, kind in _linux_mounts(with_type=True):
        if (real == mp or real.startswith(mp.rstrip("/") + "/")) and (
                best is None or len(mp) >= len(best[0])):
            best = (mp, kind)
    return best[1] if best else None


def _labelled_linux(label):
    mounts = _linux_mounts()
    found = [mp for _dev, mp in mounts if os.path.basename(mp) == label]
    by_label = os.path.join("/dev/disk/by-label", label)
    if os.path.exists(by_label):
        dev = os.path.realpath(by_label)
        found += [mp for d, mp in mounts if os.path.realpath(d) == dev and mp not in found]
    return found


def _windows_volumes():
    import ctypes
    out = []
    for letter in string.ascii_uppercase:
        root = letter + ":\\"
        if not os.path.exists(root):
            continue
        buf = ctypes.create_unicode_buffer(261)
        ok = ctypes.windll.kernel32.GetVolumeInformationW(
            ctypes.c_wchar_p(root), buf, 261, None, None, None, None, 0)
        if ok:
            out.append((buf.value, root))
    return out


def mounted_volumes():
    """(label-ish name, path) of every mounted volume this OS lists."""
    if sys.platform == "win32":
        return _windows_volumes()
    if sys.platform == "darwin":
        base = "/Volumes"
        names = os.listdir(base) if os.path.isdir(base) else []
        return [(n, os.path.join(base, n)) for n in names]
    vols = [(os.path.basename(mp), mp) for _d, mp in _linux_mounts()]
    if os.path.isdir("/dev/disk/by-label"):
        for name in (LABEL,):
            for mp in _labelled_linux(name):
                vols.append((name, mp))
    return vols


def find_circuitpy():
    """Paths of mounted CIRCUITPY drives (macOS names a second one CIRCUITPY 1)."""
    seen = []
    for name, path in mounted_volumes():
        if (name == LABEL or re.fullmatch(LABEL + r" ?\d+", name)) and path not in seen:
            seen.append(path)
    return seen


def find_uf2():
    """Mounted UF2 bootloader drives (they hold INFO_UF2.TXT)."""
    out = []
    for _name, path in mounted_volumes():
        if path not in out and is_uf2(path):
            out.append(path)
    return out


def is_uf2(path):
    return os.path.isfile(os.path.join(path, "INFO_UF2.TXT"))


class BootInfo:
    def __init__(self, version, board_id, board_name):
        self.version = version
        self.board_id = board_id
        self.board_name = board_name

    @property
    def version_tuple(self):
        return tuple(int(x) for x in re.findall(r"\d+", self.version)[:3])

    def __str__(self):
        return f"CircuitPython {self.version} on {self.board_name or self.board_id}"


def read_boot_out(drive):
    path = os.path.join(drive, "boot_out.txt")
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read(2048)
    except FileNotFoundError:
        raise FlashError(f"{drive} has no boot_out.txt, so it is not a CIRCUITPY drive "
                         "(or CircuitPython has not started on it yet). "
                         f"Supported: {SUPPORTED_TEXT}.")
    except OSError as e:
        raise FlashError(f"Cannot read {path}: {e.strerror or e}. Is the board still plugged in?")
    m = re.search(r"CircuitPython\s+(\d+\.\d+\.\d+\S*)\s+on\s+[^;]*;\s*([^\r\n]*?)\s+with\s", text)
    bid = re.search(r"Board ID:\s*(\S+)", text)
    if not m or not bid:
        raise FlashError(f"{path} does not look like CircuitPython's boot_out.txt "
                         f"(no version or Board ID line). Supported: {SUPPORTED_TEXT}.")
    return BootInfo(m.group(1), bid.group(1), m.group(2))


def check_supported(info):
    if info.board_id not in SUPPORTED_BOARDS:
        raise FlashError(f"This board is '{info.board_id}' ({info}); Pocket Patience supports "
                         f"{SUPPORTED_TEXT}.")
    v = info.version_tuple
    if not (v[0] == 10 or (v[0] == 9 and len(v) > 1 and v[1] >= 2)):
        raise FlashError(f"This board runs CircuitPython {info.version}; Pocket Patience supports "
                         f"{SUPPORTED_TEXT}. Update it from circuitpython.org/board/"
                         f"{info.board_id}/ (or use --firmware FILE.uf2 on its BOOT drive).")


def free_bytes(drive):
    return shutil.disk_usage(drive).free


def copy_firmware(firmware, uf2_drive):
    try:
        with open(firmware, "rb") as f:
            head = f.read(4)
    except OSError as e:
        raise FlashError(f"Cannot read firmware {firmware}: {e.strerror or e}.")
    if head != UF2_MAGIC:
        raise FlashError(f"{firmware} is not a .uf2 file (it does not start with 'UF2'). "
                         "Download the PyBadge or PyGamer .uf2 from circuitpython.org.")
    try:
        shutil.copyfile(firmware, os.path.join(uf2_drive, os.path.basename(firmware)))
    except OSError:
        # The bootloader often resets and unmounts as the last block lands: that is success.
        if os.path.isdir(uf2_drive):
            raise FlashError(f"Copying {firmware} to {uf2_drive} failed.")


def wait_for_circuitpy(timeout, finder=None, sleep=time.sleep):
    finder = finder or find_circuitpy
    end = time.monotonic() + timeout
    while True:
        found = finder()
        if found:
            # A fresh drive mounts before boot_out.txt is written: give it a moment.
            for _ in range(20):
                if os.path.exists(os.path.join(found[0], "boot_out.txt")):
                    break
                sleep(0.25)
            return found[0]
        if time.monotonic() >= end:
            raise FlashError(f"No CIRCUITPY drive appeared within {timeout:g} s of copying the "
                             "firmware. Unplug and replug the board, then run again.")
        sleep(0.5)
