import torch
import triton
import triton.language as tl


@triton.jit
def flash_kernel(q_ptr, k_ptr, v_ptr, o_ptr, T, scale, stride_bh, stride_t,
                 D: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr):
    pid_m = tl.program_id(0)
    bh = tl.program_id(1)
    rows = pid_m + tl.arange(0, BLOCK_M)[:, None]        # (BM, 1) query index
    dcol = tl.arange(0, D)[None, :]                                # (1, D)
    keyc = tl.arange(0, BLOCK_N)[None, :]                          # (1, BN) key index within a tile
    keyr = tl.arange(0, BLOCK_N)[:, None]                          # (BN, 1) the same, as rows
    head = q_ptr + bh * stride_bh
    q = tl.load(head + rows * stride_t + dcol, mask=rows < T, other=0.0)          # (BM, D)
    m_i = tl.full([BLOCK_M, 1], -float("inf"), dtype=q.dtype)                     # (BM, 1)
    l_i = tl.zeros([BLOCK_M, 1], dtype=q.dtype)                                   # (BM, 1)
    acc = tl.zeros([BLOCK_M, D], dtype=q.dtype)                                   # (BM, D)
    for start in range(0, T, BLOCK_N):
        k = tl.load(k_ptr + bh * stride_bh + (start + keyr) * stride_t + dcol, mask=start + keyr < T, other=0.0)
        v = tl.load(v_ptr + bh * stride_bh + (start + keyr) * stride_t + dcol, mask=start + keyr < T, other=0.0)
        s = tl.dot(q, tl.trans(k), input_precision="ieee")                # (BM, BN)
        ok = (start + keyc < T) & (rows >= 0)                                     # (BM, BN)
        if CAUSAL:
            ok = ok & (start + keyc <= rows)
        s = tl.where(ok, s, -float("inf"))
        m_new = tl.maximum(m_i, tl.max(s, axis=1)[:, None])                      # (BM, 1)
        p = tl.exp(s - m_new)                                                     # (BM, BN)
        alpha = tl.exp(m_i - m_new)                                               # (BM, 1)
        l_i = l_i * alpha + tl.sum(p, axis=1)[:, None]
        acc = acc * alpha + tl.dot(p.to(v.dtype), v, input_precision="ieee")
        m_i = m_new
    tl.store(o_ptr + bh * stride_bh + rows * stride_t + dcol, acc / l_i, mask=rows < T)


def flash_attention(q, k, v, causal=True):
    B, H, T, D = q.shape
    q, k, v = q.contiguous(), k.contiguous(), v.contiguous()
    o = torch.empty_like(q)
    block = 16
    grid = (triton.cdiv(T, block), B * H)
    flash_kernel[grid](q, k, v, o, T, D ** -0.5, q.stride(1), q.stride(2), D=D, BLOCK_M=block, BLOCK_N=block,
                       CAUSAL=causal)
    return o
