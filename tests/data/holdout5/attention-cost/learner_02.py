import torch


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=4):
    # per head: QK^T is (T x d) @ (d x T) -> T*T*d multiply-adds, same again for A @ V
    macs = 2 * tokens * tokens * head_dim
    flops = 2 * macs * batch * heads * layers
    memory = batch * heads * tokens * tokens * bytes_per_element
    return {"flops": int(flops), "memory_bytes": int(memory)}
