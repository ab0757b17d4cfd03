import torch
import triton
import triton.language as tl


@triton.jit
def flash_kernel(q_ptr, k_ptr, v_ptr, acc_ptr, l_ptr, T, scale, stride_bh, stride_t,
                 D: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr):
    # writes the unnormalised output and the row sums; the epilogue kernel divides
    pid_m = tl.program_id(0)
    bh = tl.program_id(1)
    rows = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    offs_d = tl.arange(0, D)
    base = bh * stride_bh
    acc_ty = acc_ptr.dtype.element_ty
    q = tl.load(q_ptr + base + rows[:, None] * stride_t + offs_d[None, :], mask=rows[:, None] < T, other=0.0)
    m_i = tl.full((BLOCK_M,), -float("inf"), acc_ty)
    l_i = tl.zeros((BLOCK_M,), acc_ty)
    acc = tl.zeros((BLOCK_M, D), acc_ty)
    if CAUSAL:
        hi = tl.minimum((pid_m + 1) * BLOCK_M, T)
    else:
        hi = T
    for n0 in range(0, hi, BLOCK_N):
        cols = n0 + offs_n
        k = tl.load(k_ptr + base + cols[:, None] * stride_t + offs_d[None, :], mask=cols[:, None] < T, other=0.0)
        v = tl.load(v_ptr + base + cols[:, None] * stride_t + offs_d[None, :], mask=cols[:, None] < T, other=0.0)
        s = tl.dot(q, tl.trans(k), input_precision="ieee") * scale
        keep = cols[None, :] < T
        if CAUSAL:
            keep = keep & (cols[None, :] <= rows[:, None])
        s = tl.where(keep, s, -float("inf"))
        m_new = tl.maximum(m_i, tl.max(s, 1))
        alpha = tl.exp(m_i - m_new)
        p = tl.exp(s - m_new[:, None])
        l_i = l_i * alpha + tl.sum(p, 0)
        acc = acc * alpha[:, None] + tl.dot(p.to(v.dtype), v, input_precision="ieee")
        m_i = m_new
    tl.store(acc_ptr + base + rows[:, None] * stride_t + offs_d[None, :], acc, mask=rows[:, None] < T)
    tl.store(l_ptr + bh * T + rows, l_i, mask=rows < T)


@triton.jit
def normalise_kernel(acc_ptr, l_ptr, o_ptr, T, stride_bh, stride_t, D: tl.constexpr, BLOCK_M: tl.constexpr):
    pid_m = tl.program_id(0)
    bh = tl.program_id(1)
    rows = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_d = tl.arange(0, D)
    ptrs = bh * stride_bh + rows[:, None] * stride_t + offs_d[None, :]
    acc = tl.load(acc_ptr + ptrs, mask=rows[:, None] < T, other=0.0)
    l = tl.load(l_ptr + rows, mask=rows < T, other=1.0)
    tl.store(o_ptr + ptrs, (acc / l[:, None]).to(o_ptr.dtype.element_ty), mask=rows[:, None] < T)


def flash_attention(q, k, v, causal=True):
    """Causal (by default) attention, q, k, v (B, H, T, d): a flash kernel, then a normalising epilogue."""
    B, H, T, D = q.shape
    q, k, v = q.contiguous(), k.contiguous(), v.contiguous()
    o = torch.empty_like(q)
    acc_dtype = torch.float64 if q.dtype == torch.float64 else torch.float32
    acc = torch.empty((B, H, T, D), dtype=acc_dtype, device=q.device)
    l = torch.empty((B * H * T,), dtype=acc_dtype, device=q.device)
    block = 16
    grid = (triton.cdiv(T, block), B * H)
    flash_kernel[grid](q, k, v, acc, l, T, D ** -0.5, q.stride(1), q.stride(2), D=D, BLOCK_M=block, BLOCK_N=block,
                       CAUSAL=causal)
    normalise_kernel[grid](acc, l, o, T, q.stride(1), q.stride(2), D=D, BLOCK_M=block)
    return o
