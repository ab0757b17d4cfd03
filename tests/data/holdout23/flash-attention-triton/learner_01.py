import torch
import triton
import triton.language as tl


@triton.jit
def row_max_kernel(q_ptr, k_ptr, m_ptr, T, scale, stride_bh, stride_t,
                   D: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr, ACC: tl.constexpr):
    # pass 1: the max of each query row's scores, over every key tile
    pid_m = tl.program_id(0)
    bh = tl.program_id(1)
    rows = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    dims = tl.arange(0, D)
    q = tl.load(q_ptr + bh * stride_bh + rows[:, None] * stride_t + dims[None, :], mask=rows[:, None] < T, other=0.0)
    m = tl.full((BLOCK_M,), float("-inf"), dtype=ACC)
    for j0 in range(0, T, BLOCK_N):
        keys = j0 + tl.arange(0, BLOCK_N)
        k = tl.load(k_ptr + bh * stride_bh + keys[:, None] * stride_t + dims[None, :], mask=keys[:, None] < T, other=0.0)
        s = tl.dot(q, tl.trans(k), input_precision="ieee").to(ACC) * scale
        ok = keys[None, :] < T
        if CAUSAL:
            ok = ok & (keys[None, :] <= rows[:, None])
        m = tl.maximum(m, tl.max(tl.where(ok, s, float("-inf")), axis=1))
    tl.store(m_ptr + bh * T + rows, m, mask=rows < T)


@triton.jit
def flash_kernel(q_ptr, k_ptr, v_ptr, o_ptr, m_ptr, T, scale, stride_bh, stride_t,
                 D: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr, ACC: tl.constexpr):
    # pass 2: with the row max known, sum exp(s - m) and accumulate exp(s - m) v; divide at the end
    pid_m = tl.program_id(0)
    bh = tl.program_id(1)
    rows = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    dims = tl.arange(0, D)
    q = tl.load(q_ptr + bh * stride_bh + rows[:, None] * stride_t + dims[None, :], mask=rows[:, None] < T, other=0.0)
    m = tl.load(m_ptr + bh * T + rows, mask=rows < T, other=0.0)
    l = tl.zeros((BLOCK_M,), dtype=ACC)
    acc = tl.zeros((BLOCK_M, D), dtype=ACC)
    for j0 in range(0, T, BLOCK_N):
        keys = j0 + tl.arange(0, BLOCK_N)
        k = tl.load(k_ptr + bh * stride_bh + keys[:, None] * stride_t + dims[None, :], mask=keys[:, None] < T, other=0.0)
        v = tl.load(v_ptr + bh * stride_bh + keys[:, None] * stride_t + dims[None, :], mask=keys[:, None] < T, other=0.0)
        s = tl.dot(q, tl.trans(k), input_precision="ieee").to(ACC) * scale
        ok = keys[None, :] < T
        if CAUSAL:
            ok = ok & (keys[None, :] <= rows[:, None])
        p = tl.where(ok, tl.exp(s - m[:, None]), 0.0)
        l += tl.sum(p, axis=0)
        acc += tl.dot(p.to(v.dtype), v, input_precision="ieee")
    out = acc / l[:, None]
    tl.store(o_ptr + bh * stride_bh + rows[:, None] * stride_t + dims[None, :], out.to(o_ptr.dtype.element_ty), mask=rows[:, None] < T)


def flash_attention(q, k, v, causal=True):
    """Attention over (B, H, T, d) in two passes: row maxima first, then sums and outputs."""
    B, H, T, D = q.shape
    q, k, v = q.contiguous(), k.contiguous(), v.contiguous()
    o = torch.empty_like(q)
    acc_t = torch.float64 if q.dtype == torch.float64 else torch.float32
    acc = tl.float64 if q.dtype == torch.float64 else tl.float32
    row_max = torch.empty(B * H, T, dtype=acc_t, device=q.device)
    block = 16
    grid = (triton.cdiv(T, block), B * H)
    row_max_kernel[grid](q, k, row_max, T, D ** -0.5, q.stride(1), q.stride(2), D=D, BLOCK_M=block, BLOCK_N=block,
                         CAUSAL=causal, ACC=acc)
    flash_kernel[grid](q, k, v, o, row_max, T, D ** -0.5, q.stride(1), q.stride(2), D=D, BLOCK_M=block, BLOCK_N=block,
                       CAUSAL=causal, ACC=acc)
    return o
