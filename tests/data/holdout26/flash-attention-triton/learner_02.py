import torch
import triton
import triton.language as tl


@triton.jit
def flash_kernel(q_ptr, k_ptr, v_ptr, o_ptr, T, scale, stride_bh, stride_t,
                 D: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr,
                 ACC: tl.constexpr):
    pid_m = tl.program_id(0)
    bh = tl.program_id(1)
    q_rows = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    d_idx = tl.arange(0, D)
    q = tl.load(q_ptr + bh * stride_bh + q_rows[:, None] * stride_t + d_idx[None, :],
                mask=q_rows[:, None] < T, other=0.0)
    m_run = tl.full([BLOCK_M], float("-inf"), ACC)
    l_run = tl.zeros([BLOCK_M], dtype=ACC)
    o_run = tl.zeros([BLOCK_M, D], dtype=ACC)
    for kv0 in range(0, T, BLOCK_N):
        kv_rows = kv0 + tl.arange(0, BLOCK_N)
        k = tl.load(k_ptr + bh * stride_bh + kv_rows[:, None] * stride_t + d_idx[None, :],
                    mask=kv_rows[:, None] < T, other=0.0)
        v = tl.load(v_ptr + bh * stride_bh + kv_rows[:, None] * stride_t + d_idx[None, :],
                    mask=kv_rows[:, None] < T, other=0.0)
        s = tl.dot(q, tl.trans(k), input_precision="ieee", out_dtype=ACC) * scale
        ok = kv_rows[None, :] < T
        if CAUSAL:
            ok = ok & (kv_rows[None, :] <= q_rows[:, None])
        s = tl.where(ok, s, float("-inf"))
        m_next = tl.maximum(m_run, tl.max(s, axis=1))
        rescale = tl.exp(m_run - m_next)
        p = tl.exp(s - m_next[:, None])
        l_run = l_run * rescale + tl.sum(p, axis=1)
        o_run = o_run + tl.dot(p.to(v.dtype), v, input_precision="ieee", out_dtype=ACC)
        m_run = m_next
    tl.store(o_ptr + bh * stride_bh + q_rows[:, None] * stride_t + d_idx[None, :], o_run / l_run[:, None],
             mask=q_rows[:, None] < T)


def flash_attention(q, k, v, causal=True):
    """Causal (by default) attention, q, k, v (B, H, T, d); the tiles are picked here from T."""
    B, H, T, D = q.shape
    q, k, v = q.contiguous(), k.contiguous(), v.contiguous()
    o = torch.empty_like(q)
    block_m = 16
    block_n = max(16, min(32, triton.next_power_of_2(T)))
    acc_t = tl.float64 if q.dtype == torch.float64 else tl.float32
    grid = (triton.cdiv(T, block_n), B * H)
    flash_kernel[grid](q, k, v, o, T, D ** -0.5, q.stride(1), q.stride(2), D=D, BLOCK_M=block_m, BLOCK_N=block_n,
                       CAUSAL=causal, ACC=acc_t, num_warps=4)
    return o
