"""Mistake families: the slips learners make, written once as small perturbations on top of the
engine's correct functions and shared by every drill where the slip can happen (a scale slip in
attention, multi-head, GQA, cross-attention, flash, the module drills...). A variant takes a set
of slips, so two slips at once are reproduced, and named, together.

A slip is an id of the report's contract or a drill's own list, optionally with a parameter after a colon
("ln-wrong-axis:0"): the id is what the report names, the parameter is what was measured.
Runs inside the grading worker (torch is imported here)."""

from __future__ import annotations

import math

import torch
import torch.nn.functional as F

from engine.attention import causal_mask
from engine.heads import merge_heads, split_heads

# the attention core's slips, shared by every drill that computes attention
SCALE_SLIPS = ("no-scale", "scale-d", "scale-d-model", "scale-after-softmax")
MASK_SLIPS = ("mask-inverted", "mask-diagonal", "mask-diagonal:future", "mask-ignored", "mask-fill-finite",
              "masked-row-nan", "mask-fill-zero", "mask-after-softmax", "mask-transposed", "mask-added")
# the softmax over the queries (axis -2), or over an axis named by number (dim=1: the queries of
# (B, T, T) scores but the heads of (B, H, T, T) ones)
SOFTMAX_SLIPS = ("softmax-axis", "softmax-axis:0", "softmax-axis:1")
# exp() unguarded, or guarded by the whole array's max (the 1-D softmax snippet, np.max(s), on 2-D scores)
MAX_SLIPS = ("no-max-subtraction", "no-max-subtraction:zeroed", "softmax-global-max")
CORE_SLIPS = (*SCALE_SLIPS, *SOFTMAX_SLIPS, *MASK_SLIPS, *MAX_SLIPS)
# the projections mixed up: which weight q, k and v are computed with ("qvk": k and v swapped)
MIXES = ("kqv", "qvk", "vkq", "qqv", "qkk", "qkq", "kkv", "vkv", "qvv")
MIXED_SLIPS = tuple(f"weights-mixed:{m}" for m in MIXES)


# how the report says a slip's parameter ("softmax-axis:1" -> "your softmax runs over axis 1"): a
# measured value, or which form of the slip it is (the id is the one the report names)
MEASURED = {"softmax-axis": "your softmax runs over axis {}",
            # the Triton drills: the learner's tile size, found by trying the usual ones
            "matmul-no-accumulate": "with BLOCK_K = {}", "matmul-k-floor": "with BLOCK_K = {}",
            "matmul-k-not-advanced": "with BLOCK_K = {}", "flash-no-rescale": "with BLOCK_N = {}",
            "flash-no-rescale-sum": "with BLOCK_N = {}", "flash-no-rescale-output": "with BLOCK_N = {}",
            "flash-keys-unmasked": "with BLOCK_N = {}",
            "causal-wrong-side": {"all": "the key loop over every key tile, to T (BLOCK_N = 16)",
                                  **{t: "with BLOCK_M = {} and BLOCK_N = {}, the key loop ending at the diagonal "
                                        "tile".format(*(t.split("x") * 2 if "x" not in t else t.split("x")))
                                     for t in ("16", "32", "64", "32x16", "64x16", "64x32")}},
            "mask-inverted": {"diagonal": "the keys before each query are hidden (tril(-1) as the hidden part): it "
                                          "sees itself and every key after it"},
            "weights-transposed": {"o": "only the output projection is transposed: y @ w_o.T"},
            "gelu-erf-no-sqrt2": {"outside": "the sqrt(2) divides erf(x) from outside: erf(x) / sqrt(2) where "
                                             "erf(x / sqrt(2)) belongs"},
            "ln-wrong-axis": "the mean and variance are taken over axis {}",
            "rms-wrong-axis": "the mean of x^2 is taken over axis {}",
            # the diagonal shifted by one whatever the alignment (bottom-right drills: tril(Tk - Tq + 1))
            "mask-diagonal": {"future": "each query also sees the next position (the diagonal one too far: "
                                        "tril(1) instead of tril(0) when Tq == Tk): it sees the future"},
            "heads-no-transpose": {"split": "the split only: the merge is right; view (B, T, D) as (B, T, H, dh), "
                                            "then transpose(1, 2)",
                                   "merge": "the merge only: the split is right; transpose(1, 2) back to "
                                            "(B, T, H, dh) before reshaping to (B, T, D)"},
            "alibi-slope-offset": {"floor": "the step 8 // n is an integer division: 0 for more than 8 heads, so "
                                            "every slope is 1; write 8 / n"},
            "rope-frequency": {"floor": "the exponent -(2i // d) is an integer division: 0 for every pair, so every "
                                        "frequency is 1; write -2 * i / d"},
            "weights-mixed": {m: f"q, k and v are computed with w_{m[0]}, w_{m[1]} and w_{m[2]}" for m in MIXES},
            "no-max-subtraction": {"zeroed": "the overflowed rows come out as zeros: inf / inf is NaN, turned to 0"},
            "post-norm": {"attn": "only the attention sublayer is post-norm, x = ln1(x + attn(x)); the MLP's is pre-norm",
                          "mlp": "only the MLP sublayer is post-norm, x = ln2(x + mlp(x)); the attention's is pre-norm"},
            "norm-skipped": {"attn": "the attention reads x itself, ln1 never applied: x = x + attn(ln1(x))",
                             "mlp": "the MLP reads x itself, ln2 never applied: x = x + mlp(ln2(x))"},
            "sinusoidal-exponent": {"odd": "each column got its own frequency 10000^(j/d), where a sin/cos pair "
                                           "shares one",
                                    "column": "the exponent uses the column index j (2j/d), where a sin/cos pair "
                                              "shares the pair's 2i/d",
                                    "floor": "the exponent 2 * i // d is an integer division: 0 for every pair, so "
                                             "every frequency is 1; write 2 * i / d",
                                    "double": "the 2 applied to an index that already steps by 2 (0, 2, 4, ...): "
                                              "10000^(4i/d); with that index use i/d",
                                    "log10": "exp(-2i log10(10000) / d) is e^(-8i/d), a base of e^4 = 54.6: "
                                             "the exponential form needs the natural log, math.log(10000)"}}


def measured(slip: str) -> str:
    """The words for a slip's parameter: '' for a slip without one."""
    family, _, value = slip.partition(":")
    if not value:
        return ""
    said = MEASURED.get(family, family + " {}")
    if isinstance(said, dict):
        return said.get(value, f"{family} {value}")
    if value == "all":
        return said.replace("axis {}", "every axis at once")
    return said.format(value)


def public(slip: str) -> str:
    """The id a report names: the slip without its parameter."""
    return slip.partition(":")[0]


def param(slips, family: str, default=None):
    """The parameter of the slip of `family` in `slips` ("ln-wrong-axis:0" -> "0"), or default."""
    for s in slips:
        if public(s) == family:
            return s.partition(":")[2] or default
    return default


def has(slips, family: str) -> bool:
    """Whether a slip of `family` is among `slips`, with or without a parameter."""
    return any(public(s) == family for s in slips)


def attend(q, k, v, mask=None, causal=False, slips=frozenset(), d_model=None, bias=None):
    """softmax(q k^T / sqrt(d) + bias, masked) v, with the slips made. Mask: True = may attend;
    `causal` aligns bottom-right (query i sees keys <= i + Tk - Tq), unless "causal-top-left"."""
    d = q.shape[-1]
    scale = 1.0 / math.sqrt(d)
    if "no-scale" in slips:
        scale = 1.0
    elif "scale-d" in slips:
        scale = 1.0 / d
    elif "scale-d-model" in slips:
        scale = 1.0 / math.sqrt(d_model or d)
    after = scale if "scale-after-softmax" in slips else None  # the weights scaled, not the scores
    s = (q @ k.transpose(-2, -1)) * (1.0 if after is not None else scale)
    if bias is not None:
        s = s + bias
    tq, tk = s.shape[-2], s.shape[-1]
    offset = tk - tq if causal else 0
    if causal:
        c = causal_mask(tq, tk, top_left="causal-top-left" in slips)
        if "causal-top-left" in slips:
            offset = 0
        mask = c if mask is None else (mask.to(torch.bool) & c)
    if mask is not None and "mask-ignored" not in slips:
        mask = mask.to(torch.bool)
        i, j = torch.arange(tq).unsqueeze(-1), torch.arange(tk)
        if "mask-transposed" in slips:  # mask.T: rows and columns swapped (only a square mask allows it)
            if mask.shape[-1] != mask.shape[-2]:
                raise ValueError("a transposed mask needs a square one")
            mask = mask.transpose(-2, -1)
        if "mask-inverted" in slips:
            mask = ~mask
        if "mask-inverted:diagonal" in slips:  # tril(-1) hidden: the query sees itself and the keys after it
            mask = ~mask | (j == i + offset)
        if "mask-diagonal" in slips:  # its own position hidden too (tril(-1) for tril)
            mask = mask & (j != i + offset)
        if "mask-diagonal:future" in slips:  # one step into the future seen (tril(1) for tril)
            mask = mask | (j == i + offset + 1)
        if "mask-added" in slips:  # a boolean mask added as 0/1, as if it were an additive one (0 / -inf)
            s = s + mask.to(s.dtype)
        elif "mask-after-softmax" not in slips:
            fill = -1e9 if "mask-fill-finite" in slips else 0.0 if "mask-fill-zero" in slips else float("-inf")
            s = s.masked_fill(~mask, fill)
    axis = int(param(slips, "softmax-axis", -2)) if has(slips, "softmax-axis") else -1
    if has(slips, "no-max-subtraction"):
        e = torch.exp(s)
        w = e / e.sum(dim=axis, keepdim=True)
        if "no-max-subtraction:zeroed" in slips:  # inf / inf, then nan_to_num: the overflowed rows are zeros
            w = torch.nan_to_num(w, nan=0.0)
    else:
        peak = s.amax() if "softmax-global-max" in slips else s.amax(dim=axis, keepdim=True)
        e = torch.exp(s - torch.where(torch.isfinite(peak), peak, torch.zeros_like(peak)))
        total = e.sum(dim=axis, keepdim=True)
        if "masked-row-nan" in slips:  # a naive softmax: a row with nothing to attend to is 0/0
            w = e / total
        else:
            w = e / torch.where(total > 0, total, torch.ones_like(total))
    if mask is not None and "mask-after-softmax" in slips and "mask-ignored" not in slips:
        w = w * mask  # masked weights zeroed after the softmax, the rows not renormalised
    if after is not None:
        w = w * after
    return w @ v


def split(t, n_heads, slips=frozenset()):
    """(B, T, D) -> (B, H, T, D/H); the slip views it as (B, H, T, D/H) straight, without the transpose."""
    B, T, D = t.shape
    if "heads-no-transpose" in slips or "heads-no-transpose:split" in slips:
        return t.reshape(B, n_heads, T, D // n_heads)
    return split_heads(t, n_heads)


def merge(o, slips=frozenset()):
    B, H, T, dh = o.shape
    if "heads-no-transpose" in slips or "heads-no-transpose:merge" in slips:
        return o.reshape(B, T, H * dh)
    return merge_heads(o)


def heads_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None, slips=frozenset(), memory=None, causal=False):
    """Multi-head attention with weights applied as `x @ w` (cross-attention: K and V from `memory`)."""
    D = x.shape[-1]
    mixed = param(slips, "weights-mixed")
    if mixed:
        given = {"q": w_q, "k": w_k, "v": w_v}
        w_q, w_k, w_v = (given[c] for c in mixed)
    if "weights-transposed" in slips:  # x @ w.T, nn.Linear's habit, where the task applies x @ w
        w_q, w_k, w_v, w_o = (w.transpose(-2, -1) for w in (w_q, w_k, w_v, w_o))
    if "weights-transposed:o" in slips:  # the habit on the output projection alone (y @ w_o.T)
        w_o = w_o.transpose(-2, -1)
    src = x if memory is None or "cross-kv-from-decoder" in slips else memory
    q, k, v = split(x @ w_q, n_heads, slips), split(src @ w_k, n_heads, slips), split(src @ w_v, n_heads, slips)
    if mask is not None:
        if "mask-first-batch" in slips:  # the first sequence's mask used for every sequence
            mask = mask[:1]
        if mask.dim() == 3:
            mask = mask.unsqueeze(1)
    out = merge(attend(q, k, v, mask, causal, slips, d_model=D), slips)
    return out if "no-output-projection" in slips else out @ w_o


def gelu(h, slips=frozenset()):
    """The MLP's activation with its slips: tanh form, ReLU, quick GELU, erf without the sqrt(2)."""
    if "gelu-tanh" in slips:
        return F.gelu(h, approximate="tanh")
    if "mlp-relu" in slips:
        return torch.relu(h)
    if "gelu-quick" in slips:  # x * sigmoid(1.702 x)
        return h * torch.sigmoid(1.702 * h)
    if "gelu-erf-no-sqrt2" in slips:  # 0.5 x (1 + erf(x)): the 1/sqrt(2) forgotten
        return 0.5 * h * (1 + torch.erf(h))
    if "gelu-erf-no-sqrt2:outside" in slips:  # 0.5 x (1 + erf(x) / sqrt(2)): a parenthesis misplaced
        return 0.5 * h * (1 + torch.erf(h) / math.sqrt(2))
    if "gelu-no-half" in slips:  # x (1 + erf(x / sqrt(2))): the 0.5 forgotten
        return h * (1 + torch.erf(h / math.sqrt(2)))
    return F.gelu(h)


def mlp(x, w1, b1, w2, b2, slips=frozenset()):
    """(gelu(x @ w1 + b1)) @ w2 + b2, with w as `x @ w`; 'mlp-bias-after-activation' adds b1 after it."""
    if "mlp-bias-after-activation" in slips:
        h = gelu(x @ w1, slips) + b1
    else:
        h = gelu(x @ w1 + b1, slips)
    return h @ w2 + (0 if "mlp-no-output-bias" in slips else b2)


def layer_norm(x, gamma, beta, eps=1e-5, slips=frozenset()):
    """Normalised over the last axis (or the slip's axis), biased variance, eps inside the sqrt."""
    axis = param(slips, "ln-wrong-axis")
    dims = tuple(range(x.dim())) if axis == "all" else (-1 if axis is None else int(axis))
    mean = x.mean(dims, keepdim=True)
    var = x.var(dims, keepdim=True, unbiased="ln-unbiased-variance" in slips)
    if "ln-var-not-centred" in slips:  # mean(x^2) for the variance: the mean never subtracted there
        var = x.pow(2).mean(dims, keepdim=True)
    if "ln-no-centering" in slips:  # the variance right, but x itself not centred
        mean = torch.zeros_like(mean)
    if "ln-eps-outside-sqrt" in slips:
        out = (x - mean) / (var.sqrt() + eps)
    elif "ln-no-eps" in slips:
        out = (x - mean) / var.sqrt()
    else:
        out = (x - mean) / torch.sqrt(var + eps)
    if "ln-gamma-beta-swapped" in slips:
        gamma, beta = beta, gamma
    if "ln-beta-before-gamma" in slips:  # (x_hat + beta) * gamma: the shift scaled too
        return (out + beta) * gamma
    out = out if "ln-no-gamma" in slips else out * gamma
    return out if "ln-no-beta" in slips else out + beta


def rms_norm(x, gamma, eps=1e-6, slips=frozenset()):
    axis = param(slips, "rms-wrong-axis")
    dims = tuple(range(x.dim())) if axis == "all" else (-1 if axis is None else int(axis))
    if "rms-subtracts-mean" in slips:
        x = x - x.mean(dims, keepdim=True)
    ms = x.pow(2).sum(dims, keepdim=True) if "rms-sum-not-mean" in slips else x.pow(2).mean(dims, keepdim=True)
    if "rms-eps-outside-sqrt" in slips:
        out = x / (ms.sqrt() + eps)
    elif "rms-no-sqrt" in slips:
        out = x / (ms + eps)
    elif "rms-multiplies" in slips:  # sqrt where rsqrt was meant: x * sqrt(mean(x^2) + eps)
        out = x * torch.sqrt(ms + eps)
    else:
        out = x / torch.sqrt(ms + eps)
    if "rms-gamma-plus-one" in slips:  # Gemma's convention, (1 + gamma): its weights are stored as gamma - 1
        return out * (1 + gamma)
    return out if "rms-no-gamma" in slips else out * gamma


ATTN_IN = "the attention's input (ln1's output)"
ATTN_PRE_PROJ = "the attention output before its projection"


def fused_attention(x, w_qkv, b_qkv, w_proj, b_proj, n_heads, slips=frozenset(), trace=None):
    """The seed's CausalSelfAttention with nn.Linear-stored weights (fused qkv, then proj); `trace`,
    when given, receives the stages that module drills compare with the learner's."""
    D = x.shape[-1]
    if trace is not None:
        trace[ATTN_IN] = x
    qkv = x @ w_qkv.T + (b_qkv if b_qkv is not None else 0)
    if "qkv-per-head" in slips:  # viewed as (B, T, H, 3 d_head) first, then q, k, v cut from each head's block
        parts = qkv.reshape(*x.shape[:-1], n_heads, 3 * (D // n_heads)).split(D // n_heads, dim=-1)
        q, k, v = (t.transpose(-3, -2) for t in parts)
    else:
        q, k, v = (split(t, n_heads, slips) for t in qkv.chunk(3, dim=-1))
    out = merge(attend(q, k, v, causal=True, slips=slips, d_model=D), slips)
    if trace is not None:
        trace[ATTN_PRE_PROJ] = out
    return out if "no-output-projection" in slips else out @ w_proj.T + (b_proj if b_proj is not None else 0)
