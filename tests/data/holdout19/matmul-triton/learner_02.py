import torch
import triton
import triton.language as tl


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, IS_FP64: tl.constexpr):
    tl.static_assert(BLOCK_M >= 16 and BLOCK_N >= 16 and BLOCK_K >= 16, "tl.dot needs tiles of at least 16")
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rows = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    ks = tl.arange(0, BLOCK_K)
    row_ok = rows < M
    col_ok = cols < N
    if IS_FP64:
        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float64)
    else:
        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    n_k_tiles = K // BLOCK_K
    for kt in range(0, n_k_tiles):
        k_idx = kt * BLOCK_K + ks
        k_ok = k_idx < K
        a_tile = tl.load(a_ptr + rows[:, None] * stride_am + k_idx[None, :] * stride_ak,
                         mask=row_ok[:, None] & k_ok[None, :], other=0.0)
        b_tile = tl.load(b_ptr + k_idx[:, None] * stride_bk + cols[None, :] * stride_bn,
                         mask=k_ok[:, None] & col_ok[None, :], other=0.0)
        if IS_FP64:
            acc = tl.dot(a_tile.to(tl.float64), b_tile.to(tl.float64), acc)
        else:
            acc = tl.dot(a_tile.to(tl.float32), b_tile.to(tl.float32), acc, input_precision="ieee")
    tl.store(c_ptr + rows[:, None] * stride_cm + cols[None, :] * stride_cn, acc.to(c_ptr.dtype.element_ty),
             mask=row_ok[:, None] & col_ok[None, :])


def matmul(a, b):
    """c = a @ b for a (M, K), b (K, N), computed by matmul_kernel: see TASK.md."""
    assert len(a.shape) == 2 and len(b.shape) == 2, "matmul expects 2-D tensors"
    assert a.shape[1] == b.shape[0], "inner dimensions must agree"
    assert a.dtype == b.dtype, "a and b must share a dtype"
    M, K = a.shape
    N = b.shape[1]
    c = torch.empty(M, N, dtype=torch.float32, device=a.device)
    bm = bn = bk = 16  # tl.dot's smallest tile: quick in the interpreter
    grid = (triton.cdiv(M, bm), triton.cdiv(N, bn))
    matmul_kernel[grid](a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1), c.stride(0), c.stride(1),
                        BLOCK_M=bm, BLOCK_N=bn, BLOCK_K=bk, IS_FP64=a.dtype == torch.float64)
    return c
