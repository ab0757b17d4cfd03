"""Classic wrong variants of the reference functions, each named by its DESIGN.md mistake id.
The grader compares a failing submission with these to say what went wrong. Attention's own
variants live in `naive_attention(mistake=...)`."""

from __future__ import annotations

import torch
import torch.nn.functional as F

from engine.attention import causal_mask, naive_attention
from engine.heads import merge_heads, split_heads
from engine.positional import alibi_slopes, rope_angles
from engine.positional import apply_rope as apply_rope_ref


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None, mistake=None):
    B, T, D = x.shape
    if mistake == "heads-no-transpose":  # view(B, H, T, dh) straight from (B, T, D)
        q, k, v = ((x @ w).reshape(B, n_heads, T, D // n_heads) for w in (w_q, w_k, w_v))
    else:
        q, k, v = (split_heads(x @ w, n_heads) for w in (w_q, w_k, w_v))
    if mask is not None and mask.dim() == 3:
        mask = mask.unsqueeze(1)
    out = naive_attention(q, k, v, mask, mistake=None if mistake == "heads-no-transpose" else mistake, d_model=D)
    out = out.reshape(B, T, D) if mistake == "heads-no-transpose" else merge_heads(out)
    return out @ w_o


def grouped_query_attention(q, k, v, causal=False, mistake=None):
    hq, hkv = q.shape[1], k.shape[1]
    group = hq // hkv
    if mistake == "gqa-tiled":  # query head j on KV head j % Hkv (tile) instead of j // group
        k, v = k.repeat(1, group, 1, 1), v.repeat(1, group, 1, 1)
    else:
        k, v = k.repeat_interleave(group, dim=1), v.repeat_interleave(group, dim=1)
    return naive_attention(q, k, v, causal=causal, mistake=mistake if mistake != "gqa-tiled" else None)


def apply_rope(x, positions=None, base=10000.0, mistake=None):
    T, d = x.shape[-2], x.shape[-1]
    if positions is None:
        positions = torch.arange(T)
    positions = torch.as_tensor(positions)
    if mistake == "rope-rotate-half":
        return apply_rope_ref(x, positions, base, convention="half")
    if mistake == "rope-position-offset":
        return apply_rope_ref(x, positions + 1, base)
    if mistake == "rope-frequency":  # theta_i = base^(-i/d): the factor 2 forgotten
        ang = positions.to(torch.float64).unsqueeze(-1) * base ** (-torch.arange(d // 2, dtype=torch.float64) / d)
    else:
        ang = rope_angles(positions, d, base)
    cos, sin = ang.cos().to(x.dtype), ang.sin().to(x.dtype)
    if mistake == "rope-sign":  # rotates the other way
        sin = -sin
    x0, x1 = x[..., 0::2], x[..., 1::2]
    return torch.stack((x0 * cos - x1 * sin, x0 * sin + x1 * cos), dim=-1).flatten(-2)


def sinusoidal(T, d, mistake=None):
    pos = torch.arange(T, dtype=torch.float64).unsqueeze(-1)
    i = torch.arange(d // 2 + d % 2, dtype=torch.float64)
    exponent = (i / d) if mistake == "sinusoidal-exponent" else (2 * i / d)  # forgot the 2
    angle = pos / 10000 ** exponent
    pe = torch.zeros(T, d, dtype=torch.float64)
    if mistake == "sinusoidal-concat":  # sines in the first half, cosines in the second
        h = (d + 1) // 2
        pe[:, :h] = torch.sin(angle[:, :h])
        pe[:, h:] = torch.cos(angle[:, : d - h])
    else:
        pe[:, 0::2] = torch.sin(angle)
        pe[:, 1::2] = torch.cos(angle[:, : d // 2])
    return pe


def layer_norm(x, gamma, beta, eps=1e-5, mistake=None):
    mean = x.mean(-1, keepdim=True)
    var = x.var(-1, keepdim=True, unbiased=mistake == "ln-unbiased-variance")
    if mistake == "ln-eps-outside-sqrt":
        out = (x - mean) / (var.sqrt() + eps) * gamma
    else:
        out = (x - mean) / torch.sqrt(var + eps) * gamma
    return out if mistake == "ln-no-beta" else out + beta


def rms_norm(x, gamma, eps=1e-6, mistake=None):
    if mistake == "rms-subtracts-mean":
        x = x - x.mean(-1, keepdim=True)
    ms = x.pow(2).mean(-1, keepdim=True)
    if mistake == "rms-eps-outside-sqrt":
        return x / (ms.sqrt() + eps) * gamma
    return x / torch.sqrt(ms + eps) * gamma


def swiglu(x, w_gate, w_up, w_down, mistake=None):
    if mistake == "swiglu-gelu":
        return (F.gelu(x @ w_gate) * (x @ w_up)) @ w_down
    if mistake == "swiglu-gate-swapped":
        return (F.silu(x @ w_up) * (x @ w_gate)) @ w_down
    return (F.silu(x @ w_gate) * (x @ w_up)) @ w_down


def alibi_bias(n_heads, T, mistake=None):
    if mistake == "alibi-slope-offset":  # 2^(-8h/n) for h = 0..n-1: starts at 1, not 2^(-8/n)
        slopes = torch.tensor([2 ** (-8 * h / n_heads) for h in range(n_heads)], dtype=torch.float64)
    else:
        slopes = alibi_slopes(n_heads)
    i = torch.arange(T).unsqueeze(-1)
    dist = (i - torch.arange(T)).abs().to(torch.float64)
    sign = 1.0 if mistake == "alibi-sign" else -1.0
    return sign * slopes.view(-1, 1, 1) * dist


def causal_self_attention(x, w_qkv, b_qkv, w_proj, b_proj, n_heads, mistake=None):
    """The seed's CausalSelfAttention with given weights (fused qkv then proj)."""
    B, T, D = x.shape
    qkv = x @ w_qkv.T + (b_qkv if b_qkv is not None else 0)
    q, k, v = qkv.chunk(3, dim=-1)
    if mistake == "heads-no-transpose":
        q, k, v = (t.reshape(B, n_heads, T, D // n_heads) for t in (q, k, v))
    else:
        q, k, v = (split_heads(t, n_heads) for t in (q, k, v))
    out = naive_attention(q, k, v, causal_mask(T, T), mistake=None if mistake == "heads-no-transpose" else mistake,
                          d_model=D)
    out = out.reshape(B, T, D) if mistake == "heads-no-transpose" else merge_heads(out)
    return out @ w_proj.T + (b_proj if b_proj is not None else 0)


def mlp(x, w1, b1, w2, b2, mistake=None):
    """GELU MLP: (gelu(x @ w1 + b1)) @ w2 + b2; 'gelu-tanh' uses the tanh approximation."""
    h = x @ w1 + b1
    if mistake == "gelu-tanh":
        h = F.gelu(h, approximate="tanh")
    elif mistake == "mlp-relu":
        h = torch.relu(h)
    else:
        h = F.gelu(h)
    return h @ w2 + b2


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None, mistake=None):
    """Q from the decoder stream x (B, T, d); K, V from the encoder's memory (B, S, d);
    memory_mask (B, S), True = a real token."""
    B, T, D = x.shape
    src = x if mistake == "cross-kv-from-decoder" else memory
    q = split_heads(x @ w_q, n_heads)
    k, v = split_heads(src @ w_k, n_heads), split_heads(src @ w_v, n_heads)
    mask = None
    if memory_mask is not None and mistake != "cross-kv-from-decoder":
        mask = memory_mask[:, None, None, :].to(torch.bool)
        if mistake == "mask-inverted":
            mask = ~mask
    if mistake == "cross-causal":  # a decoder's causal mask wrongly applied (tril over (T, S): top-left)
        out = naive_attention(q, k, v, mask, causal=True, mistake="causal-top-left")
    else:
        out = naive_attention(q, k, v, mask, mistake="no-scale" if mistake == "no-scale" else None)
    return merge_heads(out) @ w_o


def tiled_attention(q, k, v, causal=False, block_size=64, mistake=None):
    """The online softmax over key blocks; 'flash-no-rescale' forgets to rescale the running sum
    and output by exp(m_old - m_new) when the running max grows."""
    scale = 1.0 if mistake == "no-scale" else q.shape[-1] ** -0.5
    tq, tk = q.shape[-2], k.shape[-2]
    m = torch.full((*q.shape[:-1], 1), float("-inf"), dtype=q.dtype)
    l = torch.zeros_like(m)
    o = torch.zeros(*q.shape[:-1], v.shape[-1], dtype=q.dtype)
    for ks in range(0, tk, block_size):
        ke = min(ks + block_size, tk)
        s = (q @ k[..., ks:ke, :].transpose(-2, -1)) * scale
        if causal:
            i = torch.arange(tq).unsqueeze(-1)
            j = torch.arange(ks, ke)
            s = s.masked_fill(j > i + (tk - tq), float("-inf"))
        m_new = torch.maximum(m, s.amax(-1, keepdim=True))
        safe = torch.where(torch.isfinite(m_new), m_new, torch.zeros_like(m_new))
        p = torch.exp(s - safe)
        if mistake == "flash-no-rescale":
            corr = torch.ones_like(m)
        else:
            corr = torch.exp(torch.where(torch.isfinite(m), m - safe, torch.full_like(m, float("-inf"))))
        l = l * corr + p.sum(-1, keepdim=True)
        o = o * corr + p @ v[..., ks:ke, :]
        m = m_new
    return o / torch.where(l > 0, l, torch.ones_like(l))


def transformer_block(x, ln1, ln2, attn, mlp_w, n_heads, mistake=None):
    """The seed's pre-norm TransformerBlock with given weights: ln = (gamma, beta, eps);
    attn = (w_qkv, b_qkv, w_proj, b_proj) as nn.Linear stores them; mlp_w = (w1, b1, w2, b2) the same.
    Mistakes: 'post-norm' (norm after the residual add), 'no-residual', 'gelu-tanh'."""
    from engine.norms import layer_norm

    def attend(h):  # an attention mistake ("no-scale", "mask-diagonal", ...) happens inside the block
        inner = None if mistake in ("post-norm", "no-residual", "gelu-tanh") else mistake
        return causal_self_attention(h, *attn, n_heads, mistake=inner)

    def ffn(h):
        w1, b1, w2, b2 = mlp_w
        z = h @ w1.T + (b1 if b1 is not None else 0)
        z = F.gelu(z, approximate="tanh" if mistake == "gelu-tanh" else "none")
        return z @ w2.T + (b2 if b2 is not None else 0)

    def n1(h):
        return layer_norm(h, *ln1[:2], ln1[2])

    def n2(h):
        return layer_norm(h, *ln2[:2], ln2[2])

    if mistake == "post-norm":
        x = n1(x + attend(x))
        return n2(x + ffn(x))
    if mistake == "no-residual":
        return ffn(n2(attend(n1(x))))
    x = x + attend(n1(x))
    return x + ffn(n2(x))


def cached_decode(x, w_q, w_k, w_v, w_o, n_heads, chunks, mistake=None):
    """Decode x (B, L, d) chunk by chunk with a KV cache (keys after RoPE), returning every
    chunk's output concatenated; with mistake=None it equals the full causal forward pass.
    'rope-position-offset': RoPE restarts at 0 in every chunk; 'cache-before-rope': keys cached
    without their rotation; 'causal-top-left': a chunk's mask aligned top-left over the cache."""
    B, L, D = x.shape
    dh = D // n_heads
    keys, values, outs = [], [], []
    start = 0
    for size in chunks:
        xs = x[:, start:start + size]
        q = (xs @ w_q).view(B, size, n_heads, dh).transpose(1, 2)
        k = (xs @ w_k).view(B, size, n_heads, dh).transpose(1, 2)
        v = (xs @ w_v).view(B, size, n_heads, dh).transpose(1, 2)
        pos = torch.arange(size) if mistake == "rope-position-offset" else torch.arange(start, start + size)
        q = apply_rope_ref(q, pos)
        if mistake != "cache-before-rope":
            k = apply_rope_ref(k, pos)
        keys.append(k)
        values.append(v)
        K, V = torch.cat(keys, dim=2), torch.cat(values, dim=2)
        mask = causal_mask(size, start + size, top_left=mistake == "causal-top-left")
        outs.append(merge_heads(naive_attention(q, K, V, mask)) @ w_o)
        start += size
    return torch.cat(outs, dim=1)
