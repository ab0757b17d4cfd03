import torch
import triton
import triton.language as tl


@triton.jit
def _gemm_tile(a_ptr, b_ptr, c_ptr, M, N, K, s_am, s_ak, s_bk, s_bn, s_cm, s_cn,
        BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr, ACC_DT: tl.constexpr):
    pm = tl.program_id(0)
    pn = tl.program_id(1)
    rm = pm * BM + tl.arange(0, BM)
    rn = pn * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    a_ptrs = a_ptr + rm[:, None] * s_am + rk[None, :] * s_ak
    b_ptrs = b_ptr + rk[:, None] * s_bk + rn[None, :] * s_bn
    acc = tl.zeros((BM, BN), dtype=ACC_DT)
    for kk in range(0, K, BK):
        a = tl.load(a_ptrs, mask=(rm[:, None] < M) & (rk[None, :] + kk < K), other=0.0)
        b = tl.load(b_ptrs, mask=(rk[:, None] + kk < K) & (rn[None, :] < N), other=0.0)
        acc += tl.dot(a, b, input_precision="ieee")
        a_ptrs += BK
        b_ptrs += BK * s_bk
    tl.store(c_ptr + rm[:, None] * s_cm + rn[None, :] * s_cn, acc, mask=(rm[:, None] < M) & (rn[None, :] < N))


def matmul(a, b):
    M, K = a.shape
    _, N = b.shape
    out = torch.empty((M, N), device=a.device, dtype=a.dtype)
    BM, BN, BK = 16, 32, 16
    acc_dt = tl.float64 if a.dtype == torch.float64 else tl.float32
    grid = (triton.cdiv(N, BN), triton.cdiv(M, BM))
    _gemm_tile[grid](a, b, out, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1), out.stride(0), out.stride(1),
              BM=BM, BN=BN, BK=BK, ACC_DT=acc_dt)
    return out
