"""CircuitPython's mpy-cross: which one to use, whether it fits the board, and fetching
Adafruit's published build once into the user's cache (`--mpy-cross auto`).

A compiler fits when `--version` names CircuitPython with the board's major version (the .mpy
format follows the firmware's major version) and a probe file compiles to a .mpy whose header
byte is "C" (MicroPython's mpy-cross writes "M", which CircuitPython refuses)."""
import os
import platform
import re
import stat
import subprocess
import sys
import tempfile
import urllib.error
import urllib.request

from tools.flash import FlashError

ENV = "CIRCUITPYTHON_MPY_CROSS"
S3 = "https://adafruit-circuit-python.s3.amazonaws.com/bin/mpy-cross"


def _version_text(exe):
    try:
        r = subprocess.run([exe, "--version"], capture_output=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired) as e:
        return None, f"cannot run {exe} ({e})"
    text = (r.stdout + r.stderr).decode(errors="replace").strip()
    if r.returncode:
        return None, f"{exe} --version failed: {text[:200]}"
    return text, None


def check(exe, board_version, exact=False):
    """None if exe compiles .mpy files for CircuitPython `board_version`; else why not."""
    text, err = _version_text(exe)
    if err:
        return err
    first = text.splitlines()[0] if text else ""
    if "CircuitPython" not in text:
        return (f"{exe} is MicroPython's compiler ({first[:60]}; its .mpy files start with "
                "'M'), and CircuitPython refuses those. Use CircuitPython's mpy-cross "
                "(--mpy-cross auto fetches Adafruit's).")
    m = re.search(r"CircuitPython\s+(\d+)\.(\d+)\.(\d+)\S*", text)
    if not m:
        return f"{exe} does not say which CircuitPython it is for ({first[:80]})."
    want = board_version.split(".")[0]
    if m.group(1) != want:
        return (f"{exe} is CircuitPython {m.group(0).split()[1]}'s compiler and the board runs "
                f"CircuitPython {board_version}: .mpy files must come from a "
                f"{want}.x compiler.")
    if exact and board_version not in text:
        return f"{exe} reports {first[:80]}, not CircuitPython {board_version}."
    return _probe(exe)


def _probe(exe):
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "probe.py")
        out = os.path.join(tmp, "probe.mpy")
        with open(src, "w") as f:
            f.write("x = 1\n")
        try:
            r = subprocess.run([exe, "-o", out, src], capture_output=True, timeout=60)
        except (OSError, subprocess.TimeoutExpired) as e:
            return f"cannot run {exe} ({e})"
        if r.returncode or not os.path.exists(out):
            return f"{exe} failed on a test file: {r.stderr.decode(errors='replace').strip()}"
        with open(out, "rb") as f:
            head = f.read(1)
    if head == b"C":
        return None
    if head == b"M":
        return (f"{exe} is MicroPython's compiler (its .mpy files start with 'M'), and "
                "CircuitPython refuses those. Use CircuitPython's mpy-cross "
                "(--mpy-cross auto fetches Adafruit's).")
    return f"{exe} wrote an unknown .mpy header {head!r}."


# --- Adafruit's published builds ----------------------------------------------------------

def download_names(version, system=None, machine=None):
    """[(folder, file name)] under S3 for this computer, most likely first."""
    system = system or sys.platform
    machine = (machine or platform.machine()).lower()
    if system.startswith("linux"):
        if machine in ("x86_64", "amd64"):
            return [("linux-amd64", f"mpy-cross-linux-amd64-{version}.static")]
        if machine in ("aarch64", "arm64"):
            return [("linux-aarch64", f"mpy-cross-linux-aarch64-{version}.static")]
        if machine.startswith("arm"):
            return [("linux-raspbian", f"mpy-cross-linux-raspbian-{version}.static")]
    elif system == "win32":
        return [("windows", f"mpy-cross-windows-{version}.static.exe")]
    elif system == "darwin":
        arch = "arm64" if machine in ("arm64", "aarch64") else "x64"
        return [("macos", f"mpy-cross-macos-{version}-{arch}"),
                ("macos", f"mpy-cross-macos-{version}-universal")]
    return []


def cache_dir(environ=None, system=None):
    env = os.environ if environ is None else environ
    system = system or sys.platform
    if system == "win32":
        base = env.get("LOCALAPPDATA") or os.path.expanduser("~\\AppData\\Local")
    elif system == "darwin":
        base = os.path.expanduser("~/Library/Caches")
    else:
        base = env.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache")
    return os.path.join(base, "pocket-patience", "mpy-cross")


def fetch(version, say=print, opener=None, cache=None, names=None):
    """Path of Adafruit's mpy-cross for CircuitPython `version`, downloaded once into the
    cache and checked (it must report CircuitPython `version` and write "C" .mpy files)."""
    opener = opener or (lambda url: urllib.request.urlopen(url, timeout=60))
    cache = cache or cache_dir()
    names = names if names is not None else download_names(version)
    if not names:
        raise FlashError(f"Adafruit publishes no mpy-cross for this computer ({sys.platform}, "
                         f"{platform.machine()}). Give one with --mpy-cross PATH, or leave out "
                         "--mpy-cross to copy .py files.")
    for _folder, name in names:
        path = os.path.join(cache, name)
        if os.path.isfile(path) and check(path, version, exact=True) is None:
            return path
    tried = []
    for folder, name in names:
        url = f"{S3}/{folder}/{name}"
        try:
            with opener(url) as r:
                data = r.read()
        except (urllib.error.URLError, OSError, ValueError) as e:
            tried.append(f"{url} ({getattr(e, 'reason', None) or e})")
            continue
        os.makedirs(cache, exist_ok=True)
        path = os.path.join(cache, name)
        part = path + ".part"
        with open(part, "wb") as f:
            f.write(data)
        os.chmod(part, os.stat(part).st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
        why = check(part, version, exact=True)
        if why:
            os.remove(part)
            raise FlashError(f"The file downloaded from {url} is not CircuitPython {version}'s "
                             f"compiler: {why} Nothing was written to the board.")
        os.replace(part, path)
        say(f"Fetched CircuitPython {version}'s mpy-cross into {cache}.")
        return path
    raise FlashError(f"Could not download CircuitPython {version}'s mpy-cross: "
                     + "; ".join(tried) + ". Nothing was written to the board. Run again when "
                     "online, give a compiler with --mpy-cross PATH, or leave out --mpy-cross "
                     "to copy .py files.")


def choose(option, board_version, environ=None, say=print, warn=print, fetcher=None):
    """The compiler to use for a board on `board_version`, or None to copy .py files.

    option is --mpy-cross: None (then the environment variable, if set), "off", "auto" or a
    path. A compiler that does not fit the board is refused with one warning."""
    env = os.environ if environ is None else environ
    if option == "off":
        return None
    if option == "auto":
        return (fetcher or fetch)(board_version, say=say)
    exe, where = option, "--mpy-cross"
    if exe is None:
        exe, where = env.get(ENV) or None, ENV
    if exe is None:
        return None
    why = check(exe, board_version)
    if why:
        warn(f"{why} ({where}) Copying .py files instead.")
        return None
    return exe
