"""Stand-ins for tests/test_flash*.py: fake CIRCUITPY and UF2 drives, a tiny app, a fake REPL."""
import os
import sys
import threading

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOLS = os.path.join(ROOT, "tools")
for _p in (TOOLS, ROOT):            # appended: the repo's code.py must not shadow `code`
    if _p not in sys.path:
        sys.path.append(_p)

BOOT_OUT = {
    "pybadge-9.2": ("Adafruit CircuitPython 9.2.8 on 2025-05-28; Adafruit Pybadge with samd51j19",
                    "pybadge"),
    "pybadge-10.2.1": ("Adafruit CircuitPython 10.2.1 on 2025-11-20; Adafruit Pybadge with "
                       "samd51j19", "pybadge"),
    "pybadge-10": ("Adafruit CircuitPython 10.3.0 on 2026-10-02; Adafruit Pybadge with samd51j19",
                   "pybadge"),
    "pygamer": ("Adafruit CircuitPython 10.3.0 on 2026-10-02; Adafruit PyGamer with samd51j20",
                "pygamer"),
    "pybadge-8": ("Adafruit CircuitPython 8.2.10 on 2024-02-14; Adafruit Pybadge with samd51j19",
                  "pybadge"),
    "unknown": ("Adafruit CircuitPython 10.3.0 on 2026-10-02; Adafruit Feather M4 Express with "
                "samd51j19", "feather_m4_express"),
}


def make_drive(base, kind="pybadge-10", name="CIRCUITPY"):
    """A folder that looks like a fresh CIRCUITPY drive, with a user's own files on it."""
    d = os.path.join(str(base), name)
    os.makedirs(d)
    line1, board_id = BOOT_OUT[kind]
    with open(os.path.join(d, "boot_out.txt"), "w", newline="") as f:
        f.write(f"{line1}\r\nBoard ID:{board_id}\r\nUID:C7FD1A2B3C4D\r\n")
    with open(os.path.join(d, "settings.toml"), "w") as f:
        f.write('CIRCUITPY_WEB_API_PASSWORD = "mine"\n')
    os.makedirs(os.path.join(d, "lib"))
    return d


def make_uf2(base, name="PYBADGEBOOT"):
    d = os.path.join(str(base), name)
    os.makedirs(d)
    with open(os.path.join(d, "INFO_UF2.TXT"), "w") as f:
        f.write("UF2 Bootloader v3.15.0 SFHWRO\r\nModel: PyBadge\r\nBoard-ID: SAMD51J19A-PyBadge-v0\r\n")
    with open(os.path.join(d, "CURRENT.UF2"), "wb") as f:
        f.write(b"UF2\n" + bytes(508))
    return d


def write_app(root, files):
    """A small app checkout: {relpath: text}; lib/requirements.txt is empty (no libraries)."""
    for rel, text in files.items():
        p = os.path.join(str(root), *rel.split("/"))
        os.makedirs(os.path.dirname(p), exist_ok=True)
        with open(p, "w") as f:
            f.write(text)
    req = os.path.join(str(root), "lib", "requirements.txt")
    if not os.path.exists(req):
        os.makedirs(os.path.dirname(req), exist_ok=True)
        open(req, "w").close()
    return str(root)


def snapshot(d):
    """{relpath: bytes} of every file under d."""
    out = {}
    for dirpath, _dirs, names in os.walk(d):
        for n in names:
            p = os.path.join(dirpath, n)
            with open(p, "rb") as f:
                out[os.path.relpath(p, d).replace(os.sep, "/")] = f.read()
    return out


BOARD_OUTPUT = (b"soft reboot\r\n\r\nAuto-reload is on. Simply save files over USB to run them.\r\n"
                b"code.py output:\r\nPocket Patience\r\nTraceback (most recent call last):\r\n"
                b'  File "code.py", line 12, in <module>\r\n'
                b"MemoryError: memory allocation failed, allocating 4096 bytes\r\n\r\n"
                b"Code done running.\r\n")


class FakeRepl(threading.Thread):
    """The board's side of a pseudo-terminal: answers Ctrl-C and Ctrl-D like CircuitPython.

    `then` is "unplug" (close the terminal once the board's output was read) or "ctrl-c"
    (interrupt the main thread, as a user's Ctrl-C would)."""

    def __init__(self, master, seen, then):
        super().__init__(daemon=True)
        self.master, self.seen, self.then = master, seen, then
        self.received = b""
        self.done = threading.Event()

    def run(self):
        import _thread
        import select
        import time
        try:
            while not self.done.is_set():
                r, _w, _x = select.select([self.master], [], [], 0.05)
                if not r:
                    continue
                data = os.read(self.master, 64)
                self.received += data
                if b"\x03" in data:
                    os.write(self.master, b"\r\nKeyboardInterrupt: \r\n\r\nCode done running.\r\n"
                                          b"\r\nPress any key to enter the REPL.\r\n")
                if b"\x04" in data:
                    os.write(self.master, BOARD_OUTPUT)
                    end = time.monotonic() + 5
                    while "MemoryError" not in self.seen() and time.monotonic() < end:
                        time.sleep(0.02)
                    if self.then == "unplug":
                        os.close(self.master)
                    else:
                        _thread.interrupt_main()
                    return
        except OSError:
            pass
