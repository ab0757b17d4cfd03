import torch
import triton
import triton.language as tl


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, ACC: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    # split the K reduction in two interleaved streams (even and odd K tiles), merged at the end
    acc_even = tl.zeros((BLOCK_M, BLOCK_N), dtype=ACC)
    acc_odd = tl.zeros((BLOCK_M, BLOCK_N), dtype=ACC)
    for k0 in range(0, K, 2 * BLOCK_K):
        k_even = k0 + tl.arange(0, BLOCK_K)
        k_odd = k_even + BLOCK_K
        a0 = tl.load(a_ptr + offs_m[:, None] * stride_am + k_even[None, :] * stride_ak,
                     mask=(offs_m[:, None] < M) & (k_even[None, :] < K), other=0.0)
        b0 = tl.load(b_ptr + k_even[:, None] * stride_bk + offs_n[None, :] * stride_bn,
                     mask=(k_even[:, None] < K) & (offs_n[None, :] < N), other=0.0)
        a1 = tl.load(a_ptr + offs_m[:, None] * stride_am + k_odd[None, :] * stride_ak,
                     mask=(offs_m[:, None] < M) & (k_odd[None, :] < K), other=0.0)
        b1 = tl.load(b_ptr + k_odd[:, None] * stride_bk + offs_n[None, :] * stride_bn,
                     mask=(k_odd[:, None] < K) & (offs_n[None, :] < N), other=0.0)
        acc_even += tl.dot(a0, b0, input_precision="ieee")
        acc_odd += tl.dot(a1, b1, input_precision="ieee")
    acc = acc_even
    c_mask = (offs_m[:, None] < M) & (offs_n[None, :] < N)
    tl.store(c_ptr + offs_m[:, None] * stride_cm + offs_n[None, :] * stride_cn, acc.to(c_ptr.dtype.element_ty), mask=c_mask)


def matmul(a, b):
    M, K = a.shape
    N = b.shape[1]
    c = torch.empty(M, N, dtype=a.dtype, device=a.device)
    bm = bn = bk = 16
    grid = (triton.cdiv(M, bm), triton.cdiv(N, bn))
    matmul_kernel[grid](a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1), c.stride(0), c.stride(1),
                        BLOCK_M=bm, BLOCK_N=bn, BLOCK_K=bk, ACC=tl.float64 if a.dtype == torch.float64 else tl.float32)
    return c
