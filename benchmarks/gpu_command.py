"""The learner's path on a GPU (issue 41, run by benchmarks/gpu.sh): the command itself, as a learner
runs it, from the source tree (PYTHONPATH=.), in a fresh data directory whose config.toml asks for
device = "cuda". Each run is one line, ok or FAIL with what was expected, then its figures:

- `studyxf doctor` (exit 0: CUDA in the command and in the sandbox, with the device's name);
- `studyxf drill NAME FILE --device cuda --json` for two torch drills (attention, layer-norm): a
  pass, its fp16/bf16 cases run there (tests carrying device "cuda");
- `studyxf drill NAME SOLUTION --bench` for the three Triton drills: a pass and the bench's lines
  (yours against torch's op, timed in the sandbox);
- a wrong kernel (softmax-triton with the masked lanes loaded as 0) named there as on the CPU, and
  a dummy kernel with torch computing refused as forbidden.

Needs studyxf's own dependencies (click, rich, platformdirs, PyYAML, sqlite-utils...: see
../shared/gpu/README.md); where they are missing it says so and exits 0. No torch imported here."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def studyxf(home: str, *args: str, timeout: int = 900) -> tuple[subprocess.CompletedProcess, float]:
    env = {**os.environ, "STUDYXF_HOME": home, "PYTHONPATH": str(ROOT), "NO_COLOR": "1"}
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "studyxf", *args], capture_output=True, text=True, env=env,
                          timeout=timeout, stdin=subprocess.DEVNULL)
    return done, time.monotonic() - started


def main() -> int:
    probe = subprocess.run([sys.executable, "-m", "studyxf", "--help"], capture_output=True, text=True,
                           env={**os.environ, "PYTHONPATH": str(ROOT)})
    if probe.returncode != 0:
        last = (probe.stderr.strip().splitlines() or ["?"])[-1]
        print(f"SKIP the command's runs: studyxf's dependencies are not importable here ({last}); "
              f"see ../shared/gpu/README.md")
        return 0
    from tests.data import kernel_submissions as ks
    from tests.data.submissions import SUBMISSIONS

    failed = runs = 0
    home = tempfile.mkdtemp(prefix="studyxf-gpu-home-")
    Path(home, "config.toml").write_text('device = "cuda"\n')
    work = Path(tempfile.mkdtemp(prefix="studyxf-gpu-files-"))

    def say(ok: bool, what: str, done, seconds: float, extra: list[str] = ()) -> None:
        nonlocal failed, runs
        failed += not ok
        runs += 1
        print(f"{'ok  ' if ok else 'FAIL'} {what} (exit {done.returncode}, {seconds:.1f} s)", flush=True)
        for line in extra:
            print(f"     {line}")
        if not ok:
            print("     " + "\n     ".join((done.stdout + done.stderr).strip().splitlines()[-12:]))

    done, s = studyxf(home, "doctor")
    lines = done.stdout.splitlines()
    say(done.returncode == 0, "studyxf doctor (config asks for cuda)", done, s,
        [ln for ln in lines if ln.startswith(("CUDA", "sandbox", "namespaces", "Landlock", "Triton", "torch"))])

    for drill in ("attention", "layer-norm"):
        source = next(src for src in SUBMISSIONS[drill]["correct"] if "import torch" in src)
        f = work / f"{drill}.py"
        f.write_text(source)
        done, s = studyxf(home, "drill", drill, str(f), "--device", "cuda", "--json")
        try:
            report = json.loads(done.stdout)
        except ValueError:
            report = {}
        on = [t for t in report.get("tests", []) if t.get("device") == "cuda"]
        ok = report.get("status") == "pass" and bool(on)
        say(ok, f"studyxf drill {drill} FILE --device cuda", done, s,
            [f"{len(report.get('tests', []))} tests, {len(on)} on cuda: " +
             ", ".join(t["name"] for t in on[:4])])

    for drill in ("softmax-triton", "matmul-triton", "flash-attention-triton"):
        f = work / f"{drill}.py"
        f.write_text(ks.solution(drill))
        done, s = studyxf(home, "drill", drill, str(f), "--bench")
        bench = [ln.strip() for ln in done.stdout.splitlines() if ln.startswith(("bench", "  yours", "  torch", "  SDPA"))]
        ok = done.returncode == 0 and done.stdout.startswith(f"{drill}: PASS") and any("yours runs at" in b for b in bench)
        say(ok, f"studyxf drill {drill} SOLUTION --bench", done, s, bench)

    wrong = work / "softmax_pad_zero.py"
    wrong.write_text(ks.edit("softmax-triton", *ks.SOFTMAX_WRONG["softmax-pad-zero"]))
    done, s = studyxf(home, "drill", "softmax-triton", str(wrong), "--device", "cuda")
    said = done.stdout.splitlines()[1] if len(done.stdout.splitlines()) > 1 else ""
    say(done.returncode == 1 and "softmax-pad-zero" in said, "a wrong kernel on the GPU is named", done, s, [said])

    dummy = ROOT / "tests" / "data" / "dummy_kernels" / "softmax_exp_amax_sum.py"
    done, s = studyxf(home, "drill", "softmax-triton", str(dummy), "--device", "cuda", "--json")
    try:
        forbidden = next(t for t in json.loads(done.stdout)["tests"] if t["name"] == "forbidden")["message"]
    except (ValueError, StopIteration, KeyError):
        forbidden = ""
    say(done.returncode == 1 and forbidden.startswith("torch.exp at line"), "a dummy kernel is forbidden", done, s,
        [forbidden[:160]])
    print(f"the command on the GPU: {runs - failed} of {runs} as expected")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
