import torch
import triton
import triton.language as tl


@triton.jit
def flash_kernel(q_ptr, k_ptr, v_ptr, o_ptr, T, scale, stride_bh, stride_t,
                 D: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr,
                 ACC: tl.constexpr):
    pid_m = tl.program_id(0)
    bh = tl.program_id(1)
    i = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    d = tl.arange(0, D)
    q = tl.load(q_ptr + bh * stride_bh + i[:, None] * stride_t + d[None, :], mask=i[:, None] < T, other=0.0)
    m = tl.full((BLOCK_M,), float("-inf"), ACC)
    l = tl.zeros((BLOCK_M,), ACC)
    acc = tl.zeros((BLOCK_M, D), ACC)
    for n0 in range(0, T, BLOCK_N):
        j = n0 + tl.arange(0, BLOCK_N)
        kv_off = bh * stride_bh + j[:, None] * stride_t + d[None, :]
        # padded keys and values read 0.0; the additive bias then gives the padded keys -inf
        k = tl.load(k_ptr + kv_off, mask=j[:, None] < T, other=0.0)
        v = tl.load(v_ptr + kv_off, mask=j[:, None] < T, other=0.0)
        bias = tl.where(j < T, 0.0, -1.0)[None, :]
        if CAUSAL:
            bias = bias + tl.where(j[None, :] <= i[:, None], 0.0, float("-inf"))
        s = tl.dot(q, tl.trans(k), input_precision="ieee").to(ACC) * scale + bias
        m_new = tl.maximum(m, tl.max(s, 1))
        r = tl.exp(m - m_new)
        p = tl.exp(s - m_new[:, None])
        l = l * r + tl.sum(p, 1)
        acc = acc * r[:, None] + tl.dot(p.to(v.dtype), v, input_precision="ieee").to(ACC)
        m = m_new
    o = acc / tl.sum(l, 0)
    tl.store(o_ptr + bh * stride_bh + i[:, None] * stride_t + d[None, :], o.to(o_ptr.dtype.element_ty),
             mask=i[:, None] < T)


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
