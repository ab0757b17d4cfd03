import torch
import triton
import triton.language as tl


@triton.jit
def flash_kernel(q_ptr, k_ptr, v_ptr, o_ptr, T, scale, stride_bh, stride_t,
                 D: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr,
                 ACC: tl.constexpr):
    pid_m = tl.program_id(0)
    bh = tl.program_id(1)
    rows = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    dims = tl.arange(0, D)
    base = bh * stride_bh
    q = tl.load(q_ptr + base + rows[:, None] * stride_t + dims[None, :], mask=rows[:, None] < T, other=0.0)
    m_i = tl.full((BLOCK_M,), float("-inf"), ACC)
    l_i = tl.zeros((BLOCK_M,), ACC)
    acc = tl.zeros((BLOCK_M, D), ACC)
    end = T
    if CAUSAL:
        end = tl.minimum(T, (pid_m + 1) * BLOCK_M)  # no key tile past the diagonal
    start = pid_m * BLOCK_M
    while start < end:
        cols = start + tl.arange(0, BLOCK_N)
        kv = base + cols[:, None] * stride_t + dims[None, :]
        k = tl.load(k_ptr + kv, mask=cols[:, None] < T, other=0.0)
        v = tl.load(v_ptr + kv, mask=cols[:, None] < T, other=0.0)
        s = tl.dot(q, tl.trans(k), input_precision="ieee").to(ACC) * scale * 1.4426950408889634
        ok = cols[None, :] < T
        if CAUSAL:
            ok = ok & (rows[:, None] >= cols[None, :])
        s = tl.where(ok, s, float("-inf"))
        m_new = tl.maximum(m_i, tl.max(s, 1))
        corr = tl.exp(m_i - m_new)
        p = tl.exp(s - m_new[:, None])
        l_i = l_i * corr + tl.sum(p, 1)
        acc = acc * corr[:, None] + tl.dot(p.to(v.dtype), v, input_precision="ieee").to(ACC)
        m_i = m_new
        start += BLOCK_N
    out = acc / l_i[:, None]
    tl.store(o_ptr + base + rows[:, None] * stride_t + dims[None, :], out.to(o_ptr.dtype.element_ty),
             mask=rows[:, None] < T)


def flash_attention(q, k, v, causal=True):
    """Causal (by default) attention, q, k, v (B, H, T, d), computed by flash_kernel."""
    B, H, T, D = q.shape
    q, k, v = q.contiguous(), k.contiguous(), v.contiguous()
    o = torch.empty_like(q)
    block = 16
    grid = (triton.cdiv(T, block), B * H)
    flash_kernel[grid](q, k, v, o, T, D ** -0.5, q.stride(1), q.stride(2), D=D, BLOCK_M=block, BLOCK_N=block,
                       CAUSAL=causal, ACC=tl.float64 if q.dtype == torch.float64 else tl.float32)
    return o
