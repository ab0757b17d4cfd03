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
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=ACC)
    for k0 in range(0, K, 2 * BLOCK_K):
        k_idx = k0 + tl.arange(0, BLOCK_K)
        a_blk = tl.load(a_ptr + m_idx[:, None] * stride_am + k_idx[None, :] * stride_ak,
                        mask=(m_idx[:, None] < M) & (k_idx[None, :] < K), other=0.0)
        b_blk = tl.load(b_ptr + k_idx[:, None] * stride_bk + n_idx[None, :] * stride_bn,
                        mask=(k_idx[:, None] < K) & (n_idx[None, :] < N), other=0.0)
        acc += tl.dot(a_blk, b_blk, input_precision="ieee", out_dtype=ACC)
    tl.store(c_ptr + m_idx[:, None] * stride_cm + n_idx[None, :] * stride_cn, acc,
             mask=(m_idx[:, None] < M) & (n_idx[None, :] < N))


def _tile(n, lo=16, hi=64):
    """A power-of-two tile for a dimension of n: at least tl.dot's 16, at most hi."""
    return max(lo, min(hi, triton.next_power_of_2(n)))


def matmul(a, b):
    """c = a @ b for a (M, K), b (K, N), computed by matmul_kernel."""
    M, K = a.shape
    N = b.shape[1]
    c = torch.empty(M, N, dtype=a.dtype, device=a.device)
    bm, bn, bk = _tile(M, hi=32), _tile(N, hi=32), _tile(K, hi=32)
    acc_t = tl.float64 if a.dtype == torch.float64 else tl.float32
    grid = (triton.cdiv(M, bm), triton.cdiv(N, bn))
    matmul_kernel[grid](a, b, c, M, N, K, a.stride(0), 1, b.stride(0), b.stride(1),
                        c.stride(0), c.stride(1), BLOCK_M=bm, BLOCK_N=bn, BLOCK_K=bk, ACC=acc_t, num_warps=4)
    return c
