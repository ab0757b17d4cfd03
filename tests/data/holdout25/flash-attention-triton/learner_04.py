import torch
import triton
import triton.language as tl


@triton.jit
def flash_kernel(q_ptr, k_ptr, v_ptr, o_ptr, T, scale, stride_bh, stride_t,
                 D: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr):
    pid_m = tl.program_id(0)
    bh = tl.program_id(1)
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_d = tl.arange(0, D)
    base = bh * stride_bh
    q = tl.load(q_ptr + base + offs_m[:, None] * stride_t + offs_d[None, :], mask=offs_m[:, None] < T, other=0.0)
    # the keys split in two halves, each with its own (m, l, acc), merged at the end (split-KV)
    half = tl.cdiv(T, 2 * BLOCK_N) * BLOCK_N
    m1 = tl.full([BLOCK_M], -float("inf"), dtype=q.dtype)
    l1 = tl.zeros([BLOCK_M], dtype=q.dtype)
    acc1 = tl.zeros([BLOCK_M, D], dtype=q.dtype)
    m2 = tl.full([BLOCK_M], -float("inf"), dtype=q.dtype)
    l2 = tl.zeros([BLOCK_M], dtype=q.dtype)
    acc2 = tl.zeros([BLOCK_M, D], dtype=q.dtype)
    for start_n in range(0, half, BLOCK_N):
        offs_n = start_n + tl.arange(0, BLOCK_N)
        k = tl.load(k_ptr + base + offs_n[:, None] * stride_t + offs_d[None, :], mask=offs_n[:, None] < T, other=0.0)
        v = tl.load(v_ptr + base + offs_n[:, None] * stride_t + offs_d[None, :], mask=offs_n[:, None] < T, other=0.0)
        s = tl.dot(q, tl.trans(k), input_precision="ieee") * scale
        ok = (offs_n[None, :] < T) & ((offs_n[None, :] <= offs_m[:, None]) | (not CAUSAL))
        s = tl.where(ok, s, -float("inf"))
        m_new = tl.maximum(m1, tl.max(s, axis=1))
        m_use = tl.where(m_new == -float("inf"), 0.0, m_new)
        p = tl.exp(s - m_use[:, None])
        alpha = tl.exp(m1 - m_use)
        l1 = l1 * alpha + tl.sum(p, axis=1)
        acc1 = acc1 * alpha[:, None] + tl.dot(p.to(v.dtype), v, input_precision="ieee")
        m1 = m_new
    for start_n in range(half, T, BLOCK_N):
        offs_n = start_n + tl.arange(0, BLOCK_N)
        k = tl.load(k_ptr + base + offs_n[:, None] * stride_t + offs_d[None, :], mask=offs_n[:, None] < T, other=0.0)
        v = tl.load(v_ptr + base + offs_n[:, None] * stride_t + offs_d[None, :], mask=offs_n[:, None] < T, other=0.0)
        s = tl.dot(q, tl.trans(k), input_precision="ieee") * scale
        ok = (offs_n[None, :] < T) & ((offs_n[None, :] <= offs_m[:, None]) | (not CAUSAL))
        s = tl.where(ok, s, -float("inf"))
        m_new = tl.maximum(m2, tl.max(s, axis=1))
        m_use = tl.where(m_new == -float("inf"), 0.0, m_new)
        p = tl.exp(s - m_use[:, None])
        alpha = tl.exp(m2 - m_use)
        l2 = l2 * alpha + tl.sum(p, axis=1)
        acc2 = acc2 * alpha[:, None] + tl.dot(p.to(v.dtype), v, input_precision="ieee")
        m2 = m_new
    # merge the two halves on their common max
    m = tl.maximum(m1, m2)
    w1 = tl.exp(m1 - m)
    w2 = tl.exp(m2 - m)
    l = l1 + l2
    acc = acc1 * w1[:, None] + acc2 * w2[:, None]
    tl.store(o_ptr + base + offs_m[:, None] * stride_t + offs_d[None, :], acc / l[:, None], mask=offs_m[:, None] < T)


def flash_attention(q, k, v, causal=True):
    B, H, T, D = q.shape
    q, k, v = q.contiguous(), k.contiguous(), v.contiguous()
    o = torch.empty_like(q)
    block = 16
    grid = (triton.cdiv(T, block), B * H)
    flash_kernel[grid](q, k, v, o, T, T ** -0.5, q.stride(1), q.stride(2), D=D, BLOCK_M=block, BLOCK_N=block,
                       CAUSAL=causal)
    return o
