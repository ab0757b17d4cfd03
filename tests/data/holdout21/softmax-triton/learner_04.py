import torch
import triton
import triton.language as tl

NEGATIVE_INFINITY = tl.constexpr(float("-inf"))


@triton.jit
def softmax_kernel(input_pointer, output_pointer, number_of_columns, input_row_stride, output_row_stride,
                   BLOCK_SIZE: tl.constexpr):
    row_index = tl.program_id(0)
    column_offsets = tl.arange(0, BLOCK_SIZE)
    column_mask = column_offsets < number_of_columns
    input_row_pointer = input_pointer + row_index * input_row_stride
    row_values = tl.load(input_row_pointer + column_offsets, mask=column_mask, other=NEGATIVE_INFINITY)
    row_maximum = tl.max(row_values, axis=0)
    shifted_values = row_values - row_maximum
    exponential_values = tl.exp2(shifted_values)
    denominator = tl.sum(exponential_values, axis=0)
    softmax_values = exponential_values / denominator
    output_row_pointer = output_pointer + row_index * output_row_stride
    tl.store(output_row_pointer + column_offsets, softmax_values, mask=column_mask)


def get_block_size(number_of_columns):
    return triton.next_power_of_2(number_of_columns)


def softmax(x):
    contiguous_input = x.contiguous()
    number_of_rows, number_of_columns = contiguous_input.shape
    output_tensor = torch.empty_like(contiguous_input, dtype=torch.float32)
    softmax_kernel[(number_of_rows,)](contiguous_input, output_tensor, number_of_columns,
                                      contiguous_input.stride(0), output_tensor.stride(0),
                                      BLOCK_SIZE=get_block_size(number_of_columns))
    return output_tensor
