import torch
import triton
import triton.language as tl


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    i = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    j = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=a_ptr.dtype.element_ty)
    for k0 in range(0, K // BLOCK_K * BLOCK_K, BLOCK_K):
        kk = k0 + tl.arange(0, BLOCK_K)
        a_tile = tl.load(a_ptr + i[:, None] * stride_am + kk[None, :] * stride_ak,
                         mask=(i[:, None] < M) & (kk[None, :] < K), other=0.0)
        b_tile = tl.load(b_ptr + kk[:, None] * stride_bk + j[None, :] * stride_bn,
                         mask=(kk[:, None] < K) & (j[None, :] < N), other=0.0)
        acc += tl.dot(a_tile, b_tile, input_precision="ieee")
    out_mask = (i[:, None] < M) & (j[None, :] < N)
    tl.store(c_ptr + i[:, None] * stride_cm + j[None, :] * stride_cn, acc, mask=out_mask)


def matmul(a, b):
    M, K = a.shape
    N = b.shape[1]
    c = torch.empty(M, N, dtype=a.dtype, device=a.device)
    BM, BN, BK = 16, 32, 16
    grid = (triton.cdiv(M, BM), triton.cdiv(N, BN))
    matmul_kernel[grid](a, b, c, M, N, K, K, 1, b.stride(0), b.stride(1), c.stride(0), c.stride(1),
                        BLOCK_M=BM, BLOCK_N=BN, BLOCK_K=BK)
    return c
