import numpy as np

FLOPS_PER_MULTIPLY_ADD = 2
MATMULS_PER_ATTENTION = 2


def get_flops_per_matmul(batch, heads, head_dim, tokens):
    return FLOPS_PER_MULTIPLY_ADD * batch * heads * tokens * tokens * head_dim


def get_score_matrix_elements(batch, heads, tokens):
    return batch * heads * tokens * tokens


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    total_flops = 0
    for layer_index in range(layers):
        for matmul_index in range(MATMULS_PER_ATTENTION):
            total_flops += get_flops_per_matmul(batch, heads, head_dim, tokens)
    memory_bytes = get_score_matrix_elements(batch, heads, tokens) * bytes_per_element * layers
    return {"flops": total_flops, "memory_bytes": memory_bytes}
