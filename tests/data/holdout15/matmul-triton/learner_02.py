import torch
import triton
import triton.language as tl


@triton.jit
def matmul_kernel(A, B, C, M, N, K, sam, sak, sbk, sbn, scm, scn,
                  BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr, F: tl.constexpr):
    i = tl.program_id(0) + tl.arange(0, BM)
    j = tl.program_id(1) * BN + tl.arange(0, BN)
    r = tl.arange(0, BK)
    s = tl.zeros((BM, BN), F)
    for t in range(K // BK):
        p = t * BK + r
        x = tl.load(A + i[:, None] * sam + p[None, :] * sak, mask=(i[:, None] < M) & (p[None, :] < K), other=0.0)
        y = tl.load(B + p[:, None] * sbk + j[None, :] * sbn, mask=(p[:, None] < K) & (j[None, :] < N), other=0.0)
        s += tl.dot(x, y, input_precision="ieee")
    tl.store(C + i[:, None] * scm + j[None, :] * scn, s.to(C.dtype.element_ty), mask=(i[:, None] < M) & (j[None, :] < N))


def matmul(a, b):
    M, K = a.shape
    N = b.shape[1]
    c = torch.empty(M, N, dtype=a.dtype, device=a.device)
    f = tl.float64 if a.dtype == torch.float64 else tl.float32
    g = (triton.cdiv(M, 16), triton.cdiv(N, 16))
    matmul_kernel[g](a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1), c.stride(0), c.stride(1),
                     BM=16, BN=16, BK=16, F=f)
    return c
