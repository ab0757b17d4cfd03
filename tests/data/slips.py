"""Mistaken submissions beyond the exact copies in submissions.py: partial slips, a slip carried into
another drill, slips with an id of their own, two at once, written in several styles. Each entry:
(drill, expected diagnosis ids (all must be named), source). "measured" and "localised" stand for
a measured statement. Used by tests/test_diagnosis.py."""

from tests.data.submissions import ROPE_F32_ANGLES

ATTN_TORCH = """import torch
def attention(q, k, v, mask=None):
    s = q @ k.transpose(-2, -1) {scale}
    if mask is not None:
        s = s.masked_fill(~mask, {fill})
    w = torch.softmax(s, dim=-1){after}
    return w @ v
"""

MHA_TORCH = """import torch
def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    B, T, D = x.shape
    dh = D // n_heads
    q, k, v = ({split} for w in (w_q, w_k, w_v))
    s = q @ k.transpose(-2, -1) / dh ** 0.5
    if mask is not None:
        m = {mask}
        s = s.masked_fill(~m, float('-inf'))
    o = torch.softmax(s, -1) @ v
    o = {merge}
    return o{proj}
"""
SPLIT_OK = "(x @ w).view(B, T, n_heads, dh).transpose(1, 2)"
MERGE_OK = "o.transpose(1, 2).reshape(B, T, D)"

GQA_TORCH = """import torch
def grouped_query_attention(q, k, v, causal=False):
    g = q.shape[1] // k.shape[1]
    k, v = k.repeat_interleave(g, 1), v.repeat_interleave(g, 1)
    tq, tk = q.shape[-2], k.shape[-2]
    s = q @ k.transpose(-1, -2) / q.shape[-1] ** 0.5
    if causal:
        keep = torch.ones(tq, tk, dtype=torch.bool).tril({diag})
        s = s.masked_fill(~keep, float('-inf'))
    return torch.softmax(s, -1).nan_to_num(0.0) @ v
"""

FLASH_NP = """import numpy as np
def flash_attention(q, k, v, causal=False, block_size=64):
    tq, tk = q.shape[-2], k.shape[-2]
    m = np.full(q.shape[:-1] + (1,), -np.inf, dtype=q.dtype)
    l = np.zeros_like(m)
    o = np.zeros(q.shape[:-1] + (v.shape[-1],), dtype=q.dtype)
    i = np.arange(tq)[:, None]
    for a in range({stop}):
        b = min(a + block_size, tk)
        s = q @ np.swapaxes(k[..., a:b, :], -1, -2) / q.shape[-1] ** 0.5
        if causal:
            s = np.where(np.arange(a, b)[None, :] > i{offset}, -np.inf, s)
        m_new = np.maximum(m, s.max(-1, keepdims=True))
        safe = np.where(np.isfinite(m_new), m_new, 0)
        p = np.exp(s - safe)
        c = np.where(np.isfinite(m), np.exp(m - safe), 0)
        l = l * {lc} + p.sum(-1, keepdims=True)
        o = o * {oc} + p @ v[..., a:b, :]
        m = m_new
    return np.divide(o, l, out=np.zeros_like(o), where=l > 0)
"""


def flash(stop="0, tk, block_size", offset=" + (tk - tq)", lc="c", oc="c"):
    return FLASH_NP.format(stop=stop, offset=offset, lc=lc, oc=oc)


FLASH_PER_BLOCK = """import torch
def flash_attention(q, k, v, causal=False, block_size=64):
    tq, tk = q.shape[-2], k.shape[-2]
    out = torch.zeros(q.shape[:-1] + (v.shape[-1],), dtype=q.dtype)
    i = torch.arange(tq)[:, None]
    for a in range(0, tk, block_size):
        b = min(a + block_size, tk)
        s = q @ k[..., a:b, :].transpose(-1, -2) / q.shape[-1] ** 0.5
        if causal:
            s = s.masked_fill(torch.arange(a, b)[None, :] > i + (tk - tq), float('-inf'))
        out = out + torch.softmax(s, -1).nan_to_num(0.0) @ v[..., a:b, :]
    return out
"""

MLP_NP = """import numpy as np
from math import erf
_erf = np.vectorize(erf)
def mlp(x, w1, b1, w2, b2):
    h = {h}
    return (h @ w2 + b2).astype(x.dtype)
"""

BLOCK = """import torch
import torch.nn as nn
import torch.nn.functional as F


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        self.n_heads, self.d_head = n_heads, d_model // n_heads
        self.qkv = nn.Linear(d_model, 3 * d_model)
        self.proj = nn.Linear(d_model, d_model)

    def forward(self, x):
        B, T, C = x.shape
        q, k, v = self.qkv(x).split(C, dim=-1)
        q, k, v = (t.view(B, T, self.n_heads, self.d_head).transpose(1, 2) for t in (q, k, v))
        att = (q @ k.transpose(-2, -1)) / self.d_head ** 0.5
        mask = torch.tril(torch.ones(T, T, dtype=torch.bool))
        att = att.masked_fill(~mask, float('-inf')).softmax(-1){drop}
        return self.proj((att @ v).transpose(1, 2).reshape(B, T, C))


class TransformerBlock(nn.Module):
    def __init__(self, d_model, n_heads, mlp_ratio=4):
        super().__init__()
        self.ln1, self.ln2 = nn.LayerNorm(d_model), nn.LayerNorm(d_model)
        self.attn = CausalSelfAttention(d_model, n_heads)
        self.mlp = nn.Sequential(nn.Linear(d_model, mlp_ratio * d_model), {act}, nn.Linear(mlp_ratio * d_model, d_model))

    def forward(self, x):
        {body}
        return x
"""
BODY_OK = "x = x + self.attn(self.ln1(x))\n        x = x + self.mlp(self.ln2(x))"


def block(drop="", act="nn.GELU()", body=BODY_OK):
    return BLOCK.format(drop=drop, act=act, body=body)


CSA_SPLIT_ONLY = """import torch
import torch.nn as nn


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        self.h = n_heads
        self.c_attn = nn.Linear(d_model, 3 * d_model)
        self.c_proj = nn.Linear(d_model, d_model)

    def forward(self, x):
        B, T, C = x.shape
        q, k, v = self.c_attn(x).chunk(3, dim=-1)
        q, k, v = (t.view(B, T, self.h, C // self.h).transpose(1, 2) for t in (q, k, v))
        att = (q @ k.transpose(-2, -1)) * (C // self.h) ** -0.5
        att = att.masked_fill(torch.ones(T, T).tril() == 0, float('-inf')).softmax(-1)
        y = (att @ v).reshape(B, T, C)  # the transpose back forgotten
        return self.c_proj(y)
"""

CSA_HALF_SCALE = CSA_SPLIT_ONLY.replace("(att @ v).reshape(B, T, C)  # the transpose back forgotten",
                                        "(att @ v).transpose(1, 2).reshape(B, T, C)").replace(
    "* (C // self.h) ** -0.5", "* 0.5")

ROPE_NO_POS = """import numpy as np
def apply_rope(x, positions=None, base=10000.0):
    T, d = x.shape[-2:]
    pos = np.arange(T)  # positions ignored
    ang = pos[:, None] * base ** (-np.arange(0, d, 2) / d)
    c, s = np.cos(ang).astype(x.dtype), np.sin(ang).astype(x.dtype)
    out = np.empty_like(x)
    out[..., 0::2] = x[..., 0::2] * c - x[..., 1::2] * s
    out[..., 1::2] = x[..., 0::2] * s + x[..., 1::2] * c
    return out
"""

SIN_SWAPPED = """import numpy as np
def sinusoidal_encoding(T, d):
    pos = np.arange(T)[:, None]
    i = np.arange(0, d, 2)
    ang = pos / 10000 ** (i / d)
    pe = np.zeros((T, d))
    pe[:, 0::2] = np.cos(ang)
    pe[:, 1::2] = np.sin(ang[:, : d // 2])
    return pe
"""

LN_AXIS0 = """import torch
def layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(0, keepdim=True)
    var = x.var(0, keepdim=True, unbiased=False)
    return (x - mean) / torch.sqrt(var + eps) * gamma + beta
"""

RMS_ALL = """import numpy as np
def rms_norm(x, gamma, eps=1e-6):
    return x / np.sqrt(np.mean(x ** 2) + eps) * gamma
"""

SWIGLU_AFTER = """import torch
import torch.nn.functional as F
def swiglu(x, w_gate, w_up, w_down):
    return F.silu((x @ w_gate) * (x @ w_up)) @ w_down
"""

SWIGLU_WRONG_BRANCH = """import numpy as np
def swiglu(x, w_gate, w_up, w_down):
    g, u = x @ w_gate, x @ w_up
    return (g * (u / (1 + np.exp(-u)))) @ w_down
"""

ALIBI_SIGNED = """import torch
def alibi_bias(n_heads, T):
    m = torch.tensor([2 ** (-8 * (h + 1) / n_heads) for h in range(n_heads)])
    i = torch.arange(T)
    return m[:, None, None] * (i[None, :] - i[:, None])
"""

ATTN_NP_AFTER = """import numpy as np
def attention(q, k, v, mask=None):
    s = q @ np.swapaxes(k, -1, -2) / q.shape[-1] ** 0.5
    w = np.exp(s - s.max(-1, keepdims=True))
    w = w / w.sum(-1, keepdims=True)
    if mask is not None:
        w = w * mask  # masked after the softmax
    return w @ v
"""

KV_NO_CACHE = """import torch
def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    B, T, D = x.shape
    dh = D // n_heads
    pos = torch.arange(start_pos, start_pos + T, dtype=torch.float64)
    ang = pos[:, None] * 10000.0 ** (-torch.arange(0, dh, 2, dtype=torch.float64) / dh)
    cos, sin = ang.cos().to(x.dtype), ang.sin().to(x.dtype)

    def rope(t):
        a, b = t[..., 0::2], t[..., 1::2]
        c, s = cos[None, :, None, :], sin[None, :, None, :]
        return torch.stack((a * c - b * s, a * s + b * c), dim=-1).flatten(-2)

    q = rope((x @ w_q).view(B, T, n_heads, dh))
    k = rope((x @ w_k).view(B, T, n_heads, dh))
    v = (x @ w_v).view(B, T, n_heads, dh)
    cache_k, cache_v = cache_k.clone(), cache_v.clone()
    cache_k[:, start_pos:start_pos + T] = k
    cache_v[:, start_pos:start_pos + T] = v
    s = torch.einsum('bqhd,bkhd->bhqk', q, k) / dh ** 0.5  # the new keys only: the cache is never read
    s = s.masked_fill(~torch.ones(T, T, dtype=torch.bool).tril(), float('-inf'))
    out = torch.einsum('bhqk,bkhd->bqhd', s.softmax(-1), v).reshape(B, T, D)
    return out @ w_o, cache_k, cache_v
"""

LN_SWAPPED = """import numpy as np
def layer_norm(x, gamma, beta, eps=1e-5):
    mu = x.mean(-1, keepdims=True)
    var = ((x - mu) ** 2).mean(-1, keepdims=True)
    return (x - mu) / np.sqrt(var + eps) * beta + gamma
"""

SIN_MUL = SIN_SWAPPED.replace("np.cos(ang)", "np.sin(ang)").replace("np.sin(ang[:, : d // 2])",
                                                                      "np.cos(ang[:, : d // 2])").replace(
    "pos / 10000 ** (i / d)", "pos * 10000 ** (i / d)")

ROPE_HALVES = """import torch
def apply_rope(x, positions=None, base=10000.0):
    T, d = x.shape[-2:]
    pos = torch.arange(T) if positions is None else positions
    ang = pos.double()[:, None] * base ** (-torch.arange(0, d, 2, dtype=torch.float64) / d)
    c, s = ang.cos().to(x.dtype), ang.sin().to(x.dtype)
    x0, x1 = x[..., 0::2], x[..., 1::2]
    return torch.cat([x0 * c - x1 * s, x0 * s + x1 * c], dim=-1)
"""

LN_NOT_CENTRED = """import numpy as np
def layer_norm(x, gamma, beta, eps=1e-5):
    mu = x.mean(-1, keepdims=True)
    var = (x ** 2).mean(-1, keepdims=True)
    return (x - mu) / np.sqrt(var + eps) * gamma + beta
"""

RMS_TIMES = """import torch
def rms_norm(x, gamma, eps=1e-6):
    return x * torch.sqrt(x.pow(2).mean(-1, keepdim=True) + eps) * gamma
"""

ATTN_NP = """import numpy as np
def attention(q, k, v, mask=None):
    d = q.shape[-1]
    s = {scores}
    if mask is not None:
        s = np.where(mask, s, -np.inf)
    s = s - s.max(-1{keep})
    w = np.exp(s)
    w = w / w.sum(-1{keep})
    return np.nan_to_num(w @ v).astype(q.dtype)
"""
SCORES_OK = "q @ np.swapaxes(k, -1, -2) / np.sqrt(d).astype(q.dtype)"
KEEP = ", keepdims=True"

from tests.data.submissions import CSA_PER_HEAD  # noqa: E402 - a correct module, slipped below

SLIPS = [
    ("attention", ["mask-transposed"], ATTN_TORCH.format(scale="/ q.shape[-1] ** 0.5", fill="float('-inf')",
                                                         after=".nan_to_num(0.0)").replace("~mask", "~mask.transpose(-1, -2)")),
    ("multi-head-attention", ["weights-transposed"],
     MHA_TORCH.format(split="(x @ w.T).view(B, T, n_heads, dh).transpose(1, 2)", merge=MERGE_OK,
                      mask="mask if mask.dim() == 2 else mask[:, None]", proj=" @ w_o.T")),
    ("rope", ["rope-output-halves"], ROPE_HALVES),
    ("layer-norm", ["ln-var-not-centred"], LN_NOT_CENTRED),
    ("rms-norm", ["rms-multiplies"], RMS_TIMES),
    ("attention", ["mask-after-softmax"], ATTN_NP_AFTER),
    ("attention", ["mask-fill-zero"], ATTN_TORCH.format(scale="/ q.shape[-1] ** 0.5", fill="0.0", after="")),
    ("multi-head-attention", ["scale-after-softmax"],
     MHA_TORCH.format(split=SPLIT_OK, merge=MERGE_OK, mask="mask if mask.dim() == 2 else mask[:, None]",
                      proj=" @ w_o").replace("s = q @ k.transpose(-2, -1) / dh ** 0.5", "s = q @ k.transpose(-2, -1)")
     .replace("o = torch.softmax(s, -1) @ v", "o = torch.softmax(s, -1) / dh ** 0.5 @ v")),
    ("kv-cache", ["kv-ignores-cache"], KV_NO_CACHE),
    ("layer-norm", ["ln-gamma-beta-swapped"], LN_SWAPPED),
    ("sinusoidal", ["sinusoidal-multiplies"], SIN_MUL),
    ("transformer-block", ["residual-after-norm"],
     block(body="h = self.ln1(x)\n        x = h + self.attn(h)\n        h = self.ln2(x)\n        x = h + self.mlp(h)")),
    ("flash-attention", ["scale-after-softmax"], flash().replace(" / q.shape[-1] ** 0.5", "").replace(
        "return np.divide(o, l, out=np.zeros_like(o), where=l > 0)",
        "return np.divide(o, l, out=np.zeros_like(o), where=l > 0) / q.shape[-1] ** 0.5")),
    ("attention", ["mask-fill-finite"], ATTN_TORCH.format(scale="/ q.shape[-1] ** 0.5", fill="-1e9", after="")),
    ("attention", ["mask-ignored"], ATTN_TORCH.format(scale="/ q.shape[-1] ** 0.5", fill="float('-inf')",
                                                      after=".nan_to_num(0.0)").replace("if mask is not None:",
                                                                                        "if False:")),
    ("attention", ["no-scale", "mask-fill-finite"], ATTN_TORCH.format(scale="", fill="-1e9", after="")),
    ("attention", ["measured"], ATTN_TORCH.format(scale="/ 2", fill="float('-inf')", after=".nan_to_num(0.0)")),
    ("attention", ["random-output"], ATTN_TORCH.format(
        scale="/ q.shape[-1] ** 0.5", fill="float('-inf')",
        after=".nan_to_num(0.0)\n    w = torch.nn.functional.dropout(w, 0.1)")),
    ("multi-head-attention", ["heads-no-transpose"],
     MHA_TORCH.format(split=SPLIT_OK, merge="o.reshape(B, T, D)", mask="mask if mask.dim() == 2 else mask[:, None]",
                      proj=" @ w_o")),
    ("multi-head-attention", ["heads-no-transpose"],
     MHA_TORCH.format(split="(x @ w).reshape(B, n_heads, T, dh)", merge=MERGE_OK,
                      mask="mask if mask.dim() == 2 else mask[:, None]", proj=" @ w_o")),
    ("multi-head-attention", ["no-output-projection"],
     MHA_TORCH.format(split=SPLIT_OK, merge=MERGE_OK, mask="mask if mask.dim() == 2 else mask[:, None]", proj="")),
    ("multi-head-attention", ["mask-first-batch"],
     MHA_TORCH.format(split=SPLIT_OK, merge=MERGE_OK, mask="mask if mask.dim() == 2 else mask[0]", proj=" @ w_o")),
    ("gqa", ["mask-diagonal"], GQA_TORCH.format(diag="tk - tq - 1")),
    ("gqa", ["causal-top-left"], GQA_TORCH.format(diag="")),
    ("flash-attention", ["causal-top-left"], flash(offset="")),
    ("flash-attention", ["flash-no-rescale-output"], flash(oc="1")),
    ("flash-attention", ["flash-no-rescale-sum"], flash(lc="1")),
    ("flash-attention", ["flash-drops-last-block"], flash(stop="0, tk - block_size + 1, block_size")),
    ("flash-attention", ["flash-per-block-softmax"], FLASH_PER_BLOCK),
    ("mlp-gelu", ["gelu-quick"], MLP_NP.format(h="(x @ w1 + b1) / (1 + np.exp(-1.702 * (x @ w1 + b1)))")),
    ("mlp-gelu", ["gelu-erf-no-sqrt2"], MLP_NP.format(h="0.5 * (x @ w1 + b1) * (1 + _erf(x @ w1 + b1))")),
    ("mlp-gelu", ["mlp-bias-after-activation"], MLP_NP.format(h="0.5 * (x @ w1) * (1 + _erf(x @ w1 / 2 ** 0.5)) + b1")),
    ("transformer-block", ["no-residual-attn"],
     block(body="x = self.attn(self.ln1(x))\n        x = x + self.mlp(self.ln2(x))")),
    ("transformer-block", ["no-residual-mlp"],
     block(body="x = x + self.attn(self.ln1(x))\n        x = self.mlp(self.ln2(x))")),
    ("transformer-block", ["mlp-relu"], block(act="nn.ReLU()")),
    ("transformer-block", ["random-output"], block(drop="\n        att = F.dropout(att, 0.1)")),
    ("causal-self-attention", ["heads-no-transpose"], CSA_SPLIT_ONLY),
    ("causal-self-attention", ["localised"], CSA_HALF_SCALE),
    ("rope", ["rope-ignores-positions"], ROPE_NO_POS),
    ("sinusoidal", ["sinusoidal-sin-cos-swapped"], SIN_SWAPPED),
    ("layer-norm", ["ln-wrong-axis"], LN_AXIS0),
    ("rms-norm", ["rms-wrong-axis"], RMS_ALL),
    ("swiglu", ["swiglu-silu-after-product"], SWIGLU_AFTER),
    ("swiglu", ["swiglu-gate-swapped"], SWIGLU_WRONG_BRANCH),
    ("alibi", ["alibi-signed-distance"], ALIBI_SIGNED),
    # softmax(dim=1): the queries of (B, T, T) scores, the heads of (B, H, T, T) ones
    ("attention", ["softmax-axis"], ATTN_TORCH.format(scale="/ q.shape[-1] ** 0.5", fill="float('-inf')",
                                                      after=".nan_to_num(0.0)").replace("dim=-1", "dim=1")),
    ("multi-head-attention", ["softmax-axis"],
     MHA_TORCH.format(split=SPLIT_OK, merge=MERGE_OK, mask="mask if mask.dim() == 2 else mask[:, None]",
                      proj=" @ w_o").replace("torch.softmax(s, -1)", "torch.softmax(s, 1)")),
    # exceptions read for their usual cause
    ("attention", ["raised"], ATTN_NP.format(scores="q @ k.T / np.sqrt(d)", keep=KEEP)),
    ("attention", ["raised"], ATTN_NP.format(scores="q @ k.transpose(0, 2, 1) / np.sqrt(d)", keep=KEEP)),
    ("attention", ["raised"], ATTN_NP.format(scores=SCORES_OK, keep="")),
    # a scale no id names, measured: v's size, the number of keys, d ** 1/2
    ("attention", ["measured"], ATTN_NP.format(scores="q @ np.swapaxes(k, -1, -2) / np.sqrt(v.shape[-1])", keep=KEEP)),
    ("attention", ["measured"], ATTN_NP.format(scores="q @ np.swapaxes(k, -1, -2) / np.sqrt(k.shape[-2])", keep=KEEP)),
    ("attention", ["measured"], ATTN_NP.format(scores="q @ np.swapaxes(k, -1, -2) / d ** 1/2", keep=KEEP)),
    # LeetCode: the validator recognises the usual slips
    ("two-sum", ["two-sum-values"], "class Solution:\n    def twoSum(self, nums, target):\n        seen = {}\n"
     "        for i, n in enumerate(nums):\n            if target - n in seen:\n                return [target - n, n]\n"
     "            seen[n] = i\n"),
    ("two-sum", ["two-sum-same-element"], "class Solution:\n    def twoSum(self, nums, target):\n"
     "        pos = {n: i for i, n in enumerate(nums)}\n        for i, n in enumerate(nums):\n"
     "            if target - n in pos:\n                return [i, pos[target - n]]\n"),
    ("longest-substring", ["window-start-backwards"], "class Solution:\n    def lengthOfLongestSubstring(self, s):\n"
     "        last, start, best = {}, 0, 0\n        for i, c in enumerate(s):\n            if c in last:\n"
     "                start = last[c] + 1\n            last[c] = i\n            best = max(best, i - start + 1)\n"
     "        return best\n"),
    ("longest-substring", ["distinct-characters"],
     "class Solution:\n    def lengthOfLongestSubstring(self, s):\n        return len(set(s))\n"),
    # exp() without the max, its NaN rows turned to 0 by nan_to_num
    ("attention", ["no-max-subtraction"], ATTN_TORCH.format(scale="/ q.shape[-1] ** 0.5", fill="float('-inf')", after="")
     .replace("w = torch.softmax(s, dim=-1)", "e = torch.exp(s)\n    w = torch.nan_to_num(e / e.sum(-1, keepdim=True))")),
    # the projections mixed up: k and v swapped, k computed with w_q
    ("multi-head-attention", ["weights-mixed"],
     MHA_TORCH.format(split=SPLIT_OK, merge=MERGE_OK, mask="mask if mask.dim() == 2 else mask[:, None]", proj=" @ w_o")
     .replace("for w in (w_q, w_k, w_v)", "for w in (w_q, w_v, w_k)")),
    ("multi-head-attention", ["weights-mixed"],
     MHA_TORCH.format(split=SPLIT_OK, merge=MERGE_OK, mask="mask if mask.dim() == 2 else mask[:, None]", proj=" @ w_o")
     .replace("for w in (w_q, w_k, w_v)", "for w in (w_q, w_q, w_v)")),
    # a form of DESIGN.md's mask-diagonal: one future position seen
    ("gqa", ["mask-diagonal"], GQA_TORCH.format(diag="tk - tq + 1")),
    # a boolean mask added as if it were an additive one
    ("attention", ["mask-added"], ATTN_TORCH.format(scale="/ q.shape[-1] ** 0.5", fill="float('-inf')", after="")
     .replace("s = s.masked_fill(~mask, float('-inf'))", "s = s + mask")),
    # the 1-D softmax snippet's np.max(s) on 2-D scores: the far rows underflow in float32
    ("attention", ["softmax-global-max"], ATTN_NP.format(scores=SCORES_OK, keep=KEEP).replace(
        "s - s.max(-1, keepdims=True)", "s - s.max()")),
    # one Linear per head ("Let's build GPT"), scaled by C = d_model as the video's first version was
    ("causal-self-attention", ["scale-d-model"], CSA_PER_HEAD.replace("* k.shape[-1] ** -0.5", "* C ** -0.5")),
    ("causal-self-attention", ["mask-ignored"], CSA_PER_HEAD.replace(
        "        wei = wei.masked_fill(self.tril[:T, :T] == 0, float('-inf'))\n", "")),
    # angles in float32 for a float64 x: found at the line that casts, as lower precision ("located")
    ("rope", ["located"], ROPE_F32_ANGLES),
]
