import torch
import triton
import triton.language as tl


@triton.jit
def flash_kernel(q_ptr, k_ptr, v_ptr, o_ptr, T, scale, stride_bh, stride_t,
                 D: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr):
    start_m = tl.program_id(0) * BLOCK_M
    bh = tl.program_id(1)
    rows = start_m + tl.arange(0, BLOCK_M)
    cols = tl.arange(0, BLOCK_N)
    dims = tl.arange(0, D)
    q_ptrs = q_ptr + bh * stride_bh + rows[:, None] * stride_t + dims[None, :]
    k_ptrs = k_ptr + bh * stride_bh + cols[:, None] * stride_t + dims[None, :]
    v_ptrs = v_ptr + bh * stride_bh + cols[:, None] * stride_t + dims[None, :]
    q = tl.load(q_ptrs, mask=rows[:, None] < T, other=0.0)
    q = q * scale  # fold the softmax scale into q once
    m = tl.zeros((BLOCK_M,), dtype=tl.float32) - float("inf")
    l = tl.zeros((BLOCK_M,), dtype=tl.float32)
    o = tl.zeros((BLOCK_M, D), dtype=tl.float32)
    for n0 in range(0, T, BLOCK_N):
        keys = n0 + cols
        k = tl.load(k_ptrs, mask=keys[:, None] < T, other=0.0)
        v = tl.load(v_ptrs, mask=keys[:, None] < T, other=float("-inf"))
        s = tl.dot(q, tl.trans(k), input_precision="ieee") * scale
        keep = keys[None, :] < T
        if CAUSAL:
            keep = keep & (keys[None, :] <= rows[:, None])
        s = tl.where(keep, s, float("-inf"))
        m_new = tl.maximum(m, tl.max(s, 1))
        r = tl.exp(m - m_new)
        p = tl.exp(s - m_new[:, None])
        l = r * l + tl.sum(p, 1)
        o = r[:, None] * o + tl.dot(p.to(v.dtype), v, input_precision="ieee")
        m = m_new
        k_ptrs += BLOCK_N * stride_t
        v_ptrs += BLOCK_N * stride_t
    o_ptrs = o_ptr + bh * stride_bh + rows[:, None] * stride_t + dims[None, :]
    tl.store(o_ptrs, o / l[:, None], mask=rows[:, None] < T)


def flash_attention(q, k, v, causal=True):
    B, H, T, D = q.shape
    q, k, v = q.contiguous(), k.contiguous(), v.contiguous()
    o = torch.empty_like(q)
    BLOCK_M, BLOCK_N = 16, 16
    grid = (triton.cdiv(T, BLOCK_M), B * H)
    flash_kernel[grid](q, k, v, o, T, 1.0 / D ** 0.5, q.stride(1), q.stride(2), D=D, BLOCK_M=BLOCK_M,
                       BLOCK_N=BLOCK_N, CAUSAL=causal)
    return o
