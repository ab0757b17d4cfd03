import torch
import triton
import triton.language as tl


@triton.jit
def flash_kernel(q_ptr, k_ptr, v_ptr, o_ptr, T, scale, stride_bh, stride_t,
                 D: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr,
                 USE_FP64: tl.constexpr):
    """One tile of BLOCK_M queries of one (batch, head); running max, sum and output over key tiles of BLOCK_N."""
    pid_m = tl.program_id(0)  # which tile of queries
    bh = tl.program_id(1)  # which (batch, head)
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    offs_d = tl.arange(0, D)
    head = bh * stride_bh
    q = tl.load(q_ptr + head + offs_m[:, None] * stride_t + offs_d[None, :], mask=offs_m[:, None] < T, other=0.0)
    if USE_FP64:
        m_i = tl.full((BLOCK_M,), float("-inf"), dtype=tl.float64)
        l_i = tl.zeros((BLOCK_M,), dtype=tl.float64)
        acc = tl.zeros((BLOCK_M, D), dtype=tl.float64)
    else:
        m_i = tl.full((BLOCK_M,), float("-inf"), dtype=tl.float32)
        l_i = tl.zeros((BLOCK_M,), dtype=tl.float32)
        acc = tl.zeros((BLOCK_M, D), dtype=tl.float32)
    for start_n in range(0, T, BLOCK_N):
        offs_k = start_n + offs_n
        k = tl.load(k_ptr + head + offs_k[:, None] * stride_t + offs_d[None, :], mask=offs_k[:, None] < T, other=0.0)
        v = tl.load(v_ptr + head + offs_k[:, None] * stride_t + offs_d[None, :], mask=offs_k[:, None] < T, other=0.0)
        scores = tl.dot(q, tl.trans(k), input_precision="ieee") * scale
        allowed = offs_k[None, :] < T
        if CAUSAL:
            allowed = allowed & (offs_k[None, :] <= offs_m[:, None])
        scores = tl.where(allowed, scores, float("-inf"))
        m_new = tl.maximum(m_i, tl.max(scores, axis=1))
        m_safe = tl.where(m_new == float("-inf"), 0.0, m_new)
        alpha = tl.exp(m_safe - m_i)
        p = tl.exp(scores - m_safe[:, None])
        l_i = l_i * alpha + tl.sum(p, axis=1)
        acc = acc * alpha[:, None] + tl.dot(p.to(v.dtype), v, input_precision="ieee")
        m_i = m_new
    out = acc / tl.where(l_i == 0.0, 1.0, l_i)[:, None]
    tl.store(o_ptr + head + offs_m[:, None] * stride_t + offs_d[None, :], out.to(o_ptr.dtype.element_ty), mask=offs_m[:, None] < T)


def flash_attention(q, k, v, causal=True):
    """Attention of q over k and v (causal by default), all (B, H, T, d); returns q's shape and dtype.

    Edge cases first: d must be a power of two of at least 16 (tl.dot's smallest tile), and the
    kernel reads every tensor through q's strides, so all three are made contiguous.
    """
    B, H, T, D = q.shape
    if D < 16 or D & (D - 1):
        raise ValueError("d must be a power of two >= 16")
    q, k, v = q.contiguous(), k.contiguous(), v.contiguous()
    o = torch.empty_like(q)
    block = 16
    grid = (triton.cdiv(T, block), B * H)
    flash_kernel[grid](q, k, v, o, T, D ** -0.5, q.stride(1), q.stride(3), D=D, BLOCK_M=block, BLOCK_N=block,
                       CAUSAL=causal, USE_FP64=q.dtype == torch.float64)
    return o
