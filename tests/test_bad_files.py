"""Bad files never hang, crash or execute (issue 28): values YAML cannot build, special files in
place of content, config or cache, a cache that would run code, exports aimed at the history,
pathological import documents, and two restores in one second. Each is tried as a user would,
through the command line, with a timeout so a regression fails instead of hanging; what is asserted
is what the user sees: one line naming the file, the exit code, no traceback, the database intact."""

from __future__ import annotations

import json
import os
import pickle
import sqlite3
from pathlib import Path

import pytest

from studyxf.content import importer

DATA = Path(__file__).parent / "data"
GOOD = (DATA / "good_sessions" / "my-topic.yaml").read_text()
ROOT = Path(__file__).resolve().parent.parent
LIMIT = 30  # seconds: every command here ends in about one; a hang fails the test


def _run(cli, *args, **kw):
    return cli(*args, timeout=LIMIT, **kw)


def _no_traceback(res):
    assert "Traceback" not in res.stderr and "Traceback" not in res.stdout, res.stderr


def _session(folder: Path, name: str, sid: str, extra: str = "", order: str = "order: 60") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    text = GOOD.replace("id: my-rag-2", f"id: {sid}").replace("order: 60", order + extra)
    (folder / name).write_text(text)
    return folder / name


def _answer_cards(cli, n=4):
    res = _run(cli, "review", "--plain", input="4\n" * n + "q\n")
    assert res.returncode == 0, res.stderr


def _intact(home: Path, reviews: int):
    conn = sqlite3.connect(home / "studyxf.sqlite3")
    try:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert conn.execute("SELECT count(*) FROM reviews").fetchone()[0] == reviews
    finally:
        conn.close()


def _reviews(home: Path) -> int:
    conn = sqlite3.connect(home / "studyxf.sqlite3")
    try:
        return conn.execute("SELECT count(*) FROM reviews").fetchone()[0]
    finally:
        conn.close()


# -- values YAML cannot build ----------------------------------------------------------------------
BAD_VALUES = {
    "date.yaml": ("\ndate: 2023-02-29", "date", "2023-02-29"),
    "bigint.yaml": ("", "order", "5,000 characters"),
    "timestamp.yaml": ("\nwhen: !!timestamp not-a-date", "when", "not-a-date"),
    "bool.yaml": ("\noutline: !!bool maybe", "outline", "maybe"),
    "float.yaml": ("\nweight: !!float abc", "weight", "abc"),
}


@pytest.fixture
def bad_values(tmp_path):
    mine = tmp_path / "mine"
    for i, (name, (extra, _, _)) in enumerate(BAD_VALUES.items()):
        order = "order: " + "9" * 5000 if name == "bigint.yaml" else "order: 60"
        _session(mine, name, f"bad-{i}", extra, order)
    _session(mine, "fine.yaml", "still-fine", order="order: 61")
    return mine


def test_values_yaml_cannot_build_are_one_line_each_in_check(cli, home, bad_values):
    res = _run(cli, "check", str(bad_values))
    _no_traceback(res)
    assert res.returncode == 2
    lines = [line for line in res.stdout.splitlines() if ".yaml:" in line]
    for name, (_, field, shown) in BAD_VALUES.items():
        mine = [line for line in lines if f"{name}:" in line]
        assert len(mine) == 1, (name, res.stdout)
        path, line_no, fld, message = mine[0].split(":", 3)
        assert path.endswith(name) and line_no.isdigit() and fld.strip() == field and shown in message, mine[0]
    assert not any("fine.yaml" in line for line in lines)


def test_values_yaml_cannot_build_are_warnings_and_the_valid_files_still_load(cli, home, bad_values):
    for args in (("sessions", "--json"), ("today", "--plain", "--session", "still-fine")):
        res = _run(cli, *args, env={"STUDYXF_SESSIONS": str(bad_values)})
        _no_traceback(res)
        assert res.returncode == 0, res.stderr
        warned = [line for line in res.stderr.splitlines() if line.startswith("studyxf: warning:")]
        assert len(warned) == len(BAD_VALUES), res.stderr
    ids = [s["id"] for s in json.loads(_run(cli, "sessions", "--json",
                                            env={"STUDYXF_SESSIONS": str(bad_values)}).stdout)]
    assert "still-fine" in ids and not any(i.startswith("bad-") for i in ids)


def _own_drill(root: Path, name: str = "mydrill") -> Path:
    import shutil

    folder = root / name
    shutil.copytree(ROOT / "drills" / "rope", folder)
    text = (folder / "drill.yaml").read_text()
    lines = [line for line in text.splitlines() if not line.startswith(("name:", "sessions:"))]
    (folder / "drill.yaml").write_text("\n".join(lines) + "\n")
    return folder


def test_a_drill_with_an_impossible_date_is_one_warning_listing_and_grading(cli, home, tmp_path):
    drills = tmp_path / "drills"
    folder = _own_drill(drills)
    (folder / "drill.yaml").write_text((folder / "drill.yaml").read_text() + "sessions: [2024-02-30]\n")
    env = {"STUDYXF_DRILLS": str(drills)}
    res = _run(cli, "drill", env=env)
    _no_traceback(res)
    assert res.returncode == 0 and "rope" in res.stdout
    warned = [line for line in res.stderr.splitlines() if "drill.yaml" in line]
    assert len(warned) == 1 and "sessions[0]" in warned[0] and "2024-02-30" in warned[0], res.stderr
    res = _run(cli, "drill", "mydrill", str(folder / "solution.py"), env=env)
    _no_traceback(res)
    assert res.returncode == 2 and "mydrill" in res.stderr
    res = _run(cli, "check", str(folder))
    assert res.returncode == 2 and "drill.yaml:" in res.stdout and "sessions[0]" in res.stdout


# -- special files ---------------------------------------------------------------------------------
def test_a_fifo_or_a_device_as_config_is_one_error_line(cli, home):
    home.mkdir(parents=True, exist_ok=True)
    config = home / "config.toml"
    for make in (lambda: os.mkfifo(config), lambda: config.symlink_to("/dev/zero")):
        make()
        res = _run(cli, "sessions")
        _no_traceback(res)
        assert res.returncode == 2
        lines = res.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("studyxf: error:") and "config.toml" in lines[0], res.stderr
        assert "not a regular file" in lines[0]
        config.unlink()


def test_bad_values_in_config_are_one_error_line(cli, home):
    home.mkdir(parents=True, exist_ok=True)
    for text in ("rollover_hour = " + "9" * 5000 + "\n", "theme = 2023-02-29\n"):
        (home / "config.toml").write_text(text)
        res = _run(cli, "sessions")
        _no_traceback(res)
        assert res.returncode == 2 and len(res.stderr.strip().splitlines()) == 1 and "config.toml" in res.stderr


def test_special_files_in_content_folders_are_named_never_read(cli, home, tmp_path):
    mine = tmp_path / "mine"
    _session(mine, "good.yaml", "still-fine")
    os.mkfifo(mine / "pipe.yaml")
    (mine / "zero.yaml").symlink_to("/dev/zero")
    drills = tmp_path / "drills"
    (drills / "pipe").mkdir(parents=True)
    os.mkfifo(drills / "pipe" / "drill.yaml")
    (drills / "zero").mkdir()
    (drills / "zero" / "drill.yaml").symlink_to("/dev/zero")
    env = {"STUDYXF_SESSIONS": str(mine), "STUDYXF_DRILLS": str(drills)}
    res = _run(cli, "sessions", "--json", env=env)
    _no_traceback(res)
    assert res.returncode == 0 and "still-fine" in res.stdout
    assert "pipe.yaml:1: (file): a FIFO" in res.stderr and "zero.yaml:1: (file): a character device" in res.stderr
    res = _run(cli, "drill", env=env)
    _no_traceback(res)
    assert res.returncode == 0
    assert "pipe/drill.yaml:1: (file): a FIFO" in res.stderr and "zero/drill.yaml:1: (file)" in res.stderr
    res = _run(cli, "check", str(mine / "pipe.yaml"), str(drills / "zero"))
    assert res.returncode == 2 and "pipe.yaml:1: (file)" in res.stdout and "zero/drill.yaml:1: (file)" in res.stdout


def test_a_sparse_giant_task_statement_is_refused_before_reading(cli, home, tmp_path):
    drills = tmp_path / "drills"
    folder = _own_drill(drills)
    with open(folder / "task.md", "r+b") as fh:
        fh.truncate(16 * 1024 ** 3)  # 16 GiB, sparse: nothing is written
    env = {"STUDYXF_DRILLS": str(drills)}
    res = _run(cli, "drill", env=env)
    _no_traceback(res)
    assert res.returncode == 0 and "task:" in res.stderr and "larger than" in res.stderr
    res = _run(cli, "drill", "mydrill", env=env)  # would create the workspace, copying the task
    _no_traceback(res)
    assert res.returncode == 2 and not (home / "workspace" / "mydrill" / "TASK.md").exists()


def test_import_of_a_fifo_or_a_device_is_one_line(cli, home, tmp_path):
    os.mkfifo(tmp_path / "doc.txt")
    for target in (tmp_path / "doc.txt", Path("/dev/zero")):
        res = _run(cli, "import", str(target), "--out", str(tmp_path / "out"))
        _no_traceback(res)
        assert res.returncode == 2 and len(res.stderr.strip().splitlines()) == 1 and "not a regular file" in res.stderr


# -- the curriculum cache ----------------------------------------------------------------------------
class _Boom:
    def __reduce__(self):
        return (os.system, (f"touch {os.environ.get('BOOM_MARK', '/nonexistent/boom')}",))


def test_the_cache_never_runs_code_and_a_foreign_or_special_cache_is_rebuilt(cli, home, tmp_path, monkeypatch):
    mark = tmp_path / "ran"
    monkeypatch.setenv("BOOM_MARK", str(mark))
    payload = pickle.dumps(_Boom())
    cache = home / "cache"
    cache.mkdir(parents=True)
    (cache / "curriculum.pickle").write_bytes(payload)
    (cache / "curriculum.json").write_bytes(payload)
    res = _run(cli, "sessions", "--json")
    assert res.returncode == 0 and json.loads(res.stdout)[0]["id"] == "transformers-1"
    assert not mark.exists()
    stored = json.loads((cache / "curriculum.json").read_text())  # rebuilt, as data
    assert stored["format"].startswith("studyxf-curriculum-cache/")
    assert not (cache / "curriculum.pickle").exists()
    for foreign in ('{"format": "something else"}', '[1, 2, 3]', '{"format": "studyxf-curriculum-cache/1", '
                                                                   '"key": "x", "curriculum": {}}'):
        (cache / "curriculum.json").write_text(foreign)
        res = _run(cli, "sessions", "--json")
        assert res.returncode == 0 and json.loads(res.stdout)[0]["id"] == "transformers-1"
    (cache / "curriculum.json").unlink()
    os.mkfifo(cache / "curriculum.json")
    res = _run(cli, "today", "--plain")
    _no_traceback(res)
    assert res.returncode == 0 and "Transformers" in res.stdout


def test_the_json_cache_gives_back_the_curriculum_it_was_given(home, tmp_path):
    from studyxf import paths
    from studyxf.content import cache, curriculum

    mine = tmp_path / "mine"
    _session(mine, "a.yaml", "mine-a", "\nwhen: 2024-02-28")
    built = curriculum.build([mine], use_cache=False)
    key = cache.fingerprint([paths.shipped_sessions(), mine])
    assert cache.loads(cache.dumps(key, built), key) == built
    assert cache.loads(cache.dumps(key, built), key + ("other",)) is None


def test_a_cached_session_is_decoded_when_used_and_a_damaged_cache_is_rebuilt(home, tmp_path):
    """Issue 30: a start reads the cache's first line; a session's data and its prompts are each decoded
    when first read, and give back what was built. A changed byte in the first line makes the cache
    unusable; one in a body fails that body's check sum when it is read, and the body comes back from
    the files."""
    from studyxf import paths
    from studyxf.content import cache, curriculum

    mine = tmp_path / "mine"
    _session(mine, "a.yaml", "mine-a")
    built = curriculum.build([mine], use_cache=False)
    key = cache.fingerprint([paths.shipped_sessions(), mine])
    text = cache.dumps(key, built)
    assert json.loads(text)["format"] == cache.FORMAT  # still one JSON document
    loaded = cache.loads(text, key)
    assert all("data" not in vars(s) and "recall" not in vars(s) for s in loaded.sessions)
    mine_a = loaded.get("mine-a")
    assert mine_a.recall == built.get("mine-a").recall
    assert "data" not in vars(mine_a)  # a card's prompt does not decode its session's data
    assert mine_a.line_of("title") == built.get("mine-a").line_of("title") > 1
    assert mine_a.drills == built.get("mine-a").drills
    assert sum("recall" in vars(s) for s in loaded.sessions) == 1
    assert loaded == built
    with pytest.raises(AttributeError):
        mine_a.no_such_field
    def damage(at):
        return text[:at] + ("x" if text[at] != "x" else "y") + text[at + 1:]

    first = text.index("\n")
    assert cache.loads(damage(first - 40), key) is None
    for at in (first + 40, len(text) - 40):
        fresh = curriculum.build([mine], use_cache=False)
        loaded = cache.loads(damage(at), key, damaged=lambda sid, name: getattr(fresh.get(sid), name))
        assert loaded == built  # the damaged body given back from the files
        with pytest.raises(ValueError, match="damaged"):
            sessions = cache.loads(damage(at), key).sessions
            [(s.data, s.recall) for s in sessions]


def test_a_damaged_body_in_the_cache_file_is_read_from_the_files_and_the_cache_rebuilt(home, tmp_path):
    from studyxf.content import cache, curriculum

    mine = tmp_path / "mine"
    _session(mine, "a.yaml", "mine-a")
    built = curriculum.build([mine], use_cache=False)
    curriculum.build([mine])  # writes the cache
    path = cache._file()
    raw = bytearray(path.read_bytes())
    at = raw.index(b'"mine-a"', raw.index(b"\n"))  # in a body of mine-a, past the first line
    raw[at + 1] = ord("X")
    path.write_bytes(bytes(raw))
    again = curriculum.build([mine])
    assert [(s.id, s.data, s.recall) for s in again.sessions] == [(s.id, s.data, s.recall) for s in built.sessions]
    assert not path.exists()  # removed when the damage was found
    curriculum.build([mine])  # rebuilds it
    cached = curriculum.build([mine])
    assert path.exists() and all("_lazy" in vars(s) for s in cached.sessions)
    assert [(s.id, s.data, s.recall) for s in cached.sessions] == [(s.id, s.data, s.recall) for s in built.sessions]


def test_the_deck_finds_a_prompt_by_card_id_without_indexing_every_session(home, tmp_path):
    from studyxf.content import curriculum
    from studyxf.srs.deck import _Prompts

    mine = tmp_path / "mine"
    _session(mine, "a.yaml", "mine-a")
    cur = curriculum.build([mine])
    cur = curriculum.build([mine])  # from the cache
    prompts = _Prompts(cur)
    session = cur.get("mine-a")
    first = session.recall[0]
    assert prompts.get(f"mine-a/{first.id}") == (session, first)
    assert prompts.get("mine-a/no-such-prompt") is None and prompts.get("no-such/x") is None
    assert prompts.get("no-slash") is None
    assert sum("recall" in vars(s) for s in cur.sessions) == 1


# -- export ------------------------------------------------------------------------------------------
def test_export_never_overwrites_the_database_or_a_backup(cli, home, tmp_path):
    _answer_cards(cli)
    n = _reviews(home)
    assert n > 0
    backup = next((home / "backups").glob("studyxf-*.sqlite3"))
    link = tmp_path / "link.csv"
    link.symlink_to(home / "studyxf.sqlite3")
    hard = tmp_path / "hard.csv"
    os.link(home / "studyxf.sqlite3", hard)
    for target in (home / "studyxf.sqlite3", backup, link, hard):
        for flag in ((), ("--force",)):
            for kind in ("--csv", "--anki"):
                res = _run(cli, "export", kind, str(target), *flag)
                _no_traceback(res)
                lines = res.stderr.strip().splitlines()
                assert res.returncode == 2 and len(lines) == 1 and lines[0].startswith("studyxf: error:"), res.stderr
    _intact(home, n)
    assert link.is_symlink()


def test_export_refuses_the_data_directory_and_other_files_unless_forced(cli, home, tmp_path):
    _answer_cards(cli)
    n = _reviews(home)
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n")
    for target in (home / "cards.csv", notes):
        res = _run(cli, "export", "--csv", str(target))
        assert res.returncode == 2 and len(res.stderr.strip().splitlines()) == 1 and "--force" in res.stderr
    assert notes.read_text() == "my notes\n" and not (home / "cards.csv").exists()
    res = _run(cli, "export", "--csv", str(notes), "--force")
    assert res.returncode == 0 and notes.read_text().startswith("id,session,prompt")
    out = tmp_path / "cards.csv"
    for _ in range(2):  # an earlier export is replaced without --force
        res = _run(cli, "export", "--csv", str(out))
        assert res.returncode == 0, res.stderr
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    res = _run(cli, "export", "--csv", "/dev/null")
    assert res.returncode == 2 and "not a regular file" in res.stderr
    _intact(home, n)


# -- import --------------------------------------------------------------------------------------------
def _doc(reading_line: str, parts: int = 1) -> str:
    return "".join(f"Part {n}: Bad Part {n} — title\n\nWhy this session matters\n\nx\n\nReading material\n\n"
                   f"Papers:\n\n• {reading_line}\n\n" for n in range(1, parts + 1))


def test_import_patterns_do_not_backtrack_on_ampersands(cli, home, tmp_path):
    line = "Attention — Vaswani" + " &&" * 32 + " x"
    doc = tmp_path / "doc.txt"
    doc.write_text(_doc(line))
    res = _run(cli, "import", str(doc), "--out", str(tmp_path / "out"))  # took over 60 s
    _no_traceback(res)
    assert res.returncode == 0, res.stderr
    item = importer.parse(_doc(line), "doc.txt")[0]["readings"]["papers"][0]
    assert item["text"] == line and "authors" not in item


def test_import_keeps_a_long_line_whole(home, tmp_path):
    line = "Title — " + "Vaswani && " * 50_000
    sessions = importer.parse(_doc(line.strip()), "doc.txt")
    item = sessions[0]["readings"]["papers"][0]
    assert item["text"] == line.strip() and len(item["title"]) < 300


def test_the_importer_reads_the_series_as_before():
    """The patterns were rewritten to run in linear time: the usual lines parse as they did."""
    assert importer.reading("Attention Is All You Need (Vaswani et al., 2017) — the paper") == {
        "title": "Attention Is All You Need", "authors": "Vaswani et al.", "year": 2017, "note": "the paper",
        "text": "Attention Is All You Need (Vaswani et al., 2017) — the paper"}
    assert importer.reading("Deep Learning — Goodfellow, Bengio & Courville 2016 — ch. 6")["authors"] == \
        "Goodfellow, Bengio & Courville"
    assert importer.video("Let's build GPT — Andrej Karpathy · 1h 56min — from scratch") == {
        "title": "Let's build GPT", "channel": "Andrej Karpathy", "minutes": 116, "note": "from scratch"}
    assert importer.session_id("Transformers Part 2 — attention") == "transformers-2"
    assert importer.split_parts("Part 3:   Title here  \n")[1][0].title == "Title here"


# -- backup --restore ----------------------------------------------------------------------------------
def test_restores_in_the_same_second_keep_every_bad_copy(cli, home):
    _answer_cards(cli)
    name = next((home / "backups").glob("studyxf-*.sqlite3")).name
    contents = []
    for _ in range(3):  # the clock is frozen (STUDYXF_NOW): the same second every time
        contents.append((home / "studyxf.sqlite3").read_bytes())
        res = _run(cli, "backup", "--restore", name)
        assert res.returncode == 0, res.stderr
    bad = sorted(home.glob("studyxf.sqlite3*.bad"))
    assert len(bad) == 3
    assert sorted(p.read_bytes() for p in bad) == sorted(contents)


def test_a_fifo_or_a_device_as_the_database_is_one_line(cli, home):
    home.mkdir(parents=True, exist_ok=True)
    db = home / "studyxf.sqlite3"
    for make in (lambda: os.mkfifo(db), lambda: db.symlink_to("/dev/zero")):
        make()
        res = _run(cli, "today", "--plain")
        _no_traceback(res)
        lines = res.stderr.strip().splitlines()
        assert res.returncode == 2 and len(lines) == 1 and "not a regular file" in lines[0], res.stderr
        db.unlink()


def test_a_fifo_or_a_sparse_giant_as_the_submission_is_one_error_line(cli, home, tmp_path):
    fifo = tmp_path / "attention.py"
    os.mkfifo(fifo)
    res = _run(cli, "drill", "attention", str(fifo))
    assert res.returncode == 2 and "FIFO" in res.stderr and str(fifo) in res.stderr, res.stderr
    _no_traceback(res)
    giant = tmp_path / "giant.py"
    with open(giant, "wb") as fh:
        fh.truncate(16 * 1024 ** 3)  # sparse: no disk used
    res = _run(cli, "drill", "attention", str(giant))
    assert res.returncode == 2 and "larger than the 4 MiB allowed" in res.stderr, res.stderr
    _no_traceback(res)


def test_config_errors_say_path_line_and_setting(cli, home):
    home.mkdir(parents=True, exist_ok=True)
    for text, said in (("fuzz = true\nrollover_hour = 99\n", "config.toml:2: rollover_hour: expected an integer"),
                       ("\n[daily\n", "config.toml:2: (file): Expected ']'"),
                       ("\n\nscheduler = \"x\"\n", "config.toml:3: scheduler: expected")):
        (home / "config.toml").write_text(text)
        res = _run(cli, "today", "--plain")
        assert res.returncode == 2 and said in res.stderr and res.stderr.count("\n") == 1, res.stderr
        _no_traceback(res)
