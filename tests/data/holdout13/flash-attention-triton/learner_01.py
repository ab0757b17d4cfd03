import torch
import triton
import triton.language as tl


@triton.jit
def attn_kernel(Q, K, V, O, T, sm_scale, s_bh, s_t, HD: tl.constexpr,
                BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr, DT: tl.constexpr):
    start_m = tl.program_id(0)
    off_bh = tl.program_id(1)
    offs_m = start_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_d = tl.arange(0, HD)
    Qb = Q + off_bh * s_bh
    Kb = K + off_bh * s_bh
    Vb = V + off_bh * s_bh
    q = tl.load(Qb + offs_m[:, None] * s_t + offs_d[None, :], mask=offs_m[:, None] < T, other=0.0)
    m_i = tl.full((BLOCK_M,), float("-inf"), DT)
    l_i = tl.full((BLOCK_M,), 0.0, DT)
    acc = tl.full((BLOCK_M, HD), 0.0, DT)
    for start_n in range(0, T, BLOCK_N):
        offs_n = start_n + tl.arange(0, BLOCK_N)
        k = tl.load(Kb + offs_n[:, None] * s_t + offs_d[None, :], mask=offs_n[:, None] < T, other=0.0)
        v = tl.load(Vb + offs_n[:, None] * s_t + offs_d[None, :], mask=offs_n[:, None] < T, other=0.0)
        qk = tl.dot(q, tl.trans(k)).to(DT) * sm_scale
        bad = offs_n[None, :] >= T
        if CAUSAL:
            bad = bad | (offs_n[None, :] > offs_m[:, None])
        qk = tl.where(bad, float("-inf"), qk)
        m_ij = tl.maximum(m_i, tl.max(qk, 1))
        p = tl.exp(qk - m_ij[:, None])
        alpha = tl.exp(m_i - m_ij)
        l_i = l_i + tl.sum(p, 1)
        acc = acc * alpha[:, None]
        acc += tl.dot(p.to(v.dtype), v).to(DT)
        m_i = m_ij
    acc = acc / l_i[:, None]
    tl.store(O + off_bh * s_bh + offs_m[:, None] * s_t + offs_d[None, :], acc.to(O.dtype.element_ty),
             mask=offs_m[:, None] < T)


def flash_attention(q, k, v, causal=True):
    B, H, T, D = q.shape
    q, k, v = q.contiguous(), k.contiguous(), v.contiguous()
    o = torch.empty_like(q)
    BLOCK_M, BLOCK_N = 16, 32
    dt = tl.float64 if q.dtype == torch.float64 else tl.float32
    grid = (T // BLOCK_M, B * H)
    attn_kernel[grid](q, k, v, o, T, 1.0 / D ** 0.5, q.stride(1), q.stride(2), HD=D,
                      BLOCK_M=BLOCK_M, BLOCK_N=BLOCK_N, CAUSAL=causal, DT=dt)
    return o
