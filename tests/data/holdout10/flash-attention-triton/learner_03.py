import torch
import triton
import triton.language as tl


@triton.jit
def flash_kernel(q_ptr, k_ptr, v_ptr, o_ptr, T, scale, stride_bh, stride_t,
                 D: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr):
    start_m = tl.program_id(0)
    off_bh = tl.program_id(1)
    qo_base = off_bh * stride_bh
    offs_m = start_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    offs_d = tl.arange(0, D)
    q = tl.load(q_ptr + qo_base + offs_m[:, None] * stride_t + offs_d[None, :], mask=offs_m[:, None] < T, other=0.0)
    m_i = tl.full([BLOCK_M], float("-inf"), dtype=tl.float32)
    l_i = tl.full([BLOCK_M], 0.0, dtype=tl.float32)
    acc = tl.zeros([BLOCK_M, D], dtype=tl.float32)
    # causal: no key tile past this query tile's last row is needed
    hi = tl.minimum(start_m * BLOCK_M, T) if CAUSAL else T
    for start_n in range(0, hi, BLOCK_N):
        n_idx = start_n + offs_n
        kmask = n_idx[:, None] < T
        k = tl.load(k_ptr + qo_base + n_idx[:, None] * stride_t + offs_d[None, :], mask=kmask, other=0.0)
        v = tl.load(v_ptr + qo_base + n_idx[:, None] * stride_t + offs_d[None, :], mask=kmask, other=0.0)
        qk = tl.dot(q, tl.trans(k)) * scale
        qk = tl.where(n_idx[None, :] < T, qk, float("-inf"))
        if CAUSAL:
            qk = tl.where(offs_m[:, None] >= n_idx[None, :], qk, float("-inf"))
        m_ij = tl.maximum(m_i, tl.max(qk, 1))
        p = tl.exp(qk - m_ij[:, None])
        alpha = tl.exp(m_i - m_ij)
        l_i = l_i * alpha + tl.sum(p, 1)
        acc = acc * alpha[:, None]
        acc += tl.dot(p.to(v.dtype), v)
        m_i = m_ij
    acc = acc / l_i[:, None]
    tl.store(o_ptr + qo_base + offs_m[:, None] * stride_t + offs_d[None, :], acc.to(o_ptr.dtype.element_ty),
             mask=offs_m[:, None] < T)


def flash_attention(q, k, v, causal=True):
    B, H, T, D = q.shape
    q, k, v = q.contiguous(), k.contiguous(), v.contiguous()
    o = torch.empty_like(q)
    block = 16
    grid = (triton.cdiv(T, block), B * H)
    flash_kernel[grid](q, k, v, o, T, T ** -0.5, q.stride(1), q.stride(2), D=D, BLOCK_M=block, BLOCK_N=block,
                       CAUSAL=causal)
    return o
