import torch
import triton
import triton.language as tl


@triton.jit
def flash_kernel(Q, K, V, O, T, s, sbh, st, D: tl.constexpr, BM: tl.constexpr, BN: tl.constexpr,
                 C: tl.constexpr, F: tl.constexpr):
    i = tl.program_id(0) * BM + tl.arange(0, BM)
    z = tl.program_id(1) * sbh
    e = tl.arange(0, D)
    q = tl.load(Q + z + i[:, None] * st + e[None, :], mask=i[:, None] < T, other=0.0)
    m = tl.full([BM], -float("inf"), F)
    l = tl.zeros([BM], F)
    a = tl.zeros([BM, D], F)
    for n in range(0, T, BN):
        j = n + tl.arange(0, BN)
        k = tl.load(K + z + j[:, None] * st + e[None, :], mask=j[:, None] < T, other=0.0)
        v = tl.load(V + z + j[:, None] * st + e[None, :], mask=j[:, None] < T, other=0.0)
        x = tl.dot(q, tl.trans(k), input_precision="ieee") * s
        ok = j[None, :] < T
        if C:
            ok = ok & (j[None, :] <= i[:, None])
        x = tl.where(ok, x, -float("inf"))
        mn = tl.maximum(m, tl.max(x, 1))
        r = tl.exp(m - mn)
        p = tl.exp(x - mn[:, None])
        l = l + tl.sum(p, 1)
        a = r[:, None] * a + tl.dot(p.to(v.dtype), v, input_precision="ieee")
        m = mn
    tl.store(O + z + i[:, None] * st + e[None, :], (a / l[:, None]).to(O.dtype.element_ty), mask=i[:, None] < T)


def flash_attention(q, k, v, causal=True):
    B, H, T, D = q.shape
    q, k, v = q.contiguous(), k.contiguous(), v.contiguous()
    o = torch.empty_like(q)
    b = 16
    f = tl.float64 if q.dtype == torch.float64 else tl.float32
    g = (T // b, B * H)
    flash_kernel[g](q, k, v, o, T, D ** -0.5, q.stride(1), q.stride(2), D=D, BM=b, BN=b, C=causal, F=f)
    return o
