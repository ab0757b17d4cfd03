"""Issue 40's red team, through the CLI as a learner runs it, with user namespaces and without them:
nothing leaves the sandbox (no connection of any kind, no read of a user's file, no signal to
another process), and the rules the sandbox reports about itself are decided where the file cannot
lie (the dtype from the bytes, the time by the judge's clock, the input's bytes and autograd's
gradients through functions bound before the file was imported, the framework from what the file
imported when it ran). A correct file still passes beside each attack."""

import json
import os
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.test_sandbox import CORRECT, MODES, grade, landlock



@pytest.fixture(params=sorted(MODES))
def mode(request):
    return MODES[request.param]


@pytest.fixture
def outside():
    """A folder of the user's outside /tmp (which the sandbox hides whole) and outside every folder
    studyxf hides: only the allow-list keeps the sandbox out of it."""
    base = Path(tempfile.mkdtemp(dir="/var/tmp" if os.access("/var/tmp", os.W_OK) else None))
    yield base
    import shutil

    shutil.rmtree(base, ignore_errors=True)


def test_no_connection_leaves_the_sandbox_and_no_user_file_is_read(home, cli, tmp_path, mode, outside):
    """The red team read a 0600 file and sent it to a TCP listener on 127.0.0.1, and reached an ssh
    agent's socket: now every socket() is refused and the file is out of the allow-list."""
    secret = outside / "id_key"
    secret.write_text("the user's secret")
    secret.chmod(0o600)
    tcp = socket.socket()
    tcp.bind(("127.0.0.1", 0))
    tcp.listen(8)
    tcp.setblocking(False)
    path = outside / "agent.sock"
    unix = socket.socket(socket.AF_UNIX)
    unix.bind(str(path))
    unix.listen(8)
    unix.setblocking(False)
    abstract = socket.socket(socket.AF_UNIX)
    name = f"\0studyxf-test-{os.getpid()}"
    abstract.bind(name)
    abstract.listen(8)
    abstract.setblocking(False)
    attack = ("import socket\ndone = []\n"
              "def tryit(what, act):\n    try:\n        act()\n        done.append(what)\n    except Exception:\n"
              "        pass\n"
              f"tryit('read', lambda: open({str(secret)!r}).read())\n"
              f"tryit('tcp', lambda: socket.create_connection(('127.0.0.1', {tcp.getsockname()[1]}), timeout=2))\n"
              f"tryit('unix', lambda: socket.socket(socket.AF_UNIX).connect({str(path)!r}))\n"
              f"tryit('abstract', lambda: socket.socket(socket.AF_UNIX).connect({name!r}))\n"
              "tryit('udp', lambda: socket.socket(socket.AF_INET, socket.SOCK_DGRAM).sendto(b'x', ('127.0.0.1', 9)))\n"
              "tryit('netlink', lambda: socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, 0))\n"
              "print('done:', done)\n" + CORRECT)
    try:
        res, report = grade(cli, tmp_path, attack, mode)
        accepted = []
        for s in (tcp, unix, abstract):
            try:
                accepted.append(s.accept())
            except BlockingIOError:
                pass
    finally:
        for s in (tcp, unix, abstract):
            s.close()
    assert report["status"] == "pass", report
    assert "done: []" in report["output"], report["output"]
    assert not accepted


def test_no_signal_reaches_a_process_outside_the_sandbox(home, cli, tmp_path, mode):
    """Without namespaces the sandbox SIGSTOPped the drill command, which never returned: now a
    signal reaches only the sandbox itself (seccomp, and Landlock's signal scope where present)."""
    marker = tmp_path / "signalled"
    other = subprocess.Popen([sys.executable, "-c",
                              "import signal, sys, time\n"
                              "signal.signal(signal.SIGUSR1, lambda *a: open(sys.argv[1], 'w').write('got'))\n"
                              "print('ready', flush=True)\ntime.sleep(120)\n", str(marker)],
                             stdout=subprocess.PIPE, text=True)
    try:
        assert other.stdout.readline().strip() == "ready"
        attack = ("import os, signal\nsent = []\n"
                  f"for pid in ({other.pid}, os.getppid()):\n"
                  "    try:\n        os.kill(pid, signal.SIGUSR1 if pid != os.getppid() else 0)\n"
                  "        sent.append(pid)\n    except OSError:\n        pass\n"
                  "print('sent:', sent)\n" + CORRECT)
        res, report = grade(cli, tmp_path, attack, mode)
    finally:
        other.kill()
        other.wait()
    assert report["status"] == "pass", report
    assert not marker.exists()
    assert str(other.pid) not in report["output"], report["output"]


def test_no_process_can_be_started(home, cli, tmp_path, mode):
    """A chain of processes, each in its own session, outlived the grading without namespaces; a
    forked child held memory the judge did not measure. No process is started at all now."""
    attack = ("import os, subprocess\nstarted = []\n"
              "for act in (os.fork, lambda: subprocess.run(['true']), lambda: os.posix_spawn('/bin/true', ['true'], {})):\n"
              "    try:\n        pid = act()\n        if pid == 0:\n            os._exit(0)\n"
              "        started.append(1)\n    except OSError:\n        pass\n"
              "import threading\nt = threading.Thread(target=lambda: None)\nt.start()\nt.join()\n"
              "print('started:', started)\n" + CORRECT)
    res, report = grade(cli, tmp_path, attack, mode)
    assert report["status"] == "pass", report  # threads still work
    assert "started: []" in report["output"], report["output"]


def test_a_float64_answer_labelled_float32_fails_the_dtype_rule(home, cli, tmp_path):
    """The judge read the dtype from the label the sandbox sent: a file that patched the wire's
    encoder passed float64 as float32. The bytes say what they are."""
    attack = ("import numpy as np\nfrom studyxf.grading import wire\n_encode = wire.encode\n"
              "def encode(value, depth=0):\n    out = _encode(value, depth)\n"
              "    if out.get('t') == 'array' and out['dtype'] == 'float64':\n        out['dtype'] = 'float32'\n"
              "    return out\nwire.encode = encode\n"
              + CORRECT.replace("return w @ v", "return (w @ v).astype(np.float64)"))
    assert "astype(np.float64)" in attack
    res, report = grade(cli, tmp_path, attack, {})
    assert report["status"] == "fail"
    # its import of studyxf is forbidden by the text; the bytes decide the dtype rule all the same
    failed = [t for t in report["tests"] if t["status"] != "pass" and t["name"] != "forbidden"]
    assert failed and all("dtype" in t["message"] and "float64" in t["message"] for t in failed), failed


def test_a_cancelled_alarm_does_not_stretch_the_time_limit(home, cli, tmp_path):
    """The judge waited the case's limit + 5 s: a file that cancelled the sandbox's alarm had 7 s
    where the limit said 2. The judge's own clock decides at the limit (and a second to carry)."""
    attack = ("import signal, time\n"
              + CORRECT.replace("def attention(", "def _attention(")
              + "def attention(*a, **kw):\n    signal.setitimer(signal.ITIMER_REAL, 0)\n"
                "    time.sleep(4.5)\n    return _attention(*a, **kw)\n")
    res, report = grade(cli, tmp_path, attack, {})  # STUDYXF_CASE_TIMEOUT=2
    assert report["status"] == "fail"
    assert report["tests"][0]["status"] == "error" and "time-out" in report["tests"][0]["message"], report["tests"][0]


def test_a_replaced_torch_equal_does_not_hide_an_input_modified_in_place(home, cli, tmp_path):
    attack = ("import torch\n"
              "def attention(q, k, v, mask=None):\n"
              "    torch.equal = lambda a, b: True\n    torch.Tensor.clone = lambda self: self\n"
              "    out = torch.nn.functional.softmax(q @ k.transpose(-1, -2) / q.shape[-1] ** 0.5\n"
              "        + (0 if mask is None else torch.where(mask, 0.0, float('-inf')).to(q.dtype)), dim=-1) @ v\n"
              "    q.mul_(0)\n    return torch.nan_to_num(out, nan=0.0)\n")
    res, report = grade(cli, tmp_path, attack, {})
    assert report["status"] == "fail"
    assert any("modified one of its inputs" in (t["message"] or "") for t in report["tests"]), report["tests"]


def test_a_numpy_array_made_writable_again_is_still_caught_modifying_its_input(home, cli, tmp_path):
    attack = ("import numpy as np\n" + CORRECT.replace("def attention(", "def _attention(")
              + "def attention(q, k, v, mask=None):\n    out = _attention(q, k, v, mask)\n"
                "    q.setflags(write=True)\n    q[...] = 0\n    return out\n")
    res, report = grade(cli, tmp_path, attack, {})
    assert report["status"] == "fail"
    assert any("modified one of its inputs" in (t["message"] or "") for t in report["tests"]), report["tests"]


def test_a_computed_import_of_torch_is_graded_as_torch_with_the_guard(home, cli, tmp_path):
    """importlib.import_module("to" + "rch") and SDPA through getattr: the file was judged as NumPy,
    with no guard, and passed. What the file imported when it ran decides."""
    attack = ("import importlib\ntorch = importlib.import_module('to' + 'rch')\n"
              "F = getattr(torch.nn, 'functional')\nsdpa = getattr(F, 'scaled_dot_' + 'product_attention')\n"
              "def attention(q, k, v, mask=None):\n    return sdpa(q, k, v, attn_mask=mask)\n")
    res, report = grade(cli, tmp_path, attack, {"STUDYXF_CASE_TIMEOUT": "10"})  # its import imports torch
    assert report["status"] == "fail" and report["framework"] == "torch", report
    assert all("not allowed" in (t["message"] or "") for t in report["tests"]), report["tests"]
    late = ("import importlib\n" + CORRECT.replace("def attention(", "def _attention(")
            + "def attention(*a, **kw):\n    importlib.import_module('to' + 'rch')\n    return _attention(*a, **kw)\n")
    res, report = grade(cli, tmp_path, late, {"STUDYXF_CASE_TIMEOUT": "10"})  # the first call imports torch
    assert report["status"] == "fail" and "graded as a torch file" in json.dumps(report["tests"]), report


def test_what_the_file_prints_reaches_the_terminal_escaped(home, cli, tmp_path):
    """A screen clear, a fake green PASS and an OSC 52 clipboard write went to the terminal raw."""
    attack = ("print('\\x1b[2J\\x1b[32mPASS 10/10\\x1b[0m\\x1b]52;c;ZXZpbA==\\x07 plain\\ttab')\n" + CORRECT)
    res, report = grade(cli, tmp_path, attack, {})
    assert report["status"] == "pass"
    assert "\x1b" not in report["output"] and "\x07" not in report["output"]
    assert "\\x1b[2J" in report["output"] and "plain\ttab" in report["output"]
    text = cli("drill", "attention", str(tmp_path / "attack.py"), env={"STUDYXF_CASE_TIMEOUT": "2"})
    assert "\x1b]52" not in text.stdout and "\x1b[2J" not in text.stdout and "\\x1b[2J" in text.stdout


def test_gradients_made_up_for_a_detached_weight_do_not_pass(home, cli, tmp_path):
    """A forward that detached its output projection's weight and wrote a .grad for it passed
    "gradients reach every parameter": autograd's own function, bound before the file, decides."""
    source = (ROOT / "drills/causal-self-attention/solution.py").read_text()
    assert "return self.proj(out)" in source
    attack = source.replace("return self.proj(out)",
                            "self.proj.weight.grad = torch.ones_like(self.proj.weight)\n"
                            "        return torch.nn.functional.linear(out, self.proj.weight.detach())")
    f = tmp_path / "module.py"
    f.write_text(attack)
    res = cli("drill", "causal-self-attention", str(f), "--json", env={"STUDYXF_CASE_TIMEOUT": "5"}, timeout=180)
    report = json.loads(res.stdout)
    grads = next(t for t in report["tests"] if t["name"] == "gradients reach every parameter")
    assert report["status"] == "fail" and grads["status"] == "fail", grads
    assert "proj" in grads["message"], grads


def test_the_header_says_what_holds_without_namespaces(home, cli, tmp_path):
    if not landlock():
        pytest.skip("no Landlock here")
    res, _ = grade(cli, tmp_path, CORRECT, MODES["no namespaces"], json_report=False)
    said = " ".join(res.stdout.split())
    assert "no sockets, no new processes, signals to itself only (seccomp)" in said
    assert "reads only what Python, NumPy and torch need (Landlock)" in said


# -- the third red team's passes (tests/data/redteam3), each closed -------------------------------

def test_the_learners_terminal_is_out_of_reach(home, cli, tmp_path, mode):
    """The sandbox shared the command's terminal: it wrote escapes to /dev/tty and pushed a command
    into the shell's input with TIOCSTI. It is in a session of its own now (no controlling
    terminal), TIOCSTI is refused whatever descriptor it finds, and /dev holds only null, zero and
    the random devices for it (no /dev/shm, no disk, no terminal)."""
    attack = ("import os, fcntl, termios\ndone = []\n"
              "def tryit(what, act):\n    try:\n        act()\n        done.append(what)\n    except Exception:\n"
              "        pass\n"
              "tryit('tty', lambda: os.open('/dev/tty', os.O_RDWR))\n"
              "tryit('tiocsti', lambda: fcntl.ioctl(0, termios.TIOCSTI, b'x'))\n"
              "tryit('shm', lambda: open('/dev/shm/planted', 'w').write('x'))\n"
              "tryit('pts', lambda: os.listdir('/dev/pts') and open('/dev/pts/0', 'w'))\n"
              "tryit('null', lambda: open('/dev/null', 'w').write('x'))\n"
              "tryit('urandom', lambda: open('/dev/urandom', 'rb').read(4))\n"
              "print('done:', done)\n" + CORRECT)
    res, report = grade(cli, tmp_path, attack, mode)
    assert report["status"] == "pass", report
    assert "done: ['null', 'urandom']" in report["output"], report["output"]


def test_a_socket_pair_reaches_no_datagram_socket_of_the_user(home, cli, tmp_path, mode, outside):
    path = outside / "dgram.sock"
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    listener.bind(str(path))
    listener.setblocking(False)
    attack = ("import socket\ntry:\n    a, b = socket.socketpair(socket.AF_UNIX, socket.SOCK_DGRAM)\n"
              f"    a.sendto(b'x', {str(path)!r})\n    print('sent')\nexcept OSError as exc:\n    print('refused')\n"
              + CORRECT)
    try:
        res, report = grade(cli, tmp_path, attack, mode)
        try:
            got = listener.recv(10)
        except BlockingIOError:
            got = None
    finally:
        listener.close()
    assert report["status"] == "pass" and "refused" in report["output"], report
    assert got is None


def test_a_sandbox_that_closes_its_pipes_and_runs_on_is_killed_at_once(home, cli, tmp_path, mode):
    """It cleared its death signal, ignored the alarm, closed the pipes and looped: the judge waited
    on it without end (120 s, and it outlived the grading). Now the death signal cannot be cleared,
    and a sandbox whose pipe ended is given a moment, then killed."""
    import time

    # a name of its own: the sandbox's command line holds its copy's path, found afterwards by pgrep
    # (another grading of the same suite beside this one must not be taken for it)
    f = tmp_path / f"stall_{os.getpid()}_{time.time_ns()}.py"
    f.write_text((ROOT / "tests/data/redteam3/a14_eof_stall.py").read_text())
    start = time.monotonic()
    res = cli("drill", "attention", str(f), "--json", env={"STUDYXF_CASE_TIMEOUT": "2", **mode}, timeout=60)
    report = json.loads(res.stdout)
    assert time.monotonic() - start < 30
    assert report["status"] == "error" and "went on running (killed)" in report["message"], report
    alive = subprocess.run(["pgrep", "-f", f.name], capture_output=True, text=True).stdout.split()
    assert not alive, alive


def test_what_an_exception_says_reaches_the_terminal_escaped(home, cli, tmp_path):
    attack = (CORRECT.replace("def attention(", "def _attention(")
              + "class Err(Exception):\n    pass\n"
                "def attention(*a, **kw):\n    raise Err('\\x1b[2J\\x1b[42m10 of 10 tests passed\\x1b]52;c;ZXZpbA==\\x07')\n")
    text = cli("drill", "attention", str(tmp_path / "x.py"), env={"STUDYXF_CASE_TIMEOUT": "2"}) \
        if (tmp_path / "x.py").write_text(attack) else None
    assert "\x1b[2J" not in text.stdout and "\x1b]52" not in text.stdout and "\\x1b[2J" in text.stdout
    res, report = grade(cli, tmp_path, attack, {})
    assert "\x1b" not in json.dumps(report, ensure_ascii=False) and "\\x1b[2J" in json.dumps(report["tests"])


def test_memory_freed_at_the_start_of_a_call_does_not_hide_the_score_matrix(home, cli, tmp_path):
    """A 1.5 GiB ballast held from import and freed inside the call hid the full (T, T) matrix under
    the peak counter: the judge also samples the resident size while the call runs."""
    attack = (ROOT / "tests/data/redteam3/a08_flash_ballast.py").read_text()
    f = tmp_path / "flash.py"
    f.write_text(attack)
    res = cli("drill", "flash-attention", str(f), "--json", env={"STUDYXF_CASE_TIMEOUT": "10"}, timeout=180)
    report = json.loads(res.stdout)
    memory = next(t for t in report["tests"] if t["name"].startswith("memory"))
    assert memory["status"] == "fail" and "MiB" in memory["message"], memory


@pytest.mark.parametrize("spelling", [
    "from studyxf.grading.sandbox import calls\ncalls.same = lambda *a: True\n",
    "import sys\ncalls = sys.modules.get('studyxf.grading.sandbox.calls')\n",
    "f = (lambda: 0).__globals__\n",
    "import gc\nobjs = gc.get_objects\n",
])
def test_reaching_the_graders_own_code_in_the_sandbox_is_forbidden(home, cli, tmp_path, spelling):
    """The in-place and gradient checks run in the learner's process: a file that patched them (the
    grader's modules, reached by import, sys.modules, a function's globals or the garbage collector)
    passed. Such spellings are forbidden by the file's text, in every drill."""
    res, report = grade(cli, tmp_path, spelling + CORRECT, {})
    assert report["status"] == "fail"
    assert report["tests"][0]["name"] == "forbidden" and "not allowed here" in report["tests"][0]["message"], report
