"""The README's first command on a machine without a display: headless play in a terminal."""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run_sim(args, keys_in, tmp_path):
    env = dict(os.environ)
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    env.pop("SDL_VIDEODRIVER", None)
    return subprocess.run(
        [sys.executable, os.path.join(ROOT, "tools", "sim.py"), "--save",
         str(tmp_path / "nvm.bin"), "--screenshot", str(tmp_path / "screen.png")] + args,
        input=keys_in, capture_output=True, text=True, env=env, timeout=120, cwd=tmp_path)


def test_without_a_display_it_says_so_and_plays_headless(tmp_path):
    r = run_sim(["--deal", "1"], "e\nr r a\nzz\nq\n", tmp_path)
    assert r.returncode == 0, r.stderr
    assert "No display found" in r.stdout
    assert "deal 1" in r.stdout and "hole AS (1)" in r.stdout
    assert "This deal cannot be won" in r.stdout   # select asked the solver, which finished
    assert "hole 2C (2)" in r.stdout           # fan 2's 2C played on the ace
    assert "unknown key 'zz'" in r.stdout
    assert (tmp_path / "screen.png").stat().st_size > 500


def test_the_game_resumes_at_the_next_start(tmp_path):
    run_sim(["--deal", "1"], "r r a\nq\n", tmp_path)
    r = run_sim([], "q\n", tmp_path)
    assert "hole 2C (2)" in r.stdout and "deal 1" in r.stdout


def test_a_bad_deal_number_exits_with_a_message(tmp_path):
    r = run_sim(["--deal", "0"], "", tmp_path)
    assert r.returncode == 2 and "--deal must be 1..32000" in r.stderr
    r = run_sim(["--deal", "32001"], "", tmp_path)
    assert r.returncode == 2 and "--deal must be 1..32000" in r.stderr


def test_the_terminal_shows_no_third_party_banners(tmp_path):
    r = run_sim(["--game", "calc", "--deal", "2"], "e a\nq\n", tmp_path)
    assert r.returncode == 0, r.stderr
    out = r.stdout + r.stderr
    for noise in ("WARNING", "not fully supported", "pygame", "Hello from"):
        assert noise not in out, out[:400]
    assert "turned QD, 47 face down   deal 2" in out       # Calculation's table as text
    assert "waste 1: QD" in out or "QD +" in out


def test_headless_cpu_seats_move_until_a_human_is_to_play(tmp_path):
    # Setup: seat 1 becomes CPU easy, seat 2 Human, then "Start game".
    for seed in ("1", "2", "3"):
        r = run_sim(["--game", "yoyo", "--seed", seed], "d r d r d a\nq\n", tmp_path)
        assert r.returncode == 0, r.stderr
        last = r.stdout.rsplit("(screen:", 2)[-2]
        # The CPU played its turn out unprompted (winning a pile or stuck at once): P2 is next.
        assert ">P2 " in last and ("CPU1 won" in last or "CPU1 stuck" in last), last
        if "CPU1 won" in last:              # the terminal says what the CPU played
            assert "  CPU1 played " in r.stdout, r.stdout[-800:]
        (tmp_path / "nvm.bin").unlink()


# -- --deal on a deal in play: asked first, never thrown away unasked --------------------------
def saved(tmp_path):
    from hw.stores import FileStore
    from ui.patience.record import Stats
    from ui.persist import TAG_GAME, TAG_STATS, Persist, Settings
    persist = Persist(FileStore(str(tmp_path / "nvm.bin")))
    persist.load(Settings())
    stats = Stats()
    stats.unpack(persist.get(TAG_STATS))
    return persist.get(TAG_GAME), (stats.played, stats.won)


def deal_in_play(tmp_path):
    run_sim(["--deal", "1"], "r r a\nq\n", tmp_path)
    game, counts = saved(tmp_path)
    assert game is not None and counts == (0, 0)
    return game


def test_deal_without_a_terminal_to_ask_on_changes_nothing_and_exits_2(tmp_path):
    deal_in_play(tmp_path)
    before = (tmp_path / "nvm.bin").read_bytes()
    r = run_sim(["--deal", "5"], "q\n", tmp_path)
    assert r.returncode == 2
    assert "Deal 1 is in play (1 move)" in r.stderr and "--yes" in r.stderr, r.stderr
    assert "Traceback" not in r.stderr
    assert (tmp_path / "nvm.bin").read_bytes() == before


def test_deal_with_yes_leaves_the_deal_in_play_as_lost(tmp_path):
    deal_in_play(tmp_path)
    r = run_sim(["--deal", "5", "--yes"], "q\n", tmp_path)
    assert r.returncode == 0, r.stderr
    assert "Leaving deal 1 after 1 move: it counts as lost." in r.stdout
    assert "moves 0   deal 5" in r.stdout
    assert saved(tmp_path)[1] == (1, 0)


def test_the_deal_number_in_play_resumes_it(tmp_path):
    game = deal_in_play(tmp_path)
    r = run_sim(["--deal", "1"], "q\n", tmp_path)
    assert r.returncode == 0, r.stderr
    assert "Deal 1 is in play: resuming it" in r.stdout and "moves 1   deal 1" in r.stdout
    assert saved(tmp_path) == (game, (0, 0))


def test_deal_asks_on_a_terminal_and_no_keeps_the_deal(tmp_path):
    import pty
    game = deal_in_play(tmp_path)
    for answer, deal, counts in (("n", 1, (0, 0)), ("y", 5, (1, 0))):
        parent, child = pty.openpty()
        env = dict(os.environ)
        env.pop("DISPLAY", None)
        env.pop("WAYLAND_DISPLAY", None)
        p = subprocess.Popen(
            [sys.executable, os.path.join(ROOT, "tools", "sim.py"), "--headless", "--save",
             str(tmp_path / "nvm.bin"), "--screenshot", str(tmp_path / "screen.png"),
             "--deal", "5"], stdin=child, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            env=env, cwd=tmp_path, text=True)
        os.close(child)
        os.write(parent, (answer + "\nq\n").encode())
        out, err = p.communicate(timeout=120)
        os.close(parent)
        assert p.returncode == 0, err
        assert "Deal 1 is in play (1 move). Leave it for deal 5 (it counts as lost)? [y/N]" \
            in out, out[:600]
        assert "moves %d   deal %d" % (1 if deal == 1 else 0, deal) in out
        assert saved(tmp_path)[1] == counts
        if deal == 1:
            assert "Kept deal 1" in out and saved(tmp_path)[0] == game


def test_game_names_match_the_chooser_and_a_typo_lists_them(tmp_path):
    r = run_sim(["--game", "yoyo-amgio"], "", tmp_path)
    assert r.returncode == 2
    assert "no game 'yoyo-amgio'" in r.stderr
    for name in ("blackhole", "yoyo-parlett", "yoyo-amigo", "calculation", "bigben"):
        assert name in r.stderr
    r = run_sim(["--game", "yoyo-amigo", "--deal", "3"], "", tmp_path)
    assert r.returncode == 2 and "--deal is for Black Hole" in r.stderr
    # the older names still start the same games
    r = run_sim(["--game", "amigo", "--deal", "3"], "", tmp_path)
    assert r.returncode == 2 and "--deal is for Black Hole" in r.stderr
    r = run_sim(["--game", "yoyo-parlett"], "q\n", tmp_path)
    assert r.returncode == 0, r.stderr
    assert "Players" in r.stdout      # Yo-yo's setup screen


def test_big_ben_starts_from_the_command_line(tmp_path):
    r = run_sim(["--game", "bigben", "--deal", "4"], "q\n", tmp_path)
    assert r.returncode == 0, r.stderr
    assert "Big Ben" in r.stdout or "deal 4" in r.stdout


def test_headless_hb_holds_b_and_redoes(tmp_path):
    r = run_sim(["--deal", "1"], "r r a\nb\nhb\nq\n", tmp_path)
    assert r.returncode == 0, r.stderr
    tables = [line for line in r.stdout.splitlines() if line.startswith("hole ")]
    assert [t.split()[1] for t in tables] == ["AS", "2C", "AS", "2C"]
    assert "hold B: redo" in r.stdout
