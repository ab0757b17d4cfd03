"""studyxf's own GPU paths, skipped cleanly without CUDA: the grader (`studyxf drill ... --device
cuda`), each check through the real worker process as the command runs it, so CUDA starts inside
it as it would for a learner; and the training lab on CUDA, checkpoint and resume included. Runs
under pytest, or without it (`PYTHONPATH=. python tests/test_app_gpu.py`, for a GPU machine that
has only torch and numpy); benchmarks/gpu.sh runs it."""

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import torch

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.data.submissions import SUBMISSIONS  # noqa: E402
from tests.gpu_script import as_pytest, run_cases  # noqa: E402

WRONG_ATTENTION = """import torch
def attention(q, k, v, mask=None):
    s = q @ k.transpose(-2, -1)  # no 1/sqrt(d)
    if mask is not None:
        s = s.masked_fill(~mask, float("-inf"))
    return torch.nan_to_num(torch.softmax(s, dim=-1)) @ v
"""


def worker(drill: str, source: str) -> dict:
    """The report of the worker process grading `source` with --device cuda. The request is built
    from drill.yaml here (the catalogue needs platformdirs, which a bare GPU machine lacks)."""
    import yaml

    from studyxf.grading.request import Request, parse_entry

    folder = ROOT / "drills" / drill
    data = yaml.safe_load((folder / "drill.yaml").read_text())
    entry, method = parse_entry(data["entry"])
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "submission.py"
        path.write_text(source)
        req = Request(drill, str(path), str(folder), data["kind"], entry, method, data.get("forbidden", []), "cuda")
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        out = subprocess.run([sys.executable, "-m", "studyxf.grading.worker", req.to_json()], capture_output=True,
                             text=True, cwd=tmp, env=env, timeout=300).stdout
    lines = [json.loads(line[2:]) for line in out.splitlines() if line.startswith("R {")]
    assert lines, f"no report from the worker; it printed: {out[-500:]!r}"
    # an error report has no tests: its message is the cause (issue 41 saw only KeyError: 'tests')
    assert "tests" in lines[-1], lines[-1].get("message")
    return lines[-1]


HALF_CASES = ("attention", "multi-head-attention", "rope", "layer-norm", "rms-norm", "swiglu", "gqa", "mlp-gelu",
              "cross-attention", "flash-attention")  # function drills with float32 cases: fp16/bf16 copies on cuda


def _torch(source: str) -> bool:
    return "import torch" in source or "from torch" in source


def check_correct_passes_on_cuda(drill):
    source = next(s for s in SUBMISSIONS[drill]["correct"] if _torch(s))
    report = worker(drill, source)
    on_gpu = [t for t in report["tests"] if "on cuda" in t["name"]]
    if drill in HALF_CASES:
        assert on_gpu, "no fp16/bf16 cases on cuda"
    bad = [(t["name"], t["message"]) for t in report["tests"] if t["status"] != "pass"]
    assert report["status"] == "pass", bad


def check_mistake_named_on_cuda(drill, mistake):
    report = worker(drill, SUBMISSIONS[drill]["mistakes"][mistake])
    assert report["status"] == "fail", report["status"]
    assert mistake in [d["mistake"] for d in report["diagnosis"]], report["diagnosis"]


def check_wrong_is_named_on_cuda():
    report = worker("attention", WRONG_ATTENTION)
    assert report["status"] == "fail"
    assert [d["mistake"] for d in report["diagnosis"]] == ["no-scale"], report["diagnosis"]


ROPE_CPU_ONLY = """import torch
def apply_rope(x, positions=None, base=10000.0):
    T, d = x.shape[-2:]
    pos = torch.arange(T) if positions is None else positions  # made on the CPU whatever x is on
    ang = pos.double()[:, None] * base ** (-torch.arange(0, d, 2, dtype=torch.float64) / d)
    c, s = ang.cos().to(x.dtype), ang.sin().to(x.dtype)
    x0, x1 = x[..., 0::2], x[..., 1::2]
    return torch.stack((x0 * c - x1 * s, x0 * s + x1 * c), -1).flatten(-2)
"""


def check_device_hint_on_cuda():
    report = worker("rope", ROPE_CPU_ONLY)
    assert report["status"] == "fail"
    cpu = [t for t in report["tests"] if "on cuda" not in t["name"]]
    assert all(t["status"] == "pass" for t in cpu), cpu
    gpu = [t for t in report["tests"] if "on cuda" in t["name"] and t["status"] != "pass"]
    assert gpu and all("device=x.device" in t["message"] for t in gpu), gpu[:1]


def check_lab_train_on_cuda():
    from studyxf.labs.train import Trainer, TrainConfig, default_corpus

    cfg = TrainConfig(steps=30, checkpoint_every=30)
    with tempfile.TemporaryDirectory() as tmp:
        ckpt = Path(tmp) / "train.pt"
        trainer = Trainer(default_corpus(200_000), cfg, ckpt, device="cuda")
        assert trainer.device.type == "cuda"
        trainer.run()
        assert trainer.step == 30 and trainer.losses[-1] < trainer.losses[0]
        print(f"lab train on cuda: loss {trainer.losses[0]:.3f} -> {trainer.losses[-1]:.3f} in 30 steps")
        assert len(trainer.sample(50)) == 50
        again = Trainer(default_corpus(200_000), TrainConfig(steps=40, checkpoint_every=30), ckpt, device="cuda")
        assert again.resumed and again.step == 30


CASES = [(check_correct_passes_on_cuda, (d,)) for d, s in SUBMISSIONS.items() if any(map(_torch, s["correct"]))]
CASES += [(check_mistake_named_on_cuda, (d, m)) for d, s in SUBMISSIONS.items() if d in HALF_CASES
          for m, src in s["mistakes"].items() if _torch(src)]
CASES += [(check_wrong_is_named_on_cuda, ()), (check_device_hint_on_cuda, ()), (check_lab_train_on_cuda, ())]
IDS = [f"{fn.__name__}{args}".replace(" ", "") for fn, args in CASES]

test_app_gpu = as_pytest(CASES, IDS)


if __name__ == "__main__":
    sys.exit(run_cases(CASES, IDS, "grader and lab on cuda"))
