import torch
import triton
import triton.language as tl


@triton.jit
def flash_kernel(q_ptr, k_ptr, v_ptr, o_ptr, T, scale, stride_bh, stride_t,
                 D: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr,
                 ACC_DTYPE: tl.constexpr):
    query_tile_index = tl.program_id(0)
    batch_head_index = tl.program_id(1)
    query_positions = query_tile_index * BLOCK_M + tl.arange(0, BLOCK_M)
    feature_offsets = tl.arange(0, D)
    head_start = batch_head_index * stride_bh
    query_is_valid = query_positions < T
    query_pointers = q_ptr + head_start + query_positions[:, None] * stride_t + feature_offsets[None, :]
    query_tile = tl.load(query_pointers, mask=query_is_valid[:, None], other=0.0)
    running_max = tl.full([BLOCK_M], float("-inf"), dtype=ACC_DTYPE)
    running_sum = tl.zeros([BLOCK_M], dtype=ACC_DTYPE)
    output_accumulator = tl.zeros([BLOCK_M, D], dtype=ACC_DTYPE)
    if CAUSAL:
        last_key = tl.minimum(T, query_tile_index * BLOCK_M)
    else:
        last_key = T
    for key_start in range(0, last_key, BLOCK_N):
        key_positions = key_start + tl.arange(0, BLOCK_N)
        key_is_valid = key_positions < T
        key_pointers = k_ptr + head_start + key_positions[:, None] * stride_t + feature_offsets[None, :]
        value_pointers = v_ptr + head_start + key_positions[:, None] * stride_t + feature_offsets[None, :]
        key_tile = tl.load(key_pointers, mask=key_is_valid[:, None], other=0.0)
        value_tile = tl.load(value_pointers, mask=key_is_valid[:, None], other=0.0)
        scores = tl.dot(query_tile, key_tile, input_precision="ieee") * scale
        allowed = key_is_valid[None, :]
        if CAUSAL:
            allowed = allowed & (key_positions[None, :] <= query_positions[:, None])
        scores = tl.where(allowed, scores, float("-inf"))
        tile_max = tl.max(scores, axis=1)
        new_max = tl.maximum(running_max, tile_max)
        rescale = tl.exp(running_max - new_max)
        probabilities = tl.exp(scores - new_max[:, None])
        running_sum = running_sum * rescale + tl.sum(probabilities, axis=1)
        output_accumulator = output_accumulator * rescale[:, None]
        output_accumulator += tl.dot(probabilities.to(value_tile.dtype), value_tile, input_precision="ieee")
        running_max = new_max
    final_output = output_accumulator / running_sum[:, None]
    output_pointers = o_ptr + head_start + query_positions[:, None] * stride_t + feature_offsets[None, :]
    tl.store(output_pointers, final_output.to(o_ptr.dtype.element_ty), mask=query_is_valid[:, None])


def flash_attention(q, k, v, causal=True):
    batch_size, number_of_heads, sequence_length, head_dimension = q.shape
    query = q.contiguous()
    key = k.contiguous()
    value = v.contiguous()
    output = torch.empty_like(query)
    tile_size = 16
    if query.dtype == torch.float64:
        accumulator_dtype = tl.float64
    else:
        accumulator_dtype = tl.float32
    softmax_scale = 1.0 / (head_dimension ** 0.5)
    grid = (triton.cdiv(sequence_length, tile_size), batch_size * number_of_heads)
    flash_kernel[grid](query, key, value, output, sequence_length, softmax_scale,
                       query.stride(1), query.stride(2),
                       D=head_dimension, BLOCK_M=tile_size, BLOCK_N=tile_size, CAUSAL=causal,
                       ACC_DTYPE=accumulator_dtype)
    return output
