import math
import torch
import triton
import triton.language as tl


@triton.jit
def attn_kernel(Q, K, V, O, T, sm_scale, stride_z, stride_t,
                D: tl.constexpr, BM: tl.constexpr, BN: tl.constexpr, CAUSAL: tl.constexpr, ACC_T: tl.constexpr):
    z = tl.program_id(0)
    tile = tl.program_id(1)
    rows = tile * BM + tl.arange(0, BM)
    dims = tl.arange(0, D)
    Q += z * stride_z
    K += z * stride_z
    V += z * stride_z
    O += z * stride_z
    q = tl.load(Q + rows[:, None] * stride_t + dims[None, :], mask=rows[:, None] < T, other=0.0)
    m_i = tl.full([BM], float("-inf"), ACC_T)
    l_i = tl.full([BM], 0.0, ACC_T)
    acc = tl.full([BM, D], 0.0, ACC_T)
    for n0 in range(0, T, BN):
        cols = n0 + tl.arange(0, BN)
        k = tl.load(K + cols[:, None] * stride_t + dims[None, :], mask=cols[:, None] < T, other=0.0)
        v = tl.load(V + cols[:, None] * stride_t + dims[None, :], mask=cols[:, None] < T, other=0.0)
        s = tl.dot(q, tl.trans(k)) * sm_scale
        valid = cols[None, :] <= T
        if CAUSAL:
            valid = valid & (rows[:, None] >= cols[None, :])
        s = tl.where(valid, s, float("-inf"))
        m_new = tl.maximum(m_i, tl.max(s, 1))
        m_safe = tl.where(m_new == float("-inf"), 0.0, m_new)
        alpha = tl.exp(m_safe - m_i)
        p = tl.exp(s - m_safe[:, None])
        l_i = alpha * l_i + tl.sum(p, 1)
        acc = alpha[:, None] * acc + tl.dot(p.to(v.dtype), v)
        m_i = m_new
    out = acc / l_i[:, None]
    tl.store(O + rows[:, None] * stride_t + dims[None, :], out.to(O.dtype.element_ty), mask=rows[:, None] < T)


def flash_attention(q, k, v, causal=True):
    B, H, T, D = q.shape
    q = q.contiguous()
    k = k.contiguous()
    v = v.contiguous()
    o = torch.empty_like(q)
    BM, BN = 16, 16
    acc_t = tl.float64 if q.dtype == torch.float64 else tl.float32
    attn_kernel[(B * H, triton.cdiv(T, BM))](q, k, v, o, T, 1.0 / math.sqrt(D), T * D, D,
                                              D=D, BM=BM, BN=BN, CAUSAL=causal, ACC_T=acc_t)
    return o
