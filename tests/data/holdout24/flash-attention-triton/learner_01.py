import torch
import triton
import triton.language as tl

LOG2E = 1.4426950408889634


@triton.jit
def flash_kernel(q_ptr, k_ptr, v_ptr, o_ptr, T, scale, stride_bh, stride_t,
                 D: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr,
                 ACC: tl.constexpr):
    pid_m = tl.program_id(0)
    bh = tl.program_id(1)
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_d = tl.arange(0, D)
    q = tl.load(q_ptr + bh * stride_bh + offs_m[:, None] * stride_t + offs_d[None, :],
                mask=offs_m[:, None] < T, other=0.0).to(ACC)
    m_i = tl.full((BLOCK_M,), float("-inf"), dtype=ACC)    # running max, base-2 domain
    l_i = tl.zeros((BLOCK_M,), dtype=ACC)
    acc = tl.zeros((BLOCK_M, D), dtype=ACC)
    for start_n in range(0, T, BLOCK_N):
        offs_n = start_n + tl.arange(0, BLOCK_N)
        k = tl.load(k_ptr + bh * stride_bh + offs_n[:, None] * stride_t + offs_d[None, :],
                    mask=offs_n[:, None] < T, other=0.0).to(ACC)
        v = tl.load(v_ptr + bh * stride_bh + offs_n[:, None] * stride_t + offs_d[None, :],
                    mask=offs_n[:, None] < T, other=0.0).to(ACC)
        s = (tl.dot(q, tl.trans(k), input_precision="ieee", out_dtype=ACC) * scale).to(ACC)   # scale holds log2(e)/sqrt(d)
        valid = offs_n[None, :] < T
        if CAUSAL:
            valid = valid & (offs_n[None, :] <= offs_m[:, None])
        s = tl.where(valid, s, float("-inf")).to(ACC)
        m_new = tl.maximum(m_i, tl.max(s, axis=1)).to(ACC)
        alpha = tl.exp2(m_i - m_new).to(ACC)
        p = tl.exp2(s - m_new[:, None]).to(ACC)
        l_i = (l_i + tl.sum(p, axis=1)).to(ACC)
        acc = (acc * alpha[:, None] + tl.dot(p, v, input_precision="ieee", out_dtype=ACC)).to(ACC)
        m_i = m_new
    out = (acc / l_i[:, None]).to(o_ptr.dtype.element_ty)
    tl.store(o_ptr + bh * stride_bh + offs_m[:, None] * stride_t + offs_d[None, :], out, mask=offs_m[:, None] < T)


def flash_attention(q, k, v, causal=True):
    """Causal (by default) attention, q, k, v (B, H, T, d), computed by flash_kernel: see TASK.md."""
    B, H, T, D = q.shape
    q, k, v = q.contiguous(), k.contiguous(), v.contiguous()
    o = torch.empty_like(q)
    block = 16
    acc = tl.float64 if q.dtype == torch.float64 else tl.float32
    grid = (triton.cdiv(T, block), B * H)
    flash_kernel[grid](q, k, v, o, T, D ** -0.5, q.stride(1), q.stride(2), D=D, BLOCK_M=block, BLOCK_N=block,
                       CAUSAL=causal, ACC=acc)
    return o
