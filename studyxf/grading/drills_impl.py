"""Cases, judging and diagnosis per drill (runs inside the worker, with torch imported)."""

from __future__ import annotations

import contextlib
import math

import numpy as np
import torch

from engine.attention import causal_mask, naive_attention


class ForbiddenCall(Exception):
    pass


def install_guards(drill: str, forbidden: list[dict]) -> None:
    """Runtime guard: forbidden torch entry points raise inside the worker."""
    import torch.nn.functional as F

    for item in forbidden:
        if item["name"] == "scaled_dot_product_attention":
            def blocked(*a, _why=item["why"], **k):
                raise ForbiddenCall(f"F.scaled_dot_product_attention is not allowed here: {_why}")
            F.scaled_dot_product_attention = blocked
        if item["name"] == "MultiheadAttention":
            class Blocked(torch.nn.Module):
                def __init__(self, *a, _why=item["why"], **k):
                    raise ForbiddenCall(f"nn.MultiheadAttention is not allowed here: {_why}")
            torch.nn.MultiheadAttention = Blocked


def attention_cases():
    g = torch.Generator().manual_seed(1234)

    def rnd(*shape, dtype=torch.float64, scale=1.0):
        return (torch.randn(*shape, generator=g, dtype=torch.float64) * scale).to(dtype)

    cases = []

    def add(name, q, k, v, mask=None):
        cases.append({"name": name, "q": q, "k": k, "v": v, "mask": mask})

    add("batch (2, 5, 8), float64, no mask", rnd(2, 5, 8), rnd(2, 5, 8), rnd(2, 5, 8))
    add("no batch dims (4, 16), float32", rnd(4, 16, dtype=torch.float32), rnd(4, 16, dtype=torch.float32),
        rnd(4, 16, dtype=torch.float32))
    add("T = 1 (1, 1, 16), float32", rnd(1, 1, 16, dtype=torch.float32), rnd(1, 1, 16, dtype=torch.float32),
        rnd(1, 1, 16, dtype=torch.float32))
    add("Tq != Tk, dv != d (2, 3, 7 vs 11, 16 -> 12), float64", rnd(2, 3, 7, 16), rnd(2, 3, 11, 16), rnd(2, 3, 11, 12))
    add("causal mask (6, 6) broadcast over (2, 6, 32), float32",
        rnd(2, 6, 32, dtype=torch.float32), rnd(2, 6, 32, dtype=torch.float32), rnd(2, 6, 32, dtype=torch.float32),
        causal_mask(6, 6))
    m = causal_mask(5, 5).clone()
    m[0] = False
    add("fully masked row 0 (3, 5, 8), float64", rnd(3, 5, 8), rnd(3, 5, 8), rnd(3, 5, 8), m)
    add("heads (2, 4, 9, 32) with causal mask (2, 1, 9, 9), float32",
        rnd(2, 4, 9, 32, dtype=torch.float32), rnd(2, 4, 9, 32, dtype=torch.float32),
        rnd(2, 4, 9, 32, dtype=torch.float32), causal_mask(9, 9).expand(2, 1, 9, 9).clone())
    add("odd d = 7 (3, 5, 7), float64", rnd(3, 5, 7), rnd(3, 5, 7), rnd(3, 5, 7))
    # scaled logits far above 90 in float32: exp() without max-subtraction overflows
    q = rnd(1, 6, 64, dtype=torch.float32, scale=6.0)
    add("large logits (1, 6, 64), float32, scaled logits > 90", q, q.clone() * 1.0, rnd(1, 6, 64, dtype=torch.float32))
    return cases


def _to_numpy(x):
    return x.detach().cpu().numpy() if isinstance(x, torch.Tensor) else np.asarray(x)


def grade(drill, namespace, framework, captured, banned, forbidden, np_mod, torch_mod, tolerance):
    if drill != "attention":
        return {"status": "error", "message": f"drill {drill!r} has no grader yet"}
    fn = namespace.get("attention")
    if not callable(fn):
        return {"status": "error", "message": "the file defines no function `attention(q, k, v, mask=None)`"}
    tests = []
    per_case = []
    why = {f["name"]: f["why"] for f in forbidden}
    if banned:
        tests.append({"name": "forbidden", "status": "fail", "output": None,
                      "message": "; ".join(f"uses {b}: not allowed here ({why[b]})" for b in banned)})
    for case in attention_cases():
        dtype = case["q"].dtype
        dname = str(dtype).removeprefix("torch.")
        args = [case["q"], case["k"], case["v"]]
        mask = case["mask"]
        if framework == "numpy":
            args = [a.numpy().copy() for a in args]
            for a in args:
                a.setflags(write=False)
            mask_arg = None if mask is None else mask.numpy().copy()
        else:
            args = [a.clone() for a in args]
            mask_arg = None if mask is None else mask.clone()
        kwargs = {} if mask is None else {"mask": mask_arg}
        ref = naive_attention(*(t.double() for t in (case["q"], case["k"], case["v"])), mask).numpy()
        engine_err = np.abs(naive_attention(case["q"], case["k"], case["v"], mask).double().numpy() - ref).max()
        shapes = f"q{tuple(case['q'].shape)} k{tuple(case['k'].shape)} v{tuple(case['v'].shape)}" + \
                 ("" if mask is None else f" mask{tuple(mask.shape)}")
        try:
            with contextlib.redirect_stdout(captured), contextlib.redirect_stderr(captured):
                out = fn(*args, **kwargs)
        except ForbiddenCall as exc:
            tests.append({"name": case["name"], "status": "fail", "message": str(exc), "output": None})
            per_case.append(None)
            continue
        except Exception as exc:  # noqa: BLE001
            tests.append({"name": case["name"], "status": "error", "output": None,
                          "message": f"{type(exc).__name__}: {exc} (inputs {shapes})"})
            per_case.append(None)
            continue
        if framework == "torch" and any(not torch.equal(a, b) for a, b in zip(args, (case["q"], case["k"], case["v"]))):
            tests.append({"name": case["name"], "status": "fail", "output": None,
                          "message": "the function modified its inputs in place"})
            per_case.append(None)
            continue
        got = _to_numpy(out)
        expect_dtype = np.dtype(dname)
        problem = None
        if got.shape != ref.shape:
            problem = f"shape: expected {ref.shape}, got {got.shape} (inputs {shapes})"
        elif got.dtype != expect_dtype and not (framework == "numpy" and dname == "float32" and got.dtype == np.float64):
            problem = f"dtype: expected {expect_dtype}, got {got.dtype} (inputs {shapes})"
        per_case.append({"case": case, "got": got if problem is None else None, "ref": ref})
        if problem is None:
            g64 = got.astype(np.float64)
            rtol, atol = tolerance(dname)
            if not np.all(np.isfinite(g64)):
                bad = np.argwhere(~np.isfinite(g64))[0]
                problem = f"NaN or inf in the output (first at index {tuple(int(i) for i in bad)}; inputs {shapes})"
            else:
                diff = np.abs(g64 - ref)
                ok_close = np.all(diff <= atol + rtol * np.abs(ref))
                ok_engine = diff.max() <= 2 * engine_err + 1e-6
                if not (ok_close or ok_engine):
                    where = tuple(int(i) for i in np.unravel_index(np.argmax(diff), diff.shape))
                    rel = diff.max() / max(abs(ref[where]), 1e-300)
                    problem = (f"values differ (inputs {shapes}): largest absolute error {diff.max():.3g} at {where} "
                               f"(relative {rel:.3g}); tolerance rtol={rtol:g}, atol={atol:g}, "
                               f"or 2x the engine's own error {engine_err:.3g} + 1e-6")
        tests.append({"name": case["name"], "status": "fail" if problem else "pass", "message": problem,
                      "output": None})
    status = "pass" if all(t["status"] == "pass" for t in tests) else "fail"
    diagnosis = diagnose(tests, per_case, tolerance) if status == "fail" else []
    return {"version": 2, "status": status, "message": None, "tests": tests, "drill": drill,
            "diagnosis": diagnosis}


MISTAKES = ("no-scale", "scale-d", "softmax-axis", "mask-inverted", "mask-diagonal", "no-max-subtraction")


def diagnose(tests, per_case, tolerance):
    """The known mistakes whose outputs the submission matches on every failing case it was run on."""
    scores = {}
    for mistake in MISTAKES:
        total, matched_failing, ok = 0.0, 0, True
        for test, info in zip([t for t in tests if t["name"] != "forbidden"], per_case):
            if info is None or info["got"] is None:
                continue
            case = info["case"]
            inputs = (case["q"], case["k"], case["v"])
            dtype = case["q"].dtype
            if mistake == "no-max-subtraction":
                variant = naive_attention(*inputs, case["mask"], mistake=mistake).double().numpy()
            else:
                variant = naive_attention(*(t.double() for t in inputs), case["mask"], mistake=mistake).numpy()
            got = info["got"].astype(np.float64)
            rtol, atol = tolerance(str(dtype).removeprefix("torch."))
            rtol, atol = max(rtol, 1e-4), max(atol, 1e-5)
            same_nonfinite = np.array_equal(~np.isfinite(variant), ~np.isfinite(got))
            fin = np.isfinite(variant) & np.isfinite(got)
            close = same_nonfinite and np.all(np.abs(got[fin] - variant[fin]) <= atol + rtol * np.abs(variant[fin]))
            if test["status"] == "fail":
                if not close:
                    ok = False
                    break
                matched_failing += 1
                total += float(np.abs(got[fin] - variant[fin]).sum())
        if ok and matched_failing:
            scores[mistake] = total
    if not scores:
        return []
    best = min(scores, key=scores.get)
    return [{"mistake": best, "message": ""}]
