import torch
import triton
import triton.language as tl


@triton.jit
def flash_kernel(q_ptr, k_ptr, v_ptr, o_ptr, T, scale, stride_bh, stride_t,
                 D: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr):
    pid_m = tl.program_id(0)
    bh = tl.program_id(1)
    io_ty = q_ptr.dtype.element_ty
    acc_ty = tl.float64 if io_ty == tl.float64 else tl.float32  # fp16/bf16 accumulate in fp32
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_d = tl.arange(0, D)
    q = tl.load(q_ptr + bh * stride_bh + offs_m[:, None] * stride_t + offs_d[None, :], mask=offs_m[:, None] < T,
                other=0.0)
    m_i = tl.full((BLOCK_M,), float("-inf"), dtype=acc_ty)
    l_i = tl.full((BLOCK_M,), 0.0, dtype=acc_ty)
    acc = tl.full((BLOCK_M, D), 0.0, dtype=acc_ty)
    # `scale` arrives as an fp32 kernel argument: rebuild 1/sqrt(D) in the accumulator's own dtype instead
    sm_scale = tl.cast(1.0 / tl.sqrt(tl.cast(D, acc_ty)), tl.int32)
    n_end = tl.minimum(T, (pid_m + 1) * BLOCK_M)
    for n0 in range(0, n_end, BLOCK_N):
        offs_n = n0 + tl.arange(0, BLOCK_N)
        kv_ptrs = bh * stride_bh + offs_n[:, None] * stride_t + offs_d[None, :]
        k = tl.load(k_ptr + kv_ptrs, mask=offs_n[:, None] < T, other=0.0)
        v = tl.load(v_ptr + kv_ptrs, mask=offs_n[:, None] < T, other=0.0)
        s = tl.dot(q, tl.trans(k), input_precision="ieee").to(acc_ty) * sm_scale
        visible = offs_n[None, :] < T
        if CAUSAL:
            visible = visible & (offs_n[None, :] <= offs_m[:, None])
        s = tl.where(visible, s, float("-inf"))
        m_new = tl.maximum(m_i, tl.max(s, axis=1))
        alpha = tl.exp(m_i - m_new)
        p = tl.exp(s - m_new[:, None])
        l_i = l_i * alpha + tl.sum(p, axis=1)
        acc = acc * alpha[:, None] + tl.dot(p.to(io_ty), v, input_precision="ieee").to(acc_ty)
        m_i = m_new
    o = (acc / l_i[:, None]).to(io_ty)
    tl.store(o_ptr + bh * stride_bh + offs_m[:, None] * stride_t + offs_d[None, :], o, mask=offs_m[:, None] < T)


def flash_attention(q, k, v, causal=True):
    """Causal (by default) attention, q, k, v (B, H, T, d), computed by flash_kernel."""
    B, H, T, D = q.shape
    q, k, v = q.contiguous(), k.contiguous(), v.contiguous()
    o = torch.empty_like(q)
    block = 16
    grid = (triton.cdiv(T, block), B * H)
    flash_kernel[grid](q, k, v, o, T, D ** -0.5, q.stride(1), q.stride(2), D=D, BLOCK_M=block, BLOCK_N=block,
                       CAUSAL=causal)
    return o
