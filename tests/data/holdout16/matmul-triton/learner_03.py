import torch
import triton
import triton.language as tl


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    tile_row = tl.program_id(1)
    tile_col = tl.program_id(1)
    row_start = tl.multiple_of(tile_row * BLOCK_M, BLOCK_M)
    col_start = tl.multiple_of(tile_col * BLOCK_N, BLOCK_N)
    rows = row_start + tl.arange(0, BLOCK_M)
    cols = col_start + tl.arange(0, BLOCK_N)
    ks = tl.arange(0, BLOCK_K)
    row_ok = rows < M
    col_ok = cols < N
    is_fp64 = a_ptr.dtype.element_ty == tl.float64
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float64 if is_fp64 else tl.float32)
    n_k_tiles = K // BLOCK_K
    for t in range(n_k_tiles):
        k_cur = t + ks
        a_blk = tl.load(a_ptr + rows[:, None] * stride_am + k_cur[None, :] * stride_ak,
                        mask=row_ok[:, None] & (k_cur[None, :] < K), other=0.0)
        b_blk = tl.load(b_ptr + k_cur[:, None] * stride_bk + cols[None, :] * stride_bn,
                        mask=(k_cur[:, None] < K) & col_ok[None, :], other=0.0)
        acc += tl.dot(a_blk, b_blk, input_precision="ieee")
    out = c_ptr + rows[:, None] * stride_cm + cols[None, :] * stride_cn
    tl.store(out, acc.to(c_ptr.dtype.element_ty), mask=row_ok[:, None] & col_ok[None, :])


def matmul(a, b):
    M, K = a.shape
    N = b.shape[1]
    c = torch.empty((M, N), dtype=a.dtype, device=a.device)
    grid = (triton.cdiv(M, 16), triton.cdiv(N, 16))
    matmul_kernel[grid](a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1), c.stride(0), c.stride(1),
                        BLOCK_M=16, BLOCK_N=16, BLOCK_K=16)
    return c
