import torch
import triton
import triton.language as tl


@triton.jit
def flash_kernel(q_ptr, k_ptr, v_ptr, o_ptr, T, scale, stride_bh, stride_t,
                 D: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr):
    pid_m = tl.program_id(axis=0)
    bh = tl.program_id(axis=1)
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    offs_d = tl.arange(0, D)
    head_start_ptr = bh * stride_bh
    q = tl.load(q_ptr + head_start_ptr + offs_m[:, None] * stride_t + offs_d[None, :], mask=offs_m[:, None] < T, other=0.0)
    m_i = tl.full((BLOCK_M,), float("-inf"), dtype=tl.float32)
    l_i = tl.zeros((BLOCK_M,), dtype=tl.float32)
    acc = tl.zeros((BLOCK_M, D), dtype=tl.float32)
    if CAUSAL:
        hi = tl.minimum((pid_m + 1) * BLOCK_M, T)
    else:
        hi = T
    for start_n in range(0, hi, BLOCK_N):
        cols = start_n + offs_n
        k = tl.load(k_ptr + head_start_ptr + cols[:, None] * stride_t + offs_d[None, :], mask=cols[:, None] < T, other=0.0)
        v = tl.load(v_ptr + head_start_ptr + cols[:, None] * stride_t + offs_d[None, :], mask=cols[:, None] < T, other=0.0)
        qk = tl.dot(q, tl.trans(k), input_precision="ieee").to(tl.float32) * scale
        valid = cols[None, :] < T
        if CAUSAL:
            valid = valid & (cols[None, :] < offs_m[:, None])
        qk = tl.where(valid, qk, float("-inf"))
        m_new = tl.maximum(m_i, tl.max(qk, axis=1))
        alpha = tl.exp(m_i - m_new)
        p = tl.exp(qk - m_new[:, None])
        l_i = l_i + tl.sum(p, axis=1)
        acc = acc * alpha[:, None] + tl.dot(p.to(v.dtype), v, input_precision="ieee").to(tl.float32)
        m_i = m_new
    acc = acc / l_i[:, None]
    o_row_ptrs = o_ptr + head_start_ptr + offs_m[:, None] * stride_t + offs_d[None, :]
    tl.store(o_row_ptrs, acc.to(o_ptr.dtype.element_ty), mask=offs_m[:, None] < T)


def flash_attention(q, k, v, causal=True):
    """Causal (by default) attention, q, k, v (B, H, T, d), computed by flash_kernel."""
    B, H, T, D = q.shape
    q, k, v = q.contiguous(), k.contiguous(), v.contiguous()
    o = torch.empty_like(q)
    BLOCK = 16
    grid = (triton.cdiv(T, BLOCK), B * H)
    flash_kernel[grid](q, k, v, o, T, 1.0 / D, q.stride(1), q.stride(2), D=D, BLOCK_M=BLOCK, BLOCK_N=BLOCK,
                       CAUSAL=causal)
    return o
