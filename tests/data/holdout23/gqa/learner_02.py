import math

import torch


def grouped_query_attention(q, k, v, causal=False):
    # Step 1: shapes and the group size (query heads per KV head).
    B, n_q_heads, Tq, d = q.shape
    n_kv_heads, Tk = k.shape[1], k.shape[2]
    group = n_q_heads // n_kv_heads
    # Step 2: query head j reads KV head j // group.
    kv_index = torch.arange(n_q_heads) // group
    k_full = k[:, kv_index]
    v_full = v[:, kv_index]
    # Step 3: scaled scores (B, Hq, Tq, Tk).
    scores = torch.matmul(q, k_full.transpose(-1, -2)) / math.sqrt(d)
    # Step 4: bottom-right causal mask: query i sees keys j <= i + Tk - Tq.
    if causal:
        i = torch.arange(Tq).unsqueeze(1)
        j = torch.arange(Tk).unsqueeze(0)
        scores = scores.masked_fill(j >= i + (Tk - Tq), float("-inf"))
    # Step 5: softmax with the row max removed; a row with no key gives zeros.
    row_max = scores.amax(dim=-1, keepdim=True)
    row_max = torch.nan_to_num(row_max, neginf=0.0)
    probs = torch.exp(scores - row_max)
    probs = probs / probs.sum(dim=-1, keepdim=True)
    # Step 6: weighted sum of the values.
    return torch.matmul(probs, v_full)
