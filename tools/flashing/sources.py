"""What goes on the board: the app's own files and the board libraries, as (drive path, bytes)."""
import importlib.metadata as md
import os
import re
import subprocess
import tempfile

from flashing import FlashError

APP_DIRS = ("engine", "hw", "ui")       # every .py in them, found at run time
ASSET_DIRS = ("assets",)                # every file in them, if the folder exists
ENTRY = "code.py"


def _walk(root, folder, only_py):
    base = os.path.join(root, folder)
    out = []
    for dirpath, dirnames, filenames in os.walk(base):
        dirnames[:] = sorted(d for d in dirnames if d != "__pycache__" and not d.startswith("."))
        for name in sorted(filenames):
            if name.startswith(".") or (only_py and not name.endswith(".py")):
                continue
            if name.endswith((".pyc", ".flashtmp")):
                continue
            full = os.path.join(dirpath, name)
            out.append((os.path.relpath(full, root).replace(os.sep, "/"), full))
    return out


def app_files(root):
    """[(drive path, source path)] for the app; code.py is last."""
    if not os.path.isfile(os.path.join(root, ENTRY)):
        raise FlashError(f"{root} has no {ENTRY}: run this from a Pocket Patience checkout.")
    files = []
    for d in APP_DIRS:
        files += _walk(root, d, only_py=True)
    for d in ASSET_DIRS:
        files += _walk(root, d, only_py=False)
    return files + [(ENTRY, os.path.join(root, ENTRY))]


def requirement_names(root):
    path = os.path.join(root, "lib", "requirements.txt")
    names = []
    try:
        with open(path) as f:
            for line in f:
                line = line.split("#", 1)[0].strip()
                if line:
                    names.append(re.split(r"[\s<>=!~\[;]", line, 1)[0])
    except FileNotFoundError:
        pass
    return names


def _keep_lib_file(rel):
    parts = rel.split("/")
    if not rel.endswith(".py") or "__pycache__" in parts:
        return False
    return not any(p in ("tests", "test", "examples", "docs") for p in parts[:-1])


def library_files(names):
    """[(drive path under lib/, source path)] from the installed distributions."""
    out = []
    for name in names:
        try:
            dist = md.distribution(name)
        except md.PackageNotFoundError:
            raise FlashError(f"The board library {name} (lib/requirements.txt) is not installed "
                             "in this Python. Run `make test` once to build .venv, or "
                             "`pip install " + name + "`, or pass --circup to fetch it online.")
        tops = (dist.read_text("top_level.txt") or "").split()
        for f in dist.files or ():
            rel = str(f).replace("\\", "/")
            head = rel.split("/", 1)[0]
            if tops and head not in tops and os.path.splitext(head)[0] not in tops:
                continue
            if ".dist-info" in head or not _keep_lib_file(rel):
                continue
            out.append(("lib/" + rel, str(dist.locate_file(f))))
    return sorted(set(out))


# --- .mpy --------------------------------------------------------------------------------

def check_compiler(mpy_cross):
    """True if mpy_cross writes CircuitPython .mpy (header 'C'); else a message why not."""
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "probe.py")
        out = os.path.join(tmp, "probe.mpy")
        with open(src, "w") as f:
            f.write("x = 1\n")
        try:
            r = subprocess.run([mpy_cross, "-o", out, src], capture_output=True, timeout=60)
        except (OSError, subprocess.TimeoutExpired) as e:
            return f"cannot run {mpy_cross} ({e})"
        if r.returncode or not os.path.exists(out):
            return f"{mpy_cross} failed on a test file: {r.stderr.decode(errors='replace').strip()}"
        with open(out, "rb") as f:
            head = f.read(1)
    if head == b"C":
        return True
    if head == b"M":
        return (f"{mpy_cross} is MicroPython's compiler (its .mpy files start with 'M'), "
                "and CircuitPython refuses those. Use CircuitPython's mpy-cross "
                "(Adafruit's prebuilt binary or circuitpython-build-tools).")
    return f"{mpy_cross} wrote an unknown .mpy header {head!r}"


def compile_mpy(mpy_cross, rel, src):
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "out.mpy")
        r = subprocess.run([mpy_cross, "-s", rel, "-o", out, src], capture_output=True,
                           timeout=120)
        if r.returncode:
            raise FlashError(f"{mpy_cross} could not compile {rel}: "
                             f"{r.stderr.decode(errors='replace').strip()}")
        with open(out, "rb") as f:
            return f.read()


def build(root, with_libs=True, mpy_cross=None):
    """[(drive path, bytes)], code.py last. Everything is read before the drive is touched."""
    pairs = []
    if with_libs:
        pairs += library_files(requirement_names(root))
    pairs += app_files(root)
    out = []
    for rel, src in pairs:
        try:
            with open(src, "rb") as f:
                data = f.read()
        except OSError as e:
            raise FlashError(f"Cannot read {src}: {e.strerror or e}.")
        if mpy_cross and rel.endswith(".py") and rel != ENTRY and not rel.startswith("assets/"):
            data = compile_mpy(mpy_cross, rel, src)
            rel = rel[:-3] + ".mpy"
        out.append((rel, data))
    return out
