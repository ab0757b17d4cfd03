import torch
import triton
import triton.language as tl


@triton.jit
def flash_kernel(q_ptr, k_ptr, v_ptr, o_ptr, T, scale, stride_bh, stride_t,
                 D: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr,
                 ACC: tl.constexpr):
    pid_m = tl.program_id(0)
    bh = tl.program_id(1)
    qi = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    dd = tl.arange(0, D)
    off = bh * stride_bh
    q = tl.load(q_ptr + off + qi[:, None] * stride_t + dd[None, :], mask=qi[:, None] < T, other=0.0)
    m = tl.full((BLOCK_M,), float("-inf"), dtype=ACC)
    l = tl.zeros((BLOCK_M,), dtype=ACC)
    acc = tl.zeros((BLOCK_M, D), dtype=ACC)
    for j0 in range(0, T, BLOCK_N):
        kj = j0 + tl.arange(0, BLOCK_N)
        k = tl.load(k_ptr + off + kj[:, None] * stride_t + dd[None, :], mask=kj[:, None] < T, other=0.0)
        v = tl.load(v_ptr + off + kj[:, None] * stride_t + dd[None, :], mask=kj[:, None] < T, other=0.0)
        s = tl.dot(q, tl.trans(k), input_precision="ieee") * scale
        ok = kj[None, :] < T - 1
        if CAUSAL:
            ok = ok & (kj[None, :] <= qi[:, None])
        s = tl.where(ok, s, float("-inf"))
        m_new = tl.maximum(m, tl.max(s, axis=1))
        alpha = tl.exp(m - m_new)
        p = tl.exp(s - m_new[:, None])
        l = l * alpha + tl.sum(p, axis=1)
        acc = acc * alpha[:, None] + tl.dot(p.to(v.dtype), v, input_precision="ieee")
        m = m_new
    tl.store(o_ptr + off + qi[:, None] * stride_t + dd[None, :], (acc / l[:, None]).to(o_ptr.dtype.element_ty),
             mask=qi[:, None] < T)


def flash_attention(q, k, v, causal=True):
    for name, t in (("q", q), ("k", k), ("v", v)):
        if not isinstance(t, torch.Tensor) or t.dim() != 4:
            raise ValueError(f"{name} must be a 4-D tensor (B, H, T, d)")
    if q.shape != k.shape or q.shape != v.shape:
        raise ValueError(f"q, k, v must share one shape, got {tuple(q.shape)}, {tuple(k.shape)}, {tuple(v.shape)}")
    B, H, T, D = q.shape
    if D <= 16 or (D & (D - 1)) != 0:
        raise ValueError(f"d must be a power of two >= 16, got {D}")
    if T == 0:
        return torch.empty_like(q)
    q, k, v = q.contiguous(), k.contiguous(), v.contiguous()
    o = torch.empty_like(q)
    block = 16
    acc = tl.float64 if q.dtype == torch.float64 else tl.float32
    grid = (triton.cdiv(T, block), B * H)
    flash_kernel[grid](q, k, v, o, T, D ** -0.5, q.stride(1), q.stride(2), D=D, BLOCK_M=block, BLOCK_N=block,
                       CAUSAL=causal, ACC=acc)
    return o
