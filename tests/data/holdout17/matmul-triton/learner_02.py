import torch
import triton
import triton.language as tl


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, ACC: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    rk = tl.arange(0, BLOCK_K)
    A = a_ptr + (rm[:, None] * stride_am + rk[None, :] * stride_ak)
    B = b_ptr + (rk[:, None] * stride_bk + rn[None, :] * stride_bn)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=ACC)
    for k in range(0, K // BLOCK_K):
        k_left = K - k * BLOCK_K
        a = tl.load(A, mask=(rm[:, None] < M) & (rk[None, :] < k_left), other=0.0)
        b = tl.load(B, mask=(rk[:, None] < k_left) & (rn[None, :] < N), other=0.0)
        acc += tl.dot(b, a, input_precision="ieee")
        A += BLOCK_K * stride_ak
        B += BLOCK_K * stride_bk
    rcm = pid_n * BLOCK_N + tl.arange(0, BLOCK_M)
    rcn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    C = c_ptr + rcm[:, None] * stride_cm + rcn[None, :] * stride_cn
    tl.store(C, acc.to(c_ptr.dtype.element_ty), mask=(rcm[:, None] < M) & (rcn[None, :] < N))


def matmul(a, b):
    M, K = a.shape
    N = b.shape[1]
    c = torch.empty(M, N, dtype=a.dtype, device=a.device)
    bm = bn = bk = 16
    grid = (triton.cdiv(M, bm), triton.cdiv(N, bn))
    acc = tl.float64 if a.dtype == torch.float64 else tl.float32
    matmul_kernel[grid](a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1), c.stride(0), c.stride(1),
                        BLOCK_M=bm, BLOCK_N=bn, BLOCK_K=bk, ACC=acc, num_warps=4)
    return c
