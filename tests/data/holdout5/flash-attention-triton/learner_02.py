import torch
import triton
import triton.language as tl


@triton.jit
def flash_kernel(q_ptr, k_ptr, v_ptr, o_ptr, T, scale, stride_bh, stride_t,
                 D: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr,
                 IS_F64: tl.constexpr):
    start_m = tl.program_id(0)
    off_bh = tl.program_id(1)
    rows = start_m * BLOCK_M + tl.arange(0, BLOCK_M)
    dims = tl.arange(0, D)
    row_ok = rows < T
    q_ptrs = q_ptr + rows[:, None] * stride_t + dims[None, :]
    q = tl.load(q_ptrs, mask=row_ok[:, None], other=0.0)
    if IS_F64:
        q = q.to(tl.float64)
    else:
        q = q.to(tl.float32)
    m = tl.zeros((BLOCK_M,), dtype=q.dtype) - float("inf")
    l = tl.zeros((BLOCK_M,), dtype=q.dtype)
    acc = tl.zeros((BLOCK_M, D), dtype=q.dtype)
    end = T
    if CAUSAL:
        end = tl.minimum(T, (start_m + 1) * BLOCK_M)
    for n0 in range(0, end, BLOCK_N):
        cols = n0 + tl.arange(0, BLOCK_N)
        col_ok = cols < T
        kv_off = off_bh * stride_bh + cols[:, None] * stride_t + dims[None, :]
        k = tl.load(k_ptr + kv_off, mask=col_ok[:, None], other=0.0).to(q.dtype)
        v = tl.load(v_ptr + kv_off, mask=col_ok[:, None], other=0.0).to(q.dtype)
        s = tl.dot(q, tl.trans(k)) * scale
        keep = col_ok[None, :]
        if CAUSAL:
            keep = keep & (cols[None, :] <= rows[:, None])
        s = tl.where(keep, s, float("-inf"))
        m_new = tl.maximum(m, tl.max(s, axis=1))
        corr = tl.exp(m - m_new)
        p = tl.exp(s - m_new[:, None])
        l = l * corr + tl.sum(p, axis=1)
        acc = acc * corr[:, None] + tl.dot(p, v)
        m = m_new
    out = acc / l[:, None]
    o_ptrs = o_ptr + off_bh * stride_bh + rows[:, None] * stride_t + dims[None, :]
    tl.store(o_ptrs, out.to(o_ptr.dtype.element_ty), mask=row_ok[:, None])


def flash_attention(q, k, v, causal=True):
    B, H, T, D = q.shape
    q, k, v = q.contiguous(), k.contiguous(), v.contiguous()
    o = torch.empty_like(q)
    block = 16
    grid = (triton.cdiv(T, block), B * H)
    flash_kernel[grid](q, k, v, o, T, D ** -0.5, q.stride(1), q.stride(2), D=D, BLOCK_M=block, BLOCK_N=block,
                       CAUSAL=causal, IS_F64=(q.dtype == torch.float64))
    return o
