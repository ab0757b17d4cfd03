"""Attacks on the sandbox from inside a submission (issue 26's red team), each through the CLI as a
learner runs it: none may pass, reach the data directory, outlive the grading or hang the judge,
with user namespaces and without them (STUDYXF_SANDBOX_NAMESPACES=0: what Docker's default
seccomp does); a correct file graded afterwards still passes."""

import json
import os
import time
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.data.submissions import SUBMISSIONS

CORRECT = SUBMISSIONS["attention"]["correct"][0]
WRONG = "def attention(q, k, v, mask=None):\n    return q * 0\n"
MODES = {"namespaces": {}, "no namespaces": {"STUDYXF_SANDBOX_NAMESPACES": "0"}}


def grade(cli, tmp_path, source, env, json_report=True):
    f = tmp_path / "attack.py"
    f.write_text(source)
    args = ("drill", "attention", str(f)) + (("--json",) if json_report else ())
    res = cli(*args, env={"STUDYXF_CASE_TIMEOUT": "2", **env}, timeout=60)
    return res, (json.loads(res.stdout) if json_report and res.stdout.strip() else None)


def correct_unless(condition: str, said: str) -> str:
    """The correct attention, raising RuntimeError(<said>) on every call while <condition> (two
    Python expressions on what the attack's code before it found) holds."""
    return (CORRECT.replace("def attention(", "def _attention(")
            + f"def attention(*a, **kw):\n    if {condition}:\n        raise RuntimeError({said})\n"
              "    return _attention(*a, **kw)\n")


def isolated() -> bool:
    """Whether this machine lets an unprivileged process make user namespaces."""
    pid = os.fork()
    if pid == 0:
        import ctypes

        os._exit(0 if ctypes.CDLL(None, use_errno=True).unshare(0x10000000) == 0 else 1)
    return os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]) == 0


@pytest.fixture(params=sorted(MODES))
def mode(request):
    return MODES[request.param]


def test_an_unmounted_tmpfs_does_not_uncover_the_data_directory(home, cli, tmp_path):
    if not isolated():
        pytest.skip("no user namespaces here: the data directory cannot be hidden")
    assert cli("today", "--plain").returncode == 0
    before = sorted(str(p) for p in home.rglob("*"))
    attack = (f"import ctypes, os\nlibc = ctypes.CDLL(None, use_errno=True)\nhome = {str(home)!r}\n"
              "for _ in range(3):\n    libc.umount2(home.encode(), 2)\n    libc.umount2(home.encode(), 0)\n"
              "try:\n    seen = os.listdir(home)\nexcept OSError:  # Landlock: not even listed\n    seen = []\n"
              "if seen:\n    open(os.path.join(home, 'forged'), 'w').write('x')\n" + CORRECT)
    res, report = grade(cli, tmp_path, attack, {})
    assert report["status"] == "pass"  # the code is correct; what it did around it must not have worked
    assert not (home / "forged").exists()
    assert set(before) <= {str(p) for p in home.rglob("*")}


def landlock() -> bool:
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)
    libc.syscall.restype = ctypes.c_long
    return libc.syscall(444, None, ctypes.c_size_t(0), ctypes.c_uint32(1)) >= 1


def test_the_history_cannot_be_written_from_the_sandbox(home, cli, tmp_path, mode):
    """Without namespaces the data directory is in reach (a03 finds it in /tmp or in a process's
    environment): Landlock still keeps every write to the sandbox's own folder."""
    if mode and not landlock():
        pytest.skip("neither namespaces nor Landlock here: the report says the data directory is in reach")
    assert cli("today", "--plain").returncode == 0
    attack = (f"import os, sqlite3\nhome = {str(home)!r}\nwhat = []\n"
              "for act in (lambda: sqlite3.connect(os.path.join(home, 'studyxf.sqlite3')).execute("
              "\"INSERT INTO drill_attempts (drill, at, file, status) VALUES ('forged', '2026', 'x', 'pass')\").connection.commit(),\n"
              "            lambda: open(os.path.join(home, 'forged'), 'w').write('x')):\n"
              "    try:\n        act()\n        what.append('wrote')\n    except Exception as exc:\n"
              "        what.append(type(exc).__name__)\n"
              "print('attempts:', what)\n" + CORRECT)
    res, report = grade(cli, tmp_path, attack, mode)
    assert report["status"] == "pass"
    if landlock():  # not even into the tmpfs that covers the data directory
        assert "wrote" not in report["output"], report["output"]
    assert not (home / "forged").exists()
    import sqlite3

    with sqlite3.connect(home / "studyxf.sqlite3") as conn:
        assert conn.execute("SELECT COUNT(*) FROM drill_attempts WHERE drill = 'forged'").fetchone() == (0,)
    if mode:  # the header says what holds, and that the rest of the machine can be read
        text = cli("drill", "attention", str(tmp_path / "attack.py"), env={"STUDYXF_CASE_TIMEOUT": "2", **mode})
        said = " ".join(text.stdout.split())  # wrapped at the terminal's width
        assert "writes confined to its own folder" in said and "reads only what Python, NumPy and torch need" in said
        assert "no sockets, no new processes" in said


def test_the_answers_cannot_be_read_from_the_sandbox(home, cli, tmp_path, mode):
    """a02/a08: the engine, the drill's solution and the repository's history are on disk, and
    without namespaces nothing hides them; Landlock denies the reads in both modes."""
    if not landlock():
        pytest.skip("no Landlock here: without namespaces the answers on disk stay readable")
    assert cli("today", "--plain").returncode == 0
    import engine

    targets = [Path(engine.__file__).with_name("attention.py"), ROOT / "drills" / "attention" / "solution.py",
               home / "studyxf.sqlite3"]
    attack = (f"import os, subprocess\nread = []\n"
              f"for path in {[str(t) for t in targets]!r}:\n"
              "    try:\n        open(path, 'rb').read(10)\n        read.append(path)\n    except OSError:\n"
              "        pass\n"
              "try:  # no process can be started: refused\n"
              f"    git = subprocess.run(['git', '--git-dir', {str(ROOT / '.git')!r}, 'show', 'HEAD:engine/attention.py'],"
              " capture_output=True, text=True).stdout\n"
              "except OSError:\n    git = ''\n"
              "if git:\n    read.append('git')\n"
              "print('read:', read)\n" + CORRECT)
    res, report = grade(cli, tmp_path, attack, mode)
    assert report["status"] == "pass", report  # the correct code around the attempts still passes
    assert "read: []" in report["output"], report["output"]


def test_a_double_fork_with_setsid_dies_with_the_grading(home, cli, tmp_path, mode):
    marker = tmp_path / "alive"
    attack = ("import os, time, ctypes\n"
              "try:\n    child = os.fork()\nexcept OSError:\n    child = None\n    print('fork refused')\n"
              "if child == 0:\n    os.setsid()\n    if os.fork() == 0:\n"
              "        ctypes.CDLL(None).prctl(1, 0, 0, 0, 0)\n"  # no death signal either
              "        for _ in range(300):\n"
              f"            open({str(marker)!r}, 'w').write(repr(time.time()))\n            time.sleep(0.1)\n"
              "        os._exit(0)\n    os._exit(0)\n" + WRONG)
    res, report = grade(cli, tmp_path, attack, mode)
    ended = time.time()
    assert report["status"] == "fail"
    time.sleep(3)
    # it may have run while the grading did; not after
    assert not marker.exists() or float(marker.read_text() or 0) < ended, \
        "a process the submission started outlived the grading"


def test_the_environment_holds_no_data_directory(home, cli, tmp_path, mode):
    # a pass here would mean STUDYXF_HOME was found in the process's own or its parent's environment
    attack = ("import os\nfound = False\n"
              "for pid in ('self', str(os.getppid())):\n    try:\n"
              "        found |= b'STUDYXF_HOME' in open(f'/proc/{pid}/environ', 'rb').read()\n"
              "    except OSError:\n        pass\n"
              + correct_unless("not found", "'no leak'"))
    res, report = grade(cli, tmp_path, attack, mode)
    assert report["status"] == "fail" and "no leak" in json.dumps(report["tests"]), report


def test_half_an_answer_with_the_alarm_ignored_is_a_time_out_not_a_hang(home, cli, tmp_path, mode):
    attack = ("import os, signal, stat, time\n"
              "def attention(q, k, v, mask=None):\n    signal.signal(signal.SIGALRM, signal.SIG_IGN)\n"
              "    for fd in map(int, os.listdir('/proc/self/fd')):\n        try:\n"
              "            if stat.S_ISFIFO(os.fstat(fd).st_mode):\n                os.write(fd, b'{\"ok\": ')\n"
              "        except OSError:\n            pass\n    while True:\n        time.sleep(1)\n")
    start = time.monotonic()
    res, report = grade(cli, tmp_path, attack, mode)
    assert time.monotonic() - start < 30
    assert report["status"] == "fail" and any("time-out" in (t["message"] or "") for t in report["tests"])


def test_a_fifo_in_place_of_the_output_file_blocks_nothing(home, cli, tmp_path, mode):
    attack = "import os\ntry:\n    os.remove('.output')\nexcept OSError:\n    pass\nos.mkfifo('.output')\n" \
             "print('printed before')\n" + CORRECT
    start = time.monotonic()
    res, report = grade(cli, tmp_path, attack, mode)
    assert time.monotonic() - start < 30
    assert report["status"] == "pass" and "printed before" in report["output"]


def test_the_memory_limit_cannot_be_raised(home, cli, tmp_path):
    if not isolated() and os.geteuid() == 0:
        pytest.skip("root without user namespaces may raise any limit")
    attack = ("import resource\nraised = True\ntry:\n"
              "    resource.setrlimit(resource.RLIMIT_AS, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))\n"
              "except (ValueError, OSError):\n    raised = False\n"
              + correct_unless("not raised", "'limit held'"))
    res, report = grade(cli, tmp_path, attack, {})
    assert report["status"] == "fail" and "limit held" in json.dumps(report["tests"]), report


def test_a_report_written_into_every_processs_stdout_is_not_read_as_a_result(home, cli, tmp_path, mode):
    if os.geteuid() == 0 and mode:
        pytest.skip("root reads any process's descriptors: without namespaces nothing closes them to it")
    forged = '\\nR {"status": "pass", "tests": [], "message": null, "diagnosis": []}\\n'
    attack = ("import os\n"
              "for pid in os.listdir('/proc'):\n    if pid.isdigit() and int(pid) != os.getpid():\n        try:\n"
              f"            with open(f'/proc/{{pid}}/fd/1', 'w') as fh:\n                fh.write('{forged}')\n"
              "        except OSError:\n            pass\n" + WRONG)
    res, report = grade(cli, tmp_path, attack, mode)
    assert report["status"] == "fail"


def test_the_text_report_says_once_what_is_not_isolated(home, cli, tmp_path):
    res, _ = grade(cli, tmp_path, CORRECT, MODES["no namespaces"], json_report=False)
    assert res.returncode == 0
    said = " ".join(res.stdout.split())  # as read, whatever the terminal's width wrapped
    assert said.count("sandbox not isolated") == 1
    assert ("reads only what Python, NumPy and torch need" if landlock() else "your data directory included") in said
    if isolated():
        res, _ = grade(cli, tmp_path, CORRECT, {}, json_report=False)
        assert "sandbox" not in res.stdout.split("A reference solution")[0]
    res, report = grade(cli, tmp_path, CORRECT, MODES["no namespaces"])
    assert "isolation" not in report  # the JSON report is DESIGN.md's


def test_a_killed_command_leaves_no_judge_or_sandbox_behind(home, tmp_path):
    import signal
    import subprocess
    import sys

    from tests.conftest import ROOT

    f = tmp_path / "forever.py"
    f.write_text("import time\ndef attention(q, k, v, mask=None):\n    while True:\n        time.sleep(1)\n")
    proc = subprocess.Popen([sys.executable, "-m", "studyxf", "drill", "attention", str(f)], cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(4)  # torch imported, the case running
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    time.sleep(1)
    left = [p for p in os.listdir("/proc") if p.isdigit() and str(f).encode() in _cmdline(p)]
    assert not left, "processes of the grading outlived the command that started it"


def _cmdline(pid: str) -> bytes:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as fh:
            return fh.read()
    except OSError:
        return b""


STEAL_FROM_MEMORY = """import sys
def attention(q, k, v, mask=None):
    for name, mod in list(sys.modules.items()):  # the engine, or the drill's grader, imported by the judge
        fn = getattr(mod, "attention", None) if name.startswith(("engine", "studyxf_drill")) else None
        if callable(fn):
            import torch
            out = fn(torch.as_tensor(q), torch.as_tensor(k), torch.as_tensor(v))
            return out.numpy().astype(q.dtype)
    f = sys._getframe(1)
    while f:  # the case, with its reference, in a caller's frame
        for value in f.f_locals.values():
            if hasattr(value, "ref") and hasattr(value, "args"):
                return value.ref().astype(q.dtype)
        f = f.f_back
    raise RuntimeError("nothing to take")
"""

STEAL_FROM_DISK = """import glob, os, runpy, sys
def attention(q, k, v, mask=None):
    for base in sys.path + [os.path.dirname(p) for p in sys.path]:
        for found in glob.glob(os.path.join(base, "drills", "attention", "solution.py")):
            return runpy.run_path(found)["attention"](q, k, v, mask)
    raise RuntimeError("nothing on disk")
"""


def test_the_sandbox_holds_no_answers_in_memory(home, cli, tmp_path, mode):
    """A fresh interpreter: no engine, no grader, no case in the learner's process."""
    res, report = grade(cli, tmp_path, STEAL_FROM_MEMORY, mode)
    assert report["status"] == "fail" and "nothing to take" in json.dumps(report["tests"]), report


def test_the_answers_on_disk_are_hidden_where_namespaces_allow(home, cli, tmp_path):
    if not isolated():
        pytest.skip("no user namespaces here: the shipped drills stay readable (the report says so)")
    res, report = grade(cli, tmp_path, STEAL_FROM_DISK, {})
    assert report["status"] == "fail" and "nothing on disk" in json.dumps(report["tests"]), report
    res, report = grade(cli, tmp_path, CORRECT, {})  # and a correct file, after it, still passes
    assert report["status"] == "pass"


def test_watch_mode_sandboxes_hold_no_answers_either(home, tmp_path):
    """The warm server (--watch, the drill screen) keeps a fresh sandbox started ahead for each save."""
    from studyxf.grading import catalogue
    from studyxf.grading.runner import WarmGrader

    drill = catalogue.all_drills()["attention"]
    f = tmp_path / "attack.py"
    grader = WarmGrader()
    try:
        # in its own folder, not the command's: `-m` imports from the working directory first, and a
        # checkout there (hidden whole from an installed studyxf's sandbox) broke every grading
        assert os.readlink(f"/proc/{grader.proc.pid}/cwd") == os.path.realpath(grader.tmp.name)
        for source, status in ((STEAL_FROM_MEMORY, "fail"), (CORRECT, "pass"), (STEAL_FROM_MEMORY, "fail")):
            f.write_text(source)
            assert grader.run(drill, f)["status"] == status
    finally:
        grader.close()


def test_calls_each_under_the_limit_cannot_stretch_a_grading_without_end(home, cli, tmp_path, mode):
    slow = "import time\ndef attention(q, k, v, mask=None):\n    time.sleep(0.75)\n    return q * 0\n"
    start = time.monotonic()
    # 1 s per case: the whole grading stops at 6 s
    res, report = grade(cli, tmp_path, slow, {**mode, "STUDYXF_CASE_TIMEOUT": "1"})
    assert time.monotonic() - start < 30
    assert report["status"] == "fail" and "ran past" in json.dumps(report["tests"]), report


def test_torch_internals_are_a_forbidden_spelling(home, cli, tmp_path):
    sdpa = ("import torch\ndef attention(q, k, v, mask=None):\n"
            "    f = getattr(torch._C._nn, 'scaled_dot_' + 'product_attention')\n"
            "    return f(q, k, v, attn_mask=mask)\n")
    res, report = grade(cli, tmp_path, sdpa, {})
    forbidden = next(t for t in report["tests"] if t["name"] == "forbidden")
    assert report["status"] == "fail" and "uses torch._C" in forbidden["message"]


def test_what_python_imports_is_read_only_where_namespaces_allow(home, cli, tmp_path):
    if not isolated():
        pytest.skip("no user namespaces here")
    probe = ("import os, sys\nwritable = []\nfor p in sys.path:\n    try:\n"
             "        open(os.path.join(p, 'zz_probe.pth'), 'w').close()\n"
             "        os.remove(os.path.join(p, 'zz_probe.pth'))\n        writable.append(p)\n"
             "    except OSError:\n        pass\n"
             "writable = [p for p in writable if os.path.realpath(p) != os.getcwd()]\n"
             + correct_unless("writable", "f'writable: {writable}'"))
    res, report = grade(cli, tmp_path, probe, {})
    assert report["status"] == "pass", json.dumps(report["tests"])[:500]


def test_a_numpy_pass_imports_no_torch_once_the_references_are_stored(home, cli, tmp_path):
    from tests.conftest import ROOT

    good = tmp_path / "good.py"
    good.write_text(CORRECT)
    assert cli("drill", "attention", str(good)).returncode == 0  # the full path stores the references
    assert list((home / "cache" / "references").glob("attention-*.json"))
    fake = tmp_path / "no-torch" / "torch"
    fake.mkdir(parents=True)
    (fake / "__init__.py").write_text("raise ImportError('torch was imported')\n")
    import importlib.util
    from pathlib import Path

    # the same version file as the real one: the stored references are keyed by it
    real = Path(importlib.util.find_spec("torch").origin).parent / "version.py"
    (fake / "version.py").write_bytes(real.read_bytes())
    res = cli("drill", "attention", str(good), "--json", env={"PYTHONPATH": f"{fake.parent}{os.pathsep}{ROOT}"})
    assert res.returncode == 0 and json.loads(res.stdout)["status"] == "pass", res.stdout[-800:]
    # a failing file takes the full path (torch, the diagnosis): the same report as without stored cases
    bad = tmp_path / "bad.py"
    bad.write_text(CORRECT.replace("** 0.5", "** 1.0"))
    report = json.loads(cli("drill", "attention", str(bad), "--json").stdout)
    assert report["status"] == "fail" and len(report["tests"]) == 10


def test_a_failing_report_is_the_same_with_the_references_stored(home, cli, tmp_path):
    """The stored cases' answers are reused by the full path, not asked twice: same tests, same
    diagnosis as a first grading."""
    from tests.data.submissions import attn

    bad = tmp_path / "bad.py"
    bad.write_text(attn(scale=""))
    first = json.loads(cli("drill", "attention", str(bad), "--json", env={"STUDYXF_CASE_TIMEOUT": "2"}).stdout)
    assert list((home / "cache" / "references").glob("attention-*.json"))
    again = json.loads(cli("drill", "attention", str(bad), "--json", env={"STUDYXF_CASE_TIMEOUT": "2"}).stdout)
    assert [(t["name"], t["status"], t["message"]) for t in again["tests"]] == \
        [(t["name"], t["status"], t["message"]) for t in first["tests"]]
    assert [(d["mistake"], d["line"], d["step"]) for d in again["diagnosis"]] == \
        [(d["mistake"], d["line"], d["step"]) for d in first["diagnosis"]] == [("no-scale", 3, "scaled")]


def _drill(cli, tmp_path, drill, source, env=None):
    f = tmp_path / f"{drill}.py"
    f.write_text(source)
    res = cli("drill", drill, str(f), "--json", env={"STUDYXF_CASE_TIMEOUT": "5", **(env or {})}, timeout=180)
    return json.loads(res.stdout)


def test_a_module_drill_is_judged_from_what_the_module_returns(home, cli, tmp_path, mode):
    """a07: a module that patched the forked sandbox's grader to answer for it. The sandbox is a
    fresh interpreter now: there is no grader to patch, and the properties are decided by the judge."""
    from tests.conftest import ROOT

    attack = (ROOT / "tests/data/redteam/a07_module_patch_forked_sandbox.py").read_text()
    report = _drill(cli, tmp_path, "causal-self-attention", attack, mode)
    assert report["status"] == "fail" and "patched the forked sandbox" not in (report.get("output") or "")
    assert any(t["status"] == "fail" for t in report["tests"] if t["name"].startswith("d_model="))
    correct = (ROOT / "drills/causal-self-attention/solution.py").read_text()
    assert _drill(cli, tmp_path, "causal-self-attention", correct, mode)["status"] == "pass"


def test_a_module_whose_gradient_skips_its_input_is_caught_by_the_judge(home, cli, tmp_path):
    """The judge compares the gradient with respect to x that the module returns with its own: a
    residual through x.detach() computes the right values and the wrong gradient."""
    from tests.conftest import ROOT

    source = (ROOT / "drills/causal-self-attention/solution.py").read_text()
    assert "def forward(self, x):" in source
    detached = source.replace("def forward(self, x):", "def forward(self, x):\n"
                              "        return self._forward(x.detach())\n\n    def _forward(self, x):")
    report = _drill(cli, tmp_path, "causal-self-attention", detached)
    grad = next(t for t in report["tests"] if "with respect to x" in t["name"])
    assert report["status"] == "fail" and grad["status"] == "fail", report["tests"]


def test_a_driven_drill_runs_its_driver_in_the_judge(home, cli, tmp_path, mode):
    """kv-cache: the judge feeds decode_step chunk by chunk and checks the caches it gave back."""
    from tests.conftest import ROOT

    correct = (ROOT / "drills/kv-cache/solution.py").read_text()
    assert _drill(cli, tmp_path, "kv-cache", correct, mode)["status"] == "pass"
    in_place = correct.replace("    cache_k, cache_v = cache_k.copy(), cache_v.copy()\n", "")
    report = _drill(cli, tmp_path, "kv-cache", in_place, mode)
    assert report["status"] == "fail"
    assert "caches it was given" in json.dumps(report["tests"]), report["tests"]


def test_the_memory_check_is_measured_from_outside_the_sandbox(home, cli, tmp_path):
    """flash-attention's memory check reads the sandbox's peak in /proc from the judge: the full
    (T, T) matrix is caught through the real sandbox, and the tiled solution passes it. With
    namespaces where the machine has them: the sandbox is then in a PID namespace of its own."""
    from tests.conftest import ROOT
    from tests.data.submissions import FLASH_FULL

    mode = MODES["namespaces"] if isolated() else MODES["no namespaces"]
    full = _drill(cli, tmp_path, "flash-attention", FLASH_FULL, mode)
    mem = next(t for t in full["tests"] if t["name"].startswith("memory"))
    assert mem["status"] == "fail" and "MiB" in mem["message"], mem
    tiled = _drill(cli, tmp_path, "flash-attention", (ROOT / "drills/flash-attention/solution.py").read_text(), mode)
    assert tiled["status"] == "pass", [t for t in tiled["tests"] if t["status"] != "pass"]


def test_the_read_rules_reach_nothing_hidden_and_everything_else(tmp_path):
    """landlock.readable_except: what the sandbox may read once confined. No rule is a hidden path,
    inside one or on the way to one (a rule opens all beneath it); a link to a hidden folder is
    harmless where it lies (Landlock judges the path it leads to), and the rest (siblings, the
    kept folder inside a hidden one) is there."""
    from studyxf.grading.sandbox import landlock

    (tmp_path / "checkout" / "engine").mkdir(parents=True)
    (tmp_path / "checkout" / "studyxf").mkdir()
    (tmp_path / "checkout" / "README.md").write_text("x")
    (tmp_path / "temp" / "mine").mkdir(parents=True)
    (tmp_path / "temp" / "other").mkdir()
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "elsewhere" / "to-engine").symlink_to(tmp_path / "checkout" / "engine")
    (tmp_path / "to-checkout").symlink_to(tmp_path / "checkout")  # on the way: a rule here would open it
    (tmp_path / "elsewhere" / "plain").write_text("x")
    hidden = [str(tmp_path / "checkout" / "engine"), str(tmp_path / "checkout" / "README.md"), str(tmp_path / "temp")]
    rules = landlock.readable_except(hidden, [str(tmp_path / "temp" / "mine")])
    for rule in map(os.path.realpath, rules):  # a rule holds where its path leads
        assert rule == str(tmp_path / "temp" / "mine") or not any(landlock.within(rule, h) for h in hidden), rule
        assert not any(landlock.within(h, rule) for h in hidden), f"{rule} opens a hidden path beneath it"
    for readable in ("checkout/studyxf", "temp/mine", "elsewhere/plain"):  # under some rule
        assert any(landlock.within(str(tmp_path / readable), rule) for rule in rules), readable
    assert not any(landlock.within(str(tmp_path / "temp" / "other"), rule) for rule in rules)
    assert "/usr" in rules or not os.path.isdir("/usr")  # far from any hidden path: one rule


def test_another_history_of_the_learner_and_triton_s_cache_are_unreadable_too(home, cli, tmp_path, mode):
    """The red team's b15/b16: STUDYXF_HOME pointed elsewhere, but the platform's data directory
    (XDG_DATA_HOME/studyxf) held another history, and ~/.triton the drills' compiled solutions."""
    import shutil
    import tempfile

    if not landlock() or not os.access("/var/tmp", os.W_OK):
        pytest.skip("no Landlock here, or no /var/tmp to keep them out of /tmp (hidden whole)")
    base = Path(tempfile.mkdtemp(dir="/var/tmp"))
    try:
        other = base / "xdg" / "studyxf"
        other.mkdir(parents=True)
        (other / "studyxf.sqlite3").write_text("another history")
        cache = base / "triton-cache"
        cache.mkdir()
        (cache / "flash_kernel.source").write_text("a compiled solution")
        (base / "control").write_text("a file of the user's")  # beside them, hidden by nothing: not read either
        attack = ("read = []\n"
                  f"for path in ({str(other / 'studyxf.sqlite3')!r}, {str(cache / 'flash_kernel.source')!r}, "
                  f"{str(base / 'control')!r}):\n"
                  "    try:\n        open(path).read()\n        read.append(path)\n    except OSError:\n"
                  "        pass\n"
                  "print('read:', [p.rsplit('/', 1)[1] for p in read])\n" + CORRECT)
        env = {**mode, "XDG_DATA_HOME": str(base / "xdg"), "TRITON_CACHE_DIR": str(cache)}
        res, report = grade(cli, tmp_path, attack, env)
    finally:
        shutil.rmtree(base, ignore_errors=True)
    assert report["status"] == "pass", report
    assert "read: []" in report["output"], report["output"]


def test_the_sandbox_holds_no_capability(home, cli, tmp_path, mode):
    """Run by root (a container), the sandbox kept root's capabilities: it could make device nodes
    and read a non-dumpable judge's /proc entries (b11, b02). None come across its exec."""
    if os.geteuid() != 0:
        pytest.skip("not root: there are no capabilities to drop")
    attack = ("import os\nheld = [l.split()[1] for l in open('/proc/self/status') if l.startswith(('CapEff', 'CapPrm'))]\n"
              "try:\n    os.mknod('node', 0o600 | 0o020000, os.makedev(1, 1))\n    held.append('mknod')\n"
              "except OSError:\n    pass\n"
              + correct_unless("any(h.strip('0') for h in held)", "'capabilities: ' + repr(held)"))
    res, report = grade(cli, tmp_path, attack, mode)
    assert report["status"] == "pass", report
