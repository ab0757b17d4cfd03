"""The Triton tiled-matmul drill's cases, slips and probe (loaded by the grading worker). The
learner's kernel runs in the sandbox: in Triton's interpreter on the CPU (small cases, sizes that
are not multiples of any tile), or compiled on the GPU with --device cuda (studyxf.grading.judge.kernels
.on_gpu). The slips that depend on the learner's BLOCK_K carry it as a measured parameter
(16, 32, 64: the tile sizes tl.dot takes on these sizes; the cases' K of 20 to 100, 50 among them, tell
them apart)."""

import torch

from studyxf.grading.judge.case import F32, F64, Case, dtype_name, rnd
from studyxf.grading.judge.kernels import on_gpu

BLOCKS_K = (16, 32, 64)
SLIPS = [f"{slip}:{bk}" for slip in ("matmul-no-accumulate", "matmul-k-floor", "matmul-k-not-advanced")
         for bk in BLOCKS_K]


def reference(a, b):
    return a @ b


def variant(slips, a, b):
    K = a.shape[1]
    for s in slips:
        family, _, bk = s.partition(":")
        bk = int(bk)
        starts = range(0, K, bk)
        if family == "matmul-no-accumulate":  # acc = tl.dot(...): only the last K block is kept
            last = starts[-1]
            return None if last == 0 else a[:, last:] @ b[last:]
        if family == "matmul-k-floor":  # range(0, K // BLOCK_K): the last, partial K block skipped
            kf = (K // bk) * bk
            return None if kf == K else a[:, :kf] @ b[:kf]
        if family == "matmul-k-not-advanced":  # offs_k = tl.arange(0, BLOCK_K): block 0 each time
            w = min(bk, K)
            return None if len(starts) == 1 else len(starts) * (a[:, :w] @ b[:w])
    return a @ b


def reads_past_the_row(call):
    """a's row 0 fixed, row 1 changed: a kernel whose K loads are not masked reads row 1's first
    values as the end of row 0 (K = 20 is no multiple of a tile), so c's row 0 changes too."""
    outs = []
    for fill in (3.0, -3.0):
        a = torch.ones(2, 20, dtype=F32)
        a[1] = fill
        b = torch.ones(20, 3, dtype=F32)
        outs.append(call(a, b))
    if outs[0].shape != (2, 3) or not (abs(outs[0][0] - outs[1][0]) > 1e-4).any():
        return None
    return ("measured: row 0 of a @ b changes when only row 1 of a changes (a (2, 20), b (20, 3)): your kernel "
            "reads past the end of a's rows along K. Mask the K loads, offs_k < K, with other=0.0 (and M, N "
            "on the loads and the store).")


PROBES = [reads_past_the_row]


def cases():
    gpu = on_gpu()
    shapes = [((20, 37, 29), F32), ((32, 48, 16), F32), ((33, 70, 40), F32), ((16, 50, 16), F32),
              ((5, 100, 3), F64), ((24, 24, 24), F32), ((1, 1, 1), F32),
              ((8, 40, 72), F32),  # N several tiles wider than M: a grid sized by M alone leaves columns unwritten
              ((72, 40, 8), F32)]  # and the mirror; 72 rows: tiles that overlap (rows at pid * BLOCK_N) miss the last
    if gpu:  # compiled: larger sizes (fp16 and bf16 copies of the fp32 cases are added for the GPU)
        shapes = [((500, 300, 200), F32), ((256, 1000, 128), F32), ((129, 257, 65), F32), ((1, 1, 1), F32),
                  ((64, 70, 64), F32), ((64, 70, 520), F32)]
    out = []
    for i, ((m, k, n), dtype) in enumerate(shapes):
        a, b = rnd(m, k, dtype=dtype, seed=i), rnd(k, n, dtype=dtype, seed=40 + i)
        out.append(Case(f"a ({m}, {k}) @ b ({k}, {n}), {dtype_name(dtype)}", [a, b], {}, reference, variant,
                        call="matmul(a, b)", device="cuda" if gpu else None))
    # last, strided inputs, as the starter's strides allow: a the transpose of a (K, M) tensor (a.stride()
    # is (1, M): its K step is M elements) and b the first N columns of a wider tensor (rows not packed)
    (m, k, n), wide = ((20, 37, 29), 40) if not gpu else ((129, 257, 65), 80)
    a, b = rnd(k, m, dtype=F32, seed=90).T, rnd(k, wide, dtype=F32, seed=91)[:, :n]
    out.append(Case(f"a ({m}, {k}) the transpose of a ({k}, {m}) tensor @ b ({k}, {n}) the first {n} columns of a "
                    f"({k}, {wide}) tensor, float32", [a, b], {}, reference, variant, call="matmul(a, b)",
                    device="cuda" if gpu else None))
    return out


def TILE_READS(inputs, kwargs, geo):
    """A K step of one program (kernel_localise.py) whose a or b tile holds other elements than the
    product of its output tile needs: a's rows the tile's rows, b's columns the tile's columns, and a's
    K columns b's K rows, lane by lane. {"program", "words", "where", "load"} or None."""
    import numpy as np

    a, b = inputs[:2]
    M, K = a.shape
    N = b.shape[1]
    store = geo["store"]
    if store.ndim != 2:
        return None
    ok = store >= 0
    rows = np.where(ok.any(1), np.where(ok, store // N, -1).max(1), -1)
    cols = np.where(ok.any(0), np.where(ok, store % N, -1).max(0), -1)
    tile = f"the tile of rows {_span(rows[rows >= 0])}, columns {_span(cols[cols >= 0])}"
    a_loads = [(i, g) for i, g in enumerate(geo["loads"]) if g["input"] == 0]
    b_loads = [(i, g) for i, g in enumerate(geo["loads"]) if g["input"] == 1]
    for step, ((ia_at, ga), (ib_at, gb)) in enumerate(zip(a_loads, b_loads)):
        ia, ib = ga["index"], gb["index"]
        if ia.ndim != 2 or ib.ndim != 2 or ia.shape[0] != len(rows) or ib.shape[1] != len(cols):
            return None
        a_on, b_on = ia >= 0, ib >= 0
        a_k = np.where(a_on, ia % K, -1).max(0)  # the K index each lane of the dot reads, in a and in b
        b_k = np.where(b_on, ib // N, -1).max(1)
        both = (a_k >= 0) & (b_k >= 0)
        if not ((a_on & (rows[:, None] >= 0) & (ia // K != rows[:, None])).any()
                or (b_on & (cols[None, :] >= 0) & (ib % N != cols[None, :])).any()
                or (ia.shape[1] == ib.shape[0] and (both & (a_k != b_k)).any())):
            continue
        # which lanes: against the tiles a step of BLOCK_K columns apart calls for (K index step*BK + j)
        bk = ia.shape[1]
        ks = step * bk + np.arange(bk)
        want_a = np.where((rows[:, None] >= 0) & (ks[None, :] < K), rows[:, None] * K + ks[None, :], -1)
        want_b = np.where((ks[:, None] < K) & (cols[None, :] >= 0), ks[:, None] * N + cols[None, :], -1)
        for at, got, want, name, width in ((ia_at, ia, want_a, "a", K), (ib_at, ib, want_b, "b", N)):
            bad = (want >= 0) & (got != want)
            if bad.any():
                r, c = (int(x) for x in np.argwhere(bad)[0])
                read = f"{name}[{got[r, c] // width}, {got[r, c] % width}]" if got[r, c] >= 0 else "nothing (masked)"
                return {"program": tile, "where": f"K step {step}", "load": at,
                        "words": f"reads {read} at its lane ({r}, {c}), where {name}[{want[r, c] // width}, "
                                 f"{want[r, c] % width}] belongs ({int(bad.sum())} of its {int((want >= 0).sum())} "
                                 f"lanes read the wrong element)"}
    return None


def TILE_STEPS(inputs, kwargs, geo):
    """One program instance's steps (kernel_localise.py), float64 NumPy: per iteration of its K loop
    the product of the tiles it loaded and the running sum; `unread`: the K columns its tile needs
    that it never loads, with the tile computed from what it loads alone."""
    import numpy as np

    a, b = inputs[:2]
    M, K = a.shape
    N = b.shape[1]
    store = geo["store"]
    if store.ndim != 2:
        return None
    ok = store >= 0
    rows = np.where(ok.any(1), np.where(ok, store // N, -1).max(1), -1)
    cols = np.where(ok.any(0), np.where(ok, store % N, -1).max(0), -1)
    a_loads = [g for g in geo["loads"] if g["input"] == 0]
    b_loads = [g for g in geo["loads"] if g["input"] == 1]
    acc = np.zeros(store.shape)
    iterations, seen = [], set()
    valid = ok
    for ga, gb in zip(a_loads, b_loads):
        ia, ib = ga["index"], gb["index"]
        if ia.ndim != 2 or ib.ndim != 2:
            return None
        A = np.where(ia >= 0, a.reshape(-1)[np.maximum(ia, 0)], 0.0)
        B_ = np.where(ib >= 0, b.reshape(-1)[np.maximum(ib, 0)], 0.0)
        seen |= set((ia[ia >= 0] % K).tolist())
        prod = A @ B_
        acc = acc + prod
        iterations.append([{"name": "tile product", "says": "tl.dot of this step's a and b tiles", "value": prod,
                            "valid": valid},
                           {"name": "accumulator", "says": "acc + the tile product", "value": acc.copy(),
                            "valid": valid}])
    rr, cc = rows[rows >= 0], cols[cols >= 0]
    missing = sorted(set(range(K)) - seen)
    unread = None
    if missing and rr.size and cc.size:
        ks = np.array(sorted(seen), dtype=int)
        tile = a[np.ix_(rr, ks)] @ b[np.ix_(ks, cc)] if ks.size else np.zeros((rr.size, cc.size))
        loaded = f"columns {_span(seen)} of a's K = {K} only" if seen else f"no column of a's K = {K}"
        # the K steps' lanes reach every column (as many lanes as K, from 0): the load's mask keeps the rest out
        lanes = len(a_loads) * a_loads[0]["index"].shape[1] if a_loads else 0
        unread = {"words": f"it loads {loaded}: column{'s' if len(missing) > 1 else ''} {_span(missing)} "
                           f"{'are' if len(missing) > 1 else 'is'} never loaded",
                  "output": tile.reshape(-1), "id": "kernel-k-unread",
                  "load_line": a_loads[0]["line"] if a_loads else None, "masked": lanes >= K}
    return {"program": f"the tile of rows {_span(rr)}, columns {_span(cc)}", "steps": iterations,
            "where": lambda it: f", K step {it}", "unread": unread, "quantities": {}}


def _span(values):
    from studyxf.grading.judge.kernel_reading import _span as span

    return span(values)
