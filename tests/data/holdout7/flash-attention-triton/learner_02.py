import torch
import triton
import triton.language as tl


@triton.jit
def flash_kernel(q_ptr, k_ptr, v_ptr, o_ptr, T, scale, stride_bh, stride_t,
                 D: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr,
                 IS_F64: tl.constexpr):
    pid_m = tl.program_id(0)
    bh = tl.program_id(1)
    q_base = q_ptr + bh * stride_bh
    k_base = k_ptr + bh * stride_bh
    v_base = v_ptr + bh * stride_bh

    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_d = tl.arange(0, D)
    row_ok = offs_m < T
    q = tl.load(q_base + offs_m[:, None] * stride_t + offs_d[None, :], mask=row_ok[:, None], other=0.0)
    if IS_F64:
        q = q.to(tl.float64)
    else:
        q = q.to(tl.float32)

    m = tl.zeros((BLOCK_M,), dtype=q.dtype) - float("inf")
    l = tl.zeros((BLOCK_M,), dtype=q.dtype)
    acc = tl.zeros((BLOCK_M, D), dtype=q.dtype)

    for n0 in range(0, T, BLOCK_N):
        offs_n = n0 + tl.arange(0, BLOCK_N)
        col_ok = offs_n < T
        kt = tl.load(k_base + offs_n[:, None] * stride_t + offs_d[None, :], mask=col_ok[:, None], other=0.0)
        vt = tl.load(v_base + offs_m[:, None] * stride_t + offs_d[None, :], mask=row_ok[:, None], other=0.0)
        s = tl.dot(q, tl.trans(kt.to(q.dtype))) * scale
        valid = col_ok[None, :]
        if CAUSAL:
            valid = valid & (offs_n[None, :] <= offs_m[:, None])
        s = tl.where(valid, s, float("-inf"))

        m_new = tl.maximum(m, tl.max(s, axis=1))
        # rows with nothing valid in this tile yet keep -inf: avoid -inf - -inf
        m_ref = tl.where(m_new == float("-inf"), 0.0, m_new)
        p = tl.exp(s - m_ref[:, None])
        alpha = tl.exp(m - m_ref)
        l = l * alpha + tl.sum(p, axis=1)
        acc = acc * alpha[:, None] + tl.dot(p, vt.to(q.dtype))
        m = m_new

    out = acc / l[:, None]
    tl.store(o_ptr + bh * stride_bh + offs_m[:, None] * stride_t + offs_d[None, :],
             out.to(o_ptr.dtype.element_ty), mask=row_ok[:, None])


def flash_attention(q, k, v, causal=True):
    B, H, T, D = q.shape
    q, k, v = q.contiguous(), k.contiguous(), v.contiguous()
    o = torch.empty_like(q)
    BM, BN = 16, 16
    grid = (triton.cdiv(T, BM), B * H)
    flash_kernel[grid](q, k, v, o, T, 1.0 / D ** 0.5, q.stride(1), q.stride(2), D=D, BLOCK_M=BM, BLOCK_N=BN,
                       CAUSAL=causal, IS_F64=(q.dtype == torch.float64))
    return o
