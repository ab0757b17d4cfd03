import torch
import triton
import triton.language as tl


@triton.jit
def flash_kernel(q_ptr, k_ptr, v_ptr, o_ptr, T, scale, stride_bh, stride_t,
                 D: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr,
                 ACC: tl.constexpr):
    bh = tl.program_id(1)
    n_tiles = tl.cdiv(T, BLOCK_M)
    offs_d = tl.arange(0, D)
    q_base = q_ptr + bh * stride_bh
    k_base = k_ptr + bh * stride_bh
    v_base = v_ptr + bh * stride_bh
    o_base = o_ptr + bh * stride_bh
    for tile in range(tl.program_id(0), n_tiles - 1, tl.num_programs(0)):     # persistent: stride over query tiles
        rows = tile * BLOCK_M + tl.arange(0, BLOCK_M)
        q = tl.load(q_base + rows[:, None] * stride_t + offs_d[None, :], mask=rows[:, None] < T, other=0.0)
        m = tl.full((BLOCK_M,), float("-inf"), dtype=ACC)
        l = tl.zeros((BLOCK_M,), dtype=ACC)
        acc = tl.zeros((BLOCK_M, D), dtype=ACC)
        for start in range(0, T, BLOCK_N):
            keys = start + tl.arange(0, BLOCK_N)
            kt = tl.load(k_base + keys[:, None] * stride_t + offs_d[None, :], mask=keys[:, None] < T, other=0.0)
            vt = tl.load(v_base + keys[:, None] * stride_t + offs_d[None, :], mask=keys[:, None] < T, other=0.0)
            s = tl.dot(q, tl.trans(kt), input_precision="ieee") * scale
            s = tl.where(keys[None, :] < T, s, 0.0)
            if CAUSAL:
                s = tl.where(keys[None, :] <= rows[:, None], s, float("-inf"))
            m_new = tl.maximum(m, tl.max(s, axis=1))
            corr = tl.exp(m - m_new)
            p = tl.exp(s - m_new[:, None])
            l = l * corr + tl.sum(p, axis=1)
            acc = acc * corr[:, None] + tl.dot(p.to(vt.dtype), vt, input_precision="ieee")
            m = m_new
        tl.store(o_base + rows[:, None] * stride_t + offs_d[None, :], (acc / l[:, None]).to(o_ptr.dtype.element_ty),
                 mask=rows[:, None] < T)


def flash_attention(q, k, v, causal=True):
    """Causal (by default) attention, q, k, v (B, H, T, d), computed by flash_kernel: see TASK.md."""
    B, H, T, D = q.shape
    q, k, v = q.contiguous(), k.contiguous(), v.contiguous()
    o = torch.empty_like(q)
    block = 16
    acc = tl.float64 if q.dtype == torch.float64 else tl.float32
    grid = (min(triton.cdiv(T, block), 2), B * H)            # two persistent programs per (batch, head)
    flash_kernel[grid](q, k, v, o, T, D ** -0.5, q.stride(1), q.stride(2), D=D, BLOCK_M=block, BLOCK_N=block,
                       CAUSAL=causal, ACC=acc)
    return o
