"""Copy the app so that a cut at any moment leaves a board that boots the old app or the new.

Layout on the drive (docs/flashing.md):

    code.py or main.py               a short switcher written by the flasher: it puts one
                                     version folder (and its lib/) on sys.path, then imports
                                     the app's entry module from there
    pp/v1a2b3c4d/                    one whole version: pocket_patience(.mpy), engine/, hw/,
                                     ui/ and lib/ with the libraries it imports

An update (1) writes the new version into its own folder, each file through a temporary name,
synced; (2) syncs the folder; (3) the one switch; (4) only then removes older version folders
and files an older flasher wrote (its list, .pocket-patience-files); (5) syncs everything and
says it is safe to unplug. The version name is a hash of the files, so a rerun after an
interruption finishes the same folder, and a rerun with nothing changed writes nothing.

The switch has two forms. REPLACE (Linux, whose vfat renames over a file by rewriting one
directory entry): write code.py under a temporary name, sync, rename it over code.py. Where a
rename over an existing file may remove that file first (macOS, Windows, a Windows drive seen
from WSL), ALTERNATE never renames over anything: the switcher moves between code.py and
main.py. CircuitPython runs the first of code.txt, code.py, main.py, main.txt, so the new
switcher is renamed onto whichever of code.py and main.py is free, the directory synced, and
only then the old one removed. Onto main.py, the old code.py still wins until it is removed;
onto code.py, the new one wins at once. Either way one switcher exists at every instant and it
runs the complete old app or the complete new one.
"""
import errno
import hashlib
import os
import re
import sys

from tools.flash import FlashError
from tools.flash.sources import ENTRY_MODULE

APP_DIR = "pp"      # short: every module's path is kept on the board's heap
SWITCH_HEAD = "# Pocket Patience: written by tools/flash/cli.py."
LEGACY_MANIFEST = ".pocket-patience-files"
TMP = ".flashtmp"
CLUSTER = 4096          # FAT cluster on a 2 MB CIRCUITPY is 512 B..4 KB: count the worst
MARGIN = 8192
_VERSION = re.compile(r"v[0-9a-f]{8}")
ENTRIES = ("code.py", "main.py")    # the board runs the first that exists (after code.txt)
SHADOW = "code.txt"                 # would run instead of either: the flasher stops
REPLACE, ALTERNATE = "replace", "alternate"
# File systems through which Linux sees a drive that Windows mounts (WSL): Windows' own FAT
# driver does the renames there.
_WINDOWS_MOUNTS = ("9p", "drvfs", "v9fs")


def _path(drive, rel):
    return os.path.join(drive, *rel.split("/"))


def _safe_rel(rel):
    parts = rel.split("/")
    return rel and not rel.startswith("/") and ".." not in parts and ":" not in rel


def _read(path):
    try:
        with open(path, "rb") as f:
            return f.read()
    except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
        return None


def version_name(files):
    h = hashlib.sha256()
    for rel, data in sorted(files):
        h.update(rel.encode() + b"\0" + str(len(data)).encode() + b"\0" + data)
    return "v" + h.hexdigest()[:8]


def switcher(folder, extra_path=()):
    """The drive's code.py for the version in `folder`. The path holds only that folder (and
    the firmware's frozen modules), so nothing left at the root can mix into the app."""
    path = [folder, folder + "/lib", ".frozen"] + list(extra_path)
    return (f"{SWITCH_HEAD} It runs the app kept whole in\n"
            f"# {folder}/. See docs/flashing.md in Pocket Patience before editing.\n"
            "import sys\n"
            "sys.path.clear()\n"
            f"sys.path.extend({tuple(path)!r})\n"
            f"import {ENTRY_MODULE}\n").encode()


def default_switch(platform=None, fs_type=None):
    """REPLACE where renaming over code.py rewrites one directory entry (Linux's vfat),
    ALTERNATE everywhere else (docstring above)."""
    platform = sys.platform if platform is None else platform
    if platform.startswith("linux") and fs_type not in _WINDOWS_MOUNTS:
        return REPLACE
    return ALTERNATE


def _is_switcher(data):
    return bool(data) and data.startswith(SWITCH_HEAD.encode())


def active_entry(drive):
    """The one of code.py and main.py that the board runs, or None."""
    for name in ENTRIES:
        if os.path.isfile(_path(drive, name)):
            return name
    return None


def running_folder(drive):
    """The version folder the drive's switcher runs, or None (no switcher runs)."""
    entry = active_entry(drive)
    code = _read(_path(drive, entry)) if entry else None
    if not _is_switcher(code):
        return None
    m = re.search(rb"'(" + re.escape(APP_DIR.encode()) + rb"/v[0-9a-f]{8})'", code)
    return m.group(1).decode() if m else None


def read_legacy_manifest(drive):
    try:
        with open(_path(drive, LEGACY_MANIFEST), encoding="utf-8") as f:
            lines = f.read().splitlines()
    except FileNotFoundError:
        return []
    except OSError as e:
        raise _os_error(e, drive, "reading the old file list")
    return [ln.strip() for ln in lines if ln.strip() and not ln.startswith("#")
            and _safe_rel(ln.strip())]


def _files_under(drive, rel):
    out = []
    for dirpath, _dirs, names in os.walk(_path(drive, rel)):
        for n in names:
            out.append(os.path.relpath(os.path.join(dirpath, n), drive).replace(os.sep, "/"))
    return sorted(out)


class Entry:
    """How the switch is made: `name` is where the switcher ends up; `clear` are entries
    removed first to free that name (only ever one the board does not run), `write` says
    whether the switcher must be written there, `drop` are the entries removed after it."""

    def __init__(self, mode, name, write, clear=(), drop=()):
        self.mode, self.name, self.write = mode, name, write
        self.clear, self.drop = list(clear), list(drop)


def plan_entry(drive, code, mode):
    """The switch from what the drive's code.py and main.py hold now. A rerun after a cut at
    any step lands here again and finishes the job: the new switcher already under one name
    means only the other is left to remove."""
    if mode not in (REPLACE, ALTERNATE):
        raise ValueError(f"switch mode {mode!r}: {REPLACE!r} or {ALTERNATE!r}")
    have = {n: _read(_path(drive, n)) for n in ENTRIES}

    def others(name):
        # code.py shadows main.py, so an old code.py always goes; a main.py goes only when
        # it is a switcher of ours (a user's own main.py never runs behind code.py).
        return [n for n in ENTRIES if n != name and have[n] is not None
                and (n == "code.py" or _is_switcher(have[n]))]
    held = [n for n in ENTRIES if have[n] == code]
    if held and (mode == ALTERNATE or held[0] == active_entry(drive)):
        return Entry(mode, held[0], False, drop=others(held[0]))
    if mode == REPLACE:
        return Entry(mode, "code.py", True, drop=others("code.py"))
    if have["code.py"] is not None and have["main.py"] is not None:
        # code.py runs; main.py, behind it, never does: free that name.
        return Entry(mode, "main.py", True, clear=["main.py"], drop=["code.py"])
    if have["code.py"] is not None:
        return Entry(mode, "main.py", True, drop=["code.py"])
    return Entry(mode, "code.py", True, drop=others("code.py"))


class Plan:
    def __init__(self, files, folder, writes, unchanged, code, entry, removals, running):
        self.files = files              # [(rel in the version folder, bytes)]
        self.folder = folder            # "pp/v1a2b3c4d"
        self.writes = writes            # [(drive rel, bytes, "new" | "changed")]
        self.unchanged = unchanged      # files of the version already on the drive
        self.code = code                # the switcher's bytes
        self.entry = entry              # Entry: where the switcher goes and what else goes
        self.removals = removals        # [drive rel] removed after the switch
        self.running = running          # what the board runs now (folder, "older flasher", None)

    @property
    def switch(self):
        """True when the switcher must be written."""
        return self.entry.write

    @property
    def write_bytes(self):
        return sum(len(d) for _r, d, _w in self.writes) + (len(self.code) if self.switch else 0)

    @property
    def write_count(self):
        return len(self.writes) + (1 if self.switch else 0)

    @property
    def changes(self):
        return bool(self.writes or self.switch or self.entry.clear or self.entry.drop
                    or self.removals)

    def space_needed(self):
        sizes = [len(d) for _r, d, _w in self.writes] + ([len(self.code)] if self.switch else [])
        rounded = sum(-(-max(n, 1) // CLUSTER) * CLUSTER for n in sizes)
        return rounded + (MARGIN if sizes else 0)

    def describe(self):
        lines = [f"  {'+' if why == 'new' else '~'} {rel}  ({len(d):,} B, {why})"
                 for rel, d, why in self.writes]
        lines += [f"  - {rel}  (never runs behind code.py; the switcher takes its name)"
                  for rel in self.entry.clear]
        if self.switch:
            lines.append(f"  ~ {self.entry.name}  (switches to {self.folder})")
        lines += [f"  - {rel}  (the previous switcher)" for rel in self.entry.drop]
        lines += [f"  - {rel}  (previous version)" for rel in self.removals]
        return lines


def make_plan(drive, files, extra_path=(), mode=None):
    """What to write and remove; mode is REPLACE or ALTERNATE (default: default_switch())."""
    if os.path.isfile(_path(drive, SHADOW)):
        raise FlashError(f"{drive} has a {SHADOW}, which the board runs instead of code.py or "
                         "main.py (it runs the first of code.txt, code.py, main.py, main.txt), "
                         f"so it would never start the app. Rename or remove {SHADOW} and run "
                         "again; nothing was written.")
    folder = APP_DIR + "/" + version_name(files)
    writes, unchanged = [], 0
    for rel, data in files:
        where = folder + "/" + rel
        try:
            old = _read(_path(drive, where))
        except OSError as e:
            raise _os_error(e, drive, f"reading {where}")
        if old == data:
            unchanged += 1
        else:
            writes.append((where, data, "new" if old is None else "changed"))
    code = switcher(folder, extra_path)
    entry = plan_entry(drive, code, mode or default_switch())
    running = running_folder(drive)
    legacy = read_legacy_manifest(drive)
    if running is None and legacy:
        running = "older flasher"
    removals = []
    if os.path.isdir(_path(drive, APP_DIR)):
        for name in sorted(os.listdir(_path(drive, APP_DIR))):
            if _VERSION.fullmatch(name) and APP_DIR + "/" + name != folder:
                removals += _files_under(drive, APP_DIR + "/" + name)
    # The older flasher's code.py is the switch's to replace or drop.
    removals += [r for r in legacy if r not in ENTRIES and os.path.isfile(_path(drive, r))]
    if legacy:
        removals.append(LEGACY_MANIFEST)
    return Plan(files, folder, writes, unchanged, code, entry, removals, running)


def check_space(drive, plan, free):
    need = plan.space_needed()
    if plan.write_count and free < need:
        keep = ""
        if plan.running:
            keep = (" The app already on the board stays until the new one is complete, so an "
                    "update needs room for both.")
        raise FlashError(f"{drive} is too full: this copy needs about {need // 1024:,} KB free "
                         f"and the drive has {free // 1024:,} KB.{keep} Nothing was written. "
                         "Delete files you no longer need from the drive (old lib/ folders, "
                         "images, sounds) and run again.")


def _os_error(e, drive, doing, done=None):
    where = f" after {done}" if done else ""
    no = getattr(e, "errno", None)
    if no == errno.ENOSPC:
        return FlashError(f"{drive} filled up while {doing}{where}. The board still runs the "
                          "app it had. Free some space on the drive and run again.")
    if no in (errno.EROFS, errno.EACCES, errno.EPERM):
        nothing = "; nothing was written" if not done else ""
        return FlashError(f"{drive} is read-only ({doing}{where}){nothing}. If boot.py "
                          "remounts the drive for the board to write, the computer cannot "
                          "write to it: remove or rename boot.py from the REPL, or hold a "
                          "button at start-up if your boot.py checks one.")
    if not os.path.isdir(drive) or no in (errno.ENOENT, errno.EIO, errno.ENODEV, errno.ENXIO):
        return FlashError(f"The drive {drive} went away while {doing}{where}. Plug the board "
                          "back in and run again: the board runs either the app it had or the "
                          "new one, never a mix.")
    return FlashError(f"Writing to {drive} failed while {doing}{where}: {e.strerror or e}.")


def _sync_dir(path):
    """Make a directory's entries durable (renames, new files). Not possible on Windows."""
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _sync_all():
    if hasattr(os, "sync"):
        os.sync()


def _atomic_write(drive, rel, data, hook):
    dest = _path(drive, rel)
    os.makedirs(os.path.dirname(dest), exist_ok=True)
    tmp = dest + TMP
    with open(tmp, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    hook("temp", rel)
    os.replace(tmp, dest)
    hook("done", rel)


def _clean_temps(drive, folder):
    """Our own temp files left by an interrupted run (names ending in TMP) in the new folder
    and beside code.py and main.py."""
    for name in ENTRIES:
        if os.path.isfile(_path(drive, name) + TMP):
            os.remove(_path(drive, name) + TMP)
    for dirpath, _dirs, names in os.walk(_path(drive, folder)):
        for n in names:
            if n.endswith(TMP):
                os.remove(os.path.join(dirpath, n))


def _prune_dirs(drive, rel):
    """Remove the emptied folders above rel, never the drive's root or its lib/."""
    parts = rel.split("/")[:-1]
    while parts and parts != ["lib"]:
        try:
            os.rmdir(_path(drive, "/".join(parts)))     # only succeeds when empty
        except OSError:
            return
        parts.pop()


def _sync_tree(drive, folder):
    for dirpath, _dirs, _names in os.walk(_path(drive, folder), topdown=False):
        _sync_dir(dirpath)
    _sync_dir(_path(drive, APP_DIR))
    _sync_dir(drive)


def _remove_entries(drive, names, hook):
    for name in names:
        try:
            os.remove(_path(drive, name))
        except FileNotFoundError:
            pass
        hook("removed", name)
    if names:
        _sync_dir(drive)
        _sync_all()


def _switch(drive, plan, hook):
    """From the old switcher to the new, one runnable switcher at every instant (module
    docstring). The board runs the old app until the last step that writes or removes an
    entry, the new one from then on."""
    e = plan.entry
    _remove_entries(drive, e.clear, hook)
    if e.write:
        if e.mode == ALTERNATE and os.path.exists(_path(drive, e.name)):
            # The plan found it free; renaming over it now could leave no switcher.
            raise FlashError(f"{e.name} appeared on {drive} during the copy; nothing of the "
                             "app it runs was touched. Run again.")
        _atomic_write(drive, e.name, plan.code, hook)
        _sync_dir(drive)
        _sync_all()
    _remove_entries(drive, e.drop, hook)
    hook("switched", plan.folder)


def apply(drive, plan, progress=None, hook=None):
    """Carry out the plan in the order that keeps a whole app bootable (module docstring).
    hook(event, rel) is called after each temp file ("temp"), rename ("done"), each removal
    ("removed") and once the switch is complete ("switched")."""
    hook = hook or (lambda event, rel: None)
    done = 0
    try:
        if plan.writes or plan.switch:
            _clean_temps(drive, plan.folder)
        for rel, data, _why in plan.writes:
            _atomic_write(drive, rel, data, hook)
            done += 1
            if progress:
                progress.step(rel, len(data))
        if plan.writes:
            _sync_tree(drive, plan.folder)
            _sync_all()
        if plan.switch or plan.entry.drop:
            _switch(drive, plan, hook)
            if plan.switch:
                done += 1
                if progress:
                    progress.step(plan.entry.name, len(plan.code))
        for rel in plan.removals:
            try:
                os.remove(_path(drive, rel))
            except FileNotFoundError:
                pass
            hook("removed", rel)
            _prune_dirs(drive, rel)
        if plan.removals:
            _sync_dir(drive)
            _sync_all()
    except OSError as e:
        raise _os_error(e, drive, "copying", f"{done} of {plan.write_count} files" if done
                        else None)
    finally:
        if progress:
            progress.finish()


def verify(drive, plan):
    """Read every file back: [rel] that differ or are missing."""
    bad = []
    wanted = [(plan.folder + "/" + rel, data) for rel, data in plan.files]
    for rel, data in wanted + [(plan.entry.name, plan.code)]:
        try:
            got = _read(_path(drive, rel))
        except OSError as e:
            raise _os_error(e, drive, f"reading back {rel}")
        if got != data:
            bad.append(rel)
    return bad


class Progress:
    """One line: a bar, files and bytes. Redrawn in place on a terminal, else printed once."""

    def __init__(self, files, total, stream=None, width=24):
        self.files, self.total, self.width = files, max(total, 1), width
        self.stream = stream or sys.stderr
        self.n = self.bytes = 0
        self.tty = getattr(self.stream, "isatty", lambda: False)()

    def line(self):
        filled = int(self.width * self.bytes / self.total)
        return (f"[{'#' * filled}{'.' * (self.width - filled)}] {self.n}/{self.files} files  "
                f"{self.bytes / 1024:,.1f}/{self.total / 1024:,.1f} KB")

    def step(self, rel, nbytes):
        self.n += 1
        self.bytes += nbytes
        if self.tty:
            self.stream.write("\r" + self.line() + f"  {rel[-30:]:<30}")
            self.stream.flush()

    def finish(self):
        if self.n:
            self.stream.write(("\r" if self.tty else "") + self.line() + " " * 32 + "\n")
            self.stream.flush()
