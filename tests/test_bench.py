"""--bench inside the sandbox (issue 41), its plumbing checked on the CPU: the judge times its
baseline, asks the grading's sandbox to time the learner's function over a batch of launches,
checks the claimed times against its own wall clock and rows of the output chosen after the
batch; the learner's file is imported only in the sandbox. On a GPU the same path times with CUDA
events at the drills' sizes (benchmarks/gpu.sh); here Triton's interpreter runs a small case."""

import importlib.util
import json
import os
import subprocess
import sys

import pytest

from studyxf.grading import bench
from tests.conftest import ROOT
from tests.data import kernel_submissions as ks

needs_triton = pytest.mark.skipif(importlib.util.find_spec("triton") is None,
                                  reason="triton is not installed (pip install '.[kernels]')")


def test_a_claimed_time_far_below_the_wall_clock_is_refused():
    honest = [2.0] * 100  # 100 launches of 2 ms: 200 ms on the device
    assert bench.check_claim(honest, 100, wall_ms=230.0) is None
    forged = [0.0001] * 100  # issue 41's 0.0001 ms, over a batch the judge saw take 230 ms
    said = bench.check_claim(forged, 100, wall_ms=230.0)
    assert said.startswith("the times your sandbox sent (100 launches, 0.010 ms in all) are far below the judge's wall "
                           "clock over them (230.0 ms): refused")
    assert bench.check_claim([1.0] * 99, 100, 100.0)  # not one time per launch
    for bad in ([float("nan")] * 3, [-1.0] * 3, [True] * 3, "fast", None):
        assert bench.check_claim(bad, 3, 10.0), bad
    # a wall of round trips alone (tiny kernels): the slack keeps an honest fast kernel
    assert bench.check_claim([0.001] * 10, 10, wall_ms=20.0) is None


JUDGE = """
import builtins, json, os, sys
os.environ["TRITON_INTERPRET"] = "1"
import torch
from studyxf.grading import bench, catalogue, runner
from studyxf.grading.sandbox import launch

os.environ["PYTHONPATH"] = runner._env(os.getcwd())["PYTHONPATH"]  # as the worker is started: the sandbox runs -S

drill = catalogue.all_drills()["softmax-triton"]
req = drill.request(__import__("pathlib").Path(sys.argv[1]), "cpu")
box = launch.Sandbox(req, "torch", req.hide + req.hide_code)
first = box.ask(None, 60.0)
spec = {"inputs": [[64, 100]], "dtype": "float32", "kwargs": {}, "flops": None, "bytes": 2 * 4 * 64 * 100,
        "label": "softmax 64 x 100, fp32 (the tests' CPU bench)", "baseline": lambda x: torch.softmax(x, dim=-1)}
result = bench.judge_bench("softmax-triton", box.ask, torch, "cpu", spec, launches=10)
box.close()
print(json.dumps({"first": first, "result": result, "imported_here": hasattr(builtins, "STUDYXF_IMPORTED")}))
"""

MARK = "import builtins as _b\n_b.STUDYXF_IMPORTED = True  # where this file is imported\n"
FORGE = ("import studyxf.grading.bench as _k\n_real = _k.time_calls\n"
         "_k.time_calls = lambda fn, n, torch, device: [t * 0 + 0.0001 for t in _real(fn, n, torch, device)]\n")


def _judge(tmp_path, source) -> dict:
    f = tmp_path / "k.py"
    f.write_text(source)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "STUDYXF_HOME": str(tmp_path / "home")}
    done = subprocess.run([sys.executable, "-c", JUDGE, str(f)], capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


@needs_triton
def test_the_bench_times_the_kernel_in_the_sandbox_and_never_imports_it_in_the_judge(tmp_path):
    out = _judge(tmp_path, MARK + ks.solution("softmax-triton"))
    assert out["first"]["imported"] and not out["imported_here"], out
    result = out["result"]
    assert "error" not in result, result
    assert result["launches"] == 10 and result["ms"] > 0 and result["gpu"] == "cpu"
    assert result["wall_ms"] >= 10 * result["ms"] * bench.WALL_FRACTION
    assert set(result["ratios"]) == {"torch"} and result["gbps"] > 0
    assert bench.describe(result)[1].startswith("  yours: ")


@needs_triton
def test_a_forged_time_from_the_sandbox_is_refused(tmp_path):
    # the learner's file replaces the sandbox's own timing at import: the judge's wall clock refuses it
    out = _judge(tmp_path, FORGE + ks.solution("softmax-triton"))
    assert out["result"]["error"].startswith("the times your sandbox sent (10 launches, 0.001 ms in all) are far "
                                             "below the judge's wall clock"), out["result"]
    assert "ms" not in out["result"]
    assert not bench.record_best("softmax-triton", out["result"], "2026-12-04T12:00:00")  # nothing kept


@needs_triton
def test_an_output_wrong_at_the_bench_size_is_not_timed(tmp_path):
    # right on the graded cases, wrong on a 64-row input: the rows sampled after the batch show it
    wrong = ks.solution("softmax-triton").replace("    return out\n", "    return out * 2 if n_rows == 64 else out\n")
    out = _judge(tmp_path, wrong)
    assert "differs from torch's" in out["result"]["error"], out["result"]


def test_the_command_asks_the_judge_for_the_bench_and_nothing_else_imports_the_file(monkeypatch):
    from studyxf.grading import runner
    from studyxf.grading.request import Request
    from tests.drill_helpers import DRILLS

    started = []

    class NoWorker:  # the worker's command line, captured instead of started
        def __init__(self, cmd, **kwargs):
            started.append(cmd)

    monkeypatch.setattr(runner.subprocess, "Popen", NoWorker)
    pending = runner.Pending(DRILLS["softmax-triton"], ROOT / "drills" / "softmax-triton" / "solution.py", device="cuda",
                             bench=True)
    pending.cwd.cleanup()
    monkeypatch.undo()  # subprocess's own Popen again
    req = Request.from_json(started[0][-1])
    assert req.bench and req.device == "cuda" and pending.timeout == runner.TIMEOUT_S + runner.BENCH_TIMEOUT_S
    # the module that once imported the learner's file outside the sandbox has no entry point left
    done = subprocess.run([sys.executable, "-m", "studyxf.grading.bench", "{}"], capture_output=True, text=True,
                          cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.stdout == "" and done.returncode == 0
