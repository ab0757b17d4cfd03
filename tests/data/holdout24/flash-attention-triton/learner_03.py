import torch
import triton
import triton.language as tl


@triton.jit
def flash_kernel(q_ptr, k_ptr, v_ptr, o_ptr, T, scale, stride_bh, stride_t,
                 D: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr,
                 ACC: tl.constexpr):
    pid_m = tl.program_id(0)
    bh = tl.program_id(1)
    offs_m = pid_m * BLOCK_N + tl.arange(0, BLOCK_M)
    offs_d = tl.arange(0, D)
    row_ok = offs_m < T
    d_ok = offs_d < D
    q_mask = row_ok[:, None] & d_ok[None, :]
    q = tl.load(q_ptr + bh * stride_bh + offs_m[:, None] * stride_t + offs_d[None, :], mask=q_mask, other=0.0)
    m_i = tl.full((BLOCK_M,), float("-inf"), dtype=ACC)
    l_i = tl.zeros((BLOCK_M,), dtype=ACC)
    acc = tl.zeros((BLOCK_M, D), dtype=ACC)
    for start_n in range(0, T, BLOCK_N):
        offs_n = start_n + tl.arange(0, BLOCK_N)
        col_ok = offs_n < T
        kv_mask = col_ok[:, None] & d_ok[None, :]
        k = tl.load(k_ptr + bh * stride_bh + offs_n[:, None] * stride_t + offs_d[None, :], mask=kv_mask, other=0.0)
        v = tl.load(v_ptr + bh * stride_bh + offs_n[:, None] * stride_t + offs_d[None, :], mask=kv_mask, other=0.0)
        s = tl.dot(q, tl.trans(k), input_precision="ieee") * scale
        allowed = row_ok[:, None] & col_ok[None, :]
        if CAUSAL:
            allowed = allowed & (offs_n[None, :] >= offs_m[:, None])
        s = tl.where(allowed, s, float("-inf"))
        m_new = tl.maximum(m_i, tl.max(s, axis=1))
        m_use = tl.where(m_new == float("-inf"), 0.0, m_new)
        alpha = tl.where(m_i == float("-inf"), 0.0, tl.exp(m_i - m_use))
        p = tl.where(allowed, tl.exp(s - m_use[:, None]), 0.0)
        l_i = l_i * alpha + tl.sum(p, axis=1)
        acc = acc * alpha[:, None] + tl.dot(p.to(v.dtype), v, input_precision="ieee")
        m_i = m_new
    out = tl.where(l_i[:, None] > 0, acc / tl.where(l_i[:, None] > 0, l_i[:, None], 1.0), 0.0)
    tl.store(o_ptr + bh * stride_bh + offs_m[:, None] * stride_t + offs_d[None, :], out.to(o_ptr.dtype.element_ty),
             mask=q_mask)


def flash_attention(q, k, v, causal=True):
    """Causal (by default) attention, q, k, v (B, H, T, d), computed by flash_kernel: see TASK.md."""
    B, H, T, D = q.shape
    q, k, v = q.contiguous(), k.contiguous(), v.contiguous()
    o = torch.empty_like(q)
    block_m, block_n = 16, 32
    acc = tl.float64 if q.dtype == torch.float64 else tl.float32
    grid = (triton.cdiv(T, block_m), B * H)
    flash_kernel[grid](q, k, v, o, T, D ** -0.5, q.stride(1), q.stride(2), D=D, BLOCK_M=block_m, BLOCK_N=block_n,
                       CAUSAL=causal, ACC=acc)
    return o
