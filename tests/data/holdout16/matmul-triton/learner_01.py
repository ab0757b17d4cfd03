import torch
import triton
import triton.language as tl


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    row = tl.multiple_of(pid_m * BLOCK_M, BLOCK_M) + tl.arange(0, BLOCK_M)
    col = tl.multiple_of(pid_n * BLOCK_N, BLOCK_N) + tl.arange(0, BLOCK_N)
    kk = tl.arange(0, BLOCK_K)
    tile = tl.zeros((BLOCK_M, BLOCK_N), dtype=c_ptr.dtype.element_ty)
    for k0 in range(0, K, BLOCK_K):
        k_idx = k0 + kk
        a_tile = tl.load(a_ptr + row[:, None] * stride_am + k_idx[None, :],
                         mask=(row[:, None] < M) & (k_idx[None, :] < K), other=0.0)
        b_tile = tl.load(b_ptr + k_idx[:, None] * stride_bk + col[None, :] * stride_bn,
                         mask=(k_idx[:, None] < K) & (col[None, :] < N), other=0.0)
        tile += tl.dot(a_tile, b_tile, input_precision="ieee")
    c_off = row[:, None] * stride_cm + col[None, :] * stride_cn
    tl.store(c_ptr + c_off, tile, mask=(row[:, None] < M) & (col[None, :] < N))


def matmul(a, b):
    M, K = a.shape
    K2, N = b.shape
    assert K == K2, "inner dimensions differ"
    c = torch.empty(M, N, dtype=a.dtype, device=a.device)
    BM, BN, BK = 16, 16, 16
    grid = (triton.cdiv(N, BN), triton.cdiv(M, BM))
    matmul_kernel[grid](a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1), c.stride(0), c.stride(1),
                        BLOCK_M=BM, BLOCK_N=BN, BLOCK_K=BK)
    return c
