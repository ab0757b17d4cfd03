import torch
import triton
import triton.language as tl


@triton.jit
def flash_fwd(q_ptr, k_ptr, v_ptr, o_ptr, T, scale, stride_bh, stride_t,
              D: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr,
              F64: tl.constexpr):
    start = tl.program_id(0) * BLOCK_M
    bh = tl.program_id(1)
    offs_m = start + tl.arange(0, BLOCK_M)
    offs_d = tl.arange(0, D)
    qo_off = bh * stride_bh + offs_m[:, None] * stride_t + offs_d[None, :]
    q = tl.load(q_ptr + qo_off, mask=offs_m[:, None] < T, other=0.0)
    q = q * scale
    acc_ty = tl.float64 if F64 else tl.float32
    m = tl.full((BLOCK_M,), -float("inf"), acc_ty)
    l = tl.zeros((BLOCK_M,), acc_ty)
    acc = tl.zeros((BLOCK_M, D), acc_ty)
    end = tl.minimum(start + BLOCK_M, T) if CAUSAL else T
    for n in range(0, end, BLOCK_M):
        offs_n = n + tl.arange(0, BLOCK_N)
        kv_off = bh * stride_bh + offs_n[:, None] * stride_t + offs_d[None, :]
        k = tl.load(k_ptr + kv_off, mask=offs_n[:, None] < T, other=0.0)
        v = tl.load(v_ptr + kv_off, mask=offs_n[:, None] < T, other=0.0)
        s = tl.dot(q.to(k.dtype), tl.trans(k)) * scale
        mask = offs_n[None, :] < T
        if CAUSAL:
            mask &= offs_n[None, :] <= offs_m[:, None]
        s = tl.where(mask, s, -float("inf"))
        m_new = tl.maximum(m, tl.max(s, axis=1))
        p = tl.exp(s - m_new[:, None])
        corr = tl.exp(m - m_new)
        l = l * corr + tl.sum(p, axis=1)
        acc = acc * corr[:, None] + tl.dot(p.to(v.dtype), v)
        m = m_new
    tl.store(o_ptr + qo_off, (acc / l[:, None]).to(o_ptr.dtype.element_ty), mask=offs_m[:, None] < T)


def flash_attention(q, k, v, causal=True):
    B, H, T, D = q.shape
    q, k, v = q.contiguous(), k.contiguous(), v.contiguous()
    o = torch.empty_like(q)
    BLOCK_M, BLOCK_N = 32, 16
    grid = (triton.cdiv(T, BLOCK_M), B * H)
    flash_fwd[grid](q, k, v, o, T, D ** -0.5, q.stride(1), q.stride(2), D=D, BLOCK_M=BLOCK_M, BLOCK_N=BLOCK_N,
                    CAUSAL=causal, F64=q.dtype == torch.float64)
    return o
