import torch
import triton
import triton.language as tl

# tile table picked by hand in the wrapper (head dim -> BLOCK_M, BLOCK_N, num_warps)
_TABLE = {16: (16, 32, 2), 32: (16, 16, 4), 64: (32, 32, 4), 128: (64, 32, 8)}


@triton.jit
def flash_kernel(q_ptr, k_ptr, v_ptr, o_ptr, T, scale, stride_bh, stride_t,
                 D: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr,
                 ACC: tl.constexpr):
    pid_m = tl.program_id(0)
    bh = tl.program_id(1)
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_d = tl.arange(0, D)
    base = bh * stride_bh
    q = tl.load(q_ptr + base + offs_m[:, None] * stride_t + offs_d[None, :], mask=offs_m[:, None] < T, other=0.0)
    m_i = tl.full((BLOCK_M,), float("-inf"), dtype=ACC)
    l_i = tl.zeros((BLOCK_M,), dtype=ACC)
    acc = tl.zeros((BLOCK_M, D), dtype=ACC)
    hi = T
    if CAUSAL:
        hi = tl.minimum((pid_m + 1) * BLOCK_M, T)
    for start_n in range(0, hi, BLOCK_N):
        offs_n = start_n + tl.arange(0, BLOCK_N)
        k = tl.load(k_ptr + base + offs_n[:, None] * stride_t + offs_d[None, :], mask=offs_n[:, None] < T, other=0.0)
        v = tl.load(v_ptr + base + offs_n[:, None] * stride_t + offs_d[None, :], mask=offs_n[:, None] < T, other=0.0)
        s = tl.dot(q, tl.trans(k), input_precision="ieee") * scale
        keep = offs_n[None, :] < T
        if CAUSAL:
            keep = keep & (offs_n[None, :] <= offs_m[:, None])
        s = tl.where(keep, s, float("-inf"))
        m_new = tl.maximum(m_i, tl.max(s, axis=1))
        alpha = tl.exp(m_i - m_new)
        p = tl.exp(s - m_new[:, None])
        l_i = l_i * alpha + tl.sum(p, axis=1)
        acc = acc + tl.dot(p.to(v.dtype), v, input_precision="ieee")
        m_i = m_new
    out = acc / l_i[:, None]
    tl.store(o_ptr + base + offs_m[:, None] * stride_t + offs_d[None, :], out.to(o_ptr.dtype.element_ty),
             mask=offs_m[:, None] < T)


def flash_attention(q, k, v, causal=True):
    """Causal (by default) attention, q, k, v (B, H, T, d), computed by flash_kernel: see TASK.md."""
    B, H, T, D = q.shape
    q, k, v = q.contiguous(), k.contiguous(), v.contiguous()
    o = torch.empty_like(q)
    block_m, block_n, warps = _TABLE.get(D, (16, 16, 4))
    acc = tl.float64 if q.dtype == torch.float64 else tl.float32
    grid = (triton.cdiv(T, block_m), B * H)
    flash_kernel[grid](q, k, v, o, T, D ** -0.5, q.stride(1), q.stride(2), D=D, BLOCK_M=block_m, BLOCK_N=block_n,
                       CAUSAL=causal, ACC=acc, num_warps=warps)
    return o
