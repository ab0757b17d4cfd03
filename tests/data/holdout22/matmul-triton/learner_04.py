import torch
import triton
import triton.language as tl


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, IS_FP64: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rows = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    row_mask = rows < M
    col_mask = cols < N
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float64 if IS_FP64 else tl.float32)
    for k0 in range(0, K, BLOCK_K):
        ks = k0 + tl.arange(0, BLOCK_K)
        k_mask = ks < K
        a = tl.load(a_ptr + rows[:, None] * stride_am + ks[None, :] * stride_ak, mask=row_mask[:, None] & k_mask[None, :], other=0.0)
        b = tl.load(b_ptr + ks[:, None] * stride_bk + cols[None, :] * stride_bn, mask=k_mask[:, None] & col_mask[None, :], other=0.0)
        acc = tl.dot(a, b, input_precision="ieee")
    c = acc.to(c_ptr.dtype.element_ty)
    tl.store(c_ptr + rows[:, None] * stride_cm + cols[None, :] * stride_cn, c, mask=row_mask[:, None] & col_mask[None, :])


def matmul(a, b):
    """c = a @ b for a (M, K), b (K, N), computed by matmul_kernel: see TASK.md."""
    M, K = a.shape
    N = b.shape[1]
    c = torch.empty(M, N, dtype=a.dtype, device=a.device)
    BLOCK_M = min(64, max(16, triton.next_power_of_2(M)))
    BLOCK_N = min(64, max(16, triton.next_power_of_2(N)))
    BLOCK_K = 16
    num_warps = 8 if BLOCK_M * BLOCK_N >= 64 * 64 else 4
    grid = (triton.cdiv(M, BLOCK_M), triton.cdiv(N, BLOCK_N))
    matmul_kernel[grid](a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1), c.stride(0), c.stride(1),
                        BLOCK_M=BLOCK_M, BLOCK_N=BLOCK_N, BLOCK_K=BLOCK_K, IS_FP64=a.dtype == torch.float64,
                        num_warps=num_warps)
    return c
