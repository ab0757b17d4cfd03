import torch
import triton
import triton.language as tl


@triton.jit
def flash_kernel(q_ptr, k_ptr, v_ptr, o_ptr, T, scale, stride_bh, stride_t,
                 D: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr):
    tl.assume(T > 0)
    tl.assume(stride_bh > 0)
    tl.assume(stride_t > 0)
    pid_m = tl.program_id(0)
    bh = tl.program_id(1).to(tl.int64)
    offs_m = tl.max_contiguous(tl.multiple_of(pid_m * BLOCK_M + tl.arange(0, BLOCK_M), BLOCK_M), BLOCK_M)
    offs_n = tl.max_contiguous(tl.arange(0, BLOCK_N), BLOCK_N)
    offs_d = tl.max_contiguous(tl.multiple_of(tl.arange(0, D), D), D)
    head = bh * stride_bh
    q = tl.load(q_ptr + head + offs_m[:, None] * stride_t + offs_d[None, :], mask=offs_m[:, None] < T, other=0.0)
    acc_ty = tl.float64 if q_ptr.dtype.element_ty == tl.float64 else tl.float32
    m_i = tl.full((BLOCK_M,), -float("inf"), acc_ty)
    l_i = tl.zeros((BLOCK_M,), acc_ty)
    acc = tl.zeros((BLOCK_M, D), acc_ty)
    end = T
    if CAUSAL:
        end = tl.minimum((pid_m + 1) * BLOCK_M, T)
    for start_n in tl.range(0, end, BLOCK_N):
        start_n = tl.multiple_of(start_n, BLOCK_N)
        cols = start_n + offs_n
        kv_mask = cols[:, None] < T
        k = tl.load(k_ptr + head + cols[:, None] * stride_t + offs_d[None, :], mask=kv_mask, other=0.0)
        s = tl.dot(q, tl.trans(k), input_precision="ieee") * scale
        allowed = cols[None, :] < T
        if CAUSAL:
            allowed = allowed & (offs_n[None, :] <= offs_m[:, None])
        s = tl.where(allowed, s, -float("inf"))
        m_ij = tl.maximum(m_i, tl.max(s, 1))
        p = tl.exp(s - m_ij[:, None])
        alpha = tl.exp(m_i - m_ij)
        l_i = l_i + tl.sum(p, 1)
        v = tl.load(v_ptr + head + cols[:, None] * stride_t + offs_d[None, :], mask=kv_mask, other=0.0)
        acc = acc * alpha[:, None] + tl.dot(p.to(v.dtype), v, input_precision="ieee")
        m_i = m_ij
    o = acc / l_i[:, None]
    tl.store(o_ptr + head + offs_m[:, None] * stride_t + offs_d[None, :], o.to(o_ptr.dtype.element_ty),
             mask=offs_m[:, None] < T)


def flash_attention(q, k, v, causal=True):
    B, H, T, D = q.shape
    q, k, v = q.contiguous(), k.contiguous(), v.contiguous()
    o = torch.empty_like(q)
    block = 16
    grid = (triton.cdiv(T, block), B * H)
    flash_kernel[grid](q, k, v, o, T, T ** -0.5, q.stride(1), q.stride(2), D=D, BLOCK_M=block, BLOCK_N=block,
                       CAUSAL=causal, num_warps=4, num_stages=2)
    return o
