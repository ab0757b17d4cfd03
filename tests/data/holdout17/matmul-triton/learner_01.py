import torch
import triton
import triton.language as tl


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, ACC_FP64: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    # the rows of c (and a) and the columns of c (and b) this program owns
    rows = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    # accumulate in fp32, or in fp64 when the inputs are fp64
    if ACC_FP64:
        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float64)
    else:
        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    # walk along K one BLOCK_K slice at a time
    for k0 in range(0, K, BLOCK_K):
        ks = k0 + tl.arange(0, BLOCK_K)
        # out-of-range rows, columns and k's read 0 so they add nothing to the dot product
        a_tile = tl.load(a_ptr + rows[:, None] * stride_am + ks[None, :] * stride_ak,
                         mask=(rows[:, None] < M) & (ks[None, :] < K), other=0.0)
        b_tile = tl.load(b_ptr + ks[:, None] * stride_bk + cols[None, :] * stride_bn,
                         mask=(ks[:, None] < K) & (cols[None, :] < N), other=0.0)
        acc = tl.dot(a_tile, b_tile, input_precision="ieee")
    # store only the part of the tile that lies inside c
    out_mask = (rows[:, None] < M) & (cols[None, :] < N)
    tl.store(c_ptr + rows[:, None] * stride_cm + cols[None, :] * stride_cn, acc, mask=out_mask)


def matmul(a, b):
    """c = a @ b for a (M, K), b (K, N), one program per (BLOCK_M, BLOCK_N) tile of c."""
    M, K = a.shape
    N = b.shape[1]
    c = torch.empty(M, N, dtype=a.dtype, device=a.device)
    bm = bn = bk = 16
    grid = (triton.cdiv(M, bm), triton.cdiv(N, bn))
    matmul_kernel[grid](a, b, c, M, N, K, K, 1, b.stride(0), b.stride(1), c.stride(0), c.stride(1),
                        BLOCK_M=bm, BLOCK_N=bn, BLOCK_K=bk, ACC_FP64=a.dtype == torch.float64)
    return c
