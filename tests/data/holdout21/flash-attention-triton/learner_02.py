import math

import torch
import triton
import triton.language as tl

TILE_SIZE = 16


@triton.jit
def flash_kernel(q_ptr, k_ptr, v_ptr, o_ptr, T, scale, stride_bh, stride_t,
                 D: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr,
                 ACCUMULATOR_TYPE: tl.constexpr):
    query_tile_index = tl.program_id(0)
    batch_head_index = tl.program_id(1)
    query_positions = query_tile_index * BLOCK_M + tl.arange(0, BLOCK_M)
    feature_offsets = tl.arange(0, D)
    query_is_valid = query_positions < T
    head_offset = batch_head_index * stride_bh
    query_pointers = q_ptr + head_offset + query_positions[:, None] * stride_t + feature_offsets[None, :]
    query_tile = tl.load(query_pointers, mask=query_is_valid[:, None], other=0.0)
    running_max = tl.full((BLOCK_M,), float("-inf"), dtype=ACCUMULATOR_TYPE)
    running_sum = tl.zeros((BLOCK_M,), dtype=ACCUMULATOR_TYPE)
    output_accumulator = tl.zeros((BLOCK_M, D), dtype=ACCUMULATOR_TYPE)
    number_of_key_tiles = tl.cdiv(T, BLOCK_N)
    for key_tile_index in range(number_of_key_tiles):
        key_positions = key_tile_index * BLOCK_N + tl.arange(0, BLOCK_N)
        key_is_valid = key_positions < T
        key_pointers = k_ptr + head_offset + key_positions[:, None] * stride_t + feature_offsets[None, :]
        value_pointers = v_ptr + head_offset + key_positions[:, None] * stride_t + feature_offsets[None, :]
        key_tile = tl.load(key_pointers, mask=key_is_valid[:, None], other=0.0)
        value_tile = tl.load(value_pointers, mask=key_is_valid[:, None], other=0.0)
        attention_scores = tl.dot(query_tile, tl.trans(key_tile), input_precision="ieee") * scale
        score_is_visible = key_is_valid[None, :]
        if CAUSAL:
            score_is_visible = score_is_visible & (key_positions[None, :] <= query_positions[:, None])
        attention_scores = tl.where(score_is_visible, attention_scores, float("-inf"))
        new_max = tl.maximum(running_max, tl.max(attention_scores, axis=1))
        correction_factor = tl.exp(running_max - new_max)
        probabilities = tl.exp(attention_scores - new_max[:, None])
        running_sum = running_sum + tl.sum(probabilities, axis=1)
        weighted_values = tl.dot(probabilities.to(value_tile.dtype), value_tile, input_precision="ieee")
        output_accumulator = output_accumulator * correction_factor[:, None] + weighted_values
        running_max = new_max
    normalised_output = output_accumulator / running_sum[:, None]
    output_pointers = o_ptr + head_offset + query_positions[:, None] * stride_t + feature_offsets[None, :]
    tl.store(output_pointers, normalised_output.to(o_ptr.dtype.element_ty), mask=query_is_valid[:, None])


def get_scale_factor(head_dimension):
    return 1.0 / head_dimension


def get_accumulator_type(tensor):
    return tl.float64 if tensor.dtype == torch.float64 else tl.float32


def flash_attention(q, k, v, causal=True):
    batch_size, number_of_heads, sequence_length, head_dimension = q.shape
    q, k, v = q.contiguous(), k.contiguous(), v.contiguous()
    output_tensor = torch.empty_like(q)
    launch_grid = (triton.cdiv(sequence_length, TILE_SIZE), batch_size * number_of_heads)
    flash_kernel[launch_grid](q, k, v, output_tensor, sequence_length, get_scale_factor(head_dimension),
                              q.stride(1), q.stride(2), D=head_dimension, BLOCK_M=TILE_SIZE, BLOCK_N=TILE_SIZE,
                              CAUSAL=causal, ACCUMULATOR_TYPE=get_accumulator_type(q))
    return output_tensor
