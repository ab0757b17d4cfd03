"""The Triton row-softmax drill's cases, slips and probe (loaded by the grading worker). The
learner's kernel runs in the sandbox: in Triton's interpreter on the CPU (small cases), or compiled
on the GPU with --device cuda (studyxf.grading.judge.kernels.on_gpu: the cases' inputs go there, in
fp16, bf16 and fp32). The reference is torch's softmax in float64; the slips are the kernel's
steps gone wrong, written out here in torch."""

import torch

from studyxf.grading.judge.case import F32, F64, Case, dtype_name, rnd
from studyxf.grading.judge.kernels import on_gpu

SLIPS = ["softmax-pad-zero", "no-max-subtraction", "softmax-not-normalised", "softmax-sum-before-exp"]


def _next_pow2(n: int) -> int:
    return 1 << (n - 1).bit_length()


def reference(x):
    return torch.softmax(x, dim=-1)


def variant(slips, x):
    n = x.shape[-1]
    if "softmax-pad-zero" in slips:  # the masked lanes loaded as 0: they join the max and the sum
        pad = _next_pow2(n) - n
        if pad == 0:
            return None
        x = torch.cat([x, torch.zeros(*x.shape[:-1], pad, dtype=x.dtype)], dim=-1)
    m = torch.zeros_like(x[..., :1]) if "no-max-subtraction" in slips else x.amax(-1, keepdim=True)
    if "softmax-sum-before-exp" in slips:
        out = torch.exp(x - m) / (x - m).sum(-1, keepdim=True)
    else:
        num = torch.exp(x - m)
        out = num if "softmax-not-normalised" in slips else num / num.sum(-1, keepdim=True)
    return out[..., :n]


def reads_past_the_row(call):
    """Row 0 of zeros, then rows of large values: a kernel whose load is not masked reads the next
    row's first values into row 0's tile, so row 0's output changes when only row 1 does."""
    outs = []
    for fill in (8.0, -8.0):
        x = torch.zeros(3, 5, dtype=F32)
        x[1:] = fill
        outs.append(call(x))
    if outs[0].shape != (3, 5) or not (abs(outs[0][0] - outs[1][0]) > 1e-4).any():
        return None
    return ("measured: row 0's result changes when only row 1's values change (x of shape (3, 5)): your "
            "kernel reads past the end of its row into the next one. Mask the load and the store with "
            "cols < n_cols, the lanes past the row loaded as -inf (other=-float('inf')).")


PROBES = [reads_past_the_row]


def cases():
    gpu = on_gpu()
    shapes = [((4, 37), F32, 1.0, 0.0), ((3, 128), F32, 1.0, 0.0), ((6, 33), F32, 1.0, -5.0),
              ((2, 1000), F64, 3.0, 0.0), ((5, 20), F32, 1.0, 1000.0), ((1, 1), F32, 1.0, 0.0)]
    if gpu:  # compiled: larger rows, fp32 here (fp16 and bf16 copies are added for the GPU)
        shapes = [((256, 1000), F32, 1.0, 0.0), ((64, 4096), F32, 1.0, -5.0), ((33, 8192), F32, 3.0, 0.0),
                  ((5, 20), F32, 1.0, 1000.0), ((1, 1), F32, 1.0, 0.0), ((7, 37), F64, 1.0, 0.0)]
    # the columns of a wider tensor last: its rows are not packed (x.stride(0) is 50, not 37), as the task says
    # and a transposed view: its columns are not packed (x.stride(1) is 6), which the task says to handle too
    shapes = [(shape, dtype, scale, shift, None) for shape, dtype, scale, shift in shapes] + \
        [((4, 37), F32, 1.0, 0.0, 50), ((6, 40), F32, 1.0, 0.0, "T")]
    out = []
    for i, (shape, dtype, scale, shift, wide) in enumerate(shapes):
        if wide == "T":
            x = rnd(shape[1], shape[0], dtype=dtype, seed=i, scale=scale).T
        else:
            x = rnd(shape[0], wide or shape[1], dtype=dtype, seed=i, scale=scale)[:, :shape[1]]
        x = x + shift if shift else x  # x + 0 would be a packed copy of the wide case's view
        what = ", large logits (x + 1000)" if shift > 0 else ", all negative (x - 5)" if shift < 0 else ""
        if wide == "T":
            what = f", a transposed {(shape[1], shape[0])} tensor (columns not packed: x.stride(1) = {shape[0]})"
        elif wide:
            what = f", the first {shape[1]} columns of a {(shape[0], wide)} tensor (rows not packed)"
        case = Case(f"x {shape}{what}, {dtype_name(dtype)}", [x], {}, reference, variant,
                    call="softmax(x)", input_dtype_slips=frozenset({"no-max-subtraction"}),
                    device="cuda" if gpu else None)
        out.append(case)
    return out


def TILE_READS(inputs, kwargs, geo):
    """A load of one program (kernel_localise.py) that reads other elements of x than the row its
    store writes, lane by lane: {"program", "words", "load"} or None."""
    import numpy as np

    (x,) = inputs[:1]
    n = x.shape[1]
    store = geo["store"]
    ok = store >= 0
    if store.ndim != 1 or len(set((store[ok] // n).tolist())) != 1:
        return None
    r = int(store[ok][0] // n)
    for i, g in enumerate(geo["loads"]):
        idx = g["index"]
        if g["input"] != 0 or idx.shape != store.shape:
            continue
        bad = ok & (idx != store)
        # a lane the store leaves alone that still reads another row (its max and its sum take it)
        past = ~ok & ((idx == -2) | (idx >= 0) & (idx // n != r))
        if past.any() and not bad.any():
            j = int(np.flatnonzero(past)[0])
            read = f"x[{idx[j] // n}, {idx[j] % n}]" if idx[j] >= 0 else "storage between x's rows (no element of x)"
            return {"program": f"row {r}", "load": i,
                    "words": f"reads {read} at its lane {j}: it reads past the end of its row (row {r} has {n} "
                             f"columns, the store writes lanes 0..{n - 1}), and the row's max and sum take it. Mask "
                             f"the load to the row's own lanes (cols < n_cols), the rest filled with -inf"}
        if not bad.any():
            continue
        j = int(np.flatnonzero(bad)[0])
        read = ("nothing (its mask is off)" if idx[j] == -1 else "storage between x's rows (no element of x)"
                if idx[j] == -2 else f"x[{idx[j] // n}, {idx[j] % n}]")
        words = f"reads {read} at its lane {j}, where x[{r}, {store[j] % n}] belongs ({int(bad.sum())} of the " \
                f"{int(ok.sum())} lanes it stores read the wrong element)"
        strides, first = g.get("strides"), int(np.flatnonzero(ok)[0])
        if strides and len(strides) == 2 and r > 0 and g["offset"][first] >= 0:
            step = (int(g["offset"][first]) - int(store[first] % n) * strides[1]) / r
            if step == int(step) and int(step) != strides[0]:
                words += f": it steps {int(step)} elements per row where x's rows lie {strides[0]} apart " \
                         f"(x.stride(0))"
        return {"program": f"row {r}", "words": words, "load": i}
    return None


def TILE_STEPS(inputs, kwargs, geo):
    """One program instance's steps (kernel_localise.py), float64 NumPy, on the lanes its store
    addresses: the row's max, the row minus it, the exponentials, their sum, the output."""
    import numpy as np

    (x,) = inputs[:1]
    n_rows, n = x.shape
    store = geo["store"]
    if store.ndim != 1:
        return None
    ok = store >= 0
    rows = set((store[ok] // n).tolist())
    if len(rows) != 1:
        return None
    r = rows.pop()
    # geo["fill"]: the steps as they come out when the lanes past the row hold that value and take part
    # in the max and the sum (a load's other= that a reduction does not ignore)
    fill = geo.get("fill")
    row = np.where(ok, x.reshape(-1)[np.maximum(store, 0)], -np.inf if fill is None else fill)
    lanes = ok if fill is None else np.ones_like(ok)
    mx = row[lanes].max()
    with np.errstate(invalid="ignore", over="ignore"):
        shifted = np.where(lanes, row - mx, -np.inf)
        num = np.exp(shifted)
    total = num[lanes].sum()
    one = np.asarray(True)
    steps = [{"name": "row max", "says": "max over the row's lanes", "value": np.asarray(mx), "valid": one},
             {"name": "shifted", "says": "x - max", "value": shifted, "valid": ok},
             {"name": "exponentials", "says": "exp(x - max)", "value": num, "valid": ok},
             {"name": "row sum", "says": "the sum of the exponentials", "value": np.asarray(total), "valid": one},
             {"name": "output", "says": "exp(x - max) / sum", "value": num / total, "valid": ok}]
    return {"program": f"row {r}", "steps": [steps], "quantities": {"n_cols": float(n)}}
