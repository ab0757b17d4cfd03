import torch
import triton
import triton.language as tl


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, ACC_DTYPE: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    offsM = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offsN = pid_m * BLOCK_N + tl.arange(0, BLOCK_N)
    offsK = tl.arange(0, BLOCK_K)
    aPtrs = a_ptr + offsM[:, None] * stride_am + offsK[None, :] * stride_ak
    bPtrs = b_ptr + offsK[:, None] * stride_bk + offsN[None, :] * stride_bn
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=ACC_DTYPE)
    for kTile in range(0, tl.cdiv(K, BLOCK_K)):
        kLeft = K - kTile * BLOCK_K
        aTile = tl.load(aPtrs, mask=(offsM[:, None] < M) & (offsK[None, :] < kLeft), other=0.0)
        bTile = tl.load(bPtrs, mask=(offsK[:, None] < kLeft) & (offsN[None, :] < N), other=0.0)
        acc = tl.dot(aTile, bTile, input_precision="ieee")
        aPtrs += BLOCK_K
        bPtrs += BLOCK_K * stride_bk
    cPtrs = c_ptr + offsM[:, None] * stride_cm + offsN[None, :] * stride_cn
    tl.store(cPtrs, acc.to(c_ptr.dtype.element_ty), mask=(offsM[:, None] < M) & (offsN[None, :] < N))


def accDtypeFor(dtype):
    if dtype == torch.float64:
        return tl.float64
    if dtype == torch.float32:
        return tl.float32
    raise ValueError("unsupported dtype %s" % dtype)


def matmul(a, b):
    if len(a.shape) != 2 or len(b.shape) != 2:
        raise ValueError("a and b must be 2-D")
    if a.shape[1] != b.shape[0]:
        raise ValueError("shape mismatch %s x %s" % (tuple(a.shape), tuple(b.shape)))
    M, K = a.shape
    N = b.shape[1]
    c = torch.empty(M, N, dtype=a.dtype, device=a.device)
    blockM, blockN, blockK = 16, 16, 16
    grid = (triton.cdiv(M, blockM), triton.cdiv(N, blockN))
    matmul_kernel[grid](a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1), c.stride(0), c.stride(1),
                        BLOCK_M=blockM, BLOCK_N=blockN, BLOCK_K=blockK, ACC_DTYPE=accDtypeFor(a.dtype))
    return c
