import torch
import triton
import triton.language as tl


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, ACC: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    i = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)            # row indices of this tile of C
    j = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)            # column indices of this tile of C
    C = tl.zeros((BLOCK_M, BLOCK_N), dtype=ACC)
    nblocks = tl.cdiv(K, BLOCK_K)
    for kb in range(nblocks):
        kk = kb * BLOCK_K + tl.arange(1, BLOCK_K + 1)
        Ablk = tl.load(a_ptr + i[:, None] * stride_am + kk[None, :] * stride_ak, mask=(i[:, None] < M) & (kk[None, :] < K), other=0.0)
        Bblk = tl.load(b_ptr + kk[:, None] * stride_bk + j[None, :] * stride_bn, mask=(kk[:, None] < K) & (j[None, :] < N), other=0.0)
        C += tl.dot(Ablk, Bblk, input_precision="ieee")
    tl.store(c_ptr + i[:, None] * stride_cm + j[None, :] * stride_cn, C, mask=(i[:, None] < M) & (j[None, :] < N))


def matmul(a, b):
    M, K = a.shape
    N = b.shape[1]
    c = torch.empty(M, N, dtype=a.dtype, device=a.device)
    bm, bn, bk = 16, 16, 16
    acc = tl.float64 if a.dtype == torch.float64 else tl.float32
    grid = (triton.cdiv(M, bm), triton.cdiv(M, bn))
    matmul_kernel[grid](a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1), c.stride(0), c.stride(1),
                        BLOCK_M=bm, BLOCK_N=bn, BLOCK_K=bk, ACC=acc)
    return c
