import torch
import triton
import triton.language as tl

TILE = {"BLOCK_M": 16, "BLOCK_N": 16}
ACCUMULATOR = {torch.float64: tl.float64}


@triton.jit
def flash_kernel(q_ptr, k_ptr, v_ptr, o_ptr, T, scale, stride_bh, stride_t,
                 D: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr,
                 ACC: tl.constexpr):
    pid_m = tl.program_id(0)
    bh = tl.program_id(1)
    rows = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    dims = tl.arange(0, D)
    head = bh * stride_bh
    row_ok = rows < T
    q = tl.load(q_ptr + head + rows[:, None] * stride_t + dims[None, :], mask=row_ok[:, None], other=0.0)
    m_i = tl.full((BLOCK_M,), float("-inf"), dtype=ACC)
    l_i = tl.zeros((BLOCK_M,), dtype=ACC)
    acc = tl.zeros((BLOCK_M, D), dtype=ACC)
    end = T
    if CAUSAL:
        end = tl.minimum((pid_m + 1) * BLOCK_M, T)
    for start in range(0, end, BLOCK_N):
        cols = start + tl.arange(0, BLOCK_N)
        col_ok = cols < T
        k = tl.load(k_ptr + head + cols[:, None] * stride_t + dims[None, :], mask=col_ok[:, None], other=0.0)
        v = tl.load(v_ptr + head + cols[:, None] * stride_t + dims[None, :], mask=col_ok[:, None], other=0.0)
        s = tl.dot(q, tl.trans(k), input_precision="ieee").to(ACC) * scale
        keep = col_ok[None, :]
        if CAUSAL:
            keep = keep & (cols[None, :] <= rows[:, None])
        s = tl.where(keep, s, float("-inf"))
        m_new = tl.maximum(m_i, tl.max(s, axis=1))
        alpha = tl.exp(m_i - m_new)
        p = tl.exp(s - m_new[:, None])
        l_i = l_i * alpha + tl.sum(p, axis=1)
        acc = acc * alpha[:, None] + tl.dot(p.to(v.dtype), v, input_precision="ieee").to(ACC)
        m_i = m_new
    out = acc / l_i[:, None]
    tl.store(o_ptr + head + rows[:, None] * stride_t + dims[None, :], out.to(o_ptr.dtype.element_ty),
             mask=row_ok[:, None])


def flash_attention(q, k, v, causal=True):
    B, H, T, D = q.shape
    q, k, v = q.contiguous(), k.contiguous(), v.contiguous()
    o = torch.empty_like(q)
    grid = (triton.cdiv(T, TILE["BLOCK_M"]), B * H)
    flash_kernel[grid](q, k, v, o, T, D ** -0.5, q.stride(1), q.stride(2), D=D, CAUSAL=causal,
                       ACC=ACCUMULATOR.get(q.dtype, tl.float32), **TILE)
    return o
