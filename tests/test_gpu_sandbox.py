"""The GPU's side of the grader that a CPU machine can check (issue 41): --device cuda where CUDA
does not start is an error in one line, never a CPU run reported as a pass; --device auto falls
back to the CPU and says so; each test says where it ran; and the sandbox keeps what CUDA needs
from the environment (LD_LIBRARY_PATH, CUDA_*, NVIDIA_*), which it once dropped unseen."""

import json

import pytest

from tests.data.submissions import SUBMISSIONS
from tests.test_sandbox import MODES, correct_unless

CORRECT = SUBMISSIONS["attention"]["correct"][0]
TORCH_ATTENTION = """import torch


def attention(q, k, v, mask=None):
    s = (q @ k.transpose(-2, -1)) / q.shape[-1] ** 0.5
    if mask is not None:
        s = s.masked_fill(~mask, float("-inf"))
    return torch.nan_to_num(torch.softmax(s, dim=-1)) @ v
"""


def no_cuda():
    torch = pytest.importorskip("torch")
    if torch.cuda.is_available():
        pytest.skip("a GPU is here: --device cuda grades on it (benchmarks/gpu.sh)")


def test_device_cuda_without_cuda_is_an_error_in_one_line_not_a_cpu_pass(home, cli, tmp_path):
    no_cuda()
    f = tmp_path / "att.py"
    f.write_text(TORCH_ATTENTION)
    done = cli("drill", "attention", str(f), "--device", "cuda", "--json", env={"STUDYXF_HOME": str(home)})
    report = json.loads(done.stdout)
    assert done.returncode == 1 and report["status"] == "error" and report["tests"] == [], done.stdout
    message = report["message"]
    assert "\n" not in message and message.startswith("--device cuda: CUDA does not start in the grader (")
    assert message.endswith("nothing was graded on the CPU instead: run `studyxf doctor`")
    done = cli("drill", "attention", str(f), "--device", "cuda", env={"STUDYXF_HOME": str(home)})
    assert done.returncode == 1 and done.stdout.startswith("attention: ERROR"), done.stdout
    assert message in " ".join(done.stdout.split()) and "PASS" not in done.stdout  # wrapped at 80 columns


def test_device_auto_falls_back_to_the_cpu_and_says_so(home, cli, tmp_path):
    no_cuda()
    f = tmp_path / "att.py"
    f.write_text(TORCH_ATTENTION)
    done = cli("drill", "attention", str(f), "--device", "auto", "--json", env={"STUDYXF_HOME": str(home)})
    report = json.loads(done.stdout)
    assert done.returncode == 0 and report["status"] == "pass", done.stdout + done.stderr
    assert {t["device"] for t in report["tests"]} == {"cpu"}
    assert report["device_note"].startswith("--device auto: graded on the CPU (CUDA: ")
    done = cli("drill", "attention", str(f), "--device", "auto", env={"STUDYXF_HOME": str(home)})
    assert "--device auto: graded on the CPU" in done.stdout.splitlines()[1], done.stdout


def test_each_test_says_on_which_device_it_ran(home, cli, tmp_path):
    f = tmp_path / "att.py"
    f.write_text(CORRECT)
    report = json.loads(cli("drill", "attention", str(f), "--json", env={"STUDYXF_HOME": str(home)}).stdout)
    assert report["status"] == "pass" and report["tests"]
    assert all(t["device"] == "cpu" for t in report["tests"]), report["tests"]


@pytest.mark.parametrize("mode", sorted(MODES))
def test_the_sandbox_sees_the_hosts_device_nodes_and_driver_files(home, cli, tmp_path, mode):
    """CUDA opens /dev/nvidia* and reads /proc/driver/nvidia: the sandbox's new mounts must leave both
    as the host has them (here the host's /dev and /proc/driver, whatever they hold)."""
    import os

    host = sorted(os.listdir("/dev"))
    driver = sorted(os.listdir("/proc/driver")) if os.path.isdir("/proc/driver") else None
    attack = (f"import os\nseen = sorted(os.listdir('/dev'))\n"
              f"driver = sorted(os.listdir('/proc/driver')) if os.path.isdir('/proc/driver') else None\n"
              f"gone = sorted(set({host!r}) - set(seen))\n"
              + correct_unless(f"gone or driver != {driver!r}", "f'/dev lacks {gone}; /proc/driver {driver}'"))
    f = tmp_path / "dev.py"
    f.write_text(attack)
    report = json.loads(cli("drill", "attention", str(f), "--json", env={"STUDYXF_HOME": str(home), **MODES[mode]}).stdout)
    assert report["status"] == "pass", [t["message"] for t in report["tests"] if t["status"] != "pass"][:1]


KEPT = {"LD_LIBRARY_PATH": "/opt/nvidia/lib64", "CUDA_VISIBLE_DEVICES": "0", "CUDA_CACHE_PATH": "/tmp/cuda-cache",
        "NVIDIA_VISIBLE_DEVICES": "all", "NVIDIA_DRIVER_CAPABILITIES": "compute,utility"}
DROPPED = {"SECRET_TOKEN": "s3cret", "AWS_SECRET_ACCESS_KEY": "k"}


@pytest.mark.parametrize("mode", sorted(MODES))
def test_the_sandbox_keeps_what_cuda_needs_from_the_environment(home, cli, tmp_path, mode):
    """What the GPU sandbox keeps, pinned on a CPU machine: issue 41 found the GPU gradings failing
    in the sandbox while CUDA started in the command, the environment's allow-list among the causes."""
    attack = (f"import os\nwant = {KEPT!r}\nmissing = [k for k, v in want.items() if os.environ.get(k) != v]\n"
              f"leaked = [k for k in {sorted(DROPPED)!r} if k in os.environ]\n"
              + correct_unless("missing or leaked", "f'missing {missing}, leaked {leaked}'"))
    f = tmp_path / "env.py"
    f.write_text(attack)
    done = cli("drill", "attention", str(f), "--json", env={"STUDYXF_HOME": str(home), **KEPT, **DROPPED,
                                                               **MODES[mode]})
    report = json.loads(done.stdout)
    assert report["status"] == "pass", [t["message"] for t in report["tests"] if t["status"] != "pass"][:1]
