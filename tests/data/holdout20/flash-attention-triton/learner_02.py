import torch
import triton
import triton.language as tl


@triton.jit
def flash_kernel(q_ptr, k_ptr, v_ptr, o_ptr, T, H, scale,
                 sqb, sqh, sqt, sqd, skb, skh, skt, skd, svb, svh, svt, svd, sob, soh, sot, sod,
                 D: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr):
    pid_m = tl.program_id(0)
    bh = tl.program_id(1)
    b = bh // H
    h = bh % H
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    offs_d = tl.arange(0, D)
    q = tl.load(q_ptr + b * sqb + h * sqh + offs_m[:, None] * sqt + offs_d[None, :] * sqd,
                mask=offs_m[:, None] < T, other=0.0)
    m_i = tl.zeros((BLOCK_M,), dtype=tl.float32) - float("inf")
    l_i = tl.zeros((BLOCK_M,), dtype=tl.float32)
    acc = tl.zeros((BLOCK_M, D), dtype=tl.float32)
    for start in range(0, T, BLOCK_N):
        n = start + offs_n
        kt = tl.load(k_ptr + b * skb + h * skh + n[None, :] * skt + offs_d[:, None] * skd, mask=n[None, :] < T, other=0.0)
        v = tl.load(v_ptr + b * svb + h * svh + n[:, None] * svt + offs_d[None, :] * svd, mask=n[:, None] < T, other=0.0)
        s = tl.dot(q, kt, input_precision="ieee") * scale
        keep = n[None, :] < T
        if CAUSAL:
            keep = keep & (offs_m[:, None] >= n[None, :])
        s = tl.where(keep, s, float("-inf"))
        m_new = tl.maximum(m_i, tl.max(s, axis=1))
        corr = tl.exp(m_i - m_new)
        p = tl.exp(s - m_new[:, None])
        l_i = l_i * corr + tl.sum(p, axis=1)
        acc = acc * corr[:, None] + tl.dot(p.to(v.dtype), v, input_precision="ieee")
        m_i = m_new
    acc = acc / l_i[:, None]
    tl.store(o_ptr + b * sob + h * soh + offs_m[:, None] * sot + offs_d[None, :] * sod, acc.to(o_ptr.dtype.element_ty),
             mask=offs_m[:, None] < T)


def _meta(D, causal):
    return {"D": D, "BLOCK_M": 16, "BLOCK_N": 16, "CAUSAL": causal}


def flash_attention(q, k, v, causal=True):
    B, H, T, D = q.shape
    o = torch.empty_like(q)
    meta = _meta(D, causal)
    strides = [*q.stride(), *k.stride(), *v.stride(), *o.stride()]
    grid = lambda meta: (triton.cdiv(T, meta["BLOCK_M"]), B)
    flash_kernel[grid](q, k, v, o, T, H, T ** -0.5, *strides, **meta)
    return o
