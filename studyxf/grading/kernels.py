"""The Triton drills' side of grading (softmax-triton, matmul-triton, flash-attention-triton).

On a machine without a GPU the learner's @triton.jit kernels run in Triton's interpreter
(TRITON_INTERPRET=1: each program instance executed with NumPy on the CPU), which the judge sets
in its own environment before it starts the sandbox, so that the sandbox inherits it; the drills'
cases are then small. With `--device cuda` the kernels are compiled for the GPU
(TRITON_INTERPRET=0) and the drills' graders give cases on the GPU in fp16/bf16 (`on_gpu`).

`python -m studyxf.grading.kernels BENCH_JSON` is `studyxf drill NAME FILE --bench`'s timing run,
on a GPU, after the file has passed there: the baselines (torch's own op, and for attention
F.scaled_dot_product_attention with the flash backend) are timed first, then the learner's file is
imported and its entry point timed on the same inputs, each as triton.testing.do_bench's median.
It prints one JSON line. Imports torch and triton: the CLI runs it in a child process.
"""

from __future__ import annotations

import json
import os
import sys


def interpreted(device: str) -> bool:
    """Whether a Triton drill graded with `--device DEVICE` runs its kernels in the interpreter."""
    if device == "cpu":
        return True
    if device == "cuda":
        return False
    import torch  # "auto": the GPU when there is one

    return not torch.cuda.is_available()


def on_gpu() -> bool:
    """In the judge, for a grader's cases(): whether the kernels are compiled for the GPU (the judge
    set TRITON_INTERPRET=0 for --device cuda), so that every case's inputs go to the GPU: a compiled
    kernel cannot read a CPU tensor."""
    return os.environ.get("TRITON_INTERPRET") == "0"


# what each drill's bench times: the inputs (shapes, dtype), the FLOPs of one call, the baselines
BENCH = {
    "softmax-triton": {"inputs": [[8192, 8192]], "dtype": "float16", "kwargs": {},
                       "flops": None, "bytes": 2 * 2 * 8192 * 8192, "label": "softmax 8192 x 8192, fp16"},
    "matmul-triton": {"inputs": [[4096, 4096], [4096, 4096]], "dtype": "float16", "kwargs": {},
                      "flops": 2 * 4096 ** 3, "bytes": None, "label": "matmul 4096^3, fp16"},
    "flash-attention-triton": {"inputs": [[4, 16, 4096, 128]] * 3, "dtype": "bfloat16", "kwargs": {"causal": True},
                               "flops": 4 * 4 * 16 * 4096 * 4096 * 128 // 2, "bytes": None,
                               "label": "causal attention B=4 H=16 T=4096 d=128, bf16"},
}


def _baselines(drill: str, torch):
    import torch.nn.functional as F

    if drill == "softmax-triton":
        return {"torch.softmax": lambda x: torch.softmax(x, dim=-1)}
    if drill == "matmul-triton":
        return {"torch.matmul (cuBLAS)": lambda a, b: a @ b}
    from torch.nn.attention import SDPBackend, sdpa_kernel

    def flash(q, k, v, causal=True):
        with sdpa_kernel(SDPBackend.FLASH_ATTENTION):
            return F.scaled_dot_product_attention(q, k, v, is_causal=causal)

    def reference(q, k, v, causal=True):  # the drill's own torch reference: the engine's naive attention
        s = (q @ k.transpose(-2, -1)) / q.shape[-1] ** 0.5
        T = q.shape[-2]
        s = s.masked_fill(torch.ones(T, T, dtype=torch.bool, device=q.device).triu(1), float("-inf"))
        return torch.softmax(s, dim=-1) @ v

    return {"SDPA (flash backend)": flash, "torch reference (naive attention)": reference}


def bench(drill: str, path: str, entry: str) -> dict:
    """Time the baselines, then the learner's `entry` from `path`, on the GPU; one dict of figures."""
    import runpy

    import torch
    from triton.testing import do_bench

    if not torch.cuda.is_available():
        return {"error": "--bench needs a CUDA GPU (torch.cuda.is_available() is False)"}
    spec = BENCH[drill]
    dtype = getattr(torch, spec["dtype"])
    gen = torch.Generator(device="cuda").manual_seed(0)
    args = [torch.randn(*shape, device="cuda", dtype=dtype, generator=gen) for shape in spec["inputs"]]
    out = {"gpu": torch.cuda.get_device_name(), "label": spec["label"], "baselines": {}}
    for name, fn in _baselines(drill, torch).items():  # before the learner's file is imported
        out["baselines"][name] = do_bench(lambda: fn(*args, **spec["kwargs"]), warmup=25, rep=100,
                                          return_mode="median")
    namespace = runpy.run_path(path, run_name="submission")
    fn = namespace[entry]
    expected = next(iter(_baselines(drill, torch).values()))(*args, **spec["kwargs"])
    got = fn(*args, **spec["kwargs"])
    err = (got.float() - expected.float()).abs().max().item()
    if not err < 0.1 * max(expected.float().abs().max().item(), 1.0):
        return {**out, "error": f"at the bench's size your result differs from torch's by {err:.3g}: not timed"}
    out["ms"] = do_bench(lambda: fn(*args, **spec["kwargs"]), warmup=25, rep=100, return_mode="median")
    if spec["flops"]:
        out["tflops"] = spec["flops"] / (out["ms"] * 1e-3) / 1e12
    if spec["bytes"]:
        out["gbps"] = spec["bytes"] / (out["ms"] * 1e-3) / 1e9
    out["ratios"] = {name: ms / out["ms"] for name, ms in out["baselines"].items()}  # > 1: yours is faster
    return out


def describe(result: dict) -> list[str]:
    """The bench's figures as lines for the terminal."""
    if "error" in result and "ms" not in result:
        return [f"bench: {result['error']}"]
    rate = f", {result['tflops']:.0f} TFLOP/s" if result.get("tflops") else \
        f", {result['gbps']:.0f} GB/s" if result.get("gbps") else ""
    lines = [f"bench on {result['gpu']}: {result['label']}",
             f"  yours: {result['ms']:.3f} ms (median, triton.testing.do_bench){rate}"]
    for name, ms in result["baselines"].items():
        lines.append(f"  {name}: {ms:.3f} ms; yours runs at {ms / result['ms']:.2f}x its speed")
    return lines



# -- the learner's best times (a personal leaderboard) ----------------------------------------------
# kept per drill and per GPU in $STUDYXF_HOME/bench.json (a time is only comparable on one GPU);
# written through a temporary file and a rename, so a killed command leaves the old file or the new


def _best_file():
    from studyxf import paths

    return paths.home() / "bench.json"


def best_times() -> dict:
    """{drill: {gpu: {"ms": ..., "when": ...}}}; empty where nothing was benched or the file is unreadable."""
    try:
        data = json.loads(_best_file().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def record_best(drill: str, result: dict, when: str) -> bool:
    """Keep `result` if it beats this drill's best on this GPU; whether it did."""
    if "ms" not in result:
        return False
    data = best_times()
    mine = data.setdefault(drill, {})
    old = mine.get(result["gpu"])
    if old and old.get("ms", float("inf")) <= result["ms"]:
        return False
    mine[result["gpu"]] = {"ms": result["ms"], "when": when,
                           **{k: result[k] for k in ("tflops", "gbps", "ratios") if k in result}}
    path = _best_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "w", encoding="utf-8") as fh:
        json.dump(data, fh, indent=1, sort_keys=True)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)
    return True


def best_line(drill: str, data: dict) -> str:
    """The listing's note: the fastest time over the GPUs it was measured on."""
    times = data.get(drill) or {}
    if not times:
        return ""
    gpu, best = min(times.items(), key=lambda kv: kv[1].get("ms", float("inf")))
    return f"  [best {best['ms']:.3f} ms on {gpu}]"


def run_bench(drill, path, timeout: float = 600.0) -> dict:
    """`python -m studyxf.grading.kernels` in a child process with the grading worker's environment
    (no STUDYXF_HOME, HOME a temporary folder, which is also the working directory): the learner's
    file, graded in the sandbox just before, is imported there and timed."""
    import subprocess
    import tempfile
    from pathlib import Path

    from studyxf.grading.request import parse_entry
    from studyxf.grading.runner import _env

    spec = {"drill": drill.name, "path": str(Path(path).resolve()), "entry": parse_entry(drill.data["entry"])[0]}
    with tempfile.TemporaryDirectory(prefix="studyxf-bench-") as cwd:
        env = {**_env(cwd), "TRITON_INTERPRET": "0"}
        try:
            proc = subprocess.run([sys.executable, "-m", "studyxf.grading.kernels", json.dumps(spec)], cwd=cwd, env=env,
                                  capture_output=True, text=True, timeout=timeout, stdin=subprocess.DEVNULL)
        except subprocess.TimeoutExpired:
            return {"error": f"the bench ran past {timeout:.0f} s"}
    line = next((ln for ln in proc.stdout.splitlines() if ln.startswith("BENCH ")), None)
    if line is None:
        return {"error": f"the bench stopped (exit code {proc.returncode}): {proc.stderr.strip()[-300:]}"}
    return json.loads(line[6:])


def main() -> None:
    spec = json.loads(sys.argv[1])
    try:
        result = bench(spec["drill"], spec["path"], spec["entry"])
    except Exception as exc:  # noqa: BLE001 - the learner's kernel failing at the bench's size is the answer
        result = {"error": f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"[:400]}
    sys.stdout.write("BENCH " + json.dumps(result) + "\n")


if __name__ == "__main__":
    main()
