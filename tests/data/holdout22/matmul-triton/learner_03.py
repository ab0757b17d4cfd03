import torch
import triton
import triton.language as tl


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, ACC_TYPE: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    i = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    j = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    kk = tl.arange(0, BLOCK_K)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=ACC_TYPE)
    n_k_tiles = K // BLOCK_K
    for t in range(n_k_tiles):
        k = t * BLOCK_K + kk
        a_tile = tl.load(a_ptr + i[:, None] * stride_am + k[None, :] * stride_ak, mask=(i[:, None] < M) & (k[None, :] < K), other=0.0)
        b_tile = tl.load(b_ptr + k[:, None] * stride_bk + j[None, :] * stride_bn, mask=(k[:, None] < K) & (j[None, :] < N), other=0.0)
        acc += tl.dot(a_tile, b_tile, input_precision="ieee")
    out = acc.to(tl.float32)
    tl.store(c_ptr + i[:, None] * stride_cm + j[None, :] * stride_cn, out, mask=(i[:, None] < M) & (j[None, :] < N))


def matmul(a, b):
    """c = a @ b for a (M, K), b (K, N), computed by matmul_kernel: see TASK.md."""
    M = a.shape[0]
    K = a.shape[1]
    N = b.shape[1]
    c = torch.empty(M, N, dtype=a.dtype, device=a.device)
    BM = 16
    BN = 16
    BK = 16
    if a.dtype == torch.float64:
        acc_type = tl.float64
    else:
        acc_type = tl.float32
    grid = (triton.cdiv(M, BM), triton.cdiv(N, BN))
    matmul_kernel[grid](a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1), c.stride(0), c.stride(1),
                        BLOCK_M=BM, BLOCK_N=BN, BLOCK_K=BK, ACC_TYPE=acc_type)
    return c
