import torch


def matmul_flops(m, k, n):
    return 2 * m * k * n


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    """Attention FLOPs and memory: see TASK.md."""
    one_head = matmul_flops(tokens, head_dim, tokens) + matmul_flops(tokens, tokens, head_dim)
    flops = one_head * heads * batch * layers
    memory = batch * heads * tokens * tokens * bytes_per_element / (1024 ** 2)
    return {"flops": flops, "memory_bytes": memory}
