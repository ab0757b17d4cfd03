import torch


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    """Attention FLOPs and memory: see TASK.md."""
    B, L, h, d_k, n = batch, layers, heads, head_dim, tokens
    # S = Q K^T : (n x d_k)(d_k x n), 2 n^2 d_k FLOPs per head
    flops_scores = 2 * n * n * d_k
    # Attention(Q,K,V) = softmax(S) V : (n x n)(n x d_v), 2 n^2 d_v FLOPs per head, d_v = d_k
    flops_values = 2 * n * n * d_k
    flops = B * L * h * flops_scores
    # one layer's softmax(S) for every head: B h n^2 elements
    memory_bytes = B * h * n * d_k * bytes_per_element
    return {"flops": flops, "memory_bytes": memory_bytes}
