import re
from pathlib import Path

import pytest

from studyxf.content import curriculum
from studyxf.content.sessions import load_session

DATA = Path(__file__).parent / "data"
BAD = sorted((DATA / "bad_sessions").glob("*.yaml"))


def test_shipped_curriculum_has_the_contract_ids_in_order(home):
    cur = curriculum.build([])
    assert [(s.id, s.kind, s.number) for s in cur.sessions] == [
        ("transformers-1", "topic", 1), ("transformers-2", "topic", 2), ("lesson-21", "lesson", 3),
        ("revision-1", "revision", 4), ("rag-1", "topic", 5)]
    assert cur.get("revision-1").generated
    assert cur.get("revision-1").covers == ["transformers-1", "transformers-2", "lesson-21"]
    assert cur.get("rag-1").outline


def test_every_checklist_item_and_objective_has_a_card_with_a_real_answer(home):
    cur = curriculum.build([])
    for sid in ("transformers-1", "transformers-2", "lesson-21"):
        s = cur.get(sid)
        covered = {p.prompt for p in s.recall}
        assert len(s.recall) >= len(s.data["checklist"])
        for p in s.recall:
            assert len(p.answer) > 40 and p.answer.strip() != p.prompt.strip()
        assert covered


@pytest.mark.parametrize("path", BAD, ids=[p.name for p in BAD])
def test_bad_session_file_reports_file_line_field(path):
    expect = path.read_bytes().splitlines()[0].decode("utf-8", "replace")
    match = re.match(r"# expect: (\d+) (\S+) (.*)", expect)
    line, field, message = int(match.group(1)), match.group(2), match.group(3)
    session, problems = load_session(path)
    assert session is None
    rendered = [str(p) for p in problems]
    assert any(r.startswith(f"{path}:{line}: {field}: ") and message in r for r in rendered), rendered


def test_check_cli_exit_codes_and_format(cli, home):
    ok = cli("check")
    assert ok.returncode == 0, ok.stdout + ok.stderr
    bad = cli("check", str(DATA / "bad_sessions"))
    assert bad.returncode == 2
    lines = bad.stdout.strip().splitlines()
    assert len(lines) >= len(BAD)
    assert all(re.match(r"^.+:\d+: \S+: .+$", l) for l in lines), lines
    assert "Traceback" not in bad.stderr


def test_user_session_folder_invalid_file_is_skipped_with_a_warning(cli, home, tmp_path):
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "good.yaml").write_text((DATA / "good_sessions" / "my-topic.yaml").read_text())
    (mine / "broken.yaml").write_text("id: x\norder: [\n")
    res = cli("sessions", "--json", env={"STUDYXF_SESSIONS": str(mine)})
    assert res.returncode == 0, res.stderr
    assert "studyxf: warning:" in res.stderr and "broken.yaml:" in res.stderr
    import json
    ids = [s["id"] for s in json.loads(res.stdout)]
    assert ids[-2:] == ["my-rag-2", "revision-2"]


def test_user_session_with_a_shipped_id_replaces_it(cli, home, tmp_path):
    mine = tmp_path / "mine"
    mine.mkdir()
    text = (DATA / "good_sessions" / "my-topic.yaml").read_text().replace("my-rag-2", "transformers-1")
    text = text.replace("order: 60", "order: 10")
    (mine / "t1.yaml").write_text(text)
    res = cli("sessions", "--json", env={"STUDYXF_SESSIONS": str(mine)})
    assert res.returncode == 0
    assert "replaces the session 'transformers-1'" in res.stderr
    import json
    first = json.loads(res.stdout)[0]
    assert first["id"] == "transformers-1" and first["title"].startswith("RAG Part 2")


def test_two_files_with_one_id_in_a_folder_are_an_error(cli, home, tmp_path):
    mine = tmp_path / "mine"
    mine.mkdir()
    text = (DATA / "good_sessions" / "my-topic.yaml").read_text()
    (mine / "a.yaml").write_text(text)
    (mine / "b.yaml").write_text(text)
    res = cli("check", str(mine))
    assert res.returncode == 2
    assert "b.yaml:1: id: duplicate session id 'my-rag-2'" in res.stdout


def test_revisions_are_generated_after_every_two_topics(home):
    from studyxf.content.sessions import Session

    def topic(i):
        return Session(id=f"t{i}", order=i, title=f"T{i}", kind="topic", data={"agenda": ["a"]}, source=None)

    ordered = curriculum.arrange([topic(i) for i in range(1, 6)])
    assert [s.id for s in ordered] == ["t1", "t2", "revision-1", "t3", "t4", "revision-2", "t5"]
    assert ordered[5].covers == ["t3", "t4"]


def test_each_checklist_item_and_objective_is_covered_by_a_card(home):
    cur = curriculum.build([])
    for sid in ("transformers-1", "transformers-2", "lesson-21"):
        s = cur.get(sid)
        covers = {p.covers for p in s.recall if p.covers}
        for i, _ in enumerate(s.data.get("checklist", [])):
            label = f"checklist {i + 1}" if sid != "lesson-21" else f"objective {i + 1}"
            assert label in covers, (sid, label)


def test_check_names_unknown_drills(cli, home, tmp_path):
    text = (DATA / "good_sessions" / "my-topic.yaml").read_text()
    text = text.replace("recall:", "hands_on:\n  drills: [attention, no-such-drill]\nrecall:")
    text += "  - id: code\n    kind: code\n    prompt: Write it.\n    answer: See the drill.\n    drill: nope-drill\n"
    (tmp_path / "s.yaml").write_text(text)
    res = cli("check", str(tmp_path / "s.yaml"))
    assert res.returncode == 2
    assert "drills: unknown drill 'no-such-drill'" in res.stdout and "recall[1].drill: unknown drill 'nope-drill'" in res.stdout


def test_curriculum_cache_follows_edits_and_survives_corruption(cli, home, tmp_path):
    import json
    import os

    mine = tmp_path / "mine"
    mine.mkdir()
    f = mine / "s.yaml"
    f.write_text((DATA / "good_sessions" / "my-topic.yaml").read_text())
    env = {"STUDYXF_SESSIONS": str(mine)}
    first = json.loads(cli("sessions", "--json", env=env).stdout)
    assert (home / "cache" / "curriculum.json").exists() and first[-2]["title"].startswith("RAG Part 2")
    f.write_text(f.read_text().replace("RAG Part 2", "RAG Deux"))
    os.utime(f, ns=(1, 2 * 10 ** 18))  # a different mtime even on a coarse clock
    assert json.loads(cli("sessions", "--json", env=env).stdout)[-2]["title"].startswith("RAG Deux")
    (home / "cache" / "curriculum.json").write_bytes(b"garbage")
    res = cli("sessions", "--json", env=env)
    assert res.returncode == 0 and json.loads(res.stdout)[-2]["title"].startswith("RAG Deux")
    f.write_text("id: [broken\n")  # an invalid file is still reported although a cache exists
    res = cli("sessions", "--json", env=env)
    assert "studyxf: warning:" in res.stderr and "s.yaml:" in res.stderr


def _write(folder, name, text):
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(text)
    return folder / name


def test_hostile_session_files_are_one_error_each_and_the_valid_sessions_load(tmp_path, home, cli):
    import shutil
    import time

    from tests.conftest import ROOT

    mine = tmp_path / "mine"
    shutil.copy(ROOT / "tests" / "data" / "good_sessions" / "my-topic.yaml", mine.mkdir() or mine / "my-topic.yaml")
    bomb = 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n'
    for prev, name in zip("abcdefgh", "bcdefghi"):
        bomb += f"{name}: &{name} [" + ",".join([f"*{prev}"] * 9) + "]\n"
    _write(mine, "bomb.yaml", bomb)
    _write(mine, "aliases.yaml", "a: &a 1\nb: [" + ", ".join(["*a"] * 101) + "]\n")
    _write(mine, "deep.yaml", "x: " + "[" * 1000 + "]" * 1000 + "\n")
    with open(mine / "huge.yaml", "w") as fh:
        fh.write("id: huge\n" + "junk: 1\n" * 300_000)
    _write(mine, "nan.yaml", "id: nanny\norder: .nan\ntitle: t\nkind: topic\nagenda: [a]\n")
    start = time.monotonic()
    res = cli("check", str(mine))
    assert time.monotonic() - start < 10 and res.returncode == 2
    lines = res.stdout.strip().splitlines()
    by_file = {name: [line for line in lines if f"/{name}:" in line] for name in
               ("bomb.yaml", "aliases.yaml", "deep.yaml", "huge.yaml", "nan.yaml", "my-topic.yaml")}
    assert all(len(by_file[n]) == 1 for n in ("bomb.yaml", "aliases.yaml", "deep.yaml", "huge.yaml", "nan.yaml"))
    assert by_file["my-topic.yaml"] == []
    assert "alias" in by_file["bomb.yaml"][0] and "aliases" in by_file["aliases.yaml"][0]
    assert "50 levels" in by_file["deep.yaml"][0] and "1 MiB" in by_file["huge.yaml"][0]
    assert "finite" in by_file["nan.yaml"][0]
    res = cli("sessions", "--json", env={"STUDYXF_SESSIONS": str(mine)})
    assert res.returncode == 0 and "my-topic" in res.stdout and res.stderr.count("warning") == 5


def test_at_most_twenty_problems_per_file(tmp_path, cli, home):
    bad = _write(tmp_path / "s", "many.yaml", "id: many\norder: 1\ntitle: t\nkind: topic\noutline: true\n"
                 "agenda: [a]\nreadings:\n  papers:\n" + "".join(f"  - {{title: P{i}, url: not-a-url-{i}}}\n"
                                                                 for i in range(40)))
    res = cli("check", str(bad))
    lines = res.stdout.strip().splitlines()
    assert res.returncode == 2 and len(lines) == 21 and "and 20 more problem(s)" in lines[-1]


def test_check_file_and_check_dir_agree_on_a_duplicate_id(tmp_path, cli, home):
    folder = tmp_path / "s"
    text = "id: twin\norder: 1\ntitle: t\nkind: topic\noutline: true\nagenda: [a]\n"
    _write(folder, "a.yaml", text)
    second = _write(folder, "b.yaml", text)
    in_dir = cli("check", str(folder))
    in_file = cli("check", str(second))
    assert in_dir.returncode == in_file.returncode == 2
    assert in_dir.stdout == in_file.stdout and "duplicate session id" in in_file.stdout


def test_a_revision_is_sized_to_90_minutes_with_its_drills_chosen_by_need(home, cli):
    """revision-1 lists three drills for today (never passed, then failed most, then due) and the
    rest as optional; passing the chosen ones brings the next most needed forward."""
    from studyxf.content.curriculum import REVISION_DRILLS
    from studyxf.srs import drills as drill_srs
    from studyxf.study import open_study

    study = open_study()
    revision = study.curriculum.get("revision-1")
    names = revision.drills
    assert len(names) > REVISION_DRILLS
    assert any("about 25 min" in a for a in revision.data["agenda"])

    def attempt(drill, status, at):
        study.conn.execute("INSERT INTO drill_attempts (drill, at, file, status, seconds, hints_used) "
                           "VALUES (?,?,?,?,?,?)", (drill, at, "f.py", status, 1.0, 0))

    a, b, c, d = names[:4]
    attempt(a, "pass", "2026-11-20T10:00:00")  # passed, not due: least needed
    for k in range(3):
        attempt(b, "fail", f"2026-11-21T10:0{k}:00")  # never passed, failed three times: most needed
    attempt(c, "fail", "2026-11-22T10:00:00")
    attempt(c, "fail", "2026-11-22T10:01:00")
    attempt(c, "pass", "2026-11-22T10:02:00")  # passed after failing twice
    attempt(d, "pass", "2026-11-10T10:00:00")
    study.conn.execute("INSERT INTO drill_schedule (drill, reps, ef_milli, interval, due, last_day, last_quality) "
                       "VALUES (?,?,?,?,?,?,?)", (d, 1, 2500, 1, "2026-11-11", "2026-11-10", 5))
    study.conn.commit()
    order = drill_srs.by_need(study.conn, names, study.day())
    never = [n for n in names if n not in (a, c, d)]
    assert order[0] == b and order[1:len(never)] == [n for n in never if n != b]
    assert order[len(never):] == [c, d, a]
    for n in range(3):
        cli("complete")
    out = cli("today", "--plain").stdout
    today_part = out.split("Today's drills")[1].split("Optional, if time is left")[0]
    assert [line.split()[-1] for line in today_part.splitlines() if "studyxf drill" in line] == order[:REVISION_DRILLS]
    optional = out.split("Optional, if time is left\n")[1].split("\n\n")[0]
    assert {line.split()[-1] for line in optional.splitlines()} == set(order[REVISION_DRILLS:])
    assert "Optional: the covered sessions' checklists" in out


def test_check_says_ok_on_stdout_and_problems_there_too(cli, home):
    ok = cli("check")
    assert ok.returncode == 0 and ok.stdout.startswith("ok: ") and ok.stderr == ""
    bad = cli("check", str(DATA / "bad_sessions"))
    assert bad.returncode == 2 and "ok:" not in bad.stdout + bad.stderr


def test_sessions_labels_its_columns(cli, home):
    lines = cli("sessions").stdout.splitlines()
    header = lines[0].split()
    assert header == ["#", "id", "kind", "status", "ticked", "title"]
    first = lines[1]
    ticked = header.index("ticked")
    assert first.split()[ticked + 1] == "0/13"  # under its label (the mark ▶ shifts the split by one)
    assert lines[0].index("ticked") <= first.index("0/13") < lines[0].index("title")


def test_a_drill_hint_may_name_the_mistakes_it_answers_and_check_holds_them_to_the_drill_s(tmp_path):
    """Issue 44 item 10: `- {text: ..., mistakes: [ids]}` is a hint with topics; a topic that is none
    of the drill's mistakes is a content error (it could never bring its hint forward)."""
    import shutil

    from studyxf.grading import catalogue

    shipped = catalogue.all_drills()["layer-norm"]
    assert shipped.hints[2].startswith("eps goes inside") and "ln-eps-outside-sqrt" in shipped.hint_topics[2]
    assert shipped.hint_order(["ln-eps-outside-sqrt"])[0] == 2
    assert shipped.hint_order([]) == list(range(len(shipped.hints)))
    folder = tmp_path / "layer-norm"
    shutil.copytree(shipped.folder, folder)
    yaml_path = folder / "drill.yaml"
    yaml_path.write_text(yaml_path.read_text().replace("mistakes: [ln-eps-outside-sqrt", "mistakes: [ln-eps-outsde"))
    problems = catalogue.check_path(folder)
    assert [p.field for p in problems] == ["hints[2].mistakes[0]"] and "'ln-eps-outsde'" in problems[0].message


def test_the_generic_mistake_ids_a_hint_may_name_are_the_report_s():
    from studyxf.grading import catalogue
    from studyxf.grading.judge import results

    assert set(catalogue.GENERIC_MISTAKES) == {k for k in results.GENERIC if k not in results.UNNAMED}
