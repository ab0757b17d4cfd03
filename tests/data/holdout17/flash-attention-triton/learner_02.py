import torch
import triton
import triton.language as tl


@triton.jit
def flash_kernel(q_ptr, k_ptr, v_ptr, o_ptr, T, scale, stride_bh, stride_t,
                 D: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr):
    start_m = tl.program_id(0)
    off_bh = tl.program_id(1)
    offs_m = start_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    offs_d = tl.arange(0, D)
    q_ptrs = q_ptr + off_bh * stride_bh + offs_m[:, None] * stride_t + offs_d[None, :]
    kt_ptrs = k_ptr + off_bh * stride_bh + offs_n[None, :] * stride_t + offs_d[:, None]
    v_ptrs = v_ptr + off_bh * stride_bh + offs_n[:, None] * stride_t + offs_d[None, :]
    q = tl.load(q_ptrs, mask=offs_m[:, None] < T, other=0.0)
    m_i = tl.zeros((BLOCK_M,), dtype=tl.float32) - float("inf")
    l_i = tl.zeros((BLOCK_M,), dtype=tl.float32)
    acc = tl.zeros((BLOCK_M, D), dtype=tl.float32)
    qk_scale = scale
    if CAUSAL:
        hi = tl.minimum((start_m + 1) * BLOCK_M, T)
    else:
        hi = T
    for start_n in range(0, hi, BLOCK_N):
        cur = start_n + offs_n
        kt = tl.load(kt_ptrs + start_n * stride_t, mask=cur[None, :] < T, other=0.0)
        v = tl.load(v_ptrs, mask=cur[:, None] < T, other=0.0)
        qk = tl.dot(q, kt, input_precision="ieee").to(tl.float32) * qk_scale
        keep = cur[None, :] < T
        if CAUSAL:
            keep = keep & (cur[None, :] <= offs_m[:, None])
        qk = tl.where(keep, qk, float("-inf"))
        m_ij = tl.maximum(m_i, tl.max(qk, 1))
        p = tl.exp2(qk - m_ij[:, None])
        alpha = tl.exp2(m_i - m_ij)
        l_i = l_i * alpha + tl.sum(p, 1)
        acc = acc * alpha[:, None] + tl.dot(p.to(v.dtype), v, input_precision="ieee").to(tl.float32)
        m_i = m_ij
    acc = acc / l_i[:, None]
    o_ptrs = o_ptr + off_bh * stride_bh + offs_m[:, None] * stride_t + offs_d[None, :]
    tl.store(o_ptrs, acc.to(o_ptr.dtype.element_ty), mask=offs_m[:, None] < T)


def flash_attention(q, k, v, causal=True):
    B, H, T, D = q.shape
    q, k, v = q.contiguous(), k.contiguous(), v.contiguous()
    o = torch.empty_like(q)
    grid = (triton.cdiv(T, 16), B * H)
    flash_kernel[grid](q, k, v, o, T, D ** -0.5, q.stride(1), q.stride(2), D=D, BLOCK_M=16, BLOCK_N=16,
                       CAUSAL=causal, num_warps=4)
    return o
