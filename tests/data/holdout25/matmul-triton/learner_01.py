import torch
import triton
import triton.language as tl


@triton.jit
def _grouped_tile(pid_m, pid_n, num_m, num_n, GROUP_M: tl.constexpr):
    # re-number the 2-D grid so that GROUP_M consecutive row tiles share the same b columns
    pid = pid_m * num_n + pid_n
    per_group = GROUP_M * num_n
    group = pid // per_group
    first_m = group * GROUP_M
    rows_in_group = tl.minimum(num_m - first_m, GROUP_M)
    tile_m = first_m + (pid % per_group) % rows_in_group
    tile_n = (pid % per_group) // rows_in_group
    return tile_m, tile_n


@triton.jit
def _load_tile(ptr, offs_r, offs_c, stride_r, stride_c, n_r, n_c):
    mask = (offs_r[:, None] < n_r) & (offs_c[None, :] < n_c)
    return tl.load(ptr + offs_r[:, None] * stride_r + offs_c[None, :] * stride_c, mask=mask, other=0.0)


@triton.jit
def _store_tile(ptr, offs_r, offs_c, stride_r, stride_c, n_r, n_c, tile):
    mask = (offs_r[:, None] < n_r) & (offs_c[None, :] < n_c)
    tl.store(ptr + offs_r[:, None] * stride_r + offs_c[None, :] * stride_c, tile, mask=mask)


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, GROUP_M: tl.constexpr,
                  ACC: tl.constexpr):
    pid_m, pid_n = _grouped_tile(tl.program_id(0), tl.program_id(1), tl.num_programs(0), tl.num_programs(1), GROUP_M)
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=ACC)
    for k0 in range(0, K, BLOCK_K):
        offs_k = k0 + tl.arange(0, BLOCK_K)
        a = _load_tile(a_ptr, offs_m, offs_k, stride_am, stride_ak, M, K)
        b = _load_tile(b_ptr, offs_k, offs_n, stride_bk, stride_bn, K, N)
        acc += tl.dot(a, b, input_precision="ieee")
    _store_tile(c_ptr, offs_m, offs_n, stride_cm, stride_cn, M, N, acc.to(c_ptr.dtype.element_ty))


def matmul(a, b):
    """c = a @ b for a (M, K), b (K, N), computed by matmul_kernel."""
    M, K = a.shape
    N = b.shape[1]
    c = torch.empty(M, N, dtype=a.dtype, device=a.device)
    bm = bn = bk = 16
    acc = tl.float64 if a.dtype == torch.float64 else tl.float32
    grid = (triton.cdiv(M, bm), triton.cdiv(N, bn))
    matmul_kernel[grid](a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1), c.stride(0), c.stride(1),
                        BLOCK_M=bm, BLOCK_N=bn, BLOCK_K=bk, GROUP_M=4, ACC=acc)
    return c
