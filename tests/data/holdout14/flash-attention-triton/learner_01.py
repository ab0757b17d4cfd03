import math
import torch
import triton
import triton.language as tl


@triton.jit
def flash_kernel(q_ptr, k_ptr, v_ptr, o_ptr, T, scale, stride_bh, stride_t,
                 D: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr):
    pid = tl.program_id(0)
    n_m = tl.cdiv(T, BLOCK_M)
    bh = pid // n_m
    start_m = (pid % n_m) * BLOCK_M
    rows = start_m + tl.arange(0, BLOCK_M)
    cols = tl.arange(0, D)
    row_ok = rows < T
    q = tl.load(q_ptr + bh * stride_bh + rows[:, None] * stride_t + cols[None, :], mask=row_ok[:, None], other=0.0)
    qk_scale = scale * 1.4426950408889634
    k_ptrs = k_ptr + bh * stride_bh + tl.arange(0, BLOCK_N)[:, None] * stride_t + cols[None, :]
    v_ptrs = v_ptr + bh * stride_bh + tl.arange(0, BLOCK_N)[:, None] * stride_t + cols[None, :]
    m = tl.zeros((BLOCK_M,), dtype=q.dtype) - float("inf")
    l = tl.zeros((BLOCK_M,), dtype=q.dtype)
    o = tl.zeros((BLOCK_M, D), dtype=q.dtype)
    for n0 in range(0, T, BLOCK_N):
        keys = n0 + tl.arange(0, BLOCK_N)
        key_ok = keys < T
        kt = tl.load(k_ptrs, mask=key_ok[:, None], other=0.0)
        vt = tl.load(v_ptrs, mask=key_ok[:, None], other=0.0)
        s = tl.dot(q, tl.trans(kt)) * qk_scale
        ok = key_ok[None, :]
        if CAUSAL:
            ok = ok & (keys[None, :] <= rows[:, None])
        s = tl.where(ok, s, float("-inf"))
        m_new = tl.maximum(m, tl.max(s, 1))
        p = tl.exp2(s - m_new[:, None])
        alpha = tl.exp(m - m_new)
        l = l * alpha + tl.sum(p, 1)
        o = o * alpha[:, None] + tl.dot(p.to(vt.dtype), vt)
        m = m_new
        k_ptrs += BLOCK_N * stride_t
        v_ptrs += BLOCK_N
    o = o / l[:, None]
    tl.store(o_ptr + bh * stride_bh + rows[:, None] * stride_t + cols[None, :], o.to(o_ptr.dtype.element_ty),
             mask=row_ok[:, None])


def flash_attention(q, k, v, causal=True):
    B, H, T, D = q.shape
    q, k, v = q.contiguous(), k.contiguous(), v.contiguous()
    o = torch.empty_like(q)
    BM, BN = 32, 16
    grid = (triton.cdiv(T, BM) * B * H,)
    flash_kernel[grid](q, k, v, o, T, 1.0 / math.sqrt(D), q.stride(1), q.stride(2), D=D, BLOCK_M=BM, BLOCK_N=BN,
                       CAUSAL=causal)
    return o
