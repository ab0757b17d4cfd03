import torch
import triton
import triton.language as tl


@triton.jit
def flash_kernel(q_ptr, k_ptr, v_ptr, o_ptr, T, scale, stride_bh, stride_t, n_m_tiles,
                 D: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr, ACC: tl.constexpr):
    pid = tl.program_id(0)
    bh = pid // n_m_tiles  # one flat id per (batch * head, query tile)
    pid_m = pid % n_m_tiles
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_d = tl.arange(0, D)
    base = bh * stride_bh
    row_ok = offs_m[:, None] < T
    q = tl.load(q_ptr + base + offs_m[:, None] * stride_t + offs_d[None, :], mask=row_ok, other=0.0)
    m_i = tl.full((BLOCK_M,), float("-inf"), dtype=ACC)
    l_i = tl.zeros((BLOCK_M,), dtype=ACC)
    acc = tl.zeros((BLOCK_M, D), dtype=ACC)
    if CAUSAL:
        n_end = tl.minimum((pid_m + 1) * BLOCK_M, T)
    else:
        n_end = T
    for start_n in range(0, n_end, BLOCK_N):
        offs_n = start_n + tl.arange(0, BLOCK_N)
        k = tl.load(k_ptr + base + offs_n[:, None] * stride_t + offs_d[None, :], mask=offs_n[:, None] < T, other=0.0)
        v = tl.load(v_ptr + base + offs_n[:, None] * stride_t + offs_d[None, :], mask=offs_n[:, None] < T, other=0.0)
        s = tl.dot(q, tl.trans(k), input_precision="ieee") * scale
        ok = offs_n[None, :] < T
        if CAUSAL:
            ok = ok & (offs_n[:, None] <= offs_m[None, :])
        s = tl.where(ok, s, float("-inf"))
        m_new = tl.maximum(m_i, tl.max(s, axis=1))
        alpha = tl.exp(m_i - m_new)
        p = tl.exp(s - m_new[:, None])
        l_i = l_i * alpha + tl.sum(p, axis=1)
        acc = acc * alpha[:, None] + tl.dot(p.to(v.dtype), v, input_precision="ieee")
        m_i = m_new
    tl.store(o_ptr + base + offs_m[:, None] * stride_t + offs_d[None, :], acc / l_i[:, None], mask=row_ok)


def flash_attention(q, k, v, causal=True):
    """Causal (by default) attention, q, k, v (B, H, T, d), computed by flash_kernel: see TASK.md."""
    B, H, T, D = q.shape
    q, k, v = q.contiguous(), k.contiguous(), v.contiguous()
    o = torch.empty_like(q)
    block = 16
    n_m = triton.cdiv(T, block)
    grid = (n_m * B,)
    acc = tl.float64 if q.dtype == torch.float64 else tl.float32
    flash_kernel[grid](q, k, v, o, T, T ** -0.5, q.stride(1), q.stride(2), n_m, D=D, BLOCK_M=block, BLOCK_N=block,
                       CAUSAL=causal, ACC=acc)
    return o
