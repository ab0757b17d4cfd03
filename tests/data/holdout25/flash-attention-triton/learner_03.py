import torch
import triton
import triton.language as tl


@triton.jit
def flash_kernel(q_ptr, k_ptr, v_ptr, o_ptr, T, scale, stride_bh, stride_t, stride_d,
                 D: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr,
                 ACC: tl.constexpr):
    # 64-bit offsets: bh * stride_bh passes 2^31 for long sequences times many heads
    pid_m = tl.program_id(0).to(tl.int64)
    bh = tl.program_id(1).to(tl.int64)
    base = bh * stride_bh
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M).to(tl.int64)
    offs_d = tl.arange(0, D).to(tl.int64)
    q_off = base + offs_m[:, None] * stride_t + offs_d[None, :] * stride_d
    q = tl.load(q_ptr + q_off, mask=offs_m[:, None] < T, other=0.0)
    m_i = tl.full([BLOCK_M], -float("inf"), dtype=ACC)
    l_i = tl.zeros([BLOCK_M], dtype=ACC)
    acc = tl.zeros([BLOCK_M, D], dtype=ACC)
    end = T
    if CAUSAL:
        end = tl.minimum((pid_m + 1) * BLOCK_M, T)
    for start in range(0, end, BLOCK_N):
        offs_n = start + tl.arange(0, BLOCK_N).to(tl.int64)
        kv_off = base + offs_n[:, None] * stride_t + offs_d[None, :] * stride_d
        k = tl.load(k_ptr + kv_off, mask=offs_n[:, None] < T, other=0.0)
        v = tl.load(k_ptr + kv_off, mask=offs_n[:, None] < T, other=0.0)
        s = tl.dot(q, tl.trans(k), input_precision="ieee").to(ACC) * scale
        keep = offs_n[None, :] < T
        if CAUSAL:
            keep = keep & (offs_n[:, None] <= offs_m[None, :])
        s = tl.where(keep, s, -float("inf"))
        m_new = tl.maximum(m_i, tl.max(s, axis=1))
        alpha = tl.exp(m_i - m_new)
        p = tl.exp(s - m_new[:, None])
        l_i = l_i * alpha + tl.sum(p, axis=1)
        acc = acc * alpha[:, None] + tl.dot(p.to(v.dtype), v, input_precision="ieee").to(ACC)
        m_i = m_new
    out = acc / l_i[:, None]
    tl.store(o_ptr + q_off, out.to(o_ptr.dtype.element_ty), mask=offs_m[:, None] < T)


def flash_attention(q, k, v, causal=True):
    B, H, T, D = q.shape
    q, k, v = q.contiguous(), k.contiguous(), v.contiguous()
    o = torch.empty_like(q)
    block = 16
    acc = tl.float64 if q.dtype == torch.float64 else tl.float32
    grid = (triton.cdiv(T, block), B * H)
    flash_kernel[grid](q, k, v, o, T, D ** -0.5, q.stride(1), q.stride(2), q.stride(3), D=D, BLOCK_M=block,
                       BLOCK_N=block, CAUSAL=causal, ACC=acc)
    return o
