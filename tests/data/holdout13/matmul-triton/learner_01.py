import torch
import triton
import triton.language as tl


@triton.jit
def _mm(a_ptr, b_ptr, c_ptr, M, N, K, sa0, sa1, sb0, sb1, sc0, sc1,
        BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr, F64: tl.constexpr):
    i = tl.program_id(0)
    j = tl.program_id(1)
    rows = i * BM + tl.arange(0, BM)
    cols = j * BN + tl.arange(0, BN)
    ks = tl.arange(0, BK)
    pa = a_ptr + rows[:, None] * sa0 + ks[None, :] * sa1
    pb = b_ptr + ks[:, None] * sb0 + cols[None, :] * sb1
    acc = tl.zeros((BM, BN), dtype=tl.float64 if F64 else tl.float32)
    for step in range(0, tl.cdiv(K, BK)):
        k_left = K - step * BK
        x = tl.load(pa, mask=(rows[:, None] < M) & (ks[None, :] < k_left), other=0.0)
        y = tl.load(pb, mask=(ks[:, None] < k_left) & (cols[None, :] < N), other=0.0)
        acc = tl.dot(x, y, input_precision="ieee")
        pa += BK * sa1
        pb += BK * sb0
    tl.store(c_ptr + rows[:, None] * sc0 + cols[None, :] * sc1, acc, mask=(rows[:, None] < M) & (cols[None, :] < N))


def matmul(a, b):
    M, K = a.shape
    N = b.shape[1]
    c = torch.empty((M, N), dtype=a.dtype, device=a.device)
    BM, BN, BK = 16, 32, 32
    _mm[(triton.cdiv(M, BM), triton.cdiv(N, BN))](a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1),
                                                c.stride(0), c.stride(1), BM=BM, BN=BN, BK=BK, F64=a.dtype == torch.float64)
    return c
