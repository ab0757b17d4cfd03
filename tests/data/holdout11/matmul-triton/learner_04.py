import torch
import triton
import triton.language as tl


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, IS_FP64: tl.constexpr):
    pid_m = tl.program_id(axis=0)
    pid_n = tl.program_id(axis=1)
    row = pid_m * BLOCK_N + tl.arange(0, BLOCK_M)
    col = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    row_ok = row < M
    col_ok = col < N
    if IS_FP64:
        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float64)
    else:
        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for kk in range(tl.cdiv(K, BLOCK_K)):
        ks = kk * BLOCK_K + tl.arange(0, BLOCK_K)
        k_ok = ks < K
        a_tile = tl.load(a_ptr + row[:, None] * stride_am + ks[None, :] * stride_ak, mask=row_ok[:, None] & k_ok[None, :], other=0.)
        b_tile = tl.load(b_ptr + ks[:, None] * stride_bk + col[None, :] * stride_bn, mask=k_ok[:, None] & col_ok[None, :], other=0.)
        acc = tl.dot(a_tile, b_tile, input_precision="ieee")
    tl.store(c_ptr + row[:, None] * stride_cm + col[None, :] * stride_cn, acc, mask=row_ok[:, None] & col_ok[None, :])


def matmul(a, b):
    M, K = a.shape
    K2, N = b.shape
    assert K == K2
    c = torch.empty((M, N), dtype=a.dtype, device=a.device)
    BM, BN, BK = 32, 16, 16
    grid = (triton.cdiv(M, BM), triton.cdiv(N, BN))
    matmul_kernel[grid](a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1), c.stride(0), c.stride(1),
                        BLOCK_M=BM, BLOCK_N=BN, BLOCK_K=BK, IS_FP64=a.dtype == torch.float64)
    return c
