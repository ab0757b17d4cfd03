"""The judge kept warm between commands (kept.py, issue 44): a failing verdict leaves a server
behind, the next grading is judged by it to the same report, and it keeps the one-shot worker's
limits: a time-out, a command that went away, a socket folder that is not the user's own."""

import os
import signal
import time

import pytest

from studyxf.grading import catalogue, kept, runner
from tests.data.submissions import SUBMISSIONS, attn


@pytest.fixture
def run_dir(monkeypatch):
    """A socket folder of this test's own (a short path: a socket's address holds 107 bytes), and
    the servers started in it killed afterwards."""
    import shutil
    import tempfile
    from pathlib import Path

    d = Path(tempfile.mkdtemp(prefix="sxk-", dir="/tmp"))
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(d))
    monkeypatch.setenv("STUDYXF_JUDGE_IDLE", "60")
    monkeypatch.setenv("STUDYXF_CASE_TIMEOUT", "2")
    yield d
    for pid in _processes_with(str(d).encode()):
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    shutil.rmtree(d, ignore_errors=True)


def _processes_with(needle: bytes) -> list[int]:
    found = []
    for p in os.listdir("/proc"):
        if p.isdigit() and int(p) != os.getpid():
            try:
                with open(f"/proc/{p}/cmdline", "rb") as fh:
                    if needle in fh.read():
                        found.append(int(p))
            except OSError:
                pass
    return found


def _wait_for_server(address: str, seconds: float = 60.0) -> None:
    end = time.monotonic() + seconds
    while not kept._alive(address):
        assert time.monotonic() < end, "no judge was kept after a failing grading"
        time.sleep(0.2)


def test_a_failing_verdict_keeps_a_judge_that_grades_the_next_ones_the_same(home, run_dir, tmp_path):
    drill = catalogue.all_drills()["attention"]
    bad, ok = tmp_path / "bad.py", tmp_path / "ok.py"
    bad.write_text(attn(scale=""))
    ok.write_text(SUBMISSIONS["attention"]["correct"][0])
    first = runner.Pending(drill, bad)
    assert first.kept is None and first.proc is not None  # none yet: a worker of its own
    one_shot = first.result()
    assert one_shot["status"] == "fail" and one_shot["diagnosis"][0]["mistake"] == "no-scale"
    address = kept.address(runner._env(""))
    assert address.startswith(str(run_dir))
    _wait_for_server(address)
    assert oct(os.stat(os.path.dirname(address)).st_mode & 0o777) == "0o700"
    again = runner.Pending(drill, bad)
    assert again.kept is not None and again.proc is None  # judged by the kept server
    assert again.result() == one_shot
    passing = runner.Pending(drill, ok)
    assert passing.kept is not None and passing.result()["status"] == "pass"
    # another environment is another judge: not served by this one
    os.environ["STUDYXF_CASE_TIMEOUT"] = "3"
    assert kept.address(runner._env("")) != address


def test_the_kept_judge_keeps_the_time_out_and_stops_when_the_command_goes(home, run_dir, tmp_path):
    drill = catalogue.all_drills()["attention"]
    address = kept.address(runner._env(""))
    kept.start(address, runner._env(""))
    _wait_for_server(address)
    forever = tmp_path / f"forever_{os.getpid()}_{time.time_ns()}.py"
    forever.write_text("import time\ndef attention(q, k, v, mask=None):\n    while True:\n        time.sleep(1)\n")
    pending = runner.Pending(drill, forever, timeout=1.5)
    assert pending.kept is not None
    report = pending.result()
    # as the one-shot worker's: the case that was running is the error
    assert report["status"] == "fail" and "time-out: grading was stopped after 2 s" in report["tests"][-1]["message"]
    # the command killed mid-grading: its connection ends, and the judge and its sandbox with it
    pending = runner.Pending(drill, forever)
    time.sleep(1.0)
    assert _processes_with(forever.name.encode()), "the sandbox never started"
    pending.kept.close()
    end = time.monotonic() + 5
    while _processes_with(forever.name.encode()) and time.monotonic() < end:
        time.sleep(0.1)
    assert not _processes_with(forever.name.encode()), "the grading outlived the command that asked for it"
    assert kept._alive(address)  # the server itself stays, for the next save


def test_no_judge_is_kept_where_the_folder_is_not_the_users_own_or_idle_is_0(run_dir, monkeypatch):
    os.chmod(run_dir, 0o755)
    (run_dir / f"studyxf-judge-{os.getuid()}").mkdir(mode=0o755)
    os.chmod(run_dir / f"studyxf-judge-{os.getuid()}", 0o755)
    assert kept.folder() is None and kept.address(runner._env("")) is None
    monkeypatch.setenv("STUDYXF_JUDGE_IDLE", "0")
    assert kept.ask(str(run_dir / "x.sock"), "{}", 1.0) is None
