import torch
import triton
import triton.language as tl


@triton.jit
def flash_kernel(q_ptr, k_ptr, v_ptr, o_ptr, T, scale, stride_bh, stride_t,
                 D: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr,
                 ACC: tl.constexpr):
    pid_m = tl.program_id(0)
    bh = tl.program_id(1)
    rows = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    dims = tl.arange(0, D)
    q_base = q_ptr + bh * stride_bh
    k_base = k_ptr + bh * stride_bh
    v_base = v_ptr + bh * stride_bh
    q = tl.load(q_base + rows[:, None] * stride_t + dims[None, :], mask=rows[:, None] < T, other=0.0)
    m = tl.zeros((BLOCK_M,), dtype=ACC) - float("inf")
    l = tl.zeros((BLOCK_M,), dtype=ACC)
    acc = tl.zeros((BLOCK_M, D), dtype=ACC)
    hi = tl.minimum(pid_m * BLOCK_M, T) if CAUSAL else T
    for start in range(0, hi, BLOCK_N):
        cols = start + tl.arange(0, BLOCK_N)
        kt = tl.load(k_base + cols[None, :] * stride_t + dims[:, None], mask=cols[None, :] < T, other=0.0)
        vb = tl.load(v_base + cols[:, None] * stride_t + dims[None, :], mask=cols[:, None] < T, other=0.0)
        s = tl.dot(q, kt, input_precision="ieee") * scale
        valid = cols[None, :] < T
        if CAUSAL:
            valid = valid & (cols[None, :] <= rows[:, None])
        s = tl.where(valid, s, float("-inf"))
        m_new = tl.maximum(m, tl.max(s, 1))
        r = tl.exp(m - m_new)
        p = tl.exp(s - m_new[:, None])
        l = l * r + tl.sum(p, 1)
        acc = acc * r[:, None] + tl.dot(p.to(vb.dtype), vb, input_precision="ieee")
        m = m_new
    o = acc / l[:, None]
    tl.store(o_ptr + bh * stride_bh + rows[:, None] * stride_t + dims[None, :], o.to(o_ptr.dtype.element_ty),
             mask=rows[:, None] < T)


class FlashLaunch:
    BLOCK_M = 16
    BLOCK_N = 16

    def __init__(self, q, k, v, causal):
        self.q, self.k, self.v = q.contiguous(), k.contiguous(), v.contiguous()
        self.B, self.H, self.T, self.D = self.q.shape
        self.causal = True
        self.acc = tl.float64 if self.q.dtype == torch.float64 else tl.float32

    @property
    def grid(self):
        return (triton.cdiv(self.T, self.BLOCK_M), self.B * self.H)

    @property
    def scale(self):
        return self.D ** -0.5

    def __call__(self):
        o = torch.empty_like(self.q)
        flash_kernel[self.grid](self.q, self.k, self.v, o, self.T, self.scale, self.q.stride(1), self.q.stride(2),
                                D=self.D, BLOCK_M=self.BLOCK_M, BLOCK_N=self.BLOCK_N, CAUSAL=self.causal, ACC=self.acc)
        return o


def flash_attention(q, k, v, causal=True):
    return FlashLaunch(q, k, v, causal)()
