import math
import torch
import triton
import triton.language as tl


@triton.jit
def _attn_fwd(Q, K, V, Out, sq_b, sq_h, sq_t, sk_b, sk_h, sk_t, sv_b, sv_h, sv_t, so_b, so_h, so_t,
              H, T, qk_scale, n_m_tiles,
              HEAD_DIM: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, IS_CAUSAL: tl.constexpr,
              ACC: tl.constexpr):
    pid = tl.program_id(0)
    tile = pid % n_m_tiles
    bh = pid // n_m_tiles
    b = bh // H
    h = bh % H
    rows = tile * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = tl.arange(0, BLOCK_N)
    dims = tl.arange(0, HEAD_DIM)
    q = tl.load(Q + b * sq_b + h * sq_h + rows[:, None] * sq_t + dims[None, :], mask=rows[:, None] < T, other=0.0)
    k_ptrs = K + b * sk_b + h * sk_h + cols[None, :] * sk_t + dims[:, None]
    v_ptrs = V + b * sv_b + h * sv_h + cols[:, None] * sv_t + dims[None, :]
    m = tl.zeros((BLOCK_M,), dtype=ACC) - float("inf")
    l = tl.zeros((BLOCK_M,), dtype=ACC)
    acc = tl.zeros((BLOCK_M, HEAD_DIM), dtype=ACC)
    hi = T
    if IS_CAUSAL:
        hi = tl.minimum(T, tile * BLOCK_M)
    for n0 in range(0, hi, BLOCK_N):
        kt = tl.load(k_ptrs, mask=(n0 + cols)[None, :] < T, other=0.0)
        vt = tl.load(v_ptrs, mask=(n0 + cols)[:, None] < T, other=0.0)
        s = tl.dot(q, kt).to(ACC) * qk_scale
        keep = (n0 + cols)[None, :] < T
        if IS_CAUSAL:
            keep = keep & ((n0 + cols)[None, :] <= rows[:, None])
        s = tl.where(keep, s, float("-inf"))
        m_new = tl.maximum(m, tl.max(s, 1))
        p = tl.math.exp2(s - m_new[:, None])
        alpha = tl.math.exp2(m - m_new)
        l = l * alpha + tl.sum(p, 1)
        acc = acc * alpha[:, None] + tl.dot(p.to(vt.dtype), vt).to(ACC)
        m = m_new
        k_ptrs += BLOCK_N * sk_t
        v_ptrs += BLOCK_N
    out = acc / l[:, None]
    tl.store(Out + b * so_b + h * so_h + rows[:, None] * so_t + dims[None, :], out.to(Out.dtype.element_ty),
             mask=rows[:, None] < T)


def flash_attention(q, k, v, causal=True):
    q, k, v = q.contiguous(), k.contiguous(), v.contiguous()
    B, H, T, D = q.shape
    o = torch.empty_like(q)
    BLOCK_M, BLOCK_N = 32, 16
    n_m = triton.cdiv(T, BLOCK_M)
    acc = tl.float64 if q.dtype == torch.float64 else tl.float32
    _attn_fwd[(n_m * B * H,)](q, k, v, o, *q.stride()[:3], *k.stride()[:3], *v.stride()[:3], *o.stride()[:3],
                              H, T, 1.4426950408889634 / math.sqrt(D), n_m,
                              HEAD_DIM=D, BLOCK_M=BLOCK_M, BLOCK_N=BLOCK_N, IS_CAUSAL=causal, ACC=acc)
    return o
