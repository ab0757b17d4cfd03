import torch
import triton
import triton.language as tl

TILE_SIZE_M = 16
TILE_SIZE_N = 16
TILE_SIZE_K = 16


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, ACCUMULATOR_TYPE: tl.constexpr):
    program_index_m = tl.program_id(0)
    program_index_n = tl.program_id(1)
    row_indices = program_index_m * BLOCK_M + tl.arange(0, BLOCK_M)
    column_indices = program_index_n * BLOCK_N + tl.arange(0, BLOCK_N)
    inner_offsets = tl.arange(0, BLOCK_K)
    row_is_valid = row_indices < M
    column_is_valid = column_indices < N
    accumulator = tl.zeros((BLOCK_M, BLOCK_N), dtype=ACCUMULATOR_TYPE)
    number_of_k_tiles = tl.cdiv(K, BLOCK_K)
    for k_tile_index in range(number_of_k_tiles):
        current_inner_indices = k_tile_index + inner_offsets
        inner_is_valid = current_inner_indices < K
        a_tile_pointers = a_ptr + row_indices[:, None] * stride_am + current_inner_indices[None, :] * stride_ak
        b_tile_pointers = b_ptr + current_inner_indices[:, None] * stride_bk + column_indices[None, :] * stride_bn
        a_tile = tl.load(a_tile_pointers, mask=row_is_valid[:, None] & inner_is_valid[None, :], other=0.0)
        b_tile = tl.load(b_tile_pointers, mask=inner_is_valid[:, None] & column_is_valid[None, :], other=0.0)
        accumulator = tl.dot(a_tile, b_tile, input_precision="ieee")
    c_tile_pointers = c_ptr + row_indices[:, None] * stride_cm + column_indices[None, :] * stride_cn
    tl.store(c_tile_pointers, accumulator, mask=row_is_valid[:, None] & column_is_valid[None, :])


def get_grid(number_of_rows, number_of_columns):
    return (triton.cdiv(number_of_rows, TILE_SIZE_M), triton.cdiv(number_of_columns, TILE_SIZE_N))


def get_accumulator_type(tensor):
    return tl.float64 if tensor.dtype == torch.float64 else tl.float32


def matmul(a, b):
    number_of_rows, inner_dimension = a.shape
    number_of_columns = b.shape[1]
    result_matrix = torch.empty(number_of_rows, number_of_columns, dtype=a.dtype, device=a.device)
    matmul_kernel[get_grid(number_of_rows, number_of_columns)](
        a, b, result_matrix, number_of_rows, number_of_columns, inner_dimension,
        a.stride(0), a.stride(1), b.stride(0), b.stride(1), result_matrix.stride(0), result_matrix.stride(1),
        BLOCK_M=TILE_SIZE_M, BLOCK_N=TILE_SIZE_N, BLOCK_K=TILE_SIZE_K, ACCUMULATOR_TYPE=get_accumulator_type(a))
    return result_matrix
