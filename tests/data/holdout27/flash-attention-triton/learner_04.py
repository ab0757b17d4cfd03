import torch
import triton
import triton.language as tl


@triton.jit
def flash_kernel(q_ptr, k_ptr, v_ptr, o_ptr, T, H, scale,
                 sqb, sqh, sqt, sqd, skb, skh, skt, skd, svb, svh, svt, svd, sob, soh, sot, sod,
                 D: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr, ACC: tl.constexpr):
    pid_m = tl.program_id(0)
    bh = tl.program_id(1)
    b = bh // H
    h = bh % H
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_d = tl.arange(0, D)
    q = tl.load(q_ptr + b * sqb + h * sqh + offs_m[:, None] * sqt + offs_d[None, :] * sqd, mask=offs_m[:, None] < T, other=0.0)
    m_i = tl.full((BLOCK_M,), float("-inf"), dtype=ACC)
    l_i = tl.zeros((BLOCK_M,), dtype=ACC)
    acc = tl.zeros((BLOCK_M, D), dtype=ACC)
    if CAUSAL:
        hi = tl.minimum((pid_m + 1) * BLOCK_M, T)
    else:
        hi = T
    for start_n in range(0, hi, BLOCK_N):
        offs_n = start_n + tl.arange(0, BLOCK_N)
        kv_rows = offs_n[:, None] < T
        k = tl.load(k_ptr + b * skb + h * skh + offs_n[:, None] * skt + offs_d[None, :] * skd, mask=kv_rows, other=0.0)
        v = tl.load(v_ptr + b * svb + h * svh + offs_n[:, None] * svt + offs_d[None, :] * svd, mask=kv_rows, other=0.0)
        s = tl.dot(q, tl.trans(k), input_precision="ieee") * scale
        valid = offs_n[None, :] <= T
        if CAUSAL:
            valid = valid & (offs_n[None, :] <= offs_m[:, None])
        s = tl.where(valid, s, float("-inf"))
        m_new = tl.maximum(m_i, tl.max(s, axis=1))
        alpha = tl.exp(m_i - m_new)
        p = tl.exp(s - m_new[:, None])
        l_i = l_i * alpha + tl.sum(p, axis=0)
        acc = acc * alpha[:, None] + tl.dot(p.to(v.dtype), v, input_precision="ieee")
        m_i = m_new
    acc = acc / l_i[:, None]
    tl.store(o_ptr + b * sob + h * soh + offs_m[:, None] * sot + offs_d[None, :] * sod, acc, mask=offs_m[:, None] < T)


def flash_attention(q, k, v, causal=True):
    """Causal (by default) attention, q, k, v (B, H, T, d), computed by flash_kernel: see TASK.md."""
    B, H, T, D = q.shape
    o = torch.empty_like(q)
    grid = (triton.cdiv(T, 16), B * H)
    acc = tl.float64 if q.dtype == torch.float64 else tl.float32
    flash_kernel[grid](q, k, v, o, T, H, D ** -0.5, *q.stride(), *k.stride(), *v.stride(), *o.stride(),
                       D=D, BLOCK_M=16, BLOCK_N=16, CAUSAL=causal, ACC=acc)
    return o
