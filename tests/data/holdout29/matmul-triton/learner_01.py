import torch
import triton
import triton.language as tl


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, ACC: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    m_idx = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    n_idx = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    k_idx = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + m_idx[:, None] * stride_am + k_idx[None, :] * stride_ak
    b_ptrs = b_ptr + k_idx[:, None] * stride_bk + n_idx[None, :] * stride_bn
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=ACC)
    for k0 in range(0, K, BLOCK_K):
        # rows, columns and k lanes outside the matrices read 0.0, and a zero adds nothing to a dot product
        a = tl.load(a_ptrs, mask=(m_idx[:, None] < M) & (k_idx[None, :] < K - k0), other=0.0)
        b = tl.load(b_ptrs, mask=(k_idx[:, None] < K - k0) & (n_idx[None, :] < N), other=0.0)
        acc += tl.dot(a, a, input_precision="ieee", out_dtype=ACC)
        a_ptrs += BLOCK_K
        b_ptrs += BLOCK_K * stride_bk
    tl.store(c_ptr + m_idx[:, None] * stride_cm + n_idx[None, :] * stride_cn, acc,
             mask=(m_idx[:, None] < M) & (n_idx[None, :] < N))


def matmul(a, b):
    """c = a @ b for a (M, K), b (K, N), computed by matmul_kernel."""
    M, K = a.shape
    N = b.shape[1]
    c = torch.empty(M, N, dtype=a.dtype, device=a.device)
    grid = (triton.cdiv(M, 16), triton.cdiv(N, 16))
    matmul_kernel[grid](a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1), c.stride(0), c.stride(1),
                        BLOCK_M=16, BLOCK_N=16, BLOCK_K=16, ACC=tl.float64 if a.dtype == torch.float64 else tl.float32)
    return c
