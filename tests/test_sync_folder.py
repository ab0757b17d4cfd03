"""The sync folder as the world leaves it (issue 42): another machine's hostile or broken lines, links
where files should be, a copied data directory, a new folder. Two data directories and one folder,
the commands run as the learner runs them."""

from __future__ import annotations

import json
import os
import shutil

from tests.test_sync import Machine, _device_file, two  # noqa: F401 (the fixture)


def _good_review(m: Machine) -> dict:
    lines = _device_file(m).read_text().splitlines()
    return json.loads(next(line for line in lines if '"kind":"review"' in line))


def _events(m: Machine, where: str = "") -> list[str]:
    with m.db() as conn:
        return [i for (i,) in conn.execute(f"SELECT id FROM events {where}")]


def test_hostile_lines_are_named_once_and_stop_nothing(two):
    """The red team's lines in the box's file: each is skipped and named PATH:LINE once, the good lines
    around them are taken, and the laptop's next answers are logged and sent (an id of 2^63 - 1 made
    them share one key and vanish, then raise OverflowError)."""
    a, b = two
    b.review("4\n4\nq\n", day="2026-11-02")
    b.sync(day="2026-11-02")
    good = _good_review(b)
    dev = "e" * 16  # a third device's folder, written by hand
    good = dict(good, id=f"{dev}:1")
    path = a.folder / dev / "1.jsonl"
    path.parent.mkdir()
    path.write_text(json.dumps(good) + "\n")
    n = 1
    bad = [
        ("id", json.dumps(dict(good, id=f"{dev}:{2**63 - 1}")), "outside 1..2^39"),
        ("id", json.dumps(dict(good, id=f"{dev}:{2**63}")), "outside 1..2^39"),
        ("nesting", '{"id": ' + "[" * 200_000 + "]" * 200_000 + "}", "nested deeper than 8 levels"),
        ("at", json.dumps(dict(good, id=f"{dev}:901", at="9999-01-01T00:00:00+00:00")), "outside 2000-2200"),
        ("at", json.dumps(dict(good, id=f"{dev}:902", at="0001-01-01T00:00:00+00:00")), "outside 2000-2200"),
        ("day", json.dumps(dict(good, id=f"{dev}:903", day="9999-12-31")), "review: day '9999-12-31' is outside"),
        ("file", json.dumps({"id": f"{dev}:904", "at": good["at"], "kind": "attempt", "drill": "attention",
                             "status": "pass", "file": ["a", "b"]}), "attempt: file not a string"),
        ("nan", json.dumps(dict(good, id=f"{dev}:905")).replace('"seconds": null', '"seconds": NaN')
         .replace('"grade": 4', '"seconds2": NaN'), "not a JSON line"),
        ("fuzz", json.dumps(dict(good, id=f"{dev}:906", fuzz=10**6)), "review: fuzz"),
        ("big", json.dumps(dict(good, id=f"{dev}:907", typed="x" * (2 << 20))), "a line over 1 MiB"),
        ("kind", json.dumps(dict(good, id=f"{dev}:908", kind=["review"])), "no kind"),
        ("surrogate", json.dumps(dict(good, id=f"{dev}:909", card="x\ud800")), "a lone surrogate in a text"),
        ("card", json.dumps(dict(good, id=f"{dev}:910", card=["x"])), "review: card not a string"),
        ("seq", json.dumps(dict(good, id=f"{dev}:0")), "its number is outside"),
        ("day", json.dumps(dict(good, id=f"{dev}:911", day=["2026-11-02"])), "review: day ['2026-11-02'] is not"),
        ("practice", json.dumps(dict(good, id=f"{dev}:912", practice=1)), "review: practice not true or false"),
        ("seconds", json.dumps(dict(good, id=f"{dev}:913", seconds=-1)), "review: seconds -1 is outside"),
    ]
    with open(path, "a") as fh:
        for _, line, _ in bad:
            fh.write(line + "\n")
        fh.write(json.dumps(dict(good, id=f"{dev}:950")) + "\n")  # a good line after them
    r = a.sync(day="2026-11-03")
    assert "Traceback" not in r.stderr
    for i, (what, _, why) in enumerate(bad):
        expected = f"{path}:{n + 1 + i}: "
        line = next((x for x in r.stderr.splitlines() if expected in x), "")
        assert why in line, (what, line)
    assert len(r.stderr.splitlines()) == len(bad)  # each named once, and no value a megabyte long
    assert max(len(x) for x in r.stderr.splitlines()) < 300
    assert f"{dev}:950" in _events(a)
    assert a.sync(day="2026-11-03").stderr == ""  # named once: not again
    a.review("4\n3\n5\nq\n", day="2026-11-03")
    with a.db() as conn:
        answers = conn.execute("SELECT COUNT(*) FROM reviews WHERE day = '2026-11-03'").fetchone()[0]
    assert answers == 3
    assert a.sync(day="2026-11-03").stdout.strip().endswith("sent 3")
    assert "received 4 events from laptop (3 reviews" in b.sync(day="2026-11-03").stdout


def test_a_huge_sparse_file_is_not_read_whole(two):
    """A 4 GiB sparse file in the box's folder (MemoryError when it was read whole): what lies past what
    studyxf ever writes to one file is named once and never read; the other files are."""
    a, b = two
    b.review("4\nq\n", day="2026-11-02")
    b.sync(day="2026-11-02")
    huge = _device_file(b).with_name("2.jsonl")
    with open(huge, "wb") as fh:
        fh.truncate(4 << 30)
    try:
        r = a.sync(day="2026-11-03")
        assert r.stderr == f"studyxf: warning: {huge}: over 64 MiB, more than studyxf writes to one file; " \
            "what lies past line 0 is not read\n"
        assert "received 2 events from gpu-box (1 reviews" in r.stdout
        assert a.sync(day="2026-11-03").stderr == ""
    finally:
        huge.unlink()


def test_a_link_in_the_folder_is_never_followed(two, tmp_path):
    """This machine's own file swapped for a link to a file of the learner's: sync writes its events
    to a new file beside it and leaves the linked file as it was; another device's file linked to a
    file outside the folder is named and not read."""
    a, b = two
    a.review("4\nq\n", day="2026-11-01")
    a.sync(day="2026-11-01")
    own = _device_file(a)
    bashrc = tmp_path / "bashrc"
    bashrc.write_text("export PATH=$HOME/bin:$PATH\n")
    own.unlink()
    own.symlink_to(bashrc)
    a.review("5\n5\nq\n", day="2026-11-02")
    r = a.sync(day="2026-11-02")
    assert f"{own}: not a regular file (a link?); passed over, never followed" in r.stderr
    assert bashrc.read_text() == "export PATH=$HOME/bin:$PATH\n"
    # what the link replaced is sent again too: the events it held may not have reached every machine
    assert (own.parent / "2.jsonl").is_file() and r.stdout.strip().endswith("sent 4")
    assert "does not hold what this machine sent last" in r.stdout

    outside = tmp_path / "secret.jsonl"
    outside.write_text(json.dumps({"id": "x", "at": "token-1234"}) + "\n")
    b.sync(day="2026-11-02")
    linked = _device_file(b).with_name("2.jsonl")
    linked.symlink_to(outside)
    r = a.sync(day="2026-11-02")
    assert f"{linked}: not a regular file (a link?); passed over, never followed" in r.stderr
    assert "token-1234" not in r.stderr and "token-1234" not in r.stdout
    # a device folder that is a link to one elsewhere: never read, never written
    elsewhere = tmp_path / "elsewhere"
    shutil.copytree(_device_file(b).parent, elsewhere, symlinks=True)
    (a.folder / "ffffffffffffffff").symlink_to(elsewhere)
    r = a.sync(day="2026-11-02")
    assert "ffffffffffffffff: not a folder (a link?); passed over, never followed" in r.stderr


def test_a_name_holding_escape_sequences_never_reaches_the_terminal(two):
    """A device name with escape sequences (a terminal's title, a cleared screen): refused by --name, and
    skipped and named, escaped, when another machine's file holds it."""
    a, b = two
    r = b.run("sync", str(b.folder), "--name", "\x1b]0;pwned\x07box", day="2026-11-02", check=False)
    assert r.returncode == 2 and "--name: 1 to 256 characters, none of them a control character" in r.stderr
    b.review("4\nq\n", day="2026-11-02")
    b.sync(day="2026-11-02")
    path = _device_file(b)
    dev = path.parent.name
    with open(path, "a") as fh:  # as a newer or hostile writer would put it, under the box's id
        fh.write(json.dumps({"id": f"{dev}:99", "at": "2026-11-02T20:00:00+00:00", "kind": "device",
                             "name": "\x1b]0;pwned\x07box\x1b[2J"}) + "\n")
    r = a.sync(day="2026-11-03")
    assert "\x1b" not in r.stdout + r.stderr and "\x07" not in r.stdout + r.stderr
    assert f"{path}:" in r.stderr and "device: a control character or a lone surrogate in a text" in r.stderr
    assert "from gpu-box (1 reviews" in r.stdout
    status = a.run("sync", str(a.folder), "--status", day="2026-11-03").stdout
    assert "\x1b" not in status
    from studyxf.store.events import printable

    assert printable("\x1b]0;pwned\x07box\u202e") == "\\x1b]0;pwned\\x07box\\u202e"


def test_a_copied_data_directory_is_found_and_mended(two, tmp_path):
    """`cp -r` of the data directory for a second machine: one id on two machines. The copy's sync stops
    with one line and the fix; after `--new-device` both machines hold every answer of both, once."""
    a, _ = two
    a.review("4\n4\n4\nq\n", day="2026-11-01")
    a.sync(day="2026-11-01")
    c = Machine(tmp_path / "desktop", a.folder, "desktop")
    shutil.copytree(a.home, c.home)
    a.review("5\nq\n", day="2026-11-02")
    c.review("3\n5\nu\nq\n", day="2026-11-02")  # an answer, another taken back, and a drill on the copy
    c.attempts("attention", "fail", "pass", day="2026-11-02")
    assert a.sync(day="2026-11-02").stdout.strip().endswith("sent 1")
    r = c.run("sync", str(c.folder), "--name", "desktop", day="2026-11-02", check=False)
    assert r.returncode == 2 and len(r.stderr.splitlines()) == 1, r.stderr
    assert r.stderr.startswith("studyxf: error: ") and "another machine writes under this device's id" in r.stderr
    assert f"studyxf sync {c.folder} --new-device" in r.stderr
    status = c.run("sync", str(c.folder), "--status", day="2026-11-02").stdout  # said there too
    assert "stop: " in status and "--new-device" in status
    made = set(a.review_events()) | set(c.review_events())
    assert len(made) == 4  # the three before the copy, shared, and one on each since... by id
    r = c.run("sync", str(c.folder), "--name", "desktop", "--new-device", day="2026-11-02")
    # two answers, the undo, two attempts and its name: sent again under the new id
    assert "this copy is now device" in r.stdout and "(6 of its events sent again" in r.stdout
    assert "received 1 events from laptop (1 reviews" in r.stdout
    a.sync(day="2026-11-02")
    c.sync(day="2026-11-02")
    assert a.view("2026-11-02") == c.view("2026-11-02")
    for m in (a, c):
        log = m.review_events()
        assert len(log) == len(set(log)) == 5  # three shared, one from each machine
        assert m.aggregates_are_a_recount()
    assert a.device() != c.device()
    assert a.sync(day="2026-11-02").stdout.strip() == "received 0 events, sent 0"
    assert c.sync(day="2026-11-02").stdout.strip() == "received 0 events, sent 0"
    a.review("4\nq\n", day="2026-11-03")  # and they go on as two machines
    c.review("4\nq\n", day="2026-11-03")
    for m in (a, c, a):
        m.sync(day="2026-11-03")
    assert a.view("2026-11-03") == c.view("2026-11-03")


def test_a_copy_that_answered_nothing_is_found_before_it_answers(two, tmp_path):
    a, _ = two
    a.review("4\n4\nq\n", day="2026-11-01")
    c = Machine(tmp_path / "desktop", a.folder, "desktop")
    shutil.copytree(a.home, c.home)  # before any sync: the folder knows nothing of either yet
    a.review("5\nq\n", day="2026-11-02")
    a.sync(day="2026-11-02")
    r = c.run("sync", str(c.folder), day="2026-11-02", check=False)
    assert r.returncode == 2 and "--new-device" in r.stderr
    c.run("sync", str(c.folder), "--name", "desktop", "--new-device", day="2026-11-02")
    a.sync(day="2026-11-02")
    assert a.view("2026-11-02") == c.view("2026-11-02")
    assert len(c.review_events()) == len(set(c.review_events())) == 3


def test_a_restored_backup_is_not_taken_for_a_copy(two):
    """A restore numbers its next events 2^24 past its last: the events it lost are found in its own
    files below that and taken back, with no word of a copy."""
    a, b = two
    a.review("4\n4\nq\n", day="2026-11-01")
    a.sync(day="2026-11-01")
    a.review("5\n5\nq\n", day="2026-11-02")
    a.sync(day="2026-11-02")
    a.run("backup", "--restore", "2026-11-02", day="2026-11-02")
    r = a.sync(day="2026-11-02")  # nothing answered since the restore
    assert "received 2 events from laptop (2 reviews" in r.stdout and r.stderr == ""
    a.review("3\nq\n", day="2026-11-02")
    assert a.sync(day="2026-11-02").stdout.strip().endswith("sent 1")
    b.sync(day="2026-11-02")
    assert a.view("2026-11-02") == b.view("2026-11-02")


def test_a_new_folder_gets_the_whole_history(two, tmp_path):
    """A move to a new sync folder (or a misspelt one): it is created and said, and it gets everything
    this machine has, so a machine syncing from it alone ends equal."""
    a, b = two
    a.review("4\n4\n4\nq\n", day="2026-11-01")
    first = a.sync(day="2026-11-01").stdout
    assert first.startswith(f"created {a.folder}\n")
    assert a.sync(day="2026-11-01").stdout.strip() == "received 0 events, sent 0"
    a.review("5\nq\n", day="2026-11-02")
    moved = tmp_path / "Syncthing" / "studyxf"
    a2 = Machine(a.home, moved, "laptop")
    out = a2.sync(day="2026-11-02").stdout
    assert out.startswith(f"created {moved}\n")
    assert "does not hold what this machine sent last: all of its history the folder lacks is sent" in out
    b2 = Machine(b.home, moved, "gpu-box")
    b2.sync(day="2026-11-02")
    assert a.view("2026-11-02") == b.view("2026-11-02")
    assert len(b.review_events()) == 4
    assert a2.sync(day="2026-11-02").stdout.strip().startswith("received 1 events from gpu-box")
    assert a2.sync(day="2026-11-02").stdout.strip() == "received 0 events, sent 0"


def test_lines_read_in_chunks_are_the_lines_of_the_file(tmp_path, monkeypatch):
    """The chunked reader against bytes.split, with chunks and the line cap a few bytes long, so that lines
    cross chunk edges and over-long ones start, end and run on at every place."""
    import random

    from studyxf.sync import folder

    monkeypatch.setattr(folder, "CHUNK", 7)
    monkeypatch.setattr(folder, "MAX_LINE", 10)
    rng = random.Random(42)
    for _ in range(300):
        data = b"".join(b"x" * rng.choice((0, 1, 5, 9, 10, 11, 17, 30)) + b"\n" for _ in range(rng.randint(0, 12)))
        data += b"y" * rng.choice((0, 3, 10, 11, 25))
        path = tmp_path / "f"
        path.write_bytes(data)
        fd = os.open(path, os.O_RDONLY)
        try:
            lines = folder.Lines(fd, 0, len(data))
            got = list(lines)
        finally:
            os.close(fd)
        parts = data.split(b"\n")
        tail = parts.pop()
        assert [g for g, _ in got] == [p if len(p) <= 10 else None for p in parts]
        assert lines.done == len(data) - len(tail) and lines.long == (len(tail) > 10)


def test_an_unfinished_line_over_the_cap_is_named_once_and_passed_over_when_it_ends(two):
    a, b = two
    b.review("4\nq\n", day="2026-11-02")
    b.sync(day="2026-11-02")
    dev = "d" * 16
    good = dict(_good_review(b), id=f"{dev}:1")
    path = a.folder / dev / "1.jsonl"
    path.parent.mkdir()
    path.write_text(json.dumps(good) + "\n" + '{"typed": "' + "x" * (2 << 20))  # still being written
    r = a.sync(day="2026-11-03")
    assert f"{path}:2: a line over 1 MiB; skipped" in r.stderr and f"{dev}:1" in _events(a)
    with open(path, "a") as fh:  # the writer ends it, then writes a good line and a bad one
        fh.write("x" * 100 + '"}\n' + json.dumps(dict(good, id=f"{dev}:2")) + "\n" + "not json\n")
    r = a.sync(day="2026-11-03")
    assert r.stderr == f"studyxf: warning: {path}:4: not a JSON line; skipped\n"
    assert f"{dev}:2" in _events(a)


def test_back_and_forth_between_two_folders_each_gets_everything(two, tmp_path):
    """The laptop syncs with the old folder, then a new one, then the old one again: each time the folder
    it meets gets what it lacks, and a machine reading the old folder alone ends equal."""
    a, b = two
    old, new = a.folder, tmp_path / "New" / "studyxf"
    a.review("4\n4\nq\n", day="2026-11-01")
    a.sync(day="2026-11-01")
    a.review("5\n5\n5\nq\n", day="2026-11-02")
    assert "the folder lacks is sent" in Machine(a.home, new, "laptop").sync(day="2026-11-02").stdout
    a.review("3\nq\n", day="2026-11-03")
    Machine(a.home, new, "laptop").sync(day="2026-11-03")
    out = a.sync(day="2026-11-03").stdout  # the old folder again: its own lines say how far it got
    assert "the folder lacks is sent" in out and out.strip().endswith("sent 4"), out
    b.sync(day="2026-11-03")
    assert a.view("2026-11-03") == b.view("2026-11-03") and len(b.review_events()) == 6
    with open(_device_file(a), "rb") as fh:
        ids = [json.loads(line)["id"] for line in fh]
    assert len(ids) == len(set(ids))  # nothing written twice into it


def test_a_forged_history_past_the_calendar_crashes_nothing(two):
    """Twenty answers of 5 to one card on twenty days in a row: SM-2's interval (no longest) passes year
    9999 (OverflowError in every sync); the answers that would are not applied, on every machine alike."""
    a, b = two
    b.review("4\nq\n", day="2026-11-02")
    b.sync(day="2026-11-02")
    good = _good_review(b)
    dev = "f" * 16
    path = a.folder / dev / "1.jsonl"
    path.parent.mkdir()
    with open(path, "w") as fh:
        for k in range(20):
            fh.write(json.dumps(dict(good, id=f"{dev}:{k + 1}", grade=5, day=f"2030-01-{k + 1:02d}",
                                     at=f"2030-01-{k + 1:02d}T10:00:00+00:00")) + "\n")
    r = a.sync(day="2026-11-03")
    assert r.stderr == "" and "received 20 events" in r.stdout
    b.sync(day="2026-11-03")
    a.sync(day="2026-11-03")
    assert a.view("2026-11-03") == b.view("2026-11-03")


def test_this_machines_folder_as_a_link_is_refused_and_nothing_is_written_there(two, tmp_path):
    a, _ = two
    a.review("4\nq\n", day="2026-11-01")
    a.sync(day="2026-11-01")
    mine = _device_file(a).parent
    shutil.rmtree(mine)
    elsewhere = tmp_path / "dotfiles"
    elsewhere.mkdir()
    mine.symlink_to(elsewhere)
    r = a.run("sync", str(a.folder), day="2026-11-02", check=False)
    assert r.returncode == 2 and r.stderr.startswith(f"studyxf: error: {mine}: not a folder (a link?)")
    assert list(elsewhere.iterdir()) == []
