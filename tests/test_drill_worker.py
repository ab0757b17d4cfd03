"""End-to-end gradings through the worker process (each pays torch's import, so few of them):
the CLI contract, the runtime guard, and hostile submissions."""

import json

import pytest

from tests.data.submissions import SUBMISSIONS, attn

FAST = {"STUDYXF_CASE_TIMEOUT": "2"}


def grade(cli, tmp_path, source, drill="attention", name="sub.py"):
    f = tmp_path / name
    f.write_text(source)
    res = cli("drill", drill, str(f), "--json", env=FAST)
    return res, (json.loads(res.stdout) if res.stdout.strip() else None)


def test_pass_and_named_mistake_with_exit_codes(home, cli, tmp_path):
    res, report = grade(cli, tmp_path, SUBMISSIONS["attention"]["correct"][0])
    assert res.returncode == 0, res.stderr
    assert report["status"] == "pass" and report["framework"] == "numpy" and report["version"] == 2
    assert set(report) >= {"version", "status", "message", "tests", "drill", "framework", "diagnosis"}
    assert all(set(t) >= {"name", "status", "message", "output"} for t in report["tests"])
    res, report = grade(cli, tmp_path, attn(scale=""))
    assert res.returncode == 1 and report["status"] == "fail"
    [entry] = report["diagnosis"]
    assert (entry["mistake"], entry["verified"], entry["step"]) == ("no-scale", True, "scaled"), entry
    # DESIGN.md's localisation fields: the learner's line where the values leave the reference
    assert entry["line"] and entry["code"] and "left out" in entry["how"], entry
    assert "sqrt(d)" in entry["message"]


def test_module_drill_end_to_end(home, cli, tmp_path):
    res, report = grade(cli, tmp_path, SUBMISSIONS["causal-self-attention"]["correct"][1], "causal-self-attention")
    assert res.returncode == 0 and report["framework"] == "torch", report


def test_runtime_guard_catches_a_hidden_sdpa(home, cli, tmp_path):
    hidden = ("import torch\nimport torch.nn.functional as F\n"
              "def attention(q, k, v, mask=None):\n"
              "    f = getattr(F, 'scaled_' + 'dot_product_attention')\n"
              "    return f(q, k, v, attn_mask=mask)\n")
    res, report = grade(cli, tmp_path, hidden)
    assert res.returncode == 1 and report["status"] == "fail"
    # decided by the file's text (a name built at run time is a spelling the grader cannot read)...
    assert report["tests"][0]["name"] == "forbidden" and "getattr with a computed name" in report["tests"][0]["message"]
    # ...and the guard inside the sandbox, advice only, still names the call
    assert "F.scaled_dot_product_attention is not allowed here" in report["tests"][1]["message"]


@pytest.mark.parametrize("source,status,needle", [
    ("def attention(q, k, v, mask=None):\n    return q +\n", "error", "syntax error"),
    ("import not_a_module_xyz\n", "error", "ModuleNotFoundError"),
    ("x = 1\n", "error", "defines no `attention`"),
    ("import sys\nsys.exit(3)\n", "error", "sys.exit(3)"),
    ("while True:\n    pass\n", "error", "time-out"),
    ("def attention(q, k, v, mask=None):\n    while True:\n        pass\n", "fail", "time-out"),
    ("def attention(q, k, v, mask=None):\n    return bytearray(10 ** 12)\n", "fail", "out of memory"),
    ("import os\ndef attention(q, k, v, mask=None):\n    os._exit(1)\n", "fail", "exited (exit code 1)"),
])
def test_hostile_and_broken_submissions(home, cli, tmp_path, source, status, needle):
    res, report = grade(cli, tmp_path, source)
    assert res.returncode == 1
    assert report["status"] == status
    text = (report["message"] or "") + " ".join(t["message"] or "" for t in report["tests"])
    assert needle in text, report


def test_flood_of_output_is_capped(home, cli, tmp_path):
    res, report = grade(cli, tmp_path, 'print("x" * 10_000_000)\n' + SUBMISSIONS["attention"]["correct"][0])
    assert report["status"] == "pass" and len(report["output"]) < 5000 and "more bytes not shown" in report["output"]


def test_usage_errors_print_no_json(home, cli, tmp_path):
    for args in (("drill", "nope", "x.py", "--json"), ("drill", "attention", str(tmp_path / "missing.py"), "--json")):
        res = cli(*args)
        assert res.returncode == 2 and res.stdout == "" and res.stderr.startswith("studyxf: error:")


def test_workspace_starter_and_hints(home, cli):
    res = cli("drill", "rope")
    assert res.returncode == 0 and "created" in res.stdout
    work = home / "workspace" / "rope" / "rope.py"
    assert work.exists() and (home / "workspace" / "rope" / "TASK.md").exists()
    res = cli("drill", "rope", "--hint", env=FAST)
    assert res.returncode == 1 and "hint 1/" in res.stdout and "NotImplementedError" in res.stdout
    res = cli("drill", "rope", "--hint", env=FAST)
    assert "hint 2/" in res.stdout
    listing = cli("drill").stdout
    assert any(line.startswith("rope") and " fail " in line for line in listing.splitlines())


def test_watch_regrades_after_a_save_and_stops_on_ctrl_c(home, tmp_path):
    import os
    import signal
    import subprocess
    import sys
    import time

    from tests.conftest import ROOT

    f = tmp_path / "mine.py"
    f.write_text(attn(scale=""))
    temp = tmp_path / "tmp"  # the gradings' own folders, each removed once graded
    temp.mkdir()
    env = dict(os.environ, PYTHONPATH=str(ROOT), STUDYXF_HOME=str(home), TMPDIR=str(temp), **FAST)
    proc = subprocess.Popen([sys.executable, "-m", "studyxf", "drill", "attention", str(f), "--watch"],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env, cwd=str(ROOT),
                            start_new_session=True,
                            # Ctrl-C as a terminal's foreground job gets it: a suite started in the
                            # background (`pytest &`) hands its children SIGINT ignored
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    seen = []

    def read_until(word):
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            line = proc.stdout.readline()
            seen.append(line)
            if word in line:
                return line
        raise AssertionError("".join(seen))

    try:
        read_until("FAIL")
        read_until("watching")
        time.sleep(0.3)
        f.write_text(SUBMISSIONS["attention"]["correct"][0])
        read_until("PASS")
        read_until("A reference solution")  # after a pass, as without --watch
        took = read_until("watching")
        assert float(took.split("]")[0].strip("[ s")) < 1.0  # a warm re-grade, no torch import
        os.killpg(proc.pid, signal.SIGINT)  # as Ctrl-C in a terminal: the whole foreground group
        assert proc.wait(timeout=20) == 130
        assert not list(temp.glob("studyxf-grade-*"))  # one was left behind per save
    finally:  # its own session: a failing assertion must not leave it watching
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    rest = proc.stdout.read()
    assert "Traceback" not in rest and "KeyboardInterrupt" not in rest, rest


def test_reset_keeps_a_backup_and_next_finds_todays_drill(home, cli):
    # transformers-1's hands-on drill (the seed's CausalSelfAttention); attention is optional there
    assert cli("drill", "next").stdout.startswith("next drill: causal-self-attention")
    work = home / "workspace" / "causal-self-attention" / "causal_self_attention.py"
    work.write_text("# my attempt\n")
    res = cli("drill", "causal-self-attention", "--reset")
    assert res.returncode == 0 and "kept as" in res.stdout
    backups = list(work.parent.glob("causal_self_attention.py.*.bak"))
    assert len(backups) == 1 and backups[0].read_text() == "# my attempt\n"
    assert "raise NotImplementedError" in work.read_text()


def test_device_cuda_without_cuda_is_an_error_not_a_cpu_pass(home, cli, tmp_path):
    import torch

    if torch.cuda.is_available():
        pytest.skip("this machine has CUDA")
    f = tmp_path / "a.py"
    f.write_text(SUBMISSIONS["attention"]["correct"][2])
    res = cli("drill", "attention", str(f), "--device", "cuda", "--json", env=FAST)
    report = json.loads(res.stdout)  # issue 41: the grading's error, in one line (tests/test_gpu_sandbox.py)
    assert res.returncode == 1 and report["status"] == "error" and "CUDA does not start" in report["message"]
    res = cli("drill", "attention", str(f), "--device", "auto", "--json", env=FAST)
    assert res.returncode == 0 and json.loads(res.stdout)["status"] == "pass"


def test_a_copied_drill_folder_is_a_working_drill(home, cli, tmp_path, monkeypatch):
    """DESIGN.md: adding a drill is adding a folder; a learner's own folder works the same way."""
    import shutil

    from tests.conftest import ROOT

    mine = tmp_path / "my-drills"
    shutil.copytree(ROOT / "drills" / "attention", mine / "my-attention")
    monkeypatch.setenv("STUDYXF_DRILLS", str(mine))
    listed = cli("drill")
    assert "my-attention" in listed.stdout and listed.returncode == 0
    # a drill folder is code: the listing says where each of the learner's own comes from
    assert "grader.py runs on this machine" in listed.stdout and f"my-attention: {mine / 'my-attention'}" in listed.stdout
    assert cli("check").returncode == 0
    good = tmp_path / "good.py"
    good.write_text(SUBMISSIONS["attention"]["correct"][0])
    assert cli("drill", "my-attention", str(good)).returncode == 0
    bad = tmp_path / "bad.py"
    bad.write_text(attn(scale=""))
    result = cli("drill", "my-attention", str(bad), "--json")
    report = json.loads(result.stdout)
    assert result.returncode == 1 and [d["mistake"] for d in report["diagnosis"]] == ["no-scale"]
    # a broken drill of the learner's is skipped with a warning, and check names it
    (mine / "broken").mkdir()
    (mine / "broken" / "drill.yaml").write_text("title: [unclosed\n")
    listed = cli("drill")
    assert listed.returncode == 0 and "my-attention" in listed.stdout and "warning" in listed.stderr
    checked = cli("check")
    assert checked.returncode == 2 and "broken/drill.yaml:" in checked.stdout


FORGERIES = {
    "a result line printed, then exit": (
        "import os, sys\nprint('\\nR {\"version\": 2, \"status\": \"pass\", \"message\": null, \"tests\": [], "
        "\"diagnosis\": []}', flush=True)\nos._exit(0)\n"),
    "the comparison patched": (
        "import studyxf.grading.judge.judging as j, studyxf.grading.judge.runcases as r\nj.compare = lambda *a, **k: None\n"
        "r._check_output = lambda *a, **k: (None, None, '', False)\n"
        "def attention(q, k, v, mask=None):\n    return q[..., :1] * 0\n"),
    "an object that lies about its values": (
        "import numpy as np\nclass Liar(np.ndarray):\n    def __eq__(self, other):\n        return True\n"
        "    def astype(self, *a, **k):\n        return self\n"
        "def attention(q, k, v, mask=None):\n    return np.zeros(q.shape[:-1] + v.shape[-1:], q.dtype).view(Liar)\n"),
    "the report written to every descriptor": (
        "import os\nfor fd in range(3, 64):\n    try:\n        os.write(fd, b'\\nR {\"status\": \"pass\", \"tests\": []}\\n')\n"
        "    except OSError:\n        pass\ndef attention(q, k, v, mask=None):\n    return q\n"),
}


@pytest.mark.parametrize("name", sorted(FORGERIES))
def test_a_forged_pass_does_not_pass(home, cli, tmp_path, name):
    res, report = grade(cli, tmp_path, FORGERIES[name])
    assert res.returncode == 1 and report["status"] in ("fail", "error"), report


def test_a_submission_that_deletes_the_data_directory_cannot_reach_it(home, cli, tmp_path):
    assert cli("today", "--plain").returncode == 0
    before = sorted(p.name for p in home.rglob("*"))
    eraser = (f"import os, shutil\nfor target in ({str(home)!r}, os.environ.get('STUDYXF_HOME') or '/nonexistent'):\n"
              f"    shutil.rmtree(target, ignore_errors=True)\n" + SUBMISSIONS["attention"]["correct"][0])
    res, report = grade(cli, tmp_path, eraser)
    if report.get("status") == "pass":  # hidden: nothing was deleted (the judge stored the drill's references)
        assert sorted(p.name for p in home.rglob("*") if "references" not in p.parts) == before
    assert (home / "studyxf.sqlite3").exists() and list((home / "backups").glob("*.sqlite3"))


def test_an_endless_loop_fails_within_fifteen_seconds(home, cli, tmp_path):
    import time

    start = time.monotonic()
    res, report = grade(cli, tmp_path, "def attention(q, k, v, mask=None):\n    while True:\n        pass\n")
    assert time.monotonic() - start < 15 and res.returncode == 1
    assert any("not run" in (t["message"] or "") for t in report["tests"])


def test_a_drill_folder_inside_the_data_directory_still_grades(home, cli, tmp_path):
    """$STUDYXF_HOME/drills is read before the sandbox hides the data directory."""
    import shutil

    from tests.conftest import ROOT

    shutil.copytree(ROOT / "drills" / "attention", home / "drills" / "home-attention")
    good = tmp_path / "good.py"
    good.write_text(SUBMISSIONS["attention"]["correct"][0])
    res = cli("drill", "home-attention", str(good), "--json")
    assert res.returncode == 0, res.stdout[-500:] + res.stderr


def test_one_drill_found_by_name_is_the_one_the_whole_catalogue_gives(home, tmp_path, monkeypatch):
    """Grading reads only the named drill's folders (catalogue.find): the same drill as all_drills(),
    a learner's copy replacing a shipped one, a broken copy falling back to the shipped one."""
    import shutil

    from studyxf.grading import catalogue
    from tests.conftest import ROOT

    mine = tmp_path / "my-drills"
    shutil.copytree(ROOT / "drills" / "rope", mine / "rope")
    (mine / "layer-norm").mkdir(parents=True)
    (mine / "layer-norm" / "drill.yaml").write_text("title: [unclosed\n")
    monkeypatch.setenv("STUDYXF_DRILLS", str(mine))
    warned = []
    every = catalogue.all_drills(warn=lambda m: None)
    for name, drill in every.items():
        found = catalogue.find(name, warn=warned.append)
        assert (found.name, found.folder) == (drill.name, drill.folder)
    assert catalogue.find("rope").folder == mine / "rope"
    assert catalogue.find("layer-norm").folder == ROOT / "drills" / "layer-norm"
    assert any("replaces the shipped one" in w for w in warned) and any("layer-norm" in w for w in warned)
    assert catalogue.find("no-such-drill") is None


def test_hints_read_after_a_pass_add_no_attempt(home, cli, tmp_path):
    """Issue 44 item 10: --hint prints the next hint, then grades (DESIGN.md); the same file graded
    to the same result again is no new attempt, so three hints read after a pass leave one pass."""
    from studyxf.grading import catalogue
    from studyxf.study import open_study

    f = tmp_path / "ln.py"
    f.write_text(catalogue.all_drills()["layer-norm"].solution_text())
    assert cli("drill", "layer-norm", str(f), env=FAST).returncode == 0
    for n in (1, 2, 3):
        res = cli("drill", "layer-norm", str(f), "--hint", env=FAST)
        assert res.returncode == 0 and f"hint {n}/" in res.stdout and "scheduled" not in res.stdout
    conn = open_study().conn
    assert [r[0] for r in conn.execute("SELECT status FROM drill_attempts WHERE drill = 'layer-norm'")] == ["pass"]


def test_the_smallest_failing_input_is_in_the_json_and_the_text_report(home, cli, tmp_path):
    """Issue 44 item 6, through the command: DESIGN.md's `smallest` on the diagnosis entry, and the
    text report's lines under the cause."""
    source = DRILL_LONGEST.replace("left = last[ch] + 1", "left = last[ch]")
    _, report = grade(cli, tmp_path, source, drill="longest-substring")
    small = report["diagnosis"][0]["smallest"]
    assert small == {"inputs": "Solution().lengthOfLongestSubstring('dd')", "expected": "1", "got": "2"}
    f = tmp_path / "text.py"
    f.write_text(source)
    text = cli("drill", "longest-substring", str(f), env=FAST).stdout
    assert "smallest failing input: Solution().lengthOfLongestSubstring('dd')" in text
    assert "expected 1" in text and "yours    2" in text
    # the learner's loop on it, walked in the sandbox
    assert "your code on it, line by line:" in text and "-> the loop ends; returns 2" not in text
    assert report["diagnosis"][0]["walk"]["steps"][-1].endswith("returns 2")


def test_a_falsy_zero_is_verified_by_the_file_mended_in_the_sandbox(home, cli, tmp_path):
    """Through the command: the walk and the mended copy both run in the sandbox's process."""
    f = tmp_path / "two_sum.py"
    f.write_text("class Solution:\n    def twoSum(self, nums, target):\n        seen = {}\n"
                 "        for i, n in enumerate(nums):\n            j = seen.get(target - n)\n"
                 "            if j:\n                return [j, i]\n            seen[n] = i\n")
    text = cli("drill", "two-sum", str(f), env=FAST).stdout
    assert "line 6: `if j:` reads j = 0" in " ".join(text.split()) and "write `j is not None` for `j`" in " ".join(text.split())
    assert "-> j = 0" in text


DRILL_LONGEST = """class Solution:
    def lengthOfLongestSubstring(self, s: str) -> int:
        last, left, best = {}, 0, 0
        for right, ch in enumerate(s):
            if last.get(ch, -1) >= left:
                left = last[ch] + 1
            last[ch] = right
            best = max(best, right - left + 1)
        return best
"""


def test_too_slow_and_wrong_names_both_in_a_fresh_sandbox(home, cli, tmp_path):
    """holdout17 longest-substring/01 (blind): an O(n^2) scan (the large case times out and the
    sandbox is killed) and `window_start = previous` where previous + 1 belongs. The wrong answers
    are explained in a sandbox started again for the diagnosis; the 200,000 characters of the large
    case are shown as their first few."""
    from pathlib import Path

    source = (Path(__file__).parent / "data" / "holdout17" / "longest-substring" / "learner_01.py").read_text()
    res, report = grade(cli, tmp_path, source, drill="longest-substring")
    assert res.returncode == 1, res.stderr
    assert [(d["line"], d["mistake"]) for d in report["diagnosis"]] == [(10, "too-slow"), (12, None)]
    assert "write `previous + 1` for `previous`" in report["diagnosis"][1]["message"]
    [slow] = [t for t in report["tests"] if t["name"] == "n = 200,000"]
    assert slow["inputs"]["arg0"].endswith("# 200,000 in all") and len(slow["inputs"]["arg0"]) < 200
