import torch
import triton
import triton.language as tl


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, ACC: tl.constexpr):
    # tl.make_block_ptr / tl.advance are gone from this Triton: the same walk with plain blocks of pointers
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_m * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K)
    a_blk = a_ptr + offs_m[:, None] * stride_am + offs_k[None, :] * stride_ak      # block at (pid_m, 0)
    b_blk = b_ptr + offs_k[:, None] * stride_bk + offs_n[None, :] * stride_bn      # block at (0, pid_n)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=ACC)
    for k in range(0, K, BLOCK_K):
        a = tl.load(a_blk, mask=(offs_m[:, None] < M) & (offs_k[None, :] + k < K), other=0.0)    # boundary_check=(0, 1)
        b = tl.load(b_blk, mask=(offs_k[:, None] + k < K) & (offs_n[None, :] < N), other=0.0)    # boundary_check=(0, 1)
        acc += tl.dot(a, b, input_precision="ieee")
        a_blk += BLOCK_K * stride_ak                                                 # tl.advance(a_blk, (0, BLOCK_K))
        b_blk += BLOCK_K * stride_bn                                                 # tl.advance(b_blk, (BLOCK_K, 0))
    c_blk = c_ptr + offs_m[:, None] * stride_cm + offs_n[None, :] * stride_cn
    tl.store(c_blk, acc, mask=(offs_m[:, None] < M) & (offs_n[None, :] < N))


def matmul(a, b):
    M, K = a.shape
    N = b.shape[1]
    c = torch.empty(M, N, dtype=a.dtype, device=a.device)
    bm = bn = bk = 16
    grid = (triton.cdiv(M, bm), triton.cdiv(N, bn))
    matmul_kernel[grid](a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1), c.stride(0), c.stride(1),
                        BLOCK_M=bm, BLOCK_N=bn, BLOCK_K=bk, ACC=tl.float64 if a.dtype == torch.float64 else tl.float32)
    return c
