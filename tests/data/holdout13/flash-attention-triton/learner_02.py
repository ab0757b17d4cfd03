import torch
import triton
import triton.language as tl


@triton.jit
def fwd_kernel(q_ptr, k_ptr, v_ptr, o_ptr, seq_len, scale, bh_stride, row_stride,
               D: tl.constexpr, BM: tl.constexpr, BN: tl.constexpr, CAUSAL: tl.constexpr, F64: tl.constexpr):
    bh = tl.program_id(0)
    mt = tl.program_id(1)
    ty = tl.float64 if F64 else tl.float32
    rm = mt * BM + tl.arange(0, BM)
    rd = tl.arange(0, D)
    off = bh * bh_stride
    q = tl.load(q_ptr + off + rm[:, None] * row_stride + rd[None, :], mask=rm[:, None] < seq_len, other=0.0)
    q = (q * scale).to(q.dtype)
    run_max = tl.full((BM,), -float("inf"), ty)
    run_sum = tl.zeros((BM,), ty)
    out = tl.zeros((BM, D), ty)
    stop = seq_len
    if CAUSAL:
        stop = tl.minimum(seq_len, mt * BM + BM)
    for n in range(0, stop, BN):
        rn = n + tl.arange(0, BN)
        k = tl.load(k_ptr + off + rn[:, None] * row_stride + rd[None, :], mask=rn[:, None] < seq_len, other=0.0)
        v = tl.load(v_ptr + off + rn[:, None] * row_stride + rd[None, :], mask=rn[:, None] < seq_len, other=0.0)
        s = tl.dot(q, tl.trans(k)).to(ty)
        ok = rn[None, :] < seq_len
        if CAUSAL:
            ok = ok & (rn[None, :] < rm[:, None])
        s = tl.where(ok, s, -float("inf"))
        new_max = tl.maximum(run_max, tl.max(s, axis=1))
        corr = tl.exp(run_max - new_max)
        p = tl.exp(s - new_max[:, None])
        run_sum = run_sum * corr + tl.sum(p, axis=1)
        out = out * corr[:, None] + tl.dot(p.to(v.dtype), v).to(ty)
        run_max = new_max
    out = out / run_sum[:, None]
    tl.store(o_ptr + off + rm[:, None] * row_stride + rd[None, :], out.to(o_ptr.dtype.element_ty), mask=rm[:, None] < seq_len)


def flash_attention(q, k, v, causal=True):
    q, k, v = q.contiguous(), k.contiguous(), v.contiguous()
    B, H, T, D = q.shape
    o = torch.empty_like(q)
    BM = BN = 32
    fwd_kernel[(B * H, triton.cdiv(T, BM))](q, k, v, o, T, 1.0 / D ** 0.5, T * D, D, D=D, BM=BM, BN=BN,
                                            CAUSAL=causal, F64=q.dtype == torch.float64)
    return o
