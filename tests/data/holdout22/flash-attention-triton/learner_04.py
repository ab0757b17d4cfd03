import torch
import triton
import triton.language as tl


@triton.jit
def flash_kernel(q_ptr, k_ptr, v_ptr, o_ptr, T, scale, stride_bh, stride_t,
                 D: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr,
                 IS_FP64: tl.constexpr):
    pid_m = tl.program_id(0)  # which tile of queries
    bh = tl.program_id(1)  # which (batch, head)
    base = bh * stride_bh
    rows = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    dims = tl.arange(0, D)
    row_mask = rows < T
    q = tl.load(q_ptr + base + rows[:, None] * stride_t + dims[None, :], mask=row_mask[:, None], other=0.0)
    acc_ty = tl.float64 if IS_FP64 else tl.float32
    m = tl.full((BLOCK_M,), float("-inf"), dtype=acc_ty)
    l = tl.zeros((BLOCK_M,), dtype=acc_ty)
    acc = tl.zeros((BLOCK_M, D), dtype=acc_ty)
    n_keys = T
    if CAUSAL:
        n_keys = tl.minimum((pid_m + 1) * BLOCK_M, T)
    for start in range(0, n_keys, BLOCK_N):
        cols = start + tl.arange(0, BLOCK_N)
        col_mask = cols < T
        k = tl.load(k_ptr + base + cols[:, None] * stride_t + dims[None, :], mask=col_mask[:, None], other=0.0)
        v = tl.load(v_ptr + base + cols[:, None] * stride_t + dims[None, :], mask=col_mask[:, None], other=0.0)
        s = tl.dot(q, tl.trans(k), input_precision="ieee") * scale
        valid = cols[None, :] <= T
        if CAUSAL:
            valid = valid & (cols[None, :] <= rows[:, None])
        s = tl.where(valid, s, float("-inf"))
        m_new = tl.maximum(m, tl.max(s, axis=1))
        alpha = tl.exp(m - m_new)
        p = tl.exp(s - m_new[:, None])
        l = l + tl.sum(p, axis=1)
        acc = acc * alpha[:, None] + tl.dot(p.to(v.dtype), v, input_precision="ieee")
        m = m_new
    out = acc / l[:, None]
    tl.store(o_ptr + base + rows[:, None] * stride_t + dims[None, :], out.to(o_ptr.dtype.element_ty), mask=row_mask[:, None])


def flash_attention(q, k, v, causal=True):
    """Causal (by default) attention, q, k, v (B, H, T, d), computed by flash_kernel: see TASK.md."""
    B, H, T, D = q.shape
    q, k, v = q.contiguous(), k.contiguous(), v.contiguous()
    o = torch.empty_like(q)
    BLOCK_M = 16
    BLOCK_N = max(16, min(32, triton.next_power_of_2(T)))
    num_warps = 4 if D <= 64 else 8
    scale = 1.0 / D
    grid = (triton.cdiv(T, BLOCK_M), B * H)
    flash_kernel[grid](q, k, v, o, T, scale, q.stride(1), q.stride(2), D=D, BLOCK_M=BLOCK_M, BLOCK_N=BLOCK_N,
                       CAUSAL=causal, IS_FP64=q.dtype == torch.float64, num_warps=num_warps)
    return o
