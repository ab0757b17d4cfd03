import torch
import triton
import triton.language as tl


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
                  ACCUMULATOR_DTYPE: tl.constexpr):
    row_block_index = tl.program_id(0)
    column_block_index = tl.program_id(1)
    row_indices = row_block_index * BLOCK_M + tl.arange(0, BLOCK_M)
    column_indices = column_block_index * BLOCK_N + tl.arange(0, BLOCK_N)
    inner_offsets = tl.arange(0, BLOCK_K)
    row_is_valid = row_indices < M
    column_is_valid = column_indices < N
    running_total = tl.zeros((BLOCK_M, BLOCK_N), dtype=ACCUMULATOR_DTYPE)
    for inner_start in range(0, K, BLOCK_M):
        inner_indices = inner_offsets
        inner_is_valid = inner_indices < K
        a_addresses = a_ptr + row_indices[:, None] * stride_am + inner_indices[None, :] * stride_ak
        b_addresses = b_ptr + inner_indices[:, None] * stride_bk + column_indices[None, :] * stride_bn
        a_tile = tl.load(a_addresses, mask=row_is_valid[:, None] & inner_is_valid[None, :], other=0.0)
        b_tile = tl.load(b_addresses, mask=inner_is_valid[:, None] & column_is_valid[None, :], other=0.0)
        running_total += tl.dot(a_tile, b_tile, input_precision="ieee")
    c_addresses = c_ptr + row_indices[:, None] * stride_cm + column_indices[None, :] * stride_cn
    tl.store(c_addresses, running_total.to(c_ptr.dtype.element_ty), mask=row_is_valid[:, None] & column_is_valid[None, :])


def matmul(a, b):
    number_of_rows = a.shape[0]
    inner_size = a.shape[1]
    number_of_columns = b.shape[1]
    result = torch.empty(number_of_rows, number_of_columns, dtype=torch.float32, device=a.device)
    block_rows = 32
    block_columns = 32
    block_inner = 16
    if a.dtype == torch.float64:
        accumulator_dtype = tl.float64
    else:
        accumulator_dtype = tl.float32
    grid = (triton.cdiv(number_of_rows, block_rows), triton.cdiv(number_of_columns, block_columns))
    matmul_kernel[grid](a, b, result, number_of_rows, number_of_columns, inner_size,
                        a.stride(0), a.stride(1), b.stride(0), b.stride(1), result.stride(0), result.stride(1),
                        BLOCK_M=block_rows, BLOCK_N=block_columns, BLOCK_K=block_inner,
                        ACCUMULATOR_DTYPE=accumulator_dtype)
    return result
