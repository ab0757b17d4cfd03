import torch
import triton
import triton.language as tl


@triton.jit
def _attn_fwd(Q, K, V, Out, qk_scale, T, H,
              s_qb, s_qh, s_qt, s_kb, s_kh, s_kt, s_vb, s_vh, s_vt, s_ob, s_oh, s_ot,
              HEAD_DIM: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr,
              DTYPE: tl.constexpr):
    start_m = tl.program_id(0)
    off_bh = tl.program_id(1)
    off_b = off_bh // H
    off_h = off_bh % H
    offs_m = start_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    offs_d = tl.arange(0, HEAD_DIM)
    q_ptrs = Q + off_b * s_qb + off_h * s_qh + offs_m[:, None] * s_qt + offs_d[None, :]
    k_ptrs = K + off_b * s_kb + off_h * s_kh + offs_n[:, None] * s_kt + offs_d[None, :]
    v_ptrs = V + off_b * s_vb + off_h * s_vh + offs_n[:, None] * s_vt + offs_d[None, :]
    q = tl.load(q_ptrs, mask=offs_m[:, None] < T, other=0.0)
    m_i = tl.zeros([BLOCK_M], dtype=DTYPE) - float("inf")
    l_i = tl.zeros([BLOCK_M], dtype=DTYPE)
    acc = tl.zeros([BLOCK_M, HEAD_DIM], dtype=DTYPE)
    hi = start_m * BLOCK_M if CAUSAL else T
    for start_n in range(0, hi, BLOCK_N):
        kv_mask = (start_n + offs_n)[:, None] < T
        k = tl.load(k_ptrs, mask=kv_mask, other=0.0)
        v = tl.load(v_ptrs, mask=kv_mask, other=0.0)
        qk = tl.dot(q, tl.trans(k)) * qk_scale
        ok = (start_n + offs_n)[None, :] < T
        if CAUSAL:
            ok = ok & ((start_n + offs_n)[None, :] <= offs_m[:, None])
        qk = tl.where(ok, qk, float("-inf"))
        m_ij = tl.maximum(m_i, tl.max(qk, 1))
        p = tl.math.exp2(qk - m_ij[:, None])
        alpha = tl.math.exp2(m_i - m_ij)
        l_i = l_i * alpha + tl.sum(p, 1)
        acc = acc * alpha[:, None] + tl.dot(p.to(v.dtype), v)
        m_i = m_ij
        k_ptrs += BLOCK_N * s_kt
        v_ptrs += BLOCK_N * s_vt
    acc = acc / l_i[:, None]
    o_ptrs = Out + off_b * s_ob + off_h * s_oh + offs_m[:, None] * s_ot + offs_d[None, :]
    tl.store(o_ptrs, acc.to(Out.dtype.element_ty), mask=offs_m[:, None] < T)


def flash_attention(q, k, v, causal=True):
    B, H, T, D = q.shape
    out = torch.empty((B, H, T, D), dtype=q.dtype, device=q.device)
    BLOCK = 16
    qk_scale = (1.0 / D ** 0.5) * 1.4426950408889634
    dtype = tl.float64 if q.dtype == torch.float64 else tl.float32
    grid = (triton.cdiv(T, BLOCK), B * H)
    _attn_fwd[grid](q, k, v, out, qk_scale, T, H,
                    q.stride(0), q.stride(1), q.stride(2), k.stride(0), k.stride(1), k.stride(2),
                    v.stride(0), v.stride(1), v.stride(2), out.stride(0), out.stride(1), out.stride(2),
                    HEAD_DIM=D, BLOCK_M=BLOCK, BLOCK_N=BLOCK, CAUSAL=causal, DTYPE=dtype)
    return out
