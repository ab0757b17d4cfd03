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
    offs_d = tl.arange(0, D)
    off = bh * stride_bh
    q = tl.load(q_ptr + off + rows[:, None] * stride_t + offs_d[None, :], mask=rows[:, None] < T, other=0.0)
    m_i = tl.full((BLOCK_M,), float("-inf"), ACC)
    l_i = tl.zeros((BLOCK_M,), ACC)
    acc = tl.zeros((BLOCK_M, D), ACC)
    hi = tl.minimum((pid_m + 1) * BLOCK_M, T) if CAUSAL else T
    for start in range(0, hi, BLOCK_N):
        cols = start + tl.arange(0, BLOCK_N)
        k = tl.load(k_ptr + off + rows[:, None] * stride_t + offs_d[None, :], mask=rows[:, None] < T, other=0.0)
        v = tl.load(v_ptr + off + cols[:, None] * stride_t + offs_d[None, :], mask=cols[:, None] < T, other=0.0)
        s = tl.dot(q, tl.trans(k), input_precision="ieee").to(ACC)
        keep = cols[None, :] < T
        if CAUSAL:
            keep = keep & (cols[None, :] <= rows[:, None])
        s = tl.where(keep, s, float("-inf"))
        m_new = tl.maximum(m_i, tl.max(s, 1))
        alpha = tl.exp(m_i - m_new)
        p = tl.exp(s - m_new[:, None])
        l_i = l_i * alpha + tl.sum(p, 1)
        acc = acc * alpha[:, None] + tl.dot(p.to(v.dtype), v, input_precision="ieee").to(ACC)
        m_i = m_new
    out = acc / l_i[:, None]
    tl.store(o_ptr + off + rows[:, None] * stride_t + offs_d[None, :], out.to(o_ptr.dtype.element_ty),
             mask=rows[:, None] < T)


def flash_attention(q, k, v, causal=True):
    """Causal (by default) attention, q, k, v (B, H, T, d), computed by flash_kernel."""
    B, H, T, D = q.shape
    q, k, v = q.contiguous(), k.contiguous(), v.contiguous()
    o = torch.empty_like(q)
    grid = lambda META: (triton.cdiv(T, META["BLOCK_M"]), B * H)  # noqa: E731
    acc = tl.float64 if q.dtype == torch.float64 else tl.float32
    flash_kernel[grid](q, k, v, o, T, D ** -0.5, q.stride(1), q.stride(2), D=D, BLOCK_M=16, BLOCK_N=16,
                       CAUSAL=True, ACC=acc)
    return o
