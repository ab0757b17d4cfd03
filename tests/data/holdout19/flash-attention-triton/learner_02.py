import torch
import triton
import triton.language as tl


@triton.jit
def flash_kernel(q_ptr, k_ptr, v_ptr, o_ptr, T, scale, stride_bh, stride_t,
                 D: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr,
                 ACC_DTYPE: tl.constexpr):
    pid_m = tl.program_id(0)  # which tile of queries
    bh = tl.program_id(1)  # which (batch, head)
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    offs_d = tl.arange(0, D)
    q_ptrs = q_ptr + bh * stride_bh + offs_m[:, None] * stride_t + offs_d[None, :]
    q = tl.load(q_ptrs, mask=offs_m[:, None] < T, other=0.0)
    m_i = tl.full([BLOCK_M], float("-inf"), dtype=ACC_DTYPE)
    l_i = tl.zeros([BLOCK_M], dtype=ACC_DTYPE)
    acc = tl.zeros([BLOCK_M, D], dtype=ACC_DTYPE)
    hi = T
    if CAUSAL:
        hi = tl.minimum((pid_m + 1) * BLOCK_M, T)
    for start_n in range(0, hi, BLOCK_N):
        cols = start_n + offs_n
        k_ptrs = k_ptr + bh * stride_bh + cols[None, :] * stride_t + offs_d[:, None]
        k = tl.load(k_ptrs, mask=cols[None, :] < T, other=0.0)
        qk = tl.dot(q, k, input_precision="ieee").to(ACC_DTYPE) * scale
        keep = cols[None, :] < T
        if CAUSAL:
            keep = keep & (offs_m[:, None] >= cols[None, :])
        qk = tl.where(keep, qk, float("-inf"))
        m_ij = tl.maximum(m_i, tl.max(qk, 1))
        alpha = tl.exp(m_i - m_ij)
        p = tl.exp(qk - m_ij[:, None])
        l_i = l_i + tl.sum(p, 1)
        v_ptrs = v_ptr + bh * stride_bh + cols[:, None] * stride_t + offs_d[None, :]
        v = tl.load(v_ptrs, mask=cols[:, None] < T, other=0.0)
        acc = acc * alpha[:, None]
        acc = tl.dot(p.to(v.dtype), v, acc, input_precision="ieee")
        m_i = m_ij
    acc = acc / l_i[:, None]
    o_ptrs = o_ptr + bh * stride_bh + offs_m[:, None] * stride_t + offs_d[None, :]
    tl.store(o_ptrs, acc.to(o_ptr.dtype.element_ty), mask=offs_m[:, None] < T)


def flash_attention(q, k, v, causal=True):
    """Causal (by default) attention, q, k, v (B, H, T, d), computed by flash_kernel: see TASK.md."""
    B, H, T, D = q.shape
    q, k, v = q.contiguous(), k.contiguous(), v.contiguous()
    o = torch.empty_like(q)
    block = 16  # tl.dot's smallest tile: quick in the interpreter
    grid = (T // block, B * H)
    acc_dtype = tl.float64 if q.dtype == torch.float64 else tl.float32
    flash_kernel[grid](q, k, v, o, T, D ** -0.5, q.stride(1), q.stride(2), D=D, BLOCK_M=block, BLOCK_N=block,
                       CAUSAL=causal, ACC_DTYPE=acc_dtype)
    return o
