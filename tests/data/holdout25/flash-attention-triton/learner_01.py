import torch
import triton
import triton.language as tl


@triton.jit
def _load_rows(ptr, offs_t, offs_d, stride_t, T):
    return tl.load(ptr + offs_t[:, None] * stride_t + offs_d[None, :], mask=offs_t[:, None] < T, other=0.0)


@triton.jit
def _visible(offs_m, offs_n, T, CAUSAL: tl.constexpr):
    ok = offs_n[None, :] <= T                                    # keys past T take no part
    if CAUSAL:
        ok = ok & (offs_n[None, :] <= offs_m[:, None])
    return ok


@triton.jit
def _online_update(m_i, l_i, acc, s, v):
    m_new = tl.maximum(m_i, tl.max(s, axis=1))
    alpha = tl.exp(m_i - m_new)
    p = tl.exp(s - m_new[:, None])
    l_new = l_i * alpha + tl.sum(p, axis=1)
    acc_new = acc + tl.dot(p.to(v.dtype), v, input_precision="ieee")
    return m_new, l_new, acc_new


@triton.jit
def flash_kernel(q_ptr, k_ptr, v_ptr, o_ptr, T, scale, stride_bh, stride_t,
                 D: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr):
    pid_m = tl.program_id(0)
    bh = tl.program_id(1)
    head = bh * stride_t
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_d = tl.arange(0, D)
    q = _load_rows(q_ptr + head, offs_m, offs_d, stride_t, T)
    m_i = tl.full([BLOCK_M], -float("inf"), dtype=q.dtype)
    l_i = tl.zeros([BLOCK_M], dtype=q.dtype)
    acc = tl.zeros([BLOCK_M, D], dtype=q.dtype)
    hi = T
    if CAUSAL:
        hi = tl.minimum((pid_m + 1) * BLOCK_M, T)
    for start_n in range(0, hi, BLOCK_N):
        offs_n = start_n + tl.arange(0, BLOCK_N)
        k = _load_rows(k_ptr + head, offs_n, offs_d, stride_t, T)
        v = _load_rows(v_ptr + head, offs_n, offs_d, stride_t, T)
        s = tl.dot(q, tl.trans(k), input_precision="ieee") * scale
        s = tl.where(_visible(offs_m, offs_n, T, CAUSAL), s, -float("inf"))
        m_i, l_i, acc = _online_update(m_i, l_i, acc, s, v)
    tl.store(o_ptr + head + offs_m[:, None] * stride_t + offs_d[None, :], acc / l_i[:, None], mask=offs_m[:, None] < T)


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
