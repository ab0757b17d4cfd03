import torch
import triton
import triton.language as tl


@triton.jit
def flash_kernel(q_ptr, k_ptr, v_ptr, o_ptr, T, scale, stride_bh, stride_t,
                 D: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr, ACC: tl.constexpr):
    pid_m = tl.program_id(0)
    bh = tl.program_id(1)
    om = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    od = tl.arange(0, D)
    off = bh * stride_bh
    q = tl.load(q_ptr + off + om[:, None] * stride_t + od[None, :], mask=om[:, None] < T, other=0.0)
    m = tl.zeros((BLOCK_M,), dtype=ACC) - float("inf")
    l = tl.zeros((BLOCK_M,), dtype=ACC)
    acc = tl.zeros((BLOCK_M, D), dtype=ACC)
    for s0 in range(0, T, BLOCK_N):
        on = s0 + tl.arange(0, BLOCK_N)
        k = tl.load(k_ptr + off + on[:, None] * stride_t + od[None, :], mask=on[:, None] < T, other=0.0)
        v = tl.load(v_ptr + off + om[:, None] * stride_t + od[None, :], mask=om[:, None] < T, other=0.0)
        s = tl.dot(q, tl.trans(k), input_precision="ieee") * scale
        ok = (on[None, :] < T) & ((om[:, None] >= on[None, :]) | (CAUSAL == 0))
        s = tl.where(ok, s, -float("inf"))
        mn = tl.maximum(m, tl.max(s, 1))
        p = tl.exp(s - mn[:, None]); a = tl.exp(m - mn)
        l = l * a + tl.sum(p, 1); acc = acc * a[:, None] + tl.dot(p.to(v.dtype), v, input_precision="ieee")
        m = mn
    tl.store(o_ptr + off + om[:, None] * stride_t + od[None, :], (acc / l[:, None]).to(o_ptr.dtype.element_ty), mask=om[:, None] < T)


def flash_attention(q, k, v, causal=True):
    B, H, T, D = q.shape
    q, k, v = q.contiguous(), k.contiguous(), v.contiguous()
    o = torch.empty_like(q)
    flash_kernel[(triton.cdiv(T, 16), B * H)](q, k, v, o, T, D ** -0.5, q.stride(1), q.stride(2), D=D, BLOCK_M=16, BLOCK_N=16,
                                               CAUSAL=True, ACC=tl.float64 if q.dtype == torch.float64 else tl.float32)
    return o
