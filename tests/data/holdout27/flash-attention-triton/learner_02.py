import math

import torch
import triton
import triton.language as tl


@triton.jit
def flash_kernel(q_ptr, k_ptr, v_ptr, o_ptr, T, scale, stride_bh, stride_t,
                 D: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr, ACC: tl.constexpr):
    pid_m = tl.program_id(0)
    bh = tl.program_id(1)
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_d = tl.arange(0, D)
    base = bh * stride_bh
    q = tl.load(q_ptr + base + offs_m[:, None] * stride_t + offs_d[None, :], mask=offs_m[:, None] < T, other=0.0)
    m_i = tl.full((BLOCK_M,), float("-inf"), dtype=ACC)
    l_i = tl.zeros((BLOCK_M,), dtype=ACC)
    acc = tl.zeros((BLOCK_M, D), dtype=ACC)
    if CAUSAL:
        hi = tl.minimum((pid_m + 1) * BLOCK_M, T)
    else:
        hi = T
    for start_n in range(0, hi, BLOCK_N):
        offs_n = start_n + tl.arange(0, BLOCK_N)
        kv_mask = offs_n[:, None] < T
        k = tl.load(k_ptr + base + offs_n[:, None] * stride_t + offs_d[None, :], mask=kv_mask, other=0.0)
        v = tl.load(v_ptr + base + offs_n[:, None] * stride_t + offs_d[None, :], mask=kv_mask, other=0.0)
        s = tl.dot(q, tl.trans(k), input_precision="ieee") * scale
        keep = offs_n[None, :] < T
        if CAUSAL:
            keep = keep & (offs_n[None, :] < offs_m[:, None])
        s = tl.where(keep, s, float("-inf"))
        m_new = tl.maximum(m_i, tl.max(s, axis=1))
        alpha = tl.exp(m_i - m_new)
        p = tl.exp(s - m_new[:, None])
        l_i = l_i * alpha + tl.sum(p, axis=1)
        acc = acc * alpha[:, None] + tl.dot(p.to(v.dtype), v, input_precision="ieee")
        m_i = m_new
    acc = acc / l_i[:, None]
    tl.store(o_ptr + base + offs_m[:, None] * stride_t + offs_d[None, :], acc, mask=offs_m[:, None] < T)


def flash_attention(q, k, v, causal=True):
    """Causal (by default) attention, q, k, v (B, H, T, d), computed by flash_kernel: see TASK.md."""
    assert len(q.shape) == 4 and q.shape == k.shape == v.shape, "q, k, v must all be (B, H, T, d)"
    assert q.dtype == k.dtype == v.dtype, "q, k, v must share a dtype"
    B, H, T, D = q.shape
    assert D >= 16 and (D & (D - 1)) == 0, f"d must be a power of two >= 16, got {D}"
    q, k, v = q.contiguous(), k.contiguous(), v.contiguous()
    assert q.stride() == k.stride() == v.stride(), "q, k, v must share a layout"
    o = torch.empty_like(q)
    acc = tl.float64 if q.dtype == torch.float64 else tl.float32
    scale = 1.0 / D
    grid = lambda META: (triton.cdiv(T, META["BLOCK_M"]), B * H)
    flash_kernel[grid](q, k, v, o, T, scale, q.stride(1), q.stride(2), D=D, BLOCK_M=16, BLOCK_N=16, CAUSAL=causal, ACC=acc)
    return o
