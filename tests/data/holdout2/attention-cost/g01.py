import numpy as np

FP16_BYTES = 2


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    n = np.int64(batch) * heads * tokens * tokens
    flops = n * head_dim * 2 * 2 * layers
    return {"flops": int(flops), "memory_bytes": int(n * FP16_BYTES)}
