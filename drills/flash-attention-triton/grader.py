"""The Triton flash-attention drill's cases, slips and probe (loaded by the grading worker). The
learner's kernel runs in the sandbox: in Triton's interpreter on the CPU (small cases: T up to 100,
d 16 and 32), or compiled on the GPU with --device cuda (studyxf.grading.judge.kernels.on_gpu). The
reference is the engine's naive attention in float64. The slips are the kernel's online softmax
gone wrong, simulated here tile by tile as the kernel runs it; those that depend on the learner's
tiles carry the tile size as a measured parameter (16, 32, 64: BLOCK_N for the running sum and
the key boundary, BLOCK_M x BLOCK_N for a causal mask on the wrong side)."""

import math

import torch

from engine.attention import naive_attention
from studyxf.grading.judge.case import F32, F64, Case, dtype_name, rnd
from studyxf.grading.judge.kernels import on_gpu

BLOCKS = ("16", "32", "64")
# the mask on the wrong side leaves a query's first key tiles empty (-inf everywhere: NaN from then
# on), so it depends on both tiles: BLOCK_M x BLOCK_N where they differ (the plain sizes: equal)
WRONG_SIDE_TILES = ("32x16", "64x16", "64x32")
SLIPS = [f"{s}:{b}" for s in ("flash-no-rescale", "flash-no-rescale-sum", "flash-no-rescale-output",
                              "flash-keys-unmasked") for b in BLOCKS] + \
    [f"causal-wrong-side:{b}" for b in (*BLOCKS, *WRONG_SIDE_TILES, "all")] + ["mask-diagonal", "no-scale"]


def reference(q, k, v, causal=True):
    return naive_attention(q, k, v, causal=causal)


def _param(slips, family):
    return next((s.partition(":")[2] for s in slips if s.partition(":")[0] == family), None)


def variant(slips, q, k, v, causal=True):
    """The kernel's loop in torch: query tiles of BLOCK_M, key tiles of BLOCK_N, the running max m,
    sum l and output acc per query row, with the slips made."""
    T, d = q.shape[-2], q.shape[-1]
    fams = {s.partition(":")[0] for s in slips}
    sizes = {int(p) for s in slips if (p := s.partition(":")[2]).isdigit()}
    if len(sizes) > 1:
        return None  # one tile size per kernel
    bm = bn = next(iter(sizes), 16)
    wrong_side = _param(slips, "causal-wrong-side")
    if wrong_side is not None and not causal or "flash-keys-unmasked" in fams and causal:
        return None  # the slip cannot show on this case
    if wrong_side and "x" in wrong_side:
        bm, bn = map(int, wrong_side.split("x"))
    elif wrong_side == "all":  # every key tile, to T: the query tile does not matter
        bm = bn = 16
    scale = 1.0 if "no-scale" in slips else 1.0 / math.sqrt(d)
    out = torch.empty_like(q)
    for qs in range(0, T, bm):
        i = torch.arange(qs, min(qs + bm, T))
        qb = q[..., qs:qs + bm, :]
        m = torch.full((*qb.shape[:-1], 1), float("-inf"), dtype=q.dtype)
        l = torch.zeros_like(m)
        acc = torch.zeros_like(qb)
        hi = T if not causal or wrong_side == "all" else min(qs + bm, T)
        for ks in range(0, hi, bn):
            j = torch.arange(ks, ks + bn)
            real = j < T
            kb = torch.zeros(*k.shape[:-2], bn, d, dtype=k.dtype)
            vb = torch.zeros(*v.shape[:-2], bn, v.shape[-1], dtype=v.dtype)
            kb[..., :int(real.sum()), :] = k[..., ks:ks + bn, :]
            vb[..., :int(real.sum()), :] = v[..., ks:ks + bn, :]
            s = qb @ kb.transpose(-2, -1) * scale
            keep = real[None, :] if "flash-keys-unmasked" not in fams else torch.ones(1, bn, dtype=torch.bool)
            if causal:
                keep = keep & ((j[None, :] >= i[:, None]) if wrong_side else
                               (j[None, :] < i[:, None]) if "mask-diagonal" in slips else (j[None, :] <= i[:, None]))
            s = s.masked_fill(~keep, float("-inf"))
            m_new = torch.maximum(m, s.amax(-1, keepdim=True))
            alpha = torch.exp(m - m_new)
            p = torch.exp(s - m_new)
            one = torch.ones_like(alpha)
            l = l * (one if fams & {"flash-no-rescale", "flash-no-rescale-sum"} else alpha) + p.sum(-1, keepdim=True)
            acc = acc * (one if fams & {"flash-no-rescale", "flash-no-rescale-output"} else alpha) + p @ vb
            m = m_new
        out[..., qs:qs + bm, :] = acc / l
    return out


def reads_past_the_keys(call):
    """Keys 0..4 of a 5-key sequence, non-causal, then the same with other memory around it: a kernel
    whose K or V loads are not masked reads past the last key; measured by changing a second head's
    keys and values, which lie right after the first's."""
    outs = []
    for fill in (2.0, -2.0):
        q = torch.ones(1, 2, 5, 16, dtype=F32)
        k, v = torch.zeros(1, 2, 5, 16, dtype=F32), torch.zeros(1, 2, 5, 16, dtype=F32)
        k[:, 1], v[:, 1] = fill, fill
        outs.append(call(q, k, v, causal=False))
    if outs[0].shape != (1, 2, 5, 16) or not (abs(outs[0][:, 0] - outs[1][:, 0]) > 1e-4).any():
        return None
    return ("measured: head 0's output changes when only head 1's keys and values change (q, k, v (1, 2, 5, 16), "
            "causal=False): your kernel reads past the last key of its sequence. Mask the K and V loads with "
            "offs_n < T (other=0.0), and the scores of those keys to -inf.")


PROBES = [reads_past_the_keys]


def cases():
    gpu = on_gpu()
    shapes = [((1, 2, 50, 16), True, F32), ((1, 1, 37, 32), False, F32), ((2, 1, 64, 16), True, F64),
              ((1, 1, 100, 16), True, F32), ((1, 1, 20, 16), False, F64), ((1, 2, 33, 16), False, F32)]
    if gpu:  # compiled: longer sequences and d = 64, 128 (fp16 and bf16 copies of the fp32 cases are added)
        shapes = [((2, 4, 1000, 64), True, F32), ((1, 2, 777, 128), False, F32), ((1, 4, 2048, 128), True, F32),
                  ((1, 1, 50, 16), True, F32)]
    out = []
    for i, (shape, causal, dtype) in enumerate(shapes):
        q = rnd(*shape, dtype=dtype, seed=i, scale=3.0)
        k, v = rnd(*shape, dtype=dtype, seed=30 + i, scale=3.0), rnd(*shape, dtype=dtype, seed=60 + i)
        out.append(Case(f"q, k, v {shape}, causal={causal}, {dtype_name(dtype)}", [q, k, v], {"causal": causal},
                        reference, variant, call=f"flash_attention(q, k, v, causal={causal})",
                        device="cuda" if gpu else None))
    # every score near -300: exp underflows to 0 in float32 unless the running max subtracted is the
    # scores' own (a running max that starts at 0, not -inf, passed the rest)
    u = rnd(16, seed=95)
    u = u / u.norm()
    q = (35.0 * u + rnd(1, 1, 40, 16, seed=96, scale=0.3)).to(F32)
    k, v = (-35.0 * u + rnd(1, 1, 40, 16, seed=97, scale=0.3)).to(F32), rnd(1, 1, 40, 16, dtype=F32, seed=98)
    out.append(Case("q, k, v (1, 1, 40, 16), every score near -300, causal=False, float32", [q, k, v],
                    {"causal": False}, reference, variant, call="flash_attention(q, k, v, causal=False)",
                    device="cuda" if gpu else None))
    return out


LOG2E = 1.4426950408889634


def _key_rows(idx, D: int):
    """A k or v tile's addresses with a key per row: a tile loaded transposed (kt: d down, keys
    across, for q @ kt) is turned back, read from the addresses (columns d = index % D), so that a
    square tile (BLOCK_N = D) is not taken for a misread."""
    import numpy as np

    if idx.ndim != 2:
        return idx

    def by_rows(a):
        on = a >= 0
        return a.shape[1] == D and on.any() and bool(np.all((a % D == np.arange(D)[None, :]) | ~on))
    if by_rows(idx):
        return idx
    if by_rows(idx.T):
        return idx.T
    return idx.T if idx.shape[1] != D and idx.shape[0] == D else idx


def TILE_READS(inputs, kwargs, geo):
    """A load of one program (kernel_localise.py) that reads other elements than its queries call
    for: q's tile the rows and columns its store writes; each key step's k and v tiles rows of the
    same (batch, head), all d columns, and v the keys k holds at that step. {"program", "words",
    "where", "load"} or None."""
    import numpy as np

    q = inputs[0]
    B, H, T, D = q.shape
    store = geo["store"]
    if store.ndim != 2:
        return None
    ok = store >= 0
    lane = np.where(ok.any(1), store.max(1), -1)
    heads = set((lane[lane >= 0] // (T * D)).tolist())
    if len(heads) != 1:
        return None
    bh = heads.pop()
    qt = lane[lane >= 0] // D % T
    who = f"queries {_span(qt)} of (batch, head) {divmod(bh, H)}"

    def at(i):
        return f"q[{i // (H * T * D)}, {i // (T * D) % H}, {i // D % T}, {i % D}]"

    kv = {1: [], 2: []}
    for i, g in enumerate(geo["loads"]):
        idx = g["index"]
        if g["input"] == 0 and idx.shape == store.shape:
            bad = ok & (idx != store)
            if bad.any():
                r, c = (int(x) for x in np.argwhere(bad)[0])
                read = at(int(idx[r, c])) if idx[r, c] >= 0 else "nothing (masked)"
                return {"program": who, "load": i, "words": f"reads {read} at its lane ({r}, {c}), where "
                        f"{at(int(store[r, c]))} belongs ({int(bad.sum())} of its {int(ok.sum())} lanes)"}
        elif g["input"] in kv and idx.ndim == 2:
            kv[g["input"]].append((i, _key_rows(idx, D)))
    for step, pair in enumerate(zip(kv[1], kv[2])):
        keys = []
        for name, (i, idx) in zip("kv", pair):
            on = idx >= 0
            if idx.shape[1] != D:
                return None
            wrong_head = on & (idx // (T * D) != bh)
            wrong_col = on & (idx % D != np.arange(D)[None, :])
            if wrong_head.any() or wrong_col.any():
                r, c = (int(x) for x in np.argwhere(wrong_head | wrong_col)[0])
                e = int(idx[r, c])
                words = (f"reads {name}[{e // (H * T * D)}, {e // (T * D) % H}, {e // D % T}, {e % D}] at its "
                         f"lane ({r}, {c}): its queries are (batch, head) {divmod(bh, H)}" if wrong_head[r, c] else
                         f"reads column {e % D} of a key at its lane ({r}, {c}), where column {c} belongs")
                return {"program": who, "load": i, "where": f"key step {step}", "words": words}
            keys.append((i, np.where(on.any(1), np.where(on, idx // D % T, -1).max(1), -1)))
        (_, kk), (vi, vk) = keys
        if kk.shape == vk.shape and ((kk >= 0) & (vk >= 0) & (kk != vk)).any():
            return {"program": who, "load": vi, "where": f"key step {step}",
                    "words": f"v's tile holds keys {_span(vk[vk >= 0])} where keys {_span(kk[kk >= 0])} belong, those "
                             f"k's tile holds at that step: p @ v weighs each key's value by that key's p"}
    return None


def TILE_STEPS(inputs, kwargs, geo):
    """One program instance's steps (kernel_localise.py), float64 NumPy, on the lanes the learner's
    store and loads address: its query rows (the store), and per iteration of its key loop the key
    rows its K load read. Each iteration: scores, scaled, masked, running max, rescale factor, p,
    running sum, accumulator, and p, sum and accumulator under the row max over every tile (a kernel
    in two passes); the last also the output tile. `unread`: the keys its queries need that
    it never loads, with the output computed from what it loads alone."""
    import numpy as np

    q, k, v = inputs
    causal = kwargs.get("causal", True)
    B, H, T, D = q.shape
    store = geo["store"]
    if store.ndim != 2:
        return None
    lane = np.where((store >= 0).any(1), store.max(1), -1)
    rows_ok = lane >= 0
    heads = set((lane[rows_ok] // (T * D)).tolist())
    if len(heads) != 1:
        return None
    bh = heads.pop()
    qt = np.where(rows_ok, (lane // D) % T, 0)
    qf, kf, vf = (a.reshape(B * H, T, D)[bh] for a in (q, k, v))
    Q = np.where(rows_ok[:, None], qf[qt], 0.0)

    def keys_of(g):
        idx = _key_rows(g["index"], D)
        if idx.ndim != 2:
            return None
        kl = np.where((idx >= 0).any(1), idx.max(1), -1)
        return kl, np.where(kl >= 0, (kl // D) % T, 0), kl >= 0
    k_loads = [g for g in geo["loads"] if g["input"] == 1]
    v_loads = [g for g in geo["loads"] if g["input"] == 2]
    scale = 1 / math.sqrt(D)
    m = np.full(len(lane), -np.inf)
    l = np.zeros(len(lane))
    acc = np.zeros((len(lane), D))
    iterations, seen = [], set()
    row_valid = rows_ok

    def loaded(i, g):
        got = keys_of(g)
        if got is None:
            return None
        _, kt, key_ok = got
        vt = kt
        if i < len(v_loads) and keys_of(v_loads[i]) is not None:
            _, vt, v_ok = keys_of(v_loads[i])
            vt = np.where(v_ok, vt, kt)
        K, V = np.where(key_ok[:, None], kf[kt], 0.0), np.where(key_ok[:, None], vf[vt], 0.0)
        vis = key_ok[None, :] & rows_ok[:, None]
        if causal:
            vis = vis & (kt[None, :] <= qt[:, None])
        return kt, key_ok, K, V, vis, Q @ K.T
    tiles = [loaded(i, g) for i, g in enumerate(k_loads)]
    if any(t is None for t in tiles):
        return None
    # a kernel in two passes (a row-max kernel, then sums under that max): the max over every key tile first
    final = np.full(len(lane), -np.inf)
    for *_, vis, raw in tiles:
        final = np.maximum(final, np.where(vis, raw * scale, -np.inf).max(1))
    l2, acc2 = np.zeros(len(lane)), np.zeros((len(lane), D))
    for kt, key_ok, K, V, vis, raw in tiles:
        seen |= set(kt[key_ok].tolist())
        scaled = raw * scale
        masked = np.where(vis, scaled, -np.inf)
        with np.errstate(invalid="ignore", over="ignore"):
            m_new = np.maximum(m, masked.max(1))
            alpha = np.where(np.isneginf(m) & np.isneginf(m_new), 1.0, np.exp(m - m_new))
            p = np.exp(masked - m_new[:, None])
            p2 = np.exp(masked - final[:, None])
            less = masked - m_new[:, None]
        l = l * alpha + p.sum(1)
        acc = acc * alpha[:, None] + p @ V
        l2, acc2 = l2 + p2.sum(1), acc2 + p2 @ V
        tile = row_valid[:, None] & key_ok[None, :]
        rows2 = np.broadcast_to(row_valid[:, None], acc.shape)
        steps = [
            {"name": "scores", "says": "q @ k^T of the tile", "value": raw, "valid": tile},
            {"name": "scaled scores", "says": "the scores times 1/sqrt(d)", "value": scaled, "valid": tile,
             "factor_words": {"1/sqrt(d)": ": the scores are scaled twice"}},
            {"name": "scaled scores (log2 units)", "says": "the scores times log2(e)/sqrt(d), for exp2",
             "value": scaled * LOG2E, "valid": tile,
             "factor_words": {"1/sqrt(d)": ": the scores are scaled twice", "log2(e)/sqrt(d)": ": the scores are scaled twice"}},
            {"name": "masked scores", "says": "the scaled scores, -inf where a key may not be seen", "value": masked,
             "valid": tile, "no_explain": True},
            {"name": "masked scores (log2 units)", "says": "the same in log2 units", "value": masked * LOG2E,
             "valid": tile, "no_explain": True},
            {"name": "running max", "says": "max(m, the tile's row max)", "value": m_new, "valid": row_valid},
            {"name": "running max (log2 units)", "says": "the same in log2 units", "value": m_new * LOG2E,
             "valid": row_valid},
            {"name": "scores less the max", "says": "scores - m_new, exp's argument", "value": less, "valid": tile,
             "no_explain": True},
            {"name": "scores less the max (log2 units)", "says": "the same in log2 units, exp2's argument",
             "value": less * LOG2E, "valid": tile, "no_explain": True},
            {"name": "rescale factor", "says": "alpha = exp(m_old - m_new), the factor that rescales what was "
             "summed under the old max", "value": alpha, "valid": row_valid, "inverse": "exp(m_new - m_old)"},
            {"name": "p", "says": "exp(scores - m_new)", "value": p, "valid": tile},
            {"name": "running sum", "says": "l = l * alpha + rowsum(p)", "value": l.copy(), "valid": row_valid},
            {"name": "accumulator", "says": "acc = acc * alpha[:, None] + p @ v", "value": acc.copy(), "valid": rows2},
            {"name": "row max", "says": "the row max over every key tile (a first pass's)", "value": final,
             "valid": row_valid},
            {"name": "p under the row max", "says": "exp(scores - the row max)", "value": p2, "valid": tile},
            {"name": "sum under the row max", "says": "l += rowsum(p)", "value": l2.copy(), "valid": row_valid},
            {"name": "accumulator under the row max", "says": "acc += p @ v", "value": acc2.copy(), "valid": rows2},
        ]
        iterations.append(steps)
        m = m_new
    if iterations:
        with np.errstate(invalid="ignore", divide="ignore"):
            iterations[-1].append({"name": "output", "says": "acc / l[:, None]", "value": acc / l[:, None],
                                   "valid": np.broadcast_to(row_valid[:, None], acc.shape)})
    rows = sorted(set(qt[rows_ok].tolist()))
    needed = set(range(0, (max(rows) + 1) if causal else T))
    missing = sorted(needed - seen)
    unread = None
    if missing:
        keys = np.array(sorted(seen & needed), dtype=int)
        s = qf[rows] @ kf[keys].T * scale if keys.size else np.zeros((len(rows), 0))
        if causal and keys.size:
            s = np.where(keys[None, :] <= np.array(rows)[:, None], s, -np.inf)
        with np.errstate(invalid="ignore", divide="ignore"):
            w = np.exp(s - s.max(1, keepdims=True)) if keys.size else s
            o = (w @ vf[keys]) / w.sum(1, keepdims=True) if keys.size else np.full((len(rows), D), np.nan)
        # the output in the order of the learner's store: lanes (row, d)
        by_row = {r: o[i] for i, r in enumerate(rows)}
        out = np.stack([by_row[t] for t in qt[rows_ok]]).reshape(-1)
        diagonal = causal and set(missing) <= set(range(min(rows), max(rows) + 1))
        words = (f"it loads {('keys ' + _span(seen)) if seen else 'no key'}, where its queries need keys {_span(needed)}: keys "
                 f"{_span(missing)} are never loaded"
                 + (" (the diagonal tile, its own queries' keys: the loop over key tiles stops before it)"
                    if diagonal else ""))
        unread = {"words": words, "output": out, "id": "kernel-keys-unread",
                  "load_line": k_loads[0]["line"] if k_loads else None}
    return {"program": f"queries {_span(rows)} of (batch, head) {divmod(bh, H)}", "steps": iterations,
            "where": lambda it: f", key tile {it}", "unread": unread,
            "quantities": {"1/sqrt(d)": scale, "sqrt(d)": math.sqrt(D), "log2(e)": LOG2E,
                           "log2(e)/sqrt(d)": LOG2E * scale, "1/log2(e)": 1 / LOG2E}}


def _span(values):
    from studyxf.grading.judge.kernel_reading import _span as span

    return span(values)
