"""tools/solve.py: JSON lines for deals, ranges and board files; bad boards name their line."""
import json
import os
import subprocess
import sys

import pytest

from engine import cards
from engine.blackhole import BlackHole
from engine.tableau import deal_cards
from tests import mpvm

TOOL = os.path.join(mpvm.ROOT, "tools", "solve.py")


def board_text(n):
    out = deal_cards(n, bytearray(51))
    lines = ["Foundations: AS"]
    for f in range(17):
        lines.append(" ".join(cards.name(out[3 * f + i]) for i in range(3)))
    return "\n".join(lines) + "\n"


def run(*args):
    return subprocess.run([sys.executable, TOOL] + list(args), capture_output=True, text=True,
                          cwd=mpvm.ROOT)


def replays(n, moves):
    g = BlackHole()
    g.new_deal(n)
    for f in moves:
        g.play(f)
    return g.is_won()


def test_deals_and_ranges_print_one_json_line_each():
    r = run("1", "2-4", "--cap", "50000")
    assert r.returncode == 0, r.stderr
    recs = [json.loads(line) for line in r.stdout.splitlines()]
    assert [x["deal"] for x in recs] == [1, 2, 3, 4]
    assert recs[0]["verdict"] == "nowin" and recs[0]["moves"] == []
    for x in recs[1:]:
        assert x["verdict"] == "won" and len(x["moves"]) == 51
        assert replays(x["deal"], x["moves"])
        assert x["nodes"] >= 51 and x["seconds"] >= 0


def test_cap_gives_unknown():
    r = run("4", "--cap", "60")
    rec = json.loads(r.stdout)
    assert rec["verdict"] == "unknown" and rec["nodes"] == 60


def test_board_file_matches_its_deal(tmp_path):
    p = tmp_path / "b.txt"
    p.write_text(board_text(3))
    r = run(str(p))
    assert r.returncode == 0, r.stderr
    rec = json.loads(r.stdout)
    assert rec["file"] == str(p) and rec["verdict"] == "won"
    assert replays(3, rec["moves"])


def test_mid_game_board_with_short_fans(tmp_path):
    g = BlackHole()
    g.new_deal(2)
    r = json.loads(run("2").stdout)
    for f in r["moves"][:10]:
        g.play(f)
    t = g.tableau
    lines = ["Foundations: " + cards.name(g.hole[g.hole_len - 1])]
    for f in range(17):
        lines.append(" ".join(cards.name(t.cards[3 * f + i]) for i in range(t.heights[f])))
    p = tmp_path / "mid.txt"
    p.write_text("\n".join(lines) + "\n")
    rec = json.loads(run(str(p)).stdout)
    assert rec["verdict"] == "won" and len(rec["moves"]) == 41
    for f in rec["moves"]:
        g.play(f)
    assert g.is_won()


@pytest.mark.parametrize("change, words", [
    (lambda ls: ls.__setitem__(5, ls[5].replace(ls[5][:2], "XZ", 1)), ["line 6", "unknown card"]),
    (lambda ls: ls.__setitem__(3, ls[3].split()[0] + " " + ls[2].split()[0] + " "
                               + ls[3].split()[2]), ["line 4", "duplicate"]),
    (lambda ls: ls.pop(), ["16 fan lines"]),
    (lambda ls: ls.__setitem__(8, ls[8] + " AS"), ["line 9", "at most 3"]),
    (lambda ls: ls.__setitem__(8, " ".join(ls[8].split()[:2])), ["50 cards"]),
    (lambda ls: ls.__setitem__(0, "Foundation AS"), ["line 1"]),
    (lambda ls: ls.__setitem__(2, ls[2].lower()), ["line 3", "unknown card"]),
])
def test_bad_boards_exit_nonzero_naming_the_line(tmp_path, change, words):
    lines = board_text(5).splitlines()
    change(lines)
    p = tmp_path / "bad.txt"
    p.write_text("\n".join(lines) + "\n")
    r = run(str(p))
    assert r.returncode != 0
    assert "Traceback" not in r.stderr
    assert r.stdout == ""
    for w in words:
        assert w in r.stderr, r.stderr


def test_missing_file_and_bad_range_are_errors():
    r = run("no/such/board.txt")
    assert r.returncode != 0 and "no/such/board.txt" in r.stderr and "Traceback" not in r.stderr
    r = run("9-3")
    assert r.returncode != 0 and "9-3" in r.stderr


@pytest.mark.parametrize("args, words", [
    (["0"], "1-32000"),
    (["32001"], "1-32000"),
    (["1073741824"], "1-32000"),
    (["31990-32005"], "1-32000"),
    (["9-3"], "9-3"),
    (["--cap", "x", "3"], "--cap"),
    (["--cap", "0", "3"], "--cap"),
    (["--slots", "10", "3"], "--slots"),
    (["--slots", "99999999999", "3"], "--slots"),
    (["--bogus", "3"], "--bogus"),
    ([], "required"),
    (["1", "no/such/board.txt"], "no/such/board.txt"),
])
def test_bad_arguments_give_one_line_and_status_2_before_any_output(args, words):
    r = run(*args)
    assert r.returncode == 2, r
    assert r.stdout == ""
    lines = r.stderr.splitlines()
    assert len(lines) == 1 and words in lines[0], r.stderr


def test_unreadable_board_files_give_one_line_and_status_2(tmp_path):
    binary = tmp_path / "bin.txt"
    binary.write_bytes(b"\xff\xfe\x00\x81" * 20)
    for path in (str(tmp_path), str(binary)):          # a directory, a file that is not text
        r = run("2", path)
        assert r.returncode == 2 and r.stdout == "", r
        assert len(r.stderr.splitlines()) == 1 and path in r.stderr, r.stderr


def test_the_last_deal_is_accepted():
    r = run("32000", "--cap", "100")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["deal"] == 32000
