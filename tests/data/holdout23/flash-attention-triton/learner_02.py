import torch
import triton
import triton.language as tl


@triton.jit
def attn_fwd_kernel(Q, K, V, Out, T, scale, stride_bh, stride_t,
                    HEAD_DIM: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr,
                    ACC: tl.constexpr):
    start_m = tl.program_id(0)
    off_bh = tl.program_id(1)
    offs_m = start_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    offs_d = tl.arange(0, HEAD_DIM)
    q_ptrs = Q + off_bh * stride_bh + offs_m[:, None] * stride_t + offs_d[None, :]
    q = tl.load(q_ptrs, mask=offs_m[:, None] < T, other=0.0)
    m_i = tl.zeros([BLOCK_M], dtype=ACC) - float("inf")
    l_i = tl.zeros([BLOCK_M], dtype=ACC)
    acc = tl.zeros([BLOCK_M, HEAD_DIM], dtype=ACC)
    hi = T
    if CAUSAL:
        hi = tl.minimum(start_m * BLOCK_M, T)
    for start_n in range(0, hi, BLOCK_N):
        cols = start_n + offs_n
        k = tl.load(K + off_bh * stride_bh + cols[:, None] * stride_t + offs_d[None, :], mask=cols[:, None] < T, other=0.0)
        v = tl.load(V + off_bh * stride_bh + cols[:, None] * stride_t + offs_d[None, :], mask=cols[:, None] < T, other=0.0)
        qk = tl.dot(q, tl.trans(k), input_precision="ieee").to(ACC) * scale  # exp(x) = exp2(x log2 e)
        qk = tl.where(cols[None, :] < T, qk, float("-inf"))
        if CAUSAL:
            qk = tl.where(offs_m[:, None] >= cols[None, :], qk, float("-inf"))
        m_ij = tl.maximum(m_i, tl.max(qk, 1))
        qk = qk - m_ij[:, None]
        p = tl.math.exp2(qk)
        l_ij = tl.sum(p, 1)
        alpha = tl.math.exp2(m_i - m_ij)
        l_i = l_i * alpha + l_ij
        acc = acc * alpha[:, None]
        acc += tl.dot(p.to(v.dtype), v, input_precision="ieee")
        m_i = m_ij
    acc = acc / l_i[:, None]
    o_ptrs = Out + off_bh * stride_bh + offs_m[:, None] * stride_t + offs_d[None, :]
    tl.store(o_ptrs, acc.to(Out.dtype.element_ty), mask=offs_m[:, None] < T)


def flash_attention(q, k, v, causal=True):
    B, H, T, D = q.shape
    q, k, v = q.contiguous(), k.contiguous(), v.contiguous()
    o = torch.empty_like(q)
    BLOCK_M, BLOCK_N = 16, 16
    acc = tl.float64 if q.dtype == torch.float64 else tl.float32
    grid = (triton.cdiv(T, BLOCK_M), B * H)
    attn_fwd_kernel[grid](q, k, v, o, T, 1.0 / D ** 0.5, q.stride(1), q.stride(2),
                          HEAD_DIM=D, BLOCK_M=BLOCK_M, BLOCK_N=BLOCK_N, CAUSAL=causal, ACC=acc)
    return o
