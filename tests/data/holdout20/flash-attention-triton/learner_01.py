from functools import reduce

import torch
import triton
import triton.language as tl


@triton.jit
def flash_kernel(q_ptr, k_ptr, v_ptr, o_ptr, T, scale, stride_bh, stride_t,
                 D: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr):
    pid_m = tl.program_id(0)
    bh = tl.program_id(1)
    rows = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    dims = tl.arange(0, D)
    q = tl.load(q_ptr + bh * stride_bh + rows[:, None] * stride_t + dims[None, :], mask=rows[:, None] < T, other=0.0)
    m = tl.full((BLOCK_M,), float("-inf"), tl.float32)
    l = tl.zeros((BLOCK_M,), tl.float32)
    acc = tl.zeros((BLOCK_M, D), tl.float32)
    for n0 in range(0, T, BLOCK_N):
        cols = n0 + tl.arange(0, BLOCK_N)
        kv_off = bh * stride_bh + cols[:, None] * stride_t + dims[None, :]
        k = tl.load(k_ptr + kv_off, mask=cols[:, None] < T, other=0.0)
        v = tl.load(v_ptr + kv_off, mask=cols[:, None] < T, other=0.0)
        s = tl.dot(q, tl.trans(k), input_precision="ieee") * scale
        ok = cols[None, :] < T
        if CAUSAL:
            ok = ok & (cols[None, :] >= rows[:, None])
        s = tl.where(ok, s, float("-inf"))
        m_new = tl.maximum(m, tl.max(s, axis=1))
        r = tl.exp(m - m_new)
        p = tl.exp(s - m_new[:, None])
        l = l * r + tl.sum(p, axis=1)
        acc = acc * r[:, None] + tl.dot(p.to(v.dtype), v, input_precision="ieee")
        m = m_new
    out = (acc / l[:, None]).to(o_ptr.dtype.element_ty)
    tl.store(o_ptr + bh * stride_bh + rows[:, None] * stride_t + dims[None, :], out, mask=rows[:, None] < T)


def flash_attention(q, k, v, causal=True):
    B, H, T, D = q.shape
    q, k, v = map(lambda t: t.contiguous(), (q, k, v))
    o = torch.empty_like(q)
    block = 16
    grid = (triton.cdiv(T, block), B * H)
    stride_bh, stride_t = reduce(lambda acc, i: acc + (q.stride(i),), (2, 3), ())
    flash_kernel[grid](q, k, v, o, T, D ** -0.5, stride_bh, stride_t, D=D, BLOCK_M=block, BLOCK_N=block, CAUSAL=causal)
    return o
