import torch
import triton
import triton.language as tl

LOG2E = 1.4426950408889634


@triton.jit
def _tile(ptr, rows, stride_t, n_rows, D: tl.constexpr):
    return tl.load(ptr + rows[:, None] * stride_t + tl.arange(0, D)[None, :], mask=rows[:, None] < n_rows, other=0.0)


@triton.jit
def _online_step(m_i, l_i, acc, s, v):
    m_new = tl.maximum(m_i, tl.max(s, axis=1))
    alpha = tl.exp2(m_i - m_new)
    p = tl.exp2(s - m_new[:, None])
    l_i = l_i * alpha + tl.sum(p, axis=1)
    acc = acc * alpha[:, None] + tl.dot(p.to(v.dtype), v, input_precision="ieee")
    return m_new, l_i, acc


@triton.jit
def flash_kernel(q_ptr, k_ptr, v_ptr, o_ptr, T, qk_scale, stride_bh, stride_t,
                 D: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr, ACC: tl.constexpr):
    pid_m = tl.program_id(0)
    bh = tl.program_id(1)
    rows = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    base = bh * stride_bh
    q = _tile(q_ptr + base, rows, stride_t, T, D)
    m_i = tl.full((BLOCK_M,), float("-inf"), dtype=ACC)
    l_i = tl.zeros((BLOCK_M,), dtype=ACC)
    acc = tl.zeros((BLOCK_M, D), dtype=ACC)
    n_tiles = tl.cdiv(tl.minimum((pid_m + 1) * BLOCK_M, T), BLOCK_N) if CAUSAL else tl.cdiv(T, BLOCK_N)
    for t in range(0, n_tiles):
        cols = t * BLOCK_N + tl.arange(0, BLOCK_N)
        k = _tile(k_ptr + base, cols, stride_t, T, D)
        v = _tile(v_ptr + base, cols, stride_t, T, D)
        s = tl.dot(q, tl.trans(k), input_precision="ieee") * qk_scale
        keep = (cols[None, :] < T) & ((rows[:, None] >= cols[None, :]) | (not CAUSAL))
        s = tl.where(keep, s, float("-inf"))
        m_i, l_i, acc = _online_step(m_i, l_i, acc, s, v)
    tl.store(o_ptr + base + rows[:, None] * stride_t + tl.arange(0, D)[None, :], (acc / l_i[:, None]).to(o_ptr.dtype.element_ty),
             mask=rows[:, None] < T)


def flash_attention(q, k, v, causal=True):
    B, H, T, D = q.shape
    q, k, v = q.contiguous(), k.contiguous(), v.contiguous()
    o = torch.empty_like(q)
    meta = dict(D=D, BLOCK_M=16, BLOCK_N=16, CAUSAL=causal, ACC=tl.float64 if q.dtype == torch.float64 else tl.float32)
    grid = lambda meta: (triton.cdiv(T, meta["BLOCK_M"]), H)
    qk_scale = D ** -0.5
    flash_kernel[grid](q, k, v, o, T, qk_scale, q.stride(1), q.stride(2), **meta)
    return o
