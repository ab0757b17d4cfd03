import torch
import triton
import triton.language as tl


@triton.jit
def flash_kernel(q_ptr, k_ptr, v_ptr, o_ptr, T, scale, stride_bh, stride_t,
                 D: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr,
                 N_TILES: tl.constexpr):
    pid_m = tl.program_id(0)
    bh = tl.program_id(1)
    q_rows = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    tile = tl.arange(0, BLOCK_N)
    dims = tl.arange(0, D)
    q_base = q_ptr + bh * stride_bh
    k_base = k_ptr + bh * stride_bh
    v_base = v_ptr + bh * stride_bh
    q = tl.load(q_base + q_rows[:, None] * stride_t + dims[None, :], mask=q_rows[:, None] < T, other=0.0)
    acc_ty = tl.float64 if q_ptr.dtype.element_ty == tl.float64 else tl.float32
    m_i = tl.full((BLOCK_M,), -float("inf"), acc_ty)
    l_i = tl.zeros((BLOCK_M,), acc_ty)
    acc = tl.zeros((BLOCK_M, D), acc_ty)
    for t in tl.static_range(N_TILES):  # every key tile, unrolled; the masks do the rest
        k_rows = t * BLOCK_N + tile
        k = tl.load(k_base + k_rows[:, None] * stride_t + dims[None, :], mask=k_rows[:, None] < T, other=0.0)
        v = tl.load(k_base + k_rows[:, None] * stride_t + dims[None, :], mask=k_rows[:, None] < T, other=0.0)
        s = tl.dot(q, tl.trans(k), input_precision="ieee") * scale
        s = tl.where(k_rows[None, :] <= T, s, -float("inf"))
        if CAUSAL:
            s = tl.where(k_rows[None, :] <= q_rows[:, None], s, -float("inf"))
        m_new = tl.maximum(m_i, tl.max(s, 1))
        alpha = tl.exp(m_i - m_new)
        p = tl.exp(s - m_new[:, None])
        l_i = l_i * alpha + tl.sum(p, 1)
        acc = acc * alpha[:, None] + tl.dot(p.to(v.dtype), v, input_precision="ieee")
        m_i = m_new
    tl.store(o_ptr + bh * stride_bh + q_rows[:, None] * stride_t + dims[None, :],
             (acc / l_i[:, None]).to(o_ptr.dtype.element_ty), mask=q_rows[:, None] < T)


def flash_attention(q, k, v, causal=True):
    B, H, T, D = q.shape
    q, k, v = q.contiguous(), k.contiguous(), v.contiguous()
    o = torch.empty_like(q)
    block = 16
    grid = (triton.cdiv(T, block), B * H)
    flash_kernel[grid](q, k, v, o, T, D ** -0.5, q.stride(1), q.stride(2), D=D, BLOCK_M=block, BLOCK_N=block,
                       CAUSAL=causal, N_TILES=triton.cdiv(T, block))
    return o
