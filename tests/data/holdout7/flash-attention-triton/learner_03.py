import torch
import triton
import triton.language as tl


@triton.jit
def flash_kernel(q_ptr, k_ptr, v_ptr, o_ptr, T, scale, stride_bh, stride_t,
                 D: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr,
                 ACC_T: tl.constexpr):
    pid_m = tl.program_id(0)  # which tile of queries
    bh = tl.program_id(1)  # which (batch, head)
    off = bh * stride_bh
    rm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    rd = tl.arange(0, D)
    q = tl.load(q_ptr + off + rm[:, None] * stride_t + rd[None, :], mask=rm[:, None] < T, other=0.0)

    m_i = tl.full((BLOCK_M,), -float("inf"), ACC_T)
    l_i = tl.full((BLOCK_M,), 0.0, ACC_T)
    acc = tl.full((BLOCK_M, D), 0.0, ACC_T)

    # causal: only the key tiles up to this query tile
    end = T
    if CAUSAL:
        end = pid_m * BLOCK_M
    for j in range(0, end, BLOCK_N):
        rn = j + tl.arange(0, BLOCK_N)
        k = tl.load(k_ptr + off + rn[:, None] * stride_t + rd[None, :], mask=rn[:, None] < T, other=0.0)
        v = tl.load(v_ptr + off + rn[:, None] * stride_t + rd[None, :], mask=rn[:, None] < T, other=0.0)
        s = tl.dot(q, tl.trans(k)).to(ACC_T) * scale
        keep = rn[None, :] < T
        if CAUSAL:
            keep = keep & (rn[None, :] <= rm[:, None])
        s = tl.where(keep, s, -float("inf"))
        m_new = tl.maximum(m_i, tl.max(s, 1))
        p = tl.exp(s - m_i[:, None])
        alpha = tl.exp(m_i - m_new)
        l_i = l_i * alpha + tl.sum(p, 1)
        acc = acc * alpha[:, None] + tl.dot(p.to(v.dtype), v).to(ACC_T)
        m_i = m_new

    tl.store(o_ptr + off + rm[:, None] * stride_t + rd[None, :], (acc / l_i[:, None]).to(o_ptr.dtype.element_ty),
             mask=rm[:, None] < T)


def flash_attention(q, k, v, causal=True):
    """Causal (by default) attention, q, k, v (B, H, T, d), computed by flash_kernel."""
    B, H, T, D = q.shape
    q, k, v = q.contiguous(), k.contiguous(), v.contiguous()
    o = torch.empty_like(q)
    block = 16
    grid = (triton.cdiv(T, block), B * H)
    acc_t = tl.float64 if q.dtype == torch.float64 else tl.float32
    flash_kernel[grid](q, k, v, o, T, D ** -0.5, q.stride(1), q.stride(2), D=D, BLOCK_M=block, BLOCK_N=block,
                       CAUSAL=causal, ACC_T=acc_t)
    return o
