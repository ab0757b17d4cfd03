import torch
import triton
import triton.language as tl


@triton.jit
def flash_kernel(q_ptr, k_ptr, v_ptr, o_ptr, T, scale, stride_bh, stride_t,
                 D: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr,
                 USE_EXP2: tl.constexpr, ACC: tl.constexpr, IEEE: tl.constexpr):
    LOG2E: tl.constexpr = 1.4426950408889634
    pid_m = tl.program_id(0)
    bh = tl.program_id(1)
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    offs_d = tl.arange(0, D)
    q = tl.load(q_ptr + bh * stride_bh + offs_m[:, None] * stride_t + offs_d[None, :],
                mask=offs_m[:, None] < T, other=0.0)
    m_i = tl.full((BLOCK_M,), -float("inf"), ACC)
    l_i = tl.zeros((BLOCK_M,), ACC)
    acc = tl.zeros((BLOCK_M, D), ACC)
    if CAUSAL:
        n_end = tl.minimum((pid_m + 1) * BLOCK_M, T)
    else:
        n_end = T
    for n0 in range(0, n_end, BLOCK_N):
        offs = n0 + offs_n
        k = tl.load(k_ptr + bh * stride_bh + offs[:, None] * stride_t + offs_d[None, :],
                    mask=offs[:, None] < T, other=0.0)
        if IEEE:
            s = tl.dot(q, tl.trans(k), input_precision="ieee")
        else:
            s = tl.dot(q, tl.trans(k))
        if USE_EXP2:
            s = s * scale
        else:
            s = s * scale
        s = tl.where(offs[None, :] < T, s, -float("inf"))
        if CAUSAL:
            s = tl.where(offs[None, :] <= offs_m[:, None], s, -float("inf"))
        m_new = tl.maximum(m_i, tl.max(s, 1))
        if USE_EXP2:
            alpha = tl.exp2(m_i - m_new)
            p = tl.exp2(s - m_new[:, None])
        else:
            alpha = tl.exp(m_i - m_new)
            p = tl.exp(s - m_new[:, None])
        v = tl.load(v_ptr + bh * stride_bh + offs[:, None] * stride_t + offs_d[None, :],
                    mask=offs[:, None] < T, other=0.0)
        l_i = l_i * alpha + tl.sum(p, 1)
        if IEEE:
            acc = acc * alpha[:, None] + tl.dot(p.to(v.dtype), v, input_precision="ieee")
        else:
            acc = acc * alpha[:, None] + tl.dot(p.to(v.dtype), v)
        m_i = tl.max(s, 1)
    out = acc / l_i[:, None]
    tl.store(o_ptr + bh * stride_bh + offs_m[:, None] * stride_t + offs_d[None, :], out.to(o_ptr.dtype.element_ty),
             mask=offs_m[:, None] < T)


def flash_attention(q, k, v, causal=True):
    B, H, T, D = q.shape
    q, k, v = q.contiguous(), k.contiguous(), v.contiguous()
    o = torch.empty_like(q)
    block = 16
    grid = (triton.cdiv(T, block), B * H)
    flash_kernel[grid](q, k, v, o, T, D ** -0.5, q.stride(1), q.stride(2), D=D, BLOCK_M=block, BLOCK_N=block,
                       CAUSAL=causal,
                       USE_EXP2=True,
                       ACC=tl.float64 if q.dtype == torch.float64 else tl.float32,
                       IEEE=q.dtype in (torch.float32, torch.float64))
    return o
