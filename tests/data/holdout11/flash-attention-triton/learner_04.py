import math
import torch
import triton
import triton.language as tl


@triton.jit
def flash_kernel(Q, K, V, Out, T, qk_scale, stride_qh, stride_qt, stride_kh, stride_kt, stride_vh, stride_vt,
                 stride_oh, stride_ot, D: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                 CAUSAL: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_bh = tl.program_id(1)
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_d = tl.arange(0, D)
    q = tl.load(Q + pid_bh * stride_qh + offs_m[:, None] * stride_qt + offs_d[None, :],
                mask=offs_m[:, None] < T, other=0.0)
    m_i = tl.full((BLOCK_M,), 0.0, tl.float32)
    l_i = tl.full((BLOCK_M,), 0.0, tl.float32)
    acc = tl.full((BLOCK_M, D), 0.0, tl.float32)
    end = (pid_m + 1) * BLOCK_M if CAUSAL else T
    for start in range(0, end, BLOCK_N):
        offs_n = start + tl.arange(0, BLOCK_N)
        in_seq = offs_n < T
        kt = tl.load(K + pid_bh * stride_kh + offs_n[None, :] * stride_kt + offs_d[:, None],
                     mask=in_seq[None, :], other=0.0)
        vv = tl.load(V + pid_bh * stride_vh + offs_n[:, None] * stride_vt + offs_d[None, :],
                     mask=in_seq[:, None], other=0.0)
        qk = tl.dot(q, kt, input_precision="ieee") * qk_scale
        ok = in_seq[None, :]
        if CAUSAL:
            ok = ok & (offs_m[:, None] >= offs_n[None, :])
        qk = tl.where(ok, qk, -float("inf"))
        m_ij = tl.maximum(m_i, tl.max(qk, axis=1))
        p = tl.exp2(qk - m_ij[:, None])
        alpha = tl.exp2(m_i - m_ij)
        l_i = l_i * alpha + tl.sum(p, axis=1)
        acc = acc * alpha[:, None] + tl.dot(p.to(vv.dtype), vv, input_precision="ieee")
        m_i = m_ij
    tl.store(Out + pid_bh * stride_oh + offs_m[:, None] * stride_ot + offs_d[None, :], acc / l_i[:, None],
             mask=offs_m[:, None] < T)


def flash_attention(q, k, v, causal=True):
    B, H, T, D = q.shape
    q, k, v = q.contiguous(), k.contiguous(), v.contiguous()
    out = torch.empty_like(q)
    qk_scale = 1.0 / math.sqrt(D) * 0.6931471805599453  # log2(e): the kernel uses exp2
    grid = (triton.cdiv(T, 16), B * H)
    flash_kernel[grid](q, k, v, out, T, qk_scale, q.stride(1), q.stride(2), k.stride(1), k.stride(2),
                       v.stride(1), v.stride(2), out.stride(1), out.stride(2), D=D, BLOCK_M=16, BLOCK_N=16,
                       CAUSAL=causal)
    return out
