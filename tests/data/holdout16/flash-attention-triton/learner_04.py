import torch
import triton
import triton.language as tl


@triton.jit
def flash_kernel(q_ptr, k_ptr, v_ptr, o_ptr, T, scale, stride_bh, stride_t,
                 D: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr):
    start_m = tl.program_id(0)
    off_hz = tl.program_id(1)
    offs_m = start_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    offs_d = tl.arange(0, D)
    q_ptrs = q_ptr + off_hz * stride_bh + offs_m[:, None] * stride_t + offs_d[None, :]
    k_ptrs = k_ptr + off_hz * stride_bh + offs_n[:, None] * stride_t + offs_d[None, :]
    v_ptrs = v_ptr + off_hz * stride_bh + offs_n[:, None] * stride_t + offs_d[None, :]
    q = tl.load(q_ptrs, mask=offs_m[:, None] < T, other=0.0)
    dt = tl.float64 if q_ptr.dtype.element_ty == tl.float64 else tl.float32
    m_i = tl.zeros([BLOCK_M], dtype=dt) - float("inf")
    l_i = tl.zeros([BLOCK_M], dtype=dt)
    acc = tl.zeros([BLOCK_M, D], dtype=dt)
    for start_n in range(0, T, BLOCK_N):
        k = tl.load(k_ptrs, mask=(start_n + offs_n)[:, None] < T, other=0.0)
        v = tl.load(v_ptrs, mask=(start_n + offs_n)[:, None] < T, other=0.0)
        qk = tl.dot(q, tl.trans(k)).to(dt) * scale * 1.44269504
        valid = (start_n + offs_n)[None, :] < T
        if CAUSAL:
            valid = valid & (offs_m[:, None] >= (start_n + offs_n)[None, :])
        qk = tl.where(valid, qk, float("-inf"))
        m_ij = tl.maximum(m_i, tl.max(qk, 1))
        p = tl.exp(qk - m_ij[:, None])
        alpha = tl.exp(m_i - m_ij)
        l_i = l_i + tl.sum(p, 1)
        acc = acc * alpha[:, None]
        acc += tl.dot(p.to(v.dtype), v)
        m_i = m_ij
        k_ptrs += BLOCK_N * stride_t
        v_ptrs += BLOCK_N
    acc = acc / l_i[:, None]
    o_ptrs = o_ptr + off_hz * stride_bh + offs_m[:, None] * stride_t + offs_d[None, :]
    tl.store(o_ptrs, acc.to(o_ptr.dtype.element_ty), mask=offs_m[:, None] < T)


def flash_attention(q, k, v, causal=True):
    """Causal (by default) attention, q, k, v (B, H, T, d), computed by flash_kernel: see TASK.md."""
    B, H, T, D = q.shape
    q, k, v = q.contiguous(), k.contiguous(), v.contiguous()
    o = torch.empty_like(q)
    block = 16
    grid = (triton.cdiv(T, block), B * H)
    flash_kernel[grid](q, k, v, o, T, D ** -0.5, q.stride(1), q.stride(2), D=D, BLOCK_M=block, BLOCK_N=block,
                       CAUSAL=causal)
    return o
