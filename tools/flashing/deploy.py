"""Copy the app so that a cut at any moment leaves a board that boots the old app or the new.

Layout on the drive (docs/flashing.md):

    code.py                          a short switcher written by the flasher: it puts one
                                     version folder (and its lib/) on sys.path, then imports
                                     the app's entry module from there
    pp/v1a2b3c4d/                    one whole version: pocket_patience(.mpy), engine/, hw/,
                                     ui/ and lib/ with the libraries it imports

An update (1) writes the new version into its own folder, each file through a temporary name,
synced; (2) syncs the folder; (3) replaces code.py (temporary file, synced, renamed over it,
directory synced): the one switch; (4) only then removes older version folders and files an
older flasher wrote (its list, .pocket-patience-files); (5) syncs everything and says it is
safe to unplug. Until step 3 the old code.py runs the old folder, untouched; from step 3 on the
new code.py runs the new folder, complete and synced. The version name is a hash of the
files, so a rerun after an interruption finishes the same folder, and a rerun with nothing
changed writes nothing.
"""
import errno
import hashlib
import os
import re
import sys

from flashing import FlashError
from flashing.sources import ENTRY_MODULE

APP_DIR = "pp"      # short: every module's path is kept on the board's heap
SWITCH_HEAD = "# Pocket Patience: written by tools/flash.py."
LEGACY_MANIFEST = ".pocket-patience-files"
TMP = ".flashtmp"
CLUSTER = 4096          # FAT cluster on a 2 MB CIRCUITPY is 512 B..4 KB: count the worst
MARGIN = 8192
_VERSION = re.compile(r"v[0-9a-f]{8}")


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


def running_folder(drive):
    """The version folder the drive's code.py runs, or None (no switcher there)."""
    code = _read(_path(drive, "code.py"))
    if not code or not code.startswith(SWITCH_HEAD.encode()):
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


class Plan:
    def __init__(self, files, folder, writes, unchanged, code, switch, removals, running):
        self.files = files              # [(rel in the version folder, bytes)]
        self.folder = folder            # "pp/v1a2b3c4d"
        self.writes = writes            # [(drive rel, bytes, "new" | "changed")]
        self.unchanged = unchanged      # files of the version already on the drive
        self.code = code                # the switcher's bytes
        self.switch = switch            # True when code.py must be (re)written
        self.removals = removals        # [drive rel] removed after the switch
        self.running = running          # what code.py runs now (folder, "older flasher", None)

    @property
    def write_bytes(self):
        return sum(len(d) for _r, d, _w in self.writes) + (len(self.code) if self.switch else 0)

    @property
    def write_count(self):
        return len(self.writes) + (1 if self.switch else 0)

    @property
    def changes(self):
        return bool(self.writes or self.switch or self.removals)

    def space_needed(self):
        sizes = [len(d) for _r, d, _w in self.writes] + ([len(self.code)] if self.switch else [])
        rounded = sum(-(-max(n, 1) // CLUSTER) * CLUSTER for n in sizes)
        return rounded + (MARGIN if sizes else 0)

    def describe(self):
        lines = [f"  {'+' if why == 'new' else '~'} {rel}  ({len(d):,} B, {why})"
                 for rel, d, why in self.writes]
        if self.switch:
            lines.append(f"  ~ code.py  (switches to {self.folder})")
        lines += [f"  - {rel}  (previous version)" for rel in self.removals]
        return lines


def make_plan(drive, files, extra_path=()):
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
    switch = _read(_path(drive, "code.py")) != code
    running = running_folder(drive)
    legacy = read_legacy_manifest(drive)
    if running is None and legacy:
        running = "older flasher"
    removals = []
    if os.path.isdir(_path(drive, APP_DIR)):
        for name in sorted(os.listdir(_path(drive, APP_DIR))):
            if _VERSION.fullmatch(name) and APP_DIR + "/" + name != folder:
                removals += _files_under(drive, APP_DIR + "/" + name)
    removals += [r for r in legacy if r != "code.py" and os.path.isfile(_path(drive, r))]
    if legacy:
        removals.append(LEGACY_MANIFEST)
    return Plan(files, folder, writes, unchanged, code, switch, removals, running)


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
    and beside code.py."""
    if os.path.isfile(_path(drive, "code.py") + TMP):
        os.remove(_path(drive, "code.py") + TMP)
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


def apply(drive, plan, progress=None, hook=None):
    """Carry out the plan in the order that keeps a whole app bootable (module docstring).
    hook(event, rel) is called after each temp file ("temp"), rename ("done"), the switch
    ("switched") and each removal ("removed")."""
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
        if plan.switch:
            _atomic_write(drive, "code.py", plan.code, hook)
            done += 1
            _sync_dir(drive)
            _sync_all()
            hook("switched", plan.folder)
            if progress:
                progress.step("code.py", len(plan.code))
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
    for rel, data in wanted + [("code.py", plan.code)]:
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
