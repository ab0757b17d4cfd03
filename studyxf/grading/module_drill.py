"""The `causal-self-attention` module drill: build the learner's module, copy reference weights
into its Linear layers (by name first, then by registration order), and compare with the engine.
Runs inside the grading worker."""

from __future__ import annotations

import numpy as np
import torch
from torch import nn

from engine import mistakes as wrong
from studyxf.grading.guards import time_limit

FUSED = ("qkv", "c_attn", "in_proj", "attn", "qkv_proj", "w_qkv")
SEPARATE = {"q": ("q", "query", "q_proj", "wq", "w_q"), "k": ("k", "key", "k_proj", "wk", "w_k"),
            "v": ("v", "value", "v_proj", "wv", "w_v")}
OUT = ("proj", "c_proj", "out_proj", "o_proj", "wo", "w_o", "out", "o")
CONFIGS = [(32, 4, 2, 7, torch.float32), (128, 4, 2, 16, torch.float32), (24, 3, 1, 1, torch.float32),
           (64, 8, 3, 5, torch.float64)]
MISTAKES = ("no-scale", "scale-d", "scale-d-model", "softmax-axis", "mask-diagonal", "heads-no-transpose")


class LayoutError(Exception):
    pass


def find_layers(module: nn.Module, d: int) -> dict:
    """{'qkv': Linear} or {'q', 'k', 'v': Linear}, plus {'out': Linear}."""
    linears = [(name.rsplit(".", 1)[-1], m) for name, m in module.named_modules() if isinstance(m, nn.Linear)]
    if not linears:
        raise LayoutError("no nn.Linear layers found: the grader copies reference weights into Linear(d, 3d) + "
                          "Linear(d, d), or three Linear(d, d) + Linear(d, d)")
    by_name = {n: m for n, m in linears}
    out = next((by_name[n] for n in OUT if n in by_name and by_name[n].weight.shape == (d, d)), None)
    fused = next((by_name[n] for n in FUSED if n in by_name and by_name[n].weight.shape == (3 * d, d)), None)
    sep = {key: next((by_name[n] for n in names if n in by_name and by_name[n].weight.shape == (d, d)), None)
           for key, names in SEPARATE.items()}
    if fused is not None and out is not None:
        return {"qkv": fused, "out": out}
    if all(sep.values()) and out is not None:
        return {**sep, "out": out}
    mods = [m for _, m in linears]
    shapes = [tuple(m.weight.shape) for m in mods]
    if shapes == [(3 * d, d), (d, d)]:
        return {"qkv": mods[0], "out": mods[1]}
    if shapes == [(d, d)] * 4:
        return {"q": mods[0], "k": mods[1], "v": mods[2], "out": mods[3]}
    raise LayoutError(f"cannot map your Linear layers {[(n, tuple(m.weight.shape)) for n, m in linears]} to q, k, v "
                      f"and the output projection (expected Linear({d}, {3 * d}) + Linear({d}, {d}), or four "
                      f"Linear({d}, {d}); names such as qkv/c_attn and proj/c_proj are matched first)")


def load_reference(layers: dict, d: int, seed: int):
    """Random weights (and biases where the learner's layers have them) copied in; returns the
    fused float64 tensors the engine uses."""
    g = torch.Generator().manual_seed(seed)
    w_qkv = torch.randn(3 * d, d, generator=g, dtype=torch.float64) * d ** -0.5
    w_out = torch.randn(d, d, generator=g, dtype=torch.float64) * d ** -0.5
    b_all = torch.randn(4 * d, generator=g, dtype=torch.float64) * 0.1
    has_bias = {k: m.bias is not None for k, m in layers.items()}
    with torch.no_grad():
        if "qkv" in layers:
            layers["qkv"].weight.copy_(w_qkv)
            if has_bias["qkv"]:
                layers["qkv"].bias.copy_(b_all[: 3 * d])
            b_qkv = b_all[: 3 * d] if has_bias["qkv"] else None
        else:
            parts = []
            for i, key in enumerate("qkv"):
                layers[key].weight.copy_(w_qkv[i * d:(i + 1) * d])
                if has_bias[key]:
                    layers[key].bias.copy_(b_all[i * d:(i + 1) * d])
                parts.append(b_all[i * d:(i + 1) * d] if has_bias[key] else torch.zeros(d, dtype=torch.float64))
            b_qkv = torch.cat(parts) if any(has_bias[k] for k in "qkv") else None
        layers["out"].weight.copy_(w_out)
        if has_bias["out"]:
            layers["out"].bias.copy_(b_all[3 * d:])
    return w_qkv, b_qkv, w_out, (b_all[3 * d:] if has_bias["out"] else None)


def run(cls, judge_case, captured, redirect):
    """Yields (test dict, failing-info dict or None) for each check."""
    for i, (d, h, B, T, dtype) in enumerate(CONFIGS):
        name = f"d_model={d}, n_heads={h}, x ({B}, {T}, {d}), {str(dtype).removeprefix('torch.')}"
        try:
            with redirect(), time_limit():
                module = cls(d, h)
            module = module.to(dtype)
            layers = find_layers(module, d)
            ref_w = load_reference(layers, d, seed=100 + i)
            x = torch.randn(B, T, d, generator=torch.Generator().manual_seed(200 + i), dtype=torch.float64)
            with redirect(), time_limit():
                out = module(x.to(dtype))
        except LayoutError as exc:
            yield {"name": name, "status": "error", "message": str(exc)}, None
            continue
        except Exception as exc:  # noqa: BLE001 - the learner's module raising is that test's error
            yield {"name": name, "status": "error", "message": f"{type(exc).__name__}: {exc}"}, None
            continue
        ref = wrong.causal_self_attention(x, *ref_w, h).numpy()
        engine = wrong.causal_self_attention(x.to(dtype), *(w.to(dtype) if w is not None else None for w in ref_w), h)
        engine_err = float(np.abs(engine.double().numpy() - ref).max())
        got = out.detach().to(torch.float64).numpy() if isinstance(out, torch.Tensor) else None
        dname = str(dtype).removeprefix("torch.")
        message = judge_case(out, ref, dname, engine_err, f"x({B}, {T}, {d})")
        fail_info = None
        if message and got is not None and got.shape == ref.shape:
            fail_info = {"got": got, "dtype": dname,
                         "variants": {m: wrong.causal_self_attention(x, *ref_w, h, mistake=m).numpy() for m in MISTAKES}}
        yield {"name": name, "status": "fail" if message else "pass", "message": message,
               "test_code": f"m = CausalSelfAttention({d}, {h}); y = m(x)  # x {(B, T, d)}"}, fail_info
        if i == 0:
            yield from _properties(module, layers, x.to(dtype), d, redirect)


def _properties(module, layers, x, d, redirect):
    # causality: changing the last token must leave every earlier output unchanged
    try:
        with torch.no_grad(), redirect(), time_limit():
            a = module(x)
            x2 = x.clone()
            x2[:, -1] += 1.0
            b = module(x2)
        leak = (a[:, :-1] - b[:, :-1]).abs().max().item() if a.shape[1] > 1 else 0.0
        if not torch.isfinite(a).all():
            msg = "NaN or inf in the output: is a row masked completely (a position must see itself)?"
        elif leak > 1e-6:
            msg = (f"changing the last token changed earlier outputs by up to {leak:.3g}: a position sees the "
                   f"future (check the causal mask)")
        else:
            msg = None
        yield {"name": "causality", "status": "fail" if msg else "pass", "message": msg}, None
    except Exception as exc:  # noqa: BLE001
        yield {"name": "causality", "status": "error", "message": f"{type(exc).__name__}: {exc}"}, None
    try:
        module.zero_grad()
        with redirect(), time_limit():
            module(x).pow(2).sum().backward()
        dead = [n for n, p in module.named_parameters() if p.requires_grad and (p.grad is None or not torch.any(p.grad != 0))]
        bad = [n for n, p in module.named_parameters() if p.grad is not None and not torch.isfinite(p.grad).all()]
        msg = None
        if dead:
            msg = f"no gradient reaches: {', '.join(dead)} (a detach, a no_grad, or a parameter left unused?)"
        elif bad:
            msg = f"NaN or inf gradients in: {', '.join(bad)}"
        yield {"name": "gradients reach every parameter", "status": "fail" if msg else "pass", "message": msg}, None
    except Exception as exc:  # noqa: BLE001
        yield {"name": "gradients reach every parameter", "status": "error",
               "message": f"{type(exc).__name__}: {exc}"}, None
