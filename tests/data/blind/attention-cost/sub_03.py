import torch


def matmul_flops(m, k, n):
    return 2 * m * k * n


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    per_head = matmul_flops(tokens, head_dim, tokens) + matmul_flops(tokens, tokens, head_dim)
    total = per_head * heads * batch * layers
    scores = torch.Size([batch, heads, tokens, tokens]).numel()
    return {"flops": total, "memory_bytes": scores * bytes_per_element}
