import torch
import triton
import triton.language as tl


@triton.jit
def flash_kernel(Q, K, V, Out, T, scale, stride_bh, stride_t,
                 D: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr):
    bh = tl.program_id(0)
    pid_m = tl.program_id(1)
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    offs_d = tl.arange(0, D)
    Q += bh * stride_bh
    K += bh * stride_bh
    V += bh * stride_bh
    Out += bh * stride_bh
    q = tl.load(Q + offs_m[:, None] * stride_t + offs_d[None, :], mask=offs_m[:, None] < T, other=0.0)
    q = q * scale
    m_i = tl.full([BLOCK_M], -float("inf"), q.dtype)
    l_i = tl.full([BLOCK_M], 0.0, q.dtype)
    acc = tl.full([BLOCK_M, D], 0.0, q.dtype)
    end = T
    if CAUSAL:
        end = tl.minimum(T, pid_m * BLOCK_M)
    for n in range(0, end, BLOCK_N):
        cur = n + offs_n
        k = tl.load(K + cur[None, :] * stride_t + offs_d[:, None], mask=cur[None, :] < T, other=0.0)
        qk = tl.dot(q, k)
        keep = cur[None, :] < T
        if CAUSAL:
            keep = keep & (offs_m[:, None] >= cur[None, :])
        qk = tl.where(keep, qk, -float("inf"))
        m_ij = tl.maximum(m_i, tl.max(qk, axis=1))
        p = tl.exp(qk - m_ij[:, None])
        corr = tl.exp(m_i - m_ij)
        l_i = l_i * corr + tl.sum(p, axis=1)
        v = tl.load(V + cur[:, None] * stride_t + offs_d[None, :], mask=cur[:, None] < T, other=0.0)
        acc = acc * corr[:, None] + tl.dot(p.to(v.dtype), v)
        m_i = m_ij
    out = acc / l_i[:, None]
    tl.store(Out + offs_m[:, None] * stride_t + offs_d[None, :], out.to(Out.dtype.element_ty), mask=offs_m[:, None] < T)


def flash_attention(q, k, v, causal=True):
    B, H, T, D = q.shape
    q, k, v = q.contiguous(), k.contiguous(), v.contiguous()
    o = torch.empty_like(q)
    BLOCK_M, BLOCK_N = 16, 32
    grid = (B * H, T // BLOCK_M)
    flash_kernel[grid](q, k, v, o, T, D ** -0.5, q.stride(1), q.stride(2), D=D, BLOCK_M=BLOCK_M,
                       BLOCK_N=BLOCK_N, CAUSAL=causal)
    return o
