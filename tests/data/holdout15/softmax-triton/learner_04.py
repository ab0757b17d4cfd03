import torch
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(x_ptr, out_ptr, n_cols, row_stride, BLOCK: tl.constexpr):
    row_number = tl.program_id(0)
    column_numbers = tl.arange(0, BLOCK)
    column_is_inside_row = column_numbers < n_cols
    row_start_pointer = x_ptr + row_number * row_stride
    input_pointers = row_start_pointer + column_numbers
    row_values = tl.load(input_pointers, mask=column_is_inside_row, other=-float("inf"))
    largest_value = tl.max(row_values, axis=0)
    shifted_values = row_values - largest_value
    exponentials = tl.exp(shifted_values)
    sum_of_exponentials = tl.sum(exponentials, axis=0)
    probabilities = exponentials / sum_of_exponentials
    output_pointers = out_ptr + row_number * row_stride + column_numbers
    tl.store(output_pointers, probabilities.to(out_ptr.dtype.element_ty), mask=column_is_inside_row)


def softmax(x):
    contiguous_input = x.contiguous()
    number_of_rows, number_of_columns = contiguous_input.shape
    output = torch.empty_like(contiguous_input, dtype=torch.float32)
    block_size = triton.next_power_of_2(number_of_columns)
    grid = (number_of_rows,)
    softmax_kernel[grid](contiguous_input, output, number_of_columns, contiguous_input.stride(1), BLOCK=block_size)
    return output
