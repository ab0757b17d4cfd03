import torch
import triton
import triton.language as tl


@triton.jit
def flash_kernel(q_ptr, k_ptr, v_ptr, o_ptr, T, scale, stride_bh, stride_t,
                 D: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr, ACC: tl.constexpr):
    # tl.make_block_ptr / tl.advance are gone from this Triton: blocks of pointers, advanced by hand
    pid_m = tl.program_id(0)
    bh = tl.program_id(1)
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    offs_d = tl.arange(0, D)
    q_blk = q_ptr + bh * stride_bh + offs_m[:, None] * stride_t + offs_d[None, :]
    k_blk = k_ptr + bh * stride_bh + offs_n[:, None] * stride_t + offs_d[None, :]    # block at key 0
    v_blk = v_ptr + bh * stride_bh + offs_n[:, None] * stride_t + offs_d[None, :]
    q = tl.load(q_blk, mask=offs_m[:, None] < T, other=0.0)                         # boundary_check=(0,)
    m_i = tl.full((BLOCK_M,), float("-inf"), dtype=ACC)
    l_i = tl.zeros((BLOCK_M,), dtype=ACC)
    acc = tl.zeros((BLOCK_M, D), dtype=ACC)
    hi = T
    if CAUSAL:
        hi = tl.minimum((pid_m + 1) * BLOCK_M, T)
    for start_n in range(0, hi, BLOCK_N):
        keys = start_n + offs_n
        k = tl.load(k_blk, mask=keys[:, None] < T, other=0.0)
        v = tl.load(v_blk, mask=keys[:, None] < T, other=0.0)
        s = tl.dot(q, tl.trans(k), input_precision="ieee") * scale
        s = tl.where(keys[None, :] <= T, s, float("-inf"))
        if CAUSAL:
            s = tl.where(offs_m[:, None] > keys[None, :], s, float("-inf"))
        m_new = tl.maximum(m_i, tl.max(s, axis=1))
        alpha = tl.exp(m_i - m_new)
        p = tl.exp(s - m_new[:, None])
        l_i = l_i * alpha + tl.sum(p, axis=1)
        acc = acc + tl.dot(p.to(v.dtype), v, input_precision="ieee")
        m_i = m_new
        k_blk += BLOCK_N * stride_t                                                  # tl.advance(k_blk, (BLOCK_N, 0))
        v_blk += BLOCK_N * stride_t                                                  # tl.advance(v_blk, (BLOCK_N, 0))
    o = acc / l_i[:, None]
    o_blk = o_ptr + bh * stride_bh + offs_m[:, None] * stride_t + offs_d[None, :]
    tl.store(o_blk, o.to(o_ptr.dtype.element_ty), mask=offs_m[:, None] < T)


def flash_attention(q, k, v, causal=True):
    B, H, T, D = q.shape
    q, k, v = q.contiguous(), k.contiguous(), v.contiguous()
    o = torch.empty_like(q)
    block = 16
    grid = (triton.cdiv(T, block), B * H)
    acc = tl.float64 if q.dtype == torch.float64 else tl.float32
    flash_kernel[grid](q, k, v, o, T, D ** -0.5, q.stride(1), q.stride(2), D=D, BLOCK_M=block, BLOCK_N=block,
                       CAUSAL=causal, ACC=acc)
    return o
