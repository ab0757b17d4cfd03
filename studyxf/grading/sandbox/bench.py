"""The sandbox's side of `--bench`: the judge's requests answered with the learner's function timed
here (grading/bench.py says how the judge checks the figures)."""

from __future__ import annotations

from studyxf.grading import bench as shared


def sandbox_answer(server, ask: dict) -> dict:
    """In the sandbox (fresh.py's Server): the bench's requests. bench_setup makes the inputs and
    warms the function up (Triton compiles it); bench_run times the batch and keeps the last
    output; bench_sample sends rows of it (the judge chooses them after the batch)."""
    from studyxf.grading import wire

    torch, op = server.torch, ask["op"]
    if torch is None:
        raise RuntimeError("the bench times a torch file")
    if op == "bench_setup":
        device = ask["device"]
        if device == "cuda" and not torch.cuda.is_available():
            raise RuntimeError("--bench needs CUDA, which does not start in the sandbox")
        spec = ask["spec"]
        server.bench = {"args": shared.bench_inputs(spec, torch, device), "kwargs": spec["kwargs"], "device": device}
        for _ in range(int(ask.get("warmup", 3))):
            server.bench["out"] = server.fn(*server.bench["args"], **server.bench["kwargs"])
        shared.sync(torch, device)
        return {"ok": wire.encode(None)}
    bench = getattr(server, "bench", None)
    if bench is None:
        raise RuntimeError("bench_setup first")
    if op == "bench_run":
        def call():
            bench["out"] = server.fn(*bench["args"], **bench["kwargs"])
        return {"ms": shared.time_calls(call, int(ask["launches"]), torch, bench["device"])}
    if op == "bench_sample":
        out = bench["out"]
        return {"ok": wire.encode(out.reshape(-1, out.shape[-1])[ask["rows"]].float())}
    raise ValueError(f"unknown request {op!r}")
