import torch
import triton
import triton.language as tl


@triton.jit
def flash_kernel(q_ptr, k_ptr, v_ptr, o_ptr, T, scale, stride_bh, stride_t,
                 D: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr, ACC: tl.constexpr):
    pid_m = tl.program_id(0)
    bh = tl.program_id(1)
    rm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    rd = tl.arange(0, D)
    head = bh * stride_bh
    q = tl.load(q_ptr + head + rm[:, None] * stride_t + rd[None, :], mask=rm[:, None] < T, other=0.0)
    m = tl.full((BLOCK_M,), float("-inf"), dtype=ACC)
    l = tl.zeros((BLOCK_M,), dtype=ACC)
    acc = tl.zeros((BLOCK_M, D), dtype=ACC)
    for n0 in range(0, T, BLOCK_N):
        rn = n0 + tl.arange(0, BLOCK_N)
        kv_mask = rn[:, None] < T
        k = tl.load(k_ptr + head + rn[:, None] * stride_t + rd[None, :], mask=kv_mask, other=0.0)
        v = tl.load(v_ptr + head + rn[:, None] * stride_t + rd[None, :], mask=kv_mask, other=0.0)
        s = tl.dot(q, tl.trans(k), input_precision="ieee").to(ACC) * scale
        visible = rn[None, :] < T
        if CAUSAL:
            visible = visible & (rn[None, :] <= rm[:, None])
        s = tl.where(visible, s, float("-inf"))
        m_new = tl.maximum(m, tl.max(s, axis=1))
        corr = tl.exp(m - m_new)
        p = tl.exp(s - m_new[:, None])
        l = l * corr + tl.sum(p, axis=1)
        acc = acc * corr[:, None] + tl.dot(p.to(v.dtype), v, input_precision="ieee")
        m = m_new
    tl.store(o_ptr + head + rm[:, None] * stride_t + rd[None, :], (acc / l[:, None]).to(o_ptr.dtype.element_ty),
             mask=rm[:, None] < T)


def flash_attention(q, k, v, causal=True):
    """Causal (by default) attention, q, k, v (B, H, T, d), computed by flash_kernel: see TASK.md."""
    assert q.dim() == 4, "q, k, v must be (B, H, T, d)"
    assert q.shape == k.shape == v.shape, "q, k and v must share one shape here"
    assert q.dtype == k.dtype == v.dtype, "q, k and v must share a dtype"
    B, H, T, D = q.shape
    assert D >= 16 and (D & (D - 1)) == 0, "d must be a power of two of at least 16 (tl.dot)"
    q, k, v = q.contiguous(), k.contiguous(), v.contiguous()
    assert q.stride() == k.stride() == v.stride(), "packed tensors share their strides"
    o = torch.empty_like(q)
    assert o.stride() == q.stride()
    block = 16
    acc = tl.float64 if q.dtype == torch.float64 else tl.float32
    grid = (triton.cdiv(T, block), B * H)
    flash_kernel[grid](q, k, v, o, T, 1.0 / D, q.stride(1), q.stride(2),
                       D=D, BLOCK_M=block, BLOCK_N=block, CAUSAL=True, ACC=acc)
    return o
