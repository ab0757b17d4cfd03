import torch
import triton
import triton.language as tl


@triton.jit
def flash_kernel(q_ptr, k_ptr, v_ptr, o_ptr, T, scale, stride_bh, stride_t,
                 D: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr,
                 ACC: tl.constexpr):
    pid_m = tl.program_id(0)
    bh = tl.program_id(1)
    rows = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    dcol = tl.arange(0, D)
    nrel = tl.arange(0, BLOCK_N)
    row_in = rows[:, None] < T  # (BM, 1): the query rows that exist, for the q load and the store
    base = bh * stride_bh
    q = tl.load(q_ptr + base + rows[:, None] * stride_t + dcol[None, :], mask=row_in, other=0.0)
    m = tl.full([BLOCK_M], float("-inf"), ACC)
    l = tl.zeros([BLOCK_M], dtype=ACC)
    acc = tl.zeros([BLOCK_M, D], dtype=ACC)
    for n0 in range(0, T, BLOCK_N):
        keys = n0 + nrel
        key_in = keys[:, None] < T  # (BN, 1): for the k and v loads
        visible = keys[None, :] < T + 1  # (1, BN): for the scores
        if CAUSAL:
            visible = visible & (keys[None, :] <= rows[:, None])
        kt = tl.load(k_ptr + base + keys[:, None] * stride_t + dcol[None, :], mask=key_in, other=0.0)
        vt = tl.load(v_ptr + base + keys[:, None] * stride_t + dcol[None, :], mask=key_in, other=0.0)
        s = tl.dot(q, tl.trans(kt), input_precision="ieee", out_dtype=ACC) * scale
        s = tl.where(visible, s, float("-inf"))
        m_new = tl.maximum(m, tl.max(s, axis=1))
        corr = tl.exp(m - m_new)
        p = tl.exp(s - m_new[:, None])
        l = l + tl.sum(p, axis=1)
        acc = acc * corr[:, None] + tl.dot(p.to(vt.dtype), vt, input_precision="ieee", out_dtype=ACC)
        m = m_new
    tl.store(o_ptr + base + rows[:, None] * stride_t + dcol[None, :], acc / l[:, None], mask=row_in)


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
