import torch
import triton
import triton.language as tl


@triton.jit
def flash_kernel(Q, K, V, Out, T, sm_scale, stride_bh, stride_t,
                 D: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr,
                 ACC_DTYPE: tl.constexpr):
    # adapted from the Triton tutorial "Fused Attention" (forward only: no TMA, no pipelining stages)
    start_m = tl.program_id(0)
    off_hz = tl.program_id(1)
    qkv_offset = off_hz * stride_bh
    offs_m = start_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    offs_d = tl.arange(0, D)
    q = tl.load(Q + qkv_offset + offs_m[:, None] * stride_t + offs_d[None, :], mask=offs_m[:, None] < T, other=0.0)
    m_i = tl.zeros([BLOCK_M], dtype=ACC_DTYPE) - float("inf")
    l_i = tl.zeros([BLOCK_M], dtype=ACC_DTYPE) + 1.0
    acc = tl.zeros([BLOCK_M, D], dtype=ACC_DTYPE)
    qk_scale = sm_scale  # log2(e): exp(x) = exp2(x * log2(e))
    hi = T
    if CAUSAL:
        hi = tl.minimum((start_m + 1) * BLOCK_M, T)
    for start_n in range(0, hi, BLOCK_N):
        cols = start_n + offs_n
        k = tl.load(K + qkv_offset + cols[None, :] * stride_t + offs_d[:, None], mask=cols[None, :] < T, other=0.0)
        qk = tl.dot(q, k, input_precision="ieee") * qk_scale
        keep = cols[None, :] < T
        if CAUSAL:
            keep = keep & (offs_m[:, None] > cols[None, :])
        qk = tl.where(keep, qk, float("-inf"))
        m_ij = tl.maximum(m_i, tl.max(qk, 1))
        p = tl.math.exp2(qk - m_ij[:, None])
        l_ij = tl.sum(p, 1)
        alpha = tl.math.exp2(m_i - m_ij)
        l_i = l_i * alpha + l_ij
        acc = acc * alpha[:, None]
        v = tl.load(V + qkv_offset + cols[:, None] * stride_t + offs_d[None, :], mask=cols[:, None] < T, other=0.0)
        acc = tl.dot(p.to(v.dtype), v, acc, input_precision="ieee")
        m_i = m_ij
    acc = acc / l_i[:, None]
    tl.store(Out + qkv_offset + offs_m[:, None] * stride_t + offs_d[None, :], acc.to(Out.dtype.element_ty), mask=offs_m[:, None] < T)


def flash_attention(q, k, v, causal=True):
    """Causal (by default) attention, q, k, v (B, H, T, d), computed by flash_kernel: see TASK.md."""
    B, H, T, D = q.shape
    q, k, v = q.contiguous(), k.contiguous(), v.contiguous()
    o = torch.empty_like(q)
    block = 16  # tl.dot's smallest tile: quick in the interpreter
    acc_dtype = tl.float64 if q.dtype == torch.float64 else tl.float32
    grid = (triton.cdiv(T, block), B * H)
    flash_kernel[grid](q, k, v, o, T, D ** -0.5, q.stride(1), q.stride(2), D=D, BLOCK_M=block, BLOCK_N=block,
                       CAUSAL=causal, ACC_DTYPE=acc_dtype)
    return o
