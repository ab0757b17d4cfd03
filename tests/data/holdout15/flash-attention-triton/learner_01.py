import torch
import triton
import triton.language as tl


@triton.jit
def flash_kernel(Q, K, V, Out, seq_len, n_heads, sm_scale,
                 sqb, sqh, sqt, sqd, skb, skh, skt, skd, svb, svh, svt, svd, sob, soh, sot, sod,
                 HEAD_DIM: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                 IS_CAUSAL: tl.constexpr, ACC_TYPE: tl.constexpr):
    start_m = tl.program_id(0)
    off_bh = tl.program_id(1)
    off_b = off_bh // n_heads
    off_h = off_bh % n_heads
    q_base = Q + off_b * sqb + off_h * sqh
    k_base = K + off_b * skb + off_h * skh
    v_base = V + off_b * svb + off_h * svh
    o_base = Out + off_b * sob + off_h * soh
    offs_m = start_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    offs_d = tl.arange(0, HEAD_DIM)
    q = tl.load(q_base + offs_m[:, None] * sqt + offs_d[None, :] * sqd, mask=offs_m[:, None] < seq_len, other=0.0)
    m_i = tl.zeros([BLOCK_M], dtype=ACC_TYPE) - float("inf")
    l_i = tl.zeros([BLOCK_M], dtype=ACC_TYPE)
    acc = tl.zeros([BLOCK_M, HEAD_DIM], dtype=ACC_TYPE)
    for start_n in range(0, seq_len, BLOCK_N):
        cur_n = start_n + offs_n
        k = tl.load(k_base + cur_n[:, None] * skt + offs_d[None, :] * skd, mask=cur_n[:, None] < seq_len, other=0.0)
        qk = tl.dot(q, tl.trans(k), input_precision="ieee") * sm_scale
        valid = offs_m[:, None] < seq_len
        if IS_CAUSAL:
            valid = valid & (offs_m[:, None] >= cur_n[None, :])
        qk = tl.where(valid, qk, float("-inf"))
        m_ij = tl.maximum(m_i, tl.max(qk, 1))
        p = tl.exp(qk - m_ij[:, None])
        alpha = tl.exp(m_i - m_ij)
        l_i = l_i * alpha + tl.sum(p, 1)
        v = tl.load(v_base + cur_n[:, None] * svt + offs_d[None, :] * svd, mask=cur_n[:, None] < seq_len, other=0.0)
        acc = acc * alpha[:, None]
        acc += tl.dot(p.to(v.dtype), v, input_precision="ieee")
        m_i = m_ij
    acc = acc / l_i[:, None]
    tl.store(o_base + offs_m[:, None] * sot + offs_d[None, :] * sod, acc.to(Out.dtype.element_ty),
             mask=offs_m[:, None] < seq_len)


def flash_attention(q, k, v, causal=True):
    batch, heads, seq_len, head_dim = q.shape
    out = torch.empty_like(q)
    BLOCK_M = 16
    BLOCK_N = 16
    acc_type = tl.float64 if q.dtype == torch.float64 else tl.float32
    grid = (triton.cdiv(seq_len, BLOCK_M), batch * heads)
    flash_kernel[grid](q, k, v, out, seq_len, heads, 1.0 / head_dim ** 0.5,
                       q.stride(0), q.stride(1), q.stride(2), q.stride(3),
                       k.stride(0), k.stride(1), k.stride(2), k.stride(3),
                       v.stride(0), v.stride(1), v.stride(2), v.stride(3),
                       out.stride(0), out.stride(1), out.stride(2), out.stride(3),
                       HEAD_DIM=head_dim, BLOCK_M=BLOCK_M, BLOCK_N=BLOCK_N, IS_CAUSAL=causal, ACC_TYPE=acc_type)
    return out
