import torch
import triton
import triton.language as tl


@triton.jit
def flash_kernel(Q_ptr, K_ptr, V_ptr, O_ptr, T, scale, stride_bh, stride_t,
                 D: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr):
    pid_m = tl.program_id(0)
    bh = tl.program_id(1)
    rm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = tl.arange(0, BLOCK_N)
    rd = tl.arange(0, D)
    base = bh * stride_bh
    q = tl.load(Q_ptr + base + rm[:, None] * stride_t + rd[None, :], mask=rm[:, None] < T, other=0.0)
    m_i = tl.full((BLOCK_M,), float("-inf"), dtype=tl.float32)
    l_i = tl.zeros((BLOCK_M,), dtype=tl.float32)
    acc = tl.zeros((BLOCK_M, D), dtype=tl.float32)
    hi = tl.minimum(T, pid_m * BLOCK_M) if CAUSAL else T
    for start_n in range(0, hi, BLOCK_N):
        cols = start_n + rn
        k = tl.load(K_ptr + base + cols[:, None] * stride_t + rd[None, :], mask=cols[:, None] < T, other=0.0)
        v = tl.load(V_ptr + base + cols[:, None] * stride_t + rd[None, :], mask=cols[:, None] < T, other=0.0)
        s = tl.dot(q, tl.trans(k), input_precision="ieee") * scale
        valid = cols[None, :] < T
        if CAUSAL:
            valid = valid & (cols[None, :] <= rm[:, None])
        s = tl.where(valid, s, 0.0)
        m_new = tl.maximum(m_i, tl.max(s, axis=1))
        alpha = tl.exp(m_i - m_new)
        p = tl.exp(s - m_new[:, None])
        l_i = l_i * alpha + tl.sum(p, axis=1)
        acc = acc * alpha[:, None] + tl.dot(p.to(v.dtype), v, input_precision="ieee")
        m_i = m_new
    out = acc / l_i[:, None]
    tl.store(O_ptr + base + rm[:, None] * stride_t + rd[None, :], out.to(O_ptr.dtype.element_ty), mask=rm[:, None] < T)


def flash_attention(q, k, v, causal=True):
    B, H, T, D = q.shape
    q, k, v = q.contiguous(), k.contiguous(), v.contiguous()
    o = torch.empty_like(q)
    BLOCK_M = BLOCK_N = 16
    grid = (triton.cdiv(T, BLOCK_M), B * H)
    flash_kernel[grid](q, k, v, o, T, D ** -0.5, q.stride(1), q.stride(2), D=D, BLOCK_M=BLOCK_M, BLOCK_N=BLOCK_N,
                       CAUSAL=causal)
    return o
