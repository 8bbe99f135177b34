"""Stand-ins for tests/test_flash*.py: fake CIRCUITPY and UF2 drives, a tiny app, a fake REPL."""
import os
import sys
import threading

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for _p in (ROOT,):            # appended: the repo's code.py must not shadow `code`
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


# What CircuitPython puts in code.py on a new drive.
HELLO = 'print("Hello World!")\n'
# The names the board tries at start-up, in its order: it runs the first that exists.
BOARD_ENTRIES = ("code.txt", "code.py", "main.py", "main.txt")


def make_drive(base, kind="pybadge-10", name="CIRCUITPY", hello=False):
    """A folder that looks like a fresh CIRCUITPY drive, with a user's own files on it (and
    CircuitPython's own code.py when hello)."""
    d = os.path.join(str(base), name)
    os.makedirs(d)
    if hello:
        with open(os.path.join(d, "code.py"), "w") as f:
            f.write(HELLO)
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
        f.write("UF2 Bootloader v3.15.0 SFHWRO\r\nModel: PyBadge\r\n"
                "Board-ID: SAMD51J19A-PyBadge-v0\r\n")
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


def board_entry(d):
    """The file the board runs at start-up, or None: the first of BOARD_ENTRIES."""
    return next((n for n in BOARD_ENTRIES if os.path.isfile(os.path.join(d, n))), None)


def switcher_target(source):
    """(sys.path, module) that a switcher's source leaves and imports, found by running it
    with the import of `sys` and of the app's module stood in."""
    import builtins

    class FakeSys:
        path = ["", "/", ".frozen", "/lib"]
    seen = []

    def fake_import(name, *a, **k):
        if name == "sys":
            return FakeSys
        seen.append(name)
        return None
    env = dict(vars(builtins), __import__=fake_import)
    exec(compile(source, "code.py", "exec"), {"__builtins__": env})
    assert len(seen) == 1, seen
    return list(FakeSys.path), seen[0]


class Cutter:
    """A power cut at the k-th step (0-based) of a flash: the flasher's hook events and, with
    torn renames, the middle of each rename. At a "temp" step the temporary file is first cut
    in half, as a cut in the middle of writing it would leave it."""

    class Cut(KeyboardInterrupt):
        pass

    def __init__(self, drive, k, tmp_suffix):
        self.drive, self.k, self.tmp = drive, k, tmp_suffix
        self.steps = []

    def __call__(self, ev, rel):
        self.steps.append((ev, rel))
        if len(self.steps) == self.k + 1:
            if ev == "temp":
                p = os.path.join(self.drive, *rel.split("/")) + self.tmp
                os.truncate(p, os.path.getsize(p) // 2)
            raise self.Cut


def tear_renames(monkeypatch, drive, limbo, step):
    """A FAT driver whose rename is two separate writes, with step("torn", dest) between
    them: over an existing name it first removes that name; onto a free name it first drops
    the source's directory entry (the file sits in `limbo`, outside the drive), then names
    the destination."""
    real_rename = os.rename

    def torn(src, dst, *a, **k):
        src, dst = str(src), str(dst)
        if not dst.startswith(drive):
            return real_rename(src, dst, *a, **k)
        rel = os.path.relpath(dst, drive).replace(os.sep, "/")
        if os.path.exists(dst):
            os.remove(dst)
        else:
            os.makedirs(limbo, exist_ok=True)
            held = os.path.join(limbo, os.path.basename(src))
            real_rename(src, held)
            src = held
        step("torn", rel)
        real_rename(src, dst)
    monkeypatch.setattr(os, "replace", torn)
    monkeypatch.setattr(os, "rename", torn)


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
                    end = time.monotonic() + 60    # a bound only: a busy machine reads late
                    while "MemoryError" not in self.seen() and time.monotonic() < end:
                        time.sleep(0.02)
                    if self.then == "unplug":
                        os.close(self.master)
                    else:
                        _thread.interrupt_main()
                    return
        except OSError:
            pass
