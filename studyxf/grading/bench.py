"""The Triton drills' bench (softmax-triton, matmul-triton, flash-attention-triton), the judge's
side and what both sides share (the inputs, the timing); the sandbox's side is sandbox/bench.py.

`studyxf drill NAME FILE --bench` times the kernel inside the grading's own sandbox, after the file
has passed there (issue 41: the bench once imported the learner's file in a process of the
learner's full rights). The judge times torch's own op (and for attention F.scaled_dot_product_attention
with the flash backend) in its process; the sandbox, asked over the judge's pipes, makes the same
inputs from the same seed, warms the learner's function up, then times a batch of launches with
CUDA events and keeps the last output. The judge takes nothing of it on trust that it can check:
the batch's claimed time against its own wall clock over it (a time far below wall / launches is
refused), and rows of the output, chosen after the batch, against its own result. The figures come
back as data; the command records the best time (bench.json), nothing of the bench writes the
history. The timing imports torch only where torch already is (the judge, a torch file's sandbox).
"""

from __future__ import annotations

import json
import os
import sys


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


# the timed batch lasts about this long (launches from the baseline's time), so that the judge's
# wall clock over it bounds the sandbox's claim; a claim below WALL_FRACTION of the wall (less the
# slack of the requests' round trips) is refused
BATCH_MS, MIN_LAUNCHES, MAX_LAUNCHES = 200.0, 10, 5000
WALL_FRACTION, WALL_SLACK_MS = 0.5, 25.0
SAMPLE_ROWS = 16


def bench_inputs(spec: dict, torch, device: str) -> list:
    """The bench's inputs, the same in the judge and in the sandbox: one seed, one device."""
    dtype = getattr(torch, spec["dtype"])
    gen = torch.Generator(device=device).manual_seed(0)
    return [torch.randn(*shape, device=device, dtype=dtype, generator=gen) for shape in spec["inputs"]]


def time_calls(fn, launches: int, torch, device: str) -> list[float]:
    """Milliseconds of each of `launches` calls: CUDA events around each on a GPU (the kernel's time
    on the device), the clock on the CPU (the tests)."""
    import time

    if device == "cuda":
        marks = [(torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)) for _ in range(launches)]
        for start, end in marks:
            start.record()
            fn()
            end.record()
        torch.cuda.synchronize()
        return [start.elapsed_time(end) for start, end in marks]
    out = []
    for _ in range(launches):
        t = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t) * 1e3)
    return out


def sync(torch, device: str) -> None:
    if device == "cuda":
        torch.cuda.synchronize()


def check_claim(ms, launches: int, wall_ms: float) -> str | None:
    """The judge's check of the sandbox's figures: `launches` positive times whose sum is not far
    below the judge's own wall clock over the batch. None, or why they are refused."""
    import math

    if not isinstance(ms, list) or len(ms) != launches or \
            not all(isinstance(t, (int, float)) and not isinstance(t, bool) and math.isfinite(t) and t > 0 for t in ms):
        return f"the sandbox did not send {launches} positive times: not a bench"
    total = sum(ms)
    if total < WALL_FRACTION * (wall_ms - WALL_SLACK_MS):
        return (f"the times your sandbox sent ({launches} launches, {total:.3f} ms in all) are far below the judge's "
                f"wall clock over them ({wall_ms:.1f} ms): refused, nothing recorded")
    return None


def judge_bench(drill: str, ask, torch, device: str = "cuda", spec: dict | None = None,
                launches: int | None = None) -> dict:
    """In the judge, after the file passed: the baselines timed here, the learner's function in the
    sandbox (`ask`: the sandbox's request-answer call); one dict of figures, or {"error": ...}.
    `spec` and `launches` other than the drill's: the tests' small CPU bench."""
    import random
    import statistics
    import time

    from studyxf.grading import wire

    spec = spec or BENCH[drill]
    args = bench_inputs(spec, torch, device)
    gpu = torch.cuda.get_device_name() if device == "cuda" else "cpu"
    out = {"gpu": gpu, "label": spec["label"], "baselines": {}}
    baselines = _baselines(drill, torch) if spec is BENCH.get(drill) else {"torch": spec["baseline"]}
    expected = None
    for name, fn in baselines.items():
        def call(fn=fn):
            return fn(*args, **spec["kwargs"])
        for _ in range(3):
            result = call()
        expected = result if expected is None else expected
        out["baselines"][name] = statistics.median(time_calls(call, 20, torch, device))
    first = next(iter(out["baselines"].values()))
    n = launches or max(MIN_LAUNCHES, min(MAX_LAUNCHES, round(BATCH_MS / max(first, 1e-3))))
    sent = {k: v for k, v in spec.items() if k != "baseline"}  # data only
    answer = ask({"op": "bench_setup", "device": device, "spec": sent, "warmup": 3}, 600.0)
    if "ok" not in answer:
        return {**out, "error": _failed(answer, "warming your kernel up")}
    started = time.monotonic()
    answer = ask({"op": "bench_run", "launches": n}, 600.0)
    if "ms" not in answer:
        return {**out, "error": _failed(answer, "the timed launches")}
    # rows chosen now, after the batch: the output must be whole, not computed on demand
    rows_total = expected.reshape(-1, expected.shape[-1]).shape[0]
    rows = sorted(random.SystemRandom().sample(range(rows_total), min(SAMPLE_ROWS, rows_total)))
    sample = ask({"op": "bench_sample", "rows": rows}, 120.0)
    wall_ms = (time.monotonic() - started) * 1e3
    refused = check_claim(answer["ms"], n, wall_ms)
    if refused:
        return {**out, "error": refused}
    got = wire.decode(sample["ok"]) if "ok" in sample else None
    if not isinstance(got, wire.Array):
        return {**out, "error": _failed(sample, "reading your output")}
    want = expected.reshape(-1, expected.shape[-1])[rows].float().cpu().numpy()
    import numpy as np

    if got.values.shape != want.shape:
        return {**out, "error": f"at the bench's size your output has rows of {got.values.shape}: not timed"}
    err = float(np.nan_to_num(np.abs(got.values - want), nan=np.inf).max())
    if not err < 0.1 * max(float(np.abs(want).max()), 1.0):
        return {**out, "error": f"at the bench's size your result differs from torch's by {err:.3g}: not timed"}
    out["ms"] = statistics.median(answer["ms"])
    out["launches"], out["wall_ms"] = n, wall_ms
    if spec.get("flops"):
        out["tflops"] = spec["flops"] / (out["ms"] * 1e-3) / 1e12
    if spec.get("bytes"):
        out["gbps"] = spec["bytes"] / (out["ms"] * 1e-3) / 1e9
    out["ratios"] = {name: ms / out["ms"] for name, ms in out["baselines"].items()}  # > 1: yours is faster
    return out


def _failed(answer: dict, doing: str) -> str:
    if "dead" in answer:
        return f"{doing}: {answer['dead']}"
    raised = answer.get("raised") or {}
    return f"{doing}: {raised.get('type', 'no answer')}: {(raised.get('text') or '').splitlines()[0][:300] if raised.get('text') else ''}"


def describe(result: dict) -> list[str]:
    """The bench's figures as lines for the terminal."""
    if "error" in result and "ms" not in result:
        return [f"bench: {result['error']}"]
    rate = f", {result['tflops']:.0f} TFLOP/s" if result.get("tflops") else \
        f", {result['gbps']:.0f} GB/s" if result.get("gbps") else ""
    lines = [f"bench on {result['gpu']}: {result['label']}",
             f"  yours: {result['ms']:.3f} ms (median of {result.get('launches', '?')} launches timed with CUDA events "
             f"in the sandbox){rate}"]
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
