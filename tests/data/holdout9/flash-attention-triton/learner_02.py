import torch
import triton
import triton.language as tl


@triton.jit
def flash_kernel(q_ptr, k_ptr, v_ptr, o_ptr, T, scale, stride_bh, stride_t,
                 D: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr):
    pid_m = tl.program_id(0)
    bh = tl.program_id(1)
    off = bh * stride_bh
    i = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    dd = tl.arange(0, D)
    q = tl.load(q_ptr + off + i[:, None] * stride_t + dd[None, :], mask=i[:, None] < T, other=0.0)
    m = tl.full((BLOCK_M,), float("-inf"), tl.float32)
    l = tl.full((BLOCK_M,), 0.0, tl.float32)
    acc = tl.zeros((BLOCK_M, D), tl.float32)
    end = T
    if CAUSAL:
        end = pid_m * BLOCK_M
    n_tiles = tl.cdiv(end, BLOCK_N)
    for t in range(0, n_tiles):
        j = t * BLOCK_N + tl.arange(0, BLOCK_N)
        k = tl.load(k_ptr + off + j[:, None] * stride_t + dd[None, :], mask=j[:, None] < T, other=0.0)
        s = tl.dot(q, tl.trans(k)) * scale
        valid = (j[None, :] < T) & (i[:, None] >= 0)
        if CAUSAL:
            valid = valid & (j[None, :] <= i[:, None])
        s = tl.where(valid, s, float("-inf"))
        m_next = tl.maximum(m, tl.max(s, 1))
        p = tl.exp(s - m_next[:, None])
        r = tl.exp(m - m_next)
        l = l * r + tl.sum(p, 1)
        v = tl.load(v_ptr + off + j[:, None] * stride_t + dd[None, :], mask=j[:, None] < T, other=0.0)
        acc = acc * r[:, None] + tl.dot(p.to(v.dtype), v)
        m = m_next
    o = acc / l[:, None]
    tl.store(o_ptr + off + i[:, None] * stride_t + dd[None, :], o.to(o_ptr.dtype.element_ty), mask=i[:, None] < T)


def flash_attention(q, k, v, causal=True):
    B, H, T, D = q.shape
    q, k, v = q.contiguous(), k.contiguous(), v.contiguous()
    o = torch.empty_like(q)
    block = 16
    grid = (triton.cdiv(T, block), B * H)
    flash_kernel[grid](q, k, v, o, T, D ** -0.5, q.stride(1), q.stride(2), D=D, BLOCK_M=block, BLOCK_N=block,
                       CAUSAL=causal)
    return o
