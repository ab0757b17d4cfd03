import torch
import triton
import triton.language as tl


@triton.jit
def flash_kernel(q_ptr, k_ptr, v_ptr, o_ptr, T, scale, stride_bh, stride_t,
                 D: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr):
    rm, d, base = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M), tl.arange(0, D), tl.program_id(1) * stride_bh
    q = tl.load(q_ptr + base + rm[:, None] * stride_t + d[None, :], mask=rm[:, None] < T, other=0.0)
    m, l, acc = tl.full([BLOCK_M], float("-inf"), q.dtype), tl.zeros([BLOCK_M], q.dtype), tl.zeros([BLOCK_M, D], q.dtype)
    for n0 in range(0, T, BLOCK_N):
        rn = n0 + tl.arange(0, BLOCK_N)
        s = tl.dot(q, tl.load(k_ptr + base + rn[None, :] * stride_t + d[:, None], mask=rn[None, :] < T, other=0.0), input_precision="ieee") * scale
        s = tl.where((rn[None, :] <= rm[:, None]) | (not CAUSAL), s, float("-inf"))
        mn = tl.maximum(m, tl.max(s, 1))
        p, a = tl.exp(s - mn[:, None]), tl.exp(m - mn)
        l, acc, m = l * a + tl.sum(p, 1), acc * a[:, None] + tl.dot(p, tl.load(v_ptr + base + rn[:, None] * stride_t + d[None, :], mask=rn[:, None] < T, other=0.0), input_precision="ieee"), mn
    tl.store(o_ptr + base + rm[:, None] * stride_t + d[None, :], acc / l[:, None], mask=rm[:, None] < T)


def flash_attention(q, k, v, causal=True):
    q, k, v = q.contiguous(), k.contiguous(), v.contiguous()
    flash_kernel[(triton.cdiv(q.shape[2], 16), q.shape[0] * q.shape[1])](q, k, v, o := torch.empty_like(q), q.shape[2], q.shape[3] ** -0.5, q.stride(1), q.stride(2), D=q.shape[3], BLOCK_M=16, BLOCK_N=16, CAUSAL=causal)
    return o
