import torch
import triton
import triton.language as tl


@triton.jit
def flash_kernel(q_ptr, k_ptr, v_ptr, o_ptr, T, scale, stride_bh, stride_t,
                 D: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr,
                 ACC: tl.constexpr):
    pid_m = tl.program_id(0)
    bh = tl.program_id(1)
    m_start = pid_m * BLOCK_M
    qi = m_start + tl.arange(0, BLOCK_M)
    dd = tl.arange(0, D)
    head = bh * stride_bh
    q = tl.load(q_ptr + head + qi[:, None] * stride_t + dd[None, :], mask=qi[:, None] < T, other=0.0)
    if CAUSAL:
        n_end = tl.minimum(T, m_start + BLOCK_M - 1)  # key chunks past this tile's last query are all hidden
    else:
        n_end = T
    n_chunks = tl.cdiv(n_end, BLOCK_N)
    m_i = tl.full([BLOCK_M], float("-inf"), ACC)
    l_i = tl.zeros([BLOCK_M], dtype=ACC)
    acc = tl.zeros([BLOCK_M, D], dtype=ACC)
    for c in range(0, n_chunks):
        n_start = c * BLOCK_N
        kj = n_start + tl.arange(0, BLOCK_N)
        k = tl.load(k_ptr + head + kj[:, None] * stride_t + dd[None, :], mask=kj[:, None] < T, other=0.0)
        v = tl.load(v_ptr + head + kj[:, None] * stride_t + dd[None, :], mask=kj[:, None] < T, other=0.0)
        s = tl.dot(q, tl.trans(k), input_precision="ieee", out_dtype=ACC)
        live = kj[None, :] < n_end
        if CAUSAL:
            live = live & (kj[None, :] <= qi[:, None])
        s = tl.where(live, s, float("-inf"))
        m_new = tl.maximum(m_i, tl.max(s, axis=1))
        alpha = tl.exp(m_i - m_new)
        p = tl.exp(s - m_new[:, None])
        l_i = alpha * l_i + tl.sum(p, axis=1)
        acc = alpha[:, None] * acc + tl.dot(p.to(v.dtype), v, input_precision="ieee", out_dtype=ACC)
        m_i = tl.max(s, axis=1)
    out = acc / l_i[:, None]
    tl.store(o_ptr + head + qi[:, None] * stride_t + dd[None, :], out, mask=qi[:, None] < T)


def flash_attention(q, k, v, causal=True):
    """Causal (by default) attention, q, k, v (B, H, T, d), computed by flash_kernel chunk by chunk."""
    B, H, T, D = q.shape
    q, k, v = q.contiguous(), k.contiguous(), v.contiguous()
    o = torch.empty_like(q)
    block = 16
    acc = tl.float64 if q.dtype == torch.float64 else tl.float32
    grid = (triton.cdiv(T, block), B * H)
    flash_kernel[grid](q, k, v, o, T, D ** -0.5, q.stride(1), q.stride(2), D=D, BLOCK_M=block, BLOCK_N=block,
                       CAUSAL=causal, ACC=acc)
    return o
