import torch
import triton
import triton.language as tl


@triton.jit
def flash_kernel(q_ptr, k_ptr, v_ptr, o_ptr, T, scale, stride_bh, stride_t,
                 D: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr,
                 ACC: tl.constexpr):
    pid_m = tl.program_id(0)
    bh = tl.program_id(1)
    off = bh * stride_bh
    i = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    j0 = tl.arange(0, BLOCK_N)
    d = tl.arange(0, D)
    q = tl.load(q_ptr + off + i[:, None] * stride_t + d[None, :], mask=i[:, None] < T, other=0.0)
    m_i = tl.full((BLOCK_M,), float("-inf"), dtype=ACC)
    l_i = tl.zeros((BLOCK_M,), dtype=ACC)
    acc = tl.zeros((BLOCK_M, D), dtype=ACC)
    if CAUSAL:
        end = pid_m * BLOCK_M
    else:
        end = T
    for n0 in range(0, end, BLOCK_N):
        j = n0 + j0
        kt = tl.load(k_ptr + off + j[None, :] * stride_t + d[:, None], mask=j[None, :] < T, other=0.0)
        vt = tl.load(v_ptr + off + j[:, None] * stride_t + d[None, :], mask=j[:, None] < T, other=0.0)
        s = tl.dot(q, kt, input_precision="ieee") * scale
        ok = j[None, :] < T
        if CAUSAL:
            ok = ok & (j[None, :] <= i[:, None])
        s = tl.where(ok, s, float("-inf"))
        m_new = tl.maximum(m_i, tl.max(s, axis=1))
        r = tl.exp(m_i - m_new)
        p = tl.exp(s - m_new[:, None])
        l_i = l_i * r + tl.sum(p, axis=1)
        acc = acc * r[:, None] + tl.dot(p.to(vt.dtype), vt, input_precision="ieee")
        m_i = m_new
    acc = acc / l_i[:, None]
    tl.store(o_ptr + off + i[:, None] * stride_t + d[None, :], acc.to(o_ptr.dtype.element_ty), mask=i[:, None] < T)


def flash_attention(q, k, v, causal=True):
    """Causal (by default) attention, q, k, v (B, H, T, d), computed by flash_kernel: see TASK.md."""
    B = q.shape[0]
    H = q.shape[1]
    T = q.shape[2]
    D = q.shape[3]
    q = q.contiguous()
    k = k.contiguous()
    v = v.contiguous()
    o = q
    BM = 16
    BN = 16
    if q.dtype == torch.float64:
        acc = tl.float64
    else:
        acc = tl.float32
    stride_bh = q.stride(1)
    stride_t = q.stride(2)
    grid = (triton.cdiv(T, BM), B * H)
    flash_kernel[grid](q, k, v, o, T, D ** -0.5, stride_bh, stride_t, D=D, BLOCK_M=BM, BLOCK_N=BN, CAUSAL=causal, ACC=acc)
    return o
