"""Learner submissions for every contract drill: correct ones in several styles, and one per
named mistake. Used by tests/test_drills.py (in-process) and a few end-to-end gradings."""

ATTN_NP = """import numpy as np
def attention(q, k, v, mask=None):
    s = q @ np.swapaxes(k, -1, -2) {scale}
    if mask is not None:
        s = np.where({mask}, s, -np.inf)
    m = np.max(s, axis={axis}, keepdims=True)
    m = np.where(np.isfinite(m), m, 0)
    e = np.exp(s {sub})
    t = e.sum({axis}, keepdims=True)
    w = np.divide(e, t, out=np.zeros_like(e), where=t > 0)
    return w @ v
"""


def attn(scale="/ q.shape[-1] ** 0.5", mask="mask", axis="-1", sub="- m"):
    return ATTN_NP.format(scale=scale, mask=mask, axis=axis, sub=sub)


ATTN_EINSUM = """import numpy as np
def attention(q, k, v, mask=None):
    d = q.shape[-1]
    s = np.einsum('...qd,...kd->...qk', q, k) / d ** 0.5
    if mask is not None:
        s = np.where(mask, s, -np.inf)
    s = s - np.max(np.where(np.isfinite(s), s, -1e300), axis=-1, keepdims=True)
    e = np.exp(s)
    denom = e.sum(axis=-1, keepdims=True)
    w = e / np.where(denom == 0, 1, denom)
    return np.einsum('...qk,...kv->...qv', w, v)
"""

ATTN_TORCH = """import torch
def attention(q, k, v, mask=None):
    s = q @ k.transpose(-2, -1) / q.shape[-1] ** 0.5
    if mask is not None:
        s = s.masked_fill(~mask, float("-inf"))
    return torch.softmax(s, dim=-1).nan_to_num(0.0) @ v
"""

ATTN_MASK_DIAG = """import numpy as np
def attention(q, k, v, mask=None):
    s = q @ np.swapaxes(k, -1, -2) / q.shape[-1] ** 0.5
    if mask is not None:
        mask = mask & ~np.eye(s.shape[-2], s.shape[-1], dtype=bool)
        s = np.where(mask, s, -np.inf)
    m = np.max(s, axis=-1, keepdims=True)
    e = np.exp(s - np.where(np.isfinite(m), m, 0))
    t = e.sum(-1, keepdims=True)
    return np.divide(e, t, out=np.zeros_like(e), where=t > 0) @ v
"""

MHA_NP = """import numpy as np
def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    B, T, D = x.shape
    dh = D // n_heads
    def split(t):
        return {split}
    q, k, v = split(x @ w_q), split(x @ w_k), split(x @ w_v)
    s = q @ k.transpose(0, 1, 3, 2) / {scale}
    if mask is not None:
        m = mask if mask.ndim == 2 else mask[:, None]
        s = np.where({mask}, s, -np.inf)
    top = s.max(axis={axis}, keepdims=True)
    w = np.exp(s - np.where(np.isfinite(top), top, 0))
    t = w.sum(axis={axis}, keepdims=True)
    w = np.divide(w, t, out=np.zeros_like(w), where=t > 0)  # a mask row all False: zeros
    out = w @ v
    return {merge} @ w_o
"""
MHA_SPLIT = "t.reshape(B, T, n_heads, dh).transpose(0, 2, 1, 3)"
MHA_MERGE = "out.transpose(0, 2, 1, 3).reshape(B, T, D)"


def mha(split=MHA_SPLIT, merge=MHA_MERGE, scale="dh ** 0.5", mask="m", axis="-1"):
    return MHA_NP.format(split=split, merge=merge, scale=scale, mask=mask, axis=axis)


MHA_TORCH = """import torch
def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    B, T, D = x.shape
    q, k, v = (torch.einsum('btd,de->bte', x, w).view(B, T, n_heads, -1).transpose(1, 2) for w in (w_q, w_k, w_v))
    s = q @ k.transpose(-1, -2) / (D // n_heads) ** 0.5
    if mask is not None:
        s = s.masked_fill(~(mask if mask.dim() == 2 else mask[:, None]), float('-inf'))
    return (s.softmax(-1).nan_to_num(0.0) @ v).transpose(1, 2).reshape(B, T, D) @ w_o  # a mask row all False: 0s
"""

ROPE_NP = """import numpy as np
def apply_rope(x, positions=None, base=10000.0):
    T, d = x.shape[-2], x.shape[-1]
    pos = np.arange(T) if positions is None else np.asarray(positions)
    pos = pos {offset}
    theta = base ** (-np.arange(0, d, 2) {freq} / d)
    ang = pos[:, None] * theta[None, :]
    cos, sin = np.cos(ang).astype(x.dtype), np.sin(ang).astype(x.dtype)
    {pairs}
    out = np.empty_like(x)
    {write}
    return out
"""
INTER = "x0, x1 = x[..., 0::2], x[..., 1::2]"
INTER_W = "out[..., 0::2] = x0 * cos - x1 * sin{s}; out[..., 1::2] = x0 * sin{s2} + x1 * cos"
HALF = "x0, x1 = x[..., : d // 2], x[..., d // 2:]"
HALF_W = "out[..., : d // 2] = x0 * cos - x1 * sin; out[..., d // 2:] = x0 * sin + x1 * cos"


def rope(offset="", freq="", pairs=INTER, write=INTER_W.format(s="", s2="")):
    return ROPE_NP.format(offset=offset, freq=freq, pairs=pairs, write=write)


ROPE_TORCH = """import torch
def apply_rope(x, positions=None, base=10000.0):
    T, d = x.shape[-2:]
    pos = torch.arange(T, device=x.device) if positions is None else positions
    inv = base ** (-torch.arange(0, d, 2, dtype=torch.float64, device=x.device) / d)
    ang = pos.to(torch.float64)[:, None] * inv
    z = torch.view_as_complex(x.double().reshape(*x.shape[:-1], d // 2, 2).contiguous())
    rot = torch.polar(torch.ones_like(ang), ang)
    return torch.view_as_real(z * rot).reshape(x.shape).to(x.dtype)
"""

SIN_NP = """import numpy as np
def sinusoidal_encoding(T, d):
    pos = np.arange(T)[:, None]
    i = np.arange(0, d, 2)[None, :]
    angle = pos / 10000 ** ({expo} / d)
    pe = np.zeros((T, d))
    {write}
    return pe
"""
SIN_W = "pe[:, 0::2] = np.sin(angle); pe[:, 1::2] = np.cos(angle[:, : d // 2])"
SIN_CONCAT = "h = (d + 1) // 2; pe[:, :h] = np.sin(angle[:, :h]); pe[:, h:] = np.cos(angle[:, : d - h])"


def sinus(expo="i", write=SIN_W):
    return SIN_NP.format(expo=expo, write=write)


SIN_NP32 = """import numpy as np
def sinusoidal_encoding(T, d):  # all in float32: an angle near 127 is off by ~1e-5, as is its sine
    pos = np.arange(T, dtype=np.float32)[:, None]
    angle = pos / np.power(np.float32(10000), np.arange(0, d, 2, dtype=np.float32) / d)
    pe = np.zeros((T, d), dtype=np.float32)
    pe[:, 0::2] = np.sin(angle)
    pe[:, 1::2] = np.cos(angle)
    return pe
"""

SIN_TORCH = """import torch, math
def sinusoidal_encoding(T, d):
    pe = torch.zeros(T, d)
    pos = torch.arange(T, dtype=torch.float32).unsqueeze(1)
    div = torch.exp(torch.arange(0, d, 2, dtype=torch.float32) * (-math.log(10000.0) / d))
    pe[:, 0::2] = torch.sin(pos * div)
    pe[:, 1::2] = torch.cos(pos * div)[:, : d // 2]
    return pe
"""

LN_NP = """import numpy as np
def layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(-1, keepdims=True)
    var = x.var(-1, keepdims=True{ddof})
    y = (x - mean) / {denom} * gamma
    return y{beta}
"""


def ln(ddof="", denom="np.sqrt(var + eps)", beta=" + beta"):
    return LN_NP.format(ddof=ddof, denom=denom, beta=beta)


LN_TORCH = """import torch
def layer_norm(x, gamma, beta, eps=1e-5):
    mu = x.mean(dim=-1, keepdim=True)
    var = ((x - mu) ** 2).mean(dim=-1, keepdim=True)
    return (x - mu) * torch.rsqrt(var + eps) * gamma + beta
"""

RMS_NP = """import numpy as np
def rms_norm(x, gamma, eps=1e-6):
    {center}
    ms = np.mean(x * x, axis=-1, keepdims=True)
    return x / {denom} * gamma
"""


def rms(center="", denom="np.sqrt(ms + eps)"):
    return RMS_NP.format(center=center, denom=denom)


RMS_TORCH = """import torch
def rms_norm(x, gamma, eps=1e-6):
    return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps) * gamma
"""

SWI_NP = """import numpy as np
from math import erf
def swiglu(x, w_gate, w_up, w_down):
    g, u = x @ w_gate, x @ w_up
    {body}
"""
SWI_OK = "return (g / (1 + np.exp(-g)) * u) @ w_down"
SWI_GELU = "gelu = 0.5 * g * (1 + np.vectorize(erf)(g / 2 ** 0.5)); return (gelu * u) @ w_down"
SWI_SWAP = "return (u / (1 + np.exp(-u)) * g) @ w_down"

SWI_TORCH = """import torch
import torch.nn.functional as F
def swiglu(x, w_gate, w_up, w_down):
    return (F.silu(x @ w_gate) * (x @ w_up)) @ w_down
"""

GQA_NP = """import numpy as np
def grouped_query_attention(q, k, v, causal=False):
    hq, hkv = q.shape[1], k.shape[1]
    g = hq // hkv
    k = {rep_k}
    v = {rep_v}
    tq, tk = q.shape[-2], k.shape[-2]
    s = q @ np.swapaxes(k, -1, -2) {scale}
    if causal:
        i = np.arange(tq)[:, None]
        j = np.arange(tk)[None, :]
        s = np.where(j <= i {offset}, s, -np.inf)
    m = s.max(-1, keepdims=True)
    e = np.exp(s - np.where(np.isfinite(m), m, 0))
    t = e.sum(-1, keepdims=True)
    return np.divide(e, t, out=np.zeros_like(e), where=t > 0) @ v
"""


def gqa(rep_k="np.repeat(k, g, axis=1)", rep_v="np.repeat(v, g, axis=1)", scale="/ q.shape[-1] ** 0.5",
        offset="+ (tk - tq)"):
    return GQA_NP.format(rep_k=rep_k, rep_v=rep_v, scale=scale, offset=offset)


GQA_TORCH = """import torch
def grouped_query_attention(q, k, v, causal=False):
    g = q.shape[1] // k.shape[1]
    k, v = k.repeat_interleave(g, 1), v.repeat_interleave(g, 1)
    tq, tk = q.shape[-2], k.shape[-2]
    s = (q @ k.transpose(-1, -2)) * q.shape[-1] ** -0.5
    if causal:
        keep = torch.ones(tq, tk, dtype=torch.bool, device=q.device).tril(tk - tq)
        s = s.masked_fill(~keep, float('-inf'))
    return torch.softmax(s, -1).nan_to_num(0.0) @ v
"""

ALIBI_NP = """import numpy as np
def alibi_bias(n_heads, T):
    slopes = 2.0 ** (-8.0 * (np.arange(n_heads) {plus}) / n_heads)
    dist = np.abs(np.arange(T)[:, None] - np.arange(T)[None, :])
    return {sign}slopes[:, None, None] * dist
"""


def alibi(plus="+ 1", sign="-"):
    return ALIBI_NP.format(plus=plus, sign=sign)


ALIBI_PRECEDENCE = """import torch
def alibi_bias(n_heads, T):
    slopes = torch.tensor([2 ** (-8 / n_heads) ** (h + 1) for h in range(n_heads)], dtype=torch.float64)
    i = torch.arange(T)
    return -slopes[:, None, None] * (i[:, None] - i[None, :]).abs()
"""

ALIBI_KEY_INDEX = """import numpy as np
def alibi_bias(n_heads, T):
    slopes = np.array([2 ** (-8 * (h + 1) / n_heads) for h in range(n_heads)])
    return slopes[:, None, None] * np.arange(T)[None, None, :] + np.zeros((1, T, 1))
"""

ALIBI_TORCH = """import torch
def alibi_bias(n_heads, T):
    start = 2 ** (-8 / n_heads)
    slopes = torch.tensor([start ** (h + 1) for h in range(n_heads)])
    i = torch.arange(T)
    return -slopes.view(-1, 1, 1) * (i.view(-1, 1) - i.view(1, -1)).abs()
"""

CSA_SEED = """import torch, torch.nn as nn

class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        assert d_model % n_heads == 0
        self.d_head = d_model // n_heads
        self.n_heads = n_heads
        self.qkv = nn.Linear(d_model, 3 * d_model, bias=False)
        self.proj = nn.Linear(d_model, d_model, bias=False)

    def forward(self, x):
        B, T, D = x.shape
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        q, k, v = (t.view(B, T, self.n_heads, self.d_head).transpose(1, 2)
                   for t in (q, k, v))
        att = (q @ k.transpose(-2, -1)){scale}
        mask = torch.tril(torch.ones(T, T, device=x.device){diag}).view(1, 1, T, T)
        att = att.masked_fill(mask == 0, float('-inf')).softmax(-1)
        out = (att @ v).transpose(1, 2).contiguous().view(B, T, D)
        return self.proj(out)
"""


def csa(scale=" / (self.d_head ** 0.5)", diag=""):
    return CSA_SEED.format(scale=scale, diag=diag)


CSA_NANOGPT = """import math
import torch
import torch.nn as nn
import torch.nn.functional as F

class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        self.c_attn = nn.Linear(d_model, 3 * d_model)
        self.c_proj = nn.Linear(d_model, d_model)
        self.n_head = n_heads

    def forward(self, x):
        B, T, C = x.size()
        q, k, v = self.c_attn(x).split(C, dim=2)
        k = k.view(B, T, self.n_head, C // self.n_head).transpose(1, 2)
        q = q.view(B, T, self.n_head, C // self.n_head).transpose(1, 2)
        v = v.view(B, T, self.n_head, C // self.n_head).transpose(1, 2)
        att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(k.size(-1)))
        bias = torch.tril(torch.ones(T, T, dtype=torch.bool))
        att = att.masked_fill(~bias, float('-inf'))
        att = F.softmax(att, dim=-1)
        y = (att @ v).transpose(1, 2).contiguous().view(B, T, C)
        return self.c_proj(y)
"""

CSA_SEPARATE = """import torch
from torch import nn

class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        self.h = n_heads
        self.q_proj = nn.Linear(d_model, d_model)
        self.k_proj = nn.Linear(d_model, d_model)
        self.v_proj = nn.Linear(d_model, d_model)
        self.o_proj = nn.Linear(d_model, d_model)

    def forward(self, x):
        B, T, D = x.shape
        split = lambda t: t.view(B, T, self.h, D // self.h).transpose(1, 2)
        q, k, v = split(self.q_proj(x)), split(self.k_proj(x)), split(self.v_proj(x))
        s = torch.einsum('bhqd,bhkd->bhqk', q, k) / (D // self.h) ** 0.5
        s = s.masked_fill(torch.triu(torch.ones(T, T, dtype=torch.bool), 1), float('-inf'))
        return self.o_proj(torch.einsum('bhqk,bhkd->bhqd', s.softmax(-1), v).transpose(1, 2).reshape(B, T, D))
"""

# not correct since issue 24: for a float64 x at positions near 4096 float32 angles are off by ~1e-4 rad
ROPE_F32_ANGLES = """import numpy as np
def apply_rope(x, positions=None, base=10000.0):  # the angles in float32, whatever x's dtype
    T, d = x.shape[-2:]
    pos = np.arange(T, dtype=np.float32) if positions is None else np.asarray(positions).astype(np.float32)
    inv = 1.0 / np.float32(base) ** (np.arange(0, d, 2, dtype=np.float32) / np.float32(d))
    ang = np.outer(pos, inv).astype(np.float32)
    c, s = np.cos(ang).astype(x.dtype), np.sin(ang).astype(x.dtype)
    x0, x1 = x[..., 0::2], x[..., 1::2]
    return np.stack([x0 * c - x1 * s, x0 * s + x1 * c], axis=-1).reshape(x.shape)
"""

ROPE_COMPLEX = """import torch
def apply_rope(x, positions=None, base=10000.0):  # Meta's way: pairs as complex numbers
    T, d = x.shape[-2], x.shape[-1]
    positions = torch.arange(T) if positions is None else torch.as_tensor(positions)
    freqs = 1.0 / (base ** (torch.arange(0, d, 2, dtype=torch.float64) / d))
    rot = torch.polar(torch.ones(T, d // 2, dtype=torch.float64), torch.outer(positions.double(), freqs))
    xc = torch.view_as_complex(x.double().reshape(*x.shape[:-1], d // 2, 2).contiguous())
    return torch.view_as_real(xc * rot).flatten(-2).to(x.dtype)
"""

SUBMISSIONS = {
    "attention": {
        "correct": [attn(), ATTN_EINSUM, ATTN_TORCH],
        "mistakes": {"no-scale": attn(scale=""), "scale-d": attn(scale="/ q.shape[-1]"),
                     "softmax-axis": attn(axis="-2"), "mask-inverted": attn(mask="~mask"),
                     "mask-diagonal": ATTN_MASK_DIAG, "no-max-subtraction": attn(sub="")},
    },
    "multi-head-attention": {
        "correct": [mha(), MHA_TORCH],
        "mistakes": {"no-scale": mha(scale="1.0"), "scale-d-model": mha(scale="D ** 0.5"),
                     "heads-no-transpose": mha(split="t.reshape(B, n_heads, T, dh)", merge="out.reshape(B, T, D)"),
                     "softmax-axis": mha(axis="-2"), "mask-inverted": mha(mask="~m")},
    },
    "rope": {
        "correct": [rope(), ROPE_TORCH, ROPE_COMPLEX],
        "mistakes": {"rope-rotate-half": rope(pairs=HALF, write=HALF_W), "rope-frequency": rope(freq="/ 2"),
                     "rope-sign": rope(write="out[..., 0::2] = x0 * cos + x1 * sin; out[..., 1::2] = -x0 * sin + x1 * cos"),
                     "rope-position-offset": rope(offset="+ 1")},
    },
    "sinusoidal": {
        "correct": [sinus(), SIN_TORCH, SIN_NP32],
        "mistakes": {"sinusoidal-concat": sinus(write=SIN_CONCAT), "sinusoidal-exponent": sinus(expo="(i / 2)")},
    },
    "layer-norm": {
        "correct": [ln(), LN_TORCH],
        "mistakes": {"ln-unbiased-variance": ln(ddof=", ddof=1"), "ln-eps-outside-sqrt": ln(denom="(np.sqrt(var) + eps)"),
                     "ln-no-beta": ln(beta="")},
    },
    "rms-norm": {
        "correct": [rms(), RMS_TORCH],
        "mistakes": {"rms-subtracts-mean": rms(center="x = x - x.mean(-1, keepdims=True)"),
                     "rms-eps-outside-sqrt": rms(denom="(np.sqrt(ms) + eps)")},
    },
    "swiglu": {
        "correct": [SWI_NP.format(body=SWI_OK), SWI_TORCH],
        "mistakes": {"swiglu-gelu": SWI_NP.format(body=SWI_GELU), "swiglu-gate-swapped": SWI_NP.format(body=SWI_SWAP)},
    },
    "gqa": {
        "correct": [gqa(), GQA_TORCH],
        "mistakes": {"gqa-tiled": gqa(rep_k="np.tile(k, (1, g, 1, 1))", rep_v="np.tile(v, (1, g, 1, 1))"),
                     "causal-top-left": gqa(offset=""), "no-scale": gqa(scale="")},
    },
    "alibi": {
        "correct": [alibi(), ALIBI_TORCH],
        "mistakes": {"alibi-slope-offset": alibi(plus=""), "alibi-sign": alibi(sign=""),
                     "alibi-slope-precedence": ALIBI_PRECEDENCE, "alibi-key-index": ALIBI_KEY_INDEX},
    },
    "causal-self-attention": {
        "correct": [csa(), CSA_NANOGPT, CSA_SEPARATE],
        "mistakes": {"no-scale": csa(scale=""), "scale-d": csa(scale=" / self.d_head"),
                     "mask-diagonal": csa(diag=", diagonal=-1"),
                     "scale-d-model": csa(scale=" / ((self.d_head * self.n_heads) ** 0.5)")},
    },
}

MLP_TORCH = """import torch
def mlp(x, w1, b1, w2, b2):
    return torch.nn.functional.gelu(x @ w1 + b1) @ w2 + b2
"""
MLP_TANH = """import torch
def mlp(x, w1, b1, w2, b2):
    return torch.nn.functional.gelu(x @ w1 + b1, approximate='tanh') @ w2 + b2
"""
MLP_RELU = MLP_TORCH.replace("torch.nn.functional.gelu(x @ w1 + b1)", "torch.relu(x @ w1 + b1)")

CROSS_TORCH = """import torch
def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    B, T, D = x.shape
    S = memory.shape[1]
    src = {src}
    q = (x @ w_q).view(B, T, n_heads, -1).transpose(1, 2)
    k = (src @ w_k).view(B, src.shape[1], n_heads, -1).transpose(1, 2)
    v = (src @ w_v).view(B, src.shape[1], n_heads, -1).transpose(1, 2)
    s = q @ k.transpose(-1, -2) {scale}
    if memory_mask is not None and src is memory:
        s = s.masked_fill({mask}, float('-inf'))
    {causal}
    return (s.softmax(-1).nan_to_num(0.0) @ v).transpose(1, 2).reshape(B, T, D) @ w_o  # a memory all padding: 0s
"""


def cross(src="memory", scale="/ (D // n_heads) ** 0.5", mask="~memory_mask[:, None, None, :]", causal=""):
    return CROSS_TORCH.format(src=src, scale=scale, mask=mask, causal=causal)


FLASH_TORCH = """import torch
def flash_attention(q, k, v, causal=False, block_size=64):
    tq, tk = q.shape[-2], k.shape[-2]
    scale = {scale}
    m = torch.full(q.shape[:-1] + (1,), float('-inf'), dtype=q.dtype, device=q.device)
    l = torch.zeros_like(m)
    o = torch.zeros(q.shape[:-1] + (v.shape[-1],), dtype=q.dtype, device=q.device)
    i = torch.arange(tq, device=q.device)[:, None]
    for a in range(0, tk, block_size):
        b = min(a + block_size, tk)
        s = (q @ k[..., a:b, :].transpose(-1, -2)) * scale
        if causal:
            s = s.masked_fill(torch.arange(a, b, device=q.device)[None, :] > i + (tk - tq), float('-inf'))
        m_new = torch.maximum(m, s.amax(-1, keepdim=True))
        safe = torch.where(torch.isfinite(m_new), m_new, torch.zeros_like(m_new))
        p = torch.exp(s - safe)
        c = {corr}
        l = l * c + p.sum(-1, keepdim=True)
        o = o * c + p @ v[..., a:b, :]
        m = m_new
    return torch.where(l > 0, o / torch.where(l > 0, l, torch.ones_like(l)), torch.zeros_like(o))
"""
FLASH_CORR = "torch.where(torch.isfinite(m), torch.exp(m - safe), torch.zeros_like(m))"


def flash(scale="q.shape[-1] ** -0.5", corr=FLASH_CORR):
    return FLASH_TORCH.format(scale=scale, corr=corr)


FLASH_FULL = """import numpy as np
def flash_attention(q, k, v, causal=False, block_size=64):
    s = q @ np.swapaxes(k, -1, -2) / q.shape[-1] ** 0.5
    tq, tk = s.shape[-2:]
    if causal:
        s = np.where(np.arange(tk)[None, :] <= np.arange(tq)[:, None] + (tk - tq), s, -np.inf)
    m = s.max(-1, keepdims=True)
    e = np.exp(s - np.where(np.isfinite(m), m, 0))
    t = e.sum(-1, keepdims=True)
    return np.divide(e, t, out=np.zeros_like(e), where=t > 0) @ v  # s and e: two (T, T) matrices
"""

COST = """def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    flops = {f} * batch * heads * tokens ** 2 * head_dim {per}
    mem = batch * heads * tokens ** 2 * {b} {all}
    return {{"flops": flops, "memory_bytes": mem}}
"""


def cost(f="4", per="* layers", b="bytes_per_element", all_=""):
    return COST.format(f=f, per=per, b=b, all=all_)


KV = """def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    d_head = config["d_model"] // config["n_heads"]
    size = {size}
    return {two} * {layers} * config["{heads}"] * d_head * tokens * batch * size
"""


def kv(size='{"fp16": 2, "bf16": 2, "fp32": 4}[dtype]', two="2", layers='config["n_layers"]', heads="n_kv_heads"):
    return KV.format(size=size, two=two, layers=layers, heads=heads)


TWO_SUM_SLOW = """class Solution:
    def twoSum(self, nums, target):
        for i in range(len(nums)):
            for j in range(i + 1, len(nums)):
                if nums[i] + nums[j] == target:
                    return [i, j]
"""
LONGEST_SLOW = """class Solution:
    def lengthOfLongestSubstring(self, s):
        best = 0
        for i in range(len(s)):
            seen = set()
            for ch in s[i:]:
                if ch in seen:
                    break
                seen.add(ch)
            best = max(best, len(seen))
        return best
"""
LONGEST_SET = """class Solution:
    def lengthOfLongestSubstring(self, s: str) -> int:
        window, left, best = set(), 0, 0
        for ch in s:
            while ch in window:
                window.remove(s[left])
                left += 1
            window.add(ch)
            best = max(best, len(window))
        return best
"""
TWO_SUM_SORT = """class Solution:
    def twoSum(self, nums, target):
        order = sorted(range(len(nums)), key=nums.__getitem__)
        i, j = 0, len(nums) - 1
        while i < j:
            s = nums[order[i]] + nums[order[j]]
            if s == target:
                return [order[j], order[i]]
            i, j = (i + 1, j) if s < target else (i, j - 1)
"""

SUBMISSIONS.update({
    "mlp-gelu": {"correct": [MLP_TORCH], "mistakes": {"gelu-tanh": MLP_TANH, "mlp-relu": MLP_RELU}},
    "cross-attention": {"correct": [cross()], "mistakes": {
        "cross-kv-from-decoder": cross(src="x"), "no-scale": cross(scale=""),
        "mask-inverted": cross(mask="memory_mask[:, None, None, :]"),
        "cross-causal": cross(causal="s = s.masked_fill(torch.ones(T, S, dtype=torch.bool).triu(1), float('-inf'))")}},
    "flash-attention": {"correct": [flash()], "mistakes": {"flash-no-rescale": flash(corr="1.0"),
                                                            "no-scale": flash(scale="1.0")}},
    "attention-cost": {"correct": [cost(f="2 * 2")], "mistakes": {
        "flops-no-factor-2": cost(f="2"), "per-layer-vs-all": cost(per=""),
        "memory-all-layers": cost(all_="* layers"), "memory-fp32": cost(b="4")}},
    "kv-cache-size": {"correct": [kv()], "mistakes": {
        "kv-mha": kv(heads="n_heads"), "kv-fp32": kv(size="4"), "kv-no-factor-2": kv(two="1"),
        "kv-per-layer": kv(layers="1")}},
    "two-sum": {"correct": [TWO_SUM_SORT], "mistakes": {}},
    "longest-substring": {"correct": [LONGEST_SET], "mistakes": {}},
})

BLOCK_SEED = open(__file__.replace("tests/data/submissions.py", "drills/transformer-block/solution.py")).read()
BLOCK_NANOGPT = """import math
import torch
import torch.nn as nn
import torch.nn.functional as F


class CausalSelfAttention(nn.Module):
    def __init__(self, n_embd, n_head):
        super().__init__()
        self.c_attn = nn.Linear(n_embd, 3 * n_embd)
        self.c_proj = nn.Linear(n_embd, n_embd)
        self.n_head = n_head

    def forward(self, x):
        B, T, C = x.size()
        q, k, v = self.c_attn(x).split(C, dim=2)
        q, k, v = (t.view(B, T, self.n_head, C // self.n_head).transpose(1, 2) for t in (q, k, v))
        att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(k.size(-1)))
        att = att.masked_fill(torch.ones(T, T, dtype=torch.bool).triu(1), float('-inf'))
        y = F.softmax(att, dim=-1) @ v
        return self.c_proj(y.transpose(1, 2).contiguous().view(B, T, C))


class MLP(nn.Module):
    def __init__(self, n_embd, ratio=4):
        super().__init__()
        self.c_fc = nn.Linear(n_embd, ratio * n_embd)
        self.gelu = nn.GELU()
        self.c_proj = nn.Linear(ratio * n_embd, n_embd)

    def forward(self, x):
        return self.c_proj(self.gelu(self.c_fc(x)))


class TransformerBlock(nn.Module):
    def __init__(self, d_model, n_heads, mlp_ratio=4):
        super().__init__()
        self.ln_1 = nn.LayerNorm(d_model)
        self.attn = CausalSelfAttention(d_model, n_heads)
        self.ln_2 = nn.LayerNorm(d_model)
        self.mlp = MLP(d_model, mlp_ratio)  # the task's mlp_ratio (a config varies it)

    def forward(self, x):
        x = x + self.attn(self.ln_1(x))
        return x + self.mlp(self.ln_2(x))
"""
SUBMISSIONS["transformer-block"] = {
    "correct": [BLOCK_SEED, BLOCK_NANOGPT],
    "mistakes": {
        "post-norm": BLOCK_SEED.replace("x = x + self.attn(self.ln1(x))\n        x = x + self.mlp(self.ln2(x))",
                                        "x = self.ln1(x + self.attn(x))\n        x = self.ln2(x + self.mlp(x))"),
        "no-residual": BLOCK_SEED.replace("x = x + self.attn(self.ln1(x))\n        x = x + self.mlp(self.ln2(x))",
                                          "x = self.attn(self.ln1(x))\n        x = self.mlp(self.ln2(x))"),
        "gelu-tanh": BLOCK_SEED.replace("nn.GELU(),", "nn.GELU(approximate='tanh'),"),
        "no-scale": BLOCK_SEED.replace(" / (self.d_head ** 0.5)", ""),
    },
}

KV_SOLUTION = open(__file__.replace("tests/data/submissions.py", "drills/kv-cache/solution.py")).read()
KV_TORCH = """import torch


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    B, T, D = x.shape
    dh = D // n_heads
    pos = torch.arange(start_pos, start_pos + T, dtype=torch.float64)
    inv = 10000.0 ** (-torch.arange(0, dh, 2, dtype=torch.float64) / dh)
    ang = pos[:, None] * inv
    cos, sin = ang.cos().to(x.dtype), ang.sin().to(x.dtype)

    def rope(t):  # t (B, T, h, dh)
        a, b = t[..., 0::2], t[..., 1::2]
        c, s = cos[None, :, None, :], sin[None, :, None, :]
        return torch.stack((a * c - b * s, a * s + b * c), dim=-1).flatten(-2)

    q = rope((x @ w_q).view(B, T, n_heads, dh))
    k = rope((x @ w_k).view(B, T, n_heads, dh))
    v = (x @ w_v).view(B, T, n_heads, dh)
    cache_k, cache_v = cache_k.clone(), cache_v.clone()
    cache_k[:, start_pos:start_pos + T] = k
    cache_v[:, start_pos:start_pos + T] = v
    end = start_pos + T
    s = torch.einsum('bqhd,bkhd->bhqk', q, cache_k[:, :end]) / dh ** 0.5
    keep = torch.ones(T, end, dtype=torch.bool).tril(start_pos)
    s = s.masked_fill(~keep, float('-inf'))
    out = torch.einsum('bhqk,bkhd->bqhd', s.softmax(-1), cache_v[:, :end]).reshape(B, T, D)
    return out @ w_o, cache_k, cache_v
"""
SUBMISSIONS["kv-cache"] = {
    "correct": [KV_SOLUTION, KV_TORCH],
    "mistakes": {
        "rope-position-offset": KV_SOLUTION.replace("pos = np.arange(start_pos, start_pos + T)\n",
                                                    "pos = np.arange(start_pos, start_pos + T)\n    rpos = np.arange(T)\n")
                                           .replace("rope(split(x @ w_q).transpose(0, 2, 1, 3), pos)", "rope(split(x @ w_q).transpose(0, 2, 1, 3), rpos)")
                                           .replace("rope(split(x @ w_k).transpose(0, 2, 1, 3), pos)", "rope(split(x @ w_k).transpose(0, 2, 1, 3), rpos)"),
        "cache-before-rope": KV_SOLUTION.replace("k = rope(split(x @ w_k).transpose(0, 2, 1, 3), pos)", "k = split(x @ w_k).transpose(0, 2, 1, 3)"),
        "causal-top-left": KV_SOLUTION.replace("allowed = np.arange(end)[None, :] <= pos[:, None]",
                                               "allowed = np.arange(end)[None, :] <= np.arange(T)[:, None]"),
    },
}

CSA_DROPOUT = CSA_NANOGPT.replace("        self.n_head = n_heads\n", "        self.n_head = n_heads\n        self.attn_dropout = nn.Dropout(0.1)\n").replace(
    "        att = F.softmax(att, dim=-1)\n", "        att = self.attn_dropout(F.softmax(att, dim=-1))\n")
SUBMISSIONS["causal-self-attention"]["correct"].append(CSA_DROPOUT)

# "Let's build GPT": a ModuleList of Heads, each with its own key, query and value Linear(d, d/H)
CSA_PER_HEAD = """import torch
import torch.nn as nn
import torch.nn.functional as F


class Head(nn.Module):
    def __init__(self, n_embd, head_size, block_size=64):
        super().__init__()
        self.key = nn.Linear(n_embd, head_size, bias=False)
        self.query = nn.Linear(n_embd, head_size, bias=False)
        self.value = nn.Linear(n_embd, head_size, bias=False)
        self.register_buffer('tril', torch.tril(torch.ones(block_size, block_size)))
        self.dropout = nn.Dropout(0.2)

    def forward(self, x):
        B, T, C = x.shape
        k, q = self.key(x), self.query(x)
        wei = q @ k.transpose(-2, -1) * k.shape[-1] ** -0.5
        wei = wei.masked_fill(self.tril[:T, :T] == 0, float('-inf'))
        wei = self.dropout(F.softmax(wei, dim=-1))
        return wei @ self.value(x)


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        self.heads = nn.ModuleList([Head(d_model, d_model // n_heads) for _ in range(n_heads)])
        self.proj = nn.Linear(d_model, d_model)

    def forward(self, x):
        return self.proj(torch.cat([h(x) for h in self.heads], dim=-1))
"""
SUBMISSIONS["causal-self-attention"]["correct"].append(CSA_PER_HEAD)
SUBMISSIONS["transformer-block"]["correct"].append(CSA_PER_HEAD.replace("class CausalSelfAttention", "class MultiHead") + """

class TransformerBlock(nn.Module):
    def __init__(self, d_model, n_heads, mlp_ratio=4):
        super().__init__()
        self.sa = MultiHead(d_model, n_heads)
        self.ffwd = nn.Sequential(nn.Linear(d_model, mlp_ratio * d_model), nn.GELU(),
                                  nn.Linear(mlp_ratio * d_model, d_model), nn.Dropout(0.2))
        self.ln1 = nn.LayerNorm(d_model)
        self.ln2 = nn.LayerNorm(d_model)

    def forward(self, x):
        x = x + self.sa(self.ln1(x))
        return x + self.ffwd(self.ln2(x))
""")
